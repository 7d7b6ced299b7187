"""Behaviour MindSpore's own test files check of ``MaskedSelect`` gradients (also in GRAPH_MODE),
``CTCLoss`` with sparse labels (built on the device, its kernel's label rule and errors), the
``qint4x2`` (Int4) dtype in Tensors and checkpoints, ``WeightQuantBatchMatmul`` and
``mutable(..., dynamic_len=True)`` inside compiled functions:
``scripts/record_graph_parity_fixtures.py`` records MindSpore 2.10's result (dtype, shape, values)
or exception (type, first words) for each case, and ``tests/ops/test_graph_parity.py`` replays
them on deepsink. ``ms`` is ``mindspore`` or ``deepsink``."""

from __future__ import annotations

import json
import os
import struct
import tempfile

import numpy as np

MESSAGES = 90  # the first characters of an exception's message that are recorded


def _masked_select_cases(ms, out: dict) -> None:
    C, P, nn = ms.ops.composite, ms.ops.operations, ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.op = P.MaskedSelect()

        def construct(self, x, mask):
            return self.op(x, mask)

    class Grad(nn.Cell):
        def __init__(self, network):
            super().__init__()
            self.grad = C.GradOperation(get_all=True, sens_param=True)
            self.network = network

        def construct(self, x, mask, dy):
            return self.grad(self.network)(x, mask, dy)

    mask = ms.Tensor(np.array([[0], [1], [0], [1]], np.bool_))

    def grad(dtype, mode, dynamic=False):
        def run():
            ms.set_context(mode=mode)
            x = ms.Tensor(np.array([1, 2, 3, 4], dtype))
            dy = ms.Tensor(np.arange(8).astype(dtype))
            net = Grad(Net())
            if dynamic:
                net.set_inputs(ms.Tensor(shape=[None], dtype=x.dtype), mask, dy)
            return net(x, mask, dy)

        return run

    for mode_name, mode in (("graph", ms.GRAPH_MODE), ("pynative", ms.PYNATIVE_MODE)):
        for dtype in (np.int32, np.float32, np.float64):
            out[f"masked_select_grad_{dtype.__name__}_{mode_name}"] = grad(dtype, mode)
    out["masked_select_grad_dynamic_shape_graph"] = grad(np.int32, ms.GRAPH_MODE, True)


def _ctc_cases(ms, out: dict) -> None:
    P, nn = ms.ops.operations, ms.nn

    rng = np.random.RandomState(0)
    x = ms.Tensor(rng.randn(4, 3, 5).astype(np.float32))

    def ctc(idx, vals, seq, **kw):
        return lambda: P.CTCLoss(**kw)(
            x,
            ms.Tensor(np.array(idx, np.int64).reshape(-1, 2)),
            ms.Tensor(np.array(vals, np.int32)),
            ms.Tensor(np.array(seq, np.int32)),
        )

    idx = [[0, 0], [0, 1], [1, 0], [2, 0], [2, 1]]
    out["ctc_positions_not_read"] = ctc(
        [[0, 1], [0, 0], [1, 0], [2, 0], [2, 1]], [1, 2, 3, 1, 1], [4, 4, 4]
    )
    out["ctc_rows_counted_not_sorted"] = ctc(
        [[1, 0], [0, 0], [0, 1], [2, 0], [2, 1]], [1, 2, 3, 1, 1], [4, 4, 4]
    )
    out["ctc_collapse_in_value_order"] = ctc(
        [[0, 2], [0, 0], [0, 1], [1, 0], [2, 0]],
        [1, 1, 2, 3, 1],
        [4, 4, 4],
        preprocess_collapse_repeated=True,
    )
    out["ctc_blank_last_dropped"] = ctc(idx, [1, 4, 3, 1, 1], [4, 4, 4])
    out["ctc_blank_then_label"] = ctc(idx, [4, 1, 3, 1, 1], [4, 4, 4])
    toolong = [[0, 0], [0, 1], [0, 2], [1, 0], [2, 0]]
    out["ctc_too_long"] = ctc(toolong, [1, 2, 3, 3, 1], [2, 4, 4])
    # (2.10's gradient after a sequence's length is left unwritten: compared up to it)
    ignored = ctc(toolong, [1, 2, 3, 3, 1], [2, 4, 4], ignore_longer_outputs_than_inputs=True)
    out["ctc_too_long_ignored"] = lambda: (lambda r: (r[0], r[1][:2]))(ignored())
    # one label count (one compiled program) for the error cases too
    out["ctc_bad_row"] = ctc([[0, 0], [0, 1], [1, 0], [2, 0], [5, 0]], [1, 2, 3, 1, 1], [4, 4, 4])
    out["ctc_zero_length"] = ctc(idx, [1, 2, 3, 1, 1], [0, 4, 4])
    out["ctc_length_past_max_time"] = ctc(idx, [1, 2, 3, 1, 1], [5, 4, 4])

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.loss = P.CTCLoss()
            self.mean = P.ReduceMean()

        def construct(self, probs, label, input_length, indices):
            return self.mean(self.loss(probs, indices, label, input_length)[0])

    def graph(fn):
        def run():
            ms.set_context(mode=ms.GRAPH_MODE)
            return fn()

        return run

    args = (
        x,
        ms.Tensor(np.array([1, 2, 3, 1, 1], np.int32)),
        ms.Tensor(np.array([4, 4, 4], np.int32)),
        ms.Tensor(np.array(idx, np.int64)),
    )
    net = Net()  # one Cell, one compiled program for the two calls
    out["ctc_graph_net"] = graph(lambda: net(*args))
    bad = (
        args[0],
        args[1],
        ms.Tensor(np.array([2, 4, 4], np.int32)),
        ms.Tensor(np.array(toolong, np.int64)),
    )
    out["ctc_graph_net_too_long"] = graph(lambda: net(*bad))


