"""Record MindSpore 2.10's answers for ``ops`` and ``mindspore.numpy`` behaviour (``ops.sqrt``
over dtypes, ``ops.interpolate``'s mode/rank/option rules, ``ops.ctc_loss`` and ``nn.CTCLoss``
reductions, ``masked_select`` broadcasting, and the numpy array creations: ``arange``,
``linspace``, windows, ``meshgrid``, ``tril_indices``/``triu_indices``, ``rand*``/``randint``
dtypes, ``pad`` with a function, ``array``/``asarray`` identity) into
``tests/fixtures/ms/ops_numpy_behaviour.json``.

Each case is a function of the ``mindspore`` package (or deepsink, which the test passes in its
place) returning a JSON-able value; ``run_case`` records it or the exception's type and first
line. ``tests/ops/test_ops_numpy_behaviour.py`` replays the cases under deepsink.

Run with a Python that has MindSpore installed, from a directory outside the repository (not
run by CI)::

    cd "$(mktemp -d)" && /path/to/mindspore-venv/bin/python /path/to/scripts/record_ops_numpy_behaviour_fixtures.py
"""

from __future__ import annotations

import importlib
import json
import math
from pathlib import Path
from typing import Any

import numpy as np

OUT = (
    Path(__file__).resolve().parent.parent
    / "tests"
    / "fixtures"
    / "ms"
    / "ops_numpy_behaviour.json"
)


def _out(x) -> Any:
    """A result as JSON: Tensors by dtype, shape and values (inf/nan spelled out)."""
    if isinstance(x, tuple | list):
        return [_out(v) for v in x]
    if hasattr(x, "asnumpy"):
        a = x.asnumpy()
        vals = [v if not isinstance(v, float) or math.isfinite(v) else str(v) for v in
                a.astype(np.float64).ravel().tolist()] if a.dtype != bool else a.ravel().tolist()  # fmt: skip
        return {"dtype": str(x.dtype), "shape": list(a.shape), "data": vals}
    return x


def _t(ms, data, dtype=None):
    return ms.Tensor(np.asarray(data), dtype) if dtype is not None else ms.Tensor(np.asarray(data))


# ---------------------------------------------------------------- ops


def sqrt_dtypes(ms):
    out = {}
    for name in (
        "int8",
        "int16",
        "int32",
        "int64",
        "uint8",
        "float16",
        "float32",
        "float64",
        "bool_",
    ):
        x = np.array([4, 9, 2]).astype(bool if name == "bool_" else name)
        try:
            out[name] = _out(ms.ops.sqrt(ms.Tensor(x, getattr(ms, name))))
        except Exception as e:  # noqa: BLE001 - recorded
            out[name] = type(e).__name__
    return out


_X3 = np.arange(10, dtype=np.float32).reshape(2, 1, 5)
_X4 = np.arange(24, dtype=np.float32).reshape(2, 1, 3, 4)
_X5 = np.arange(24, dtype=np.float32).reshape(1, 1, 2, 3, 4)
_MODES = ("nearest", "linear", "bilinear", "bicubic", "trilinear", "area", "nearest-exact")


def _interp(ms, x, **kw):
    try:
        return _out(ms.ops.interpolate(ms.Tensor(x), **kw))
    except Exception as e:  # noqa: BLE001 - recorded
        return [type(e).__name__, str(e).splitlines()[0]]


def interpolate_scale_factor(ms):
    return {f"{m}_{x.ndim}d": _interp(ms, x, scale_factor=(2.0,) * (x.ndim - 2), mode=m)
            for m in _MODES for x in (_X3, _X4, _X5) if not (m == "area" and x.ndim == 3)}  # fmt: skip


def interpolate_size_align_corners(ms):
    return {f"{m}_{x.ndim}d": _interp(ms, x, size=(3,) * (x.ndim - 2), mode=m, align_corners=True)
            for m in _MODES for x in (_X3, _X4, _X5)}  # fmt: skip


def interpolate_size(ms):
    return {f"{m}_{x.ndim}d": _interp(ms, x, size=(3,) * (x.ndim - 2), mode=m)
            for m in _MODES for x in (_X3, _X4, _X5)}  # fmt: skip


def interpolate_arguments(ms):
    return {
        "both": _interp(ms, _X4, size=(2, 2), scale_factor=2.0),
        "none": _interp(ms, _X4),
        "recompute": _interp(
            ms, _X4, scale_factor=(1.5, 1.5), mode="bilinear", recompute_scale_factor=True
        ),
        "recompute_size": _interp(
            ms, _X4, size=(2, 2), mode="bilinear", recompute_scale_factor=True
        ),
        "bad_mode": _interp(ms, _X4, size=(2, 2), mode="foo"),
        "area_scale": _interp(ms, _X4, scale_factor=0.5, mode="area"),
    }


