"""Image sampling computations behind MindSpore's image primitives that have no functional twin
(TensorFlow's ops of the same names define them): ``ScaleAndTranslate`` (separable resampling
with an antialiasing kernel, JAX's own scale-and-translate with TensorFlow's eight kernels),
``ExtractGlimpse`` (fixed-size windows at per-image offsets, noise outside the image),
``CombinedNonMaxSuppression`` (per-class greedy NMS merged over classes) and
``SampleDistortedBoundingBoxV2`` (a random crop covering part of a box).
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.image import scale as _jax_scale  # the kernel-taking core of scale_and_translate

from deepsink._core import random as _random
from deepsink._core.graphs import composite
from deepsink._core.kernel_host_samplers import entropy64
from deepsink._core.kernel_samplers import philox_words, unit_floats
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.function.sequence_func import concrete


# --- ScaleAndTranslate -----------------------------------------------------------------------
def _lanczos(radius: float):
    return lambda x: jnp.where(x < radius, jnp.sinc(x) * jnp.sinc(x / radius), 0.0)


def _cubic(b: float, c: float):
    """Mitchell-Netravali cubics: ``(b, c) = (0, 0.5)`` is Keys', ``(1/3, 1/3)`` Mitchell's."""

    def k(x):
        near = ((12 - 9 * b - 6 * c) * x**3 + (-18 + 12 * b + 6 * c) * x**2 + (6 - 2 * b)) / 6
        far = (
            (-b - 6 * c) * x**3
            + (6 * b + 30 * c) * x**2
            + (-12 * b - 48 * c) * x
            + (8 * b + 24 * c)
        ) / 6
        return jnp.where(x < 1, near, jnp.where(x < 2, far, 0.0))

    return k


SCALE_KERNELS = {
    "lanczos1": _lanczos(1.0),
    "lanczos3": _lanczos(3.0),
    "lanczos5": _lanczos(5.0),
    "gaussian": lambda x: jnp.where(x < 1.5, jnp.exp(-2.0 * x * x), 0.0),  # sigma 0.5, radius 3σ
    "box": lambda x: jnp.where(x < 0.5, 1.0, jnp.where(x == 0.5, 0.5, 0.0)),
    "triangle": lambda x: jnp.maximum(0.0, 1.0 - x),
    "keyscubic": _cubic(0.0, 0.5),
    "mitchellcubic": _cubic(1.0 / 3, 1.0 / 3),
}


def scale_and_translate(
    images: Any,
    size: Any,
    scale: Any,
    translation: Any,
    kernel_type: str = "lanczos3",
    antialias: bool = True,
) -> Tensor:
    """Resample NHWC ``images`` to ``size`` (H, W): output pixel ``o`` samples the input at
    ``(o + 0.5 - translation) / scale - 0.5`` through ``kernel_type`` (widened by ``1/scale``
    when downscaling with ``antialias``). Float32 output."""
    api = "ScaleAndTranslate"
    x = U.array(images, api, "images")
    if x.ndim != 4:
        U.fail(api, f"'images' must be 4-D (N, H, W, C), but got shape {list(x.shape)}")
    sz = U.array(size, api, "size")
    if not jnp.issubdtype(sz.dtype, jnp.integer) or sz.shape != (2,):
        U.fail(
            api,
            f"'size' must be an int32 Tensor of shape (2,), but got {sz.dtype} {list(sz.shape)}",
        )
    hw = concrete(sz, api, "size")
    if np.any(hw <= 0):
        U.fail(api, f"'size' must be positive, but got {hw.tolist()}")
    sc = U.array(scale, api, "scale")
    tr = U.array(translation, api, "translation")
    if sc.shape != (2,) or tr.shape != (2,):
        U.fail(
            api,
            f"'scale' and 'translation' must have shape (2,), but got {list(sc.shape)} "
            f"and {list(tr.shape)}",
        )
    out_shape = (x.shape[0], int(hw[0]), int(hw[1]), x.shape[3])
    kernel = SCALE_KERNELS[kernel_type]
    return Tensor._from(
        _scale_translate(x, sc, tr, out_shape=out_shape, kernel=kernel, antialias=antialias)
    )


@composite(static_argnames=("out_shape", "kernel", "antialias"))
def _scale_translate(
    x: Any, sc: Any, tr: Any, *, out_shape: tuple, kernel: Any, antialias: bool
) -> Any:
    """:func:`scale_and_translate` of checked arrays, one compiled program op by op."""
    y = _jax_scale._scale_and_translate(
        x.astype(jnp.float32),
        out_shape,
        (1, 2),
        sc.astype(jnp.float32),
        tr.astype(jnp.float32),
        kernel,
        antialias,
        jax.lax.Precision.HIGHEST,
    )
    return y.astype(jnp.float32)


# --- ExtractGlimpse -----------------------------------------------------------------------------
def extract_glimpse(
    x: Any,
    size: Any,
    offsets: Any,
    centered: bool = True,
    normalized: bool = True,
    noise: str = "uniform",
) -> Tensor:
    """Windows of ``size`` (h, w) from NHWC ``x`` at ``offsets`` (y, x) per image: pixel offsets
    from the top-left, or from the centre with ``centered``, scaled by the image's size (and
    halved when centered) with ``normalized``; the window's top-left is the offset minus half
    the window, truncated. Positions outside the image get ``noise``: zeros, uniform in the
    channel's [min, max], or Gaussian with the channel's mean and standard deviation."""
    api = "ExtractGlimpse"
    a = U.array(x, api, "x")
    if a.ndim != 4:
        U.fail(api, f"'x' must be 4-D (N, H, W, C), but got shape {list(a.shape)}")
    sz = U.array(size, api, "size")
    if sz.dtype != jnp.int32 or sz.shape != (2,):
        U.fail(
            api,
            f"'size' must be an int32 Tensor of shape (2,), but got {sz.dtype} {list(sz.shape)}",
            TypeError if sz.dtype != jnp.int32 else ValueError,
        )
    gh, gw = (int(v) for v in concrete(sz, api, "size"))
    off = U.array(offsets, api, "offsets")
    if off.shape != (a.shape[0], 2):
        U.fail(api, f"'offsets' must have shape ({a.shape[0]}, 2), but got {list(off.shape)}")
    n, h, w, c = a.shape
    y0, x0 = off[:, 0].astype(jnp.float32), off[:, 1].astype(jnp.float32)
    if normalized:
        y0, x0 = y0 * h, x0 * w
        if centered:
            y0, x0 = y0 / 2 + h / 2, x0 / 2 + w / 2
    elif centered:
        y0, x0 = y0 + h / 2, x0 + w / 2
    top = jnp.trunc(y0 - gh / 2).astype(jnp.int32)
    left = jnp.trunc(x0 - gw / 2).astype(jnp.int32)
    rows = top[:, None] + jnp.arange(gh)  # (N, gh)
    cols = left[:, None] + jnp.arange(gw)
    inside = ((rows >= 0) & (rows < h))[:, :, None] & ((cols >= 0) & (cols < w))[:, None, :]
    bi = jnp.arange(n)[:, None, None]
    got = a[bi, jnp.clip(rows, 0, h - 1)[:, :, None], jnp.clip(cols, 0, w - 1)[:, None, :]]
    shape = (n, gh, gw, c)
    if noise == "zero":
        fill = jnp.zeros(shape, a.dtype)
    elif noise == "uniform":
        lo, hi = a.min(axis=(1, 2)), a.max(axis=(1, 2))
        u = jax.random.uniform(_random.next_key(), shape, jnp.float32)
        fill = (lo[:, None, None] + u * (hi - lo)[:, None, None]).astype(a.dtype)
    else:
        mean, std = a.mean(axis=(1, 2)), a.std(axis=(1, 2))
        g = jax.random.normal(_random.next_key(), shape, jnp.float32)
        fill = (mean[:, None, None] + g * std[:, None, None]).astype(a.dtype)
    return Tensor._from(jnp.where(inside[..., None], got, fill))


# --- CombinedNonMaxSuppression --------------------------------------------------------------------
def _iou(a: np.ndarray, b: np.ndarray) -> float:
    ay1, ay2 = sorted((a[0], a[2]))
    ax1, ax2 = sorted((a[1], a[3]))
    by1, by2 = sorted((b[0], b[2]))
    bx1, bx2 = sorted((b[1], b[3]))
    area_a, area_b = (ay2 - ay1) * (ax2 - ax1), (by2 - by1) * (bx2 - bx1)
    if area_a <= 0 or area_b <= 0:
        return 0.0
    inter = max(min(ay2, by2) - max(ay1, by1), 0) * max(min(ax2, bx2) - max(ax1, bx1), 0)
    return float(inter / (area_a + area_b - inter))


def _scalar(v: Any, api: str, arg: str, kind: str) -> Any:
    a = U.array(v, api, arg)
    if a.ndim != 0 or (kind == "i") != bool(jnp.issubdtype(a.dtype, jnp.integer)):
        U.fail(
            api,
            f"'{arg}' must be a scalar {'int32' if kind == 'i' else 'float'} Tensor, "
            f"but got {a.dtype} {list(a.shape)}",
            TypeError,
        )
    return concrete(a, api, arg).item()


def combined_non_max_suppression(
    boxes: Any,
    scores: Any,
    max_output_size_per_class: Any,
    max_total_size: Any,
    iou_threshold: Any,
    score_threshold: Any,
    pad_per_class: bool = False,
    clip_boxes: bool = True,
) -> tuple:
    """Greedy NMS per batch and class over ``boxes`` (B, N, q, 4) (q is 1 or the class count)
    and ``scores`` (B, N, C), then the best ``max_total_size`` over all classes: boxes, scores,
    classes (Float32) and the number of valid detections (Int32)."""
    api = "CombinedNonMaxSuppression"
    bx = concrete(U.array(boxes, api, "boxes"), api, "boxes").astype(np.float32)
    scr = concrete(U.array(scores, api, "scores"), api, "scores").astype(np.float32)
    if (
        bx.ndim != 4
        or bx.shape[-1] != 4
        or scr.ndim != 3
        or scr.shape[:2] != bx.shape[:2]
        or bx.shape[2] not in (1, scr.shape[2])
    ):
        U.fail(
            api,
            f"'boxes' must be (B, N, q, 4) and 'scores' (B, N, C) with q 1 or C, but got "
            f"{list(bx.shape)} and {list(scr.shape)}",
        )
    per_class = _scalar(max_output_size_per_class, api, "max_output_size_per_class", "i")
    total = _scalar(max_total_size, api, "max_total_size", "i")
    iou_t = _scalar(iou_threshold, api, "iou_threshold", "f")
    score_t = _scalar(score_threshold, api, "score_threshold", "f")
    if per_class <= 0 or total <= 0:
        U.fail(
            api,
            f"'max_output_size_per_class' and 'max_total_size' must be positive, but got "
            f"{per_class} and {total}",
        )
    if not 0 <= iou_t <= 1:
        U.fail(api, f"'iou_threshold' must be in [0, 1], but got {iou_t}")
    nb, nbox, ncls = scr.shape
    size = min(total, per_class * ncls) if pad_per_class else total
    out_b = np.zeros((nb, size, 4), np.float32)
    out_s = np.zeros((nb, size), np.float32)
    out_c = np.zeros((nb, size), np.float32)
    valid = np.zeros((nb,), np.int32)
    for b in range(nb):
        picked = []
        for c in range(ncls):
            cand = [i for i in np.argsort(-scr[b, :, c], kind="stable") if scr[b, i, c] > score_t]
            kept: list = []
            for i in cand:
                if len(kept) == per_class:
                    break
                box = bx[b, i, c if bx.shape[2] > 1 else 0]
                if all(_iou(box, k) <= iou_t for k in (kk[1] for kk in kept)):
                    kept.append((scr[b, i, c], box, c))
            picked.extend(kept)
        picked.sort(key=lambda t: -t[0])
        picked = picked[:size]
        valid[b] = len(picked)
        for j, (s, box, c) in enumerate(picked):
            out_b[b, j] = np.clip(box, 0.0, 1.0) if clip_boxes else box
            out_s[b, j], out_c[b, j] = s, c
    return tuple(Tensor._from(jnp.asarray(v)) for v in (out_b, out_s, out_c, valid))


# --- SampleDistortedBoundingBoxV2 -------------------------------------------------------------
class BoxSamplerKernel:
    """One ``SampleDistortedBoundingBoxV2`` kernel as MindSpore 2.10's CPU build runs it: every
    launch restarts ``PhiloxRandom(seed, seed2)`` (fresh system entropy for seeds 0, 0), but
    first takes the values its last launch left of its last 4-value block."""

    def __init__(self) -> None:
        self.left: list[int] = []

    def launch(self, seed: int, seed2: int) -> None:
        if seed == 0 and seed2 == 0:
            seed, seed2 = entropy64(), entropy64()
        self.seed, self.seed2, self.block = seed, seed2, 0

    def __call__(self) -> int:
        if not self.left:
            self.left = philox_words(self.seed, self.seed2, 1, self.block).tolist()
            self.block += 1
        return self.left.pop(0)

    def below(self, n: int) -> int:
        """The kernel's ``Uniform(n)``: a mask for a power of 2, else rejection then ``% n``."""
        if n & (n - 1) == 0:
            return self() & (n - 1)
        rem = (0xFFFFFFFF % n) + 1
        while True:
            r = self()
            if r >= rem:
                return r % n

    def unit(self) -> np.float32:
        """``RandFloat``: the low 23 bits of one value as a float in ``[0, 1)``."""
        return unit_floats(np.asarray([self()], np.uint32))[0]


