"""MindSpore's JSON form of a pipeline: ``serialize``, ``deserialize``, ``show`` and ``compare``.

A pipeline is a tree of ``{"op_type": ..., "children": [...], <the node's arguments>}`` objects,
sources with their ``sampler`` object, ``Map`` nodes with their ``operations`` as
``{"tensor_op_name", "tensor_op_params"}`` (MindSpore's C++ names and parameter encodings, e.g.
``HwcToChw``, Resize's ``interpolation`` as the C++ enum) and Python functions as
``{"python_module", "tensor_op_name"}``. The same field names and encodings as MindSpore 2.10 are
written, so files pass between the two for the nodes and operations listed in ``_NODES`` and
``_OPS``; any other node or operation raises ``NotImplementedError`` naming it.
"""

from __future__ import annotations

import importlib
import json
from typing import Any

import numpy as np

_CONNECTOR = 16  # MindSpore's default connector queue size, written for its readers


def _workers(node: Any) -> int:
    from deepsink.dataset import config

    return node.num_parallel_workers or config.get_num_parallel_workers()


# -- samplers ----------------------------------------------------------------------------------
def _sampler_to_json(s: Any) -> dict:
    from deepsink.dataset.engine import samplers as sm

    name = type(s).__name__
    n = s.num_samples or 0
    if isinstance(s, sm.DistributedSampler):
        return {
            "sampler_name": name,
            "num_shards": s.num_shards,
            "shard_id": s.shard_id,
            "shuffle_mode": 2 if s.shuffle else 0,
            "num_samples": n,
            "offset": s.offset,
            "even_dist": True,
        }
    if isinstance(s, sm.RandomSampler):
        return {
            "sampler_name": name,
            "replacement": s.replacement,
            "num_samples": n,
            "reshuffle_each_epoch": True,
            "shuffle_mode": 2,
        }
    if isinstance(s, sm.SequentialSampler):
        return {"sampler_name": name, "start_index": s.start_index, "num_samples": n}
    raise NotImplementedError(f"serialize: the sampler {name} has no JSON form in deepsink")


def _sampler_from_json(j: dict) -> Any:
    from deepsink.dataset.engine import samplers as sm

    name, n = j.get("sampler_name"), j.get("num_samples") or None
    if name == "DistributedSampler":
        return sm.DistributedSampler(
            j["num_shards"],
            j["shard_id"],
            shuffle=bool(j.get("shuffle_mode", 0)),
            num_samples=n,
            offset=j.get("offset", -1),
        )
    if name == "RandomSampler":
        return sm.RandomSampler(replacement=bool(j.get("replacement", False)), num_samples=n)
    if name == "SequentialSampler":
        return sm.SequentialSampler(j.get("start_index", 0), n)
    raise NotImplementedError(f"deserialize: sampler {name!r} is not supported")


# -- operations --------------------------------------------------------------------------------
# MindSpore's C++ InterpolationMode and BorderType numbering
_INTER_TO_C = {"BILINEAR": 0, "NEAREST": 1, "BICUBIC": 2, "AREA": 3, "PILCUBIC": 4}
_BORDER_TO_C = {"CONSTANT": 0, "EDGE": 1, "REFLECT": 2, "SYMMETRIC": 3}


def _f32(value: Any) -> float:
    """A float parameter as MindSpore's C++ operation holds it (a float32) and writes it."""
    return float(np.float32(value))


