"""Max and average pooling (MindSpore's ``nn.MaxPool1d/2d``, ``nn.AvgPool1d/2d``).

Pooling is a window reduction on the NCHW array. Max pooling goes through ``ops``'
``window_max`` (``_core.pool.max_pool``): on CPU its gradient is a first-maximum scatter instead
of the select-and-scatter XLA:CPU expands into iota planes and a variadic reduce-window (see that
module for the rule and the numbers).
"""

from __future__ import annotations

from typing import Any

from deepsink import ops
from deepsink._core.validate import check_bool, check_one_of, fail_arg
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell
from deepsink.ops.function.nn_pool_norm_func import (
    pool_nd,
    window_argmax,
    window_max,
    window_pads,
)

Pair = tuple[int, int]


def _positive(value: Any, arg: str, api: str, n: int) -> int | tuple[int, ...]:
    """An int or tuple of positive ints; a 1-tuple becomes its int (as MindSpore stores it)."""
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    if (
        isinstance(value, tuple)
        and len(value) in (1, n)
        and all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value)
    ):
        return value[0] if len(value) == 1 else value
    fail_arg(api, arg, f"a positive int or a tuple of {n} positive ints", value)


def _pair(value: int | tuple[int, ...]) -> Pair:
    return (value, value) if isinstance(value, int) else tuple(value)


def _pool_padding(padding: Any, api: str, n: int) -> tuple[int, ...]:
    """'pad' mode padding: an int, or 1 or ``n`` non-negative ints (symmetric per spatial dim)."""
    vals = (padding,) if isinstance(padding, int) and not isinstance(padding, bool) else padding
    if (
        not isinstance(vals, tuple | list)
        or len(vals) not in (1, n)
        or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in vals)
    ):
        fail_arg(
            api, "padding", f"a non-negative int or a tuple of 1 or {n} non-negative ints", padding
        )
    return tuple(vals) * n if len(vals) == 1 else tuple(vals)


class _Pool(Cell):
    """Shared arguments and printing; subclasses implement ``_pool`` on an NCHW/NCL array."""

    _nd = 2
    # 'pad'-mode geometry; the subclasses that take these arguments set them per instance
    _padding: tuple[int, ...] = (0, 0)
    _dilation: tuple[int, ...] = (1, 1)
    ceil_mode = False

    def __init__(
        self, api: str, kernel_size: Any, stride: Any, pad_mode: Any, data_format: str = "NCHW"
    ) -> None:
        super().__init__()
        self._api = api
        if not isinstance(pad_mode, str):
            fail_arg(api, "pad_mode", "one of ['VALID', 'SAME', 'PAD']", pad_mode, TypeError)
        self.pad_mode = check_one_of(pad_mode.upper(), ["VALID", "SAME", "PAD"], "pad_mode", api)
        self.format = check_one_of(data_format, ["NCHW", "NHWC"], "data_format", api)
        self.kernel_size = _positive(kernel_size, "kernel_size", api, self._nd)
        self.stride = _positive(stride, "stride", api, self._nd)

    def _check_no_pad_args(self, **values: Any) -> None:
        """Arguments only 'pad' mode takes must keep their defaults (falsy here) otherwise."""
        bad = {k: v for k, v in values.items() if v}
        if self.pad_mode != "PAD" and bad:
            raise ValueError(
                f"For '{self._api}', {sorted(bad)} can only be set when 'pad_mode' is 'pad', "
                f"but got pad_mode={self.pad_mode.lower()!r} and {bad}"
            )

    def _geometry(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """(kernel, stride, dilation), one entry per spatial dim."""
        nd = self._nd
        return _pair(self.kernel_size)[:nd], _pair(self.stride)[:nd], tuple(self._dilation)[:nd]

    def _window_config(self, spatial: tuple[int, ...]) -> tuple[list[Pair], list[int], tuple]:
        """(counted padding per dim, uncounted ceil-mode padding per dim, reduce_window args)."""
        ks, ss, ds = self._geometry()
        dims = [
            window_pads(n, k, s, d, self.pad_mode, p, self.ceil_mode)
            for n, k, s, d, p in zip(spatial, ks, ss, ds, self._padding)
        ]
        pads, extra = [d[0] for d in dims], [d[1] for d in dims]
        config = [(0, 0), (0, 0)] + [(lo, hi + e) for (lo, hi), e in zip(pads, extra)]
        return pads, extra, ((1, 1, *ks), (1, 1, *ss), config, (1, 1, *ds))

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        full = self._nd + 2
        if a.ndim not in (full - 1, full):
            layout = "(N, C, H, W) or (C, H, W)" if self._nd == 2 else "(N, C, L) or (C, L)"
            raise ValueError(
                f"For '{self._api}', the input must be a {full}-D tensor {layout}, but got shape "
                f"{list(a.shape)}"
            )
        batched = a.ndim == full
        if not batched:
            a = a[None]
        if self.format == "NHWC":
            a = ops.transpose(Tensor._from(a), (0, 3, 1, 2))._data
        y = self._pool(a)
        if self.format == "NHWC":
            y = ops.transpose(Tensor._from(y), (0, 2, 3, 1))._data
        return Tensor._from(y if batched else y[0])

    def extend_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}"


