"""``device_split``: move the traceable tail of the per-sample map chains into the compiled step.

For a pipeline ``source -> maps -> (shuffle, take, skip, project, rename, repeat)* -> batch ->
(repeat, take, skip, project, rename)*`` the per-sample maps commute with everything between them
and the batch: a per-sample op applied after batching gives the same rows as before it.
``device_split`` walks that chain and, per column, takes the longest suffix of traceable ops
(Resize, Rescale, Normalize, HWC2CHW, CenterCrop, TypeCast, OneHot, ToTensor, RandomCrop, the
random flips). It returns

- the pipeline without them (same batches in the same order: every node keeps its seed tag), so for
  the MNIST seed the host ships raw uint8 <B, 28, 28, 1> images and uint32 labels;
- a :class:`DeviceTransform` ``dt`` with ``dt(columns, key) -> columns``, a pure, jit-traceable
  function applying the removed ops to a batch on the device.

Deterministic ops give the host pipeline's values (integers exactly, floats to 1e-5); random ops
draw from ``key`` on the device, so they follow the same distribution but not the host's stream.
The walk stops at anything else (filter, zip, concat, a second batch, multi-column or
multiprocessing maps); maps below such a node stay on the host. Without a batch nothing moves.
"""

from __future__ import annotations

from typing import Any

from deepsink._compile.jit import fingerprint
from deepsink.dataset import config
from deepsink.dataset.engine import datasets as _datasets
from deepsink.dataset.engine.datasets import Dataset
from deepsink.dataset.engine.mapping import Chain, MapDataset
from deepsink.dataset.engine.nodes import (
    BatchDataset,
    ProjectDataset,
    RenameDataset,
    RepeatDataset,
    ShuffleDataset,
    SkipDataset,
    TakeDataset,
)
from deepsink.dataset.transforms.transforms import TensorOperation

_ROW_ORDER = (RepeatDataset, TakeDataset, SkipDataset, ShuffleDataset)  # order only, never values
_COLUMNS = (ProjectDataset, RenameDataset)


class DeviceTransform:
    """The operations ``Dataset.device_split`` moved off the pipeline, as one pure function of a
    batch per output column, so the training step can run them on the device.

    Args:
        column_names (list[str]): the columns.
        chains (dict[int, list]): the operations per column index.
        raw (Dataset): the pipeline without them.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
        >>> raw, transform = data.batch(2).device_split()
        >>> print(transform is None or isinstance(transform, ds.DeviceTransform))
        True
    """

    def __init__(
        self, column_names: list[str], chains: dict[int, list[TensorOperation]], raw: Dataset
    ) -> None:
        self.column_names = column_names
        self.chains = chains
        self._raw = raw
        self._spec: tuple[list, list] | None = None

    def __call__(self, columns: tuple, key: Any) -> tuple:
        import jax

        out = list(columns)
        for ci, ops in self.chains.items():
            x = out[ci]
            for k, op in enumerate(ops):
                x = op.jax_fn(x, jax.random.fold_in(jax.random.fold_in(key, ci), k))
            out[ci] = x
        return tuple(out)

    def cache_key(self) -> tuple:
        """What determines the compiled code: the columns and each op's type and settings (a new
        ``device_split`` of the same pipeline gives an equal key, so nothing recompiles)."""
        chains = tuple(
            (ci, tuple(fingerprint(op) for op in ops)) for ci, ops in sorted(self.chains.items())
        )
        return ("DeviceTransform", tuple(self.column_names), chains)

    def _output_spec(self) -> tuple[list, list]:
        if self._spec is None:
            import jax
            import numpy as np

            args = tuple(
                jax.ShapeDtypeStruct(tuple(s), t)
                for s, t in zip(self._raw.output_shapes(), self._raw.output_types())
            )
            out = jax.eval_shape(self, args, jax.random.key(0))
            self._spec = [list(o.shape) for o in out], [np.dtype(o.dtype) for o in out]
        return self._spec

    @property
    def output_shapes(self) -> list[list[int]]:
        """Shapes after the transform, for the raw dataset's first batch."""
        return self._output_spec()[0]

    @property
    def output_types(self) -> list:
        return self._output_spec()[1]

    def __repr__(self) -> str:
        cols = {self.column_names[ci]: [op.name for op in ops] for ci, ops in self.chains.items()}
        return f"DeviceTransform({cols})"


