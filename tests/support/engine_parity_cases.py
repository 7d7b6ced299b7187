"""Dataset engine cases whose outcomes MindSpore 2.10 fixes exactly: ``flat_map``, the "not a tree"
check over every node built on (a node built on twice refuses to run below a root), the
iterator's own copy of the pipeline, ``ITERATORS_LIST``/``_cleanup``, ``stop``, reading past the
last epoch and the iterator's argument checks; ``CutOut``, ``CutMixBatch``, ``MixUpBatch`` and
``TypeCast`` checks. ``scripts/record_engine_parity_fixtures.py`` records 2.10's outcomes
(``tests/fixtures/ms/engine_parity.json``); ``tests/dataset/test_engine_parity.py`` replays them
on deepsink."""

from __future__ import annotations

import gc

import numpy as np
from transform_parity_cases import _try


def _slices(ds, n=3):
    return ds.NumpySlicesDataset(np.arange(n), shuffle=False)


def _rows(data):
    return [
        [r.tolist() for r in row]
        for row in data.create_tuple_iterator(num_epochs=1, output_numpy=True)
    ]


def tree_outcomes(ds) -> dict:
    out = {}
    d = _slices(ds, 6)
    for bs in (1, 2):
        out[f"batch_again_{bs}"] = _try(lambda bs=bs: d.batch(bs).get_dataset_size())
    d = _slices(ds, 6)
    a, b = d.batch(2), d.repeat(2)
    out["second_consumer_size"] = _try(lambda: a.get_dataset_size())
    out["second_consumer_names"] = _try(lambda: b.get_col_names())
    out["second_consumer_rows"] = _try(lambda: _rows(a))
    out["root_with_two"] = _try(lambda: _rows(d))
    e = _slices(ds)
    out["self_concat"] = _try(lambda: (e + e).get_dataset_size())
    f, g = _slices(ds), _slices(ds)
    out["chain_concat"] = _try(lambda: _rows(f + g + _slices(ds)))
    out["split_parts"] = _try(
        lambda: [_rows(p) for p in _slices(ds, 4).split([2, 2], randomize=False)]
    )
    return out


def flat_map_outcomes(ds) -> dict:
    out = {}
    out["one_column"] = _try(
        lambda: _rows(
            ds.NumpySlicesDataset([[0, 1], [2, 3]], shuffle=False).flat_map(
                lambda x: ds.NumpySlicesDataset(x, shuffle=False).repeat(2)
            )
        )
    )
    cols = ([[0, 1], [2, 3]], [[0, -1], [-2, -3]])
    out["two_columns"] = _try(
        lambda: _rows(
            ds.NumpySlicesDataset(cols, column_names=["a", "b"], shuffle=False).flat_map(
                lambda a, b: ds.NumpySlicesDataset((a + 1, b - 1), shuffle=False)
            )
        )
    )
    out["not_callable"] = _try(lambda: _slices(ds).flat_map(1))
    out["not_dataset"] = _try(lambda: _slices(ds).flat_map(lambda x: 1))
    out["later_not_dataset"] = _try(
        lambda: _slices(ds).flat_map(lambda x: _slices(ds) if x == 0 else 5)
    )
    d = _slices(ds)
    flat = d.flat_map(lambda x: _slices(ds).take(1))
    out["size_and_source_again"] = _try(
        lambda: [flat.get_dataset_size(), d.batch(1).get_dataset_size()]
    )
    return out


def iterator_outcomes(ds, iterators) -> dict:
    out = {}
    it = _slices(ds).create_tuple_iterator(num_epochs=1, output_numpy=True)
    out["one_epoch"] = _try(lambda: [int(r[0]) for r in it])
    out["past_epochs"] = _try(lambda: next(it))
    it = _slices(ds).create_dict_iterator(num_epochs=2, output_numpy=True)
    out["two_epochs"] = _try(lambda: [len(list(it)), len(list(it))])
    out["past_two_epochs"] = _try(lambda: next(it))
    it = _slices(ds).create_dict_iterator(num_epochs=2, output_numpy=True)
    it.stop()
    out["after_stop"] = _try(lambda: next(it))
    out["stop_again"] = _try(lambda: it.stop())
    iterators.ITERATORS_LIST.clear()
    a = _slices(ds).create_tuple_iterator(num_epochs=1)
    b = _slices(ds).create_tuple_iterator(num_epochs=1)
    out["live"] = _try(lambda: len(iterators.ITERATORS_LIST))
    del b
    gc.collect()
    out["live_after_del"] = _try(lambda: len(iterators.ITERATORS_LIST))
    iterators._cleanup()
    out["after_cleanup"] = _try(lambda: next(a))
    out["live_after_cleanup"] = _try(lambda: len(iterators.ITERATORS_LIST))
    d = _slices(ds).map(lambda x: x)
    it = d.create_tuple_iterator(num_epochs=1)
    out["own_copy"] = _try(
        lambda: [
            type(it.dataset).__name__,
            it.dataset is d,
            it.dataset.children[0] is d.children[0],
        ]
    )
    it.release()
    out["after_release"] = _try(lambda: next(it))
    for name, kw in (
        ("output_numpy_str", {"output_numpy": "1"}),
        ("output_numpy_int", {"output_numpy": 1}),
        ("do_copy_int", {"do_copy": 1}),
        ("num_epochs_0", {"num_epochs": 0}),
        ("num_epochs_-2", {"num_epochs": -2}),
        ("num_epochs_float", {"num_epochs": 1.0}),
        ("num_epochs_bool", {"num_epochs": True}),
    ):
        out[f"tuple_{name}"] = _try(
            lambda kw=kw: type(_slices(ds).create_tuple_iterator(**kw)).__name__
        )
        out[f"dict_{name}"] = _try(
            lambda kw=kw: type(_slices(ds).create_dict_iterator(**kw)).__name__
        )
    out["columns_int"] = _try(lambda: _slices(ds).create_tuple_iterator(columns=1))
    return out