def _ops_table() -> dict[str, tuple]:
    """tensor_op_name -> (deepsink class, to_params(op), from_params(params))."""
    from deepsink.dataset import transforms as T
    from deepsink.dataset import vision as V

    inter_from = {v: k for k, v in _INTER_TO_C.items()}
    border_from = {v: k for k, v in _BORDER_TO_C.items()}

    def size(s):
        return [int(v) for v in (s if isinstance(s, list | tuple) else [s])]

    return {
        "Decode": (
            V.Decode,
            lambda op: {"device_target": "CPU", "rgb": True},
            lambda p: V.Decode(),
        ),
        "Resize": (
            V.Resize,
            lambda op: {
                "device_target": "CPU",
                "interpolation": _INTER_TO_C[op.interpolation.name],
                "size": size(op.size),
            },
            lambda p: V.Resize(
                p["size"][0] if len(p["size"]) == 1 else p["size"],
                V.Inter[inter_from[p.get("interpolation", 0)]],
            ),
        ),
        "CenterCrop": (
            V.CenterCrop,
            lambda op: {"size": size(op.size)},
            lambda p: V.CenterCrop(p["size"]),
        ),
        "RandomHorizontalFlip": (
            V.RandomHorizontalFlip,
            lambda op: {"prob": float(op.prob)},
            lambda p: V.RandomHorizontalFlip(p["prob"]),
        ),
        "RandomVerticalFlip": (
            V.RandomVerticalFlip,
            lambda op: {"prob": float(op.prob)},
            lambda p: V.RandomVerticalFlip(p["prob"]),
        ),
        "RandomCrop": (
            V.RandomCrop,
            lambda op: {
                "size": size(op.size),
                "padding": list(op.padding or (0, 0, 0, 0)),
                "pad_if_needed": op.pad_if_needed,
                "fill_value": list(op.fill_value)
                if isinstance(op.fill_value, tuple)
                else [op.fill_value] * 3,
                "padding_mode": _BORDER_TO_C[op.padding_mode.name],
            },
            lambda p: V.RandomCrop(
                p["size"],
                padding=p.get("padding"),
                pad_if_needed=p.get("pad_if_needed", False),
                fill_value=tuple(p.get("fill_value", [0, 0, 0])),
                padding_mode=V.Border[border_from[p.get("padding_mode", 0)]],
            ),
        ),
        "Normalize": (
            V.Normalize,
            lambda op: {
                "device_target": "CPU",
                "is_hwc": op.is_hwc,
                "mean": [_f32(v) for v in op.mean],
                "std": [_f32(v) for v in op.std],
            },
            lambda p: V.Normalize(p["mean"], p["std"], p.get("is_hwc", True)),
        ),
        "Rescale": (
            V.Rescale,
            lambda op: {"rescale": _f32(op.rescale), "shift": _f32(op.shift)},
            lambda p: V.Rescale(p["rescale"], p["shift"]),
        ),
        "HwcToChw": (V.HWC2CHW, lambda op: None, lambda p: V.HWC2CHW()),
        "TypeCast": (
            T.TypeCast,
            lambda op: {"data_type": np.dtype(op.data_type).name},
            lambda p: T.TypeCast(np.dtype(p["data_type"]).type),
        ),
        "OneHot": (
            T.OneHot,
            lambda op: {
                "num_classes": op.num_classes,
                "smoothing_rate": float(getattr(op, "smoothing_rate", 0.0)),
            },
            lambda p: T.OneHot(p["num_classes"], p.get("smoothing_rate", 0.0)),
        ),
    }


def _op_to_json(op: Any) -> dict:
    from deepsink.dataset.transforms.transforms import PyFunc

    for name, (cls, to_params, _) in _ops_table().items():
        if type(op) is cls:
            return {"tensor_op_name": name, "tensor_op_params": to_params(op)}
    fn = op.fn if isinstance(op, PyFunc) else op
    if callable(fn) and hasattr(fn, "__qualname__"):
        return {"python_module": fn.__module__, "tensor_op_name": fn.__qualname__}
    raise NotImplementedError(
        f"serialize: the operation {type(op).__name__} has no JSON form in deepsink"
    )


def _op_from_json(j: dict) -> Any:
    name = j.get("tensor_op_name")
    if "python_module" in j:
        try:
            obj: Any = importlib.import_module(j["python_module"])
            for part in name.split("."):
                obj = getattr(obj, part)
        except (ImportError, AttributeError) as e:
            raise RuntimeError(
                f"deserialize: the Python function {j['python_module']}.{name} cannot be found "
                f"({e}); only module-level functions can be deserialized"
            ) from None
        return obj
    table = _ops_table()
    if name not in table:
        raise NotImplementedError(f"deserialize: the operation {name!r} is not supported")
    return table[name][2](j.get("tensor_op_params") or {})


