"""Record MindSpore 2.10's answers for the helper modules ``dataset.transforms.validators``,
``dataset.vision.validators`` and the two ``py_transforms_util`` modules
(``tests/fixtures/ms/dataset/validator_modules.json``): for each case the exception type and
message, or the value returned.

A case is (module, kind, name, signature, call): kind "dec" decorates an ``__init__`` with that
signature and calls it with ``call``; kind "fn" calls the function with ``call``; kind "op" builds
the vision transform ``name`` with ``call`` (its constructor's checks). The same runner
(``run_case``) replays them under deepsink in ``tests/dataset/test_validator_modules.py``.

Run with a Python that has MindSpore 2.x installed (not run by CI)::

    /path/to/mindspore-venv/bin/python scripts/record_dataset_validator_fixtures.py
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import numpy as np

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "dataset"

TV = "mindspore.dataset.transforms.validators"
TU = "mindspore.dataset.transforms.py_transforms_util"
VV = "mindspore.dataset.vision.validators"
VU = "mindspore.dataset.vision.py_transforms_util"

CASES = [
    # transforms.validators
    (TV, "dec", "check_fill_value", "fill_value", "3"),
    (TV, "dec", "check_fill_value", "fill_value", "[3]"),
    (TV, "dec", "check_one_hot_op", "num_classes, smoothing_rate=0.0", "3, 0.5"),
    (TV, "dec", "check_one_hot_op", "num_classes, smoothing_rate=0.0", "0"),
    (TV, "dec", "check_one_hot_op", "num_classes, smoothing_rate=0.0", "3, 1.5"),
    (TV, "dec", "check_one_hot_op", "num_classes, smoothing_rate=0.0", "'3'"),
    (TV, "dec", "check_num_classes", "num_classes", "-1"),
    (TV, "dec", "check_slice_option", "slice_option", "[1, 'a']"),
    (TV, "dec", "check_slice_op", "*slice_op", "slice(0, 2), 1.5"),
    (TV, "dec", "check_pad_end", "pad_shape, pad_value=None", "[2, 'x']"),
    (TV, "dec", "check_pad_end", "pad_shape, pad_value=None", "[0]"),
    (TV, "dec", "check_pad_end", "pad_shape, pad_value=None", "(2,)"),
    (TV, "dec", "check_concat_type", "axis=0, prepend=None, append=None", "1"),
    (TV, "dec", "check_concat_type", "axis=0, prepend=None, append=None", "0, np.ones((2, 2))"),
    (TV, "dec", "check_random_transform_ops", "transforms", "[]"),
    (TV, "dec", "check_random_transform_ops", "transforms", "[1]"),
    (TV, "dec", "check_random_transform_ops", "transforms, prob=0.5", "[abs], 2"),
    (TV, "dec", "check_compose_list", "transforms", "[abs, 3]"),
    (TV, "dec", "check_compose_list", "transforms", "[]"),
    (TV, "dec", "check_random_apply", "transforms, prob=0.5", "[abs], 1.5"),
    (TV, "dec", "check_transforms_list", "transforms", "(abs,)"),
    (TV, "dec", "check_plugin", "lib_path, func_name, user_args=None", "'a', 1"),
    (TV, "fn", "check_transform_op_type", "", "0, int"),
    # transforms.py_transforms_util
    (TU, "fn", "all_numpy", "", "(np.ones(1), 2)"),
    (TU, "fn", "compose", "", "[lambda x: x + 1, lambda x: (x, x * 2)], 3"),
    (TU, "fn", "one_hot_encoding", "", "np.array([[1], [0]]), 3, 0.1"),
    (TU, "fn", "one_hot_encoding", "", "np.array(2), 3, 0.0"),
    (TU, "fn", "one_hot_encoding", "", "np.array([4]), 3, 0.0"),
    (TU, "fn", "one_hot_encoding", "", "np.array([1.0]), 3, 0.0"),
    (TU, "fn", "one_hot_encoding", "", "[1], 3, 0.0"),
    # vision.validators
    (VV, "dec", "check_prob", "prob=0.5", "1.5"),
    (VV, "dec", "check_prob", "prob=0.5", "'a'"),
    (VV, "dec", "check_resize", "size", "0"),
    (VV, "dec", "check_resize", "size", "(2, 0)"),
    (VV, "dec", "check_resize", "size", "(2, 3, 4)"),
    (VV, "dec", "check_resize_interpolation", "size, interpolation=None", "3"),
    (VV, "dec", "check_center_crop", "size", "(2, 'a')"),
    (VV, "dec", "check_crop", "coordinates, size", "(0,), 2"),
    (VV, "dec", "check_normalize", "mean, std, is_hwc=True", "[0.5], [0.5, 1]"),
    (VV, "dec", "check_normalize", "mean, std, is_hwc=True", "[300], [1]"),
    (VV, "dec", "check_normalize", "mean, std, is_hwc=True", "[3], [0]"),
    (VV, "dec", "check_pad", "padding, fill_value=0, padding_mode=Border.CONSTANT", "(1, 2, 3)"),
    (VV, "dec", "check_pad", "padding, fill_value=0, padding_mode=Border.CONSTANT", "1, 256"),
    (VV, "dec", "check_pad", "padding, fill_value=0, padding_mode=Border.CONSTANT", "1, (1, 2)"),
    (
        VV,
        "dec",
        "check_random_rotation",
        "degrees, resample=Inter.NEAREST, expand=False, center=None, fill_value=0",
        "(30, 10)",
    ),
    (
        VV,
        "dec",
        "check_random_rotation",
        "degrees, resample=Inter.NEAREST, expand=False, center=None, fill_value=0",
        "-1",
    ),
    (
        VV,
        "dec",
        "check_random_color_adjust",
        "brightness=(1, 1), contrast=(1, 1), saturation=(1, 1), hue=(0, 0)",
        "(2, 1)",
    ),
    (
        VV,
        "dec",
        "check_random_color_adjust",
        "brightness=(1, 1), contrast=(1, 1), saturation=(1, 1), hue=(0, 0)",
        "1, 1, 1, (0, 0.7)",
    ),
    (VV, "dec", "check_num_channels", "num_output_channels=1", "2"),
    (VV, "dec", "check_gaussian_blur", "kernel_size, sigma=None", "4"),
    (VV, "dec", "check_gaussian_blur", "kernel_size, sigma=None", "(3, 3), (1, 2, 3)"),
    (VV, "dec", "check_solarize", "threshold", "(200, 100)"),
    (VV, "dec", "check_auto_contrast", "cutoff=0.0, ignore=None", "50"),
    (VV, "dec", "check_adjust_hue", "hue_factor", "0.6"),
    (VV, "dec", "check_adjust_gamma", "gamma, gain=1", "-1"),
    (
        VV,
        "dec",
        "check_random_resize_crop",
        "size, scale=(0.08, 1.0), ratio=(0.75, 1.33), interpolation=Inter.BILINEAR, max_attempts=10",
        "4, (1.0, 0.5)",
    ),
    (
        VV,
        "dec",
        "check_random_resize_crop",
        "size, scale=(0.08, 1.0), ratio=(0.75, 1.33), interpolation=Inter.BILINEAR, max_attempts=10",
        "4, (0.5, 1.0), (1, 2), Inter.BILINEAR, 0",
    ),
    (
        VV,
        "dec",
        "check_erase",
        "top, left, height, width, value=0, inplace=False",
        "0, 0, 1, 1, 300",
    ),
    (VV, "dec", "check_rescale", "rescale, shift", "'a', 0"),
    (VV, "dec", "check_random_posterize", "bits=(8, 8)", "(1, 9)"),
    (VV, "dec", "check_cutout", "length, num_patches=1", "0"),
    (
        VV,
        "dec",
        "check_random_erasing",
        "prob=0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0, inplace=False, max_attempts=10",
        "0.5, (0.5, 0.1)",
    ),
    # vision ops: their constructors validate through vision.validators
    (VV, "op", "Resize", "", "0"),
    (VV, "op", "Resize", "", "(2, 0)"),
    (VV, "op", "CenterCrop", "", "(2, 'a')"),
    (VV, "op", "RandomHorizontalFlip", "", "1.5"),
    (VV, "op", "RandomVerticalFlip", "", "'a'"),
    (VV, "op", "Rescale", "", "'a', 0"),
    (VV, "op", "Pad", "", "(1, 2, 3)"),
    (VV, "op", "Pad", "", "1, 256"),
    (VV, "op", "AdjustHue", "", "0.6"),
    (VV, "op", "GaussianBlur", "", "4"),
    (VV, "op", "Normalize", "", "[300], [1]"),
    (VV, "op", "Normalize", "", "[3], [0]"),
    (VV, "op", "RandomCrop", "", "0"),
    (VV, "op", "RandomRotation", "", "(30, 10)"),
    (VV, "op", "RandomLighting", "", "'1'"),
    (VV, "op", "RandomLighting", "", "-0.5"),
    (VV, "op", "RandomAffine", "", "15, translate=(0.1, 1.5)"),
    (VV, "op", "RandomAffine", "", "15, translate=(0.1)"),
    (VV, "op", "RandomAffine", "", "15, translate=(0.1, 0.2, 0.3)"),
    (VV, "op", "RandomAffine", "", "[15]"),
    (VV, "op", "RandomAffine", "", "-15"),
    (VV, "op", "RandomAffine", "", "15, scale=(0.5)"),
    (VV, "op", "RandomAffine", "", "15, scale=(2.0, 1.0)"),
    (VV, "op", "RandomAffine", "", "15, scale=(0.0, 0.0)"),
    (VV, "op", "RandomAffine", "", "15, shear=-5"),
    (VV, "op", "RandomAffine", "", "15, shear=(-5, 5, 10)"),
    (VV, "op", "RandomAffine", "", "15, shear=(5, -5)"),
    (VV, "op", "RandomAffine", "", "15, shear=(-5, 5, 6, 3)"),
    (VV, "op", "RandomAffine", "", "15, resample=1"),
    (VV, "op", "RandomAffine", "", "15, fill_value=(1, 2)"),
    (VV, "op", "RandomAffine", "", "15, fill_value=[1, 2, 3]"),
    (VV, "op", "RandomAffine", "", "15, shear=(1, 2), resample=Inter.PILCUBIC"),
    (
        VV,
        "dec",
        "check_random_affine",
        "degrees, translate=None, scale=None, shear=None, resample=Inter.NEAREST, fill_value=0",
        "(10, 5)",
    ),
    (VV, "op", "Grayscale", "", "2"),
    (VV, "op", "Solarize", "", "(200, 100)"),
    (VV, "op", "AutoContrast", "", "50"),
    (VV, "op", "AdjustGamma", "", "-1"),
    (VV, "op", "RandomResizedCrop", "", "4, (1.0, 0.5)"),
    (VV, "op", "CutOut", "", "0"),
    (VV, "op", "Posterize", "", "9"),
    (VV, "op", "RandomPosterize", "", "(1, 9)"),
    (VV, "op", "Decode", "", "'a'"),
    (VV, "op", "RandomColorAdjust", "", "(2, 1)"),
    (VV, "op", "TenCrop", "", "2, 'a'"),
    (VV, "op", "Crop", "", "(0,), 2"),
    (VV, "op", "Erase", "", "0, 0, 1, 1, 300"),
    (VV, "op", "AdjustBrightness", "", "-1"),
    (VV, "op", "AdjustSaturation", "", "-1"),
    (VV, "op", "Rotate", "", "'a'"),
    (VV, "op", "Resize", "", "3"),
    (VV, "op", "Rotate", "", "30.0"),
    (VV, "fn", "check_crop_size", "", "(1, 2, 3)"),
    (VV, "fn", "check_fill_value", "", "(1, 2)"),
    (VV, "fn", "check_padding", "", "-1"),
    (VV, "fn", "check_degrees", "", "(1, 2, 3)"),
    # vision.py_transforms_util
    (VU, "fn", "hwc_to_chw", "", "np.zeros((2, 3, 4))"),
    (VU, "fn", "hwc_to_chw", "", "np.zeros(3)"),
    (VU, "fn", "to_tensor", "", "np.full((2, 2), 51, np.uint8), np.float32"),
    (VU, "fn", "to_tensor", "", "[1, 2], np.float32"),
    (VU, "fn", "normalize", "", "np.ones((2, 1, 1), np.float32), [0.5, 0.25], [0.5, 0.5]"),
    (VU, "fn", "normalize", "", "np.ones((2, 1, 1), np.uint8), [0.5], [0.5]"),
    (VU, "fn", "normalize", "", "np.ones((3, 1, 1), np.float32), [0.5, 0.2], [0.5, 0.1]"),
    (VU, "fn", "to_pil", "", "np.zeros((2, 2, 3), np.float32)"),
    (VU, "fn", "to_pil", "", "np.zeros((2, 2, 5), np.uint8)"),
    (VU, "fn", "crop", "", "IMG, 1, 0, 2, 2"),
    (VU, "fn", "crop", "", "np.zeros((2, 2)), 0, 0, 1, 1"),
    (VU, "fn", "resize", "", "IMG, 2"),
    (VU, "fn", "resize", "", "IMG, (2, 3), Inter.NEAREST"),
    (VU, "fn", "resize", "", "IMG, (2, 3, 4)"),
    (VU, "fn", "center_crop", "", "IMG, 2"),
    (VU, "fn", "horizontal_flip", "", "IMG"),
    (VU, "fn", "vertical_flip", "", "IMG"),
    (VU, "fn", "adjust_brightness", "", "IMG, 0.5"),
    (VU, "fn", "adjust_contrast", "", "IMG, 0.5"),
    (VU, "fn", "adjust_saturation", "", "IMG, 0.5"),
    (VU, "fn", "adjust_hue", "", "IMG, 0.2"),
    (VU, "fn", "adjust_hue", "", "IMG, 0.7"),
    (VU, "fn", "adjust_gamma", "", "IMG, 0.5, 1.0"),
    (VU, "fn", "grayscale", "", "IMG, 3"),
    (VU, "fn", "grayscale", "", "IMG, 2"),
    (VU, "fn", "pad", "", "IMG, (1, 2), 7, 'constant'"),
    (VU, "fn", "pad", "", "IMG, 1, 0, 'reflect'"),
    (VU, "fn", "pad", "", "IMG, (1, 2, 3), 0, 'constant'"),
    (VU, "fn", "five_crop", "", "IMG, 2"),
    (VU, "fn", "ten_crop", "", "IMG, (2, 1), True"),
    (VU, "fn", "invert_color", "", "IMG"),
    (VU, "fn", "equalize", "", "IMG"),
    (VU, "fn", "auto_contrast", "", "IMG, 10.0, None"),
    (VU, "fn", "rgb_to_bgr", "", "np.arange(12).reshape(2, 2, 3), True"),
    (VU, "fn", "rgb_to_hsvs", "", "np.arange(12.0).reshape(1, 2, 2, 3) / 12, True"),
    (VU, "fn", "hsv_to_rgbs", "", "np.arange(12.0).reshape(3, 2, 2) / 12, False"),
    (VU, "fn", "rgb_to_bgrs", "", "np.zeros((2, 2, 4)), True"),
    (VU, "fn", "linear_transform", "", "np.ones((1, 2)), np.eye(3), np.zeros(3)"),
    (VU, "fn", "erase", "", "np.ones((3, 2, 2)), 0, 1, 2, 1, np.array([5, 6, 7])"),
    (VU, "fn", "to_type", "", "np.ones(2), 'nonsense'"),
]


def _image(vision_utils: Any) -> Any:
    from PIL import Image

    arr = (np.arange(4 * 5 * 3) * 7 % 256).astype(np.uint8).reshape(4, 5, 3)
    return Image.fromarray(arr)


def _plain(value: Any) -> Any:
    """A JSON form of a result: arrays (and PIL images) as lists with their dtype."""
    from PIL import Image

    if isinstance(value, Image.Image):
        return {"pil": value.mode, "data": np.asarray(value).tolist()}
    if isinstance(value, np.ndarray):
        return {"dtype": str(value.dtype), "data": np.round(value, 6).tolist()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


def run_case(case: tuple, prefix: str = "mindspore") -> dict:
    """Runs one case with the package named ``prefix`` (``mindspore`` or ``deepsink``)."""
    module, kind, name, signature, call = case
    mod = importlib.import_module(prefix + module[len("mindspore") :])
    vision = importlib.import_module(prefix + ".dataset.vision")
    target = getattr(vision, name) if kind == "op" else getattr(mod, name)
    ns = {"np": np, "Inter": vision.Inter, "Border": vision.Border, "fn": target}
    ns["IMG"] = _image(vision)
    try:
        if kind == "dec":
            src = (
                "class Op:\n    @fn\n"
                f"    def __init__(self, {signature}):\n        pass\n"
                f"Op({call})\n"
            )
            exec(src, ns)  # noqa: S102 - the recorded cases above
            return {"ok": None}
        value = eval(f"fn({call})", ns)  # noqa: S307 - the recorded cases above
        return {"ok": None if kind == "op" else _plain(value)}
    except Exception as e:  # noqa: BLE001 - the error is what is recorded
        return {"error": type(e).__name__, "message": str(e).split("\n")[0]}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    records = [{"case": list(c), "result": run_case(c)} for c in CASES]
    path = OUT / "validator_modules.json"
    path.write_text(json.dumps(records, indent=1) + "\n")
    print(f"wrote {len(records)} cases to {path}")


if __name__ == "__main__":
    main()
