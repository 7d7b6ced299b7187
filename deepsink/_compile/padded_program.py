"""One program for a bucket of input sizes: a function traced on inputs padded up to their bucket
(``buckets.py``) and run so that its results are those of the unpadded inputs.

The function is traced at the bucket sizes and once more per group of dynamic dimensions with
that group at another size; the axes whose size changes between the traces are the padded ones
(their first ``length`` positions are the real data, the rest is padding of any value). The
first trace's program then runs op by op under these rules:

* positionwise ops (elementwise arithmetic, comparisons, casts, select, broadcast, transpose, a
  reshape or slice that keeps a padded axis whole, concatenate/pad/sort/rev along other axes,
  iota, gather/scatter indices, prefix cumulative ops) need nothing: a real position only reads
  real positions;
* ops that combine positions along a padded axis are masked: reductions (sum, max, min, prod,
  and, or, argmax, argmin), a contraction (``dot_general``, so Dense/MatMul over the axis), a
  reverse cumulative op and ``scatter-add`` (an embedding's gradient) see the padding as their
  identity (0, -inf, ...);
* a constant the function computed from the padded extent (a mean's divisor, ``x.shape[1]`` used
  as a number) is proportional to it (or to its inverse): it is recomputed from the true length;
* any other op that reads or makes a padded axis raises ``ValueError`` naming it and the line of
  the network that called it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.extend import core as jcore

from deepsink._compile.buckets import Plan

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

#: ops whose output position reads only the same position of each operand
POSITIONWISE = frozenset(
    """abs acos acosh add add_any and asin asinh atan atan2 atanh bitcast_convert_type cbrt ceil
    clamp conj convert_element_type copy copy_p cos cosh digamma div eq erf erf_inv erfc exp exp2
    expm1 floor ge gt igamma imag integer_pow is_finite le lgamma log log1p logistic lt max min
    mul ne neg nextafter not or population_count pow real reduce_precision rem round rsqrt
    select_n shift_left shift_right_arithmetic shift_right_logical sign sin sinh sqrt square sub
    tan tanh xor broadcast_in_dim transpose squeeze expand_dims iota stop_gradient
    optimization_barrier debug_callback""".split()
)
#: ops run op by op inside (their sub-program is inlined)
INLINED = {"jit": "jaxpr", "pjit": "jaxpr", "closed_call": "call_jaxpr", "core_call": "call_jaxpr",
           "custom_jvp_call": "call_jaxpr", "custom_vjp_call": "call_jaxpr",
           "custom_vjp_call_jaxpr": "fun_jaxpr", "remat": "jaxpr", "checkpoint": "jaxpr"}  # fmt: skip
_REDUCE_FILL = {"reduce_sum": "zero", "reduce_prod": "one", "reduce_max": "low",
                "reduce_min": "high", "reduce_and": "high", "reduce_or": "low",
                "argmax": "low", "argmin": "high"}  # fmt: skip
_CUMULATIVE_FILL = {"cumsum": "zero", "cumprod": "one", "cummax": "low", "cummin": "high",
                    "cumlogsumexp": "low"}  # fmt: skip


class PaddingError(ValueError):
    """An op whose result would change with the padding of a bucketed input."""


def _fill(dtype: Any, kind: str) -> Any:
    dtype = np.dtype(dtype)
    if kind == "zero":
        return np.zeros((), dtype)
    if kind == "one":
        return np.ones((), dtype)
    if dtype == np.bool_:
        return np.bool_(kind == "high")
    if np.issubdtype(dtype, np.floating) or dtype.name == "bfloat16":
        return np.array(np.inf if kind == "high" else -np.inf, dtype)
    info = np.iinfo(dtype)
    return np.array(info.max if kind == "high" else info.min, dtype)


def _user_line(eqn: Any) -> str:
    """The line of the network (outside deepsink and JAX) that made ``eqn``."""
    tb = getattr(eqn.source_info, "traceback", None)
    frames = list(tb.frames) if tb is not None else []
    fallback = ""
    for f in frames:
        name = f.file_name
        if f"{os.sep}jax{os.sep}" in name or f"{os.sep}jaxlib{os.sep}" in name:
            continue
        where = f"{name}:{f.line_num} ({f.function_name})"
        if not name.startswith(_PACKAGE):
            return where
        fallback = fallback or where
    return fallback or "an unknown line"


class _Run:
    """The op-by-op run of the bucket-size trace, with the other traces' shapes beside it."""

    def __init__(self, plan: Plan, lens: Any) -> None:
        self.plan, self.lens = plan, lens

    # --- padded axes ------------------------------------------------------------------------
    def axes(self, avals: Sequence[Any], eqn: Any = None) -> dict[int, int]:
        """axis -> group of the axes whose size follows a group's padded extent."""
        base = avals[0]
        shape = tuple(getattr(base, "shape", ()))
        out: dict[int, int] = {}
        for g, alt in enumerate(avals[1:]):
            for a, (n0, n1) in enumerate(zip(shape, alt.shape)):
                if n0 == n1:
                    continue
                if a in out or n0 != self.plan.buckets[g] or n1 != self.plan.alternates[g]:
                    self.fail(
                        eqn,
                        f"makes an axis of size {n0} that mixes a padded axis with "
                        "others (a reshape, concatenate or pad across it)",
                    )
                out[a] = g
        return out

    def fail(self, eqn: Any, why: str) -> None:
        name = eqn.primitive.name if eqn is not None else "the program"
        raise PaddingError(
            f"For the inputs set_inputs declares dynamic, deepsink pads each input to its bucket "
            f"and runs one program per bucket; '{name}' at {_user_line(eqn) if eqn else '?'} "
            f"{why}, so its result would change with the padding. Make the network mask or keep "
            f"the padded axis whole there, or remove the dynamic dimension from set_inputs "
            f"(docs/dynamic_shapes.md)"
        )

    def mask(self, x: Any, axes: dict[int, int], kind: str) -> Any:
        """``x`` with the padding of ``axes`` set to ``kind``'s identity."""
        if not axes:
            return x
        keep = None
        for a, g in axes.items():
            ok = lax.broadcasted_iota(jnp.int32, jnp.shape(x), a) < self.lens[g]
            keep = ok if keep is None else keep & ok
        return jnp.where(keep, x, jnp.asarray(_fill(jnp.result_type(x), kind)))

    # --- constants --------------------------------------------------------------------------
    def constant(self, values: Sequence[Any], eqn: Any) -> Any:
        """A literal of the bucket trace; recomputed from the true lengths when it differs
        between the traces (it follows the padded extent)."""
        v0 = np.asarray(values[0])
        if all(np.shape(v) == v0.shape and np.array_equal(np.asarray(v), v0) for v in values[1:]):
            return values[0]
        if v0.ndim:
            self.fail(eqn, "reads an array constant computed from the padded extent")
        powers = []
        for g, v in enumerate(values[1:]):
            v1 = float(np.asarray(v))
            ratio = self.plan.alternates[g] / self.plan.buckets[g]
            for p in (0, 1, -1, 2, -2):
                if v0 != 0 and np.isclose(v1 / float(v0), ratio**p, rtol=1e-6, atol=0):
                    powers.append(p)
                    break
            else:
                self.fail(
                    eqn,
                    f"reads the constant {v0.item()!r}, computed from the padded "
                    f"extent {self.plan.buckets[g]} but not proportional to it",
                )
        dtype = v0.dtype
        scale = np.float64(v0) / np.prod(
            [float(self.plan.buckets[g]) ** p for g, p in enumerate(powers)]
        )
        if np.issubdtype(dtype, np.integer):
            if scale != round(scale) or any(p < 0 for p in powers):
                self.fail(eqn, f"reads the integer {v0.item()} computed from the padded extent")
            out = jnp.asarray(int(round(scale)), dtype)
            for g, p in enumerate(powers):
                for _ in range(p):
                    out = out * self.lens[g].astype(dtype)
            return out
        out = jnp.asarray(np.asarray(scale, dtype))
        for g, p in enumerate(powers):
            n = self.lens[g].astype(dtype)
            for _ in range(abs(p)):
                out = out * n if p > 0 else out / n
        return out

    def closed_consts(self, closed: Sequence[Any], eqn: Any) -> tuple[list, list]:
        """The constants of a closed program in each trace: kept when equal, else padded
        constants (a table sliced to the extent) when the bucket trace's is a prefix."""
        values, axes = [], []
        for i, c0 in enumerate(closed[0].consts):
            others = [c.consts[i] for c in closed[1:]]
            avals = [np.asarray(c0), *(np.asarray(c) for c in others)]
            ax = self.axes(avals, eqn)
            for g in ax.values():
                alt = np.asarray(others[g])
                index = tuple(slice(0, n) for n in np.shape(c0))
                if not np.array_equal(alt[index], np.asarray(c0)):
                    self.fail(eqn, "reads an array constant computed from the padded extent")
            if not ax and not all(np.array_equal(np.asarray(o), np.asarray(c0)) for o in others):
                self.fail(eqn, "reads an array constant computed from the padded extent")
            values.append(c0)
            axes.append(ax)
        return values, axes

    # --- the run ----------------------------------------------------------------------------
    def run(self, jaxprs: Sequence[Any], args: Sequence[Any], arg_axes: Sequence[dict]) -> tuple:
        """Run ``jaxprs[0]`` (the others: the same program at the alternate sizes) on ``args``;
        the outputs and their padded axes."""
        env: dict[Any, tuple[Any, dict]] = {}
        for v, x, ax in zip(jaxprs[0].invars, args, arg_axes, strict=True):
            env[v] = (x, ax)
        for i, eqn in enumerate(jaxprs[0].eqns):
            eqns = [j.eqns[i] if i < len(j.eqns) else None for j in jaxprs]
            if any(e is None or e.primitive is not eqn.primitive for e in eqns):
                self.fail(
                    eqn,
                    "is traced into other ops at another input size (the network's "
                    "Python depends on the input's shape)",
                )
            invals, inaxes = [], []
            for p, v in enumerate(eqn.invars):
                if isinstance(v, jcore.Literal):
                    invals.append(self.constant([e.invars[p].val for e in eqns], eqn))
                    inaxes.append({})
                else:
                    x, ax = env[v]
                    invals.append(x)
                    inaxes.append(ax)
            outaxes = [
                self.axes([e.outvars[o].aval for e in eqns], eqn) for o in range(len(eqn.outvars))
            ]
            outs = self.apply(eqns, invals, inaxes, outaxes)
            for v, x, ax in zip(eqn.outvars, outs, outaxes, strict=True):
                env[v] = (x, ax)
        results = []
        for o, v in enumerate(jaxprs[0].outvars):
            if isinstance(v, jcore.Literal):
                results.append((self.constant([j.outvars[o].val for j in jaxprs], None), {}))
            else:
                results.append(env[v])
        return tuple(results)

    def apply(self, eqns: Sequence[Any], invals: list, inaxes: list, outaxes: list) -> list:
        eqn = eqns[0]
        name = eqn.primitive.name
        params = eqn.params
        if name in INLINED:
            key = INLINED[name] if INLINED[name] in params else "call_jaxpr"
            closed = [e.params[key] for e in eqns]
            consts, cax = self.closed_consts(closed, eqn)
            outs = self.run([_open(c) for c in closed], [*consts, *invals], [*cax, *inaxes])
            for (_, ax), want in zip(outs, outaxes, strict=True):
                if ax != want:
                    self.fail(eqn, "returns a padded axis in another place")
            return [x for x, _ in outs]
        padded = any(inaxes) or any(outaxes)
        if name == "cond" and padded:
            return self._cond(eqns, invals, inaxes, outaxes)
        if padded:
            invals = self.rule(eqn, name, params, invals, inaxes)
        elif name in ("while", "cond", "scan") and any(
            str(e.params) != str(params) for e in eqns[1:]
        ):
            self.fail(eqn, "has a body that changes with the padded extent")
        with eqn.ctx.manager:
            out = eqn.primitive.bind(*invals, **eqn.primitive.get_bind_params(params))
        return list(out) if eqn.primitive.multiple_results else [out]

    def rule(self, eqn: Any, name: str, params: dict, invals: list, inaxes: list) -> list:
        """The inputs ``eqn`` runs on (masked where it combines positions along a padded axis),
        or a PaddingError when its result cannot be kept."""
        if name in POSITIONWISE:
            return invals
        if name in _REDUCE_FILL:
            ax = {a: g for a, g in inaxes[0].items() if a in params["axes"]}
            return [self.mask(invals[0], ax, _REDUCE_FILL[name]), *invals[1:]]
        if name in _CUMULATIVE_FILL:
            a = params["axis"]
            if params.get("reverse") and a in inaxes[0]:
                return [self.mask(invals[0], {a: inaxes[0][a]}, _CUMULATIVE_FILL[name])]
            return invals
        if name == "dot_general":
            (lc, rc), _ = params["dimension_numbers"]
            lax_ = {a: g for a, g in inaxes[0].items() if a in lc}
            rax = {a: g for a, g in inaxes[1].items() if a in rc}
            return [self.mask(invals[0], lax_, "zero"), self.mask(invals[1], rax, "zero")]
        if name == "reshape":
            return self._reshape(eqn, invals, inaxes)
        if name in ("slice",):
            strides = params.get("strides") or (1,) * len(params["start_indices"])
            for a in inaxes[0]:
                if params["start_indices"][a] != 0 or strides[a] != 1:
                    self.fail(eqn, f"slices the padded axis {a} from another start than 0")
            return invals
        if name in ("concatenate", "sort", "split", "rev", "pad", "cumsum_"):
            along = {
                "concatenate": (params.get("dimension"),),
                "sort": (params.get("dimension"),),
                "split": (params.get("axis"),),
                "rev": tuple(params.get("dimensions", ())),
            }.get(name, ())
            if name == "pad":
                along = tuple(
                    a
                    for a, (lo, hi, mid) in enumerate(params["padding_config"])
                    if (lo, hi, mid) != (0, 0, 0)
                )
            for ax in inaxes:
                for a in ax:
                    if a in along:
                        self.fail(eqn, f"works along the padded axis {a}")
            return invals
        if name in ("gather", "dynamic_slice", "dynamic_update_slice"):
            return invals  # indices into a padded axis stay below its true length
        if name == "scatter-add":
            return [invals[0], invals[1], self.mask(invals[2], inaxes[2], "zero"), *invals[3:]]
        self.fail(
            eqn,
            "reads or makes a padded axis and is not one of the ops deepsink can keep "
            "exact under padding",
        )
        return invals

    def _cond(self, eqns: Sequence[Any], invals: list, inaxes: list, outaxes: list) -> list:
        """A ``cond`` on padded operands: each branch run by these rules."""
        eqn = eqns[0]

        def branch(traces: list) -> Callable:
            consts, cax = self.closed_consts(traces, eqn)

            def run(*xs: Any) -> list:
                outs = self.run([_open(c) for c in traces], [*consts, *xs], [*cax, *inaxes[1:]])
                if [ax for _, ax in outs] != outaxes:
                    self.fail(eqn, "returns a padded axis in another place")
                return [x for x, _ in outs]

            return run

        n = len(eqn.params["branches"])
        fns = [branch([e.params["branches"][b] for e in eqns]) for b in range(n)]
        return list(lax.switch(invals[0], fns, *invals[1:]))

    def _reshape(self, eqn: Any, invals: list, inaxes: list) -> list:
        src = tuple(jnp.shape(invals[0]))
        dst = tuple(eqn.params["new_sizes"])
        for a in inaxes[0]:
            before = int(np.prod(src[:a]))
            if not any(
                int(np.prod(dst[:b])) == before and dst[b] == src[a] for b in range(len(dst))
            ):
                self.fail(eqn, f"merges or splits the padded axis {a}")
        return invals