# -- nodes -------------------------------------------------------------------------------------
def _node_to_json(node: Any) -> dict:
    from deepsink.dataset.engine import file_sources as fs
    from deepsink.dataset.engine import mapping, nodes
    from deepsink.dataset.engine import sources as src

    kind = type(node).__name__
    out: dict[str, Any] = {"children": [_node_to_json(c) for c in node.children]}
    if isinstance(node, src.MnistDataset | src.Cifar10Dataset | fs.Cifar100Dataset):
        out.update(
            op_type=kind,
            dataset_dir=node.dataset_dir,
            usage=node.usage,
            sampler=_sampler_to_json(node.sampler),
        )
    elif isinstance(node, src.ImageFolderDataset):
        out.update(
            op_type=kind,
            dataset_dir=node.dataset_dir,
            decode=node.decode,
            class_indexing=dict(node.class_indexing),
            extensions=[],
            recursive=False,
            sampler=_sampler_to_json(node.sampler),
        )
    elif isinstance(node, fs.TextFileDataset):
        smp = node.sampler
        shards = getattr(smp, "num_shards", 1)
        out.update(
            op_type=kind,
            dataset_files=list(node.dataset_files),
            num_samples=smp.num_samples or 0,
            num_shards=shards,
            shard_id=getattr(smp, "shard_id", 0),
            shuffle=2 if smp.random else 0,
        )
    elif isinstance(node, mapping.MapDataset):
        if node.callbacks:
            raise NotImplementedError("serialize: a map with callbacks has no JSON form")
        out.update(
            op_type="Map",
            input_columns=list(node.input_columns),
            output_columns=list(node.output_columns),
            callback=[],
            operations=[_op_to_json(op) for op in node.operations],
        )
    elif isinstance(node, nodes.BatchDataset):
        if node.per_batch_map is not None or callable(node.batch_size):
            raise NotImplementedError("serialize: a batch with Python functions has no JSON form")
        out.update(
            op_type="Batch",
            batch_size=node.batch_size,
            drop_remainder=node.drop_remainder,
            input_columns=[],
            output_columns=[],
        )
    elif isinstance(node, nodes.ShuffleDataset):
        out.update(op_type="Shuffle", buffer_size=node.buffer_size, reset_each_epoch=True)
    elif isinstance(node, nodes.RepeatDataset | nodes.TakeDataset | nodes.SkipDataset):
        out.update(op_type=kind[: -len("Dataset")], count=node.count)
    elif isinstance(node, nodes.ProjectDataset):
        out.update(op_type="Project", columns=list(node._column_names()))
    elif isinstance(node, nodes.RenameDataset):
        before = node.children[0]._column_names()
        after = node._column_names()
        changed = [(b, a) for b, a in zip(before, after) if b != a]
        out.update(
            op_type="Rename",
            input_columns=[b for b, _ in changed],
            output_columns=[a for _, a in changed],
        )
    elif isinstance(node, nodes.ZipDataset | nodes.ConcatDataset):
        out.update(op_type=kind[: -len("Dataset")])
    else:
        raise NotImplementedError(f"serialize: {kind} has no JSON form in deepsink")
    if out["op_type"] not in (
        "Shuffle",
        "Repeat",
        "Take",
        "Skip",
        "Project",
        "Rename",
        "Zip",
        "Concat",
    ):
        out.update(num_parallel_workers=_workers(node), connector_queue_size=_CONNECTOR)
    return out