def _random_crop(gen: BoxSamplerKernel, w: int, h: int, area_range: tuple, aspect: Any):
    """The kernel's ``GenerateRandomCrop`` in its float32 arithmetic: ``(y, x, height, width)``
    or None."""
    f = np.float32
    min_area = f(f(area_range[0]) * f(w)) * f(h)
    max_area = f(f(area_range[1]) * f(w)) * f(h)
    if max_area <= 0 or aspect < 0 or min_area > max_area or aspect == 0:
        return None
    height = int(np.rint(np.sqrt(f(min_area / aspect))))
    max_height = int(np.rint(np.sqrt(f(max_area / aspect))))
    if np.rint(f(max_height) * aspect) > w:
        max_height = int(f(f(f(w) + f(0.5)) - f(1e-7)) / aspect)
        if np.rint(f(max_height) * aspect) > w:
            max_height -= 1
    max_height = min(max_height, h)
    height = min(height, max_height)
    if height < max_height:
        height += gen.below(max_height - height + 1)
    width = int(np.rint(f(height) * aspect))
    if width * height < min_area:
        height += 1
        width = int(np.rint(f(height) * aspect))
    if width * height > max_area:
        height -= 1
        width = int(np.rint(f(height) * aspect))
    area = width * height
    if area < min_area or area > max_area or not 0 < width <= w or not 0 < height <= h:
        return None
    # MindSpore 2.10's CPU build draws the column offset first (checked against its outputs)
    x = gen.below(w - width) if width < w else 0
    y = gen.below(h - height) if height < h else 0
    return y, x, height, width


