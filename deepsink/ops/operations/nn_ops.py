"""MindSpore's ``mindspore.ops.operations.nn_ops``: the neural-network primitive classes.

Defined here: ``Dense``, ``BinaryCrossEntropy``, ``LayerNorm``, ``AvgPool3D``, ``MaxPool3D``,
``Conv3D`` and ``ApplyMomentum`` (each calls a functional op, as every deepsink primitive does).
The older nn primitives (``Conv2D``, ``MaxPool``, ``Softmax``, ...) live in
``deepsink.ops.operations`` and resolve here too, so ``from mindspore.ops.operations import
nn_ops`` finds every one of them.
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.function import nn_pool_norm_func as NF
from deepsink.ops.function import optimizer_func as R
from deepsink.ops.primitive import Primitive, prim_attr_register

__all__ = [
    "ApplyMomentum",
    "AvgPool3D",
    "BinaryCrossEntropy",
    "Conv3D",
    "Dense",
    "LayerNorm",
    "MaxPool3D",
]


class Dense(Primitive):
    """``Dense()(x, w, b)``: ``x @ w.T + b`` (1-D ``x`` and ``w`` give their dot product)."""

    @prim_attr_register
    def __init__(self) -> None:
        pass

    def __call__(self, x: Any, w: Any, b: Any = None) -> Tensor:
        a, wa = U.array(x, "Dense", "x"), U.array(w, "Dense", "w")
        if a.shape[-1] != wa.shape[-1]:
            U.fail("Dense", f"the last dimension of 'x' {list(a.shape)} must equal that of 'w' "
                   f"{list(wa.shape)}")  # fmt: skip
        y = jnp.matmul(a, wa.T) if wa.ndim == 2 else jnp.matmul(a, wa)
        if b is not None:
            y = y + U.array(b, "Dense", "b").astype(y.dtype)
        return Tensor._from(y)


class BinaryCrossEntropy(Primitive):
    """``BinaryCrossEntropy(reduction='mean')(logits, labels, weight=None)``; ``logits`` are
    probabilities (MindSpore's naming)."""

    @prim_attr_register
    def __init__(self, reduction: str = "mean") -> None:
        if reduction not in ("none", "mean", "sum"):
            U.fail("BinaryCrossEntropy",
                   f"'reduction' must be one of ['none', 'mean', 'sum'], but got {reduction!r}")  # fmt: skip

    def __call__(self, logits: Any, labels: Any, weight: Any = None) -> Tensor:
        return NF.binary_cross_entropy(logits, labels, weight, self.reduction)


class LayerNorm(Primitive):
    """``LayerNorm(begin_norm_axis=1, begin_params_axis=1, epsilon=1e-7)(x, gamma, beta)``
    ``-> (y, mean, variance)``; mean and variance keep the normalized axes as size 1."""

    @prim_attr_register
    def __init__(self, begin_norm_axis: int = 1, begin_params_axis: int = 1,
                 epsilon: float = 1e-7) -> None:  # fmt: skip
        for n, v in (
            ("begin_norm_axis", begin_norm_axis),
            ("begin_params_axis", begin_params_axis),
        ):
            if isinstance(v, bool) or not isinstance(v, int):
                U.fail("LayerNorm", f"'{n}' must be an int, but got {v!r}", TypeError)

    def __call__(self, x: Any, gamma: Any, beta: Any) -> tuple[Tensor, Tensor, Tensor]:
        a = U.floating(U.array(x, "LayerNorm", "input_x"))
        g, b = U.array(gamma, "LayerNorm", "gamma"), U.array(beta, "LayerNorm", "beta")
        y, mean, var = NF.layer_norm_stats(a, g, b, self.begin_norm_axis, self.begin_params_axis,
                                           self.epsilon, "LayerNorm")  # fmt: skip
        return Tensor._from(y), Tensor._from(mean), Tensor._from(var)


def _check_format(api: str, data_format: str) -> None:
    if data_format != "NCDHW":
        U.fail(api, f"'data_format' must be 'NCDHW', but got {data_format!r}")


class AvgPool3D(Primitive):
    """``AvgPool3D(kernel_size, strides, pad_mode, pad, ceil_mode, count_include_pad,
    divisor_override)(x)`` over NCDHW."""

    @prim_attr_register
    def __init__(self, kernel_size: Any = 1, strides: Any = 1, pad_mode: str = "valid",
                 pad: Any = 0, ceil_mode: bool = False, count_include_pad: bool = True,
                 divisor_override: int = 0, data_format: str = "NCDHW") -> None:  # fmt: skip
        _check_format("AvgPool3D", data_format)
        if str(pad_mode).upper() != "PAD" and pad not in (0, (0,) * 6, [0] * 6):
            U.fail("AvgPool3D", f"'pad' must be 0 when 'pad_mode' is {pad_mode!r}, but got {pad!r}")

    def __call__(self, x: Any) -> Tensor:
        a = U.array(x, "AvgPool3D", "x")
        if a.ndim != 5:
            U.fail("AvgPool3D", f"'x' must be 5-D (NCDHW), but got shape {list(a.shape)}")
        return Tensor._from(NF.pool_nd(a, 3, "avg", self.kernel_size, self.strides, self.pad_mode,
                                       self.pad, bool(self.ceil_mode), self.count_include_pad,
                                       self.divisor_override, "AvgPool3D"))  # fmt: skip


class MaxPool3D(Primitive):
    """``MaxPool3D(kernel_size, strides, pad_mode, pad_list, ceil_mode)(x)`` over NCDHW."""

    @prim_attr_register
    def __init__(self, kernel_size: Any = 1, strides: Any = 1, pad_mode: str = "VALID",
                 pad_list: Any = 0, ceil_mode: Any = None, data_format: str = "NCDHW") -> None:  # fmt: skip
        _check_format("MaxPool3D", data_format)

    def __call__(self, x: Any) -> Tensor:
        a = U.array(x, "MaxPool3D", "x")
        if a.ndim != 5:
            U.fail("MaxPool3D", f"'x' must be 5-D (NCDHW), but got shape {list(a.shape)}")
        return Tensor._from(NF.pool_nd(a, 3, "max", self.kernel_size, self.strides, self.pad_mode,
                                       self.pad_list, bool(self.ceil_mode), api="MaxPool3D"))  # fmt: skip


class Conv3D(Primitive):
    """``Conv3D(out_channel, kernel_size, mode=1, pad_mode='valid', pad=0, stride=1, dilation=1,
    group=1)(x, weight)`` over NCDHW input and OIDHW weight."""

    @prim_attr_register
    def __init__(self, out_channel: int, kernel_size: Any, mode: int = 1, pad_mode: str = "valid",
                 pad: Any = 0, stride: Any = 1, dilation: Any = 1, group: int = 1,
                 data_format: str = "NCDHW") -> None:  # fmt: skip
        _check_format("Conv3D", data_format)
        if str(pad_mode).lower() not in ("valid", "same", "pad"):
            U.fail(
                "Conv3D",
                f"'pad_mode' must be one of ['valid', 'same', 'pad'], but got {pad_mode!r}",
            )

    def __call__(self, x: Any, weight: Any) -> Tensor:
        w = U.array(weight, "Conv3D", "weight")
        if w.shape[0] != self.out_channel:
            U.fail("Conv3D", f"'weight' must have {self.out_channel} output channels, but got "
                   f"shape {list(w.shape)}")  # fmt: skip
        return NF.conv3d(
            x, w, None, self.stride, self.pad_mode, self.pad, self.dilation, self.group
        )


class ApplyMomentum(Primitive):
    """``ApplyMomentum(use_nesterov=False)(variable, accumulation, learning_rate, gradient,
    momentum)``: ``accumulation = accumulation * momentum + gradient``, then ``variable -= lr *
    accumulation`` (Nesterov: ``lr * (gradient + momentum * accumulation)``). Both Parameters are
    updated in place; returns ``variable``."""

    @prim_attr_register
    def __init__(self, use_nesterov: bool = False, use_locking: bool = False,
                 gradient_scale: float = 1.0) -> None:  # fmt: skip
        if not isinstance(use_nesterov, bool):
            U.fail("ApplyMomentum", f"'use_nesterov' must be a bool, but got {use_nesterov!r}",
                   TypeError)  # fmt: skip

    def __call__(self, variable: Any, accumulation: Any, learning_rate: Any, gradient: Any,
                 momentum: Any) -> Parameter:  # fmt: skip
        for n, p in (("variable", variable), ("accumulation", accumulation)):
            if not isinstance(p, Parameter):
                U.fail("ApplyMomentum", f"'{n}' must be a Parameter, but got {type(p).__name__}",
                       TypeError)  # fmt: skip
        var, acc = variable._data, accumulation._data
        g = U.array(gradient, "ApplyMomentum", "gradient").astype(var.dtype)
        if self.gradient_scale != 1.0:
            g = g * jnp.asarray(self.gradient_scale, var.dtype)
        lr = U.array(learning_rate, "ApplyMomentum", "learning_rate").astype(var.dtype)
        mom = U.array(momentum, "ApplyMomentum", "momentum").astype(var.dtype)
        new_var, acc = R.momentum(var, acc, lr, g, mom, self.use_nesterov)
        accumulation._data = acc.astype(accumulation._data.dtype)
        variable._data = new_var
        return variable


def __getattr__(name: str) -> Any:
    """The nn primitives defined in ``deepsink.ops.operations`` (Conv2D, MaxPool, ...)."""
    from deepsink.ops import operations

    if name.startswith("__") or not hasattr(operations, name):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(operations, name)