def _check_1d(api: str, kernel_size: Any, stride: Any) -> None:
    """A 1-D pooling's window and step: plain positive ints."""
    for name, v in (("kernel_size", kernel_size), ("stride", stride)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            fail_arg(api, name, "a positive int", v)


def _repr_1d(self: _Pool) -> str:
    """MindSpore prints a 1-D pool's window as the 2-D (1, k) it runs outside 'pad' mode."""
    if self.pad_mode == "PAD":
        return _Pool.extend_repr(self)
    return (
        f"kernel_size={(1, self.kernel_size)}, stride={(1, self.stride)}, pad_mode={self.pad_mode}"
    )


class _MaxPool(_Pool):
    def __init__(
        self,
        api,
        kernel_size,
        stride,
        pad_mode,
        padding,
        dilation,
        return_indices,
        ceil_mode,
        data_format="NCHW",
    ) -> None:
        super().__init__(api, kernel_size, stride, pad_mode, data_format)
        self.return_indices = check_bool(return_indices, "return_indices", api)
        self.ceil_mode = check_bool(ceil_mode, "ceil_mode", api)
        self.padding = padding
        self._padding = _pool_padding(padding, api, self._nd)
        self._dilation = _pair(_positive(dilation, "dilation", api, self._nd))[: self._nd]
        self._check_no_pad_args(
            padding=padding if any(self._padding) else 0,
            dilation=dilation if max(self._dilation) > 1 else 0,
            return_indices=return_indices,
            ceil_mode=ceil_mode,
        )
        if return_indices and data_format != "NCHW":
            fail_arg(api, "data_format", "'NCHW' when 'return_indices' is True", data_format)

    def _pool(self, a):
        _, _, (window, strides, config, dilation) = self._window_config(a.shape[2:])
        return window_max(a, a.ndim - 2, window, strides, config, dilation)

    def construct(self, x: Tensor) -> Any:
        y = super().construct(x)
        if not self.return_indices:
            return y
        a = unwrap(x)
        batched = a.ndim == self._nd + 2
        idx = self._indices(a if batched else a[None])
        return y, Tensor._from(idx if batched else idx[0])

    def _indices(self, a):
        """The flat index (within each input plane) of every window's maximum, first on ties:
        a max-reduction of (value, index) pairs (not differentiated; the values come from
        ``_pool``)."""
        _, _, (window, strides, config, dilation) = self._window_config(a.shape[2:])
        return window_argmax(a, a.ndim - 2, window, strides, config, dilation)


class MaxPool2d(_MaxPool):
    """2-D max pooling over (N, C, H, W) or (C, H, W) input; ``'same'`` pads with -inf.
    ``pad_mode='pad'`` takes ``padding``, ``dilation`` and ``ceil_mode``.

    Args:
        kernel_size (Union[int, tuple[int]]): the window size. Default: ``1``.
        stride (Union[int, tuple[int]]): the window's step. Default: ``1``.
        pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'`` (case-insensitive). Default: ``'valid'``.
        padding (Union[int, tuple[int]]): the padding with ``pad_mode='pad'``. Default: ``0``.
        dilation (Union[int, tuple[int]]): the spacing of the window's taps. Default: ``1``.
        return_indices (bool): also return the flat argmax indices. Default: ``False``.
        ceil_mode (bool): round the output size up. Default: ``False``.
        data_format (str): ``'NCHW'`` or ``'NHWC'``. Default: ``'NCHW'``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, H_{in}, W_{in})` or :math:`(C, H_{in}, W_{in})`.

    Outputs:
        Tensor of shape :math:`(N, C, H_{out}, W_{out})` (and the indices).

    Raises:
        TypeError: ``pad_mode`` is not a str, ``return_indices`` or ``ceil_mode`` not a bool.
        ValueError: ``kernel_size`` or ``stride`` is not positive, ``pad_mode`` or ``data_format`` is
            invalid, or a 'pad'-only argument is set with another ``pad_mode``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> pool = nn.MaxPool2d(kernel_size=2, stride=2)
        >>> print(pool(ms.Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))))
        [[[[ 5.  7.]
           [13. 15.]]]]
    """

    def __init__(
        self,
        kernel_size: Any = 1,
        stride: Any = 1,
        pad_mode: str = "valid",
        padding: Any = 0,
        dilation: Any = 1,
        return_indices: bool = False,
        ceil_mode: bool = False,
        data_format: str = "NCHW",
    ) -> None:
        super().__init__(
            "MaxPool2d",
            kernel_size,
            stride,
            pad_mode,
            padding,
            dilation,
            return_indices,
            ceil_mode,
            data_format,
        )


class MaxPool1d(_MaxPool):
    """1-D max pooling over the last axis of (N, C, L) or (C, L) input.

    Args:
        kernel_size (int): the window size. Default: ``1``.
        stride (int): the window's step. Default: ``1``.
        pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'`` (case-insensitive). Default: ``'valid'``.
        padding (int): the padding with ``pad_mode='pad'``. Default: ``0``.
        dilation (int): the spacing of the window's taps (``'pad'`` only). Default: ``1``.
        return_indices (bool): also return the argmax indices. Default: ``False``.
        ceil_mode (bool): round the output length up. Default: ``False``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, L_{in})` or :math:`(C, L_{in})`.

    Outputs:
        Tensor of shape :math:`(N, C, L_{out})` (and the indices).

    Raises:
        ValueError: ``kernel_size`` or ``stride`` is not a positive int, ``pad_mode`` is invalid, or a
            'pad'-only argument is set with another ``pad_mode``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> pool = nn.MaxPool1d(kernel_size=2, stride=2)
        >>> print(pool(ms.Tensor(np.array([[[1.0, 3.0, 5.0, 2.0]]], np.float32))))
        [[[3. 5.]]]
    """

    _nd = 1

    def __init__(
        self,
        kernel_size: int = 1,
        stride: int = 1,
        pad_mode: str = "valid",
        padding: Any = 0,
        dilation: Any = 1,
        return_indices: bool = False,
        ceil_mode: bool = False,
    ) -> None:
        _check_1d("MaxPool1d", kernel_size, stride)
        super().__init__(
            "MaxPool1d", kernel_size, stride, pad_mode, padding, dilation, return_indices, ceil_mode
        )

    extend_repr = _repr_1d


class _AvgPool(_Pool):
    def __init__(
        self,
        api,
        kernel_size,
        stride,
        pad_mode,
        padding,
        ceil_mode,
        count_include_pad,
        divisor_override,
        data_format="NCHW",
    ) -> None:
        super().__init__(api, kernel_size, stride, pad_mode, data_format)
        self.ceil_mode = check_bool(ceil_mode, "ceil_mode", api)
        self.count_include_pad = check_bool(count_include_pad, "count_include_pad", api)
        if divisor_override is not None and (
            isinstance(divisor_override, bool)
            or not isinstance(divisor_override, int)
            or divisor_override <= 0
        ):
            fail_arg(api, "divisor_override", "a positive int or None", divisor_override)
        self.divisor_override = divisor_override
        self.padding = padding
        self._padding = _pool_padding(padding, api, self._nd)
        self._check_no_pad_args(padding=padding if any(self._padding) else 0)

    def _pool(self, a):
        mode = self.pad_mode
        if (
            self._nd == 1
            and self.pad_mode != "PAD"
            and not self.ceil_mode
            and self.count_include_pad
        ):
            k, n = self.kernel_size, a.shape[-1]
            if n == k or n - k < self.stride:  # MindSpore: a single window, whatever the mode
                a, mode = a[..., :k], "VALID"
        ks, ss, _ = self._geometry()
        # 'same' and 'valid' average over the input cells a window covers
        counted = self.pad_mode == "PAD" and self.count_include_pad
        return pool_nd(
            a,
            self._nd,
            "avg",
            ks,
            ss,
            mode,
            self._padding,
            self.ceil_mode,
            counted,
            self.divisor_override or 0,
            self._api,
        )


class AvgPool2d(_AvgPool):
    """2-D average pooling over (N, C, H, W) or (C, H, W) input. ``'same'`` and ``'valid'`` average
    over the input cells a window covers; ``pad_mode='pad'`` takes ``padding``, ``ceil_mode``,
    ``count_include_pad`` and ``divisor_override``.

    Args:
        kernel_size (Union[int, tuple[int]]): the window size. Default: ``1``.
        stride (Union[int, tuple[int]]): the window's step. Default: ``1``.
        pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'`` (case-insensitive). Default: ``'valid'``.
        padding (Union[int, tuple[int]]): the padding with ``pad_mode='pad'``. Default: ``0``.
        ceil_mode (bool): round the output size up. Default: ``False``.
        count_include_pad (bool): count padded zeros in the average. Default: ``True``.
        divisor_override (int, optional): divide by this instead of the window size. Default: ``None``.
        data_format (str): ``'NCHW'`` or ``'NHWC'``. Default: ``'NCHW'``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, H_{in}, W_{in})` or :math:`(C, H_{in}, W_{in})`.

    Outputs:
        Tensor of shape :math:`(N, C, H_{out}, W_{out})`.

    Raises:
        TypeError: ``pad_mode`` is not a str.
        ValueError: ``kernel_size`` or ``stride`` is not positive, ``pad_mode`` or ``data_format`` is
            invalid, or a 'pad'-only argument is set with another ``pad_mode``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> pool = nn.AvgPool2d(kernel_size=2, stride=2)
        >>> print(pool(ms.Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))))
        [[[[ 2.5  4.5]
           [10.5 12.5]]]]
    """

    def __init__(
        self,
        kernel_size: Any = 1,
        stride: Any = 1,
        pad_mode: str = "valid",
        padding: Any = 0,
        ceil_mode: bool = False,
        count_include_pad: bool = True,
        divisor_override: int | None = None,
        data_format: str = "NCHW",
    ) -> None:
        super().__init__(
            "AvgPool2d",
            kernel_size,
            stride,
            pad_mode,
            padding,
            ceil_mode,
            count_include_pad,
            divisor_override,
            data_format,
        )


class AvgPool1d(_AvgPool):
    """1-D average pooling over the last axis of (N, C, L) or (C, L) input.

    Args:
        kernel_size, stride, pad_mode, padding: as :class:`MaxPool1d` (which also lists what it
            raises).
        ceil_mode (bool): round the output length up (``'pad'`` only). Default: ``False``.
        count_include_pad (bool): count padded zeros in the average (``'pad'`` only). Default: ``True``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, L_{in})` or :math:`(C, L_{in})`.

    Outputs:
        Tensor of shape :math:`(N, C, L_{out})`.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> pool = nn.AvgPool1d(kernel_size=2, stride=2)
        >>> print(pool(ms.Tensor(np.array([[[1.0, 3.0, 5.0, 7.0]]], np.float32))))
        [[[2. 6.]]]
    """

    _nd = 1

    def __init__(
        self,
        kernel_size: int = 1,
        stride: int = 1,
        pad_mode: str = "valid",
        padding: Any = 0,
        ceil_mode: bool = False,
        count_include_pad: bool = True,
    ) -> None:
        _check_1d("AvgPool1d", kernel_size, stride)
        super().__init__(
            "AvgPool1d", kernel_size, stride, pad_mode, padding, ceil_mode, count_include_pad, None
        )

    extend_repr = _repr_1d


class _AdaptivePoolNd(Cell):
    """Adaptive pooling over the last ``_n`` axes to ``output_size`` (None keeps an axis)."""

    _n = 2
    _fn = ""

    def __init__(self, output_size: Any, return_indices: bool = False) -> None:
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def construct(self, input: Tensor) -> Any:
        from deepsink.ops.function import sampling_func

        fn = getattr(sampling_func, self._fn)
        if self._fn.startswith("adaptive_max"):
            return fn(input, self.output_size, self.return_indices)
        return fn(input, self.output_size)

    def extend_repr(self) -> str:
        return f"output_size={self.output_size}"


class AdaptiveAvgPool2d(_AdaptivePoolNd):
    r"""Averages over adaptive bins so that the (H, W) axes come out as ``output_size``, whatever
    the input size (bin ``i`` covers ``floor(i H / out)`` to ``ceil((i + 1) H / out)``).

    Args:
        output_size (Union[int, tuple[int]]): the output (H, W); an int for both, None in a tuple
            keeps that axis.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, H, W)` or :math:`(C, H, W)`.

    Outputs:
        Tensor of shape :math:`(N, C, *output\_size)`.

    Raises:
        ValueError: ``output_size`` is not a positive int or tuple of two, or the input's rank is not 3 or 4.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> pool = nn.AdaptiveAvgPool2d((1, 2))
        >>> print(pool(ms.Tensor(np.array([[[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]]], np.float32))))
        [[[[3.5 5.5]]]]
    """

    _fn = "adaptive_avg_pool2d"

    def __init__(self, output_size: Any) -> None:
        super().__init__(output_size)


class AdaptiveAvgPool3d(_AdaptivePoolNd):
    r"""Averages over adaptive bins so that the (D, H, W) axes come out as ``output_size``.

    Args:
        output_size (Union[int, tuple[int]]): the output (D, H, W); an int for all three, None in a
            tuple keeps that axis.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, D, H, W)` or :math:`(C, D, H, W)`.

    Outputs:
        Tensor of shape :math:`(N, C, *output\_size)`.

    Raises:
        ValueError: ``output_size`` is invalid or the input's rank is not 4 or 5.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> pool = nn.AdaptiveAvgPool3d(1)
        >>> print(pool(ms.Tensor(np.ones((1, 2, 3, 3, 3), np.float32))).shape)
        (1, 2, 1, 1, 1)
    """

    _n, _fn = 3, "adaptive_avg_pool3d"

    def __init__(self, output_size: Any) -> None:
        super().__init__(output_size)


class AdaptiveMaxPool2d(_AdaptivePoolNd):
    r"""Takes the maximum over adaptive bins so that the (H, W) axes come out as ``output_size``;
    with ``return_indices`` it also gives each maximum's flat index in the input plane.

    Args:
        output_size (Union[int, tuple[int]]): the output (H, W); None in a tuple keeps that axis.
        return_indices (bool): also return the argmax indices. Default: ``False``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, H, W)` or :math:`(C, H, W)`.

    Outputs:
        Tensor of shape :math:`(N, C, *output\_size)`, and the int64 indices with ``return_indices``.

    Raises:
        ValueError: ``output_size`` is invalid or the input's rank is not 3 or 4.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> pool = nn.AdaptiveMaxPool2d(1, return_indices=True)
        >>> out, idx = pool(ms.Tensor(np.array([[[[1.0, 5.0], [3.0, 2.0]]]], np.float32)))
        >>> print(out, idx)
        [[[[5.]]]] [[[[1]]]]
    """

    _fn = "adaptive_max_pool2d"

    def extend_repr(self) -> str:  # 2.10's AdaptiveMaxPool2d prints no arguments
        return ""


class AdaptiveMaxPool3d(_AdaptivePoolNd):
    r"""Takes the maximum over adaptive bins so that the (D, H, W) axes come out as ``output_size``.

    Args:
        output_size (Union[int, tuple[int]]): the output (D, H, W); None in a tuple keeps that axis.
        return_indices (bool): also return the flat argmax indices. Default: ``False``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, D, H, W)` or :math:`(C, D, H, W)`.

    Outputs:
        Tensor of shape :math:`(N, C, *output\_size)` (and the indices).

    Raises:
        ValueError: ``output_size`` is invalid or the input's rank is not 4 or 5.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> pool = nn.AdaptiveMaxPool3d(1)
        >>> print(pool(ms.Tensor(np.arange(8, dtype=np.float32).reshape(1, 1, 2, 2, 2))))
        [[[[[7.]]]]]
    """

    _n, _fn = 3, "adaptive_max_pool3d"


class AvgPool3d(Cell):
    """3-D average pooling over (N, C, D, H, W) or (C, D, H, W) input.

    Args:
        kernel_size (Union[int, tuple[int]]): the window size. Default: ``1``.
        stride (Union[int, tuple[int]]): the window's step. Default: ``1``.
        pad_mode (str): ``'valid'`` or ``'pad'``. Default: ``'valid'``.
        padding (Union[int, tuple[int]]): the padding with ``pad_mode='pad'``. Default: ``0``.
        ceil_mode (bool): round the output size up. Default: ``False``.
        count_include_pad (bool): count padded zeros in the average. Default: ``True``.
        divisor_override (int, optional): divide by this instead of the window size. Default: ``None``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, D, H, W)` or :math:`(C, D, H, W)`.

    Outputs:
        Tensor of the pooled shape.

    Raises:
        ValueError: ``pad_mode`` is not 'valid' or 'pad', or ``padding`` is non-zero with 'valid'.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> pool = nn.AvgPool3d(kernel_size=2, stride=2)
        >>> print(pool(ms.Tensor(np.ones((1, 2, 4, 4, 4), np.float32))).shape)
        (1, 2, 2, 2, 2)
    """

    def __init__(
        self,
        kernel_size: Any = 1,
        stride: Any = 1,
        pad_mode: str = "valid",
        padding: Any = 0,
        ceil_mode: bool = False,
        count_include_pad: bool = True,
        divisor_override: int | None = None,
    ) -> None:
        super().__init__()
        check_one_of(pad_mode, ["valid", "pad"], "pad_mode", "AvgPool3d")
        if pad_mode == "valid" and padding != 0:
            fail_arg("AvgPool3d", "padding", "0 when pad_mode is 'valid'", padding)
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding
        self.ceil_mode, self.count_include_pad = ceil_mode, count_include_pad
        self.divisor_override = divisor_override or 0

    def construct(self, x: Tensor) -> Tensor:
        from deepsink.ops.function.nn_pool_norm_func import avg_pool3d

        return avg_pool3d(
            x,
            self.kernel_size,
            self.stride,
            self.padding,
            self.ceil_mode,
            self.count_include_pad,
            self.divisor_override,
        )


class MaxPool3d(Cell):
    """3-D max pooling over (N, C, D, H, W) or (C, D, H, W) input.

    Args:
        kernel_size (Union[int, tuple[int]]): the window size. Default: ``1``.
        stride (Union[int, tuple[int]]): the window's step. Default: ``1``.
        pad_mode (str): ``'valid'`` or ``'pad'``. Default: ``'valid'``.
        padding (Union[int, tuple[int]]): the padding with ``pad_mode='pad'``. Default: ``0``.
        dilation (Union[int, tuple[int]]): the spacing of the window's taps. Default: ``1``.
        return_indices (bool): also return the argmax indices. Default: ``False``.
        ceil_mode (bool): round the output size up. Default: ``False``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, D, H, W)` or :math:`(C, D, H, W)`.

    Outputs:
        Tensor of the pooled shape (and the indices).

    Raises:
        ValueError: ``pad_mode`` is not 'valid' or 'pad', or ``padding`` is non-zero with 'valid'.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> pool = nn.MaxPool3d(kernel_size=2, stride=2)
        >>> print(pool(ms.Tensor(np.ones((1, 2, 4, 4, 4), np.float32))).shape)
        (1, 2, 2, 2, 2)
    """

    def __init__(
        self,
        kernel_size: Any = 1,
        stride: Any = 1,
        pad_mode: str = "valid",
        padding: Any = 0,
        dilation: Any = 1,
        return_indices: bool = False,
        ceil_mode: bool = False,
    ) -> None:
        super().__init__()
        check_one_of(pad_mode, ["valid", "pad"], "pad_mode", "MaxPool3d")
        if pad_mode == "valid" and padding != 0:
            fail_arg("MaxPool3d", "padding", "0 when pad_mode is 'valid'", padding)
        self.kernel_size, self.stride, self.padding, self.dilation = (
            kernel_size,
            stride,
            padding,
            dilation,
        )
        self.return_indices, self.ceil_mode = return_indices, ceil_mode

    def construct(self, x: Tensor) -> Any:
        from deepsink.ops.function.nn_pool_norm_func import max_pool3d

        return max_pool3d(
            x,
            self.kernel_size,
            self.stride,
            self.padding,
            self.dilation,
            self.ceil_mode,
            self.return_indices,
        )


class _LPPool(Cell):
    _nd = 1

    def __init__(
        self, norm_type: Any, kernel_size: Any, stride: Any = None, ceil_mode: bool = False
    ) -> None:
        super().__init__()
        api = type(self).__name__
        if isinstance(norm_type, bool) or not isinstance(norm_type, int | float):
            fail_arg(api, "norm_type", "an int or float", norm_type, TypeError)
        for arg, v in (("kernel_size", kernel_size), ("stride", stride)):
            if v is not None and not isinstance(v, int | tuple | list) or isinstance(v, bool):
                fail_arg(api, arg, "an int or tuple of ints", v, TypeError)
        self.norm_type, self.kernel_size, self.stride = norm_type, kernel_size, stride
        self.ceil_mode = check_bool(ceil_mode, "ceil_mode", api)

    def construct(self, x: Tensor) -> Tensor:
        from deepsink.ops.function import nn_ext_func as E

        fn = E.lp_pool1d if self._nd == 1 else E.lp_pool2d
        return fn(x, self.norm_type, self.kernel_size, self.stride, self.ceil_mode)

    def extend_repr(self) -> str:
        return (
            f"norm_type={self.norm_type}, kernel_size={self.kernel_size}, "
            f"stride={self.stride}, ceil_mode={self.ceil_mode}"
        )


class LPPool1d(_LPPool):
    r"""Power-average pooling over :math:`(N, C, L)` or :math:`(C, L)`:
    :math:`(\sum_{window} x^p)^{1/p}` (``ops.lp_pool1d``).

    Args:
        norm_type (Union[int, float]): the power :math:`p`.
        kernel_size (int): the window.
        stride (int, optional): the step. Default: ``None`` (``kernel_size``).
        ceil_mode (bool): round the output length up. Default: ``False``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, L)` or :math:`(C, L)`.

    Outputs:
        Tensor of shape :math:`(N, C, L_{out})` or :math:`(C, L_{out})`.

    Raises:
        TypeError: ``norm_type`` is not a number, ``kernel_size``/``stride`` not ints, or
            ``ceil_mode`` not a bool.
        ValueError: ``kernel_size`` or ``stride`` is not positive.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> x = ms.Tensor(np.array([[[3.0, 4.0, 1.0, 1.0]]], np.float32))
        >>> print(nn.LPPool1d(norm_type=2, kernel_size=2)(x))
        [[[5.        1.4142135]]]
    """


class LPPool2d(_LPPool):
    r"""Power-average pooling over :math:`(N, C, H, W)` or :math:`(C, H, W)`:
    :math:`(\sum_{window} x^p)^{1/p}` (``ops.lp_pool2d``).

    Args:
        norm_type (Union[int, float]): the power :math:`p`.
        kernel_size (Union[int, tuple[int]]): the window.
        stride (Union[int, tuple[int]], optional): the step. Default: ``None`` (the window).
        ceil_mode (bool): round the output size up. Default: ``False``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, H, W)` or :math:`(C, H, W)`.

    Outputs:
        Tensor of shape :math:`(N, C, H_{out}, W_{out})` or :math:`(C, H_{out}, W_{out})`.

    Raises:
        TypeError: ``norm_type`` is not a number, ``kernel_size``/``stride`` not ints, or
            ``ceil_mode`` not a bool.
        ValueError: ``kernel_size`` or ``stride`` is not positive.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> x = ms.Tensor(np.ones((1, 1, 2, 2), np.float32))
        >>> print(nn.LPPool2d(1, 2)(x))
        [[[[4.]]]]
    """

    _nd = 2


class _FractionalMaxPool(Cell):
    _nd = 2

    def __init__(
        self,
        kernel_size: Any,
        output_size: Any = None,
        output_ratio: Any = None,
        return_indices: bool = False,
        _random_samples: Any = None,
    ) -> None:
        super().__init__()
        api = type(self).__name__
        if output_size is None and output_ratio is None:
            fail_arg(api, "output_size", "given when 'output_ratio' is None", None)
        if output_ratio is not None:
            ratios = (
                (output_ratio,) * self._nd
                if isinstance(output_ratio, float | int)
                else (tuple(output_ratio))
            )
            if any(not 0 < r < 1 for r in ratios):
                fail_arg(api, "output_ratio", "values in (0, 1)", output_ratio)
        self.kernel_size, self.output_size, self.output_ratio = (
            kernel_size,
            output_size,
            output_ratio,
        )
        self.return_indices = check_bool(return_indices, "return_indices", api)
        self._random_samples = _random_samples

    def construct(self, input: Tensor) -> Any:
        from deepsink.ops.function import nn_window_func as W

        fn = W.fractional_max_pool2d if self._nd == 2 else W.fractional_max_pool3d
        return fn(
            input,
            self.kernel_size,
            self.output_size,
            self.output_ratio,
            self.return_indices,
            self._random_samples,
        )


class FractionalMaxPool2d(_FractionalMaxPool):
    r"""Fractional max pooling over :math:`(N, C, H, W)` or :math:`(C, H, W)`: windows of
    ``kernel_size`` at pseudo-random starts, giving any output size between the input's and the
    input's minus the window (``ops.fractional_max_pool2d``).

    Args:
        kernel_size (Union[int, tuple[int]]): the window.
        output_size (Union[int, tuple[int]], optional): the output's (H, W).
        output_ratio (Union[float, tuple[float]], optional): the output's size as a fraction of
            the input's, in (0, 1). One of ``output_size`` and ``output_ratio`` is needed.
        return_indices (bool): also return the flat (H*W) positions of the maxima.
            Default: ``False``.
        _random_samples (Tensor, optional): shape :math:`(N, C, 2)` in [0, 1), fixing the
            window starts; drawn from the global seed on each call when ``None``.

    Inputs:
        - **input** (Tensor) - shape :math:`(N, C, H, W)` or :math:`(C, H, W)`.

    Outputs:
        Tensor, or ``(output, indices)`` with ``return_indices``.

    Raises:
        ValueError: neither size nor ratio is given, or the ratio is outside (0, 1).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.FractionalMaxPool2d(2, output_size=(3, 3))
        >>> print(net(ms.Tensor(np.random.rand(1, 1, 6, 6), ms.float32)).shape)
        (1, 1, 3, 3)
    """


class FractionalMaxPool3d(_FractionalMaxPool):
    r"""Fractional max pooling over :math:`(N, C, D, H, W)` or :math:`(C, D, H, W)`
    (``ops.fractional_max_pool3d``).

    Args:
        kernel_size (Union[int, tuple[int]]): the window.
        output_size (Union[int, tuple[int]], optional): the output's (D, H, W).
        output_ratio (Union[float, tuple[float]], optional): the output's size as a fraction of
            the input's, in (0, 1).
        return_indices (bool): also return the flat (D*H*W) positions of the maxima.
            Default: ``False``.
        _random_samples (Tensor, optional): shape :math:`(N, C, 3)` in [0, 1).

    Inputs:
        - **input** (Tensor) - shape :math:`(N, C, D, H, W)` or :math:`(C, D, H, W)`.

    Outputs:
        Tensor, or ``(output, indices)`` with ``return_indices``.

    Raises:
        ValueError: neither size nor ratio is given, or the ratio is outside (0, 1).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.FractionalMaxPool3d(2, output_size=(2, 2, 2))
        >>> print(net(ms.Tensor(np.random.rand(1, 1, 4, 4, 4), ms.float32)).shape)
        (1, 1, 2, 2, 2)
    """

    _nd = 3
