"""MindSpore's ``ops.MaxPoolWithArgmax``, ``MaxPoolWithArgmaxV2`` and ``ExtractImagePatches``:
max pooling with its argmax is ``ops``' ``window_max`` (what ``nn.MaxPool2d(return_indices=True)``
runs), patch extraction ``ops``' ``extract_image_patches`` (what ``nn.Unfold`` runs). They read
their padding rules from ``nn``'s pooling layers and are bound into ``mindspore.ops`` and
``mindspore.ops.operations`` here.
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import numpy as np

from deepsink.common.tensor import Tensor
from deepsink.nn.layer.pooling import _pair, _pool_padding, _positive
from deepsink.ops import _utils as U
from deepsink.ops._table_primitive import REQUIRED, TablePrimitive
from deepsink.ops.function.nn_pool_norm_func import _same_pads, window_max, window_pads
from deepsink.ops.function.patch_func import extract_image_patches

__all__ = ["MaxPoolWithArgmax", "MaxPoolWithArgmaxV2", "ExtractImagePatches"]


def _hw(v: Any, name: str, arg: str) -> tuple[int, int]:
    vals = (v, v) if isinstance(v, int) else tuple(v)
    if len(vals) == 4:
        vals = vals[2:]
    if len(vals) != 2 or any(not isinstance(i, int) or i < 1 for i in vals):
        U.fail(name, f"'{arg}' must be a positive int or 2 (or 4) positive ints, but got {v!r}")
    return vals


def _max_pool_argmax(
    a: Any, k: tuple, s: tuple, pads: list, dilation: tuple = (1, 1)
) -> tuple[Any, Any]:
    """(values, flat H*W argmax, first on ties) of 2-D max pooling with (low, high) ``pads``."""
    lead = a.ndim - 2
    config = [(0, 0)] * lead + list(pads)
    return window_max(a, 2, (1,) * lead + k, (1,) * lead + s, config, (1,) * lead + dilation, True)


class MaxPoolWithArgmax(TablePrimitive):
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

    _params = (("kernel_size", 1), ("strides", 1), ("pad_mode", "valid"), ("data_format", "NCHW"))

    def _init(self) -> None:
        _hw(self.kernel_size, "MaxPoolWithArgmax", "kernel_size")
        _hw(self.strides, "MaxPoolWithArgmax", "strides")
        if str(self.pad_mode).lower() not in ("valid", "same"):
            U.fail(
                "MaxPoolWithArgmax",
                f"'pad_mode' must be 'valid' or 'same', but got {self.pad_mode!r}",
            )
        if self.data_format != "NCHW":
            U.fail(
                "MaxPoolWithArgmax", f"'data_format' must be 'NCHW', but got {self.data_format!r}"
            )

    def __call__(self, x: Any) -> tuple[Tensor, Tensor]:
        a = U.array(x, "MaxPoolWithArgmax", "x")
        k = _hw(self.kernel_size, "MaxPoolWithArgmax", "kernel_size")
        s = _hw(self.strides, "MaxPoolWithArgmax", "strides")
        c, h, w = a.shape[1:]
        valid = str(self.pad_mode).lower() == "valid"
        # 'same' is TensorFlow's padding (the odd cell after), the windows padded with the lowest
        # value; the indices count within the unpadded plane
        pads = [(0, 0)] * 2 if valid else _same_pads((h, w), k, s)
        y, idx = _max_pool_argmax(a, k, s, pads)
        # the mask counts over each sample's whole (C, H, W) block, as MindSpore's kernel
        offset = (np.arange(c) * h * w).reshape(1, -1, 1, 1)
        return Tensor._from(y), Tensor._from((idx + offset).astype(jnp.int32))


class MaxPoolWithArgmaxV2(TablePrimitive):
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

    _params = (
        ("kernel_size", REQUIRED),
        ("strides", None),
        ("pads", 0),
        ("dilation", (1, 1)),
        ("ceil_mode", False),
        ("argmax_type", None),
    )

    def __call__(self, x: Any) -> tuple[Tensor, Tensor]:
        api = "MaxPoolWithArgmaxV2"
        a = U.array(x, api, "x")
        k = _hw(self.kernel_size, api, "kernel_size")
        s = k if self.strides is None else _hw(self.strides, api, "strides")
        pad = _pool_padding(self.pads if isinstance(self.pads, int) else tuple(self.pads), api, 2)
        d = _pair(_positive(self.dilation, "dilation", api, 2))
        dims = [
            window_pads(size, kk, ss, dd, "PAD", p, bool(self.ceil_mode))
            for size, kk, ss, dd, p in zip(a.shape[-2:], k, s, d, pad)
        ]
        pads = [(lo, hi + e) for (lo, hi), e in dims]
        y, idx = _max_pool_argmax(a, k, s, pads, d)
        itype = U.dtype(self.argmax_type, api) if self.argmax_type else jnp.int64
        return Tensor._from(y), Tensor._from(idx.astype(itype))


class ExtractImagePatches(TablePrimitive):
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

    _params = (
        ("ksizes", REQUIRED),
        ("strides", REQUIRED),
        ("rates", REQUIRED),
        ("padding", "valid"),
    )

    def _init(self) -> None:
        for arg in ("ksizes", "strides", "rates"):
            v = getattr(self, arg)
            if not isinstance(v, tuple | list) or len(v) != 4:
                U.fail("ExtractImagePatches", f"'{arg}' must be 4 ints, but got {v!r}")
        if not isinstance(self.padding, str) or self.padding.lower() not in ("same", "valid"):
            U.fail(
                "ExtractImagePatches",
                f"'padding' must be 'same' or 'valid', but got {self.padding!r}",
            )

    def __call__(self, input_x: Any) -> Tensor:
        k, s, r = self.ksizes[2:], self.strides[2:], self.rates[2:]
        return extract_image_patches(input_x, k, s, r, self.padding, "ExtractImagePatches")


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
