"""The image ranks MindSpore 2.10's random vision kernels take, and their words when refused.

Of the random vision ops, only RandomCrop (a crop drawn per image), RandomResizedCrop (one box
for the whole input) and RandomHorizontalFlip (one draw for the whole input) take a
``<..., H, W, C>`` batch; the others refuse a rank other than their own with their kernel's
``RuntimeError``, which :func:`check_rank` raises in the same words.
"""

from __future__ import annotations

from typing import Any

import numpy as np

_HW = "input tensor is not in shape of <H,W> or <H,W,C>, but got rank: {rank}"
_DIM = (
    "the dimension of image tensor does not match the requirement of operator. Expecting tensor "
    "in dimension of {dims}, in shape of {shapes}. But got dimension {rank}."
)

# op name -> (the ranks it takes, the kernel's message)
RANKS: dict[str, tuple[tuple[int, ...], str]] = {
    "RandomRotation": ((2, 3), "Rotate: " + _HW),
    "RandomAffine": ((2, 3), "Affine: " + _HW),
    "RandomVerticalFlip": ((2, 3), "RandomVerticalFlip: " + _HW),
    "RandomEqualize": ((2, 3), "RandomEqualize: " + _HW),
    "RandomColorAdjust": (
        (3,),
        "RandomColorAdjust: " + _DIM.format(dims="(3)", shapes="<H, W, C>", rank="{rank}"),
    ),
    "RandomSolarize": (
        (2, 3),
        "Solarize: " + _DIM.format(dims="(2, 3)", shapes="<H, W> or <H, W, C>", rank="{rank}"),
    ),
    "RandomSharpness": (
        (2, 3),
        "Sharpness: shape of input is not <H,W,C> or <H,W>, but got rank: {rank}",
    ),
    "RandomPosterize": (
        (2, 3),
        "Posterize: input image is not in shape of <H,W,C> or <H,W>, but got rank: {rank}",
    ),
    "RandomInvert": ((3,), "RandomInvert: image shape is not <H,W,C>, got rank: {rank}"),
    "RandomAutoContrast": (
        (2, 3),
        "RandomAutoContrast: image shape is not <H,W,C> or <H,W>, got rank: {rank}",
    ),
    "RandomAdjustSharpness": (
        (2, 3),
        "RandomAdjustSharpness: image shape is not <H,W,C> or <H,W>, got rank: {rank}",
    ),
    "RandomColor": (
        (3,),
        "RandomColor: image shape is not <H,W,C> or channel is not 3, got rank: {rank}, and "
        "shape: {shape}",
    ),
    "RandomLighting": (
        (3,),
        "RandomLighting: input tensor is not in shape of <H,W,C> or channel is not 3, got rank: "
        "{rank}, and shape: {shape}",
    ),
}


# ops whose kernel also wants 3 channels (one check, one message)
_RGB_OPS = ("RandomColor", "RandomLighting")


def shape_text(shape: tuple[int, ...]) -> str:
    """A shape as MindSpore's ``TensorShape::ToString`` writes it: ``<12,10,12,3>``."""
    return "<" + ",".join(str(int(d)) for d in shape) + ">"


def check_rank(x: Any, op: str) -> np.ndarray:
    """``x`` as an array when its rank is one ``op``'s kernel takes, else MindSpore's error."""
    x = np.asarray(x)
    ranks, message = RANKS[op]
    if x.ndim not in ranks or (op in _RGB_OPS and x.shape[-1] != 3):
        raise RuntimeError(message.format(rank=x.ndim, shape=shape_text(x.shape)))
    return x
