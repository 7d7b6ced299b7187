"""``device_split``: which ops move, what stays on the host, and the moved function's results."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import deepsink.dataset as ds
import deepsink.dataset.transforms as transforms
import deepsink.dataset.vision as vision
from deepsink.common import dtype as mstype


@pytest.fixture(autouse=True)
def strict_jax():
    """The moved ops must trace under the strictest numpy-API settings."""
    with jax.numpy_rank_promotion("raise"), jax.numpy_dtype_promotion("strict"):
        yield


def images(n=12):
    data = np.arange(n * 6 * 6, dtype=np.uint8).reshape(n, 6, 6, 1)
    return ds.NumpySlicesDataset({"image": data, "label": np.arange(n)}, shuffle=False)


def batches(d):
    return list(d.create_tuple_iterator(num_epochs=1, output_numpy=True))


def test_only_the_traceable_suffix_moves():
    d = images().map([lambda x: x + 1, vision.Resize((4, 4)), vision.HWC2CHW()], "image")
    d = d.map(vision.Rescale(0.5, 0.0), "image").batch(4)
    raw, dt = d.device_split()
    assert [op.name for op in dt.chains[0]] == ["Resize", "HWC2CHW", "Rescale"]
    assert 1 not in dt.chains  # the label column has no ops
    source = np.arange(12 * 6 * 6, dtype=np.uint8).reshape(12, 6, 6, 1)
    for i, ((img, lab), r) in enumerate(zip(batches(d), batches(raw))):
        assert np.array_equal(r[0], source[4 * i : 4 * i + 4] + 1)  # the PyFunc stayed on the host
        out = jax.jit(dt)(tuple(r), jax.random.key(1))
        np.testing.assert_allclose(np.asarray(out[0]), img, rtol=1e-5, atol=1e-5)
        assert np.array_equal(np.asarray(out[1]), lab)


def test_columns_renamed_or_projected_after_the_batch():
    d = images().map(transforms.TypeCast(mstype.float32), "label").map(vision.HWC2CHW(), "image")
    d = d.batch(3).rename(["image", "label"], ["x", "y"]).project(["y", "x"])
    raw, dt = d.device_split()
    assert raw.get_col_names() == ["y", "x"] and set(dt.chains) == {0, 1}
    for want, r in zip(batches(d), batches(raw)):
        got = dt(tuple(jnp.asarray(c) for c in r), jax.random.key(0))
        assert all(
            np.array_equal(np.asarray(g), w) and np.asarray(g).dtype == w.dtype
            for g, w in zip(got, want)
        )
    dropped = images().map(vision.HWC2CHW(), "image").batch(3).project(["label"])
    raw, dt = dropped.device_split()
    assert dt.chains == {} and raw.get_col_names() == ["label"]


def test_nothing_moves_past_untraceable_nodes():
    d = images().map(vision.HWC2CHW(), "image")
    assert d.device_split() == (d, None)  # no batch
    after = d.batch(2).map(vision.Rescale(2.0, 0.0), "image")
    assert after.device_split() == (after, None)  # a map after the batch
    py = images().map(lambda x: x * 2, "image").batch(2)
    assert py.device_split() == (py, None)
    filtered = d.filter(lambda image, label: label % 2 == 0).batch(2)
    assert filtered.device_split() == (filtered, None)
    zipped = ds.zip((images().project("image"), images().project("label")))
    z = zipped.map(vision.HWC2CHW(), "image").batch(2)
    raw, dt = z.device_split()
    assert dt is not None and raw.children[0] is zipped  # the walk stops at the zip


def test_random_ops_move_with_device_randomness(monkeypatch):
    # without a seed (a seeded flip draws MindSpore's streams on the host)
    monkeypatch.setitem(ds.config._state, "seed_set", False)
    data = np.tile(np.arange(5, dtype=np.uint8)[None, None, :, None], (256, 2, 1, 1))
    d = ds.NumpySlicesDataset(data, ["image"], shuffle=False)
    d = d.map(vision.RandomHorizontalFlip(), "image").batch(256)
    raw, dt = d.device_split()
    (r,) = batches(raw)[0]
    assert np.array_equal(r, data)
    (out,) = jax.jit(dt)((r,), jax.random.key(3))
    flipped = np.asarray(out)[:, 0, 0, 0] == 4
    assert 0.35 < flipped.mean() < 0.65
    (again,) = jax.jit(dt)((r,), jax.random.key(3))
    assert np.array_equal(np.asarray(again), np.asarray(out))  # a pure function of the key


def test_device_transform_describes_itself():
    d = images().map(vision.HWC2CHW(), "image").batch(4)
    raw, dt = d.device_split()
    assert repr(dt) == "DeviceTransform({'image': ['HWC2CHW']})"
    assert dt.output_shapes == [[4, 1, 6, 6], [4]] == d.output_shapes()
