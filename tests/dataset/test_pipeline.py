"""Pipeline operations and iterators: MindSpore's semantics, errors, epochs, reproducibility, memory
bounds, and the equivalence of the vectorised (random-access, per-block) and streaming paths."""

import gc
import multiprocessing

import numpy as np
import pytest
from dataset_support import pipeline_meta

import deepsink.dataset as ds
import deepsink.dataset.vision as vision
from deepsink.common.tensor import Tensor
from deepsink.dataset.engine import datasets as engine_datasets
from deepsink.dataset.engine import nodes as engine_nodes
from deepsink.dataset.engine.context import new_context
from deepsink.dataset.engine.sources import NumpySlicesDataset

META = pipeline_meta()


def rows(d, **kw):
    it = d.create_tuple_iterator(num_epochs=1, output_numpy=True, **kw)
    return [[np.asarray(v).tolist() for v in r] for r in it]


def slices(n=10, **kw):
    return ds.NumpySlicesDataset(np.arange(n), ["x"], shuffle=False, **kw)


# -- MindSpore's semantics (recorded) ------------------------------------------------------------
@pytest.mark.parametrize("case", ["merge", "split", "rename"])
def test_map_column_layout(case):
    data = {"a": np.arange(4), "b": np.arange(4) * 10, "x": np.arange(4) * 100}
    inp, outp, fn = {
        "merge": (["a", "b"], ["c"], lambda a, b: a + b),
        "split": (["x"], ["x1", "x2"], lambda x: (x, x + 1)),
        "rename": (["b"], ["bb"], lambda b: b),
    }[case]
    d = ds.NumpySlicesDataset(data, shuffle=False).map(fn, input_columns=inp, output_columns=outp)
    assert d.get_col_names() == META[f"map/{case}"]["columns"]
    assert rows(d) == META[f"map/{case}"]["rows"]


def test_batch_repeat_zip_concat_filter_skip_take():
    b = slices().batch(3)
    assert (
        b.get_dataset_size() == META["batch"]["size"]
        and b.output_shapes() == META["batch"]["shapes"]
    )
    assert rows(b) == META["batch"]["rows"]
    assert b.get_batch_size() == 3 and slices().get_batch_size() == 1
    r = slices().batch(3).repeat(3).repeat(2)
    assert (
        r.get_repeat_count() == META["repeat"]["count"]
        and r.get_dataset_size() == META["repeat"]["size"]
    )
    z = ds.zip((slices(4).rename("x", "a"), slices(6).rename("x", "b")))
    assert z.get_col_names() == META["zip"]["columns"] and rows(z) == META["zip"]["rows"]
    c = slices(4) + slices(6)
    assert c.get_dataset_size() == META["concat"]["size"] and rows(c) == META["concat"]["rows"]
    f = slices(7).filter(lambda x: x % 2 == 0)
    assert f.get_dataset_size() == META["filter"]["size"] and rows(f) == META["filter"]["rows"]
    s = slices(9).skip(2).take(4)
    assert (
        s.get_dataset_size() == META["skip_take"]["size"] and rows(s) == META["skip_take"]["rows"]
    )


def test_compose_and_callables_in_map():
    data = np.arange(4 * 6 * 6, dtype=np.uint8).reshape(4, 6, 6, 1)
    steps = [vision.Resize((3, 3)), lambda x: x + 1, vision.Rescale(0.5, 0.0)]
    composed = ds.transforms.Compose(steps)
    a = ds.NumpySlicesDataset(data, ["x"], shuffle=False).map(composed, "x")
    b = ds.NumpySlicesDataset(data, ["x"], shuffle=False).map(steps, "x")
    assert rows(a) == rows(b)
    eager = composed(data[1])
    assert eager.dtype == np.float32 and np.array_equal(
        eager, np.asarray(rows(a)[1][0], np.float32)
    )


def test_project_rename_and_drop_remainder():
    def d():
        return ds.NumpySlicesDataset({"a": np.arange(5), "b": np.arange(5) * 2}, shuffle=False)

    assert rows(d().project(["b", "a"])) == [[2 * i, i] for i in range(5)]
    assert d().rename(["a"], ["z"]).get_col_names() == ["z", "b"]
    assert slices(10).batch(4, drop_remainder=True).get_dataset_size() == 2
    assert [len(r[0]) for r in rows(slices(10).batch(4))] == [4, 4, 2]


