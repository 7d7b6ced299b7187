"""MindSpore's JSON form of a pipeline: ``serialize``, ``deserialize``, ``show`` and ``compare``.

A pipeline is a tree of ``{"op_type": ..., "children": [...], <the node's arguments>}`` objects
(``serdes_nodes.py``: nodes and samplers) whose ``Map`` nodes hold their ``operations``
(``serdes_operations.py``), with the same names, fields and encodings as MindSpore 2.10, so that
files pass between the two. What 2.10 cannot rebuild (Python sources, user functions, a few
operations) is refused as 2.10 refuses it, with its RuntimeError text.
"""

from __future__ import annotations

import json
import os
from typing import Any

from deepsink.dataset.engine.serdes_nodes import node_from_json, node_json
from deepsink.dataset.engine.serdes_operations import operations_json


def serialize(dataset: Any, json_filepath: str = "") -> dict:
    """The pipeline ending at ``dataset`` as MindSpore's JSON dict, also written to
    ``json_filepath`` when one is given.

    Args:
        dataset (Dataset): The last node of the pipeline.
        json_filepath (str, optional): A file to write the JSON to. Default: ``""`` (none).

    Returns:
        dict, the pipeline.

    Raises:
        TypeError: ``dataset`` is not a Dataset or ``json_filepath`` not a str.
        RuntimeError: A node, sampler or operation has no JSON form in MindSpore 2.10 (its
            message), or the pipeline holds a user function read back from JSON.

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
    tree = json.loads(json.dumps(node_json(dataset), sort_keys=True))
    if json_filepath:
        _save(tree, json_filepath)
    return tree


def _save(tree: dict, path: str) -> None:
    """Written as 2.10 writes it: keys sorted, four spaces, a final newline."""
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise RuntimeError(f"Invalid file, get real path failed, path={path}")
    with open(path, "w") as f:
        f.write(json.dumps(tree, indent=4, sort_keys=True) + "\n")


def map_operations(dataset: Any) -> list[dict]:
    """The ``Map`` nodes of the pipeline ending at ``dataset`` (first child at each node), source
    first: their columns and operations as MindSpore's JSON (what MindSpore's MindIR export keeps
    as the model's preprocessing)."""
    from deepsink.dataset.engine import mapping

    maps, node = [], dataset
    while node is not None:
        if isinstance(node, mapping.MapDataset):
            maps.append(
                {
                    "input_columns": list(node.input_columns),
                    "output_columns": list(node.output_columns),
                    "operations": operations_json(node.operations),
                }
            )
        node = node.children[0] if node.children else None
    return maps[::-1]


def deserialize(input_dict: dict | None = None, json_filepath: str | None = None) -> Any:
    """The pipeline described by MindSpore's JSON form (a dict or a file), rebuilt.

    Args:
        input_dict (dict, optional): The JSON as a dict (a str is read as a file's path, as 2.10
            does). Default: ``None``.
        json_filepath (str, optional): A JSON file (used when ``input_dict`` is None; a file
            written by dataset autotune holds the pipeline under ``"tree"``). Default: ``None``.

    Returns:
        Dataset, the pipeline's last node; None when neither argument is given (as 2.10).

    Raises:
        RuntimeError: The file cannot be read or parsed, or a node, sampler or operation of the
            JSON cannot be rebuilt (2.10's message, e.g. ``Invalid data, unsupported operation
            type: GeneratorDataset``).

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
    source = json_filepath if json_filepath else input_dict
    if not source:
        return None
    if not isinstance(source, dict):
        path = str(source)
        if not os.path.isfile(path):
            raise RuntimeError(f"Invalid file, failed to open json file: {path}")
        try:
            with open(path) as f:
                source = json.load(f)
        except ValueError as e:
            raise RuntimeError(
                f"Invalid file, failed to parse json file: {path}, error message: {e}"
            ) from None
        if "tree" in source:
            source = source["tree"]
    return node_from_json(source)


def show(dataset: Any, indentation: int = 2) -> None:
    """Write the pipeline's JSON form to the log (INFO), as 2.10 does.

    Args:
        dataset (Dataset): The last node of the pipeline.
        indentation (int, optional): Spaces per level; ``None`` prints one line. Default: ``2``.

    Raises:
        RuntimeError: As :func:`serialize`.

    Examples:
        >>> import os, struct, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "train-images-idx3-ubyte"), "wb") as f:
        ...     _ = f.write(struct.pack(">IIII", 2051, 1, 28, 28) + bytes(784))
        >>> with open(os.path.join(d, "train-labels-idx1-ubyte"), "wb") as f:
        ...     _ = f.write(struct.pack(">II", 2049, 1) + bytes([3]))
        >>> ds.show(ds.MnistDataset(d, usage="train").take(1), indentation=None)
    """
    from deepsink import log

    log.info(json.dumps(serialize(dataset), indent=indentation))


def compare(pipeline1: Any, pipeline2: Any) -> bool:
    """Whether two pipelines have the same JSON form.

    Args:
        pipeline1 (Dataset): A pipeline's last node.
        pipeline2 (Dataset): Another pipeline's last node.

    Returns:
        bool, True when their JSON forms are equal.

    Raises:
        RuntimeError: As :func:`serialize`.

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
