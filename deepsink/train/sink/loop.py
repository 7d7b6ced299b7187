"""The compiled loop: how sink_size steps run per host interaction.

``make_step`` turns a stateful network (a Cell or function, through ``functional.pure``) into
``step(state, batch) -> (state, outputs)``. ``CompiledLoop`` runs a stacked chunk of batches either
as one ``lax.scan`` dispatch ("scan") or as back-to-back dispatches of the per-step executable that
index the on-device chunk ("steps"); the state is donated either way and outputs stay on the
device until the session reads them once per sink.

The dataset's traceable map tail (per-sample ops) runs on the device too: for "scan" once over the
whole chunk before the loop (vectorised, and in the entry computation where XLA:CPU compiles best;
measured 0.09 vs 0.17 ms per LeNet batch inside the loop body), for "steps" inside each step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from deepsink._compile import dynamic_shapes, padded_program
from deepsink._compile.jit import _escape_error
from deepsink._core import conv, functional, semi_auto, spmd
from deepsink._core import random as _random
from deepsink.common.tensor import Tensor, unwrap_tree

Step = Callable[[tuple, tuple], tuple[tuple, Any]]


def _pure_step(stateful: Callable[..., Any], boxes: Sequence[Any]) -> Step:
    f = functional.pure(stateful, boxes)

    def step(state: tuple, batch: tuple) -> tuple[tuple, Any]:
        out, new_state, escaped = f(state, *batch)
        if escaped:
            raise _escape_error(escaped)
        return new_state, unwrap_tree(out)

    return step


def make_step(fn: Callable[..., Any], boxes: Sequence[Any]) -> Step:
    """The pure per-step function of ``fn`` (a train, eval or user network) over ``boxes``."""
    return _pure_step(lambda *columns: fn(*[Tensor._from(c) for c in columns]), boxes)


def make_prepare(device_transform: Any, boxes: Sequence[Any]) -> Step:
    """``prepare(state, columns) -> (state, columns)``: the dataset's traceable map tail, drawing
    its random key from the state's RNG key (so augmentation is repeatable under set_seed)."""
    return _pure_step(lambda *columns: device_transform(columns, _random.next_key()), boxes)


def _over_samples(prepare: Step, state: tuple, stack: tuple) -> tuple[tuple, tuple]:
    """Apply per-sample ``prepare`` to a chunk ``[steps, batch, ...]`` as one batch of samples."""
    flat = tuple(a.reshape((-1, *a.shape[2:])) for a in stack)
    state, out = prepare(state, flat)
    return state, tuple(
        o.reshape((a.shape[0], a.shape[1], *o.shape[1:])) for a, o in zip(stack, out)
    )


# The fewest steps a chunk needs for the scan to carry state in conv.carried_layout's order: the
# transposes in and out cost 3% of a ResNet-18 step at one step per chunk; at two, the carry wins 4%
# (interleaved A/B, 2-vCPU Xeon).
CARRIED_LAYOUT_MIN_STEPS = 2


def _scan_carried(step: Step, state: tuple, stack: tuple) -> tuple[tuple, Any]:
    """``lax.scan(step, state, stack)``, with the state arrays for which ``conv.carried_layout``
    names an axis order carried in that order between steps (each step still sees, and returns,
    the arrays as they are): transposed once per chunk instead of read through a transpose in every
    step."""
    steps = stack[0].shape[0] if stack else 0
    orders = [conv.carried_layout(np.shape(v)) for v in state]
    if steps < CARRIED_LAYOUT_MIN_STEPS or not any(orders):
        return lax.scan(step, state, stack)
    inverse = [None if o is None else tuple(int(i) for i in np.argsort(o)) for o in orders]

    def arrange(values: tuple, by: list) -> tuple:
        return tuple(v if o is None else jnp.transpose(v, o) for v, o in zip(values, by))

    def carried_step(carried: tuple, batch: tuple) -> tuple[tuple, Any]:
        new_state, out = step(arrange(carried, inverse), batch)
        return arrange(new_state, orders), out

    carried, outs = lax.scan(carried_step, arrange(state, orders), stack)
    return arrange(carried, inverse), outs


def pick_strategy(requested: str) -> str:
    """'scan' or 'steps' for ``sink_strategy``; "auto" is scan on every backend.

    Measured on XLA:CPU (LeNet/MNIST sink job, 1000-step sinks, scan-friendly convolutions from
    ``_core/conv.py``): scan 2.8 ms/step, back-to-back step executables 3.4. On GPU a scan with a
    static trip count has no per-iteration host sync (research/xla_sink.md), so it is expected to win
    there too; not yet measured.
    """
    return "scan" if requested == "auto" else requested


