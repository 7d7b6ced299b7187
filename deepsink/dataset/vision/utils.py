"""``mindspore.dataset.vision.utils``: the vision enums."""

from __future__ import annotations

from enum import IntEnum, StrEnum


class Inter(IntEnum):
    """Interpolation mode of Resize (MindSpore's values).

    Examples:
        >>> import deepsink.dataset.vision as vision
        >>> print(vision.Inter.BILINEAR.name, vision.Inter.BILINEAR.value)
        BILINEAR 2
    """

    NEAREST = 0
    ANTIALIAS = 1
    BILINEAR = LINEAR = 2
    BICUBIC = CUBIC = 3
    AREA = 4
    PILCUBIC = 5


class Border(StrEnum):
    """Padding mode: CONSTANT, EDGE, REFLECT (no edge repeat), SYMMETRIC (edge repeated).

    Examples:
        >>> import deepsink.dataset.vision as vision
        >>> print(vision.Border.REFLECT.value)
        reflect
    """

    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"


class ConvertMode(IntEnum):
    """Colour conversion modes (OpenCV's ``COLOR_*`` codes, as MindSpore's enum).

    Examples:
        >>> import deepsink.dataset.vision as vision
        >>> print(vision.ConvertMode.COLOR_RGB2GRAY.name)
        COLOR_RGB2GRAY
    """

    COLOR_BGR2BGRA = 0
    COLOR_RGB2RGBA = 0
    COLOR_BGRA2BGR = 1
    COLOR_RGBA2RGB = 1
    COLOR_BGR2RGBA = 2
    COLOR_RGB2BGRA = 2
    COLOR_RGBA2BGR = 3
    COLOR_BGRA2RGB = 3
    COLOR_BGR2RGB = 4
    COLOR_RGB2BGR = 4
    COLOR_BGRA2RGBA = 5
    COLOR_RGBA2BGRA = 5
    COLOR_BGR2GRAY = 6
    COLOR_RGB2GRAY = 7
    COLOR_GRAY2BGR = 8
    COLOR_GRAY2RGB = 8
    COLOR_GRAY2BGRA = 9
    COLOR_GRAY2RGBA = 9
    COLOR_BGRA2GRAY = 10
    COLOR_RGBA2GRAY = 11


class SliceMode(IntEnum):
    """How SlicePatches treats a size that the patch count does not divide.

    Examples:
        >>> import deepsink.dataset.vision as vision
        >>> print(vision.SliceMode.DROP.name)
        DROP
    """

    PAD = 0
    DROP = 1


class ImageReadMode(IntEnum):
    """How ``read_image`` decodes: as stored, as grey, or as RGB.

    Examples:
        >>> import deepsink.dataset.vision as vision
        >>> print(vision.ImageReadMode.COLOR.name)
        COLOR
    """

    UNCHANGED = 0
    GRAYSCALE = 1
    COLOR = 2


class ImageBatchFormat(IntEnum):
    """Layout of an image batch for CutMixBatch.

    Examples:
        >>> import deepsink.dataset.vision as vision
        >>> print(vision.ImageBatchFormat.NHWC.name)
        NHWC
    """

    NHWC = 0
    NCHW = 1


class AutoAugmentPolicy(StrEnum):
    """The AutoAugment policies learned on ImageNet, CIFAR-10 and SVHN.

    Examples:
        >>> import deepsink.dataset.vision as vision
        >>> print(list(vision.AutoAugmentPolicy))
        [<AutoAugmentPolicy.IMAGENET: 'imagenet'>, <AutoAugmentPolicy.CIFAR10: 'cifar10'>, <AutoAugmentPolicy.SVHN: 'svhn'>]
    """

    IMAGENET = "imagenet"
    CIFAR10 = "cifar10"
    SVHN = "svhn"