def _clone(node: Dataset, children: list[Dataset]) -> Dataset:
    """A shallow copy of ``node`` over new children; its tag (so its seeds) stays."""
    new = node._copy_node(children)
    new._size, new._first_row = None, None
    return new


def _walk(ds: Dataset) -> tuple[list[Dataset], int, Dataset] | None:
    """(the movable chain from ``ds`` down, the batch's index in it, the node below the chain).

    Above the batch only row-order and column nodes may sit; below it row-order nodes and
    single-column maps (renames and projections there would re-key the columns: the walk stops).
    """
    path: list[Dataset] = []
    batch_at = None
    node = ds
    while True:
        if batch_at is None:
            if isinstance(node, BatchDataset):
                batch_at = len(path)
            elif not isinstance(node, _ROW_ORDER + _COLUMNS):
                return None
        elif not (
            isinstance(node, _ROW_ORDER) or (isinstance(node, MapDataset) and node._fusable())
        ):
            return path, batch_at, node
        path.append(node)
        node = node.children[0]


def _movable(op: Any) -> bool:
    """A traceable op, unless it draws MindSpore's seeded worker streams (``seeded_draw``,
    under ``config.set_seed``): those draws are made on the host."""
    if getattr(op, "seeded_draw", None) is not None and config._state["seed_set"]:
        return False
    return op.traceable


def device_split(ds: Dataset) -> tuple[Dataset, DeviceTransform | None]:
    """(the pipeline without its movable tail, the tail as a DeviceTransform) or (ds, None)."""
    walked = _walk(ds)
    if walked is None:
        return ds, None
    path, batch_at, base = walked
    maps = [n for n in path[batch_at + 1 :] if isinstance(n, MapDataset)]
    per_col: dict[str, list[tuple[MapDataset, int]]] = {}  # a column's ops, in the order they run
    for node in reversed(maps):
        per_col.setdefault(node.input_columns[0], []).extend(
            (node, k) for k in range(len(node.chain.ops))
        )
    moved: dict[str, list[tuple[MapDataset, int]]] = {}
    for name, steps in per_col.items():
        cut = len(steps)
        while cut and _movable(steps[cut - 1][0].chain.ops[steps[cut - 1][1]]):
            cut -= 1
        if cut < len(steps):
            moved[name] = steps[cut:]
    if not moved:
        return ds, None
    keep = {id(m): len(m.chain.ops) for m in maps}
    for steps in moved.values():
        for node, k in steps:
            keep[id(node)] = min(keep[id(node)], k)
    rebuilt = base
    for node in reversed(path):
        if isinstance(node, MapDataset):
            n = keep[id(node)]
            if n == 0:
                continue
            new = _clone(node, [rebuilt])
            new.chain = Chain(node.chain.ops[:n], node.input_columns)
            rebuilt = new
        else:
            rebuilt = _clone(node, [rebuilt])
    out_names = ds._column_names()
    chains = {}
    for name, steps in moved.items():
        final = _final_name(path[:batch_at], name)
        if final is not None:
            chains[out_names.index(final)] = [n.chain.ops[k] for n, k in steps]
    return rebuilt, DeviceTransform(out_names, chains, rebuilt)


def _final_name(above: list[Dataset], name: str) -> str | None:
    """A column's name at the batch, followed up through renames and projections to the output."""
    for node in reversed(above):
        if isinstance(node, RenameDataset):
            before = node.children[0]._column_names()
            if name in before:
                name = node._column_names()[before.index(name)]
        elif isinstance(node, ProjectDataset) and name not in node._column_names():
            return None
    return name


_datasets.register(device_split)  # found by the Dataset base class