# -- bad input -----------------------------------------------------------------------------------
def test_unknown_input_column():
    with pytest.raises(
        ValueError,
        match=r"For 'map', 'input_columns' must be names of existing "
        r"columns \['x'\], but got 'img'",
    ):
        slices().map(lambda v: v, input_columns="img")
    with pytest.raises(ValueError, match=r"For 'project', 'columns' must be names of existing"):
        slices().project(["y"])
    with pytest.raises(ValueError, match=r"For 'rename', 'input_columns'"):
        slices().rename("y", "z")


@pytest.mark.parametrize("bad", [0, -2])
def test_batch_size_must_be_positive(bad):
    """MindSpore's wording; -1 is accepted when built (it means "from a batch sampler") and
    fails when iterated without one."""
    with pytest.raises(
        ValueError,
        match=r"Input batch_size is not within the required interval of \[1, 2147483647\]",
    ):
        slices().batch(bad)
    with pytest.raises(RuntimeError, match="Batch size cannot be -1 without using batch sampler"):
        rows(slices().batch(-1))


def test_batch_size_type():
    with pytest.raises(TypeError, match=r"batch_size should either be an int or a callable"):
        slices().batch("4")


@pytest.mark.parametrize("bad", [1, 0, -5])
def test_buffer_size_must_exceed_one(bad):
    with pytest.raises(
        ValueError,
        match=r"Input buffer_size is not within the required interval of \[2, 2147483647\]",
    ):
        slices().shuffle(bad)


def test_other_counts():
    with pytest.raises(
        ValueError, match=r"count should be either -1 or positive integer, range\[1, INT32_MAX\]"
    ):
        slices().repeat(0)
    with pytest.raises(ValueError, match=r"count should be either -1 or within the required"):
        slices().take(0)
    with pytest.raises(ValueError, match=r"Input count is not within the required interval"):
        slices().skip(-1)


def test_inconsistent_shapes_in_a_batch():
    d = ds.GeneratorDataset(lambda: (np.zeros(i % 3 + 1) for i in range(6)), ["a"]).batch(3)
    with pytest.raises(
        RuntimeError,
        match=r"Cannot batch tensors with different shapes in column 0. First element had shape <1> "
        r"and this element had shape <2>",
    ):
        rows(d)


def boom_at_3(x):
    if x == 3:
        raise ValueError("boom at three")
    return x


@pytest.mark.parametrize("workers", [1, 2])
def test_map_error_names_operation_column_and_sample(workers, no_leaks):
    d = slices(8, num_parallel_workers=workers).map(boom_at_3, "x", num_parallel_workers=workers)
    with pytest.raises(
        ds.MapError,
        match=r"For 'map', operation 'PyFunc\(boom_at_3\)' failed on "
        r"column 'x' at sample index 3 \(source row 3\): "
        r"ValueError: boom at three",
    ) as info:
        rows(d.batch(2))
    assert isinstance(info.value.__cause__, ValueError)
    assert "boom_at_3" in "".join(
        __import__("traceback").format_tb(info.value.__cause__.__traceback__)
    )


def test_map_error_in_worker_process_has_traceback(no_leaks):
    d = slices(8).map(boom_at_3, "x", num_parallel_workers=2, python_multiprocessing=True)
    with pytest.raises(
        ds.MapError,
        match=r"failed on column 'x' at sample index 3 \(source row 3\) "
        r"in a worker process: ValueError: boom at three",
    ) as info:
        rows(d)
    assert "boom_at_3" in str(info.value.__cause__) and "Traceback" in str(info.value.__cause__)


def test_batched_op_error_is_located(no_leaks):
    def make(i):
        return np.zeros((5, 5, 3) if i != 4 else (5,), np.uint8)  # a 1-D row is no image

    d = ds.GeneratorDataset(lambda: (make(i) for i in range(6)), ["image"])
    d = d.map(vision.Resize((2, 2)), "image")
    with pytest.raises(
        ds.MapError,
        match=r"operation 'Resize' failed on column 'image' at sample "
        r"index 4",
    ):
        rows(d)


def test_worker_process_death_raises_instead_of_hanging(no_leaks):
    import os

    def die(x):
        if x == 2:
            os._exit(3)
        return x

    d = slices(6).map(die, "x", num_parallel_workers=2, python_multiprocessing=True)
    with pytest.raises(RuntimeError, match=r"worker process died"):
        rows(d)


