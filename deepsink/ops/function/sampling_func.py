"""Padding, resampling and patch ops (``ops.pad``, ``ops.interpolate``/``ops.upsample``,
``ops.pixel_shuffle``, ``ops.pixel_unshuffle``, ``ops.unfold``, ``ops.fold``,
``ops.adaptive_avg_pool1d/2d/3d``, ``ops.adaptive_max_pool1d/2d/3d``). The ``nn`` padding,
upsampling, pixel-shuffle and adaptive pooling Cells call these.

Interpolation follows MindSpore's (PyTorch's) coordinate rules: with ``align_corners`` the corner
pixels map onto each other, without it pixel centres do (half-pixel offsets); ``nearest`` takes
``floor(dst * in / out)``. Each spatial axis is resampled separately (gathers and lerps).
"""

from __future__ import annotations

import math
from typing import Any

import jax
import jax.numpy as jnp
from jax import lax

from deepsink._core.graphs import composite
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.function import resize_func

_PAD_MODES = {"constant": "constant", "reflect": "reflect", "replicate": "edge", "circular": "wrap"}


def pad(input_x: Any, padding: Any, mode: str = "constant", value: Any = None) -> Tensor:
    """Pad the last ``len(padding) // 2`` axes: ``padding = (left, right, top, bottom, ...)``
    from the last axis backwards; negative amounts crop. ``mode``: 'constant' (``value``, default
    0), 'reflect', 'replicate' or 'circular'."""
    a = U.array(input_x, "pad", "input_x")
    if isinstance(padding, Tensor):
        padding = [int(v) for v in U.shape_value(padding, "pad", "padding").reshape(-1).tolist()]
    if not isinstance(padding, tuple | list):
        U.fail_arg(
            "pad", "padding", "a tuple of int or list of int or a Tensor", padding, TypeError
        )
    if len(padding) % 2:
        U.fail("pad", f"the size of padding must be divisible by 2, but got {len(padding)}")
    if not all(isinstance(p, int) for p in padding):  # (before, after) pairs are refused
        U.fail(
            "pad",
            f"the paddings value must be tuple of int or list of int, but got {padding}",
            TypeError,
        )
    if len(padding) // 2 > a.ndim:
        U.fail("pad", f"'padding' pads {len(padding) // 2} axes, but the input has {a.ndim}")
    if mode not in _PAD_MODES:
        U.fail("pad", f"'mode' must be one of {list(_PAD_MODES)}, but got {mode!r}")
    widths = [(0, 0)] * a.ndim
    for i in range(len(padding) // 2):
        widths[a.ndim - 1 - i] = (int(padding[2 * i]), int(padding[2 * i + 1]))
    if mode == "constant":
        fill = 0 if value is None else value
        lo_hi = [(lo, hi, 0) for lo, hi in widths]
        return Tensor._from(lax.pad(a, jnp.asarray(fill, a.dtype), lo_hi))
    if any(lo < 0 or hi < 0 for lo, hi in widths):  # crop first, then pad what is positive
        crop = tuple(
            slice(max(-lo, 0), size - max(-hi, 0)) for (lo, hi), size in zip(widths, a.shape)
        )
        a = a[crop]
        widths = [(max(lo, 0), max(hi, 0)) for lo, hi in widths]
    if mode == "reflect":
        for ax, (lo, hi) in enumerate(widths):
            if lo >= a.shape[ax] or hi >= a.shape[ax]:
                U.fail(
                    "pad",
                    f"reflect padding {(lo, hi)} must be less than the size "
                    f"{a.shape[ax]} of axis {ax}",
                )
    return Tensor._from(jnp.pad(a, widths, mode=_PAD_MODES[mode]))


def _size_and_scales(shape, size, scale_factor, recompute, api):
    spatial = shape[2:]
    n = len(spatial)
    if (size is None) == (scale_factor is None):
        U.fail(api, "exactly one of 'size' and 'scale_factor' must be given")
    if size is not None:
        out = [int(size)] * n if isinstance(size, int) else [int(s) for s in size]
        if len(out) != n:
            U.fail(api, f"'size' must have {n} elements for a {len(shape)}-D input, got {size}")
        return out, [None] * n
    factors = (
        [float(scale_factor)] * n
        if isinstance(scale_factor, int | float)
        else [float(s) for s in scale_factor]
    )
    if len(factors) != n:
        U.fail(api, f"'scale_factor' must have {n} elements, got {scale_factor}")
    out = [int(math.floor(s * f)) for s, f in zip(spatial, factors)]
    return out, [None] * n if recompute else factors


def _src_coord(out_size, in_size, scale, align_corners, cubic=False):
    """Source coordinate of each output index (float), PyTorch's area_pixel_compute_source_index."""
    dst = jnp.arange(out_size, dtype=jnp.float32)
    if align_corners:
        ratio = (in_size - 1) / (out_size - 1) if out_size > 1 else 0.0
        return dst * ratio
    ratio = (1.0 / scale) if scale else in_size / out_size
    src = (dst + 0.5) * ratio - 0.5
    return src if cubic else jnp.maximum(src, 0.0)


def _linear_axis(a, axis, out_size, scale, align_corners):
    in_size = a.shape[axis]
    src = _src_coord(out_size, in_size, scale, align_corners)
    i0 = jnp.clip(jnp.floor(src).astype(jnp.int32), 0, in_size - 1)
    i1 = jnp.minimum(i0 + 1, in_size - 1)
    w = (src - i0).astype(a.dtype)
    shape = [1] * a.ndim
    shape[axis] = out_size
    w = w.reshape(shape)
    return jnp.take(a, i0, axis=axis) * (1 - w) + jnp.take(a, i1, axis=axis) * w


def _cubic_axis(a, axis, out_size, scale, align_corners):
    """PyTorch's cubic convolution (``mint``'s bicubic rule): A = -0.75, taps outside the input
    repeat the edge pixel. ``ops``' rule is MindSpore's kernel, :func:`resize_func.bicubic_2d`."""
    A = -0.75  # noqa: N806
    in_size = a.shape[axis]
    src = _src_coord(out_size, in_size, scale, align_corners, cubic=True)
    f = jnp.floor(src)
    t = (src - f).astype(a.dtype)

    def k1(x):  # |x| <= 1
        return ((A + 2) * x - (A + 3)) * x * x + 1

    def k2(x):  # 1 < |x| < 2
        return ((A * x - 5 * A) * x + 8 * A) * x - 4 * A

    ws = [k2(t + 1), k1(t), k1(1 - t), k2(2 - t)]
    shape = [1] * a.ndim
    shape[axis] = out_size
    out = 0
    for k, w in enumerate(ws):
        idx = jnp.clip(f.astype(jnp.int32) - 1 + k, 0, in_size - 1)
        out = out + jnp.take(a, idx, axis=axis) * w.reshape(shape)
    return out


def _nearest_axis(a, axis, out_size, scale, exact):
    in_size = a.shape[axis]
    ratio = (1.0 / scale) if scale else in_size / out_size
    dst = jnp.arange(out_size, dtype=jnp.float32)
    src = jnp.floor((dst + 0.5) * ratio) if exact else jnp.floor(dst * ratio)
    return jnp.take(a, jnp.clip(src.astype(jnp.int32), 0, in_size - 1), axis=axis)


_MODES_BY_RANK = {"linear": 3, "bilinear": 4, "bicubic": 4, "trilinear": 5}


def interpolate(
    input: Any,
    size: Any = None,
    scale_factor: Any = None,
    mode: str = "nearest",
    align_corners: bool | None = None,
    recompute_scale_factor: bool | None = None,
) -> Tensor:
    """Resize the spatial axes (2..) of an (N, C, ...) input to ``size`` or by ``scale_factor``.
    ``mode``: 'nearest', 'nearest-exact', 'linear' (3-D), 'bilinear'/'bicubic' (4-D),
    'trilinear' (5-D), 'area'. As MindSpore 2.10's ``ops.interpolate``, ``scale_factor`` is
    accepted only by 'area', 'trilinear' and 5-D 'nearest' unless ``recompute_scale_factor``
    (then the size is ``floor(in * scale)``), and ``align_corners`` only by the linear and cubic
    modes."""
    a = U.array(input, "interpolate")
    if isinstance(size, list):
        size = tuple(size)
    if isinstance(scale_factor, list):
        scale_factor = tuple(scale_factor)
    if size is not None and scale_factor is not None:
        U.fail("interpolate", "'size' and 'scale_factor' cannot be set simultaneously")
    if size is None and scale_factor is None:
        U.fail("interpolate", "'size' and 'scale_factor' cannot be both empty")
    if isinstance(mode, list) or mode not in _OPS_OPTIONS:
        U.fail("interpolate", f"'mode' must be in '{list(_OPS_OPTIONS)}', but got {mode}")
    ranks = _OPS_OPTIONS[mode]
    if a.ndim not in ranks:
        U.fail("interpolate", f"{mode} only support '{list(ranks)}'D, but got {a.ndim}D")
    if mode == "area" and size is None:
        recompute_scale_factor = True  # area always resizes to an explicit size
    if recompute_scale_factor:
        if size is not None:
            U.fail(
                "interpolate",
                "it is incorrect to set 'recompute_scale_factor' to True after "
                "specifying an explicit 'size'.",
            )
        scales = scale_factor if isinstance(scale_factor, tuple) else (scale_factor,) * (a.ndim - 2)
        size = tuple(math.floor(n * f) for n, f in zip(a.shape[2:], scales))
        scale_factor = None
    elif scale_factor is not None and "scale_factor" not in ranks[a.ndim]:
        U.fail(
            "interpolate",
            f"'scale_factor' option cannot currently be set with the mode = "
            f"{mode} and dim = {a.ndim}D.",
        )
    if align_corners is not None and "align_corners" not in ranks[a.ndim]:
        U.fail(
            "interpolate",
            f"'align_corners' option cannot currently be set with the mode = "
            f"{mode}, and dim = {a.ndim}D",
        )
    return resize(input, size, scale_factor, mode, align_corners, None)


# what MindSpore 2.10's ops.interpolate accepts: mode -> input rank -> options
_OPS_OPTIONS = {
    "nearest": {3: (), 4: (), 5: ("scale_factor",)},
    "linear": {3: ("align_corners",)},
    "bilinear": {4: ("align_corners",)},
    "bicubic": {4: ("align_corners",)},
    "area": {3: ("scale_factor",), 4: ("scale_factor",), 5: ("scale_factor",)},
    "nearest-exact": {3: (), 4: ()},
    "trilinear": {5: ("align_corners", "scale_factor")},
}


def resize(
    input: Any,
    size: Any,
    scale_factor: Any,
    mode: str,
    align_corners: bool | None,
    recompute_scale_factor: bool | None,
    cubic_rule: str = "mindspore",
) -> Tensor:
    """:func:`interpolate`'s core; ``cubic_rule`` 'pytorch' gives ``mint``'s bicubic
    (A = -0.75, edge taps repeated) instead of ``ops``' (A = -0.5, outside taps dropped)."""
    api = "interpolate"
    a = U.array(input, api)
    if a.ndim < 3:
        U.fail(api, f"'input' must be 3-D, 4-D or 5-D (N, C, ...), but got shape {list(a.shape)}")
    if mode in _MODES_BY_RANK and a.ndim != _MODES_BY_RANK[mode]:
        U.fail(api, f"mode {mode!r} needs a {_MODES_BY_RANK[mode]}-D input, but got {a.ndim}-D")
    if align_corners and mode not in ("linear", "bilinear", "bicubic", "trilinear"):
        U.fail(api, f"'align_corners' only applies to the linear and cubic modes, not {mode!r}")
    out_sizes, scales = _size_and_scales(a.shape, size, scale_factor, recompute_scale_factor, api)
    x = (
        a
        if jnp.issubdtype(a.dtype, jnp.floating) or mode.startswith("nearest")
        else (a.astype(jnp.float32))
    )
    if mode == "area":
        if a.ndim == 3:  # 2.10 runs 1-D 'area' as adaptive_avg_pool1d, which wants whole windows
            n, o = a.shape[-1], out_sizes[0]
            head = "For adaptive_avg_pool1d input's last dimension must be"
            if n < o:
                raise ValueError(f"{head} greater or equal to output size {o}, but got {n}.")
            if n % o:
                raise ValueError(f"{head} divisible by output size {o}, but got {n}.")
        return adaptive_avg_pool_nd(Tensor._from(x), tuple(out_sizes), api)
    if mode == "bicubic" and cubic_rule != "pytorch":  # MindSpore's ResizeBicubic kernel
        ac = bool(align_corners)
        return Tensor._from(resize_func.bicubic_2d(x, *out_sizes, ac, not ac))
    for i, (o, s) in enumerate(zip(out_sizes, scales)):
        axis = 2 + i
        if mode in ("nearest", "nearest-exact"):
            x = _nearest_axis(x, axis, o, s, mode == "nearest-exact")
        elif mode in ("linear", "bilinear", "trilinear"):
            x = _linear_axis(x, axis, o, s, bool(align_corners))
        elif mode == "bicubic":
            x = _cubic_axis(x, axis, o, s, bool(align_corners))
        else:
            U.fail(
                api,
                f"'mode' must be one of nearest, nearest-exact, linear, bilinear, bicubic, "
                f"trilinear, area, but got {mode!r}",
            )
    return Tensor._from(x.astype(a.dtype) if mode.startswith("nearest") else x)


upsample = interpolate


def pixel_shuffle(input: Any, upscale_factor: int) -> Tensor:
    """(*, C r^2, H, W) -> (*, C, H r, W r)."""
    a = U.array(input, "pixel_shuffle")
    r = int(upscale_factor)
    if a.ndim < 3 or a.shape[-3] % (r * r):
        U.fail(
            "pixel_shuffle",
            f"the channels of 'input' (shape {list(a.shape)}) must be "
            f"divisible by upscale_factor^2 = {r * r}",
        )
    *lead, c, h, w = a.shape
    x = a.reshape(*lead, c // (r * r), r, r, h, w)
    n = len(lead)
    x = x.transpose(*range(n), n, n + 3, n + 1, n + 4, n + 2)
    return Tensor._from(x.reshape(*lead, c // (r * r), h * r, w * r))


def pixel_unshuffle(input: Any, downscale_factor: int) -> Tensor:
    """(*, C, H r, W r) -> (*, C r^2, H, W)."""
    a = U.array(input, "pixel_unshuffle")
    r = int(downscale_factor)
    if a.ndim < 3 or a.shape[-1] % r or a.shape[-2] % r:
        U.fail(
            "pixel_unshuffle",
            f"the height and width of 'input' (shape {list(a.shape)}) must "
            f"be divisible by downscale_factor = {r}",
        )
    *lead, c, h, w = a.shape
    x = a.reshape(*lead, c, h // r, r, w // r, r)
    n = len(lead)
    x = x.transpose(*range(n), n, n + 2, n + 4, n + 1, n + 3)
    return Tensor._from(x.reshape(*lead, c * r * r, h // r, w // r))


def _pair(v: Any, n: int = 2) -> tuple[int, ...]:
    """An int or n ints; a Tensor of ints too (``ops.fold`` takes ``output_size`` as one)."""
    if isinstance(v, Tensor):
        v = v.asnumpy().tolist()
    return tuple(int(x) for x in v) if isinstance(v, tuple | list) else (int(v),) * n


def unfold(
    input: Any, kernel_size: Any, dilation: Any = 1, padding: Any = 0, stride: Any = 1
) -> Tensor:
    """Sliding local blocks (im2col): (N, C, H, W) -> (N, C kh kw, L)."""
    a = U.array(input, "unfold")
    if a.ndim != 4:
        U.fail("unfold", f"'input' must be 4-D (N, C, H, W), but got shape {list(a.shape)}")
    k, d, p, s = _pair(kernel_size), _pair(dilation), _pair(padding), _pair(stride)
    patches = lax.conv_general_dilated_patches(
        a,
        k,
        s,
        [(p[0], p[0]), (p[1], p[1])],
        rhs_dilation=d,
        dimension_numbers=("NCHW", "OIHW", "NCHW"),
    )
    n, ckk = patches.shape[:2]
    return Tensor._from(patches.reshape(n, ckk, -1))


def fold(
    input: Any,
    output_size: Any,
    kernel_size: Any,
    dilation: Any = 1,
    padding: Any = 0,
    stride: Any = 1,
) -> Tensor:
    """The adjoint of :func:`unfold` (overlaps sum): (N, C kh kw, L) -> (N, C, H, W)."""
    a = U.array(input, "fold")
    out = _pair(output_size)
    k = _pair(kernel_size)
    n, ckk, _ = a.shape
    c = ckk // (k[0] * k[1])
    zeros = jnp.zeros((n, c, *out), a.dtype)
    _, vjp = jax.vjp(lambda z: unfold(Tensor._from(z), k, dilation, padding, stride)._data, zeros)
    return Tensor._from(vjp(a)[0])


def _bins(size: int, out: int) -> list[tuple[int, int]]:
    """PyTorch's adaptive bins: [floor(i * size / out), ceil((i + 1) * size / out))."""
    return [((i * size) // out, -(-((i + 1) * size) // out)) for i in range(out)]


def _check_adaptive(a: jax.Array, out: tuple[int | None, ...], api: str) -> None:
    n = len(out)
    if a.ndim not in (n + 1, n + 2):
        U.fail(api, f"'input' must be {n + 1}-D or {n + 2}-D, but got shape {list(a.shape)}")
    if any(o is not None and int(o) <= 0 for o in out):
        U.fail(api, f"'output_size' must be positive, but got {out}")


def _adaptive(a: jax.Array, out: tuple[int | None, ...], reduce) -> jax.Array:
    n = len(out)
    x = a
    for i, o in enumerate(out):
        axis = a.ndim - n + i
        size = x.shape[axis]
        o = size if o is None else int(o)
        parts = [
            reduce(lax.slice_in_dim(x, lo, hi, axis=axis), axis=axis, keepdims=True)
            for lo, hi in _bins(size, o)
        ]
        x = jnp.concatenate(parts, axis=axis)
    return x


def _out_size(output_size: Any, n: int) -> tuple[int | None, ...]:
    if isinstance(output_size, tuple | list):
        return tuple(None if v is None else int(v) for v in output_size)
    return (int(output_size),) * n


def adaptive_avg_pool_nd(input: Any, output_size: Any, api: str) -> Tensor:
    n = len(output_size) if isinstance(output_size, tuple | list) else int(api[-2])
    return adaptive_pool(input, output_size, n, "avg", api)


def adaptive_pool(
    input: Any, output_size: Any, n: int, op: str, api: str, return_indices: bool = False
) -> Any:
    """Adaptive ``op`` ('avg' or 'max') pooling of the last ``n`` axes to ``output_size`` (an int
    or ``n`` values, None keeping a size); 'max' also returns the flat argmax positions (Int64)
    when ``return_indices``. The ``ops`` and ``mint`` adaptive poolings call this."""
    out = _out_size(output_size, n)
    if len(out) != n:
        U.fail(api, f"'output_size' must have {n} values, but got {output_size}")
    a = U.floating(U.array(input, api)) if op == "avg" else U.array(input, api)
    _check_adaptive(a, out, api)
    if op == "avg":
        return Tensor._from(_adaptive_mean(a, out=out))
    if not return_indices:
        return Tensor._from(_adaptive_max(a, out=out))
    values, where = _max_with_indices(a, out=out)
    return Tensor._from(values), Tensor._from(where)


@composite(static_argnames=("out",))
def _adaptive_mean(a: jax.Array, out: tuple) -> jax.Array:
    return _adaptive(a, out, jnp.mean)


@composite(static_argnames=("out",))
def _adaptive_max(a: jax.Array, out: tuple) -> jax.Array:
    return _adaptive(a, out, jnp.max)


def _divisible_1d(input: Any, output_size: Any, api: str) -> int:
    """``ops``' 1-D adaptive pools need the length divisible by ``output_size`` (MindSpore's
    rule; ``mint``'s do not)."""
    o = int(output_size)
    length = U.array(input, api).shape[-1]
    if o <= 0 or length % o:
        U.fail(
            api,
            f"the last dimension {length} of 'input' must be divisible by "
            f"'output_size' {output_size}",
        )
    return o


def adaptive_avg_pool1d(input: Any, output_size: int) -> Tensor:
    o = _divisible_1d(input, output_size, "adaptive_avg_pool1d")
    return adaptive_pool(input, o, 1, "avg", "adaptive_avg_pool1d")


def adaptive_avg_pool2d(input: Any, output_size: Any) -> Tensor:
    return adaptive_pool(input, output_size, 2, "avg", "adaptive_avg_pool2d")


def adaptive_avg_pool3d(input: Any, output_size: Any) -> Tensor:
    return adaptive_pool(input, output_size, 3, "avg", "adaptive_avg_pool3d")


@composite(static_argnames=("out", "index_dtype"))
def _max_with_indices(
    a: jax.Array, out: tuple[int | None, ...], index_dtype: str = "int64"
) -> tuple[jax.Array, jax.Array]:
    """The adaptive maxima and their flat positions (``index_dtype``), as one program."""
    values = _adaptive(a, out, jnp.max)
    n = len(out)
    spatial = a.shape[-n:]
    flat_index = jnp.arange(math.prod(spatial), dtype=jnp.int32).reshape(spatial)
    flat_index = jnp.broadcast_to(flat_index, a.shape)
    # the index of the maximum of each bin: max over (value, -index) pairs via a masked argmax
    x = a
    idx = flat_index
    for i, o in enumerate(out):
        axis = a.ndim - n + i
        size = x.shape[axis]
        o = size if o is None else int(o)
        vs, js = [], []
        for lo, hi in _bins(size, o):
            xs = lax.slice_in_dim(x, lo, hi, axis=axis)
            ids = lax.slice_in_dim(idx, lo, hi, axis=axis)
            k = jnp.argmax(xs, axis=axis, keepdims=True)
            vs.append(jnp.take_along_axis(xs, k, axis=axis))
            js.append(jnp.take_along_axis(ids, k, axis=axis))
        x, idx = jnp.concatenate(vs, axis=axis), jnp.concatenate(js, axis=axis)
    return values, idx.astype(index_dtype)


def adaptive_max_pool1d(input: Any, output_size: int) -> Tensor:
    o = _divisible_1d(input, output_size, "adaptive_max_pool1d")
    return adaptive_pool(input, o, 1, "max", "adaptive_max_pool1d")


def adaptive_max_pool2d(input: Any, output_size: Any, return_indices: bool = False) -> Any:
    return adaptive_pool(input, output_size, 2, "max", "adaptive_max_pool2d", return_indices)


def adaptive_max_pool3d(input: Any, output_size: Any, return_indices: bool = False) -> Any:
    return adaptive_pool(input, output_size, 3, "max", "adaptive_max_pool3d", return_indices)


def adaptive_max_pool3d_int32(input: Any, output_size: Any) -> tuple[Tensor, Tensor]:
    """``AdaptiveMaxPool3D``'s ``(y, argmax)``: the argmax as Int32."""
    api = "AdaptiveMaxPool3D"
    a, out = U.array(input, api, "x"), _out_size(output_size, 3)
    if len(out) != 3:
        U.fail(api, f"'output_size' must have 3 values, but got {output_size}")
    _check_adaptive(a, out, api)
    values, where = _max_with_indices(a, out=out, index_dtype="int32")
    return Tensor._from(values), Tensor._from(where)
