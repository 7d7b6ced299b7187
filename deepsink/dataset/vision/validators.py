"""``mindspore.dataset.vision.validators``: the argument checks of the vision transforms'
constructors, as decorators (``@check_resize`` on ``__init__``) and the ``check_*`` helpers they
share, with MindSpore 2.10's exception types and wording.

Each decorator binds the call to the method's signature (``parse_user_args``), checks the values,
and then calls the method unchanged. Example::

    >>> from deepsink.dataset.vision.validators import check_prob
    >>> class Flip:
    ...     @check_prob
    ...     def __init__(self, prob=0.5):
    ...         self.prob = prob
    >>> Flip(1.5)
    Traceback (most recent call last):
    ValueError: Input prob is not within the required interval of [0.0, 1.0].
"""

from __future__ import annotations

import numbers
from collections.abc import Callable
from typing import Any

import numpy as np

from deepsink.common.dtype import Type as _MsType
from deepsink.dataset.core.validator_helpers import (
    FLOAT_MAX_INTEGER,
    FLOAT_MIN_INTEGER,
    INT32_MAX,
    UINT8_MAX,
    check_float32,
    check_non_negative_float32,
    check_non_negative_int32,
    check_odd,
    check_pos_float32,
    check_pos_int32,
    check_positive,
    check_range,
    check_uint8,
    check_value,
    type_check,
    type_check_list,
)
from deepsink.dataset.transforms.validators import _checked
from deepsink.dataset.transforms.validators import (
    check_transform_op_type as check_transform_op_type,
)
from deepsink.dataset.vision.utils import Border, ConvertMode, ImageBatchFormat, Inter

UINT8_MIN = 0


def _decorator(check: Callable[..., None], doc: str) -> Callable[[Callable], Callable]:
    """A decorator that runs ``check(*user_args)`` before the method it wraps."""

    decorator = _checked(check)
    decorator.__doc__ = doc
    return decorator


# -- shared checks -------------------------------------------------------------------------------
def check_crop_size(size: Any) -> None:
    """A crop size: a positive int, or (h, w) of positive ints.

    Raises:
        TypeError: another type or length.
        ValueError: a size below 1.
    """
    type_check(size, (int, list, tuple), "size")
    if isinstance(size, int):
        check_value(size, (1, FLOAT_MAX_INTEGER))
    elif len(size) == 2:
        for i, value in enumerate(size):
            type_check(value, (int,), f"size[{i}]")
            check_value(value, (1, FLOAT_MAX_INTEGER))
    else:
        raise TypeError("Size should be a single integer or a list/tuple (h, w) of length 2.")


def check_crop_coordinates(coordinates: Any) -> None:
    """Crop coordinates: (y, x) of non-negative ints.

    Raises:
        TypeError: another type or length.
        ValueError: a negative coordinate.
    """
    type_check(coordinates, (list, tuple), "coordinates")
    if len(coordinates) != 2:
        raise TypeError("Coordinates should be a list/tuple (y, x) of length 2.")
    for i, value in enumerate(coordinates):
        type_check(value, (int,), f"coordinates[{i}]")
        check_value(value, (0, INT32_MAX), f"coordinates[{i}]")


def check_resize_size(size: Any) -> None:
    """A resize size: a positive int (the shorter edge), or (h, w) of positive ints.

    Raises:
        TypeError: another type or length.
        ValueError: a size below 1.
    """
    if isinstance(size, int) and not isinstance(size, bool):
        check_value(size, (1, FLOAT_MAX_INTEGER))
    elif isinstance(size, tuple | list) and len(size) == 2:
        for i, value in enumerate(size):
            type_check(value, (int,), f"size at dim {i}")
            check_value(value, (1, INT32_MAX), f"size at dim {i}")
    else:
        raise TypeError("Size should be a single integer or a list/tuple (h, w) of length 2.")


def _std_value(value: Any, valid_range: tuple, name: str) -> None:
    check_value(value, valid_range, name, left_open=True)