def test_python_multiprocessing_gives_the_same_rows(no_leaks):
    ref = rows(slices(20).map(lambda x: x * 3 + 1, "x").batch(4))
    d = slices(20).map(
        lambda x: x * 3 + 1, "x", num_parallel_workers=2, python_multiprocessing=True
    )
    assert rows(d.batch(4)) == ref


# -- iterators and epochs ------------------------------------------------------------------------
def test_epochs_follow_mindspore(no_leaks):
    it = slices(3).create_tuple_iterator(num_epochs=2, output_numpy=True)
    assert [int(r[0]) for r in it] == [0, 1, 2]
    assert [int(r[0]) for r in it] == [0, 1, 2]
    for _ in range(2):  # MindSpore's words, on every read past the last epoch
        with pytest.raises(RuntimeError, match=r"EOF buffer encountered. User tries to fetch data"):
            next(it)
    it = slices(3).create_tuple_iterator(num_epochs=-1, output_numpy=True)
    got = []
    for _ in range(9):
        try:
            got.append(int(next(it)[0]))
        except StopIteration:
            got.append("end")
    assert got == [0, 1, 2, "end", 0, 1, 2, "end", 0]
    assert [int(it.next_batch()[0]) for _ in range(5)] == [1, 2, 0, 1, 2]  # across epoch ends
    it.close()
    it = slices(3).create_tuple_iterator(num_epochs=2, output_numpy=True)
    assert [int(r[0]) for r in it.across_epochs()] == [0, 1, 2, 0, 1, 2]  # ends after num_epochs
    with pytest.raises(StopIteration):
        it.next_batch()


def test_iterator_forms(no_leaks):
    d = ds.NumpySlicesDataset({"a": np.arange(3), "b": np.arange(3) * 2}, shuffle=False)
    row = next(iter(d.create_dict_iterator(num_epochs=1)))
    assert set(row) == {"a", "b"} and isinstance(row["a"], Tensor)
    assert next(iter(d.create_dict_iterator(num_epochs=1, output_numpy=True)))["b"] == 0
    assert rows(d, columns=["b"]) == [[0], [2], [4]]
    assert isinstance(next(iter(d))[0], Tensor)
    with pytest.raises(RuntimeError, match=r"RootNode: num_epochs should be either -1 or positive"):
        d.create_tuple_iterator(num_epochs=0)


def test_closing_or_dropping_an_iterator_stops_its_threads(no_leaks):
    # (no_leaks fails the test if a thread outlives it)
    d = slices(1000).map(lambda x: x + 1, "x").batch(2, num_parallel_workers=2)
    it = d.create_tuple_iterator(num_epochs=-1, output_numpy=True)
    assert next(it)[0].tolist() == [1, 2]
    it.close()
    with pytest.raises(RuntimeError, match="iterator is closed"):
        next(it)
    with d.create_tuple_iterator(num_epochs=-1) as it2:
        assert next(it2)[0].asnumpy().tolist() == [1, 2]
    it3 = d.create_tuple_iterator(num_epochs=-1)
    assert next(it3)[0].asnumpy().tolist() == [1, 2]
    del it3
    gc.collect()


def test_pool_processes_are_reaped_on_close(no_leaks):
    before = set(multiprocessing.active_children())
    d = slices(100).map(lambda x: x + 1, "x", num_parallel_workers=2, python_multiprocessing=True)
    it = d.create_tuple_iterator(num_epochs=-1, output_numpy=True)
    assert [int(next(it)[0]) for _ in range(3)] == [1, 2, 3]
    workers = set(multiprocessing.active_children()) - before
    assert len(workers) == 2 and all(w.is_alive() for w in workers)
    it.close()
    assert not any(w.is_alive() for w in workers)  # close() joined them, no straggler left
    assert set(multiprocessing.active_children()) == before


# -- randomness: seeds, epochs, and path independence --------------------------------------------
def augmented(n=64, workers=1):
    data = np.arange(n * 4 * 5 * 3, dtype=np.uint8).reshape(n, 4, 5, 3)
    d = ds.NumpySlicesDataset(data, ["image"], num_parallel_workers=workers)
    d = d.map([vision.RandomCrop((3, 3), padding=1), vision.RandomHorizontalFlip()], "image")
    return d.shuffle(16).batch(8, num_parallel_workers=workers)


