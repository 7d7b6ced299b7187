"""The process group of a distributed run, and how compiled code runs as one program per rank.

MindSpore's data-parallel mode is SPMD over processes: every rank runs the same step on its own
batch, and the gradients meet in an all-reduce. deepsink maps that onto ``jax.distributed``: the
world is a 1-D ``Mesh`` of one device per process (axis ``"world"``), and every compiled function
(GRAPH_MODE calls, ``jit``, the sink loop) runs as ``jax.jit(shard_map(f))`` over it. Inside, ``f``
sees its own rank's values, and a collective (``ops.AllReduce`` ...) is ``lax.psum`` & co. over the
axis, so XLA places it inside the same program: one compiled executable per sink, the all-reduce
in it. Outside a compiled function, a collective runs as its own small program (``collective``).

Per-rank values cross the program boundary with the replicated spec ``P()``: a process's local
buffer is its rank's value, passed in and read out without a copy. Values may legitimately differ
across ranks (each rank's loss, BatchNorm statistics), which is why replication is not checked
(``check_vma=False``); the program is fully manual, so XLA never relies on it.

This module is the only owner of the world; ``deepsink.communication`` initializes it.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import jax
import numpy as np
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P

from deepsink._core import graphs, semi_auto

AXIS = "world"


@dataclass(frozen=True)
class World:
    """The initialized process group."""

    rank: int
    size: int
    local_rank: int
    local_size: int
    backend: str
    mesh: Mesh

    @property
    def replicated(self) -> NamedSharding:
        return NamedSharding(self.mesh, P())


_world: World | None = None
_local = threading.local()


def world() -> World | None:
    """The process group, or None in a single-process run."""
    return _world


def set_world(w: World | None) -> None:
    global _world
    _world = w


def in_program() -> bool:
    """True while tracing the body of a per-rank program (collectives are ``lax`` ops there)."""
    return getattr(_local, "depth", 0) > 0


def _to_global(w: World, x: Any) -> Any:
    if not isinstance(x, jax.Array | np.ndarray | np.generic):
        return x
    dev = w.mesh.local_devices[0]
    if not isinstance(x, jax.Array) or x.sharding.device_set != {dev}:
        x = jax.device_put(x, dev)
    return jax.make_array_from_single_device_arrays(x.shape, w.replicated, [x])


def _to_local(x: Any) -> Any:
    return x.addressable_data(0) if isinstance(x, jax.Array) else x


def per_rank(
    fn: Callable,
    *,
    static_argnums: Sequence[int] = (),
    donate_argnums: Sequence[int] = (),
    name: str = "program",
) -> Callable:
    """``jax.jit(fn)``, but in a distributed run ``fn`` runs on every rank as one SPMD program.

    Arguments and results are this process's (local) values in both cases. The world is looked up
    when the function is called, so a function made before ``init()`` still runs distributed.
    """
    static = tuple(static_argnums)

    @functools.wraps(fn)
    def traced(*args: Any) -> Any:
        with semi_auto.program():  # the outermost program's inputs are the dataset's
            return fn(*args)

    # graphs.jit is jax.jit, writing each compile's stages when save_graphs is on (``name``)
    single = graphs.jit(traced, name, static_argnums=static, donate_argnums=tuple(donate_argnums))
    multi: dict[int, Callable] = {}

    def body(*args: Any) -> Any:
        _local.depth = getattr(_local, "depth", 0) + 1
        try:
            return fn(*args)
        finally:
            _local.depth -= 1

    def build(w: World) -> Callable:
        def run(*args: Any) -> Any:
            dyn = [i for i in range(len(args)) if i not in static]

            def inner(*dyn_args: Any) -> Any:
                full = list(args)
                for i, a in zip(dyn, dyn_args):
                    full[i] = a
                return body(*full)

            mapped = jax.shard_map(inner, mesh=w.mesh, in_specs=P(), out_specs=P(), check_vma=False)
            return mapped(*[args[i] for i in dyn])

        return graphs.jit(run, name, static_argnums=static, donate_argnums=tuple(donate_argnums))

    def on_plan(args: tuple) -> tuple:
        # semi-auto parallel: the program runs on the plan's devices (_core/semi_auto.py)
        plan = semi_auto.active()
        if in_program():
            return args
        if plan is None:
            return tuple(a if i in static else semi_auto.unplace(a) for i, a in enumerate(args))
        return tuple(a if i in static else semi_auto.place(a, plan) for i, a in enumerate(args))

    @functools.wraps(fn)
    def call(*args: Any) -> Any:
        w = _world
        if w is None:
            out = single(*on_plan(args))
            if not in_program() and (plan := semi_auto.active()) is not None:
                semi_auto.save_strategy(plan)
            return out
        if in_program():
            return single(*args)
        plan = semi_auto.active()
        if plan is not None:
            # semi-auto across processes: one program over every process's devices (GSPMD; the
            # processes' CPU collectives are Gloo's, GPUs' NCCL)
            out = semi_auto.localize(single(*on_plan(args)))
            if w.rank == 0:
                semi_auto.save_strategy(plan)
            return out
        compiled = multi.get(id(w))
        if compiled is None:
            compiled = multi[id(w)] = build(w)
        g = [
            a if i in static else jax.tree_util.tree_map(functools.partial(_to_global, w), a)
            for i, a in enumerate(args)
        ]
        return jax.tree_util.tree_map(_to_local, compiled(*g))

    def precompile(*args: Any) -> None:
        """Compile for these arguments without running (``Cell.compile``); the next call with
        the same signature reuses the program."""
        w = _world
        if w is None or in_program():
            target, g = single, list(on_plan(args) if w is None else args)
        else:
            target = multi.get(id(w))
            if target is None:
                target = multi[id(w)] = build(w)
            g = [
                a if i in static else jax.tree_util.tree_map(functools.partial(_to_global, w), a)
                for i, a in enumerate(args)
            ]
        if isinstance(target, graphs._Dumping):
            target.precompile(*g)
        else:
            target.lower(*g).compile()

    call.precompile = precompile  # type: ignore[attr-defined]
    return call


_COLLECTIVES: dict[Any, Callable] = {}
eager_collectives = 0  # collectives run as programs of their own (outside a compiled step)


def collective(op: Callable[[Any], Any], key: Any, x: Any) -> Any:
    """Run ``op`` (a function of this rank's value using ``lax`` collectives over ``AXIS``) on a
    concrete local value, as one program across the ranks; compiled once per ``key``."""
    global eager_collectives
    eager_collectives += 1
    f = _COLLECTIVES.get(key)
    if f is None:
        f = _COLLECTIVES[key] = per_rank(op)
    return f(x)
