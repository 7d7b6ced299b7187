"""``mindspore.dataset.vision`` transforms with MindSpore's pixel-level results.

Images are numpy arrays <H, W> or <H, W, C> (HWC, as MindSpore's engine passes them); in the
pipeline the engine hands ``apply_batch`` the rows stacked to <N, H, W[, C]>. Resize reproduces
OpenCV's arithmetic (see ``_resize.py``); the crops and flips are exact index operations.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import numpy as np

from deepsink._core.validate import check_bool, fail
from deepsink.common import dtype as mstype
from deepsink.dataset.transforms.transforms import TensorOperation
from deepsink.dataset.vision import _resize
from deepsink.dataset.vision.utils import Border, Inter

_INTERP = {
    Inter.LINEAR: _resize.LINEAR,
    Inter.NEAREST: _resize.NEAREST,
    Inter.BICUBIC: _resize.CUBIC,
    Inter.AREA: _resize.AREA,
}


def _pair(size: Any, arg: str, api: str) -> tuple[int, int]:
    """An int or a sequence of two positive ints, as (height, width)."""
    if isinstance(size, int) and not isinstance(size, bool):
        size = (size, size)
    ok = isinstance(size, list | tuple) and len(size) == 2
    if not ok or any(isinstance(v, bool) or not isinstance(v, int) or v <= 0 for v in size):
        fail(api, arg, "a positive int or a sequence of two positive ints (height, width)", size)
    return int(size[0]), int(size[1])


def _image_batch(x: np.ndarray, api: str) -> tuple[np.ndarray, bool]:
    """<N, H, W> or <N, H, W, C> as <N, H, W, C>; True when a channel axis was added."""
    if x.ndim == 3:
        return x[..., None], True
    if x.ndim != 4:
        raise ValueError(
            f"For '{api}', the input image must be <H, W> or <H, W, C>, but got shape "
            f"{tuple(x.shape[1:])}"
        )
    return x, False


def _unbatch(x: Any, squeeze: bool) -> Any:
    return x[..., 0] if squeeze else x


def _float_out(x: np.ndarray) -> np.ndarray:
    return x.astype(np.float32)


class Resize(TensorOperation):
    """Resize to ``size`` (int: the shorter side, keeping the aspect ratio; or (height, width))."""

    traceable = True

    def __init__(self, size: int | Sequence[int], interpolation: Inter = Inter.LINEAR) -> None:
        if isinstance(size, int) and not isinstance(size, bool) and size > 0:
            self.size: int | tuple[int, int] = size
        else:
            self.size = _pair(size, "size", "Resize")
        if not isinstance(interpolation, Inter) or interpolation not in _INTERP:
            fail(
                "Resize",
                "interpolation",
                "one of Inter.LINEAR, Inter.NEAREST, Inter.BICUBIC, Inter.AREA",
                interpolation,
            )
        self.interpolation = interpolation

    def out_hw(self, h: int, w: int) -> tuple[int, int]:
        if isinstance(self.size, tuple):
            return self.size
        s = self.size
        return (s, int(s * w / h)) if h <= w else (int(s * h / w), s)

    def _run(self, xp: Any, x: Any) -> Any:
        x4, squeeze = _image_batch(x, "Resize")
        oh, ow = self.out_hw(int(x4.shape[1]), int(x4.shape[2]))
        return _unbatch(_resize.resize(xp, x4, oh, ow, _INTERP[self.interpolation]), squeeze)

    def apply_batch(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        return self._run(np, x)

    def jax_fn(self, x: Any, key: Any) -> Any:
        import jax.numpy as jnp

        return self._run(jnp, x)


class Rescale(TensorOperation):
    """``x * rescale + shift`` in float32."""

    traceable = True

    def __init__(self, rescale: float, shift: float) -> None:
        for arg, v in (("rescale", rescale), ("shift", shift)):
            if isinstance(v, bool) or not isinstance(v, int | float):
                fail("Rescale", arg, "a number", v, TypeError)
        self.rescale, self.shift = rescale, shift

    def apply_batch(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        out = np.array(x, dtype=np.float32, order="C")  # a C-ordered copy; then in place
        out *= np.float32(self.rescale)
        out += np.float32(self.shift)
        return out

    apply = apply_batch

    def jax_fn(self, x: Any, key: Any) -> Any:
        return x.astype(np.float32) * np.float32(self.rescale) + np.float32(self.shift)


class Normalize(TensorOperation):
    """``(x - mean) / std`` per channel, in float32 (``is_hwc``: channels last, else first)."""

    traceable = True

    def __init__(self, mean: Sequence[float], std: Sequence[float], is_hwc: bool = True) -> None:
        for arg, v in (("mean", mean), ("std", std)):
            if not isinstance(v, list | tuple) or not v:
                fail("Normalize", arg, "a non-empty list or tuple of numbers", v, TypeError)
        if len(mean) != len(std):
            fail("Normalize", "std", f"of the same length as mean ({len(mean)})", std)
        if any(not 0 <= m <= 255 for m in mean):
            fail("Normalize", "mean", "values in [0, 255]", mean)
        if any(not 0 < s <= 255 for s in std):
            fail("Normalize", "std", "values in (0, 255]", std)
        self.mean, self.std = list(mean), list(std)
        self.is_hwc = check_bool(is_hwc, "is_hwc", "Normalize")

    def _run(self, x: Any) -> Any:
        shape = [1] * x.ndim  # full rank, so no implicit rank promotion
        shape[1 if x.ndim == 4 and not self.is_hwc else -1] = -1
        mean = np.asarray(self.mean, np.float32).reshape(shape)
        std = np.asarray(self.std, np.float32).reshape(shape)
        channels = x.shape[-1] if self.is_hwc or x.ndim == 3 else x.shape[1]
        if x.ndim == 4 and len(self.mean) not in (1, channels):
            raise ValueError(
                f"For 'Normalize', the image has {channels} channels but mean and std "
                f"have {len(self.mean)} values"
            )
        return (x.astype(np.float32) - mean) / std

    def apply_batch(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        return self._run(np.asarray(x))

    def jax_fn(self, x: Any, key: Any) -> Any:
        return self._run(x)


class HWC2CHW(TensorOperation):
    """<H, W, C> to <C, H, W> (an <H, W> image is returned as is)."""

    traceable = True

    def _run(self, x: Any) -> Any:
        if x.ndim == 3:
            return x
        if x.ndim != 4:
            raise ValueError(
                f"For 'HWC2CHW', the input image must be <H, W> or <H, W, C>, but got "
                f"shape {tuple(x.shape[1:])}"
            )
        return x.transpose(0, 3, 1, 2)

    def apply_batch(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        return self._run(np.asarray(x))

    def jax_fn(self, x: Any, key: Any) -> Any:
        return self._run(x)


def _center_window(n: int, size: int) -> tuple[int, int, int]:
    """(pad_before, pad_after, offset) along one axis, as MindSpore's CenterCrop places it."""
    if size > n:
        d = size - n
        return d // 2 + d % 2, d // 2, 0
    return 0, 0, (n - size) // 2


