"""Learned and random augmentation policies (AutoAugment, RandAugment, TrivialAugmentWide,
UniformAugment, RandomSelectSubpolicy) and the batch mixes (MixUpBatch, CutMixBatch, MixUp).

The policy ops follow MindSpore's C++ kernels: the same operation spaces (magnitude bins from
``linspace``, signed ops negated with probability 1/2), the same op names drawn uniformly in
alphabetical order, and each op applied by the vision kernels of ``color.py``/``geometry.py``
with MindSpore's arguments (e.g. a translation magnitude is handed to ``Affine``, which scales it
by the image size, as 2.10 does). The AutoAugment tables are the published policies of Cubuk et
al. (ImageNet, CIFAR-10, SVHN).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from deepsink._core.validate import check_bool
from deepsink.dataset.core.validator_helpers import check_positive, check_value, type_check
from deepsink.dataset.transforms.transforms import TensorOperation, as_operation
from deepsink.dataset.vision import color, geometry
from deepsink.dataset.vision.geometry import check_interp, fill3, rng_of
from deepsink.dataset.vision.transforms import ImageOperation
from deepsink.dataset.vision.utils import AutoAugmentPolicy, ImageBatchFormat, Inter

# (op, probability, magnitude bin or -1) pairs; one line per sub-policy
_POLICIES = {
    AutoAugmentPolicy.IMAGENET: """
        Posterize .4 8, Rotate .6 9; Solarize .6 5, AutoContrast .6 -1; Equalize .8 -1, Equalize .6 -1
        Posterize .6 7, Posterize .6 6; Equalize .4 -1, Solarize .2 4; Equalize .4 -1, Rotate .8 8
        Solarize .6 3, Equalize .6 -1; Posterize .8 5, Equalize 1 -1; Rotate .2 3, Solarize .6 8
        Equalize .6 -1, Posterize .4 6; Rotate .8 8, Color .4 0; Rotate .4 9, Equalize .6 -1
        Equalize 0 -1, Equalize .8 -1; Invert .6 -1, Equalize 1 -1; Color .6 4, Contrast 1 8
        Rotate .8 8, Color 1 2; Color .8 8, Solarize .8 7; Sharpness .4 7, Invert .6 -1
        ShearX .6 5, Equalize 1 -1; Color .4 0, Equalize .6 -1; Equalize .4 -1, Solarize .2 4
        Solarize .6 5, AutoContrast .6 -1; Invert .6 -1, Equalize 1 -1; Color .6 4, Contrast 1 8
        Equalize .8 -1, Equalize .6 -1""",
    AutoAugmentPolicy.CIFAR10: """
        Invert .1 -1, Contrast .2 6; Rotate .7 2, TranslateX .3 9; Sharpness .8 1, Sharpness .9 3
        ShearY .5 8, TranslateY .7 9; AutoContrast .5 -1, Equalize .9 -1; ShearY .2 7, Posterize .3 7
        Color .4 3, Brightness .6 7; Sharpness .3 9, Brightness .7 9; Equalize .6 -1, Equalize .5 -1
        Contrast .6 7, Sharpness .6 5; Color .7 7, TranslateX .5 8; Equalize .3 -1, AutoContrast .4 -1
        TranslateY .4 3, Sharpness .2 6; Brightness .9 6, Color .2 8; Solarize .5 2, Invert 0 -1
        Equalize .2 -1, AutoContrast .6 -1; Equalize .2 -1, Equalize .6 -1; Color .9 9, Equalize .6 -1
        AutoContrast .8 -1, Solarize .2 8; Brightness .1 3, Color .7 0; Solarize .4 5, AutoContrast .9 -1
        TranslateY .9 9, TranslateY .7 9; AutoContrast .9 -1, Solarize .8 3; Equalize .8 -1, Invert .1 -1
        TranslateY .7 9, AutoContrast .9 -1""",
    AutoAugmentPolicy.SVHN: """
        ShearX .9 4, Invert .2 -1; ShearY .9 8, Invert .7 -1; Equalize .6 -1, Solarize .6 6
        Invert .9 -1, Equalize .6 -1; Equalize .6 -1, Rotate .9 3; ShearX .9 4, AutoContrast .8 -1
        ShearY .9 8, Invert .4 -1; ShearY .9 5, Solarize .2 6; Invert .9 -1, AutoContrast .8 -1
        Equalize .6 -1, Rotate .9 3; ShearX .9 4, Solarize .3 3; ShearY .8 8, Invert .7 -1
        Equalize .9 -1, TranslateY .6 6; Invert .9 -1, Equalize .6 -1; Contrast .3 3, Rotate .8 4
        Invert .8 -1, TranslateY 0 2; ShearY .7 6, Solarize .4 8; Invert .6 -1, Rotate .8 4
        ShearY .3 7, TranslateX .9 3; ShearX .1 6, Invert .6 -1; Solarize .7 2, TranslateY .6 7
        ShearY .8 4, Invert .8 -1; ShearX .7 9, TranslateY .8 3; ShearY .8 5, AutoContrast .7 -1
        ShearX .7 2, Invert .1 -1""",
}


def _parse_policy(text: str) -> list[list[tuple[str, float, int]]]:
    subs = []
    for sub in text.replace("\n", ";").split(";"):
        if sub.strip():
            ops = [op.split() for op in sub.split(",")]
            subs.append([(name, float(p), int(m)) for name, p, m in ops])
    return subs


def _round_half_even(v: float) -> float:
    return float(np.rint(np.float32(v)))


def _linspace(
    start: float, end: float, n: int, scale: float = 1.0, offset: float = 0.0, rnd: bool = False
) -> list[float]:
    f = np.float32
    step = f(0) if n == 1 else (f(end) - f(start)) / f(n - 1)
    out = [float((f(start) + f(i) * step) * f(scale) + f(offset)) for i in range(n)]
    return [_round_half_even(v) for v in out] if rnd else out


def _space(bins: int, h: int, w: int, wide: bool = False, invert: bool = False) -> dict:
    """Op name -> (magnitudes, signed), as MindSpore's GetSpace for each policy op."""
    hi, shear = (0.99, 0.99) if wide else (0.9, 0.3)
    space = {
        "ShearX": (_linspace(0.0, shear, bins), True),
        "ShearY": (_linspace(0.0, shear, bins), True),
        "TranslateX": (_linspace(0.0, 32.0 if wide else 150.0 / 331 * w, bins), True),
        "TranslateY": (_linspace(0.0, 32.0 if wide else 150.0 / 331 * h, bins), True),
        "Rotate": (_linspace(0.0, 135.0 if wide else 30.0, bins), True),
        "Brightness": (_linspace(0.0, hi, bins), True),
        "Color": (_linspace(0.0, hi, bins), True),
        "Contrast": (_linspace(0.0, hi, bins), True),
        "Sharpness": (_linspace(0.0, hi, bins), True),
        "Posterize": (
            _linspace(0.0, bins - 1.0, bins, -(6.0 if wide else 4.0) / (bins - 1.0), 8, True),
            False,
        ),
        "Solarize": (_linspace(256.0 if invert else 255.0, 0.0, bins), False),
        "AutoContrast": ([0.0], False),
        "Equalize": ([0.0], False),
    }
    if invert:
        space["Invert"] = ([0.0], False)
    else:
        space["Identity"] = ([0.0], False)
    return space


