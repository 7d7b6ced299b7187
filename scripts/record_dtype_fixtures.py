"""Record MindSpore 2.10's dtype rules into ``tests/fixtures/ms/dtype/rules.json``.

Run with a Python that has a real MindSpore 2.x CPU build (NOT run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_dtype_fixtures.py

What is recorded (each entry is ``{"case": ..., "dtype": "Float32"}`` or ``{"error": "TypeError"}``):

- ``creation``: ``Tensor(data)`` / ``Tensor(data, dtype)`` for Python scalars, lists, tuples,
  numpy scalars and numpy arrays of every dtype (with the value, to show 64-bit values survive);
- ``cast``: ``ops.cast`` from Float32 to every dtype, and a Float64 value that needs 64 bits;
- ``tensor_tensor``: ``a + b`` and ``ops.mul(a, b)`` for every pair of dtypes;
- ``tensor_scalar``: ``t + 1``, ``t + 1.5``, ``t + True``, ``2 * t``, ``t / 2`` for every dtype;
- ``ops``: result dtypes of common ops whose output type MindSpore fixes (argmax, mean of ints,
  division of ints, creation functions without a dtype).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import mindspore as ms
import numpy as np
from mindspore import Tensor, ops

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "dtype" / "rules.json"

DTYPES = [
    "bool_",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "float16",
    "float32",
    "float64",
    "bfloat16",
]
NP_DTYPES = [
    "bool_",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float16",
    "float32",
    "float64",
    "complex64",
    "complex128",
]


def run(fn):
    try:
        out = fn()
        res = {"dtype": str(out.dtype), "shape": list(out.shape)}
        if out.dtype not in (ms.bfloat16, ms.complex64, ms.complex128):
            res["value"] = out.asnumpy().tolist()
    except Exception as e:  # noqa: BLE001 - the exception type is what is recorded
        return {"error": type(e).__name__}
    return res


def sample(dt: str):
    """A 2-element Tensor of MindSpore dtype ``dt`` with values exact in every dtype."""
    return Tensor(np.array([1, 0] if dt == "bool_" else [3, 2]), getattr(ms, dt))


def creation():
    cases = {
        "int": 1,
        "float": 1.5,
        "bool": True,
        "big_int": 2**40,
        "neg_int": -3,
        "list_int": [1, 2],
        "list_float": [1.0, 2.5],
        "list_mixed": [1, 2.5],
        "list_bool": [True, False],
        "list_bool_int": [True, 2],
        "tuple_int": (1, 2),
        "nested_int": [[1, 2], [3, 4]],
        "nested_float": [[1.0], [2.0]],
        "float_precise": 0.1,
        "list_big_int": [2**40, 1],
    }
    rows = [{"case": k, "py": repr(v), **run(lambda v=v: Tensor(v))} for k, v in cases.items()]
    for name in NP_DTYPES:
        nd = getattr(np, name)
        rows.append({"case": f"np_array_{name}", **run(lambda nd=nd: Tensor(np.array([1, 0], nd)))})
        rows.append({"case": f"np_scalar_{name}", **run(lambda nd=nd: Tensor(nd(1)))})
    rows.append(
        {
            "case": "np_array_float64_precise",
            **run(lambda: Tensor(np.array([1 / 3, 2**-40], np.float64))),
        }
    )
    rows.append({"case": "np_array_int64_big", **run(lambda: Tensor(np.array([2**40], np.int64)))})
    for dt in DTYPES:
        rows.append({"case": f"int_as_{dt}", **run(lambda dt=dt: Tensor(2, getattr(ms, dt)))})
        rows.append({"case": f"float_as_{dt}", **run(lambda dt=dt: Tensor(2.5, getattr(ms, dt)))})
        rows.append({"case": f"list_as_{dt}", **run(lambda dt=dt: Tensor([1, 0], getattr(ms, dt)))})
    rows.append(
        {
            "case": "np_float64_as_float32",
            **run(lambda: Tensor(np.array([0.1], np.float64), ms.float32)),
        }
    )
    return rows


def cast():
    rows = []
    for dt in DTYPES:
        rows.append(
            {
                "case": f"float32_to_{dt}",
                **run(lambda dt=dt: ops.cast(Tensor([1.5, 0.0], ms.float32), getattr(ms, dt))),
            }
        )
        rows.append(
            {"case": f"{dt}_to_float64", **run(lambda dt=dt: ops.cast(sample(dt), ms.float64))}
        )
    rows.append(
        {
            "case": "float64_precise_roundtrip",
            **run(lambda: ops.cast(ops.cast(Tensor(np.array([1 / 3])), ms.float64), ms.float64)),
        }
    )
    rows.append(
        {
            "case": "int64_big_from_float64",
            **run(lambda: ops.cast(Tensor(np.array([2.0**40])), ms.int64)),
        }
    )
    rows.append({"case": "astype_float64", **run(lambda: Tensor([1.0]).astype(ms.float64))})
    return rows


def tensor_tensor():
    rows = []
    for a in DTYPES:
        for b in DTYPES:
            rows.append(
                {"case": "add", "a": a, "b": b, **run(lambda a=a, b=b: sample(a) + sample(b))}
            )
            rows.append(
                {
                    "case": "ops.mul",
                    "a": a,
                    "b": b,
                    **run(lambda a=a, b=b: ops.mul(sample(a), sample(b))),
                }
            )
    return rows


def tensor_scalar():
    rows = []
    for a in DTYPES:
        for name, fn in {
            "t+1": lambda t: t + 1,
            "t+1.5": lambda t: t + 1.5,
            "t+True": lambda t: t + True,
            "2*t": lambda t: 2 * t,
            "2.5*t": lambda t: 2.5 * t,
            "t/2": lambda t: t / 2,
            "t-2**40": lambda t: t - 2**40,
            "ops.add(t,1)": lambda t: ops.add(t, 1),
            "ops.add(t,1.5)": lambda t: ops.add(t, 1.5),
            "t>1": lambda t: t > 1,
            "t**2": lambda t: t**2,
            "t//2": lambda t: t // 2,
        }.items():
            rows.append({"case": name, "a": a, **run(lambda a=a, fn=fn: fn(sample(a)))})
    return rows


def op_dtypes():
    i32 = Tensor(np.array([[1, 4], [3, 2]], np.int32))
    i64 = Tensor(np.array([[1, 4], [3, 2]], np.int64))
    f32 = Tensor(np.array([[1, 4], [3, 2]], np.float32))
    cases = {
        "argmax_f32": lambda: ops.argmax(f32, 1), "argmin_f32": lambda: ops.argmin(f32, 1),
        "tensor_argmax": lambda: f32.argmax(1), "tensor_argmax_all": lambda: f32.argmax(),
        "max_indices": lambda: ops.max(f32, 1)[1], "topk_indices": lambda: ops.topk(f32, 1)[1],
        "sort_indices": lambda: ops.sort(f32)[1], "argsort": lambda: ops.argsort(f32),
        "mean_i32": lambda: ops.mean(i32), "sum_i32": lambda: ops.sum(i32),
        "sum_bool": lambda: ops.sum(Tensor([True, True])), "tensor_sum_bool": lambda: Tensor([True, True]).sum(),
        "div_i32": lambda: ops.div(i32, i32), "truediv_i32": lambda: i32 / i32,
        "div_i64": lambda: i64 / i64, "exp_i32": lambda: ops.exp(i32), "sqrt_i64": lambda: ops.sqrt(i64),
        "zeros": lambda: ops.zeros((2,)), "ones": lambda: ops.ones((2,)),
        "arange_int": lambda: ops.arange(3), "arange_float": lambda: ops.arange(0.0, 1.0, 0.5),
        "full_int": lambda: ops.full((2,), 1), "full_float": lambda: ops.full((2,), 1.5),
        "fill_int": lambda: ops.fill(ms.int32, (2,), 1), "shape_tensor": lambda: ops.shape(f32) and Tensor(ops.shape(f32)),
        "one_hot_i64": lambda: ops.one_hot(Tensor([0, 1]), 3, Tensor(1.0), Tensor(0.0)),
        "cumsum_i32": lambda: ops.cumsum(i32, 0), "cumsum_bool": lambda: ops.cumsum(Tensor([True, False]), 0),
        "tensor_mean_i64": lambda: i64.mean(), "unique": lambda: ops.unique(Tensor([1, 1, 2]))[1],
        "nonzero": lambda: ops.nonzero(f32), "range": lambda: ops.range(Tensor(0), Tensor(3), Tensor(1)),
        "randn": lambda: ops.randn(2), "rand": lambda: ops.rand(2), "randint": lambda: ops.randint(0, 3, (2,)),
        "linspace": lambda: ops.linspace(0.0, 1.0, 3), "eye": lambda: ops.eye(2),
        "size": lambda: Tensor(ops.size(f32)), "mean_f64": lambda: ops.mean(Tensor(np.ones(2))),
        "norm_f64": lambda: ops.norm(Tensor(np.ones(2))), "softmax_f64": lambda: ops.softmax(Tensor(np.ones(2))),
    }  # fmt: skip
    return [{"case": k, **run(v)} for k, v in cases.items()]


def main() -> int:
    data = {
        "mindspore": ms.__version__,
        "numpy": np.__version__,
        "creation": creation(),
        "cast": cast(),
        "tensor_tensor": tensor_tensor(),
        "tensor_scalar": tensor_scalar(),
        "ops": op_dtypes(),
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=0, sort_keys=False) + "\n")
    print(f"wrote {OUT} ({sum(len(v) for v in data.values() if isinstance(v, list))} cases)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