def _open(closed: Any) -> Any:
    """A closed program's jaxpr with its constants as its first inputs."""
    j = closed.jaxpr
    return SimpleNamespace(invars=[*j.constvars, *j.invars], eqns=j.eqns, outvars=j.outvars)


def evaluate(
    fn: Callable, args: Sequence[Any], plan_axes: Sequence[dict[int, int]], plan: Plan, lens: Any
) -> tuple[Any, Any]:
    """``fn(*args)`` (a function of arrays) for ``args`` padded by ``plan`` (their padded axes:
    ``plan_axes``), with the results of the unpadded inputs: the outputs (a pytree) and, per
    output leaf in flattening order, its padded axes (axis -> group)."""
    trees: list = []

    def flat(*xs: Any) -> list:
        leaves, tree = jax.tree_util.tree_flatten(fn(*xs))
        trees.append(tree)
        return leaves

    def specs(group: int | None) -> list:
        out = []
        for x, ax in zip(args, plan_axes):
            shape = list(jnp.shape(x))
            for a, g in ax.items():
                if g == group:
                    shape[a] = plan.alternates[g]
            out.append(jax.ShapeDtypeStruct(tuple(shape), jnp.result_type(x)))
        return out

    closed = []
    for g in (None, *range(len(plan.buckets))):
        try:
            closed.append(jax.make_jaxpr(flat)(*specs(g)))
        except PaddingError:
            raise
        except Exception as e:
            sizes = plan.buckets if g is None else plan.alternates
            raise PaddingError(
                f"For the inputs set_inputs declares dynamic, deepsink pads each input to its "
                f"bucket (and traces the network at a second size of each dynamic dimension); "
                f"traced at the sizes {list(sizes)} it failed: {e}. A layer with a fixed size "
                f"along a dynamic dimension (a Dense over it) cannot take a padded input; declare "
                f"that dimension static in set_inputs (docs/dynamic_shapes.md)"
            ) from e
    tree = trees[0]
    run = _Run(plan, lens)
    consts, cax = run.closed_consts(closed, None)
    outs = run.run([_open(c) for c in closed], [*consts, *args], [*cax, *plan_axes])
    return jax.tree_util.tree_unflatten(tree, [x for x, _ in outs]), [ax for _, ax in outs]


def unpad(value: Any, axes: dict[int, int], true_lengths: Sequence[int]) -> Any:
    """An output of the bucket's program cut back to the true lengths of its padded axes."""
    if not axes:
        return value
    index = [slice(None)] * np.ndim(value)
    for a, g in axes.items():
        index[a] = slice(0, int(true_lengths[g]))
    return value[tuple(index)]