def _normalize(mean: Any, std: Any, bound: tuple, names: bool) -> None:
    type_check(mean, (list, tuple), "mean")
    type_check(std, (list, tuple), "std")
    if len(mean) != len(std):
        raise ValueError("Length of mean and std must be equal.")
    for i, m in enumerate(mean):
        if names:
            type_check(m, (int, float), f"mean[{i}]")
        check_value(m, bound, f"mean[{i}]" if names else "mean_value")
    for i, s in enumerate(std):
        if names:
            type_check(s, (int, float), f"std[{i}]")
        _std_value(s, bound, f"std[{i}]" if names else "std_value")


def check_normalize_param(mean: Any, std: Any) -> None:
    """Normalize's mean and std: equal-length sequences, means in [0, 255], stds in (0, 255].

    Raises:
        TypeError: not sequences of numbers.
        ValueError: lengths differ or a value is out of range.
    """
    _normalize(mean, std, (0, 255), True)


def check_normalize_c_param(mean: Any, std: Any) -> None:
    """As ``check_normalize_param``, naming the values ``mean_value`` / ``std_value``.

    Raises:
        TypeError: not sequences.
        ValueError: lengths differ or a value is out of range.
    """
    _normalize(mean, std, (0, 255), False)


def check_normalize_py_param(mean: Any, std: Any) -> None:
    """Normalize's mean and std for float images: means in [0, 1], stds in (0, 1].

    Raises:
        TypeError: not sequences.
        ValueError: lengths differ or a value is out of range.
    """
    _normalize(mean, std, (0.0, 1.0), False)


def check_fill_value(fill_value: Any) -> None:
    """A fill value: an int in [0, 255] or a 3-tuple of them.

    Raises:
        TypeError: another type.
        ValueError: a value out of [0, 255].
    """
    if isinstance(fill_value, int):
        check_uint8(fill_value, "fill_value")
    elif isinstance(fill_value, tuple) and len(fill_value) == 3:
        for i, value in enumerate(fill_value):
            check_uint8(value, f"fill_value[{i}]")
    else:
        raise TypeError("fill_value should be a single integer or a 3-tuple.")


def check_padding(padding: Any) -> None:
    """Padding: a non-negative int, or 2 or 4 of them.

    Raises:
        TypeError: another type.
        ValueError: another length or a negative value.
    """
    type_check(padding, (tuple, list, numbers.Number), "padding")
    if isinstance(padding, numbers.Number):
        type_check(padding, (int,), "padding")
        check_value(padding, (0, INT32_MAX), "padding")
    else:
        if len(padding) not in (2, 4):
            raise ValueError("The size of the padding list or tuple should be 2 or 4.")
        for i, value in enumerate(padding):
            type_check(value, (int,), f"padding[{i}]")
            check_value(value, (0, INT32_MAX), "pad_value")


def check_degrees(degrees: Any) -> None:
    """Rotation degrees: a non-negative number, or (min, max).

    Raises:
        TypeError: another type or length.
        ValueError: a negative number or max below min.
    """
    type_check(degrees, (int, float, list, tuple), "degrees")
    if isinstance(degrees, int | float):
        check_non_negative_float32(degrees, "degrees")
    elif len(degrees) == 2:
        type_check_list(degrees, (int, float), "degrees")
        for value in degrees:
            check_float32(value, "degrees")
        if degrees[0] > degrees[1]:
            raise ValueError("degrees should be in (min,max) format. Got (max,min).")
    else:
        raise TypeError("If degrees is a sequence, the length must be 2.")


def check_random_color_adjust_param(
    value: Any,
    input_name: str,
    center: float = 1,
    bound: tuple = (0, FLOAT_MAX_INTEGER),
    non_negative: bool = True,
) -> None:
    """One RandomColorAdjust factor: a non-negative number, or (min, max) within ``bound``.

    Raises:
        TypeError: another type or length.
        ValueError: a negative number, max below min, or out of ``bound``.
    """
    type_check(value, (numbers.Number, list, tuple), input_name)
    if isinstance(value, numbers.Number):
        if value < 0:
            raise ValueError(f"The input value of {input_name} cannot be negative.")
    else:
        if len(value) != 2:
            raise TypeError(f"If {input_name} is a sequence, the length must be 2.")
        if value[0] > value[1]:
            raise ValueError(
                f"{input_name} value should be in (min,max) format. Got ({value[0]}, {value[1]})."
            )
        check_range(value, bound)