def _node_from_json(j: dict) -> Any:
    import deepsink.dataset as ds

    op = j.get("op_type")
    kids = [_node_from_json(c) for c in j.get("children", [])]
    workers = j.get("num_parallel_workers")
    if op in ("MnistDataset", "Cifar10Dataset", "Cifar100Dataset"):
        return getattr(ds, op)(
            j["dataset_dir"],
            usage=j.get("usage"),
            sampler=_sampler_from_json(j["sampler"]),
            num_parallel_workers=workers,
        )
    if op == "ImageFolderDataset":
        return ds.ImageFolderDataset(
            j["dataset_dir"],
            sampler=_sampler_from_json(j["sampler"]),
            extensions=j.get("extensions") or None,
            class_indexing=j.get("class_indexing") or None,
            decode=j.get("decode", False),
            num_parallel_workers=workers,
        )
    if op == "TextFileDataset":
        shards = j.get("num_shards", 1)
        return ds.TextFileDataset(
            j["dataset_files"],
            num_samples=j.get("num_samples") or None,
            shuffle=bool(j.get("shuffle", 0)),
            num_shards=shards if shards > 1 else None,
            shard_id=j.get("shard_id") if shards > 1 else None,
            num_parallel_workers=workers,
        )
    if op == "Map":
        return kids[0].map(
            [_op_from_json(o) for o in j["operations"]],
            j.get("input_columns"),
            j.get("output_columns"),
            num_parallel_workers=workers,
        )
    if op == "Batch":
        return kids[0].batch(
            j["batch_size"], j.get("drop_remainder", False), num_parallel_workers=workers
        )
    if op == "Shuffle":
        return kids[0].shuffle(j["buffer_size"])
    if op == "Repeat":
        return kids[0].repeat(j["count"])
    if op == "Take":
        return kids[0].take(j["count"])
    if op == "Skip":
        return kids[0].skip(j["count"])
    if op == "Project":
        return kids[0].project(j["columns"])
    if op == "Rename":
        return kids[0].rename(j["input_columns"], j["output_columns"])
    if op == "Zip":
        return ds.zip(tuple(kids))
    if op == "Concat":
        return kids[0].concat(kids[1:])
    raise NotImplementedError(f"deserialize: op_type {op!r} is not supported")


def serialize(dataset: Any, json_filepath: str = "") -> dict:
    """The pipeline ending at ``dataset`` as MindSpore's JSON dict, also written to
    ``json_filepath`` when one is given.

    Args:
        dataset (Dataset): The last node of the pipeline.
        json_filepath (str, optional): A file to write the JSON to. Default: ``""`` (none).

    Returns:
        dict, the pipeline.

    Raises:
        NotImplementedError: A node or operation has no JSON form (Python generators, batch
            functions, callbacks, operations outside the supported set).

    Examples:
        >>> import os, struct, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "train-images-idx3-ubyte"), "wb") as f:
        ...     _ = f.write(struct.pack(">IIII", 2051, 2, 28, 28) + bytes(2 * 784))
        >>> with open(os.path.join(d, "train-labels-idx1-ubyte"), "wb") as f:
        ...     _ = f.write(struct.pack(">II", 2049, 2) + bytes([3, 4]))
        >>> data = ds.MnistDataset(d, usage="train", shuffle=False).batch(2)
        >>> print(ds.serialize(data)["op_type"], ds.serialize(data)["children"][0]["op_type"])
        Batch MnistDataset
    """
    from deepsink.dataset.engine.datasets import Dataset

    if not isinstance(dataset, Dataset):
        raise TypeError(f"serialize: dataset must be a Dataset, got {type(dataset).__name__}")
    if not isinstance(json_filepath, str):
        raise TypeError(f"serialize: json_filepath must be a str, got {json_filepath!r}")
    tree = _node_to_json(dataset)
    if json_filepath:
        with open(json_filepath, "w") as f:
            json.dump(tree, f, indent=2)
    return tree


def map_operations(dataset: Any) -> list[dict]:
    """The ``Map`` nodes of the pipeline ending at ``dataset`` (first child at each node), source
    first: their columns and operations as MindSpore's JSON (what MindSpore's MindIR export keeps
    as the model's preprocessing)."""
    from deepsink.dataset.engine import mapping

    maps, node = [], dataset
    while node is not None:
        if isinstance(node, mapping.MapDataset):
            if node.callbacks:
                raise NotImplementedError("serialize: a map with callbacks has no JSON form")
            maps.append(
                {
                    "input_columns": list(node.input_columns),
                    "output_columns": list(node.output_columns),
                    "operations": [_op_to_json(op) for op in node.operations],
                }
            )
        node = node.children[0] if node.children else None
    return maps[::-1]


