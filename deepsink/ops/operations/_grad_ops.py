"""MindSpore's ``mindspore.ops.operations._grad_ops``: the backward primitives that MindSpore's
own tests and test helpers call or register (``G.SqrtGrad()(y, dy)``, ``G.ReluGrad()(dy, x)``,
``G.MaxPoolGrad(2, 2)(x, out, dout)``, ...). The elementwise ones call their kernel in
``deepsink.ops.function.elementwise_grad_func``; the others are the gradient of their forward
primitive."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deepsink.common.tensor import Tensor
from deepsink.ops._table_primitive import REQUIRED, TablePrimitive
from deepsink.ops.function import elementwise_grad_func as EG


class _GradPrim(TablePrimitive):
    _fn: Callable[[Any, Any], Any]

    def __call__(self, a: Any, b: Any) -> Tensor:
        return type(self)._fn(a, b)


def _grad_prim(fn: Callable[[Any, Any], Any]) -> type:
    cls = type(fn.__name__, (_GradPrim,), {"_fn": staticmethod(fn), "__doc__": fn.__doc__})
    cls.__module__ = __name__
    return cls


SqrtGrad = _grad_prim(EG.sqrt_grad)
RsqrtGrad = _grad_prim(EG.rsqrt_grad)
InvGrad = _grad_prim(EG.inv_grad)
ReciprocalGrad = InvGrad
SigmoidGrad = _grad_prim(EG.sigmoid_grad)
TanhGrad = _grad_prim(EG.tanh_grad)
AcoshGrad = _grad_prim(EG.acosh_grad)
AsinhGrad = _grad_prim(EG.asinh_grad)
AtanGrad = _grad_prim(EG.atan_grad)
AsinGrad = _grad_prim(EG.asin_grad)
ACosGrad = _grad_prim(EG.acos_grad)
ReluGrad = _grad_prim(EG.relu_grad)
ReLU6Grad = _grad_prim(EG.relu6_grad)
SoftplusGrad = _grad_prim(EG.softplus_grad)


# The backward primitives of pooling, convolution, normalization, resize, bias and concat: each is
# the gradient of its forward primitive (``ops.vjp`` through it) or, where MindSpore's inputs
# already carry what the forward step saved (argmax indices, batch statistics), that formula.


def _vjp(forward: Callable[[Any], Any], primal: Any, grad: Any) -> Tensor:
    from deepsink.ops import vjp

    _, back = vjp(forward, primal)
    return back(grad)[0]


class _PoolGrad(TablePrimitive):
    _params = (("kernel_size", 1), ("strides", 1), ("pad_mode", "VALID"), ("data_format", "NCHW"))

    def _init(self) -> None:
        from deepsink.ops import operations as P

        forward = getattr(P, self.name[: -len("Grad")])
        self._forward = forward(self.kernel_size, self.strides, self.pad_mode, self.data_format)

    def __call__(self, x_origin: Any, out_origin: Any, grad: Any) -> Tensor:
        return _vjp(self._forward, x_origin, grad)


class MaxPoolGrad(_PoolGrad):
    """``MaxPoolGrad(kernel_size, strides, pad_mode, data_format)(x_origin, out_origin, grad)``:
    the gradient of ``MaxPool`` at ``x_origin`` for the output gradient ``grad``."""


class AvgPoolGrad(_PoolGrad):
    """``AvgPoolGrad(kernel_size, strides, pad_mode, data_format)(x_origin, out_origin, grad)``:
    the gradient of ``AvgPool`` at ``x_origin`` for the output gradient ``grad``."""


class MaxPoolGradWithArgmax(TablePrimitive):
    """``MaxPoolGradWithArgmax(kernel_size, strides, pad_mode, data_format)(x, grad, argmax)``:
    each output gradient added at its maximum's position (``argmax``, as ``MaxPoolWithArgmax``
    gives it: the flat index within the input's (H, W) plane)."""

    _params = (("kernel_size", 1), ("strides", 1), ("pad_mode", "VALID"), ("data_format", "NCHW"))

    def __call__(self, x: Any, grad: Any, argmax: Any) -> Tensor:
        from deepsink import ops

        n, c, h, w = x.shape
        flat = ops.zeros((n, c, h * w), x.dtype)
        g = ops.reshape(grad, (n, c, -1))
        idx = ops.reshape(argmax, (n, c, -1))
        out = ops.tensor_scatter_elements(flat, idx, g, axis=2, reduction="add")
        return ops.reshape(out, (n, c, h, w))


class BatchNormGrad(TablePrimitive):
    """``BatchNormGrad(is_training, epsilon, data_format)(dy, x, scale, save_mean,
    save_variance, reserve)``: ``(dx, dscale, dbias)`` of batch normalization over the channel
    axis. In training ``dx`` carries the batch statistics' own gradient; in inference the
    statistics are constants."""

    _params = (("is_training", False), ("epsilon", 1e-5), ("data_format", "NCHW"))

    def __call__(
        self, dy: Any, x: Any, scale: Any, save_mean: Any, save_variance: Any, reserve: Any = None
    ) -> tuple[Tensor, Tensor, Tensor]:
        from deepsink import ops

        ch = 1 if self.data_format == "NCHW" else x.ndim - 1
        axes = tuple(a for a in range(x.ndim) if a != ch)
        shape = [1] * x.ndim
        shape[ch] = -1

        def per_channel(v: Any) -> Tensor:
            return ops.reshape(v, tuple(shape))

        rstd = ops.rsqrt(save_variance + self.epsilon)
        x_hat = (x - per_channel(save_mean)) * per_channel(rstd)
        dbias = ops.sum(dy, axes)
        dscale = ops.sum(dy * x_hat, axes)
        if self.is_training:
            count = x.size // x.shape[ch]
            centred = dy - per_channel(dbias) / count - x_hat * per_channel(dscale) / count
            dx = per_channel(scale * rstd) * centred
        else:
            dx = dy * per_channel(scale * rstd)
        return dx, dscale, dbias


