"""Random vision cases whose results MindSpore 2.10 fixes exactly: each random op given a
``<N, H, W, C>`` (or ``<N, C, H, W>``) batch (which ops take one, and whether they draw per image
or once), and the numbers random ops draw after ``config.set_seed``, eagerly and in a map with
one or two workers. ``scripts/record_random_vision_parity_fixtures.py`` records 2.10's outcomes
(``tests/fixtures/ms/random_vision_parity.json``); ``tests/dataset/test_random_vision_parity.py``
replays them on deepsink."""

from __future__ import annotations

import hashlib
from functools import partial

import numpy as np
from transform_parity_cases import _try

_RNG = np.random.RandomState(0)
# one image repeated: a batch whose outputs differ only where the op draws per image
BATCH = np.repeat(_RNG.randint(0, 256, (1, 6, 7, 3)).astype(np.uint8), 4, axis=0)
IMAGE = _RNG.randint(0, 256, (6, 7, 3)).astype(np.uint8)
ROWS = _RNG.randint(0, 256, (5, 6, 7, 3)).astype(np.uint8)
VIDEO_ROWS = _RNG.randint(0, 256, (3, 2, 6, 7, 3)).astype(np.uint8)


def _array(x) -> dict:
    arr = np.asarray(x)
    return {"dtype": str(arr.dtype), "shape": list(arr.shape), "values": arr.ravel().tolist()}


def _batch_ops(vision) -> dict:
    return {
        "RandomCrop": lambda: vision.RandomCrop(4),
        "RandomCrop_padded": lambda: vision.RandomCrop(4, padding=1),
        "RandomResizedCrop": lambda: vision.RandomResizedCrop(4),
        "RandomHorizontalFlip": lambda: vision.RandomHorizontalFlip(),
        "RandomVerticalFlip": lambda: vision.RandomVerticalFlip(),
        "RandomRotation": lambda: vision.RandomRotation(30),
        "RandomAffine": lambda: vision.RandomAffine(20),
        "RandomColorAdjust": lambda: vision.RandomColorAdjust(brightness=0.5),
        "RandomSharpness": lambda: vision.RandomSharpness(),
        "RandomColor": lambda: vision.RandomColor(),
        "RandomPosterize": lambda: vision.RandomPosterize((1, 8)),
        "RandomSolarize": lambda: vision.RandomSolarize((0, 255)),
        "RandomInvert": lambda: vision.RandomInvert(0.5),
        "RandomAutoContrast": lambda: vision.RandomAutoContrast(prob=0.5),
        "RandomEqualize": lambda: vision.RandomEqualize(0.5),
        "RandomAdjustSharpness": lambda: vision.RandomAdjustSharpness(2.0, 0.5),
        "RandomLighting": lambda: vision.RandomLighting(),
        "RandomErasing": lambda: vision.RandomErasing(prob=1.0),
    }


def batch_outcomes(ds, vision) -> dict:
    """Each op on a batch of 4 equal images, HWC and CHW: the output (equal images where the op
    draws once) or the error."""
    out = {}
    for name, make in _batch_ops(vision).items():
        for layout in ("HWC", "CHW"):
            x = BATCH if layout == "HWC" else np.ascontiguousarray(BATCH.transpose(0, 3, 1, 2))
            ds.config.set_seed(5)
            out[f"batch/{name}_{layout}"] = _outcome(lambda make=make, x=x: _array(make()(x)))
    ds.config.set_seed(5)
    out["batch/RandomCrop_channels4"] = _outcome(
        lambda: _array(vision.RandomCrop(4)(np.zeros((6, 7, 4), np.uint8)))
    )
    return out


def _map(ds, op, data, workers: int) -> object:
    """The rows of a map of ``op`` over ``data``, or its error."""

    def rows():
        d = ds.NumpySlicesDataset(data, ["image"], shuffle=False)
        d = d.map(op, input_columns="image", num_parallel_workers=workers)
        return [_array(r["image"]) for r in d.create_dict_iterator(output_numpy=True, num_epochs=1)]

    return _outcome(rows)