def deserialize(input_dict: dict | None = None, json_filepath: str | None = None) -> Any:
    """The pipeline described by MindSpore's JSON form (a dict or a file), rebuilt.

    Args:
        input_dict (dict, optional): The JSON as a dict.
        json_filepath (str, optional): A JSON file (used when ``input_dict`` is None).

    Returns:
        Dataset, the pipeline's last node.

    Raises:
        ValueError: Neither argument is given.
        NotImplementedError: A node or operation of the JSON is not supported.

    Examples:
        >>> import os, struct, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "train-images-idx3-ubyte"), "wb") as f:
        ...     _ = f.write(struct.pack(">IIII", 2051, 2, 28, 28) + bytes(2 * 784))
        >>> with open(os.path.join(d, "train-labels-idx1-ubyte"), "wb") as f:
        ...     _ = f.write(struct.pack(">II", 2049, 2) + bytes([3, 4]))
        >>> data = ds.MnistDataset(d, usage="train", shuffle=False).repeat(3)
        >>> again = ds.deserialize(input_dict=ds.serialize(data))
        >>> print(again.get_dataset_size(), ds.compare(data, again))
        6 True
    """
    if input_dict is None:
        if json_filepath is None:
            raise ValueError("deserialize: give input_dict or json_filepath")
        with open(json_filepath) as f:
            input_dict = json.load(f)
    if not isinstance(input_dict, dict):
        raise TypeError(f"deserialize: input_dict must be a dict, got {type(input_dict).__name__}")
    return _node_from_json(input_dict)


def show(dataset: Any, indentation: int = 2) -> None:
    """Print the pipeline's JSON form.

    Args:
        dataset (Dataset): The last node of the pipeline.
        indentation (int, optional): Spaces per level; ``None`` prints one line. Default: ``2``.

    Raises:
        NotImplementedError: As :func:`serialize`.

    Examples:
        >>> import os, struct, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "train-images-idx3-ubyte"), "wb") as f:
        ...     _ = f.write(struct.pack(">IIII", 2051, 1, 28, 28) + bytes(784))
        >>> with open(os.path.join(d, "train-labels-idx1-ubyte"), "wb") as f:
        ...     _ = f.write(struct.pack(">II", 2049, 1) + bytes([3]))
        >>> ds.show(ds.MnistDataset(d, usage="train").take(1), indentation=None)  # doctest: +ELLIPSIS
        {"children": [{"children": [], "op_type": "MnistDataset", ...}], "op_type": "Take", "count": 1}
    """
    tree = serialize(dataset)
    print(json.dumps(tree, indent=indentation) if indentation is not None else json.dumps(tree))


def compare(pipeline1: Any, pipeline2: Any) -> bool:
    """Whether two pipelines have the same JSON form.

    Args:
        pipeline1 (Dataset): A pipeline's last node.
        pipeline2 (Dataset): Another pipeline's last node.

    Returns:
        bool, True when their JSON forms are equal.

    Raises:
        NotImplementedError: As :func:`serialize`.

    Examples:
        >>> import os, struct, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "train-images-idx3-ubyte"), "wb") as f:
        ...     _ = f.write(struct.pack(">IIII", 2051, 1, 28, 28) + bytes(784))
        >>> with open(os.path.join(d, "train-labels-idx1-ubyte"), "wb") as f:
        ...     _ = f.write(struct.pack(">II", 2049, 1) + bytes([3]))
        >>> a = ds.MnistDataset(d, usage="train").batch(1)
        >>> print(ds.compare(a, ds.MnistDataset(d, usage="train").batch(1)), ds.compare(a, a.repeat(2)))
        True False
    """
    return serialize(pipeline1) == serialize(pipeline2)


__all__ = ["serialize", "deserialize", "show", "compare"]