class CompiledLoop:
    """The executables for one step function; compiled lazily per chunk length and batch shape."""

    def __init__(
        self, step: Step, strategy: str, prepare: Step | None = None, name: str = "step"
    ) -> None:
        self.strategy = strategy
        self.dispatches = 0
        # a program per chunk shape (steps and batch shape): counted, named past a threshold
        self.compiles = dynamic_shapes.ShapeCompiles(f"sink of {name}", "chunk")

        def split_step(state, batch):
            # semi-auto parallel: each step's batch laid out by the dataset strategy
            plan = semi_auto.active()
            if plan is not None:
                batch = tuple(semi_auto.dataset_inputs(batch, plan))
            return step(state, batch)

        def scan_chunk(state, stack):
            if prepare is not None:
                state, stack = _over_samples(prepare, state, stack)
            return _scan_carried(split_step, state, stack)

        def one_step(state, stack, i):
            batch = tuple(lax.dynamic_index_in_dim(a, i, keepdims=False) for a in stack)
            if prepare is not None:
                state, batch = prepare(state, batch)
            return split_step(state, batch)

        self.out_axes: dict[Any, list] = {}  # per bucket plan: each step output's padded axes

        def bucket_step(state, batch, plan):
            # a step on a batch padded to its bucket, its last column the true lengths
            *columns, lens = batch
            leaves, tree = jax.tree_util.tree_flatten((state, tuple(columns)))
            axes = [{}] * (len(leaves) - len(columns)) + [dict(p) for p in plan.axes]

            def unflat(*xs):
                return step(*jax.tree_util.tree_unflatten(tree, xs))

            (new_state, outs), out_axes = padded_program.evaluate(unflat, leaves, axes, plan, lens)
            n_state = len(jax.tree_util.tree_leaves(new_state))
            if any(out_axes[:n_state]):
                raise padded_program.PaddingError(
                    f"For 'sink of {name}', a Parameter's new value has a shape that follows the "
                    "padded extent of an input set_inputs declares dynamic; it cannot be one "
                    "program per bucket (docs/dynamic_shapes.md)"
                )
            self.out_axes[plan] = out_axes[n_state:]
            return new_state, outs

        def scan_bucket(state, stack, plan):
            # a loop over the chunk's real steps (true lengths > 0); the chunk is padded with idle
            # steps to the sink's length, so each bucket has one program whatever the chunk's
            # length, and idle steps cost nothing
            steps = jnp.sum(stack[-1][:, 0] > 0)
            first = tuple(a[0] for a in stack)
            shapes = jax.eval_shape(lambda s, b: bucket_step(s, b, plan)[1], state, first)
            outs = jax.tree_util.tree_map(
                lambda o: jnp.zeros((stack[0].shape[0], *o.shape), o.dtype), shapes
            )

            def body(i, carry):
                state, outs = carry
                batch = tuple(lax.dynamic_index_in_dim(a, i, keepdims=False) for a in stack)
                state, out = bucket_step(state, batch, plan)
                outs = jax.tree_util.tree_map(
                    lambda buf, o: lax.dynamic_update_index_in_dim(buf, o, i, 0), outs, out
                )
                return state, outs

            return lax.fori_loop(0, steps, body, (state, outs))

        def one_bucket_step(state, stack, i, plan):
            batch = tuple(lax.dynamic_index_in_dim(a, i, keepdims=False) for a in stack)
            return bucket_step(state, batch, plan)

        self._scan_bucket = spmd.per_rank(
            scan_bucket, donate_argnums=(0,), static_argnums=(2,), name=f"sink_scan_{name}"
        )
        self._step_bucket = spmd.per_rank(
            one_bucket_step, donate_argnums=(0,), static_argnums=(3,), name=f"sink_step_{name}"
        )

        # per rank: in a data-parallel run each sink is one program on every process, with the
        # gradient all-reduce inside it (spmd.per_rank); otherwise plain jax.jit. Both go through
        # the one compile wrapper (graphs.jit: save_graphs); each compiles on first use.
        self._scan = spmd.per_rank(scan_chunk, donate_argnums=(0,), name=f"sink_scan_{name}")
        self._step = spmd.per_rank(one_step, donate_argnums=(0,), name=f"sink_step_{name}")

    def run(self, state: tuple, stack: tuple, steps: int, plan: Any = None) -> tuple[tuple, Any]:
        """Run ``steps`` steps over a chunk: the new state and the outputs (stacked for scan,
        a list of per-step outputs for steps), all still on the device. ``plan``: the bucket plan
        of a chunk of padded batches (``queue.PaddedBatch``), one program per bucket."""
        self.compiles.note(stack, extra=plan)
        split = semi_auto.active()
        if split is not None:  # several processes: their parts of each step's batch
            stack = tuple(semi_auto.assemble_inputs(stack, split, lead=1))
        if plan is not None:
            return self._run_bucket(state, stack, steps, plan)
        if self.strategy == "scan":
            self.dispatches += 1
            return self._scan(state, stack)
        outs = []
        for i in range(steps):
            self.dispatches += 1
            state, out = self._step(state, stack, np.int32(i))
            outs.append(out)
        return state, outs

    def _run_bucket(self, state: tuple, stack: tuple, steps: int, plan: Any) -> tuple[tuple, Any]:
        if self.strategy == "scan":
            self.dispatches += 1
            return self._scan_bucket(state, stack, plan)
        outs = []
        for i in range(steps):
            self.dispatches += 1
            state, out = self._step_bucket(state, stack, np.int32(i), plan)
            outs.append(out)
        return state, outs

    def unpad(self, outs: Any, plan: Any, lens: np.ndarray) -> Any:
        """One step's outputs (host arrays) cut back to that step's true lengths ``lens``."""
        if plan is None:
            return outs
        flat, tree = jax.tree_util.tree_flatten(outs)
        axes = self.out_axes[plan]
        flat = [padded_program.unpad(x, ax, lens) for x, ax in zip(flat, axes, strict=True)]
        return jax.tree_util.tree_unflatten(tree, flat)