def check_erasing_value(value: Any) -> None:
    """RandomErasing's value: a number, ``'random'`` or 3 values.

    Raises:
        ValueError: anything else.
    """
    ok = (
        isinstance(value, numbers.Number)
        or value == "random"
        or (isinstance(value, tuple | list) and len(value) == 3)
    )
    if not ok:
        raise ValueError(
            "The value for erasing should be either a single value, or a string 'random', or a "
            "sequence of 3 elements for RGB respectively."
        )


def check_size_scale_ration_max_attempts_paras(
    size: Any, scale: Any, ratio: Any, max_attempts: Any
) -> None:
    """RandomResizedCrop's size, scale (min, max), ratio (min, max) and max_attempts.

    Raises:
        TypeError: wrong types or lengths.
        ValueError: ranges out of order or out of bounds.
    """
    check_crop_size(size)
    if scale is not None:
        type_check(scale, (tuple, list), "scale")
        if len(scale) != 2:
            raise TypeError("scale should be a list/tuple of length 2.")
        type_check_list(scale, (float, int), "scale")
        if scale[0] > scale[1]:
            raise ValueError("scale should be in (min,max) format. Got (max,min).")
        check_range(scale, (0, FLOAT_MAX_INTEGER))
        check_positive(scale[1], "scale[1]")
    if ratio is not None:
        type_check(ratio, (tuple, list), "ratio")
        if len(ratio) != 2:
            raise TypeError("ratio should be a list/tuple of length 2.")
        check_pos_float32(ratio[0], "ratio[0]")
        check_pos_float32(ratio[1], "ratio[1]")
        if ratio[0] > ratio[1]:
            raise ValueError("ratio should be in (min,max) format. Got (max,min).")
    if max_attempts is not None:
        check_pos_int32(max_attempts, "max_attempts")


def check_resample_expand_center_fill_value_params(
    resample: Any, expand: Any, center: Any, fill_value: Any
) -> None:
    """Rotate's resample (an Inter), expand (bool), center ((x, y) or None) and fill_value.

    Raises:
        TypeError: wrong types or lengths.
        ValueError: a fill value out of [0, 255].
    """
    type_check(resample, (Inter,), "resample")
    type_check(expand, (bool,), "expand")
    if center is not None:
        if not (isinstance(center, tuple) and len(center) == 2):
            raise ValueError("Value center needs to be a 2-tuple.")
        for i, value in enumerate(center):
            type_check(value, (int, float), f"center[{i}]")
            check_float32(value, "center")
    check_fill_value(fill_value)


def _cutoff(cutoff: Any) -> None:
    type_check(cutoff, (int, float), "cutoff")
    check_value(cutoff, (0, 50), "cutoff", right_open=True)


def _ignore(ignore: Any) -> None:
    if ignore is not None:
        type_check(ignore, (list, tuple, int), "ignore")
    if isinstance(ignore, int):
        check_value(ignore, (0, 255), "ignore")
    elif isinstance(ignore, list | tuple):
        for item in ignore:
            type_check(item, (int,), "item")
            check_value(item, (0, 255), "ignore")


def _prob(prob: Any) -> None:
    type_check(prob, (float, int), "prob")
    check_value(prob, (0.0, 1.0), "prob")


def _dtype(value: Any, name: str) -> None:
    if isinstance(value, _MsType):
        return
    if value is None:
        type_check(value, (_MsType, np.dtype), name)
    try:
        np.dtype(value)
    except (TypeError, ValueError):
        type_check(value, (_MsType, np.dtype), name)


# -- the decorators -----------------------------------------------------------------------------
def _crop(coordinates: Any, size: Any) -> None:
    check_crop_coordinates(coordinates)
    check_crop_size(size)


def _cut_mix(image_batch_format: Any, alpha: Any, prob: Any) -> None:
    type_check(image_batch_format, (ImageBatchFormat,), "image_batch_format")
    type_check(alpha, (int, float), "alpha")
    type_check(prob, (int, float), "prob")
    check_pos_float32(alpha)
    check_positive(alpha, "alpha")
    check_value(prob, (0, 1), "prob")


