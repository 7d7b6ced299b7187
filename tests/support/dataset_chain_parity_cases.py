"""Dataset cases whose results MindSpore 2.10 fixes exactly: ``Rescale``'s float32 bits,
``ResizedCrop``'s size errors, sampler chains (a random sampler as a child,
``add_sampler``), ``split``'s argument errors and its parts under ``use_sampler``,
``SlidingWindow``'s axis and arity errors, ``Schema``'s errors, and batches of strings of
different lengths (``batch``, ``padded_batch`` with an empty ``pad_info``), and MindSpore's
module paths (``vision.transforms``, ``nptype_to_detype``).
``scripts/record_dataset_chain_parity_fixtures.py`` records 2.10's outcomes
(``tests/fixtures/ms/dataset_chain_parity.json``); ``tests/dataset/test_dataset_chain_parity.py``
replays them on deepsink."""

from __future__ import annotations

import importlib

import numpy as np
from transform_parity_cases import _try


def _rows(data) -> list:
    return [
        [np.asarray(c).tolist() for c in r] for r in data.create_tuple_iterator(output_numpy=True)
    ]


def rescale_outcomes(vision) -> dict:
    """Every uint8 value and a float32 ramp through Rescale: the float32 results, bit for bit."""
    img = (np.arange(768) % 256).astype(np.uint8).reshape(16, 16, 3)
    ramp = np.linspace(-3, 3, 48, dtype=np.float32).reshape(4, 4, 3)
    out = {}
    for name, x in (("uint8", img), ("float32", ramp)):
        for scale, shift in ((1.0 / 255.0, -1.0), (0.0078431372549, -1.0), (1.7, 0.3)):
            res = vision.Rescale(scale, shift)(x)
            out[f"{name}_{scale}_{shift}"] = {
                "dtype": str(res.dtype),
                "values": res.ravel().tolist(),
            }
    return out


def resized_crop_outcomes(vision) -> dict:
    out = {}
    for name, size in (("float", 3.5), ("zero", 0), ("pair_zero", (0, 5)), ("triple", (2, 2, 2))):
        out[name] = _try(lambda size=size: vision.ResizedCrop(0, 0, 4, 4, size))
    return out


def _added(d, sampler) -> dict:
    d.add_sampler(sampler)
    return {"size": d.get_dataset_size(), "rows": _rows(d)}


def sampler_outcomes(ds) -> dict:
    """Sizes and rows of chained samplers over a labelled NumpySlicesDataset."""
    data = {"x": np.arange(12), "label": np.repeat(np.arange(4), 3)}
    out = {}

    def run(make):
        d = make()
        return {"size": d.get_dataset_size(), "count": len(_rows(d))}

    def random_child():
        s = ds.DistributedSampler(num_shards=2, shard_id=0, shuffle=False, num_samples=5)
        s.add_child(ds.RandomSampler(replacement=True, num_samples=2))
        return ds.NumpySlicesDataset(data, sampler=s)

    out["random_child"] = _try(lambda: run(random_child))

    d = ds.NumpySlicesDataset(np.arange(100), column_names=["x"], shuffle=False)
    steps = []
    for s in (
        ds.DistributedSampler(num_shards=4, shard_id=1, shuffle=False),
        ds.SequentialSampler(2, num_samples=15),
        ds.SubsetSampler([0, 3, 6, 9]),
    ):
        steps.append(_try(lambda s=s: _added(d, s)))
    out["add_sampler"] = steps
    return out


def split_outcomes(ds) -> dict:
    out = {}

    def data():
        return ds.NumpySlicesDataset(np.arange(5), column_names=["x"], shuffle=False)

    for sizes in (
        [],
        [5, 0.6],
        [-1, 6],
        [3, 1],
        [0.15, 0.15, 0.15, 0.15, 0.15, 0.25],
        [-0.5, 0.5],
        [1.5, 0.5],
        [0.5, 0.6],
        [0.05, 0.95],
        (4, 1),
    ):
        out[f"sizes_{sizes}"] = _try(
            lambda sizes=sizes: [p.get_dataset_size() for p in data().split(sizes)]
        )
    out["randomize_str"] = _try(
        lambda: [p.get_dataset_size() for p in data().split([4, 1], randomize="yes")]
    )
    shards = []
    for shard in (0, 1):
        part = data().split([4, 1], randomize=False)[0]
        part.use_sampler(ds.DistributedSampler(2, shard, shuffle=False))
        shards.append(
            _try(lambda part=part: {"size": part.get_dataset_size(), "rows": _rows(part)})
        )
    out["use_sampler_on_part"] = shards
    return out


