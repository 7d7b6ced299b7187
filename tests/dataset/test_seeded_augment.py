"""Under ``config.set_seed`` a map's random vision ops draw MindSpore 2.10's numbers: each worker's
copy of an op draws from ``std::mt19937(seed + worker)``, rows dealt to the workers in turn and
the end of each epoch taking a turn (records in ``seeded_augment.json``)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink.dataset as ds
import deepsink.dataset.vision as vision
from deepsink.dataset import config
from deepsink.dataset.engine import worker_streams
from deepsink.dataset.engine.shuffle import mt19937

FIX = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "seeded_augment.json").read_text()
)


@pytest.fixture
def seed_restored():
    saved = dict(config._state)
    yield
    config._state.update(saved)


def _flip_bits(case: dict, source: str) -> list:
    ds.config.set_seed(case["seed"])
    rows = case["rows"]
    images = np.arange(rows * 4, dtype=np.uint8).reshape(rows, 2, 2, 1)
    if source == "slices":
        data = ds.NumpySlicesDataset({"image": images}, shuffle=False)
    else:  # a stream: the map learns each epoch's length by running it

        def gen():
            yield from ((im,) for im in images)

        data = ds.GeneratorDataset(gen, ["image"], shuffle=False)
    ops = [getattr(vision, name)(0.5) for name in case["ops"]]
    data = data.map(ops, "image", num_parallel_workers=case["workers"])
    it = data.create_dict_iterator(num_epochs=case["epochs"], output_numpy=True)
    bits = []
    for _ in range(case["epochs"]):
        epoch = []
        for i, row in enumerate(it):
            out, src = row["image"][:, :, 0], images[i][:, :, 0]
            h = int(out[0, 0] in (src[0, 1], src[1, 1]))
            v = int(out[0, 0] in (src[1, 0], src[1, 1]))
            epoch.append(f"{h}{v}")
        bits.append(epoch)
    return bits


@pytest.mark.parametrize("source", ["slices", "generator"])
@pytest.mark.parametrize(
    "case", FIX["flips"], ids=lambda c: f"{'+'.join(c['ops'])}-w{c['workers']}-s{c['seed']}"
)
def test_seeded_flips_draw_mindspores_numbers(case, source, seed_restored):
    assert _flip_bits(case, source) == case["flips"]


@pytest.mark.parametrize("case", FIX["repeats"], ids=lambda c: f"repeat_first={c['repeat_first']}")
def test_seeded_flips_with_repeat_draw_mindspores_numbers(case, seed_restored):
    ds.config.set_seed(case["seed"])
    images = np.arange(case["rows"] * 4, dtype=np.uint8).reshape(case["rows"], 2, 2, 1)
    data = ds.NumpySlicesDataset({"image": images}, shuffle=False)
    if case["repeat_first"]:
        data = data.repeat(2)
    data = data.map(vision.RandomHorizontalFlip(0.5), "image", num_parallel_workers=case["workers"])
    if not case["repeat_first"]:  # each repeat is a pass of the map, ended by a marker
        data = data.repeat(2)
    it = data.create_dict_iterator(num_epochs=case["epochs"], output_numpy=True)
    bits = [
        "".join(str(int(r["image"][0, 0, 0] % 4 == 1)) for r in it) for _ in range(case["epochs"])
    ]
    assert bits == case["flips"]


def test_stream_reads_any_index_as_mt19937_gives_it():
    raw = mt19937(42)
    ref = np.array([raw() for _ in range(6 * worker_streams._CHUNK + 5)], np.uint32)
    stream = worker_streams._Stream(42)
    index = np.array([6 * worker_streams._CHUNK + 4, 3, worker_streams._CHUNK + 7, 0])
    assert stream.words(index).tolist() == ref[index].tolist()
    # far pieces evicted and regenerated from the saved states
    later = np.arange(5 * worker_streams._CHUNK, 5 * worker_streams._CHUNK + 10)
    assert stream.words(later).tolist() == ref[later].tolist()
    assert stream.words(np.array([1, 2])).tolist() == ref[[1, 2]].tolist()


def test_canonical_double_is_libstdcxx_generate_canonical():
    words = np.array([[0, 0], [0xFFFFFFFF, 0xFFFFFFFF], [1, 2]], np.uint32)
    u = worker_streams.canonical_double(words)
    assert u[0] == 0.0
    assert u[1] == np.nextafter(1.0, 0.0)
    assert u[2] == (1 + 2 * 2.0**32) / 2.0**64


@pytest.mark.parametrize("case", FIX["eager"], ids=lambda c: f"{c['op']}-s{c['seed']}")
def test_seeded_eager_flips_draw_what_mindspore_draws(case, seed_restored):
    # MindSpore runs each eager call through a freshly seeded copy of the op: under one seed,
    # every call draws the first value of mt19937(seed)
    ds.config.set_seed(case["seed"])
    op = getattr(vision, case["op"])(0.5)
    image = np.arange(4, dtype=np.uint8).reshape(2, 2, 1)
    flipped = [int(not np.array_equal(op(image), image)) for _ in case["flipped"]]
    assert flipped == case["flipped"]


def test_set_seed_again_restarts_the_eager_stream(seed_restored):
    # an op drawing from Python's random, seeded by ds.config.set_seed, as in MindSpore (not a
    # C++ kernel's stream: each eager call of one of those after set_seed draws the same numbers)
    op = vision.RandomPerspective(0.5, 1.0)
    image = np.arange(192, dtype=np.uint8).reshape(8, 8, 3)
    ds.config.set_seed(21)
    first = [op(image) for _ in range(3)]
    ds.config.set_seed(21)
    again = [op(image) for _ in range(3)]
    assert all(np.array_equal(a, b) for a, b in zip(first, again))
    assert not all(np.array_equal(first[0], f) for f in first[1:])  # a stream, not one value


def _coords(h: int, w: int) -> np.ndarray:
    return (np.arange(h)[:, None] * 1000 + np.arange(w)[None, :]).astype(np.float32)[..., None]


def _corners(img: np.ndarray) -> list:
    img = img[:, :, 0]
    return [float(img[0, 0]), float(img[-1, -1]), list(img.shape)]


def _crop_op(name: str, kwargs: dict):
    extra = {"interpolation": vision.Inter.NEAREST} if name == "RandomResizedCrop" else {}
    return getattr(vision, name)(**kwargs, **extra)


@pytest.mark.parametrize(
    "case",
    FIX["crops"],
    ids=lambda c: f"{c['op']}-w{c['workers']}-s{c['seed']}-{len(c['shapes'])}rows",
)
def test_seeded_crops_draw_mindspores_boxes(case, seed_restored):
    # a crop's draws depend on the image's size and on every earlier row of its worker
    ds.config.set_seed(case["seed"])
    shapes = case["shapes"]

    def gen():
        for h, w in shapes:
            yield (_coords(h, w),)

    data = ds.GeneratorDataset(gen, ["image"], shuffle=False)
    op = _crop_op(case["op"], case["kwargs"])
    data = data.map(op, "image", num_parallel_workers=case["workers"])
    it = data.create_dict_iterator(num_epochs=case["epochs"], output_numpy=True)
    got = [[_corners(r["image"]) for r in it] for _ in range(case["epochs"])]
    assert got == case["corners"]


def test_seeded_crops_rows_asked_out_of_order_draw_in_order(seed_restored):
    # a shuffle above the map asks its rows out of order; MindSpore's workers still ran (and
    # drew for) them in order, so each row keeps its in-order box
    case = next(c for c in FIX["crops"] if c["op"] == "RandomResizedCrop" and c["workers"] == 2)
    ds.config.set_seed(case["seed"])
    h, w = 100, 100
    rows = 12
    images = np.stack([_coords(h, w) + 10**6 * k for k in range(rows)])
    op = _crop_op(case["op"], case["kwargs"])

    def boxes(data):
        out = {}
        for r in data.create_dict_iterator(num_epochs=1, output_numpy=True):
            k = int(r["image"][0, 0, 0] // 10**6)
            out[k] = float(r["image"][0, 0, 0] % 10**6)
        return out

    base = ds.NumpySlicesDataset({"image": images}, shuffle=False)
    in_order = boxes(base.map(op, "image", num_parallel_workers=2))
    ds.config.set_seed(case["seed"])
    mapped = ds.NumpySlicesDataset({"image": images}, shuffle=False).map(
        op, "image", num_parallel_workers=2
    )
    shuffled = boxes(mapped.shuffle(5))
    assert shuffled == in_order


@pytest.mark.parametrize("case", FIX["eager_crops"], ids=lambda c: f"{c['op']}-s{c['seed']}")
def test_seeded_eager_crops_draw_what_mindspore_draws(case, seed_restored):
    ds.config.set_seed(case["seed"])
    op = _crop_op(case["op"], case["kwargs"])
    got = [_corners(op(_coords(h, w))) for h, w in case["shapes"]]
    assert got == case["corners"]


@pytest.mark.parametrize(
    "case", FIX["decode_resize"], ids=lambda c: f"w{c['workers']}-s{c['seed']}"
)
def test_seeded_random_crop_decode_resize_matches_mindspore(case, seed_restored):
    import base64

    ds.config.set_seed(case["seed"])
    jpegs = [np.frombuffer(base64.b64decode(b), np.uint8) for b in FIX["jpegs"]]
    data = ds.GeneratorDataset(lambda: ((j,) for j in jpegs), ["image"], shuffle=False)
    op = vision.RandomCropDecodeResize(case["size"])
    data = data.map(op, "image", num_parallel_workers=case["workers"])
    it = data.create_dict_iterator(num_epochs=case["epochs"], output_numpy=True)
    got = np.array([[r["image"] for r in it] for _ in range(case["epochs"])], np.int64)
    # the same libjpeg-turbo decode and OpenCV bilinear resize; MindSpore decodes only the
    # crop's blocks (libjpeg's cropped decode), which moves a few pixels by up to 2 levels. A
    # box shifted by one pixel moves the gradients by about 4 levels everywhere.
    want = np.array(case["outputs"])
    np.testing.assert_allclose(got, want, rtol=0, atol=2)
    assert np.mean(got != want) < 0.01


def test_gcc9_uniform_int_is_downscaling_not_lemire():
    from deepsink.dataset.core.std_random import Draws

    words = np.array([0x55555555, 0xFFFFFFFF, 5] + [0] * 16, np.uint32)
    d = Draws(lambda start, count: words[start : start + count])
    # range 3: scaling (2**32 - 1) // 3 = 0x55555555 gives 1 (Lemire's (r * 3) >> 32 gives 0);
    # 0xFFFFFFFF is past 3 * scaling, so it is rejected and the next word drawn
    assert d.uniform_int(0, 2) == 1
    assert d.uniform_int(10, 12) == 10
    assert d.pos == 3


@pytest.mark.parametrize("op", [vision.RandomCrop(4), vision.RandomHorizontalFlip(0.5)])
def test_device_split_keeps_seeded_ops_on_the_host(op, seed_restored):
    # in the compiled step an op draws from the step's key, not from MindSpore's streams
    images = np.zeros((4, 6, 6, 3), np.uint8)

    def split():
        data = ds.NumpySlicesDataset({"image": images}, shuffle=False).map(op, "image")
        return data.batch(2).device_split()[1]

    config._state["seed_set"] = False
    assert split() is not None
    ds.config.set_seed(3)
    assert split() is None


@pytest.mark.parametrize("case", FIX["dropped"], ids=lambda c: f"w{c['workers']}-b{c['batch']}")
def test_seeded_crops_draw_for_the_rows_a_batch_drops(case, seed_restored):
    # MindSpore's map runs every row of an epoch, the ones drop_remainder drops too
    ds.config.set_seed(case["seed"])
    images = np.stack([_coords(30, 40)] * case["rows"])
    data = ds.NumpySlicesDataset({"image": images}, shuffle=False)
    data = data.map(vision.RandomCrop((8, 8)), "image", num_parallel_workers=case["workers"])
    data = data.batch(case["batch"], drop_remainder=True)
    epochs = len(case["firsts"])
    it = data.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
    firsts = [[b[0][:, 0, 0, 0].tolist() for b in it] for _ in range(epochs)]
    assert firsts == case["firsts"]


@pytest.mark.parametrize("case", FIX["eager_decode_resize"], ids=lambda c: f"s{c['seed']}")
def test_seeded_eager_random_crop_decode_resize_draws_from_the_header_size(case, seed_restored):
    import base64

    ds.config.set_seed(case["seed"])
    op = vision.RandomCropDecodeResize(case["size"])
    jpegs = [np.frombuffer(base64.b64decode(b), np.uint8) for b in FIX["jpegs"]]
    sums = [int(op(j).astype(np.int64).sum()) for j in jpegs]
    # 75 pixels a sum; a shifted box moves the gradients by several levels a pixel
    np.testing.assert_allclose(sums, case["sums"], rtol=0, atol=20)