def _mix_up(alpha: Any) -> None:
    type_check(alpha, (int, float), "alpha")
    check_positive(alpha, "alpha")
    check_pos_float32(alpha)


def _erase(top: Any, left: Any, height: Any, width: Any, value: Any, inplace: Any) -> None:
    check_non_negative_int32(top, "top")
    check_non_negative_int32(left, "left")
    check_pos_int32(height, "height")
    check_pos_int32(width, "width")
    type_check(inplace, (bool,), "inplace")
    type_check(value, (float, int, tuple), "value")
    if isinstance(value, float | int):
        value = (value,) * 3
    type_check_list(value, (float, int), "value")
    if len(value) != 3:
        raise TypeError("value should be a single integer/float or a 3-tuple.")
    for i, v in enumerate(value):
        check_value(v, (UINT8_MIN, UINT8_MAX), f"value[{i}]")


def _random_posterize(bits: Any) -> None:
    if bits is not None:
        type_check(bits, (list, tuple, int), "bits")
    if isinstance(bits, int):
        check_value(bits, (1, 8))
    if isinstance(bits, list | tuple):
        if len(bits) != 2:
            raise TypeError(
                "Size of bits should be a single integer or a list/tuple (min, max) of length 2."
            )
        for item in bits:
            check_uint8(item, "bits")
        check_range(bits, (1, 8))


def _posterize(bits: Any) -> None:
    type_check(bits, (int,), "bits")
    check_value(bits, (0, 8), "bits")


def _resize_interpolation(size: Any, interpolation: Any) -> None:
    if interpolation is None:
        raise KeyError("Interpolation should not be None")
    check_resize_size(size)
    type_check(interpolation, (Inter,), "interpolation")


def _random_resize_crop(
    size: Any, scale: Any, ratio: Any, interpolation: Any, max_attempts: Any
) -> None:
    if interpolation is not None:
        type_check(interpolation, (Inter,), "interpolation")
    check_size_scale_ration_max_attempts_paras(size, scale, ratio, max_attempts)


def _random_adjust_sharpness(degree: Any, prob: Any) -> None:
    type_check(degree, (float, int), "degree")
    check_non_negative_float32(degree, "degree")
    _prob(prob)


def _random_auto_contrast(cutoff: Any, ignore: Any, prob: Any) -> None:
    _cutoff(cutoff)
    _ignore(ignore)
    _prob(prob)


def _auto_contrast(cutoff: Any, ignore: Any) -> None:
    _cutoff(cutoff)
    _ignore(ignore)


def _alpha(alpha: Any) -> None:
    type_check(alpha, (float, int), "alpha")
    check_non_negative_float32(alpha, "alpha")


def _normalize_hwc(mean: Any, std: Any, is_hwc: Any) -> None:
    check_normalize_param(mean, std)
    type_check(is_hwc, (bool,), "is_hwc")


def _random_crop(
    size: Any, padding: Any, pad_if_needed: Any, fill_value: Any, padding_mode: Any
) -> None:
    check_crop_size(size)
    type_check(pad_if_needed, (bool,), "pad_if_needed")
    if padding is not None:
        check_padding(padding)
    if fill_value is not None:
        check_fill_value(fill_value)
    if padding_mode is not None:
        type_check(padding_mode, (Border,), "padding_mode")


def _random_color_adjust(brightness: Any, contrast: Any, saturation: Any, hue: Any) -> None:
    check_random_color_adjust_param(brightness, "brightness")
    check_random_color_adjust_param(contrast, "contrast")
    check_random_color_adjust_param(saturation, "saturation")
    check_random_color_adjust_param(hue, "hue", center=0, bound=(-0.5, 0.5), non_negative=False)


def _random_rotation(
    degrees: Any, resample: Any, expand: Any, center: Any, fill_value: Any
) -> None:
    check_degrees(degrees)
    check_resample_expand_center_fill_value_params(resample, expand, center, fill_value)