def cut_out_outcomes(vision) -> dict:
    out = {}
    for shape, hwc, length in (
        ((3, 10, 8), False, 9),
        ((3, 10, 8), False, 8),
        ((10, 8, 3), True, 10),
        ((10, 8, 3), True, 8),
        ((10, 8), True, 4),
        ((2, 10, 8, 3), True, 4),
        ((10, 8, 5), True, 4),
        ((10, 8, 3), False, 4),
    ):
        img = np.ones(shape, np.uint8)
        name = f"{'x'.join(map(str, shape))}_{'hwc' if hwc else 'chw'}_{length}"
        out[name] = _try(lambda i=img, n=length, h=hwc: vision.CutOut(n, is_hwc=h)(i).shape)
    return out


def mix_outcomes(transforms, vision) -> dict:
    out = {}
    for t in (float, int, bool, np.float32, "float32", bytes, complex, None, "xx"):
        out[f"typecast_{getattr(t, '__name__', t)}"] = _try(
            lambda t=t: transforms.TypeCast(t)(np.array([1, 0])).dtype.name
        )
    rng = np.random.default_rng(0)
    img = rng.integers(0, 255, (3, 28, 28, 1), dtype=np.uint8)
    lab = np.eye(5, dtype=np.int64)[[1, 4, 2]]
    strs = np.array([["one"], ["two"], ["three"]])
    five = rng.integers(0, 255, (5, 28, 28, 1), dtype=np.uint8)
    nhwc = vision.CutMixBatch(vision.ImageBatchFormat.NHWC)
    mixup = vision.MixUpBatch()
    for name, op in (("cutmix", nhwc), ("mixup", mixup)):
        out[f"{name}/float64_labels"] = _try(
            lambda op=op: op(img, lab.astype(np.float64))[1].dtype.name
        )
        out[f"{name}/bool_labels"] = _try(lambda op=op: op(img, lab.astype(bool))[1].dtype.name)
        out[f"{name}/batch_sizes"] = _try(lambda op=op: op(five, np.eye(10)[[0, 1, 2, 3]]))
        out[f"{name}/string_labels"] = _try(lambda op=op: op(img, strs))
        out[f"{name}/rank3"] = _try(lambda op=op: op(img[0], lab))
        out[f"{name}/rank5"] = _try(lambda op=op: op(img[None], lab))
        out[f"{name}/labels_1d"] = _try(lambda op=op: op(img, np.array([1, 2, 3])))
        out[f"{name}/channels_2"] = _try(
            lambda op=op: op(np.ones((3, 28, 28, 2), np.uint8), lab)[0].shape
        )
        out[f"{name}/labels_3d"] = _try(
            lambda op=op: [v.shape for v in op(img, np.ones((3, 2, 5)))]
        )
    out["cutmix/nchw_of_nhwc"] = _try(
        lambda: vision.CutMixBatch(vision.ImageBatchFormat.NCHW)(img, lab)
    )
    return out


def outcomes(ds, transforms, vision, iterators, areas=None) -> dict:
    out = {}
    for prefix, run in (
        ("tree", lambda: tree_outcomes(ds)),
        ("flat_map", lambda: flat_map_outcomes(ds)),
        ("iterator", lambda: iterator_outcomes(ds, iterators)),
        ("cut_out", lambda: cut_out_outcomes(vision)),
        ("mix", lambda: mix_outcomes(transforms, vision)),
    ):
        if areas is None or prefix in areas:
            out.update({f"{prefix}/{k}": v for k, v in run().items()})
    return out