def epochs(d, n):
    it = d.create_tuple_iterator(num_epochs=n, output_numpy=True)
    return [np.stack([r[0] for r in it]) for _ in range(n)]


def test_fixed_seed_reproduces_order_and_augmentation():
    ds.config.set_seed(11)
    a = epochs(augmented(), 2)
    b = epochs(augmented(), 2)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    assert not np.array_equal(a[0], a[1])  # each epoch reshuffles and re-augments
    ds.config.set_seed(12)
    assert not np.array_equal(epochs(augmented(), 1)[0], a[0])


def test_unseeded_runs_differ(monkeypatch):
    monkeypatch.setitem(
        ds.config._state, "seed_set", False
    )  # the suite's conftest seeds everything
    a, b = epochs(augmented(), 1)[0], epochs(augmented(), 1)[0]
    assert not np.array_equal(a, b)


def test_results_do_not_depend_on_the_execution_path(monkeypatch):
    """Per-row vs per-block ops, block sizes, worker threads, streaming vs random access."""
    ds.config.set_seed(5)
    ref = epochs(augmented(), 2)
    for workers in (2,):  # at most the CPU count (MindSpore rule); CI has 2
        assert all(np.array_equal(x, y) for x, y in zip(ref, epochs(augmented(workers=workers), 2)))
    monkeypatch.setattr(engine_nodes, "ROWS_PER_BLOCK", 5)
    monkeypatch.setattr(engine_datasets, "ROWS_PER_BLOCK", 5)
    assert all(np.array_equal(x, y) for x, y in zip(ref, epochs(augmented(), 2)))
    monkeypatch.setattr(vision.RandomCrop, "batched", False)
    monkeypatch.setattr(vision.RandomHorizontalFlip, "batched", False)
    assert all(np.array_equal(x, y) for x, y in zip(ref, epochs(augmented(), 2)))
    monkeypatch.setattr(NumpySlicesDataset, "_random_access", lambda self: False)
    assert not augmented()._random_access()
    assert all(np.array_equal(x, y) for x, y in zip(ref, epochs(augmented(), 2)))


def test_shuffle_buffer_semantics():
    ds.config.set_seed(3)
    out = [r[0] for r in rows(slices(200).shuffle(10))]
    assert sorted(out) == list(range(200))
    assert all(v < 10 + t for t, v in enumerate(out))  # only rows already in the buffer come out
    full = [r[0] for r in rows(slices(50).shuffle(1000))]
    assert sorted(full) != full and sorted(full) == list(range(50))


# -- memory bounds -------------------------------------------------------------------------------
def test_repeated_shuffled_pipeline_reads_one_block_at_a_time(monkeypatch):
    sizes = []
    real = NumpySlicesDataset._read

    def spy(self, idx, ctx):
        sizes.append(len(idx))
        return real(self, idx, ctx)

    monkeypatch.setattr(NumpySlicesDataset, "_read", spy)
    d = ds.NumpySlicesDataset(np.zeros((5000, 4, 4), np.uint8), ["x"]).map(lambda v: v, "x")
    d = d.shuffle(4000).batch(32).repeat(3)
    assert sum(1 for _ in d.create_tuple_iterator(num_epochs=1, output_numpy=True)) == 3 * 157
    assert max(sizes) <= engine_nodes.ROWS_PER_BLOCK and sum(sizes) == 3 * 5000


def test_streaming_shuffle_holds_at_most_its_buffer():
    pulled, emitted = [0], []

    def gen():
        for i in range(300):
            pulled[0] += 1
            yield np.array(i)

    d = ds.GeneratorDataset(gen, ["x"]).shuffle(20)
    ctx = new_context()
    for block in d._blocks(ctx, 8):  # the node alone, without the iterator's prefetch queue
        emitted.extend(block.cols[0].tolist())
        assert pulled[0] - len(emitted) <= 20 + 8  # the buffer plus one incoming block
    ctx.close()
    assert sorted(emitted) == list(range(300))


def test_stop_releases_like_close(no_leaks):
    # MindSpore's iterators have stop(): the pipeline's workers are released (no_leaks checks)
    d = slices(10).map(lambda x: x + 1, "x", num_parallel_workers=2, python_multiprocessing=True)
    it = d.create_dict_iterator(num_epochs=1, output_numpy=True)
    assert int(next(it)["x"]) == 1
    it.stop()