def apply_augment(
    x: np.ndarray, name: str, magnitude: float, interp: Inter, fill: tuple[int, int, int]
) -> np.ndarray:
    """One policy op on an RGB image (MindSpore's ApplyAugment)."""
    if name in ("ShearX", "ShearY"):
        shear = magnitude * 180.0 / math.pi
        pair = (shear, 0.0) if name == "ShearX" else (0.0, shear)
        return geometry.Affine(0.0, [0, 0], 1.0, pair, interp, fill).apply(x)
    if name in ("TranslateX", "TranslateY"):
        t = (magnitude, 0.0) if name == "TranslateX" else (0.0, magnitude)
        h, w = x.shape[:2]
        return geometry.affine(x, 0.0, (t[0] * w, t[1] * h), 1.0, (0.0, 0.0), interp, fill)
    if name == "Rotate":
        # MindSpore hands the fill to Rotate as (R, B, G)
        return geometry.rotate(x, magnitude, interp, False, None, (fill[0], fill[2], fill[1]))
    if name == "Brightness":
        return color.brightness(x, 1 + magnitude)
    if name == "Color":
        return color.saturation(x, 1 + magnitude)
    if name == "Contrast":
        return color.contrast(x, 1 + magnitude)
    if name == "Sharpness":
        return color.sharpness(x, 1 + magnitude)
    if name == "Posterize":
        return color.posterize(x, int(magnitude))
    if name == "Solarize":
        return color.solarize(x, magnitude, magnitude)
    if name == "AutoContrast":
        return color.autocontrast(x, 0.0, [])
    if name == "Equalize":
        return color.equalize(x)
    if name == "Invert":
        return (255 - x.astype(np.int32)).astype(x.dtype)
    if name == "Identity":
        return x
    raise ValueError(f"unknown augmentation {name!r}")


