"""The computations of MindSpore's ``TruncatedNormal`` and ``ParameterizedTruncatedNormal``
primitives: MindSpore 2.10's CPU kernels (``deepsink._core.kernel_truncated_normal``), sampled on
the host with 2.10's argument checks. A primitive instance keeps one kernel per shape value and
dtype, as MindSpore keeps one per input signature, so repeated calls continue its stream."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import numpy as np

from deepsink._core import kernel_truncated_normal as KT
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U


def _shape_values(shape: Any, api: str) -> np.ndarray:
    if not isinstance(shape, Tensor):
        U.fail(api, f"'shape' must be a Tensor, but got {type(shape).__name__}", TypeError)
    if str(shape.dtype) not in ("Int32", "Int64"):
        U.fail(api, f"'shape' must be an int32 or int64 Tensor, but got {shape.dtype}", TypeError)
    return U.shape_value(shape, api, "shape")


def _kernel(prim: Any, attr: str, sig: tuple, make: Any) -> Any:
    kernels = prim.__dict__.setdefault(attr, {})
    if sig not in kernels:
        kernels[sig] = make(int(prim.seed), int(prim.seed2))
    return kernels[sig]


def truncated_normal(prim: Any, shape: Any) -> Tensor:
    """``TruncatedNormal``: standard normals inside ``[-2, 2]`` of the shape ``shape`` holds, in
    the primitive's ``dtype``."""
    api = "TruncatedNormal"
    values = _shape_values(shape, api)
    if values.ndim != 1:
        raise ValueError("The input tensor must be a 1-D tensor.")
    if values.size < 2:
        raise ValueError(f"For '{api}', the input tensor shape must >= 2, but got {values.size}")
    if (values <= 0).any():
        raise ValueError("Each dimension must be greater than zero.")
    dt = U.dtype(prim.dtype, api)
    if dt not in (np.float16, np.float32, np.float64):
        U.fail(api, f"'dtype' must be float16, float32 or float64, but got {prim.dtype}", TypeError)
    kernel = _kernel(
        prim,
        "_truncated_normal_kernels",
        (tuple(values.tolist()), str(shape.dtype)),
        KT.TruncatedNormalKernel,
    )
    out = kernel.launch(int(np.prod(values)))
    if dt == np.float16:
        out = out.astype(np.float32)
    return Tensor._from(jnp.asarray(out.astype(dt).reshape(values.tolist())))


def parameterized_truncated_normal(
    prim: Any, shape: Any, mean: Any, stdevs: Any, lo: Any, hi: Any
) -> Tensor:
    """``ParameterizedTruncatedNormal``: for each batch row (the first axis of ``shape``) normals
    of that row's mean and stdev truncated to its ``[min, max]``."""
    api = "ParameterizedTruncatedNormal"
    values = _shape_values(shape, api)
    if values.ndim != 1 or values.size < 2:
        U.fail(api, f"'shape' must be a 1-D Tensor of at least 2 elements, but got {values}")
    if (values <= 0).any():
        U.fail(api, f"'shape' elements must be positive, but got {values.tolist()}")
    params = []
    for v, n in ((mean, "mean"), (stdevs, "stdevs"), (lo, "min"), (hi, "max")):
        if not isinstance(v, Tensor):
            U.fail(api, f"'{n}' must be a Tensor, but got {type(v).__name__}", TypeError)
        if v.shape not in ((), (int(values[0]),)):
            U.fail(
                api,
                f"'{n}' must have shape () or ({values[0]},) for the batch axis of 'shape', but "
                f"got {v.shape}",
            )
        params.append(U.host_values(v._data, api, n))
    dt = params[0].dtype
    if dt not in (np.float16, np.float32, np.float64) or any(p.dtype != dt for p in params):
        U.fail(
            api,
            "'mean', 'stdevs', 'min' and 'max' must be float16, float32 or float64 Tensors of one "
            f"dtype, but got {[str(p.dtype) for p in params]}",
            TypeError,
        )
    rows = int(values[0])
    params = [np.broadcast_to(p.reshape(-1), (rows,)) for p in params]
    sig = (tuple(values.tolist()), str(shape.dtype), tuple(v.shape for v in (mean, stdevs, lo, hi)))
    kernel = _kernel(
        prim,
        "_parameterized_truncated_normal_kernels",
        (*sig, str(dt)),
        KT.ParameterizedTruncatedNormalKernel,
    )
    out = kernel.launch(rows, int(np.prod(values[1:])), params, dt)
    return Tensor._from(jnp.asarray(out.reshape(values.tolist())))
