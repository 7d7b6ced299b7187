"""The devices of one pipeline stage as named mesh axes, so that operators split inside a stage.

MindSpore splits the operators of a pipeline stage over that stage's devices: with
``device_num=8`` and ``pipeline_stages=2`` a strategy ``((2, 1), (1, 2))`` on a MatMul covers a
stage's 4 devices, and the network's inputs are split over them by the dataset strategy. The
pipeline program (``_core/pipeline.py``) is a ``shard_map`` that is manual over its ``stage``
axis only; the stage's devices are automatic axes that XLA's SPMD partitioner splits.

A stage's operators are traced against the first stage's devices, so each of their shardings
has its own device matrix over the stage's ``n`` devices (in rank order). Every such matrix has
to be a grouping of the same mesh axes: the ``n`` devices are cut into axes at each product of a
matrix's trailing dimensions (its strides). ``(2, 1, 2)`` and ``(4,)`` on 4 devices cut at 1, 2
and 4: two axes of 2; ``(2, 1, 2)``'s first dimension is the outer axis, ``(4,)``'s both. Cuts
that do not divide one another (``(3, 4)`` and ``(4, 3)`` on 12 devices) cannot share named axes
and raise ``NotImplementedError``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import jax
import numpy as np
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P


class StageMesh:
    """The mesh ``(stage, inner0, inner1, ...)`` of ``devices`` whose inner axes express every
    sharding in ``shardings`` (each over one stage's devices)."""

    def __init__(self, devices: Sequence[Any], stages: int, shardings: Sequence[Any]) -> None:
        per = len(devices) // stages
        cuts = {1, per}
        for sh in shardings:
            dm = sh.mesh.devices.shape
            if math.prod(dm) != per:
                raise NotImplementedError(
                    f"For pipeline parallel, the sharding {sh} inside a stage holds "
                    f"{math.prod(dm)} devices, but a stage has {per} devices: a strategy inside "
                    "a stage is over the stage's devices"
                )
            for j in range(len(dm)):
                cuts.add(math.prod(dm[j:]))
        self.cuts = sorted(cuts)
        for a, b in zip(self.cuts, self.cuts[1:]):
            if b % a:
                raise NotImplementedError(
                    "For pipeline parallel, the device matrices of the strategies inside a stage "
                    f"split its {per} devices at {a} and at {b}, which cannot be named axes of "
                    "one mesh (each split must divide the next)"
                )
        sizes = [b // a for a, b in zip(self.cuts, self.cuts[1:])][::-1]  # outermost first
        self.names = tuple(f"inner{k}" for k in range(len(sizes)))
        shape = (stages, *sizes)
        # XLA:CPU runs a collective-permute as one rendezvous of every device of the program,
        # so one inside a stage's branch of the schedule (which the other stages do not take)
        # never completes; there a change of layout inside a stage goes through the whole value
        # (an all-gather, whose rendezvous is its group's, then a local slice). GPUs and TPUs
        # pair the devices of a permute only.
        self.hop = devices[0].platform == "cpu"
        self.mesh = Mesh(np.array(devices, dtype=object).reshape(shape), ("stage", *self.names))

    def _axes(self, lo: int, hi: int) -> tuple:
        """The inner axes covering the device strides ``lo`` (inclusive) to ``hi``."""
        k = len(self.names)
        return tuple(
            name
            for i, name in enumerate(self.names)
            if lo <= self.cuts[k - 1 - i] and self.cuts[k - i] <= hi
        )

    def spec(self, sh: NamedSharding, lead: int = 0) -> P:
        """``sh`` (over one stage's devices) on the inner axes, ``lead`` unsplit dimensions
        first: a spec for ``with_sharding_constraint`` inside the pipeline's ``shard_map`` (its
        mesh, with the stage axis manual)."""
        dm = sh.mesh.devices.shape
        group = {
            name: self._axes(math.prod(dm[j + 1 :]), math.prod(dm[j:]))
            for j, name in enumerate(sh.mesh.axis_names)
        }
        spec: list = []
        for entry in sh.spec:
            names = () if entry is None else entry if isinstance(entry, tuple) else (entry,)
            axes = sum((group[n] for n in names), ())
            spec.append(axes if len(axes) > 1 else axes[0] if axes else None)
        return P(*(None,) * lead, *spec)

    def on_each_device(self, fn: Any, *args: Any) -> None:
        """Call ``fn`` on the host with ``args`` whole, from each device of the stage, as each
        MindSpore rank of a stage runs its own ``Print``. Called while the pipeline's
        ``shard_map`` is traced: a callback under automatic axes must be placed, and JAX's own
        placement happens when the program is lowered, where no mesh is set."""

        def each(*a: Any) -> list:
            # one operand at least: XLA cannot place a callback without operands here
            jax.debug.callback(lambda _, *v: fn(*v), *a)
            return []

        jax.shard_map(  # inside the pipeline's shard_map: its mesh, stage manual already
            each,
            in_specs=tuple(P() for _ in range(len(args) + 1)),
            out_specs=[],
            axis_names=set(self.names),
            check_vma=False,
        )(jax.numpy.zeros(()), *args)