def _rgb_image(x: Any, api: str) -> np.ndarray:
    x = np.asarray(x)
    if x.ndim != 3 or x.shape[2] != 3:
        raise RuntimeError(f"{api}: input tensor is not in shape of <H,W,3>, got shape {x.shape}")
    return x


class _Policy(ImageOperation):
    batched = False
    random_draws = 1

    def _common(self, interpolation: Inter, fill_value: Any) -> None:
        self.interpolation = check_interp(interpolation, self.name)
        self.fill_value = fill3(fill_value, self.name)


class AutoAugment(_Policy):
    """One sub-policy of ``policy`` drawn uniformly; each of its two ops applied with its
    probability at its magnitude bin (of 10), signed ops negated half the time.

    Args:
        policy (AutoAugmentPolicy): IMAGENET, CIFAR10 or SVHN. Default: ``AutoAugmentPolicy.IMAGENET``.
        interpolation (Inter): the interpolation. Default: ``Inter.NEAREST``.
        fill_value (Union[int, tuple[int]]): the fill of uncovered pixels, an int or an RGB triple. Default: ``0``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.AutoAugment()
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    def __init__(
        self,
        policy: AutoAugmentPolicy = AutoAugmentPolicy.IMAGENET,
        interpolation: Inter = Inter.NEAREST,
        fill_value: Any = 0,
    ) -> None:
        type_check(policy, (AutoAugmentPolicy,), "policy")
        self.policy = policy
        self._common(interpolation, fill_value)
        self._subs = _parse_policy(_POLICIES[policy])

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        img = _rgb_image(x, "AutoAugment")
        rng = rng_of(u)
        sub = self._subs[int(rng.integers(len(self._subs)))]
        probs, signs = rng.random(2), rng.integers(0, 2, 2)
        space = _space(10, img.shape[0], img.shape[1], invert=True)
        for (name, p, mid), prob, sign in zip(sub, probs, signs):
            if prob <= p:
                mags, signed = space[name]
                m = mags[mid] if len(mags) != 1 and mid != -1 else 0.0
                m = -m if signed and sign == 0 else m
                img = apply_augment(img, name, m, self.interpolation, self.fill_value)
        return img


class RandAugment(_Policy):
    """``num_ops`` ops drawn uniformly, each at bin ``magnitude`` of ``num_magnitude_bins``.

    Args:
        num_ops (int): the ops applied. Default: ``2``.
        magnitude (int): the magnitude bin, < ``num_magnitude_bins``. Default: ``9``.
        num_magnitude_bins (int): the number of bins. Default: ``31``.
        interpolation (Inter): the interpolation. Default: ``Inter.NEAREST``.
        fill_value (Union[int, tuple[int]]): the fill of uncovered pixels, an int or an RGB triple. Default: ``0``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandAugment()
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    def __init__(
        self,
        num_ops: int = 2,
        magnitude: int = 9,
        num_magnitude_bins: int = 31,
        interpolation: Inter = Inter.NEAREST,
        fill_value: Any = 0,
    ) -> None:
        for arg, v, lo in (("num_ops", num_ops, 0), ("num_magnitude_bins", num_magnitude_bins, 2)):
            type_check(v, (int,), arg)
            check_value(v, (lo, 2**31 - 1), arg)
        type_check(magnitude, (int,), "magnitude")
        check_value(magnitude, (0, num_magnitude_bins), "magnitude", right_open=True)
        self.num_ops, self.magnitude, self.num_magnitude_bins = (
            num_ops,
            magnitude,
            num_magnitude_bins,
        )
        self._common(interpolation, fill_value)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        img = _rgb_image(x, "RandAugment")
        rng = rng_of(u)
        space = _space(self.num_magnitude_bins, img.shape[0], img.shape[1])
        names = sorted(space)
        for _ in range(self.num_ops):
            name = names[int(rng.integers(len(names)))]
            mags, signed = space[name]
            m = mags[self.magnitude] if len(mags) != 1 else 0.0
            if signed and rng.integers(0, 2):
                m = -m
            img = apply_augment(img, name, m, self.interpolation, self.fill_value)
        return img


