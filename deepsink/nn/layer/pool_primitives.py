"""The ``ops`` primitives computed by nn's Cells (MindSpore's ``ops.MaxPoolWithArgmax``,
``MaxPoolWithArgmaxV2`` and ``ExtractImagePatches``): max pooling with its argmax is
``nn.MaxPool2d(return_indices=True)``, patch extraction is ``nn.Unfold``. They live in the nn layer
(ops does not import nn) and are bound into ``mindspore.ops`` and ``mindspore.ops.operations`` here.
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink.common.tensor import Tensor
from deepsink.nn.layer.basic import Unfold
from deepsink.nn.layer.pooling import MaxPool2d
from deepsink.ops import _utils as U
from deepsink.ops.primitive import Primitive, prim_attr_register

__all__ = ["MaxPoolWithArgmax", "MaxPoolWithArgmaxV2", "ExtractImagePatches"]


def _hw(v: Any, name: str, arg: str) -> tuple[int, int]:
    vals = (v, v) if isinstance(v, int) else tuple(v)
    if len(vals) == 4:
        vals = vals[2:]
    if len(vals) != 2 or any(not isinstance(i, int) or i < 1 for i in vals):
        U.fail(name, f"'{arg}' must be a positive int or 2 (or 4) positive ints, but got {v!r}")
    return vals


def _max_pool_argmax(a: Any, k: Any, s: Any, pads: Any, dilation: Any, ceil_mode: bool):
    """(values, flat H*W argmax) of 2-D max pooling with explicit symmetric pads."""
    net = MaxPool2d(k, s, "pad", pads, dilation, True, ceil_mode)
    y, idx = net(Tensor._from(a))
    return y._data, idx._data


class MaxPoolWithArgmax(Primitive):
    r"""``MaxPoolWithArgmax(kernel_size=1, strides=1, pad_mode='valid', data_format='NCHW')(x)
    -> (output, mask)``: 2-D max pooling and the position of each maximum (int32), flat over
    the sample's (C, H, W) block.

    Args:
        kernel_size (Union[int, tuple[int]]): the window. Default: ``1``.
        strides (Union[int, tuple[int]]): the step. Default: ``1``.
        pad_mode (str): ``'valid'`` or ``'same'`` (TensorFlow's padding). Default: ``'valid'``.
        data_format (str): only ``'NCHW'``. Default: ``'NCHW'``.

    Inputs:
        - **x** (Tensor) - :math:`(N, C, H, W)`.

    Outputs:
        Tuple ``(output, mask)``.

    Raises:
        ValueError: an attribute is invalid.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(16.0).reshape(1, 1, 4, 4), ms.float32)
        >>> y, mask = ops.MaxPoolWithArgmax(2, 2)(x)
        >>> print(mask)
        [[[[ 5  7]
           [13 15]]]]
    """

    @prim_attr_register
    def __init__(
        self,
        kernel_size: Any = 1,
        strides: Any = 1,
        pad_mode: str = "valid",
        data_format: str = "NCHW",
    ) -> None:
        _hw(kernel_size, "MaxPoolWithArgmax", "kernel_size")
        _hw(strides, "MaxPoolWithArgmax", "strides")
        if str(pad_mode).lower() not in ("valid", "same"):
            U.fail(
                "MaxPoolWithArgmax", f"'pad_mode' must be 'valid' or 'same', but got {pad_mode!r}"
            )
        if data_format != "NCHW":
            U.fail("MaxPoolWithArgmax", f"'data_format' must be 'NCHW', but got {data_format!r}")

    def __call__(self, x: Any) -> tuple[Tensor, Tensor]:
        a = U.array(x, "MaxPoolWithArgmax", "x")
        k = _hw(self.kernel_size, "MaxPoolWithArgmax", "kernel_size")
        s = _hw(self.strides, "MaxPoolWithArgmax", "strides")
        h, w = a.shape[2:]
        # the mask counts over each sample's whole (C, H, W) block, as MindSpore's kernel
        offset = (jnp.arange(a.shape[1]) * h * w).reshape(1, -1, 1, 1)
        if str(self.pad_mode).lower() == "valid":
            y, idx = _max_pool_argmax(a, k, s, 0, 1, False)
            return Tensor._from(y), Tensor._from((idx + offset).astype(jnp.int32))
        pads = []
        for size, kk, ss in ((h, k[0], s[0]), (w, k[1], s[1])):
            out = -(-size // ss)
            total = max((out - 1) * ss + kk - size, 0)
            pads.append((total // 2, total - total // 2))
        neg = -jnp.inf if jnp.issubdtype(a.dtype, jnp.floating) else jnp.iinfo(a.dtype).min
        padded = jnp.pad(a, [(0, 0), (0, 0), pads[0], pads[1]], constant_values=neg)
        y, idx = _max_pool_argmax(padded, k, s, 0, 1, False)
        wp = padded.shape[3]
        r, c = idx // wp - pads[0][0], idx % wp - pads[1][0]
        return Tensor._from(y), Tensor._from((r * w + c + offset).astype(jnp.int32))


class MaxPoolWithArgmaxV2(Primitive):
    r"""``MaxPoolWithArgmaxV2(kernel_size, strides=None, pads=0, dilation=(1, 1),
    ceil_mode=False, argmax_type=mindspore.int64)(x) -> (output, argmax)``: 2-D max pooling
    with explicit padding and dilation (``nn.MaxPool2d``'s ``'pad'`` mode).

    Args:
        kernel_size (Union[int, tuple[int]]): the window.
        strides (Union[int, tuple[int]], optional): the step. Default: ``None`` (the window).
        pads (Union[int, tuple[int]]): padding per side. Default: ``0``.
        dilation (Union[int, tuple[int]]): Default: ``(1, 1)``.
        ceil_mode (bool): round the output size up. Default: ``False``.
        argmax_type (mindspore.dtype): int32 or int64. Default: ``mindspore.int64``.

    Inputs:
        - **x** (Tensor) - :math:`(N, C, H, W)`.

    Outputs:
        Tuple ``(output, argmax)``.

    Raises:
        ValueError: an attribute is invalid.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(16.0).reshape(1, 1, 4, 4), ms.float32)
        >>> y, arg = ops.MaxPoolWithArgmaxV2(2)(x)
        >>> print(y)
        [[[[ 5.  7.]
           [13. 15.]]]]
    """

    @prim_attr_register
    def __init__(
        self,
        kernel_size: Any,
        strides: Any = None,
        pads: Any = 0,
        dilation: Any = (1, 1),
        ceil_mode: bool = False,
        argmax_type: Any = None,
    ) -> None:
        pass

    def __call__(self, x: Any) -> tuple[Tensor, Tensor]:
        a = U.array(x, "MaxPoolWithArgmaxV2", "x")
        k = _hw(self.kernel_size, "MaxPoolWithArgmaxV2", "kernel_size")
        s = k if self.strides is None else _hw(self.strides, "MaxPoolWithArgmaxV2", "strides")
        p = self.pads if isinstance(self.pads, int) else tuple(self.pads)
        y, idx = _max_pool_argmax(a, k, s, p, self.dilation, bool(self.ceil_mode))
        itype = U.dtype(self.argmax_type, "MaxPoolWithArgmaxV2") if self.argmax_type else jnp.int64
        return Tensor._from(y), Tensor._from(idx.astype(itype))


class ExtractImagePatches(Primitive):
    r"""``ExtractImagePatches(ksizes, strides, rates, padding='valid')(input_x)``: the
    ``kH x kW`` patches of :math:`(N, C, H, W)` as channels :math:`(N, kH kW C, H_{out},
    W_{out})` (TensorFlow's order: window rows, window columns, then channels); the same
    computation as ``nn.Unfold``.

    Args:
        ksizes (Union[tuple[int], list[int]]): ``(1, 1, kH, kW)``.
        strides (Union[tuple[int], list[int]]): ``(1, 1, sH, sW)``.
        rates (Union[tuple[int], list[int]]): ``(1, 1, rH, rW)``, the window's dilation.
        padding (str): ``'valid'`` or ``'same'`` (either case). Default: ``'valid'``.

    Inputs:
        - **input_x** (Tensor) - 4-D.

    Outputs:
        Tensor, 4-D.

    Raises:
        ValueError: an attribute is not 4 positive ints, or ``padding`` is unknown.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(8.0).reshape(1, 2, 2, 2), ms.float32)
        >>> out = ops.ExtractImagePatches((1, 1, 2, 2), (1, 1, 1, 1), (1, 1, 1, 1), 'VALID')(x)
        >>> print(out.reshape(-1))
        [0. 4. 1. 5. 2. 6. 3. 7.]
    """

    @prim_attr_register
    def __init__(self, ksizes: Any, strides: Any, rates: Any, padding: str = "valid") -> None:
        for arg, v in (("ksizes", ksizes), ("strides", strides), ("rates", rates)):
            if not isinstance(v, tuple | list) or len(v) != 4:
                U.fail("ExtractImagePatches", f"'{arg}' must be 4 ints, but got {v!r}")
        self._unfold = Unfold(
            [1, *ksizes[2:], 1], [1, *strides[2:], 1], [1, *rates[2:], 1], padding
        )

    def __call__(self, input_x: Any) -> Tensor:
        return self._unfold(input_x)


# the ones MindSpore 2.10 generates (its ops.auto_generate.gen_ops_prim holds them too)
_GENERATED = ("ExtractImagePatches",)


def _bind() -> None:
    from deepsink import ops
    from deepsink.ops import auto_generate, operations
    from deepsink.ops.auto_generate import gen_ops_prim

    targets = [(ops, __all__), (operations, __all__)]
    targets += [(auto_generate, _GENERATED), (gen_ops_prim, _GENERATED)]
    for module, names in targets:
        for name in names:
            setattr(module, name, globals()[name])
        if hasattr(module, "__all__"):
            module.__all__ = sorted({*module.__all__, *names})


_bind()