def _outcome(fn) -> object:
    """``fn()``, or its error as ``_try`` describes it."""
    try:
        return fn()
    except Exception as e:  # noqa: BLE001 - the outcome is the exception
        return _try(partial(_raise, e))


def _raise(e: Exception):
    raise e


def video_outcomes(ds, vision) -> dict:
    """Rows of <2, H, W, C> through a seeded map: RandomCrop draws per image, RandomResizedCrop
    and RandomHorizontalFlip once per row."""
    out = {}
    for name in ("RandomCrop", "RandomCrop_padded", "RandomResizedCrop", "RandomHorizontalFlip"):
        ds.config.set_seed(7)
        out[f"video/{name}"] = _map(ds, _batch_ops(vision)[name](), VIDEO_ROWS, 2)
    return out


def _seeded_ops(vision) -> dict:
    return {
        "RandomColor": lambda: vision.RandomColor((0.2, 3.0)),
        "RandomSharpness": lambda: vision.RandomSharpness((0.1, 1.9)),
        "RandomInvert": lambda: vision.RandomInvert(0.5),
        "RandomEqualize": lambda: vision.RandomEqualize(0.5),
        "RandomAutoContrast": lambda: vision.RandomAutoContrast(prob=0.5),
        "RandomAdjustSharpness": lambda: vision.RandomAdjustSharpness(2.0, 0.5),
        "RandomPosterize": lambda: vision.RandomPosterize((1, 8)),
        "RandomSolarize": lambda: vision.RandomSolarize((0, 255)),
        "RandomRotation": lambda: vision.RandomRotation(30),
        "RandomAffine": lambda: vision.RandomAffine(
            15, translate=(-0.2, 0.2, -0.1, 0.3), scale=(0.8, 1.2), shear=(-5, 5, -3, 3)
        ),
        "RandomColorAdjust": lambda: vision.RandomColorAdjust(0.4, 0.4, 0.4, 0.1),
        "RandomColorAdjust_some": lambda: vision.RandomColorAdjust(
            contrast=(0.5, 1.5), saturation=(2, 2)
        ),
        # three normal draws a row: a row's first is the spare of the row before's last pair
        "RandomLighting": lambda: vision.RandomLighting(0.3),
        "RandomLighting_wide": lambda: vision.RandomLighting(25.0),
    }


def seeded_outcomes(ds, vision) -> dict:
    """Each op after ``set_seed``: eagerly for 4 seeds, and over 5 rows in a map with 1 and 2
    workers."""
    out = {}
    for name, make in _seeded_ops(vision).items():
        eager = []
        for seed in (0, 1, 10, 58):
            ds.config.set_seed(seed)
            eager.append(_outcome(lambda make=make: _array(make()(IMAGE))))
        out[f"seeded/{name}_eager"] = eager
        for workers in (1, 2):
            ds.config.set_seed(10)
            out[f"seeded/{name}_map{workers}"] = _map(ds, make(), ROWS, workers)
    return out