class BiasAddGrad(TablePrimitive):
    """``BiasAddGrad(data_format)(dout)``: the gradient of ``BiasAdd``'s bias, ``dout`` summed
    over every axis but the channel (axis 1, or the last for 'NHWC')."""

    _params = (("data_format", "NCHW"),)

    def _init(self) -> None:
        if self.data_format not in ("NCHW", "NHWC", "NCDHW"):
            raise ValueError(
                f"Failed to convert the value \"{self.data_format}\" of input 'data_format' of "
                "'BiasAddGrad' to enum."
            )

    def __call__(self, dout: Any) -> Tensor:
        from deepsink import ops

        if not 2 <= dout.ndim <= 5:
            raise ValueError(
                "For primitive[BiasAddGrad], the rank of input_x must be in [2,5], "
                f"but got {dout.ndim}."
            )
        ch = dout.ndim - 1 if self.data_format == "NHWC" else 1
        return ops.sum(dout, tuple(a for a in range(dout.ndim) if a != ch))


class Conv2DBackpropFilter(TablePrimitive):
    """``Conv2DBackpropFilter(out_channel, kernel_size, pad_mode, pad, pad_list, mode, stride,
    dilation, group, data_format)(dout, x, filter_sizes)``: the gradient of ``Conv2D``'s weight
    (of shape ``filter_sizes``) for the output gradient ``dout``."""

    _params = (
        ("out_channel", REQUIRED),
        ("kernel_size", REQUIRED),
        ("pad_mode", "valid"),
        ("pad", 0),
        ("pad_list", (0, 0, 0, 0)),
        ("mode", 1),
        ("stride", (1, 1)),
        ("dilation", (1, 1, 1, 1)),
        ("group", 1),
        ("data_format", "NCHW"),
    )

    def __call__(self, dout: Any, x: Any, filter_sizes: Any) -> Tensor:
        from deepsink import ops
        from deepsink.ops import operations as P

        pad = tuple(self.pad_list) if self.pad_mode == "pad" and any(self.pad_list) else self.pad
        conv = P.Conv2D(
            self.out_channel,
            self.kernel_size,
            self.mode,
            self.pad_mode,
            pad,
            self.stride,
            self.dilation,
            self.group,
            self.data_format,
        )
        weight = ops.zeros(tuple(filter_sizes), x.dtype)
        return _vjp(lambda w: conv(x, w), weight, dout)


class FlattenGrad(TablePrimitive):
    """``FlattenGrad()(dout, shape)``: ``dout`` reshaped back to the input's ``shape``."""

    def __call__(self, dout: Any, shape: Any) -> Tensor:
        from deepsink import ops

        size = 1
        for d in shape:
            size *= d
        if size != dout.size:
            raise RuntimeError(
                f"For 'FlattenGrad', the size of 'input_x': {{{dout.size * dout.itemsize}}} is not "
                f"equal to the size of the first output: {{{size * dout.itemsize}}}"
            )
        return ops.reshape(dout, tuple(shape))


class ResizeBilinearGrad(TablePrimitive):
    """``ResizeBilinearGrad(align_corners, half_pixel_centers)(grads, original_image)``: the
    gradient of ``ResizeBilinearV2`` at ``original_image`` for the output gradient ``grads``."""

    _params = (("align_corners", False), ("half_pixel_centers", False))

    def __call__(self, grads: Any, original_image: Any) -> Tensor:
        from deepsink.ops import operations as P

        resize = P.ResizeBilinearV2(self.align_corners, self.half_pixel_centers)
        size = tuple(grads.shape[2:])
        return _vjp(lambda img: resize(img, size), original_image, grads)


class ConcatOffset(TablePrimitive):
    """``ConcatOffset(N, axis)(x)``: for the tuple of tensors ``x`` concatenated along ``axis``,
    each one's offset in the result: an int64 Tensor of shape (len(x), rank), zero but at
    ``axis``. As in MindSpore, every tensor of ``x`` counts, whatever ``N`` says."""

    _params = (("N", 2), ("axis", 0))

    def __call__(self, x: Any) -> Tensor:
        import numpy as np

        rank = x[0].ndim
        if not -rank <= self.axis < rank:
            raise RuntimeError(
                f"For 'ConcatOffset, 'axis' must be in range [{-rank}, {rank}), but got {self.axis}"
            )
        axis = self.axis % rank
        offsets = np.zeros((len(x), rank), np.int64)
        offsets[1:, axis] = np.cumsum([t.shape[axis] for t in x[:-1]])
        return Tensor(offsets)
