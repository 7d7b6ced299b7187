"""Print into print_file_path (MindSpore's print.proto) and parse_print, in every mode and sunk."""

import os
import re
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import context, nn, ops

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "print_file"


class Printer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.print = ops.Print()
        self.dense = nn.Dense(2, 1)

    def construct(self, x, y):
        self.print("step x:", x, "label", y)
        return self.dense(x)


class SumLoss(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def construct(self, x, y):
        return self.net(x, y).sum()


def _dataset(n):
    import deepsink.dataset as ds

    def gen():
        for i in range(n):
            yield np.full(2, i, np.float32), np.array(i, np.int32)

    return ds.GeneratorDataset(gen, ["x", "y"], shuffle=False).batch(1)


def _as_python(items):
    return [x if isinstance(x, str) else x.asnumpy() for x in items]


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_print_goes_to_the_file_not_the_screen(tmp_path, capfd, mode):
    path = tmp_path / "print.pb"
    ms.set_context(mode=mode, print_file_path=str(path))
    x = np.array([[1, 2, 3, 4], [5, 6, 7, 8]], np.float32)
    net = Printer()
    net(ms.Tensor(x[:, :2]), ms.Tensor(np.int32(7)))
    ops.print_("print:", ms.Tensor(x))
    assert capfd.readouterr().out == ""
    items = ms.parse_print(str(path))
    assert [type(i).__name__ for i in items] == ["str", "Tensor", "str", "Tensor", "str", "Tensor"]
    assert items[0] == "step x:" and items[2] == "label" and items[4] == "print:"
    np.testing.assert_array_equal(items[1].asnumpy(), x[:, :2])
    assert items[3].shape == () and int(items[3].asnumpy()) == 7
    np.testing.assert_array_equal(items[5].asnumpy(), x)
    assert items[5].dtype == ms.float32 and items[5].shape == (2, 4)


@pytest.mark.parametrize("strategy", ["scan", "steps"])
def test_every_sunk_step_prints_in_order(tmp_path, capfd, strategy):
    path = tmp_path / "print.pb"
    ms.set_context(mode=ms.GRAPH_MODE, print_file_path=str(path), sink_strategy=strategy)
    net = Printer()
    model = ms.Model(nn.TrainOneStepCell(SumLoss(net), nn.SGD(net.trainable_params(), 0.1)))
    model.train(2, _dataset(6), dataset_sink_mode=True, sink_size=3)
    assert capfd.readouterr().out == ""
    items = _as_python(ms.parse_print(str(path)))
    assert len(items) == 4 * 6
    assert items[0::4] == ["step x:"] * 6 and items[2::4] == ["label"] * 6
    assert [float(a[0, 0]) for a in items[1::4]] == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
    assert [int(a[0]) for a in items[3::4]] == [0, 1, 2, 3, 4, 5]


def test_sunk_print_to_screen_prints_every_step_in_order(capfd):
    ms.set_context(mode=ms.GRAPH_MODE)
    net = Printer()
    model = ms.Model(nn.TrainOneStepCell(SumLoss(net), nn.SGD(net.trainable_params(), 0.1)))
    model.train(1, _dataset(5), dataset_sink_mode=True)
    out = capfd.readouterr().out
    labels = [re.search(r"value=\s*\[(\d+)\]", ln)[1] for ln in out.splitlines() if "Int32" in ln]
    assert out.count("step x:") == 5
    assert labels == ["0", "1", "2", "3", "4"]


def test_existing_file_gets_a_timestamp_suffix(tmp_path):
    path = tmp_path / "print.pb"
    path.write_bytes(b"")
    ms.set_context(print_file_path=str(path))
    chosen = ms.get_context("print_file_path")
    assert chosen.startswith(str(path) + ".") and chosen[len(str(path)) + 1 :].isdigit()
    ops.print_("x")
    assert path.read_bytes() == b"" and ms.parse_print(chosen) == ["x"]


def test_print_file_path_errors(tmp_path):
    with pytest.raises(OSError, match="print_file_path"):
        context.set_context(print_file_path=str(tmp_path))
    with pytest.raises(TypeError, match="print_file_path"):
        context.set_context(print_file_path=3)


def test_parse_print_errors(tmp_path):
    with pytest.raises(ValueError, match="does not exist"):
        ms.parse_print(str(tmp_path / "missing.pb"))
    (tmp_path / "empty.pb").write_bytes(b"")
    with pytest.raises(ValueError, match="empty"):
        ms.parse_print(str(tmp_path / "empty.pb"))
    (tmp_path / "bad.pb").write_bytes(b"\xff\xff\xff\xff not a protobuf")
    with pytest.raises(ValueError, match="not a Print file"):
        ms.parse_print(str(tmp_path / "bad.pb"))


def test_reads_a_file_serialized_by_mindspores_print_proto():
    """The fixture was written with MindSpore's own print_pb2 (scripts/record_print_fixture.py)."""
    items = ms.parse_print(str(FIXTURES / "mindspore_print.pb"))
    expected = np.load(FIXTURES / "mindspore_print_expected.npz")
    assert len(items) == len(expected.files)
    for item, key in zip(items, sorted(expected.files)):
        want = expected[key]
        if key.endswith("_str"):
            assert item == str(want)
        else:
            got = item.asnumpy()
            assert got.dtype == want.dtype and got.shape == want.shape
            np.testing.assert_array_equal(got, want)


def test_written_bytes_follow_print_proto(tmp_path):
    """Field numbers and types of MindSpore's print.proto, checked on the wire."""
    from deepsink._compile import print_file

    data = print_file.encode(["a", np.array([1.0], np.float32)])
    # Print.value (field 1, length-delimited) -> Value.desc (field 1, string "a")
    assert data[:5] == bytes([0x0A, 3, 0x0A, 1, ord("a")])
    msg = print_file.PrintProto.FromString(data)
    t = msg.value[1].tensor
    assert list(t.dims) == [1] and t.tensor_type == "Float32"
    assert t.tensor_content == np.float32(1.0).tobytes()
    assert os.path.basename(print_file.PrintProto.DESCRIPTOR.file.name) == "print.proto"