def _words_cases(ds, vision, text, mstype) -> dict:
    grey = np.zeros((4, 4), np.uint8)
    rgb = np.zeros((4, 4, 3), np.uint8)
    vocab = text.Vocab.from_list(["a", "b"])
    labelled = {"x": np.arange(6), "label": np.arange(6) % 2}
    ops = [vision.Invert(), vision.HorizontalFlip()]

    def to_number(value, dtype):
        d = ds.NumpySlicesDataset([value], ["s"], shuffle=False)
        d = d.map(text.ToNumber(dtype), input_columns=["s"])
        return [r["s"].tolist() for r in d.create_dict_iterator(output_numpy=True, num_epochs=1)]

    return {
        "topil_list": lambda: vision.ToPIL()(list(rgb)),
        "topil_4d": lambda: vision.ToPIL()(rgb[None]),
        "topil_1d": lambda: vision.ToPIL()(grey[0]),
        "topil_5_channels": lambda: vision.ToPIL()(np.zeros((4, 4, 5), np.uint8)),
        "topil_int16_rgb": lambda: vision.ToPIL()(rgb.astype(np.int16)),
        "topil_float32_grey": lambda: vision.ToPIL()(grey.astype(np.float32)).mode,
        "topil_la": lambda: vision.ToPIL()(np.zeros((4, 4, 2), np.uint8)).mode,
        "totensor_4d": lambda: vision.ToTensor()(rgb[None]),
        "totensor_1d": lambda: vision.ToTensor()(grey[0]),
        "totensor_strings": lambda: vision.ToTensor()(np.array([["a"]])),
        "totensor_int64": lambda: vision.ToTensor()(rgb.astype(np.int64)),
        "totensor_uint32": lambda: vision.ToTensor()(rgb.astype(np.uint32)),
        "totensor_to_string": lambda: vision.ToTensor(output_type=np.str_)(rgb),
        "totype_list": lambda: vision.ToType(np.int32)([1, 2]),
        "totype_string_to_int": lambda: vision.ToType(np.int32)(np.array(["a"])),
        "totype_int_to_string": lambda: vision.ToType(np.str_)(np.array([1, 2])),
        "totype_complex": lambda: vision.ToType(np.complex64)(np.array([1, 2])),
        "totype_missing": lambda: vision.ToType(output_type=np.int32),
        "tonumber_none": lambda: text.ToNumber(mstype.int8)([["1", None]]),
        "tonumber_two_inputs": lambda: text.ToNumber(mstype.int8)(["1"], ["2"]),
        "tonumber_float16_range": lambda: to_number("655040.0", mstype.float16),
        "tonumber_float16_negative": lambda: to_number("-1e6", mstype.float16),
        "tonumber_float16_inf": lambda: to_number("inf", mstype.float16),
        "tonumber_float32_range": lambda: to_number("3.4028234663852886e+39", mstype.float32),
        "tonumber_float64_range": lambda: to_number("1.8e+308", mstype.float64),
        "tonumber_float16_small": lambda: to_number("1e-3", mstype.float16),
        "bert_dict": lambda: text.BertTokenizer(vocab=vocab)({"a": 1}),
        "uniform_augment_zero": lambda: vision.UniformAugment(ops, num_ops=0),
        "uniform_augment_large": lambda: vision.UniformAugment(ops, num_ops=3),
        "uniform_augment_empty": lambda: vision.UniformAugment([], num_ops=1),
        "vocab_unbuilt_ids": lambda: text.Vocab().ids_to_tokens(2),
        "vocab_unbuilt_tokens": lambda: text.Vocab().tokens_to_ids(["a"]),
        "vocab_unbuilt_dict": lambda: text.Vocab().vocab(),
        "lookup_unbuilt": lambda: text.Lookup(text.Vocab()),
        "pk_numpy_slices": lambda: ds.NumpySlicesDataset(labelled, sampler=ds.PKSampler(2)),
        "pk_generator": lambda: ds.GeneratorDataset(
            lambda: iter([(np.array(1), np.array(0))]), ["x", "label"], sampler=ds.PKSampler(1)
        ),
        "pk_added": lambda: ds.NumpySlicesDataset(labelled).add_sampler(ds.PKSampler(1)),
    }


def words_outcomes(ds, vision, text, mstype) -> dict:
    """ToPIL, ToTensor, ToType, ToNumber, BertTokenizer, UniformAugment, Vocab/Lookup and
    PKSampler outcomes: results, or errors by type and MindSpore's words."""
    out = {}
    for name, fn in _words_cases(ds, vision, text, mstype).items():
        out[f"words/{name}"] = _try(lambda fn=fn: _plain(fn()))
    return out