class TrivialAugmentWide(_Policy):
    """One op drawn uniformly at a magnitude bin drawn uniformly (the wide ranges).

    Args:
        num_magnitude_bins (int): the number of bins. Default: ``31``.
        interpolation (Inter): the interpolation. Default: ``Inter.NEAREST``.
        fill_value (Union[int, tuple[int]]): the fill of uncovered pixels, an int or an RGB triple. Default: ``0``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.TrivialAugmentWide()
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    def __init__(
        self,
        num_magnitude_bins: int = 31,
        interpolation: Inter = Inter.NEAREST,
        fill_value: Any = 0,
    ) -> None:
        type_check(num_magnitude_bins, (int,), "num_magnitude_bins")
        check_value(num_magnitude_bins, (2, 2**31 - 1), "num_magnitude_bins")
        self.num_magnitude_bins = num_magnitude_bins
        self._common(interpolation, fill_value)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        img = _rgb_image(x, "TrivialAugmentWide")
        rng = rng_of(u)
        space = _space(self.num_magnitude_bins, img.shape[0], img.shape[1], wide=True)
        names = sorted(space)
        name = names[int(rng.integers(len(names)))]
        mags, signed = space[name]
        m = mags[int(rng.integers(len(mags)))] if len(mags) != 1 else 0.0
        if signed and rng.integers(0, 2):
            m = -m
        return apply_augment(img, name, m, self.interpolation, self.fill_value)


def _sub_u(op: TensorOperation, rng: np.random.Generator) -> np.ndarray | None:
    return rng.random(op.random_draws) if op.random_draws else None


class UniformAugment(ImageOperation):
    """``num_ops`` of ``transforms`` drawn without replacement, applied in the drawn order.

    Args:
        transforms (list): the candidate transforms.
        num_ops (int): how many to apply. Default: ``2``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.UniformAugment([vision.Invert(), vision.HorizontalFlip()], num_ops=1)
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    batched = False
    random_draws = 1

    def __init__(self, transforms: list, num_ops: int = 2) -> None:
        # MindSpore's order: num_ops first, then the list
        type_check(num_ops, (int,), "num_ops")
        check_positive(num_ops, "num_ops")
        if num_ops > len(transforms):
            raise ValueError("num_ops is greater than transforms list size.")
        type_check(transforms, (list, tuple), "transforms list")
        if not transforms:
            raise ValueError("transforms list can not be empty.")
        self.transforms = [as_operation(t) for t in transforms]
        self.num_ops = num_ops

    def apply_one(self, *xs: Any, u: np.ndarray | None = None) -> Any:
        rng = rng_of(u)
        out: Any = xs[0]
        for k in rng.permutation(len(self.transforms))[: self.num_ops]:
            op = self.transforms[int(k)]
            out = op.apply_one(out, u=_sub_u(op, rng))
        return out

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> Any:
        return self.apply_one(x, u=u)


