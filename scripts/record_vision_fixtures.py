"""Record MindSpore 2.10's pixels for the deterministic vision ops into
``tests/fixtures/ms/vision/ops.npz`` (inputs included, so the test needs nothing else).

Run with a Python that has MindSpore 2.x installed (not run by CI)::

    /path/to/mindspore-venv/bin/python scripts/record_vision_fixtures.py

Each case is ``name -> (op, input key)``; the file holds ``in/<key>`` and ``out/<name>`` (a
multi-output op stores ``out/<name>/<i>``). Random ops appear with degenerate ranges (one value),
where MindSpore's result is deterministic, to pin how their parameters map to pixels.
"""

from __future__ import annotations

import io
from pathlib import Path

import mindspore.dataset.transforms as T
import mindspore.dataset.vision as V
import numpy as np
from mindspore.dataset.vision import ConvertMode, Inter, SliceMode
from PIL import Image

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "vision" / "ops.npz"


def inputs() -> dict[str, np.ndarray]:
    rng = np.random.RandomState(25)
    smooth = np.asarray(
        Image.fromarray(rng.randint(0, 256, (6, 8, 3), dtype=np.uint8)).resize((31, 23), 2)
    )
    noisy = np.clip(smooth.astype(int) + rng.randint(-25, 26, smooth.shape), 0, 255)
    rgb = noisy.astype(np.uint8)
    jpegs = {}
    for name, kw in {
        "q90": {"quality": 90},
        "q75_444": {"quality": 75, "subsampling": 0},
        "prog": {"quality": 80, "progressive": True},
    }.items():
        b = io.BytesIO()
        Image.fromarray(rgb).save(b, "JPEG", **kw)
        jpegs[f"jpeg_{name}"] = np.frombuffer(b.getvalue(), np.uint8)
    b = io.BytesIO()
    Image.fromarray(rgb[..., 0]).save(b, "JPEG", quality=85)
    jpegs["jpeg_gray"] = np.frombuffer(b.getvalue(), np.uint8)
    b = io.BytesIO()
    Image.fromarray(rgb).save(b, "PNG")
    jpegs["png"] = np.frombuffer(b.getvalue(), np.uint8)
    rgba = np.concatenate([rgb, rng.randint(0, 256, rgb.shape[:2] + (1,), dtype=np.uint8)], -1)
    return {
        "rgb": rgb,
        "gray": rgb[..., 1].copy(),
        "rgba": rgba,
        "f32": (rgb.astype(np.float32) / 255.0),
        "f32_chw": (rgb.astype(np.float32) / 255.0).transpose(2, 0, 1).copy(),
        "bbox": np.array([[1.5, 2, 10, 8.25, 3], [0, 0, 31, 23, 1]], np.float32),
        "hsv": rng.uniform(0, 1, (5, 7, 3)).astype(np.float32),
        **jpegs,
    }