def _qint4_cases(ms, out: dict) -> None:
    nn = ms.nn

    mstype = ms.common.dtype
    values = np.arange(-4, 4).reshape(2, 4).astype(np.float16)

    class Net(nn.Cell):
        def __init__(self, dtype, bias_dtype=mstype.float32):
            super().__init__()
            self.weight = ms.Parameter(ms.Tensor(values, dtype=dtype))
            self.b = ms.Parameter(ms.Tensor(np.ones([2]), bias_dtype))

    def names():
        t = ms.Tensor(values, dtype=mstype.qint4x2)
        return [
            repr(mstype.qint4x2),
            str(t.dtype),
            str(t.asnumpy().dtype),
            isinstance(mstype.qint4x2, mstype.Int),
        ]

    out["qint4x2_names"] = names
    out["qint4x2_values"] = lambda: ms.Tensor(np.array([[1.5, 7, -8, -2.7]]), dtype=mstype.qint4x2)

    def saved(fmt, **kw):
        def run():
            with tempfile.TemporaryDirectory() as d:
                path = os.path.join(d, "w." + fmt)
                ms.save_checkpoint(Net(mstype.qint4x2), path, format=fmt, **kw)
                raw = open(path, "rb").read()
                loaded = ms.load_checkpoint(path, format=fmt, **kw)["weight"]
            got = [str(loaded.dtype), loaded.asnumpy().tolist()]
            if fmt == "safetensors":
                n = struct.unpack("<Q", raw[:8])[0]
                header = json.loads(raw[8 : 8 + n])
                meta = header.pop("__metadata__")
                got += [sorted(meta.items()), header["weight"], raw[8 + n :].hex()]
            return got

        return run

    out["qint4x2_safetensors"] = saved("safetensors")
    out["qint4x2_safetensors_crc"] = saved("safetensors", crc_check=True)
    out["qint4x2_ckpt"] = saved("ckpt")

    def into(dtype, bias_dtype, strict):
        def run():
            with tempfile.TemporaryDirectory() as d:
                path = os.path.join(d, "w.safetensors")
                ms.save_checkpoint(Net(mstype.qint4x2), path, format="safetensors")
                net = Net(dtype, bias_dtype)
                ms.load_checkpoint(path, net=net, format="safetensors", strict_load=strict)
            return [str(net.weight.dtype), net.weight.asnumpy().tolist()]

        return run

    out["qint4x2_into_int8_strict"] = into(mstype.int8, mstype.float32, True)
    out["qint4x2_into_int8"] = into(mstype.int8, mstype.float32, False)
    out["qint4x2_into_float16_bias_strict"] = into(mstype.qint4x2, mstype.float16, True)

    def wqbmm():
        op = ms.ops.auto_generate.WeightQuantBatchMatmul(False, False, 0)
        x = ms.Tensor(np.ones((2, 2), np.float16))
        w = ms.Tensor(np.ones((2, 2)), dtype=mstype.qint4x2)
        scale, offset = ms.Tensor([0.1], mstype.float16), ms.Tensor([-4.0], mstype.float16)
        return op(x, w, scale, offset, None, None, None)

    out["weight_quant_batch_matmul_call"] = wqbmm