def _plain(value) -> object:
    """A result as something ``describe`` reads (other objects, a Dataset or None, by their type
    name; complex numbers as text)."""
    plain = (np.ndarray, np.generic, str, int, float, list, tuple)
    if not isinstance(value, plain) and not hasattr(value, "getbands"):  # an op, a Dataset, None
        return type(value).__name__
    if isinstance(value, np.ndarray) and value.dtype.kind == "c":  # JSON has no complex numbers
        return value.astype(str)
    return value


def flip_outcomes(ds, vision) -> dict:
    """The random flips over two image columns of a row (one draw flips both), eagerly and in a
    seeded map, and the kernels' refusals of other types and ranks, whatever the draw."""
    out = {}
    flips = {"vertical": vision.RandomVerticalFlip, "horizontal": vision.RandomHorizontalFlip}
    for name, make in flips.items():
        ds.config.set_seed(3)
        out[f"flips/{name}_two_images"] = _outcome(
            lambda make=make: [_array(a) for a in make(1.0)(ROWS[0], ROWS[1][..., :2])]
        )

        def two_columns(make=make):
            d = ds.NumpySlicesDataset({"a": ROWS, "b": ROWS[..., :2]}, shuffle=False)
            d = d.map(make(0.5), ["a", "b"])
            return [
                [_array(r["a"]), _array(r["b"])] for r in d.create_dict_iterator(output_numpy=True)
            ]

        ds.config.set_seed(3)
        out[f"flips/{name}_two_columns"] = _outcome(two_columns)
        bad = {
            "string": np.full((4, 4, 3), "a"),
            "int64": np.zeros((4, 4, 3), np.int64),
            "uint32": np.zeros((4, 4, 3), np.uint32),
            "rank1": np.zeros(8, np.float32),
            "rank4": np.zeros((2, 4, 4, 3), np.uint8),
        }
        for kind, x in bad.items():
            for prob in (0.0, 1.0):
                out[f"flips/{name}_{kind}_{prob}"] = _outcome(
                    lambda make=make, x=x, prob=prob: _array(make(prob)(x))
                )
    return out


def _digest(x) -> dict:
    arr = np.ascontiguousarray(x)
    return {"dtype": str(arr.dtype), "shape": list(arr.shape), "md5": hashlib.md5(arr).hexdigest()}


def large_outcomes(ds, vision) -> dict:
    """Affine and a seeded RandomAffine on large images (their md5): the kernel's float matrix
    decides which pixel each output pixel samples far from the centre."""
    rng = np.random.RandomState(1)
    big = rng.randint(0, 256, (1920, 2010, 3)).astype(np.uint8)
    out = {
        "large/Affine": _outcome(
            lambda: _digest(vision.Affine(-31.7, [0.21, -0.12], 1.13, [12.5, -17.25])(big))
        ),
        "large/Affine_linear": _outcome(
            lambda: _digest(
                vision.Affine(7.3, [0.05, 0.1], 0.9, [3.0, 4.0], vision.Inter.LINEAR)(big)
            )
        ),
    }

    def rows():
        d = ds.NumpySlicesDataset([big, big[::-1]], ["image"], shuffle=False)
        op = vision.RandomAffine((-5, 15), (-0.1, 0.1, -0.3, 0.3), (0.9, 1.1), (-10, 10, -5, 5))
        d = d.map(op, "image", num_parallel_workers=1)
        return [_digest(r["image"]) for r in d.create_dict_iterator(output_numpy=True)]

    ds.config.set_seed(1)
    out["large/RandomAffine_map"] = _outcome(rows)
    return out


def outcomes(ds, vision, text, mstype) -> dict:
    return {
        **batch_outcomes(ds, vision),
        **video_outcomes(ds, vision),
        **seeded_outcomes(ds, vision),
        **flip_outcomes(ds, vision),
        **large_outcomes(ds, vision),
        **words_outcomes(ds, vision, text, mstype),
    }