def _rotate(degrees: Any, resample: Any, expand: Any, center: Any, fill_value: Any) -> None:
    type_check(degrees, (float, int), "degrees")
    check_float32(degrees, "degrees")
    check_resample_expand_center_fill_value_params(resample, expand, center, fill_value)


def _ten_crop(size: Any, use_vertical_flip: Any) -> None:
    check_crop_size(size)
    if use_vertical_flip is not None:
        type_check(use_vertical_flip, (bool,), "use_vertical_flip")


def _num_channels(num_output_channels: Any) -> None:
    type_check(num_output_channels, (int,), "num_output_channels")
    if num_output_channels not in (1, 3):
        raise ValueError(
            "Number of channels of the output grayscale imageshould be either 1 or 3. "
            f"Got {num_output_channels}."
        )


def _pad(padding: Any, fill_value: Any, padding_mode: Any) -> None:
    check_padding(padding)
    check_fill_value(fill_value)
    type_check(padding_mode, (Border,), "padding_mode")


def _is_hwc(is_hwc: Any) -> None:
    type_check(is_hwc, (bool,), "is_hwc")


def _random_erasing(
    prob: Any, scale: Any, ratio: Any, value: Any, inplace: Any, max_attempts: Any
) -> None:
    type_check(prob, (float, int), "prob")
    type_check_list(scale, (float, int), "scale")
    if len(scale) != 2:
        raise TypeError("scale should be a list or tuple of length 2.")
    type_check_list(ratio, (float, int), "ratio")
    if len(ratio) != 2:
        raise TypeError("ratio should be a list or tuple of length 2.")
    type_check(value, (int, list, tuple, str), "value")
    type_check(inplace, (bool,), "inplace")
    type_check(max_attempts, (int,), "max_attempts")
    check_erasing_value(value)
    check_value(prob, (0.0, 1.0), "prob")
    if scale[0] > scale[1]:
        raise ValueError("scale should be in (min,max) format. Got (max,min).")
    check_range(scale, (0, FLOAT_MAX_INTEGER))
    check_positive(scale[1], "scale[1]")
    if ratio[0] > ratio[1]:
        raise ValueError("ratio should be in (min,max) format. Got (max,min).")
    check_value(ratio[0], (0, FLOAT_MAX_INTEGER), left_open=True)
    check_value(ratio[1], (0, FLOAT_MAX_INTEGER), left_open=True)
    if isinstance(value, int):
        check_value(value, (0, 255))
    if isinstance(value, list | tuple):
        for item in value:
            type_check(item, (int,), "value")
            check_value(item, (0, 255), "value")
    check_value(max_attempts, (1, FLOAT_MAX_INTEGER))


def _cutout(length: Any, num_patches: Any) -> None:
    type_check(length, (int,), "length")
    type_check(num_patches, (int,), "num_patches")
    check_value(length, (1, FLOAT_MAX_INTEGER))
    check_value(num_patches, (1, FLOAT_MAX_INTEGER))


def _cutout_new(length: Any, num_patches: Any, is_hwc: Any) -> None:
    type_check(length, (int,), "length")
    type_check(num_patches, (int,), "num_patches")
    type_check(is_hwc, (bool,), "is_hwc")
    check_value(length, (1, FLOAT_MAX_INTEGER))
    check_value(num_patches, (1, FLOAT_MAX_INTEGER))


def _decode(to_pil: Any) -> None:
    type_check(to_pil, (bool,), "to_pil")


def _linear_transform(transformation_matrix: Any, mean_vector: Any) -> None:
    type_check(transformation_matrix, (np.ndarray,), "transformation_matrix")
    type_check(mean_vector, (np.ndarray,), "mean_vector")
    if transformation_matrix.shape[0] != transformation_matrix.shape[1]:
        raise ValueError(
            "transformation_matrix should be a square matrix. "
            f"Got shape {transformation_matrix.shape} instead."
        )
    if mean_vector.shape[0] != transformation_matrix.shape[0]:
        raise ValueError(
            f"mean_vector length {mean_vector.shape[0]} should match either one dimension of the "
            f"squaretransformation_matrix {transformation_matrix.shape}."
        )