def cases() -> dict:
    persp_src = [[0, 0], [30, 0], [30, 22], [0, 22]]
    persp_dst = [[2, 3], [28, 1], [29, 20], [1, 21]]
    c = {
        "hflip": (V.HorizontalFlip(), "rgb"),
        "vflip": (V.VerticalFlip(), "rgb"),
        "crop": (V.Crop((3, 4), (10, 12)), "rgb"),
        "resizedcrop_linear": (V.ResizedCrop(2, 3, 15, 20, (10, 12), Inter.LINEAR), "rgb"),
        "resizedcrop_area": (V.ResizedCrop(2, 3, 15, 20, (7, 9), Inter.AREA), "rgb"),
        "resizedcrop_nearest": (V.ResizedCrop(1, 0, 20, 25, 14, Inter.NEAREST), "rgb"),
        "resizedcrop_cubic": (V.ResizedCrop(1, 2, 18, 21, (12, 30), Inter.BICUBIC), "rgb"),
        "rotate_nearest": (V.Rotate(30), "rgb"),
        "rotate_linear_expand": (V.Rotate(45, Inter.BILINEAR, True, None, (10, 20, 30)), "rgb"),
        "rotate_center": (V.Rotate(-17.5, Inter.BILINEAR, False, (5, 7), 0), "rgb"),
        "rotate_gray": (V.Rotate(60, Inter.BILINEAR, True), "gray"),
        "affine": (V.Affine(15, [0.6, -0.9], 1.2, [5, 10], Inter.BILINEAR, (1, 2, 3)), "rgb"),
        "affine_nearest": (V.Affine(30, [0, 0], 0.8, [0, 0], Inter.NEAREST), "rgb"),
        "affine_shear1": (V.Affine(0, [1, 1], 1.0, 12.0, Inter.BILINEAR), "rgb"),
        "perspective": (V.Perspective(persp_src, persp_dst, Inter.BILINEAR), "rgb"),
        "perspective_nearest": (V.Perspective(persp_src, persp_dst, Inter.NEAREST), "gray"),
        "gaussian3": (V.GaussianBlur(3, 1.0), "rgb"),
        "gaussian53": (V.GaussianBlur((5, 3), (1.5, 0.7)), "rgb"),
        "gaussian_nosigma": (V.GaussianBlur(5), "gray"),
        "brightness": (V.AdjustBrightness(1.3), "rgb"),
        "brightness_f32": (V.AdjustBrightness(0.7), "f32"),
        "contrast": (V.AdjustContrast(0.6), "rgb"),
        "saturation": (V.AdjustSaturation(1.7), "rgb"),
        "hue": (V.AdjustHue(0.2), "rgb"),
        "hue_neg": (V.AdjustHue(-0.3), "rgb"),
        "gamma": (V.AdjustGamma(0.7, 1.1), "rgb"),
        "gamma_f32": (V.AdjustGamma(1.5, 0.9), "f32"),
        "sharpness": (V.AdjustSharpness(2.0), "rgb"),
        "autocontrast": (V.AutoContrast(), "rgb"),
        "autocontrast_cut": (V.AutoContrast(10.0, [0, 255]), "rgb"),
        "equalize": (V.Equalize(), "rgb"),
        "equalize_gray": (V.Equalize(), "gray"),
        "posterize": (V.Posterize(3), "rgb"),
        "solarize": (V.Solarize(100), "rgb"),
        "solarize_range": (V.Solarize((50, 150)), "rgb"),
        "invert": (V.Invert(), "rgb"),
        "erase": (V.Erase(2, 3, 5, 6, (10, 20, 30)), "rgb"),
        "erase_inplace": (V.Erase(1, 1, 4, 4, 7, True), "rgb"),
        "padtosize": (V.PadToSize((30, 40), None, (1, 2, 3)), "rgb"),
        "padtosize_offset": (V.PadToSize([28, 35], [2, 3], 0, V.Border.REFLECT), "rgb"),
        "rgb2hsv": (V.RgbToHsv(True), "f32"),
        "rgb2hsv_chw": (V.RgbToHsv(), "f32_chw"),
        "hsv2rgb": (V.HsvToRgb(True), "hsv"),
        "normalizepad": (V.NormalizePad([120.0, 115.0, 100.0], [60.0, 62.0, 58.0]), "rgb"),
        "normalizepad_f16": (V.NormalizePad([0.5] * 3, [0.25] * 3, "float16", False), "f32_chw"),
        "slicepatches": (V.SlicePatches(2, 3, SliceMode.PAD, 9), "rgb"),
        "slicepatches_drop": (V.SlicePatches(3, 2, SliceMode.DROP), "rgb"),
        "totype": (V.ToType(np.int16), "rgb"),
        "lineartransformation": (
            V.LinearTransformation(np.eye(12, dtype=np.float32)[::-1] * 0.5, np.full(12, 0.1)),
            "hsv_small",
        ),
        "random_rotation_fixed": (V.RandomRotation((30, 30), Inter.BILINEAR), "rgb"),
        "random_affine_fixed": (
            V.RandomAffine((15, 15), (0.1, 0.1, -0.1, -0.1), (1.1, 1.1), (4, 4, 6, 6)),
            "rgb",
        ),
        "random_color_adjust_b": (V.RandomColorAdjust(brightness=(1.4, 1.4)), "rgb"),
        "random_color_adjust_s": (V.RandomColorAdjust(saturation=(0.3, 0.3)), "rgb"),
        "random_resized_crop_full": (
            V.RandomResizedCrop((11, 17), (1.0, 1.0), (31 / 23, 31 / 23)),
            "rgb",
        ),
        "random_crop_decode_resize_full": (
            V.RandomCropDecodeResize((11, 17), (1.0, 1.0), (31 / 23, 31 / 23)),
            "jpeg_q90",
        ),
        "resize_rgba": (V.Resize((9, 12)), "rgba"),
    }
    for mode in (
        "COLOR_RGB2BGR",
        "COLOR_RGB2GRAY",
        "COLOR_RGB2RGBA",
        "COLOR_RGB2BGRA",
        "COLOR_GRAY2RGB",
        "COLOR_RGBA2RGB",
        "COLOR_RGBA2GRAY",
        "COLOR_BGRA2RGBA",
    ):
        src = "gray" if mode.startswith("COLOR_GRAY") else "rgba" if "A2" in mode else "rgb"
        c[f"convert_{mode}"] = (V.ConvertColor(getattr(ConvertMode, mode)), src)
    for name in ("jpeg_q90", "jpeg_q75_444", "jpeg_prog", "jpeg_gray", "png"):
        c[f"decode_{name}"] = (V.Decode(), name)
    c["fill"] = (T.Fill(7), "gray")
    # two-input ops: (image, boxes)
    c["resize_with_bbox"] = (V.ResizeWithBBox((17, 40)), ("rgb", "bbox"))
    c["hflip_with_bbox"] = (V.RandomHorizontalFlipWithBBox(1.0), ("rgb", "bbox"))
    c["vflip_with_bbox"] = (V.RandomVerticalFlipWithBBox(1.0), ("rgb", "bbox"))
    c["crop_with_bbox_full"] = (V.RandomCropWithBBox((23, 31)), ("rgb", "bbox"))
    c["crop_with_bbox_padded"] = (
        V.RandomCropWithBBox((27, 35), 2, fill_value=(9, 8, 7)),
        ("rgb", "bbox"),
    )
    c["resized_crop_with_bbox_full"] = (
        V.RandomResizedCropWithBBox((11, 17), (1.0, 1.0), (31 / 23, 31 / 23)),
        ("rgb", "bbox"),
    )
    # policies with one choice: deterministic
    c["randaugment_m0_1op"] = (V.RandAugment(num_ops=0), "rgb")
    c["autoaugment_solarize"] = (V.RandomSelectSubpolicy([[(V.Solarize(128), 1.0)]]), "rgb")
    return c


def main() -> None:
    data = inputs()
    data["hsv_small"] = data["hsv"][:2, :2]
    out: dict[str, np.ndarray] = {f"in/{k}": v for k, v in data.items()}
    ok = 0
    for name, (op, key) in cases().items():
        try:
            keys = key if isinstance(key, tuple) else (key,)
            res = op(*(data[k].copy() for k in keys))  # some MindSpore ops write into their input
        except Exception as e:  # noqa: BLE001 - report and go on
            print(f"[FAIL] {name}: {type(e).__name__}: {e}")
            continue
        if isinstance(res, list | tuple):
            for i, r in enumerate(res):
                out[f"out/{name}/{i}"] = np.asarray(r)
        else:
            out[f"out/{name}"] = np.asarray(res)
        out[f"src/{name}"] = np.array("+".join(key) if isinstance(key, tuple) else key)
        ok += 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(OUT, **out)
    print(f"{ok} cases -> {OUT}")


if __name__ == "__main__":
    main()
