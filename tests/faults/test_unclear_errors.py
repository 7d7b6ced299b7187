"""Errors that used to mislead (issue 23, items 9-13): each names the argument or file, the value
and the fix, with MindSpore's exception type; where MindSpore carries on, so does deepsink."""

import json
import os
import warnings

import numpy as np
import pytest

import deepsink as ms
import deepsink.dataset as ds
from deepsink import Tensor, context, nn
from deepsink._compile import print_file
from deepsink.dataset.engine import tfrecord

COCO_IMAGES = os.path.join(
    os.path.dirname(os.path.dirname(__file__)), "fixtures", "ms", "coco", "images"
)


# --- item 9: print_file_path where no file can be written --------------------------------------
def test_print_file_path_under_a_file_is_refused_when_set(tmp_path):
    (tmp_path / "notes").write_text("a file, not a folder")
    bad = str(tmp_path / "notes" / "print.pb")
    with pytest.raises(ValueError, match=r"'print_file_path'.*notes.*is a file, not a folder"):
        ms.set_context(print_file_path=bad)
    assert context.get_context("print_file_path") is None


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_print_file_path_in_a_read_only_folder_is_refused_when_set(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(ValueError, match=r"'print_file_path'.*no file can be written"):
            ms.set_context(print_file_path=str(folder / "print.pb"))
    finally:
        folder.chmod(0o700)


def test_print_file_path_in_a_missing_folder_is_accepted(tmp_path):
    ms.set_context(print_file_path=str(tmp_path / "new" / "print.pb"))
    assert context.get_context("print_file_path") == str(tmp_path / "new" / "print.pb")


# --- item 10: save_graphs_path naming an existing file -----------------------------------------
def test_save_graphs_path_naming_a_file_trains_on_with_a_warning(tmp_path):
    existing = tmp_path / "model.ms"
    existing.write_text("not a folder")
    ms.set_context(mode=ms.GRAPH_MODE, save_graphs=1, save_graphs_path=str(existing))
    net = nn.Dense(3, 2)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params()))
    x, y = Tensor(np.ones((4, 3), np.float32)), Tensor(np.zeros((4, 2), np.float32))
    with pytest.warns(UserWarning, match=r"'save_graphs_path'.*model\.ms.*existing file"):
        first = float(step(x, y).asnumpy())
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # warned once, not per program
        second = float(step(x, y).asnumpy())
    assert second < first  # MindSpore trains on
    assert existing.read_text() == "not a folder"


# --- item 11: parse_print on a damaged file or a checkpoint -------------------------------------
def test_parse_print_names_a_malformed_file_and_item(tmp_path):
    msg = print_file.PrintProto()
    msg.value.add().desc = "loss"
    t = msg.value.add().tensor
    t.dims.extend([2, 3])
    t.tensor_type = "Float32"
    t.tensor_content = np.zeros(5, np.float32).tobytes()  # 5 values for a 2x3 tensor
    path = tmp_path / "damaged.pb"
    path.write_bytes(msg.SerializeToString())
    with pytest.raises(ValueError, match=r"item 1 of '.*damaged\.pb' is malformed.*\[2, 3\]"):
        ms.parse_print(str(path))


def test_parse_print_refuses_a_checkpoint(tmp_path):
    path = tmp_path / "net.ckpt"
    ms.save_checkpoint(nn.Dense(3, 2), str(path))
    with pytest.raises(ValueError, match=r"net\.ckpt' is a checkpoint file.*load_checkpoint"):
        ms.parse_print(str(path))


# --- item 12: CocoDataset with a malformed annotation file --------------------------------------
def _coco(tmp_path, doc):
    path = tmp_path / "ann.json"
    path.write_text(json.dumps(doc))
    data = ds.CocoDataset(COCO_IMAGES, str(path), task="Detection", shuffle=False)
    return data, str(path)


GOOD_IMAGE = {"id": 1, "file_name": "a.jpg"}
GOOD_ANN = {"id": 1, "image_id": 1, "category_id": 1, "iscrowd": 0, "bbox": [0, 0, 2, 2]}
CATS = [{"id": 1, "name": "thing"}]


@pytest.mark.parametrize(
    "doc, what",
    [
        (
            {
                "images": [GOOD_IMAGE],
                "annotations": [dict(GOOD_ANN, bbox=None)],
                "categories": CATS,
            },
            None,
        ),
        (
            {
                "images": [GOOD_IMAGE],
                "annotations": [{k: v for k, v in GOOD_ANN.items() if k != "bbox"}],
                "categories": CATS,
            },
            "the attribute of 'bbox' is missing in the node of 'annotations'",
        ),
        (
            {"images": [{"id": 1}], "annotations": [GOOD_ANN], "categories": CATS},
            "the attribute of 'file_name' is missing in the node of 'images'",
        ),
        (
            {"images": [GOOD_IMAGE], "annotations": [7], "categories": CATS},
            "an entry of 'annotations' is a JSON int, not an object",
        ),
        (
            {"images": [GOOD_IMAGE], "annotations": [GOOD_ANN], "categories": [{"id": 1}]},
            "the attribute of 'name' is missing in the node of 'categories'",
        ),
        (
            {
                "images": [GOOD_IMAGE],
                "annotations": [dict(GOOD_ANN, bbox=[1, 2, 3])],
                "categories": CATS,
            },
            "do not have the 'Detection' layout",
        ),
    ],
    ids=["bbox-null", "no-bbox", "no-file_name", "not-an-object", "no-category-name", "bbox-of-3"],
)
def test_coco_names_the_missing_attribute_and_the_file(tmp_path, doc, what):
    data, path = _coco(tmp_path, doc)
    with pytest.raises(RuntimeError) as e:
        list(data.create_tuple_iterator(output_numpy=True))
    msg = str(e.value)
    assert "Invalid annotation" in msg and path in msg, msg
    if what is not None:
        assert what in msg, msg


# --- item 13: TFRecordDataset records that are not Examples -------------------------------------
def test_tfrecord_names_the_file_and_record_that_is_not_an_example(tmp_path):
    path = str(tmp_path / "mixed.tfrecord")
    good = tfrecord.serialize_example({"x": [1, 2]})
    tfrecord.write_records(path, [good, b"\x0a\x05ab"])  # a field longer than the record
    data = ds.TFRecordDataset(path, shuffle=False)
    with pytest.raises(RuntimeError, match=r"mixed\.tfrecord'.*record 1 .*not a serialized tf"):
        list(data.create_tuple_iterator(output_numpy=True))