def _rescale(rescale: Any, shift: Any) -> None:
    type_check(rescale, (numbers.Number,), "rescale")
    type_check(shift, (numbers.Number,), "shift")
    check_float32(rescale, "rescale")
    check_float32(shift, "shift")


def _factor(name: str, named: bool = True) -> Callable[[Any], None]:
    def check(value: Any) -> None:
        type_check(value, (float, int), name)
        if named:
            check_value(value, (0, FLOAT_MAX_INTEGER), name)
        else:
            check_value(value, (0, FLOAT_MAX_INTEGER))

    return check


def _adjust_gamma(gamma: Any, gain: Any) -> None:
    type_check(gamma, (float, int), "gamma")
    check_value(gamma, (0, FLOAT_MAX_INTEGER))
    if gain is not None:
        type_check(gain, (float, int), "gain")
        check_value(gain, (FLOAT_MIN_INTEGER, FLOAT_MAX_INTEGER))


def _adjust_hue(hue_factor: Any) -> None:
    type_check(hue_factor, (float, int), "hue_factor")
    check_value(hue_factor, (-0.5, 0.5), "hue_factor")


def _positive_degrees(degrees: Any) -> None:
    if degrees is None:
        return
    if not isinstance(degrees, list | tuple):
        raise TypeError("degrees must be either a tuple or a list.")
    type_check_list(degrees, (int, float), "degrees")
    if len(degrees) != 2:
        raise ValueError("degrees must be a sequence with length 2.")
    for degree in degrees:
        check_value(degree, (0, FLOAT_MAX_INTEGER))
    if degrees[0] > degrees[1]:
        raise ValueError("degrees should be in (min,max) format. Got (max,min).")


def _random_solarize(threshold: Any) -> None:
    type_check(threshold, (tuple,), "threshold")
    type_check_list(threshold, (int,), "threshold")
    if len(threshold) != 2:
        raise ValueError("threshold must be a sequence of two numbers.")
    for element in threshold:
        check_value(element, (0, UINT8_MAX))
    if threshold[1] < threshold[0]:
        raise ValueError("threshold must be in min max format numbers.")


def _solarize(threshold: Any) -> None:
    type_check(threshold, (float, int, list, tuple), "threshold")
    if isinstance(threshold, float | int):
        threshold = (threshold, threshold)
    type_check_list(threshold, (float, int), "threshold")
    if len(threshold) != 2:
        raise TypeError("threshold must be a single number or sequence of two numbers.")
    for i, value in enumerate(threshold):
        check_value(value, (UINT8_MIN, UINT8_MAX), f"threshold[{i}]")
    if threshold[1] < threshold[0]:
        raise ValueError("threshold must be in order of (min, max).")


def _gaussian_blur(kernel_size: Any, sigma: Any) -> None:
    type_check(kernel_size, (int, list, tuple), "kernel_size")
    if isinstance(kernel_size, int):
        check_value(kernel_size, (1, FLOAT_MAX_INTEGER), "kernel_size")
        check_odd(kernel_size, "kernel_size")
    elif len(kernel_size) == 2:
        for i, value in enumerate(kernel_size):
            type_check(value, (int,), f"kernel_size[{i}]")
            check_value(value, (1, FLOAT_MAX_INTEGER), "kernel_size")
            check_odd(value, f"kernel_size[{i}]")
    else:
        raise TypeError(
            "Kernel size should be a single integer or a list/tuple (kernel_width, "
            "kernel_height) of length 2."
        )
    if sigma is None:
        return
    type_check(sigma, (numbers.Number, list, tuple), "sigma")
    if isinstance(sigma, numbers.Number):
        check_value(sigma, (0, FLOAT_MAX_INTEGER), "sigma")
    elif len(sigma) == 2:
        for i, value in enumerate(sigma):
            type_check(value, (numbers.Number,), f"size[{i}]")
            check_value(value, (0, FLOAT_MAX_INTEGER), "sigma")
    else:
        raise TypeError(
            "Sigma should be a single number or a list/tuple of length 2 for width and height."
        )


def _convert_color(convert_mode: Any) -> None:
    type_check(convert_mode, (ConvertMode,), "convert_mode")