def _covers(crop: tuple, boxes: np.ndarray, cover: np.float32) -> bool:
    """``SatisfiesOverlapConstraints``: the crop (area at least 1) covers ``cover`` of one box
    (of area at least 1) of ``boxes`` (pixel ``[ymin, xmin, ymax, xmax]`` ints)."""
    y, x, ch, cw = crop
    if ch * cw < 1:
        return False
    for b in boxes:
        area = (b[2] - b[0]) * (b[3] - b[1])
        if area < 1:
            continue
        iy, ix = min(y + ch, b[2]) - max(y, b[0]), min(x + cw, b[3]) - max(x, b[1])
        inter = iy * ix if iy >= 0 and ix >= 0 else 0
        if np.float32(inter) / np.float32(area) >= cover:
            return True
    return False


def sample_distorted_bounding_box_v2(
    image_size: Any,
    bounding_boxes: Any,
    min_object_covered: Any,
    seed: int = 0,
    seed2: int = 0,
    aspect_ratio_range: tuple = (0.75, 1.33),
    area_range: tuple = (0.05, 1.0),
    max_attempts: int = 100,
    use_image_if_no_bounding_boxes: bool = False,
    kernel: BoxSamplerKernel | None = None,
) -> tuple:
    """A random crop of an image of ``image_size`` (H, W, C) whose area fraction lies in
    ``area_range``, aspect ratio in ``aspect_ratio_range``, covering at least
    ``min_object_covered`` of one of ``bounding_boxes`` (N, 4) ``[ymin, xmin, ymax, xmax]``
    normalized; the whole image after ``max_attempts`` misses. The draws are MindSpore 2.10's
    (``BoxSamplerKernel``; a Primitive passes the ``kernel`` it keeps). Returns ``begin`` (y, x, 0),
    ``size`` (h, w, -1) and the crop as a normalized box of shape (1, 1, 4)."""
    api = "SampleDistortedBoundingBoxV2"
    isz = U.array(image_size, api, "image_size")
    if isz.shape != (3,) or not jnp.issubdtype(isz.dtype, jnp.integer):
        U.fail(
            api,
            f"'image_size' must be an integer Tensor of shape (3,), but got {isz.dtype} "
            f"{list(isz.shape)}",
        )
    h, w, _ = (int(v) for v in concrete(isz, api, "image_size"))
    if h <= 0 or w <= 0:
        U.fail(api, f"'image_size' must be positive, but got {[h, w]}")
    bb = concrete(U.array(bounding_boxes, api, "bounding_boxes"), api, "bounding_boxes")
    bb = bb.reshape(-1, 4).astype(np.float64) if bb.size else np.zeros((0, 4))
    covered = concrete(
        U.array(min_object_covered, api, "min_object_covered"), api, "min_object_covered"
    )
    if np.ndim(covered) != 1:
        raise ValueError(
            f"For primitive[{api}], the min_object_covered dimension must be equal to 1, but got "
            f"{np.ndim(covered)}."
        )
    cover = float(np.asarray(covered).reshape(-1)[0])
    if not 0 <= cover <= 1:
        U.fail(api, f"'min_object_covered' must be in [0, 1], but got {cover}")
    if bb.shape[0] == 0:
        if not use_image_if_no_bounding_boxes:
            U.fail(
                api,
                "batch or N in bounding_boxes whose shape is [batch, N, 4] equals 0, which means "
                "no bounding boxes provided as input. Set use_image_if_no_bounding_boxes=True if "
                "you wish to not provide any bounding boxes.",
            )
        bb = np.array([[0.0, 0.0, 1.0, 1.0]])
    for arg, pair in (("aspect_ratio_range", aspect_ratio_range), ("area_range", area_range)):
        if not pair[0] < pair[1]:
            raise ValueError(f"For '{api}', {arg}[0] must less than {arg}[1].")
    if kernel is None:
        kernel = BoxSamplerKernel()
    kernel.launch(int(seed), int(seed2))
    f = np.float32
    boxes = (bb.astype(f) * np.array([h, w, h, w], f)).astype(np.int32)
    lo_ratio, hi_ratio = f(aspect_ratio_range[0]), f(aspect_ratio_range[1])
    crop = None
    for _ in range(max_attempts):
        aspect = f(kernel.unit() * f(hi_ratio - lo_ratio)) + lo_ratio
        c = _random_crop(kernel, w, h, area_range, aspect)
        if c is not None and _covers(c, boxes, f(cover)):
            crop = c
            break
    y, x, ch, cw = crop if crop is not None else (0, 0, h, w)
    dt = isz.dtype
    box = np.array([[[y, x, y + ch, x + cw]]], np.float32) / np.array([h, w, h, w], np.float32)
    return (
        Tensor._from(jnp.asarray([y, x, 0], dt)),
        Tensor._from(jnp.asarray(np.array([ch, cw, -1]).astype(dt))),  # -1 wraps, as a C++ cast
        Tensor._from(jnp.asarray(box)),
    )
