"""Broken data files: an empty image and a cut MindRecord file are errors that name the file
(MindSpore 2.10: "The corresponding data file is: ... Image file size is 0.")."""

import os

import cv2
import numpy as np
import pytest

import deepsink as ms
import deepsink.dataset as ds
import deepsink.dataset.vision as vision
from deepsink import nn
from deepsink.mindrecord import FileReader, FileWriter


@pytest.fixture
def folder(tmp_path):
    """Class folder ``a`` with a good 8x8 JPEG and an empty ``empty.jpg`` (read first)."""
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "empty.jpg").write_bytes(b"")
    cv2.imwrite(str(tmp_path / "a" / "good.jpg"), np.full((8, 8, 3), 90, np.uint8))
    return tmp_path


def _names_the_empty_file(excinfo, folder):
    text = str(excinfo.value)
    assert str(folder / "a" / "empty.jpg") in text and "Image file size is 0" in text, text
    assert "Assertion failed" not in text


@pytest.mark.parametrize("op", [vision.Decode(), vision.RandomCropDecodeResize(4)])
def test_empty_jpeg_in_a_map_names_the_file(folder, op):
    data = ds.ImageFolderDataset(str(folder), shuffle=False).map(op, "image")
    with pytest.raises(RuntimeError) as excinfo:
        list(data.create_dict_iterator(output_numpy=True))
    assert "The corresponding data file is" in str(excinfo.value)
    _names_the_empty_file(excinfo, folder)


def test_empty_jpeg_with_decode_true_names_the_file(folder):
    data = ds.ImageFolderDataset(str(folder), shuffle=False, decode=True)
    with pytest.raises(RuntimeError, match=r"Invalid image, .*empty.jpg decode failed") as excinfo:
        list(data.create_dict_iterator(output_numpy=True))
    _names_the_empty_file(excinfo, folder)


@pytest.mark.parametrize("decode_in", ["map", "source", "crop"])
def test_a_jpeg_cut_in_half_decodes_what_is_there(tmp_path, decode_in):
    """MindSpore's libjpeg-turbo decodes a cut JPEG as far as the data goes (the rest mid-grey),
    in a pipeline as with ``decode=True``; no OpenCV release decides it."""
    (tmp_path / "a").mkdir()
    img = np.random.default_rng(0).integers(0, 256, (64, 48, 3), dtype=np.uint8)
    whole = cv2.imencode(".jpg", img)[1].tobytes()
    (tmp_path / "a" / "cut.jpg").write_bytes(whole[: len(whole) // 2])
    if decode_in == "source":
        data = ds.ImageFolderDataset(str(tmp_path), decode=True)
    else:
        op = vision.Decode() if decode_in == "map" else vision.RandomCropDecodeResize(64, (1, 1))
        data = ds.ImageFolderDataset(str(tmp_path)).map(op, "image")
    (row,) = list(data.create_dict_iterator(output_numpy=True))
    out = row["image"]
    assert out.shape[:2] == (64, 48) or decode_in == "crop"
    ref = cv2.imdecode(np.frombuffer(whole, np.uint8), cv2.IMREAD_COLOR)[..., ::-1]
    if decode_in != "crop":
        np.testing.assert_allclose(out[:8].astype(int), ref[:8].astype(int), atol=0)
        assert (out[-1] == 128).all()


def test_decode_of_empty_bytes_says_so():
    with pytest.raises(ValueError, match=r"For 'Decode', Image file size is 0."):
        vision.Decode()(np.zeros(0, np.uint8))


def test_empty_jpeg_in_sink_training_names_the_file(folder):
    data = ds.ImageFolderDataset(str(folder), shuffle=False, decode=True)
    data = data.map([vision.Resize((4, 4)), vision.HWC2CHW()], "image").batch(1)

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(48, 2)

        def construct(self, x):
            return self.dense(x.reshape((x.shape[0], -1)).astype(ms.float32))

    net = Net()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = ms.Model(net, loss, nn.SGD(net.trainable_params(), 0.1))
    with pytest.raises(RuntimeError) as excinfo:
        model.train(1, data, dataset_sink_mode=True)
    _names_the_empty_file(excinfo, folder)


def _mindrecord(tmp_path):
    path = str(tmp_path / "rows.mindrecord")
    w = FileWriter(path)
    w.add_schema({"label": {"type": "int32"}, "data": {"type": "float32", "shape": [4]}})
    w.write_raw_data([{"label": i, "data": np.full(4, i, np.float32)} for i in range(20)])
    w.commit()
    return path


def test_cut_mindrecord_file_is_refused_naming_the_file(tmp_path):
    path = _mindrecord(tmp_path)
    with open(path, "r+b") as f:
        f.truncate(os.path.getsize(path) - 100)
    message = rf"Invalid file, the MindRecord file '{path}' is truncated: it has \d+ bytes, but row"
    with pytest.raises(RuntimeError, match=message):
        ds.MindDataset(path, shuffle=False)
    with pytest.raises(RuntimeError, match=message):
        FileReader(path)


def test_damaged_mindrecord_row_names_the_file_and_row(tmp_path):
    path = _mindrecord(tmp_path)
    reader = FileReader(path)
    shard = reader._shards[0]
    raw_page, raw_start = shard.index[3][0], shard.index[3][1]
    with open(path, "r+b") as f:  # row 3's raw entry claims more bytes than it has
        f.seek(shard._offset(raw_page, raw_start))
        f.write((2**40).to_bytes(8, "little"))
    with pytest.raises(RuntimeError, match=rf"'{path}' is truncated or damaged: row 3 at byte \d+"):
        list(FileReader(path).get_next())
    rows = list(
        ds.MindDataset(path, shuffle=False, num_samples=3).create_dict_iterator(output_numpy=True)
    )
    assert [int(r["label"]) for r in rows] == [0, 1, 2]