class RandomSelectSubpolicy(ImageOperation):
    """One sub-policy (a list of (op, prob)) drawn uniformly; each op applied with its prob.

    Args:
        policy (list[list[tuple]]): sub-policies, each a list of (op, prob).

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandomSelectSubpolicy([[(vision.Invert(), 1.0)], [(vision.HorizontalFlip(), 1.0)]])
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    batched = False
    random_draws = 1

    def __init__(self, policy: list) -> None:
        type_check(policy, (list,), "policy")
        if not policy:
            raise ValueError("policy can not be empty.")
        subs = []
        for i, sub in enumerate(policy):
            type_check(sub, (list,), f"policy[{i}]")
            if not sub:
                raise ValueError(f"policy[{i}] can not be empty.")
            ops = []
            for j, pair in enumerate(sub):
                if not isinstance(pair, tuple | list) or len(pair) != 2 or not callable(pair[0]):
                    raise TypeError(
                        f"policy[{i}][{j}] should be a (transform, prob) tuple, got {pair!r}"
                    )
                type_check(pair[1], (int, float), f"policy[{i}][{j}][1]")
                check_value(pair[1], (0, 1), f"policy[{i}][{j}][1]")
                ops.append((as_operation(pair[0]), float(pair[1])))
            subs.append(ops)
        self.policy = subs

    def apply_one(self, *xs: Any, u: np.ndarray | None = None) -> Any:
        rng = rng_of(u)
        out: Any = xs[0]
        for op, prob in self.policy[int(rng.integers(len(self.policy)))]:
            if rng.random() < prob:
                out = op.apply_one(out, u=_sub_u(op, rng))
        return out

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> Any:
        return self.apply_one(x, u=u)


# -- batch mixes ---------------------------------------------------------------------------------
def _beta(rng: np.random.Generator, alpha: float) -> float:
    """Beta(alpha, alpha) as the ratio of two Gamma(alpha, 1) draws (MindSpore's way)."""
    x1, x2 = rng.gamma(alpha, 1.0), rng.gamma(alpha, 1.0)
    return float(x1 / (x1 + x2))


def _mix(a: np.ndarray, b: np.ndarray, lam: float) -> np.ndarray:
    out = np.float32(lam) * a.astype(np.float32) + np.float32(1 - lam) * b.astype(np.float32)
    if a.dtype.kind in "iu":
        info = np.iinfo(a.dtype)
        return np.clip(np.rint(out), info.min, info.max).astype(a.dtype)
    return out.astype(a.dtype)


def _check_label_type(labels: np.ndarray, api: str) -> None:
    if labels.dtype.kind not in "biuf":
        kind = {"U": "string", "S": "bytes"}.get(labels.dtype.kind, str(labels.dtype))
        raise RuntimeError(
            f"{api}: invalid label type, label must be in a numeric type, but got: {kind}. "
            "You may need to perform OneHot first."
        )


def _check_mixup(images: np.ndarray, labels: np.ndarray) -> None:
    """MixUpBatch's checks, in MindSpore's order and words (a batch-size mismatch included in
    the first, as MindSpore words it)."""
    if images.ndim != 4 or images.shape[:1] != labels.shape[:1]:
        raise RuntimeError(
            f"MixUpBatch: rank of image shape should be: 4, but got: {images.ndim}, make sure "
            "image shape are <H,W,C> or <C,H,W> and batched before calling MixUpBatch."
        )
    _check_label_type(labels, "MixUpBatch")
    if labels.ndim not in (2, 3):
        raise RuntimeError(
            "MixUpBatch: wrong labels shape. The second column (labels) must have a shape of NC or "
            "NLC where N is the batch size, L is the number of labels in each row, and C is the "
            "number of classes. labels must be in one-hot format and in a batch, but got rank: "
            f"{labels.ndim}"
        )
    if images.shape[1] not in (1, 3) and images.shape[3] not in (1, 3):
        shape = ",".join(str(d) for d in images.shape)
        raise RuntimeError(
            f"MixUpBatch: images shape should in <N,H,W,C> or <N,C,H,W>, got shape:<{shape}>"
        )


def _check_cutmix(images: np.ndarray, labels: np.ndarray, nhwc: bool) -> None:
    """CutMixBatch's checks, in MindSpore's order and words."""
    if images.ndim != 4:
        hint = ". You may need to perform Batch first." if images.ndim == 3 else ""
        raise RuntimeError(
            "CutMixBatch: input image is not in shape of <B,H,W,C> or <B,C,H,W>, but got "
            f"dimension: {images.ndim}{hint}"
        )
    channels = images.shape[3 if nhwc else 1]
    if channels not in (1, 3):
        raise RuntimeError(
            f"CutMixBatch: input image is not in channel of 1 or 3, but got channel: {channels}"
        )
    _check_label_type(labels, "CutMixBatch")
    if labels.ndim not in (2, 3):
        raise RuntimeError(
            "CutMixBatch: input label is not in shape of <Batch,Class> or <Batch,Row,Class>, but "
            f"got dimension: {labels.ndim}. You may need to perform OneHot and Batch first."
        )
    if images.shape[0] != labels.shape[0]:
        raise RuntimeError(
            "CutMixBatch: batch sizes of image and label must be the same, but got image size: "
            f"{images.shape[0]} and label size: {labels.shape[0]}"
        )


class MixUpBatch(TensorOperation):
    """On a batch (images, one-hot labels): lam ~ Beta(alpha, alpha); each image and label
    blended with those of a shuffled partner, ``lam * own + (1 - lam) * partner``.

    Args:
        alpha (float): the Beta distribution's parameter, > 0. Default: ``1.0``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> images = np.zeros((2, 4, 4, 3), np.uint8)
        >>> labels = np.eye(2, dtype=np.float32)
        >>> op = vision.MixUpBatch(alpha=1.0)
        >>> out, mixed = op(images, labels)
        >>> print(out.shape, mixed.shape, np.allclose(mixed.sum(axis=1), 1))
        (2, 4, 4, 3) (2, 2) True
    """

    batched = False
    random_draws = 1

    def __init__(self, alpha: float = 1.0) -> None:
        type_check(alpha, (int, float), "alpha")
        if alpha <= 0:
            raise ValueError(
                f"Input alpha is not within the required interval of (0, 16777216), got {alpha}."
            )
        self.alpha = float(alpha)

    def apply(self, images: np.ndarray, labels: np.ndarray, u: np.ndarray | None = None) -> tuple:
        images, labels = np.asarray(images), np.asarray(labels)
        _check_mixup(images, labels)
        rng = rng_of(u)
        perm = rng.permutation(len(images))
        lam = _beta(rng, self.alpha)
        mixed = _mix(images, images[perm], lam)
        lab = labels.astype(np.float32)
        return mixed, (np.float32(lam) * lab + np.float32(1 - lam) * lab[perm]).astype(np.float32)

    apply_one = apply


def _crop_box(rng: np.random.Generator, h: int, w: int, lam: float) -> tuple[int, int, int, int]:
    """MindSpore's CutMix box: a sqrt(1 - lam) fraction of each side around a uniform centre."""
    ratio = math.sqrt(1.0 - lam)
    cut_w, cut_h = int(w * ratio), int(h * ratio)
    cx, cy = int(rng.integers(0, w + 1)), int(rng.integers(0, h + 1))
    x = min(max(cx - cut_w // 2, 0), w - 1)
    y = min(max(cy - cut_h // 2, 0), h - 1)
    x2 = min(max(cx + cut_w // 2, 0), w - 1)
    y2 = min(max(cy + cut_h // 2, 0), h - 1)
    return x, y, min(max(x2 - x, 1), max(w - 1, 1)), min(max(y2 - y, 1), max(h - 1, 1))


class CutMixBatch(TensorOperation):
    """On a batch (images, one-hot labels): with probability ``prob`` per image, paste a box of
    a shuffled partner (area fraction 1 - lam, lam ~ Beta(alpha, alpha)) and mix the labels by
    the pasted area.

    Args:
        image_batch_format (ImageBatchFormat): NHWC or NCHW.
        alpha (float): the Beta distribution's parameter, > 0. Default: ``1.0``.
        prob (float): the probability per image. Default: ``1.0``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> images = np.zeros((2, 4, 4, 3), np.uint8)
        >>> labels = np.eye(2, dtype=np.float32)
        >>> op = vision.CutMixBatch(vision.ImageBatchFormat.NHWC)
        >>> out, mixed = op(images, labels)
        >>> print(out.shape, mixed.shape)
        (2, 4, 4, 3) (2, 2)
    """

    batched = False
    random_draws = 1

    def __init__(
        self, image_batch_format: ImageBatchFormat, alpha: float = 1.0, prob: float = 1.0
    ) -> None:
        type_check(image_batch_format, (ImageBatchFormat,), "image_batch_format")
        type_check(alpha, (int, float), "alpha")
        if alpha <= 0:
            raise ValueError(
                f"Input alpha is not within the required interval of (0, 16777216), got {alpha}."
            )
        type_check(prob, (int, float), "prob")
        check_value(prob, (0, 1), "prob")
        self.image_batch_format, self.alpha, self.prob = (
            image_batch_format,
            float(alpha),
            float(prob),
        )

    def apply(self, images: np.ndarray, labels: np.ndarray, u: np.ndarray | None = None) -> tuple:
        images, labels = np.asarray(images), np.asarray(labels)
        nhwc = self.image_batch_format == ImageBatchFormat.NHWC
        _check_cutmix(images, labels, nhwc)
        rng = rng_of(u)
        perm = rng.permutation(len(images))
        out, lab = images.copy(), labels.astype(np.float32)
        out_lab = lab.copy()
        h, w = (images.shape[1], images.shape[2]) if nhwc else (images.shape[2], images.shape[3])
        for i, j in enumerate(perm):
            lam = _beta(rng, self.alpha)
            if rng.random() >= self.prob:
                continue
            x, y, cw, ch = _crop_box(rng, h, w, lam)
            if nhwc:
                out[i, y : y + ch, x : x + cw] = images[j, y : y + ch, x : x + cw]
            else:
                out[i, :, y : y + ch, x : x + cw] = images[j, :, y : y + ch, x : x + cw]
            label_lam = np.float32(1.0 - (cw * ch) / (h * w))
            out_lab[i] = label_lam * lab[i] + (np.float32(1) - label_lam) * lab[j]
        return out, out_lab

    apply_one = apply


class MixUp(TensorOperation):
    """MindSpore's Python MixUp on a batch (images, one-hot labels): lam ~ Beta(alpha, alpha);
    ``is_single``: mix within the batch (with the batch reversed); otherwise with the previous
    batch seen by this op.

    Args:
        batch_size (int): the batch size.
        alpha (float): the Beta distribution's parameter, > 0.
        is_single (bool): mix within the batch (else with the previous batch). Default: ``True``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> images = np.zeros((2, 4, 4, 3), np.float32)
        >>> labels = np.eye(2, dtype=np.float32)
        >>> op = vision.MixUp(batch_size=2, alpha=0.2)
        >>> out, mixed = op(images, labels)
        >>> print(out.shape, mixed.shape)
        (2, 4, 4, 3) (2, 2)
    """

    python_only = True

    batched = False
    random_draws = 1

    def __init__(self, batch_size: int, alpha: float, is_single: bool = True) -> None:
        type_check(batch_size, (int,), "batch_size")
        check_value(batch_size, (1, 2**31 - 1), "batch_size")
        type_check(alpha, (int, float), "alpha")
        if alpha <= 0:
            raise ValueError(f"alpha must be greater than 0, got {alpha}.")
        self.batch_size, self.alpha = batch_size, float(alpha)
        self.is_single = check_bool(is_single, "is_single", "MixUp")
        self._previous: tuple | None = None

    def apply(self, images: np.ndarray, labels: np.ndarray, u: np.ndarray | None = None) -> tuple:
        images, labels = np.asarray(images), np.asarray(labels)
        if images.shape[0] != self.batch_size:
            raise ValueError(
                f"MixUp: the batch has {images.shape[0]} images, but batch_size is {self.batch_size}"
            )
        lam = _beta(rng_of(u), self.alpha)
        if self.is_single or self._previous is None:
            other_img, other_lab = images[::-1], labels[::-1]
        else:
            other_img, other_lab = self._previous
        if not self.is_single:
            self._previous = (images, labels)
        mixed = np.float32(lam) * images.astype(np.float32) + np.float32(
            1 - lam
        ) * other_img.astype(np.float32)
        lab = np.float32(lam) * labels.astype(np.float32) + np.float32(1 - lam) * other_lab.astype(
            np.float32
        )
        return mixed, lab

    apply_one = apply