def _affine(
    degrees: Any, translate: Any, scale: Any, shear: Any, resample: Any, fill_value: Any
) -> None:
    type_check(degrees, (int, float), "degrees")
    check_value(degrees, (-180, 180), "degrees")
    type_check(translate, (list, tuple), "translate")
    if len(translate) != 2:
        raise TypeError("The length of translate should be 2.")
    for i, t in enumerate(translate):
        type_check(t, (int, float), f"translate[{i}]")
        check_value(t, (-1.0, 1.0), f"translate[{i}]")
    type_check(scale, (int, float), "scale")
    check_positive(scale, "scale")
    type_check(shear, (numbers.Number, tuple, list), "shear")
    if isinstance(shear, list | tuple):
        if len(shear) != 2:
            raise TypeError("The length of shear should be 2.")
        for i, value in enumerate(shear):
            type_check(value, (int, float), f"shear[{i}]")
            check_value(value, (-180, 180), f"shear[{i}]")
    else:
        check_value(shear, (-180, 180), "shear")
    type_check(resample, (Inter,), "resample")
    check_fill_value(fill_value)


def _random_affine(
    degrees: Any, translate: Any, scale: Any, shear: Any, resample: Any, fill_value: Any
) -> None:
    check_degrees(degrees)
    if translate is not None:
        type_check(translate, (list, tuple), "translate")
        type_check_list(translate, (int, float), "translate")
        if len(translate) not in (2, 4):
            raise TypeError("translate should be a list or tuple of length 2 or 4.")
        for i, t in enumerate(translate):
            check_value(t, [-1.0, 1.0], f"translate at {i}")
    if scale is not None:
        type_check(scale, (tuple, list), "scale")
        type_check_list(scale, (int, float), "scale")
        if len(scale) != 2:
            raise TypeError("scale should be a list or tuple of length 2.")
        if scale[0] > scale[1]:
            raise ValueError("Input scale[1] must be equal to or greater than scale[0].")
        check_range(scale, [0, FLOAT_MAX_INTEGER])
        check_positive(scale[1], "scale[1]")
    if shear is not None:
        type_check(shear, (numbers.Number, tuple, list), "shear")
        if isinstance(shear, numbers.Number):
            check_positive(shear, "shear")
        else:
            type_check_list(shear, (int, float), "shear")
            if len(shear) not in (2, 4):
                raise TypeError("shear must be of length 2 or 4.")
            if len(shear) == 2 and shear[0] > shear[1]:
                raise ValueError("Input shear[1] must be equal to or greater than shear[0]")
            if len(shear) == 4 and (shear[0] > shear[1] or shear[2] > shear[3]):
                raise ValueError(
                    "Input shear[1] must be equal to or greater than shear[0] and "
                    "shear[3] must be equal to or greater than shear[2]."
                )
    type_check(resample, (Inter,), "resample")
    if fill_value is not None:
        check_fill_value(fill_value)


def _doc(what: str) -> str:
    return (
        f"Checks the arguments of {what} before the method runs (MindSpore's types and "
        "messages).\n\nRaises:\n    TypeError: an argument of the wrong type.\n"
        "    ValueError: an argument out of its range.\n"
    )