def _ctc_args(ms):
    rng = np.random.default_rng(0)
    lp = np.log(rng.dirichlet(np.ones(5), size=(6, 2))).astype(np.float32)
    return (
        ms.Tensor(lp),
        ms.Tensor(np.array([[1, 2, 2], [3, 1, 4]], np.int32)),
        ms.Tensor(np.array([6, 5], np.int32)),
        ms.Tensor(np.array([3, 2], np.int32)),
    )


def ctc_loss_function(ms):
    return {
        r: _out(ms.ops.ctc_loss(*_ctc_args(ms), blank=0, reduction=r))
        for r in ("mean", "sum", "none")
    }


def ctc_loss_cell(ms):
    return {
        r: _out(ms.nn.CTCLoss(blank=0, reduction=r)(*_ctc_args(ms)))
        for r in ("mean", "sum", "none")
    }


def ctc_loss_impossible_alignment(ms):
    lp, _, _, _ = _ctc_args(ms)
    args = (
        lp,
        _t(ms, [[1, 1, 1], [3, 1, 4]], ms.int32),
        _t(ms, [3, 5], ms.int32),
        _t(ms, [3, 2], ms.int32),
    )
    return _out(ms.nn.CTCLoss(blank=0, reduction="none")(*args))


def masked_select_broadcast(ms):
    x = _t(ms, np.arange(6, dtype=np.float32).reshape(2, 3))
    return [
        _out(ms.ops.masked_select(x, _t(ms, [True, False, True]))),
        _out(ms.ops.masked_select(_t(ms, [1, 2, 3], ms.int32), _t(ms, [[True], [False]]))),
    ]


def masked_select_not_broadcastable(ms):
    x = _t(ms, np.arange(6, dtype=np.float32).reshape(2, 3))
    return _out(ms.ops.masked_select(x, _t(ms, [True, False])))


# ---------------------------------------------------------------- mindspore.numpy


def arange_values(ms):
    mnp = ms.numpy
    return [_out(mnp.arange(5)), _out(mnp.arange(0, 1, 0.25)), _out(mnp.arange(1, 5.0)),
            _out(mnp.arange(5, dtype=ms.float16)), _out(mnp.arange(5, 0, -2)),
            _out(mnp.arange(ms.Tensor(3))), _out(mnp.arange(2, None, 1))]  # fmt: skip


def arange_empty(ms):
    return _out(ms.numpy.arange(5, 0))


def arange_zero_step(ms):
    return _out(ms.numpy.arange(0, 5, 0))


def arange_string(ms):
    return _out(ms.numpy.arange("a"))


def linspace_values(ms):
    mnp = ms.numpy
    return [_out(mnp.linspace(0, 1, 5)), _out(mnp.linspace(0, 10, 5, dtype=ms.int32)),
            _out(mnp.linspace(0, 1, 4, endpoint=False)), _out(mnp.linspace(0, 1, 4, retstep=True)),
            _out(mnp.linspace(2, 3, 1))]  # fmt: skip


def linspace_zero(ms):
    return _out(ms.numpy.linspace(2, 3, 0))


def linspace_negative(ms):
    return _out(ms.numpy.linspace(2, 3, -1))


def linspace_float_num(ms):
    return _out(ms.numpy.linspace(2, 3, 2.5))


def windows(ms):
    return {f"{w}_{n}": _out(getattr(ms.numpy, w)(n))
            for w in ("bartlett", "blackman", "hamming", "hanning") for n in (-3, -1, 0, 1, 2, 5)}  # fmt: skip


def window_float_size(ms):
    return _out(ms.numpy.hanning(3.0))


def meshgrid_nd(ms):
    mnp = ms.numpy
    a, b = (
        _t(ms, np.arange(2, dtype=np.int32)),
        _t(ms, np.arange(3, dtype=np.float32).reshape(3, 1)),
    )
    return [
        _out(mnp.meshgrid(a, b)),
        _out(
            mnp.meshgrid(
                _t(ms, np.arange(4, dtype=np.int32).reshape(2, 2)),
                _t(ms, np.arange(3, dtype=np.int32)),
            )
        ),
        _out(
            mnp.meshgrid(_t(ms, np.int32(2)), _t(ms, np.arange(3, dtype=np.int32)), indexing="ij")
        ),
        _out(mnp.meshgrid(a, b, _t(ms, np.ones((2, 2), np.float32)), sparse=True)),
    ]


def meshgrid_bad_indexing(ms):
    return _out(ms.numpy.meshgrid(_t(ms, np.arange(2)), indexing="xy2"))