def text_outcomes(ds, text) -> dict:
    op = text.SlidingWindow(2, 0)
    words = ["a", "bb", "ccc"]
    return {
        "window": _try(lambda: op(words)),
        "two_inputs": _try(lambda: op(words, words)),
        "axis_eager": _try(lambda: text.SlidingWindow(2, -100)(words)),
        "axis_map": _try(
            lambda: _rows(
                ds.NumpySlicesDataset([[1, 2, 3, 4]], column_names=["t"], shuffle=False).map(
                    text.SlidingWindow(3, 5), input_columns=["t"]
                )
            )
        ),
        "axis_last": _try(lambda: text.SlidingWindow(2, -1)([1, 2, 3])),
    }


def schema_outcomes(ds) -> dict:
    def parse(cols):
        s = ds.Schema()
        s.parse_columns(cols)
        return s.to_json()

    return {
        "file_int": _try(lambda: ds.Schema(1)),
        "no_name": _try(lambda: parse([{"type": "int8", "shape": [3, 3]}])),
        "no_type": _try(lambda: parse([{"name": "a"}])),
        "dict_no_type": _try(lambda: parse({"a": {"shape": [1]}})),
    }


def string_batch_outcomes(ds) -> dict:
    words = [["a"], ["bbbb"], ["cc", "d"], ["eeeeee", "f"]]

    def gen2():
        for w in words:
            yield np.array(w), np.arange(len(w))

    return {
        "batch_widths": _try(
            lambda: _rows(
                ds.GeneratorDataset(lambda: iter([(np.array(w[0]),) for w in words]), ["w"]).batch(
                    2
                )
            )
        ),
        "padded_empty_info": _try(
            lambda: _rows(ds.GeneratorDataset(gen2, ["w", "n"]).padded_batch(2, pad_info={}))
        ),
        "padded_none": _try(lambda: _rows(ds.GeneratorDataset(gen2, ["w", "n"]).padded_batch(2))),
    }


def module_outcomes(ds) -> dict:
    """MindSpore's module paths: ``vision.transforms`` holds every vision operation, and
    ``core.datatypes.nptype_to_detype`` gives the engine's ``DataType``."""
    top = ds.__name__.split(".")[0]
    vt = importlib.import_module(f"{top}.dataset.vision.transforms")
    cde = importlib.import_module(f"{top}._c_dataengine")
    dt = importlib.import_module(f"{top}.dataset.core.datatypes")
    out = {}
    for name in ("TrivialAugmentWide", "RandAugment", "AutoAugment", "Decode", "NoSuchOp"):
        out[f"vision_transforms_{name}"] = hasattr(vt, name)
    for t in ("bool", "int", "int8", "uint64", "float16", "float64", "str", "U3", "complex64"):
        out[f"nptype_{t}"] = _try(lambda t=t: str(dt.nptype_to_detype(np.dtype(t))))
    out["detype_equal"] = _try(
        lambda: [
            dt.nptype_to_detype(np.dtype("int")) == cde.DataType("int64"),
            dt.nptype_to_detype(np.dtype("str")) == cde.DataType("string"),
            dt.nptype_to_detype(np.int8) == cde.DataType("int16"),
        ]
    )
    out["detype_unknown"] = _try(lambda: str(cde.DataType("junk")))
    return out


def outcomes(ds, vision, text) -> dict:
    out = {}
    for prefix, res in (
        ("rescale", rescale_outcomes(vision)),
        ("resized_crop", resized_crop_outcomes(vision)),
        ("samplers", sampler_outcomes(ds)),
        ("split", split_outcomes(ds)),
        ("text", text_outcomes(ds, text)),
        ("schema", schema_outcomes(ds)),
        ("strings", string_batch_outcomes(ds)),
        ("modules", module_outcomes(ds)),
    ):
        out.update({f"{prefix}/{k}": v for k, v in res.items()})
    return out