def _mutable_cases(ms, out: dict) -> None:
    F = ms.ops.functional

    mutable, jit, T = ms.mutable, ms.jit, ms.Tensor

    def graph(fn):
        def run():
            ms.set_context(mode=ms.GRAPH_MODE)
            return fn()

        return run

    @jit
    def mixed_numbers():
        return mutable((1, 2.0), True)

    @jit
    def bool_then_int():
        return mutable([True, 1], True)

    @jit
    def int_then_bool():
        return mutable([1, True], True)

    @jit
    def length_is_variable():
        x = mutable((T([1]), T([2])), True)
        y = mutable((T([1]), T([2])))
        return F.isconstant(len(x)), F.isconstant(len(y)), len(x) + 1

    @jit
    def length_of_argument(x):
        return len(x), F.isconstant(len(x)), len(x) * 2

    out["mutable_dyn_bool_then_int"] = graph(bool_then_int)
    out["mutable_dyn_int_then_bool"] = graph(int_then_bool)
    out["mutable_dyn_length_is_variable"] = graph(length_is_variable)
    out["mutable_dyn_length_of_argument"] = graph(
        lambda: length_of_argument(mutable([1, 2, 3], True))
    )

    @jit
    def tensor_dtypes():
        return mutable([T([1.0]), T([1])], True)

    @jit
    def tensor_ranks():
        return mutable([T([1]), T([[1]])], True)

    @jit
    def tuple_types():
        return mutable(((1, 2), (1.0, 2.0)), True)

    @jit
    def list_and_tuple():
        return mutable([[1], (1,)], True)

    @jit
    def number_and_tensor():
        return mutable((1, T([1, 2, 3]), 2.0), True)

    @jit
    def tuples_of_other_lengths():
        return mutable(((1, 2, 3), (1, 2)), True)

    @jit
    def setitem_float():
        x = mutable([1, 2, 3, 4], True)
        x[3] = 10.0
        return x

    @jit
    def setitem_shape():
        x = mutable([T([1.0]), T([2.0])], True)
        x[0] = T([[1.0, 2.0]])
        return x

    @jit
    def append_dtype():
        x = mutable([T([1.0])], True)
        x.append(T([1]))
        return x

    @jit
    def append_shorter_tuple():
        x = mutable([(1, 2, 3), (4, 5, 6)], True)
        x.append((1, 2))
        return x

    @jit
    def set_and_append():
        x = mutable([1, 2, 3], True)
        x[0] = 5
        y = mutable([T([1.0])], True)
        y.append(T([2.0]))
        return x, y, x[1] + 1

    @jit
    def to_constant_length():
        return mutable(mutable((1, 2, 3), True))

    @jit
    def empty_then_append():
        x = mutable([], True)
        x.append(1)
        x.append(2)
        return x, F.is_dynamic_sequence_element_unknown(mutable([], True))

    @jit
    def element_unknown_of_constant():
        return F.is_dynamic_sequence_element_unknown([])

    @jit
    def queries(x):
        return F.is_sequence_value_unknown(x), F.is_sequence_shape_unknown(x), F.isconstant(x[0])

    @jit
    def total(x):
        return x[0] + x[-1]

    for f in (mixed_numbers, tensor_dtypes, tensor_ranks, tuple_types, list_and_tuple,
              number_and_tensor, tuples_of_other_lengths, setitem_float, setitem_shape,
              append_dtype, append_shorter_tuple, set_and_append, to_constant_length,
              empty_then_append, element_unknown_of_constant):  # fmt: skip
        out[f"mutable_dyn_{f.__name__}"] = graph(f)
    tensors = [T([1.0]), T([2.0])]
    out["mutable_dyn_queries_dynamic"] = graph(lambda: queries(mutable(tensors, True)))
    out["mutable_dyn_queries_mutable"] = graph(lambda: queries(mutable(tensors)))
    out["mutable_dyn_queries_constant"] = graph(lambda: queries([1, 2]))
    out["mutable_dyn_queries_dynamic_ints"] = graph(lambda: queries(mutable([1, 2], True)))
    out["mutable_dyn_argument_lengths"] = graph(
        lambda: [
            total(mutable([T([1.0]), T([2.0])], True)),
            total(mutable([T([1.0]), T([2.0]), T([4.0])], True)),
        ]
    )
    out["mutable_dyn_outside_is_a_list"] = lambda: [
        isinstance(mutable([1, 2], True), list),
        mutable((1, 2.0), True),
    ]
    out["mutable_dyn_outside_queries"] = lambda: [
        F.is_sequence_value_unknown(mutable((1, 2), True)),
        F.is_sequence_shape_unknown(mutable((1, 2), True)),
    ]
    out["mutable_dyn_outside_element_unknown"] = lambda: F.is_dynamic_sequence_element_unknown(
        mutable([], True)
    )


def cases(ms) -> dict:
    out: dict = {}
    _masked_select_cases(ms, out)
    _ctc_cases(ms, out)
    _qint4_cases(ms, out)
    _mutable_cases(ms, out)
    return out


def _describe(r) -> dict:
    if isinstance(r, tuple | list):
        return {"parts": [_describe(v) for v in r]}
    if hasattr(r, "asnumpy"):
        a = r.asnumpy()
        values = a.astype(float)
        return {
            "dtype": str(r.dtype),
            "shape": list(a.shape),
            "values": np.where(np.isinf(values), 1e300, values).tolist(),
        }
    return {"python": repr(r)}


def outcomes(ms) -> dict:
    res = {}
    mode = ms.get_context("mode")
    for name, fn in cases(ms).items():
        try:
            res[name] = _describe(fn())
        except Exception as e:  # noqa: BLE001 - the outcome is the exception
            res[name] = {"error": type(e).__name__, "message": str(e).splitlines()[0][:MESSAGES]}
        finally:
            ms.set_context(mode=mode)
    return res
