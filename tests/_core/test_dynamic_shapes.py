"""Dynamic input shapes: ``Cell.set_inputs`` with None and ``Symbol`` dimensions checks each
compiled call's inputs with MindSpore 2.10's rules and messages (recorded from MindSpore 2.10's
GRAPH_MODE), and the programs compiled per input shape are counted, with a warning that names the
shapes past ``RECOMPILE_WARN_AFTER`` (Cells, jit functions, sink loops)."""

import re
import warnings

import numpy as np
import pytest
from cellkit import ArrayDataset, Linear, SGDTrain

import deepsink as ms
from deepsink import nn
from deepsink._compile import dynamic_shapes
from deepsink._compile import jit as _jit
from deepsink.train.sink.session import SinkSession

AFTER = dynamic_shapes.RECOMPILE_WARN_AFTER


def _ones(*shape, dtype=np.float32):
    return ms.Tensor(np.ones(shape, dtype))


@pytest.fixture
def graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


def test_set_inputs_none_dimension_takes_any_size(graph_mode):
    net = nn.Dense(2, 1)
    net.set_inputs(ms.Tensor(shape=[None, 2], dtype=ms.float32))
    assert net(_ones(3, 2)).shape == (3, 1)
    assert net(_ones(5, 2)).shape == (5, 1)


@pytest.mark.parametrize(
    ("x", "error", "message"),
    [
        (_ones(3, 4), ValueError, "For set_inputs and tuple(list) in set_inputs, the shape of 1th "
         "input must be the same as expected, but got expected: 2, and input: 4!"),
        (_ones(3, 2, 1), ValueError, "For set_inputs and tuple(list) in set_inputs, the dims of "
         "1th input must be the same as expected, but got expected: 2, and input: 3!"),
        (_ones(3, 2, dtype=np.int32), TypeError, "For set_inputs or tuple(list) in set_inputs, "
         "the 1th type should be Tensor[Float32], but got Tensor[Int32]!"),
    ],
)  # fmt: skip
def test_set_inputs_mismatch_raises_mindspores_error(graph_mode, x, error, message):
    net = nn.Dense(2, 1)
    net.set_inputs(ms.Tensor(shape=[None, 2], dtype=ms.float32))
    with pytest.raises(error, match=re.escape(message)):
        net(x)


@pytest.mark.parametrize(
    ("symbol", "rows", "message"),
    [
        (ms.Symbol(max=8, min=4), 2, "The 1th shape value of 1th actual input args must be greater "
         "than or equal to the 'min' value '4' of `Symbol`, but got '2'. Actual shape: [2, 2], "
         "axis: 0."),
        (ms.Symbol(max=8, divisor=2), 10, "The 1th shape value of 1th actual input args must be "
         "less than or equal to the 'max' value '8' of `Symbol`, but got '10'. Actual shape: "
         "[10, 2], axis: 0."),
        (ms.Symbol(max=8, divisor=2), 3, "The 1th shape value of 1th actual input args must match "
         "the 'divisor'(d) and 'remainder'(d) of `Symbol`. The value should be 'd * N + r' for "
         "'N > 0', got d=2 and r=0, but actual shape value is '3'. Actual shape: [3, 2], axis: 0."),
    ],
)  # fmt: skip
def test_symbol_bounds_are_checked(graph_mode, symbol, rows, message):
    net = nn.Dense(2, 1)
    net.set_inputs(ms.Tensor(shape=[symbol, 2], dtype=ms.float32))
    assert net(_ones(4, 2)).shape == (4, 1)
    with pytest.raises(ValueError, match=re.escape(message)):
        net(_ones(rows, 2))


def test_symbol_dimension_makes_a_placeholder():
    t = ms.Tensor(shape=[ms.Symbol(max=8), 2], dtype=ms.float32)
    assert t.shape == (-1, 2)


def test_cell_recompiles_are_counted_and_named_past_the_threshold(graph_mode):
    net = nn.Dense(2, 1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for rows in range(1, AFTER + 1):
            net(_ones(rows, 2))
            net(_ones(rows, 2))  # a shape seen before compiles nothing
    assert net._shape_compiles.count == AFTER
    with pytest.warns(UserWarning) as caught:
        net(_ones(AFTER + 1, 2))
        net(_ones(AFTER + 2, 2))  # once
    (w,) = caught
    text = str(w.message)
    assert f"For 'Dense', {AFTER + 1} programs were compiled for {AFTER + 1} input shapes" in text
    assert "[(1, 2)]; [(2, 2)]" in text and f"[({AFTER + 1}, 2)]" in text
    assert "each new input shape compiles a new program" in text
    assert w.filename == __file__


def test_set_inputs_compiles_one_program_per_bucket_and_names_them_past_the_threshold(graph_mode):
    net = nn.Dense(2, 1)
    net.set_inputs(ms.Tensor(shape=[None, 2], dtype=ms.float32))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for rows in range(1, AFTER + 2):  # 9 sizes, 2 buckets (8 and 16)
            net(_ones(rows, 2))
    assert net._shape_compiles.count == 2
    with pytest.warns(UserWarning, match="set_inputs declares dynamic dimensions: each input is "
                                         "padded to its bucket"):  # fmt: skip
        for k in range(5, 5 + AFTER):  # buckets 32, 64, ...
            net(_ones(2**k, 2))


def test_jit_function_recompiles_are_named():
    @ms.jit
    def double(x):
        return x * 2

    with pytest.warns(UserWarning, match=r"For 'double', 9 programs were compiled for 9 input "
                                         r"shapes \(\[\(1,\)\]; \[\(2,\)\]"):  # fmt: skip
        for n in range(1, AFTER + 2):
            double(_ones(n))


def test_sink_chunk_shapes_are_counted_and_named():
    class Varying(ArrayDataset):  # batch k has k rows
        def create_tuple_iterator(self, num_epochs=-1, do_copy=True):
            for rows in range(1, 13):
                yield self.x[0][:rows], self.y[0][:rows]

    train = SGDTrain(Linear(3, 2))
    session = SinkSession(train, _jit.state_of(train), Varying(batch=12), iter([1] * 12),
                          _jit.CompileCache())  # fmt: skip
    with session, pytest.warns(UserWarning) as caught:
        for _ in range(12):
            session.run()
    (w,) = caught
    assert re.match(r"For 'sink of \w+', 9 programs were compiled for 9 chunk shapes "
                    r"\(\[\(1, 1, 3\), \(1, 1, 2\)\]; \[\(1, 2, 3\), \(1, 2, 2\)\]", str(w.message))  # fmt: skip
    assert session.loop.compiles.count == 12