check_affine = _decorator(
    _affine, _doc("Affine (degrees, translate, scale, shear, resample, fill)")
)
check_random_affine = _decorator(
    _random_affine, _doc("RandomAffine (degrees, translate, scale, shear, resample, fill_value)")
)
check_cut_mix_batch_c = _decorator(_cut_mix, _doc("CutMixBatch"))
check_mix_up_batch_c = _decorator(_mix_up, _doc("MixUpBatch"))
check_crop = _decorator(_crop, _doc("Crop (coordinates, size)"))
check_center_crop = _decorator(check_crop_size, _doc("CenterCrop (size)"))
check_five_crop = _decorator(check_crop_size, _doc("FiveCrop (size)"))
check_erase = _decorator(_erase, _doc("Erase"))
check_random_posterize = _decorator(_random_posterize, _doc("RandomPosterize (bits)"))
check_posterize = _decorator(_posterize, _doc("Posterize (bits)"))
check_resize_interpolation = _decorator(_resize_interpolation, _doc("Resize (size, interpolation)"))
check_resize = _decorator(check_resize_size, _doc("Resize (size)"))
check_random_adjust_sharpness = _decorator(_random_adjust_sharpness, _doc("RandomAdjustSharpness"))
check_random_resize_crop = _decorator(_random_resize_crop, _doc("RandomResizedCrop"))
check_random_auto_contrast = _decorator(_random_auto_contrast, _doc("RandomAutoContrast"))
check_prob = _decorator(_prob, _doc("a transform with a probability (prob in [0, 1])"))
check_alpha = _decorator(_alpha, _doc("a transform with a non-negative alpha"))
check_normalize = _decorator(_normalize_hwc, _doc("Normalize (mean, std, is_hwc)"))
check_random_crop = _decorator(_random_crop, _doc("RandomCrop"))
check_random_color_adjust = _decorator(_random_color_adjust, _doc("RandomColorAdjust"))
check_random_rotation = _decorator(_random_rotation, _doc("RandomRotation"))
check_rotate = _decorator(_rotate, _doc("Rotate"))
check_ten_crop = _decorator(_ten_crop, _doc("TenCrop (size, use_vertical_flip)"))
check_num_channels = _decorator(_num_channels, _doc("Grayscale (num_output_channels)"))
check_pad = _decorator(_pad, _doc("Pad (padding, fill_value, padding_mode)"))
check_rgb_to_bgr = _decorator(_is_hwc, _doc("RgbToBgr (is_hwc)"))
check_rgb_to_hsv = _decorator(_is_hwc, _doc("RgbToHsv (is_hwc)"))
check_hsv_to_rgb = _decorator(_is_hwc, _doc("HsvToRgb (is_hwc)"))
check_random_erasing = _decorator(_random_erasing, _doc("RandomErasing"))
check_cutout = _decorator(_cutout, _doc("CutOut (length, num_patches)"))
check_cutout_new = _decorator(_cutout_new, _doc("CutOut (length, num_patches, is_hwc)"))
check_decode = _decorator(_decode, _doc("Decode (to_pil)"))
check_linear_transform = _decorator(_linear_transform, _doc("LinearTransformation"))
check_rescale = _decorator(_rescale, _doc("Rescale (rescale, shift)"))
check_adjust_brightness = _decorator(_factor("brightness_factor"), _doc("AdjustBrightness"))
check_adjust_contrast = _decorator(_factor("contrast_factor"), _doc("AdjustContrast"))
check_adjust_gamma = _decorator(_adjust_gamma, _doc("AdjustGamma (gamma, gain)"))
check_adjust_hue = _decorator(_adjust_hue, _doc("AdjustHue (hue_factor)"))
check_adjust_saturation = _decorator(
    _factor("saturation_factor", named=False), _doc("AdjustSaturation")
)
check_adjust_sharpness = _decorator(
    _factor("sharpness_factor", named=False), _doc("AdjustSharpness")
)
check_auto_contrast = _decorator(_auto_contrast, _doc("AutoContrast (cutoff, ignore)"))
check_positive_degrees = _decorator(
    _positive_degrees, _doc("RandomColor/RandomSharpness (degrees)")
)
check_random_solarize = _decorator(_random_solarize, _doc("RandomSolarize (threshold)"))
check_solarize = _decorator(_solarize, _doc("Solarize (threshold)"))
check_gaussian_blur = _decorator(_gaussian_blur, _doc("GaussianBlur (kernel_size, sigma)"))
check_convert_color = _decorator(_convert_color, _doc("ConvertColor (convert_mode)"))
check_to_tensor = _decorator(
    lambda output_type: _dtype(output_type, "output_type"), _doc("ToTensor (output_type)")
)


def _resized_crop(
    top: Any, left: Any, height: Any, width: Any, size: Any, interpolation: Any
) -> None:
    check_non_negative_int32(top, "top")
    check_non_negative_int32(left, "left")
    check_pos_int32(height, "height")
    check_pos_int32(width, "width")
    type_check(interpolation, (Inter,), "interpolation")
    check_crop_size(size)


check_resized_crop = _decorator(_resized_crop, _doc("ResizedCrop"))
