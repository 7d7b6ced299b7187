"""Pixel-level parity of the vision and transforms ops with MindSpore 2.10 (recorded fixtures).

Integer outputs must match exactly, float outputs to 1e-5; the batched path, the per-sample path and
the JAX path (what ``device_split`` runs on the device) must agree with each other as well.
"""

import json

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from dataset_support import fixture

import deepsink.dataset.transforms as transforms
import deepsink.dataset.vision as vision
from deepsink.common import dtype as mstype
from deepsink.dataset.vision import Border, Inter

RESIZE = fixture("resize")
VISION = fixture("vision")
CASES = sorted({int(k.split("/")[0]) for k in RESIZE if k.split("/")[0].isdigit()})
INTERPS = ["LINEAR", "NEAREST", "BICUBIC", "AREA"]


def close(a, b):
    np.testing.assert_allclose(np.asarray(a), b, rtol=1e-5, atol=1e-5)
    assert np.asarray(a).dtype == b.dtype and np.asarray(a).shape == b.shape


@pytest.mark.parametrize("interp", INTERPS)
def test_resize_uint8_exact_and_float_close(interp):
    for i in CASES:
        size = tuple(int(v) for v in RESIZE[f"{i}/size"])
        op = vision.Resize(size, getattr(Inter, interp))
        u8, want = RESIZE[f"{i}/u8"], RESIZE[f"{i}/u8/{interp}"]
        got = op(u8)
        assert got.dtype == np.uint8 and got.shape == want.shape, (i, interp)
        assert np.array_equal(got, want), f"case {i} {u8.shape}->{size} {interp}"
        close(op(RESIZE[f"{i}/f32"]), RESIZE[f"{i}/f32/{interp}"])


@pytest.mark.parametrize("interp", INTERPS)
def test_resize_batched_and_jax_match_per_sample(interp, strict_jax):
    rng = np.random.default_rng(0)
    x = rng.integers(0, 256, (5, 13, 17, 3), dtype=np.uint8)
    op = vision.Resize((9, 22), getattr(Inter, interp))
    per_sample = np.stack([op(img) for img in x])
    assert np.array_equal(op.apply_batch(x), per_sample)
    assert np.array_equal(np.asarray(jax.jit(lambda b: op.jax_fn(b, None))(x)), per_sample)
    f = x.astype(np.float32) / 3
    np.testing.assert_allclose(
        np.asarray(op.jax_fn(jnp.asarray(f), None)), op.apply_batch(f), rtol=1e-5, atol=1e-5
    )


def test_resize_int_size_keeps_aspect_ratio():
    img = RESIZE["int/in"]
    for s in (4, 10, 3):
        assert np.array_equal(vision.Resize(s)(img), RESIZE[f"int/{s}"])


@pytest.mark.parametrize("name", ["img3", "img1", "f3"])
def test_pointwise_and_layout_ops(name):
    x = VISION[name]
    close(vision.Rescale(1.0 / 255.0, -0.5)(x), VISION[f"rescale/{name}"])
    close(vision.Rescale(1 / 0.3081, -1 * 0.1307 / 0.3081)(x), VISION[f"rescale2/{name}"])
    assert np.array_equal(vision.HWC2CHW()(x), VISION[f"hwc2chw/{name}"])
    close(vision.ToTensor()(x), VISION[f"totensor/{name}"])
    for size in ((3, 4), (4, 9), (8, 11), (9, 5), 2):
        key = "x".join(map(str, size)) if isinstance(size, tuple) else str(size)
        got, want = vision.CenterCrop(size)(x), VISION[f"centercrop/{name}/{key}"]
        assert got.shape == want.shape and np.array_equal(got, want), (name, size)
    for prob in (0.0, 1.0):
        assert np.array_equal(vision.RandomHorizontalFlip(prob)(x), VISION[f"hflip/{name}/{prob}"])
        assert np.array_equal(vision.RandomVerticalFlip(prob)(x), VISION[f"vflip/{name}/{prob}"])


def test_normalize():
    close(
        vision.Normalize([121.0, 115.0, 100.0], [70.0, 68.0, 71.0])(VISION["img3"]),
        VISION["normalize/img3"],
    )
    close(vision.Normalize([1.0, 2.0, 3.0], [0.5, 2.0, 4.0])(VISION["f3"]), VISION["normalize/f3"])
    close(vision.Normalize([100.0], [50.0])(VISION["img1"]), VISION["normalize/img1"])
    close(
        vision.Normalize([121.0, 115.0, 100.0], [70.0, 68.0, 71.0], is_hwc=False)(VISION["chw3"]),
        VISION["normalize/chw3"],
    )


