"""Per-row map work spread over the map's worker threads in chunks, several batches in flight:
the same rows and random draws whatever the worker count and batch size, every worker used and no
more threads than ``num_parallel_workers``, and ``ordered_map``'s window bounding the work in
flight."""

from __future__ import annotations

import threading
import time

import cv2
import numpy as np
import pytest
from faultkit import HANG_S, hang_guard, wait_until

import deepsink.dataset as ds
import deepsink.dataset.vision as vision
from deepsink.dataset.engine.parallel import ordered_map

pytestmark = pytest.mark.usefixtures("no_leaked_threads")


@pytest.fixture
def jpeg_folder(tmp_path):
    rng = np.random.default_rng(0)
    for i in range(70):
        folder = tmp_path / f"class{i % 2}"
        folder.mkdir(exist_ok=True)
        h, w = 40 + i % 7, 44 + i % 5  # ragged rows: the decoded images differ in size
        cv2.imwrite(str(folder / f"{i:03d}.jpg"), rng.integers(0, 256, (h, w, 3), np.uint8))
    return tmp_path


@pytest.fixture
def seed_restored():
    saved = ds.config.get_seed()
    ds.config.set_seed(7)
    yield
    ds.config.set_seed(saved)


def _epochs(
    root, workers: int, batch_size: int, drop: bool, map_workers: int = 2
) -> list[list[np.ndarray]]:
    data = ds.ImageFolderDataset(str(root), shuffle=True, num_parallel_workers=workers)
    ops = [
        vision.Decode(),
        vision.Resize(36),
        vision.RandomCrop(32),
        vision.RandomHorizontalFlip(),
        vision.Normalize([120.0, 110.0, 100.0], [50.0, 60.0, 70.0]),
        vision.HWC2CHW(),
    ]
    # the map's own worker count stays: under a seed it picks which rows each flip stream sees,
    # as in MindSpore
    data = data.map(ops, input_columns="image", num_parallel_workers=map_workers)
    data = data.batch(batch_size, drop_remainder=drop, num_parallel_workers=workers)
    it = data.create_tuple_iterator(num_epochs=2, output_numpy=True)
    out = []
    for _ in range(2):
        out.append([np.concatenate([img.reshape(-1), lab.astype(np.float32)]) for img, lab in it])
    return out


@pytest.mark.parametrize(("batch_size", "drop"), [(32, True), (20, False), (5, False)])
def test_worker_count_does_not_change_rows_or_draws(jpeg_folder, seed_restored, batch_size, drop):
    """Source and batch workers, and the blocks the map's rows run in, change nothing."""
    one = _epochs(jpeg_folder, 1, batch_size, drop)
    for workers in (2,):  # at most the CPU count (2 on a small runner)
        many = _epochs(jpeg_folder, workers, batch_size, drop)
        for e1, em in zip(one, many, strict=True):
            assert len(e1) == len(em) == (70 // batch_size if drop else -(-70 // batch_size))
            for a, b in zip(e1, em, strict=True):
                np.testing.assert_array_equal(a, b)
    assert not all(np.array_equal(a, b) for a, b in zip(one[0], one[1]))  # epochs reshuffle


def test_per_row_work_runs_on_every_worker_and_no_more():
    threads: set[int] = set()
    lock = threading.Lock()
    active = [0, 0]  # running now, most at once
    # each thread's first row waits for a second thread's: two threads must run at once (however
    # the chunks fall), and a third thread would wait for a fourth that never comes (a failure)
    meet = threading.Barrier(2, timeout=HANG_S)

    def record(x):
        with lock:
            first = threading.get_ident() not in threads
            threads.add(threading.get_ident())
            active[0] += 1
            active[1] = max(active)
        if first:
            meet.wait()
        with lock:
            active[0] -= 1
        return x

    data = ds.NumpySlicesDataset(np.arange(256, dtype=np.int32), shuffle=False)
    data = data.map(record, num_parallel_workers=2).batch(32, num_parallel_workers=2)
    # one epoch: with the default num_epochs=-1 the iterator goes on to prefetch the next epoch
    # on new worker threads, which may start before the assertions below (more threads, a race)
    it = data.create_tuple_iterator(output_numpy=True, num_epochs=1)
    rows = np.concatenate([b[0] for b in it])
    np.testing.assert_array_equal(rows, np.arange(256))
    assert len(threads) == 2
    assert active[1] == 2  # num_parallel_workers bounds the map's threads, batches in flight or not


def test_ordered_map_keeps_at_most_window_items_in_flight():
    started: list[int] = []
    release = threading.Event()

    def fn(i):
        started.append(i)
        if i == 0:
            release.wait()
        return i * 10

    gen = ordered_map(fn, range(100), workers=2, window=7)
    first = []
    consumer = threading.Thread(target=lambda: first.append(next(gen)))
    with hang_guard(release.set):
        consumer.start()
        wait_until(lambda: len(started) >= 7, "7 items started")
        time.sleep(0.05)  # a negative check: an 8th item, if submitted, has time to start
        assert sorted(started) == list(range(7))  # item 0 holds the window: nothing past it starts
        assert not release.is_set()
        release.set()
        consumer.join()
    assert first == [0]
    assert list(gen) == [i * 10 for i in range(1, 100)]
