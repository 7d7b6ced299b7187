"""Behaviour that MindSpore's own test files check in ``mindspore.numpy`` creation functions,
``ops.arange``, the ``TopK`` primitive and the elementwise backward primitives of
``ops.operations._grad_ops``: ``scripts/record_held_back_parity_fixtures.py`` records MindSpore
2.10's result (dtype, shape, values) or exception type for each case, and
``tests/numpy/test_held_back_parity.py`` replays them on deepsink."""

from __future__ import annotations

import numpy as np

RAGGED = [[1, 2, 3], [4, 5]]


def cases(ms, mnp, ops, P, G) -> dict:
    start = np.arange(8, dtype=np.float32).reshape(2, 1, 4) / 10
    stop = np.arange(5, dtype=np.float32).reshape(1, 5, 1) / 7
    row = np.array([[0.3, 0.9, 0.1, 0.5, 0.7, 0.2], [5, 4, 3, 2, 1, 0]], np.float32)
    y = ms.Tensor(np.array([0.3, 0.5, 2.0, 7.0], np.float32))
    dy = ms.Tensor(np.array([1.0, 2.0, -3.0, 4.0], np.float32))
    out = {
        "linspace_int16_retstep": lambda: mnp.linspace(
            ms.Tensor(start), ms.Tensor(stop), 20, False, True, mnp.int16
        ),
        "linspace_int32_retstep": lambda: mnp.linspace(0, 10, num=4, retstep=True, dtype=mnp.int32),
        "linspace_float64_retstep": lambda: mnp.linspace(0, 1, 5, retstep=True, dtype=mnp.float64),
        "linspace_float16_retstep": lambda: mnp.linspace(0, 1, 5, retstep=True, dtype=mnp.float16),
        "linspace_bool_retstep": lambda: mnp.linspace(0, 1, 3, retstep=True, dtype=mnp.bool_),
        "linspace_f64_input_retstep": lambda: mnp.linspace(
            ms.Tensor(np.zeros(2)), 1, 5, retstep=True
        ),
        "tril_indices_from_float_k": lambda: mnp.tril_indices_from(mnp.ones((3, 4)), 1.0),
        "tril_indices_from_neg_float_k": lambda: mnp.tril_indices_from(mnp.ones((3, 4)), -1.7),
        "triu_indices_from_float_k": lambda: mnp.triu_indices_from(mnp.ones((3, 4)), 1.5),
        "tril_indices_from_big_k": lambda: mnp.tril_indices_from(mnp.ones((2, 3)), 5.5),
        "tril_indices_from_empty": lambda: mnp.tril_indices_from(mnp.ones((2, 3)), -5),
        "tril_indices_from_bool_k": lambda: mnp.tril_indices_from(mnp.ones((2, 3)), True),
        "tril_indices_from_list": lambda: mnp.tril_indices_from([[1, 2], [3, 4]], 0),
        "tril_indices_from_str_k": lambda: mnp.tril_indices_from(mnp.ones((3, 4)), "a"),
        "triu_indices_from_none_k": lambda: mnp.triu_indices_from(mnp.ones((3, 4)), None),
        "tril_indices_from_1d": lambda: mnp.tril_indices_from(mnp.ones((3,)), 0),
        "triu_indices_from_3d": lambda: mnp.triu_indices_from(mnp.ones((2, 3, 3)), 0),
        "ops_arange_backwards": lambda: ops.arange(10, 1),
        "ops_arange_negative_step": lambda: ops.arange(1, 10, -1),
        "ops_arange_float_backwards": lambda: ops.arange(1.5, 0.2),
        "ops_arange_tensor_backwards": lambda: ops.arange(ms.Tensor(5), 1),
        "ops_arange_negative_ok": lambda: ops.arange(1.5, 0.2, -0.5),
        "ops_arange_equal": lambda: ops.arange(3, 3),
        "array_ragged_scalar_list": lambda: mnp.array([1, [2]]),
        "asarray_ragged_tensors": lambda: mnp.asarray([ms.Tensor([1, 2]), ms.Tensor([1])]),
    }
    for name in ("array", "asarray", "asfarray", "empty_like", "zeros_like", "ones_like"):
        out[f"{name}_ragged"] = lambda n=name: getattr(mnp, n)(RAGGED)
    out["full_like_ragged"] = lambda: mnp.full_like(RAGGED, 2)
    for k in (1, 2, 3, 5, 6):
        out[f"TopK_unsorted_k{k}"] = lambda k=k: P.TopK(False)(ms.Tensor(row), k)
        out[f"TopK_sorted_k{k}"] = lambda k=k: P.TopK(True)(ms.Tensor(row), k)
    grads = ("SqrtGrad", "RsqrtGrad", "InvGrad", "ReciprocalGrad", "SigmoidGrad", "TanhGrad")
    grads += ("ReLU6Grad", "AtanGrad", "AsinGrad", "ACosGrad", "AcoshGrad", "AsinhGrad")
    grads += ("SoftplusGrad", "ReluGrad")
    for name in grads:
        out[f"G_{name}"] = lambda n=name: getattr(G, n)()(y, dy)
        out[f"G_{name}_float64"] = lambda n=name: getattr(G, n)()(
            y.astype(ms.float64), dy.astype(ms.float64)
        )
        out[f"G_{name}_int"] = lambda n=name: getattr(G, n)()(y.astype(ms.int32), dy)
    return out


def _describe(r) -> dict:
    if isinstance(r, tuple | list):
        return {"parts": [_describe(v) for v in r]}
    if hasattr(r, "asnumpy"):
        a = r.asnumpy()
        return {"dtype": str(r.dtype), "shape": list(a.shape), "values": a.astype(float).tolist()}
    return {"python": repr(r)}


def outcomes(ms, mnp, ops, P, G) -> dict:
    res = {}
    for name, fn in cases(ms, mnp, ops, P, G).items():
        try:
            res[name] = _describe(fn())
        except Exception as e:  # noqa: BLE001 - the outcome is the exception type
            res[name] = {"error": type(e).__name__}
    return res