def tri_indices_numbers(ms):
    mnp = ms.numpy
    return [_out(mnp.tril_indices(3)), _out(mnp.tril_indices(3.0)), _out(mnp.tril_indices(3, 1.5, 4.0)),
            _out(mnp.triu_indices(4.5, -1, 3.2)), _out(mnp.triu_indices(4, 0.5)),
            _out(mnp.triu_indices(-2))]  # fmt: skip


def tri_indices_string(ms):
    return _out(ms.numpy.tril_indices("3"))


def random_dtypes(ms):
    mnp = ms.numpy
    return [str(mnp.rand(2, 3).dtype), list(mnp.rand((2, 3)).shape), str(mnp.rand(2, dtype=ms.float16).dtype),
            str(mnp.randn(2, 3).dtype), str(mnp.randn(2, dtype=ms.float64).dtype),
            str(mnp.randint(1, 5, (2, 3)).dtype), list(mnp.randint(5).shape)]  # fmt: skip


def rand_int_dtype(ms):
    return _out(ms.numpy.rand(2, dtype=ms.int32))


def randn_int_dtype(ms):
    return _out(ms.numpy.randn(2, dtype=ms.int32))


def randint_float_dtype(ms):
    return _out(ms.numpy.randint(1, 5, 3, dtype=ms.float32))


def randint_float_bound(ms):
    return _out(ms.numpy.randint(1.5, 5, 3))


def _pad_with(vector, pad_width, iaxis, kwargs):
    value = kwargs.get("padder", 10)
    if pad_width[0] > 0:
        vector[: pad_width[0]] = value
    if pad_width[1] > 0:
        vector[-pad_width[1] :] = value
    return vector


def pad_function(ms):
    mnp = ms.numpy
    x = _t(ms, np.arange(6, dtype=np.float32).reshape(2, 3))
    return [
        _out(mnp.pad(x, 2, _pad_with)),
        _out(
            mnp.pad(
                _t(ms, np.arange(6, dtype=np.int32).reshape(2, 3)),
                ((1, 0), (0, 2)),
                _pad_with,
                padder=100,
            )
        ),
        _out(mnp.pad(_t(ms, np.arange(4, dtype=np.float32)), 1, lambda v, pw, ax, kw: v * 2)),
    ]


def pad_bad_mode(ms):
    return _out(ms.numpy.pad(_t(ms, np.arange(3, dtype=np.float32)), 1, "foo"))


def array_identity(ms):
    mnp = ms.numpy
    a = _t(ms, np.arange(3, dtype=np.float32))
    return {
        "array": mnp.array(a) is a,
        "array_nocopy": mnp.array(a, copy=False) is a,
        "array_nocopy_dtype": mnp.array(a, dtype=ms.float32, copy=False) is a,
        "array_nocopy_cast": mnp.array(a, dtype=ms.float16, copy=False) is a,
        "array_nocopy_ndmin": mnp.array(a, copy=False, ndmin=2) is a,
        "asarray": mnp.asarray(a) is a,
        "asarray_dtype": mnp.asarray(a, dtype=ms.float32) is a,
        "asarray_cast": mnp.asarray(a, dtype=ms.float16) is a,
        "copy": mnp.copy(a) is a,
        "values": _out(mnp.array(a, ndmin=3)),
    }


CASES = [
    sqrt_dtypes, interpolate_scale_factor, interpolate_size_align_corners, interpolate_size,
    interpolate_arguments, ctc_loss_function, ctc_loss_cell, ctc_loss_impossible_alignment,
    masked_select_broadcast, masked_select_not_broadcastable,
    arange_values, arange_empty, arange_zero_step, arange_string, linspace_values, linspace_zero,
    linspace_negative, linspace_float_num, windows, window_float_size, meshgrid_nd,
    meshgrid_bad_indexing, tri_indices_numbers, tri_indices_string, random_dtypes, rand_int_dtype,
    randn_int_dtype, randint_float_dtype, randint_float_bound, pad_function, pad_bad_mode,
    array_identity,
]  # fmt: skip


def run_case(name: str, package: str = "mindspore") -> dict:
    ms = importlib.import_module(package)
    importlib.import_module(f"{package}.numpy")
    try:
        return {"value": json.loads(json.dumps(globals()[name](ms)))}
    except Exception as e:  # noqa: BLE001 - recorded
        return {"error": type(e).__name__, "message": str(e).splitlines()[0] if str(e) else ""}


def main() -> None:
    ms = importlib.import_module("mindspore")
    ms.set_seed(0)
    records = {fn.__name__: run_case(fn.__name__) for fn in CASES}
    OUT.write_text(json.dumps(records, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {len(records)} cases to {OUT}")


if __name__ == "__main__":
    main()