class CenterCrop(TensorOperation):
    """Crop the centre ``size``; a side larger than the image is zero-padded (extra row on top)."""

    traceable = True

    def __init__(self, size: int | Sequence[int]) -> None:
        self.size = _pair(size, "size", "CenterCrop")

    def _run(self, xp: Any, x: Any) -> Any:
        x4, squeeze = _image_batch(x, "CenterCrop")
        (h, w), (ph, pw) = x4.shape[1:3], self.size
        top, bottom, oy = _center_window(h, ph)
        left, right, ox = _center_window(w, pw)
        if top or bottom or left or right:
            x4 = xp.pad(x4, ((0, 0), (top, bottom), (left, right), (0, 0)))
        return _unbatch(x4[:, oy : oy + ph, ox : ox + pw], squeeze)

    def apply_batch(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        return self._run(np, np.asarray(x))

    def jax_fn(self, x: Any, key: Any) -> Any:
        import jax.numpy as jnp

        return self._run(jnp, x)


def _padding4(padding: Any) -> tuple[int, int, int, int]:
    """MindSpore's padding forms as (left, top, right, bottom)."""
    if padding is None:
        return 0, 0, 0, 0
    if isinstance(padding, int) and not isinstance(padding, bool):
        padding = (padding,) * 4
    elif isinstance(padding, list | tuple) and len(padding) == 2:
        padding = (padding[0], padding[1], padding[0], padding[1])
    ok = isinstance(padding, list | tuple) and len(padding) == 4
    if not ok or any(isinstance(p, bool) or not isinstance(p, int) or p < 0 for p in padding):
        fail("RandomCrop", "padding", "a non-negative int or a sequence of 2 or 4 of them", padding)
    return tuple(int(p) for p in padding)


class RandomCrop(TensorOperation):
    """Pad (``padding``, ``pad_if_needed``), then crop ``size`` at a uniformly random offset."""

    traceable = True
    random_draws = 2

    def __init__(
        self,
        size: int | Sequence[int],
        padding: Any = None,
        pad_if_needed: bool = False,
        fill_value: int | Sequence[int] = 0,
        padding_mode: Border = Border.CONSTANT,
    ) -> None:
        self.size = _pair(size, "size", "RandomCrop")
        self.padding = _padding4(padding)
        self.pad_if_needed = check_bool(pad_if_needed, "pad_if_needed", "RandomCrop")
        fills = fill_value if isinstance(fill_value, list | tuple) else (fill_value,)
        if len(fills) not in (1, 3) or any(not 0 <= int(f) <= 255 for f in fills):
            fail("RandomCrop", "fill_value", "an int or 3 ints in [0, 255]", fill_value)
        self.fill_value = fill_value
        if not isinstance(padding_mode, Border):
            fail("RandomCrop", "padding_mode", "a Border", padding_mode, TypeError)
        self.padding_mode = padding_mode

    def _pads(self, h: int, w: int) -> tuple[tuple[int, int], tuple[int, int]]:
        left, top, right, bottom = self.padding
        ch, cw = self.size
        if self.pad_if_needed and h + top + bottom < ch:
            d = ch - (h + top + bottom)
            top, bottom = top + d, bottom + d
        if self.pad_if_needed and w + left + right < cw:
            d = cw - (w + left + right)
            left, right = left + d, right + d
        if h + top + bottom < ch or w + left + right < cw:
            raise ValueError(
                f"For 'RandomCrop', the crop size {self.size} is larger than the (padded)"
                f" image {(h + top + bottom, w + left + right)}; set pad_if_needed=True "
                "or a smaller size"
            )
        return (top, bottom), (left, right)

    def _pad(self, xp: Any, x4: Any) -> Any:
        (top, bottom), (left, right) = self._pads(int(x4.shape[1]), int(x4.shape[2]))
        if not (top or bottom or left or right):
            return x4
        widths = ((0, 0), (top, bottom), (left, right), (0, 0))
        if self.padding_mode != Border.CONSTANT:
            return xp.pad(x4, widths, mode=self.padding_mode.value)
        fills = self.fill_value if isinstance(self.fill_value, list | tuple) else [self.fill_value]
        if len(fills) == 1 or x4.shape[-1] != len(fills):
            return xp.pad(x4, widths, constant_values=fills[0])
        planes = [xp.pad(x4[..., c], widths[:3], constant_values=f) for c, f in enumerate(fills)]
        return xp.stack(planes, axis=-1)

    def offsets(self, xp: Any, u: Any, h: int, w: int) -> tuple[Any, Any]:
        """Crop offsets (top, left) from the per-sample uniforms, within the padded image."""
        ch, cw = self.size
        oy = xp.floor(u[:, 0] * (h - ch + 1)).astype(np.int32)
        ox = xp.floor(u[:, 1] * (w - cw + 1)).astype(np.int32)
        return oy, ox

    def apply_batch(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x4, squeeze = _image_batch(np.asarray(x), "RandomCrop")
        p = self._pad(np, x4)
        oy, ox = self.offsets(np, u, p.shape[1], p.shape[2])
        ch, cw = self.size
        rows = oy[:, None] + np.arange(ch)
        cols = ox[:, None] + np.arange(cw)
        out = p[np.arange(len(p))[:, None, None], rows[:, :, None], cols[:, None, :]]
        return _unbatch(out, squeeze)

    def jax_fn(self, x: Any, key: Any) -> Any:
        import jax
        import jax.numpy as jnp

        x4, squeeze = _image_batch(x, "RandomCrop")
        p = self._pad(jnp, x4)
        u = jax.random.uniform(key, (p.shape[0], 2), jnp.float32)
        oy, ox = self.offsets(jnp, u, p.shape[1], p.shape[2])
        size = (*self.size, p.shape[3])
        crop = jax.vmap(
            lambda im, y, x_: jax.lax.dynamic_slice(im, (y, x_, jnp.zeros_like(y)), size)
        )
        return _unbatch(crop(p, oy, ox), squeeze)


class _RandomFlip(TensorOperation):
    traceable = True
    random_draws = 1
    _axis = 2

    def __init__(self, prob: float = 0.5) -> None:
        if isinstance(prob, bool) or not isinstance(prob, int | float) or not 0 <= prob <= 1:
            fail(type(self).__name__, "prob", "a number in [0, 1]", prob)
        self.prob = prob

    def _run(self, xp: Any, x: Any, u: Any) -> Any:
        x4, squeeze = _image_batch(x, self.name)
        flip = (u[:, 0] < self.prob)[:, None, None, None]
        return _unbatch(xp.where(flip, xp.flip(x4, axis=self._axis), x4), squeeze)

    def apply_batch(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        return self._run(np, np.asarray(x), u)

    def jax_fn(self, x: Any, key: Any) -> Any:
        import jax
        import jax.numpy as jnp

        return self._run(jnp, x, jax.random.uniform(key, (x.shape[0], 1), jnp.float32))


class RandomHorizontalFlip(_RandomFlip):
    """Mirror left-right with probability ``prob``."""

    _axis = 2


class RandomVerticalFlip(_RandomFlip):
    """Mirror top-bottom with probability ``prob``."""

    _axis = 1


class Decode(TensorOperation):
    """Encoded bytes (a 1-D uint8 array: JPEG, PNG, BMP, ...) to an RGB <H, W, 3> uint8 image."""

    batched = False

    def __init__(self, to_pil: bool = False) -> None:
        self.to_pil = check_bool(to_pil, "to_pil", "Decode")

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> Any:
        from PIL import Image

        x = np.asarray(x)
        if x.dtype != np.uint8 or x.ndim != 1:
            raise TypeError(
                f"For 'Decode', the input must be a 1-D uint8 array of encoded bytes, "
                f"but got shape {x.shape} and dtype {x.dtype}"
            )
        try:
            img = Image.open(io.BytesIO(x.tobytes())).convert("RGB")
        except Exception as e:
            raise ValueError(f"For 'Decode', the input is not a decodable image: {e}") from e
        return img if self.to_pil else np.asarray(img)


class ToTensor(TensorOperation):
    """<H, W, C> in [0, 255] to <C, H, W> in [0, 1] of ``output_type`` (default float32)."""

    traceable = True

    def __init__(self, output_type: Any = np.float32) -> None:
        try:
            self._np = mstype.to_np(output_type)
        except TypeError:
            fail("ToTensor", "output_type", "a deepsink or numpy dtype", output_type, TypeError)
        self.output_type = output_type

    def _run(self, x: Any) -> Any:
        x4, _ = _image_batch(x, "ToTensor")
        return (x4.astype(np.float32) / np.float32(255)).transpose(0, 3, 1, 2).astype(self._np)

    def apply_batch(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        return self._run(np.asarray(x))

    def jax_fn(self, x: Any, key: Any) -> Any:
        return self._run(x)