def test_typecast_and_onehot():
    lab = VISION["label"]
    for t, key in ((mstype.int32, "int32"), (np.float16, "float16")):
        got = transforms.TypeCast(t)(lab)
        assert got.dtype == VISION[f"typecast/{key}"].dtype and np.array_equal(
            got, VISION[f"typecast/{key}"]
        )
    got = np.stack([transforms.OneHot(10)(x) for x in lab])
    assert got.dtype == VISION["onehot"].dtype and np.array_equal(got, VISION["onehot"])


def _crop_kwargs(spec: dict) -> dict:
    kw = dict(spec)
    kw["size"] = tuple(kw["size"])
    if isinstance(kw.get("padding"), list):
        kw["padding"] = tuple(kw["padding"])
    if isinstance(kw.get("fill_value"), list):
        kw["fill_value"] = tuple(kw["fill_value"])
    if "padding_mode" in kw:
        kw["padding_mode"] = Border(kw["padding_mode"])
    return kw


def test_random_crop_outputs_are_crops_of_our_padding():
    """MindSpore's offsets come from its own RNG; every crop it made must be one we can make."""
    img = VISION["img3"]
    specs = json.loads(bytes(VISION["randomcrop/specs"]).decode())
    for i, spec in enumerate(specs):
        op = vision.RandomCrop(**_crop_kwargs(spec))
        padded = op._pad(np, img[None])[0]
        ch, cw = op.size
        candidates = {
            (y, x): padded[y : y + ch, x : x + cw]
            for y in range(padded.shape[0] - ch + 1)
            for x in range(padded.shape[1] - cw + 1)
        }
        for crop in VISION[f"randomcrop/{i}"]:
            assert any(np.array_equal(crop, c) for c in candidates.values()), spec
        # and with the same offset our op gives that crop: offsets come from the uniforms
        h, w = padded.shape[:2]
        for (y, x), c in list(candidates.items())[:5]:
            u = np.array([[(y + 0.5) / (h - ch + 1), (x + 0.5) / (w - cw + 1)]])
            assert np.array_equal(op.apply_batch(img[None], u)[0], c)


def test_random_flip_probability_and_determinism():
    rng = np.random.default_rng(1)
    x = rng.integers(0, 256, (4000, 3, 5, 1), dtype=np.uint8)
    u = rng.random((4000, 1))
    out = vision.RandomHorizontalFlip(0.5).apply_batch(x, u=u)
    flipped = np.array([np.array_equal(o, i[:, ::-1]) for o, i in zip(out, x)])
    assert np.array_equal(flipped, u[:, 0] < 0.5)
    assert 0.46 < flipped.mean() < 0.54
    out_v = vision.RandomVerticalFlip(0.25).apply_batch(x, u=u)
    assert np.array_equal(out_v[u[:, 0] < 0.25], x[u[:, 0] < 0.25][:, ::-1])


@pytest.mark.parametrize("name", ["png_rgb", "png_gray", "bmp_rgb", "jpeg"])
def test_decode_exact(name):
    """PNG, BMP and (libjpeg-turbo's default IDCT on both sides) JPEG decode to MindSpore's RGB."""
    got = vision.Decode()(VISION[f"decode/{name}/in"])
    assert got.dtype == np.uint8 and np.array_equal(got, VISION[f"decode/{name}"])


@pytest.fixture
def strict_jax():
    """The JAX paths must run under the strictest numpy-API settings a test suite may choose."""
    with jax.numpy_rank_promotion("raise"), jax.numpy_dtype_promotion("strict"):
        yield


def test_jax_paths_match_numpy_for_every_traceable_op(strict_jax):
    rng = np.random.default_rng(2)
    x = rng.integers(0, 256, (3, 8, 10, 3), dtype=np.uint8)
    ops = [
        vision.Rescale(0.5, 1.0),
        vision.Normalize([1.0, 2.0, 3.0], [2.0, 3.0, 4.0]),
        vision.HWC2CHW(),
        vision.CenterCrop((5, 12)),
        vision.ToTensor(),
        transforms.TypeCast(mstype.float16),
        vision.Resize((4, 7), Inter.BICUBIC),
    ]
    for op in ops:
        np.testing.assert_allclose(
            np.asarray(op.jax_fn(jnp.asarray(x), None)),
            op.apply_batch(x),
            rtol=1e-5,
            atol=1e-5,
            err_msg=op.name,
        )
    lab = np.array([1, 0, 4], np.int32)
    assert np.array_equal(
        transforms.OneHot(5).jax_fn(jnp.asarray(lab), None), transforms.OneHot(5).apply_batch(lab)
    )
    key = jax.random.key(0)
    crop = vision.RandomCrop((6, 6), padding=1).jax_fn(jnp.asarray(x), key)
    assert crop.shape == (3, 6, 6, 3)
    flip = vision.RandomHorizontalFlip(1.0).jax_fn(jnp.asarray(x), key)
    assert np.array_equal(np.asarray(flip), x[:, :, ::-1])
