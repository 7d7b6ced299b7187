"""Compilation: GRAPH_MODE Cell calls and ``deepsink.jit``, both over ``functional.pure``.

A compiled entry is cached per (cell or function, training flag, compile-relevant context) and
``jax.jit`` caches per input signature under it, so a repeated signature never retraces. Tensor and
array arguments are traced; every other argument is a compile-time constant (as in MindSpore's
graph mode).
"""

from __future__ import annotations

import enum
import functools
import hashlib
import inspect
import os
import types
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import jax
import numpy as np

from deepsink import context
from deepsink._compile import (
    buckets,
    compile_config,
    control_flow,
    dynamic_shapes,
    graph_syntax,
    padded_program,
    writeback,
)
from deepsink._core import checks as _checks
from deepsink._core import functional, semi_auto, spmd
from deepsink._core import random as _random
from deepsink._core.tracebacks import api_boundary
from deepsink._core.validate import HostReadError, ValueDependentShapeError
from deepsink.common.jit_config import warn_no_effect
from deepsink.common.mutable import is_mutable_number
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor

_TENSOR, _ARRAY = object(), object()


class _Number:
    """An input or output that is a Python number variable of the program (``mutable(3)``, a
    loop counter, a number joined from a Tensor ``if``): a 0-d Tensor inside, which MindSpore's
    graph returns as a Python number."""

    def __init__(self, kind: type) -> None:
        self.kind = kind

    def variable(self, data: Any) -> Tensor:
        t = Tensor._from(data)
        t._ds_number = self.kind
        return t

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Number) and other.kind is self.kind

    def __hash__(self) -> int:
        return hash(self.kind)


structure_changed = functional.structure_changed  # Cells and Generators call it through here


def state_of(cell: Any) -> tuple:
    """The state boxes of a cell: its Parameters (unique names checked), the RNG key, the checks
    and the registered global boxes (the Generators' states)."""
    params = tuple(cell.get_parameters())
    seen: dict[str, Any] = {}
    for p in params:
        other = seen.setdefault(p.name, p)
        if other is not p:
            raise ValueError(
                f"For '{type(cell).__name__}', the Parameter name '{p.name}' is used by two "
                "different Parameters; every Parameter of a network needs a unique name"
            )
    _random.KEY.ensure()
    _checks.CHECKS.ensure()
    return (*params, _random.KEY, _checks.CHECKS, *_random.extra_boxes())


class _ParamRef:
    """A Parameter passed as an argument: part of the compiled call's state (so writes to it, as
    MindSpore's graph mode allows, reach it), keyed by identity in the static spec."""

    __slots__ = ("param",)

    def __init__(self, param: Any) -> None:
        self.param = param

    def __hash__(self) -> int:
        return id(self.param)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _ParamRef) and other.param is self.param


class _ConstTensor:
    """A Tensor argument marked ``const_arg``: a compile-time constant of the program, keyed by
    its dtype, shape and values (a call with other values compiles another program)."""

    __slots__ = ("value", "key")

    def __init__(self, value: np.ndarray) -> None:
        self.value = value
        self.key = (value.dtype.str, value.shape, value.tobytes())

    def tensor(self) -> Tensor:
        with jax.ensure_compile_time_eval():  # a known value while the program compiles
            return Tensor._from(jax.numpy.asarray(self.value)).set_const_arg()

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _ConstTensor) and other.key == self.key


def arg_params(spec: tuple) -> tuple:
    """The Parameters passed as arguments (they join the compiled call's state)."""
    return tuple(x.param for x in spec[1] if isinstance(x, _ParamRef))


def _cyclic(tree: Any) -> bool:
    """Whether a list, tuple or dict in ``tree`` contains itself (walked without recursion:
    flattening one would exhaust Python's stack)."""
    stack: list[tuple[Any, frozenset]] = [(tree, frozenset())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, list | tuple | dict):
            if id(node) in path:
                return True
            path = path | {id(node)}
            stack.extend((v, path) for v in (node.values() if isinstance(node, dict) else node))
    return False


def split_args(args: tuple, kwargs: dict) -> tuple[list, tuple]:
    """Arrays to trace, and a hashable spec of everything else (the static part of the key)."""
    if _cyclic((args, kwargs)):
        raise RuntimeError(
            "Detect recursion when converting python object. An argument of a compiled "
            "function (GRAPH_MODE, jit) is a list, tuple or dict that contains itself; pass "
            "one without the cycle"
        )
    leaves, treedef = jax.tree_util.tree_flatten(
        (args, kwargs), is_leaf=lambda x: isinstance(x, Tensor)
    )
    dyn, static = [], []
    for x in leaves:
        if isinstance(x, Parameter):
            static.append(_ParamRef(x))
        elif isinstance(x, Tensor) and x.const_arg:
            static.append(_ConstTensor(np.asarray(x._data)))
        elif isinstance(x, Tensor):
            dyn.append(x._data)
            static.append(_TENSOR)
        elif isinstance(x, jax.Array | np.ndarray):
            dyn.append(x)
            static.append(_ARRAY)
        elif is_mutable_number(x):  # ms.mutable(3): a 0-d number variable, not a constant
            dyn.append(np.asarray(x, np.int64 if isinstance(x, int) else np.float32))
            static.append(_Number(int if isinstance(x, int) else float))
        else:
            static.append(x)
    return dyn, (treedef, tuple(static))


def merge_args(dyn: Sequence[Any], spec: tuple) -> tuple[tuple, dict]:
    treedef, static = spec
    it = iter(dyn)
    leaves = [
        Tensor._from(next(it))
        if s is _TENSOR
        else next(it)
        if s is _ARRAY
        else s.param
        if isinstance(s, _ParamRef)
        else s.variable(next(it))
        if isinstance(s, _Number)
        else s.tensor()
        if isinstance(s, _ConstTensor)
        else s
        for s in static
    ]
    return jax.tree_util.tree_unflatten(treedef, leaves)


def _dyn_tensors(args: tuple, kwargs: dict, spec: tuple) -> list:
    """The Tensors among the inputs, one per array of ``split_args``'s ``dyn`` (None where the
    array is not a Tensor's: a NumPy array, a ``mutable`` number)."""
    leaves = jax.tree_util.tree_leaves((args, kwargs), is_leaf=lambda x: isinstance(x, Tensor))
    return [
        x if isinstance(x, Tensor) else None
        for x, s in zip(leaves, spec[1], strict=True)
        if s is _TENSOR or s is _ARRAY or isinstance(s, _Number)
    ]


def _write_inputs(targets: Sequence[Any], written: Sequence[int], values: Sequence[Any]) -> None:
    """An in-place Tensor op (``x.add_(y)``, ``ops.assign(x, y)``) on an input of a compiled
    function changes the caller's Tensor, as in MindSpore 2.10's graph mode."""
    for i, value in zip(written, values, strict=True):
        if targets[i] is not None:
            targets[i]._data = value


def _split_out(out: Any) -> tuple[list, tuple]:
    """Outputs cross the jit boundary as arrays; other leaves (Python numbers, strings, None) are
    trace-time constants, kept in the layout and put back after the call (as MindSpore's graph
    mode returns them). A generator becomes a list, as MindSpore's graph mode makes it."""
    if isinstance(out, types.GeneratorType):
        out = list(out)
    leaves, treedef = jax.tree_util.tree_flatten(
        out, is_leaf=lambda x: isinstance(x, Tensor) or x is None
    )
    arrays, kinds = [], []
    for x in leaves:
        if isinstance(x, jax.Array | np.ndarray):
            arrays.append(x)
            kinds.append(_ARRAY)
        elif isinstance(x, Tensor):
            arrays.append(x._data)
            kinds.append(_TENSOR if x._ds_number is None else _Number(x._ds_number))
        else:
            if callable(x) and not isinstance(x, type) and not functional.capturing():
                raise RuntimeError(
                    "Function in output is not supported. Please check your code. A compiled "
                    f"function (GRAPH_MODE, jit) returns Tensors, numbers, strings, types and "
                    f"containers of them, but this one returns {x!r}; call it inside the "
                    "function, or return what it is called with"
                )
            kinds.append(graph_number(x))
    orders: list = []
    _dict_orders(out, orders)
    return arrays, (treedef, tuple(kinds), tuple(orders))


def graph_number(x: Any) -> Any:
    """A constant a compiled function returns, as MindSpore's graph returns it: a numpy scalar
    as a Python number, a float with float32 precision (graph mode's float is 32-bit:
    ``float(-123.6)`` comes back -123.5999984741211)."""
    if isinstance(x, np.generic):
        x = x.item()
    if type(x) is float:
        return float(np.float32(x))
    return x


def _graph_numbers(tree: Any) -> Any:
    if type(tree) in (list, tuple):
        return type(tree)(_graph_numbers(v) for v in tree)
    if type(tree) is dict:
        return {k: _graph_numbers(v) for k, v in tree.items()}
    return graph_number(tree)


def _dict_orders(tree: Any, acc: list) -> None:
    """Each dict's key order (JAX's trees sort dict keys; MindSpore returns them in order)."""
    if type(tree) is dict:
        acc.append(tuple(tree))
        for v in tree.values():
            _dict_orders(v, acc)
    elif isinstance(tree, list | tuple):
        for v in tree:
            _dict_orders(v, acc)


def _reorder(tree: Any, orders: Any) -> Any:
    if type(tree) is dict:
        order = next(orders)
        return {k: _reorder(tree[k], orders) for k in order}
    if type(tree) in (list, tuple):
        return type(tree)(_reorder(v, orders) for v in tree)
    if isinstance(tree, tuple) and hasattr(tree, "_fields"):  # a namedtuple
        return type(tree)(*(_reorder(v, orders) for v in tree))
    return tree


def _join_out(arrays: Sequence[Any], layout: tuple, hosts: list | None = None) -> Any:
    """The output of a run from its arrays; ``hosts``: the caller's lists and dicts among the
    inputs (``writeback.containers``), which outputs marked as theirs are."""
    treedef, kinds, orders = layout
    it = iter(arrays)
    leaves = [
        Tensor._from(next(it))
        if k is _TENSOR
        else next(it)
        if k is _ARRAY
        else k.kind(np.asarray(next(it)).item())
        if isinstance(k, _Number)
        else k
        for k in kinds
    ]
    out = jax.tree_util.tree_unflatten(treedef, leaves)
    out = control_flow.resolve(_reorder(out, iter(orders)) if orders else out)
    return writeback.resolve(out, hosts)


def _signature(dyn: Sequence[Any], spec: tuple) -> tuple:
    return spec, tuple([(x.shape, x.dtype) for x in dyn])


def commit_state(boxes: Sequence[Any]) -> None:
    """Put the state on the context's device, committed, before a new program's first run: a
    program whose inputs mix committed arrays (e.g. made from an RNG key a sink committed) and
    uncommitted ones (numpy zeros) returns committed arrays, and the next call would compile the
    same program again for them."""
    dev = context.device()
    for b in boxes:
        v = b._value
        if isinstance(v, np.ndarray) or (
            isinstance(v, jax.Array) and not isinstance(v, jax.core.Tracer) and not v.committed
        ):
            b._value = jax.device_put(v, dev)


def _escape_error(escaped: list) -> ValueError:
    names = [getattr(b, "name", "?") for b, _ in escaped]
    return ValueError(
        f"Parameters {names} were assigned inside a compiled call but are not part of its state "
        "(they belong to no Cell being compiled); make them attributes of the Cell that writes them"
    )


@dataclass
class _Entry:
    boxes: tuple
    jitted: Callable
    version: int
    tree: tuple = ()  # a Cell's program: its sub-Cells by name (``_cell_tree``) when compiled


def _cell_tree(cell: Any) -> tuple:
    """``cell`` and its sub-Cells with their names and counts of structure changes: with the
    same state boxes, the same tree traces to the same program (the entry keeps the Cells alive,
    so an identity cannot be reused)."""
    return tuple((n, c, functional.cell_changes(c)) for n, c in cell.cells_and_names())


def _cell_boxes(cell: Any, extra: tuple) -> tuple:
    """The state of ``cell``'s program: its own boxes, then the Parameters passed as arguments."""
    own = state_of(cell)
    return own + tuple(p for p in extra if all(p is not b for b in own))


def _still_valid(entry: _Entry, cell: Any, extra: tuple) -> bool:
    """Whether ``entry``, compiled before the structure version moved on (a Cell somewhere
    gained a Parameter or child: an optimizer or a training wrapper built after a first call),
    still holds ``cell``'s program: the same sub-Cells under the same names and the same state."""
    tree = _cell_tree(cell)
    if len(tree) != len(entry.tree) or any(
        n != m or c is not d or k != j
        for (n, c, k), (m, d, j) in zip(tree, entry.tree, strict=True)
    ):
        return False
    boxes = _cell_boxes(cell, extra)
    return len(boxes) == len(entry.boxes) and all(a is b for a, b in zip(boxes, entry.boxes))


def program_name(obj: Any) -> str:
    """A compiled program's name in ``save_graphs`` files: the Cell's class (with the innermost
    wrapped network, e.g. ``TrainOneStepCell_LeNet5``) or the function's name."""
    name = type(obj).__name__ if hasattr(obj, "construct") else getattr(obj, "__name__", "fn")
    inner = obj
    for _ in range(8):
        nxt = getattr(inner, "network", None) or getattr(inner, "_backbone", None)
        if nxt is None or not hasattr(nxt, "construct"):
            break
        inner = nxt
    return name if inner is obj else f"{name}_{type(inner).__name__}"


class _Unlisted(Exception):
    """The trace of a program whose state was guessed read or wrote state outside the guess."""

    def __init__(self, boxes: list) -> None:
        super().__init__(boxes)
        self.boxes = boxes


def _finish(
    layout: tuple, arrays: Any, extra: Any, inputs: Any, targets: Any, hosts: list | None
) -> Any:
    """After a run: the containers outside the call and the caller's in-place changed inputs
    (Tensors, lists, dicts) receive the run's values; the output is put together."""
    out_layout, slots, extra_layout, changed, refilled = layout
    written, refills = _join_out(extra, extra_layout, hosts)
    for slot, value in zip(slots, written, strict=True):
        slot.write(value)
    if hosts is not None:
        for i, contents in zip(refilled, refills, strict=True):
            writeback.refill(hosts[i], contents)
    if targets is not None:
        _write_inputs(targets, changed, inputs)
    return _join_out(arrays, out_layout, hosts)


def _compile(fn: Callable, boxes: tuple, name: str, guessed: bool = False) -> Callable:
    """The compiled call of ``fn`` over the state ``boxes``; ``guessed``: ``boxes`` may miss
    some of the state ``fn`` touches, which then raises ``_Unlisted`` at the trace."""
    unlisted: list | None = [] if guessed else None
    f = functional.pure(fn, boxes, unlisted)

    layouts: dict[tuple, tuple] = {}

    def run(state, dyn, spec):
        plan = semi_auto.active()
        if plan is not None and semi_auto.top_level():  # the network's inputs: dataset_strategy
            leaves, tree = jax.tree_util.tree_flatten(dyn)
            dyn = jax.tree_util.tree_unflatten(tree, semi_auto.dataset_inputs(leaves, plan))
        args, kwargs = merge_args(dyn, spec)
        inputs = _dyn_tensors(args, kwargs, spec)
        before = [t._data if t is not None else None for t in inputs]
        # the caller's lists and dicts: those returned come back as the same objects, and the
        # ones changed in place are changed for the caller (compile_config's
        # FALLBACK_SUPPORT_LIST_DICT_INPLACE)
        hosts = writeback.Hosts((args, kwargs), compile_config.list_dict_inplace())
        # the containers outside the call that it writes computed values into (a global dict,
        # an attribute of self): their new values are outputs too, written back after each run
        with writeback.recording(fn, args, kwargs) as written:
            with hosts.active():
                out, new_state, escaped = f(state, *args, **kwargs)
            if unlisted or (guessed and escaped):
                missed = [*unlisted, *(b for b, _ in escaped)]  # type: ignore[misc]
                raise _Unlisted(list({id(b): b for b in missed}.values()))
            if escaped:
                raise _escape_error(escaped)
            arrays, layout = _split_out(hosts.mark(out))
            if plan is not None and semi_auto.top_level():
                arrays = semi_auto.whole_results(arrays, plan)
            refills = hosts.changed()
            hosts.keep_roots()
        extra, extra_layout = _split_out(
            hosts.mark([[v for _, v in written], [v for _, v in refills]])
        )
        # the input Tensors an in-place op wrote: their new values are outputs too
        changed = [i for i, t in enumerate(inputs) if t is not None and t._data is not before[i]]
        layouts[_signature(dyn, spec)] = (
            layout,
            [s for s, _ in written],
            extra_layout,
            changed,
            [i for i, _ in refills],
        )
        return (arrays, extra, [inputs[i]._data for i in changed]), new_state

    jitted = spmd.per_rank(run, static_argnums=(2,), name=name)

    def call(state, dyn, spec, targets=None, hosts=None):
        """Runs the program; ``targets`` (``_dyn_tensors``): the caller's input Tensors, which
        receive what in-place ops wrote into them; ``hosts`` (``writeback.containers``): the
        caller's lists and dicts among the inputs."""
        plan = semi_auto.active()
        if plan is not None and not spmd.in_program():  # several processes: their batch parts
            dyn = semi_auto.assemble_inputs(dyn, plan)
        (arrays, extra, inputs), new_state = jitted(state, dyn, spec)
        return _finish(layouts[_signature(dyn, spec)], arrays, extra, inputs, targets, hosts), (
            new_state
        )

    out_axes: dict[tuple, list] = {}  # per padded signature and plan: each output's padded axes

    def run_padded(state, dyn, spec, lens, plan):
        leaves, tree = jax.tree_util.tree_flatten((state, dyn))
        axes = [{}] * (len(leaves) - len(dyn)) + [dict(p) for p in plan.axes]

        def unflat(*xs):
            return run(*jax.tree_util.tree_unflatten(tree, xs), spec)

        out, axes = padded_program.evaluate(unflat, leaves, axes, plan, lens)
        n_state = len(jax.tree_util.tree_leaves(out[1]))
        if any(axes[len(axes) - n_state :]):
            raise padded_program.PaddingError(
                f"For '{name}', a Parameter's new value has a shape that follows the padded "
                "extent of an input set_inputs declares dynamic; it cannot be one program per "
                "bucket (docs/dynamic_shapes.md)"
            )
        out_axes[_signature(dyn, spec), plan] = axes[: len(axes) - n_state]
        return out

    jitted_padded = spmd.per_rank(run_padded, static_argnums=(2, 4), name=name)

    def call_padded(state, dyn, spec, targets, plan, lens, hosts=None):
        """``call`` for ``dyn`` padded by ``plan`` (``buckets.Plan``) from the true ``lens``:
        one program per bucket; outputs cut back to the true lengths."""
        ((arrays, extra, inputs), new_state) = jitted_padded(state, dyn, spec, lens, plan)
        flat, tree = jax.tree_util.tree_flatten((arrays, extra, inputs))
        axes = out_axes[_signature(dyn, spec), plan]
        flat = [padded_program.unpad(x, ax, lens) for x, ax in zip(flat, axes, strict=True)]
        arrays, extra, inputs = jax.tree_util.tree_unflatten(tree, flat)
        layout = layouts[_signature(dyn, spec)]
        return _finish(layout, arrays, extra, inputs, targets, hosts), new_state

    call.precompile = jitted.precompile  # type: ignore[attr-defined]
    call.padded = call_padded  # type: ignore[attr-defined]
    return call


_LEVELS = {"STRICT": 0, "COMPATIBLE": 1, "LAX": 2}


def syntax_level(cell: Any = None, fullgraph: bool = False) -> int:
    """MindSpore 2.10's ``jit_syntax_level`` for one compile (0 STRICT, 1 COMPATIBLE, 2 LAX):
    the environment variable ``MS_DEV_JIT_SYNTAX_LEVEL`` first; then, for a Cell, its
    ``JitConfig``'s, then ``set_context``'s; for a ``jit`` function, STRICT with
    ``fullgraph=True`` and LAX without (2.10's jit does not read the context's level)."""
    raw = os.environ.get("MS_DEV_JIT_SYNTAX_LEVEL", "")
    if raw:
        if raw not in ("0", "1", "2"):
            raise ValueError(
                "The environment variable 'MS_DEV_JIT_SYNTAX_LEVEL' must be '0' (STRICT), '1' "
                f"(COMPATIBLE) or '2' (LAX), but got {raw!r}."
            )
        return int(raw)
    if cell is None:
        return 0 if fullgraph else 2
    configured = cell.__dict__.get("_jit_config_dict", {}).get("jit_syntax_level", "")
    return _LEVELS[configured] if configured else context.get_context("jit_syntax_level")


def _no_fallback(error: Exception) -> Exception:
    """What a STRICT or COMPATIBLE compile raises where LAX would run Python at run time (its
    JIT Fallback): 2.10's AttributeError for ``asnumpy``; the host-read error otherwise."""
    if isinstance(error, HostReadError) and getattr(error, "what", "") == ".asnumpy()":
        dtype = getattr(error, "dtype", None)
        return AttributeError(
            "In JIT strict mode, cannot get attributes asnumpy or the "
            f"{'Tensor' if dtype is None else f'Tensor[{dtype}]'} object has no attribute: "
            "'asnumpy'. You can use os.environ['MS_DEV_JIT_SYNTAX_LEVEL'] = '2' to enable the "
            "JIT lax mode to support the current syntax."
        )
    return error


def strict_out(tree: Any) -> Any:
    """A STRICT program's output: a dict comes back as the tuple of its values (2.10's static
    graph syntax has no dict output)."""
    if type(tree) is dict:
        return tuple(strict_out(v) for v in tree.values())
    if type(tree) in (list, tuple):
        return type(tree)(strict_out(v) for v in tree)
    return tree


def _eager_call(cell: Any, args: tuple, kwargs: dict) -> Any:
    """Run ``cell`` op by op (as in PYNATIVE_MODE), whatever the context mode."""
    with context.mode_scope(context.PYNATIVE_MODE), functional.graph_fallback():
        return cell(*args, **kwargs)


def _cell_entry(cell: Any, spec: tuple, args: tuple = (), kwargs: dict | None = None) -> _Entry:
    """The compiled program of ``cell`` for the non-Tensor inputs in ``spec`` (a Python number
    argument is a constant: each value its own program); a Cell keeps its ``MAX_PROGRAMS``
    most recently used ones, with a warning naming the argument that makes new ones."""
    extra = arg_params(spec)
    key = (cell.training, context.compile_key(), tuple(id(p) for p in extra), spec)
    cache = cell._compile_cache
    entry = cache.pop(key, None)
    version = functional.structure_version()
    if entry is not None and entry.version != version and _still_valid(entry, cell, extra):
        entry.version = version
    if entry is None or entry.version != version:
        boxes = _cell_boxes(cell, extra)
        entry = _Entry(
            boxes,
            _compile(lambda *a, **k: cell(*a, **k), boxes, program_name(cell)),
            version,
            _cell_tree(cell),
        )
        commit_state(boxes)
        recompiles = cell.__dict__.get("_recompiles")
        if recompiles is None:
            recompiles = cell.__dict__["_recompiles"] = _Recompiles(cell.construct)
        recompiles.note(args, kwargs or {}, min(len(cache) + 1, MAX_PROGRAMS))
    cache[key] = entry  # the most recently used last
    while len(cache) > MAX_PROGRAMS:
        cache.pop(next(iter(cache)))
    return entry


def _bucket_plan(cell: Any, args: tuple, dyn: list) -> Any:
    """The padding of a call's inputs to their buckets (``buckets.Plan``) when ``cell``'s
    ``set_inputs`` declares dynamic dimensions; None otherwise, or when the declared inputs are
    not the call's Tensor arguments."""
    declared = buckets.declared_inputs(cell)
    if not declared or len(args) < len(declared):
        return None
    if not all(isinstance(a, Tensor) and a._data is d for a, d in zip(args, dyn)):
        return None
    return buckets.plan_for(declared, dyn)


def graph_inputs(cell: Any) -> list[jax.ShapeDtypeStruct] | None:
    """The Tensor inputs (shapes and dtypes) of ``cell``'s first GRAPH_MODE program, or None when
    it was never called in GRAPH_MODE."""
    compiles = cell.__dict__.get("_shape_compiles")
    if compiles is None or not compiles.seen:
        return None
    first = next(iter(compiles.seen))
    return [jax.ShapeDtypeStruct(k[0], k[1]) for k in first if isinstance(k, tuple)]


def call_cell(cell: Any, args: tuple, kwargs: dict) -> Any:
    """A GRAPH_MODE call of ``cell``: compile once per signature, run, write the state back.

    A Cell whose construct uses an op with a value-dependent output shape (``ops.unique``...)
    or reads an input's value on the host (``int(x)``, ``bool(x)``, ``x.asnumpy()``) cannot
    become one XLA program; like MindSpore, which runs such graphs with dynamic shapes and its
    JIT Fallback, it still runs: op by op, with a warning once per Cell.
    """
    level = syntax_level(cell)
    out = _call_cell(cell, args, kwargs, level)
    return strict_out(out) if level == 0 else out


def _call_cell(cell: Any, args: tuple, kwargs: dict, level: int) -> Any:
    if cell.__dict__.get("_value_dependent"):
        return _eager_call(cell, args, kwargs)
    declared = cell.__dict__.get("_set_inputs")
    if declared:
        dynamic_shapes.check_inputs(declared, args)
    dyn, spec = split_args(args, kwargs)
    plan = _bucket_plan(cell, args, dyn)
    entry = _cell_entry(cell, spec, args, kwargs)
    compiles = cell.__dict__.get("_shape_compiles")
    if compiles is None:
        compiles = cell.__dict__["_shape_compiles"] = dynamic_shapes.ShapeCompiles(
            type(cell).__name__
        )
    targets = _dyn_tensors(args, kwargs, spec)
    hosts = writeback.containers((args, kwargs))
    state = functional.values(entry.boxes)
    try:
        if plan is None:
            compiles.note(dyn, declared=bool(declared))
            out, new_state = entry.jitted(state, dyn, spec, targets, hosts)
        else:
            lens = buckets.lengths(plan, dyn)
            dyn = buckets.pad(plan, dyn)
            compiles.note(dyn, declared=True, extra=plan)
            out, new_state = entry.jitted.padded(state, dyn, spec, targets, plan, lens, hosts)
    except (ValueDependentShapeError, HostReadError) as e:
        # MindSpore's JIT Fallback runs what a graph cannot hold (a host read of an input's
        # value: int(x), bool(x), x.asnumpy(); a value-dependent shape) at run time; a construct
        # whose source cannot be read and converted cannot be compiled by MindSpore either
        if isinstance(e, HostReadError) and "is not converted to graph control flow" in str(e):
            raise
        if level != 2:  # STRICT and COMPATIBLE have no run-time Python
            raise _no_fallback(e) from None
        cell.__dict__["_value_dependent"] = True
        why = str(e).split(". ")[0] if isinstance(e, HostReadError) else e
        warnings.warn(
            f"For '{type(cell).__name__}', GRAPH_MODE runs this Cell op by op: {why}",
            stacklevel=3,
        )
        return _eager_call(cell, args, kwargs)
    functional.update(entry.boxes, new_state)
    _checks.poll()
    return out


def compile_cell(cell: Any, args: tuple, kwargs: dict) -> None:
    """``Cell.compile(*args)``: compile the GRAPH_MODE program for these inputs without running
    it (no output, the Parameters unchanged); the next call with inputs of the same signature
    runs it without compiling again."""
    dyn, spec = split_args(args, kwargs)
    entry = _cell_entry(cell, spec, args, kwargs)
    entry.jitted.precompile(functional.values(entry.boxes), dyn, spec)


_CAPTURE_MODES = ["ast", "bytecode", "trace"]
_JIT_OPTIONS = ("disable_format_transform", "exec_order", "infer_boost", "auto_offload")


def _check_jit_args(
    capture_mode: Any, jit_level: Any, dynamic: Any, fullgraph: Any, backend: Any, options: dict
) -> None:
    """MindSpore 2.10's checks of ``jit``'s arguments, and a one-time warning for each value
    that changes nothing here."""
    if not isinstance(capture_mode, str) or capture_mode not in _CAPTURE_MODES:
        raise ValueError(
            f"For 'jit', the 'capture_mode' must be str and must be in '{_CAPTURE_MODES}', "
            f"but got {capture_mode!r}."
        )
    if not isinstance(jit_level, str) or jit_level not in ("O0", "O1"):
        raise ValueError(
            f"For 'jit', the 'jit_level' must be str and must be in '['O0', 'O1']', but got "
            f"{jit_level!r}."
        )
    if isinstance(dynamic, bool) or dynamic not in (0, 1):
        raise ValueError(
            f"For 'jit', the 'dynamic' must be in range of [0, 1], but got {dynamic!r} with type "
            f"'{type(dynamic).__name__}'."
        )
    if not isinstance(fullgraph, bool):
        raise TypeError(
            f"For 'jit', the 'fullgraph' must be a bool, but got {type(fullgraph).__name__}."
        )
    if backend not in ("", "ms_backend", "GE"):
        raise ValueError(
            f"For 'jit', the 'backend' must be '', 'ms_backend' or 'GE', but got {backend!r}."
        )
    if capture_mode == "bytecode":
        warn_no_effect(
            "jit",
            "capture_mode",
            capture_mode,
            "functions are compiled from their source ('ast') either way",
        )
    if jit_level == "O1":
        warn_no_effect(
            "jit",
            "jit_level",
            jit_level,
            "every program is compiled by XLA with its full optimization pipeline",
        )
    if dynamic == 1:
        warn_no_effect(
            "jit",
            "dynamic",
            dynamic,
            "a program is compiled per input shape and cached, as with dynamic=0",
        )
    if backend == "GE":
        warn_no_effect("jit", "backend", backend, "GE is Ascend's graph engine; XLA compiles here")
    for k, v in options.items():
        why = (
            "an Ascend/GPU option of MindSpore's backend"
            if k in _JIT_OPTIONS
            else ("not an option of MindSpore 2.10's jit")
        )
        warn_no_effect("jit", k, v, why)


def jit(
    function: Callable | None = None,
    *,
    capture_mode: str = "ast",
    jit_level: str = "O0",
    dynamic: int = 0,
    fullgraph: bool = False,
    backend: str = "",
    **options: Any,
) -> Callable:
    """MindSpore 2.10 ``jit``: compile a function (or a Cell) whatever the context mode.

    ``capture_mode="ast"`` (and ``"bytecode"``) compile the function from its source as
    MindSpore does: Python control flow on Tensors becomes graph control flow
    (``_compile/graph_syntax.py``); ``"trace"`` runs the Python once per input signature and
    records the ops (a Tensor condition is then an error). ``fullgraph=True`` makes a function
    that cannot become one program (an op with a value-dependent output shape) an error instead
    of running op by op. The state the function touches (Parameters of the Cells it calls,
    optimizer moments, the RNG key) is found by tracing it abstractly once per signature, then
    threaded through the compiled call.

    Args:
        function (Callable, optional): the function or Cell method; without it ``jit(...)`` returns a
            decorator. Default: ``None``.
        capture_mode (str): ``'ast'`` or ``'bytecode'`` (compile from the source, Python control flow
            on Tensors becomes graph control flow) or ``'trace'``. Default: ``'ast'``.
        jit_level (str): MindSpore's compiler level; XLA has one pipeline. Default: ``'O0'``.
        dynamic (int): MindSpore's dynamic-shape switch; programs are cached per shape. Default: ``0``.
        fullgraph (bool): make a function that cannot be one program an error. Default: ``False``.
        backend (str): MindSpore's backend name. Default: ``''``.
        options (Any): other MindSpore options.

    Returns:
        Callable, the compiled function (or a decorator).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> @ms.jit
        ... def f(x, y):
        ...     return ops.relu(x) * y + 1
        >>> print(f(ms.Tensor(np.array([-1.0, 2.0], np.float32)), ms.Tensor(3.0)))
        [1. 7.]
    """
    _check_jit_args(capture_mode, jit_level, dynamic, fullgraph, backend, options)
    if function is None:
        return functools.partial(
            jit,
            capture_mode=capture_mode,
            jit_level=jit_level,
            dynamic=dynamic,
            fullgraph=fullgraph,
            backend=backend,
            **options,
        )
    fn = function
    if hasattr(fn, "construct") and hasattr(fn, "get_parameters"):
        cell = fn
        return api_boundary(lambda *a, **k: call_cell(cell, a, k))
    if capture_mode == "trace":
        fn = graph_syntax.traced_only(fn)
    entries = CompileCache(MAX_PROGRAMS)  # the most recent programs, one per signature
    recompiles = _Recompiles(fn)
    shape_compiles = dynamic_shapes.ShapeCompiles(getattr(fn, "__name__", "function"))
    value_dependent: list[bool] = []  # set once fn meets an op with a value-dependent shape

    @api_boundary
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if functional.tracing():
            return graph_syntax.compiled(fn)(*args, **kwargs)
        level = syntax_level(fullgraph=fullgraph)
        out = call_at_level(args, kwargs, level)
        return strict_out(out) if level == 0 else out

    def call_at_level(args: tuple, kwargs: dict, level: int) -> Any:
        if value_dependent:
            return run_eagerly(args, kwargs)
        try:
            return compiled_call(args, kwargs)
        except (ValueDependentShapeError, HostReadError) as e:
            # MindSpore's JIT Fallback runs the Python a graph cannot hold (a host read of a
            # Tensor's value, an op with a value-dependent shape) at run time (jit_syntax_level
            # LAX); here the whole function then runs op by op, still converted (MindSpore's
            # builtins' graph rules)
            if level != 2:
                raise _no_fallback(e) from None
            if isinstance(e, HostReadError) and capture_mode == "trace":
                raise
            value_dependent.append(True)
            warnings.warn(
                f"For 'jit', '{getattr(fn, '__name__', fn)}' runs op by op: "
                f"{str(e).split('. ')[0] if isinstance(e, HostReadError) else e}",
                stacklevel=2,
            )
            return run_eagerly(args, kwargs)

    def run_eagerly(args: tuple, kwargs: dict) -> Any:
        if capture_mode == "trace":
            return fn(*args, **kwargs)
        with functional.graph_fallback():
            return _graph_numbers(graph_syntax.convert(fn)(*args, **kwargs))

    run = lambda *a, **k: graph_syntax.compiled(fn)(*a, **k)  # noqa: E731

    def compiled_call(args: tuple, kwargs: dict) -> Any:
        dyn, spec = split_args(args, kwargs)
        shape_compiles.note(dyn)
        sig = (spec, tuple((tuple(x.shape), x.dtype) for x in dyn), context.compile_key())
        entry = entries.peek(sig)
        targets = _dyn_tensors(args, kwargs, spec)
        hosts = writeback.containers((args, kwargs))
        if entry is None or entry.version != functional.structure_version():
            # the state fn touches (Parameters, optimizer moments, the RNG key) is guessed from
            # what its globals, closure and arguments reach, and the program traced once: the
            # user's Python runs once per compile (docs/graph_mode.md). State the trace meets
            # outside the guess (reached only through a module, say) is added and it traces
            # again; past a few rounds the state is found by an abstract trace first.
            boxes = _state_guess(fn, spec)
            for _ in range(3):
                entry = _Entry(
                    boxes,
                    _compile(run, boxes, program_name(fn), guessed=True),
                    functional.structure_version(),
                )
                commit_state(boxes)
                try:
                    out, new_state = entry.jitted(
                        functional.values(boxes), dyn, spec, targets, hosts
                    )
                except _Unlisted as e:
                    boxes = (*boxes, *e.boxes)
                    continue
                entries.put(sig, entry)
                recompiles.note(args, kwargs, len(entries))
                functional.update(entry.boxes, new_state)
                _checks.poll()
                return out
            entry = _discovered_entry(spec, dyn)
            entries.put(sig, entry)
            recompiles.note(args, kwargs, len(entries))
        out, new_state = entry.jitted(functional.values(entry.boxes), dyn, spec, targets, hosts)
        functional.update(entry.boxes, new_state)
        _checks.poll()
        return out

    def _discovered_entry(spec: tuple, dyn: list) -> _Entry:
        _random.KEY.ensure()

        def traced(d: Sequence[Any], spec: tuple = spec) -> Any:
            a, k = merge_args(d, spec)
            out = graph_syntax.compiled(fn)(*a, **k)
            return list(out) if isinstance(out, types.GeneratorType) else out

        # containers the abstract trace writes into get their contents back
        with writeback.recording(fn, dyn):
            boxes = functional.discover(traced, dyn)
        entry = _Entry(
            boxes, _compile(run, boxes, program_name(fn)), functional.structure_version()
        )
        commit_state(boxes)
        return entry

    return wrapper


MAX_PROGRAMS = 32  # the programs a jit function keeps (the least recently used dropped)


class _Recompiles:
    """The compiles of one jit function: past ``MAX_PROGRAMS`` the oldest programs are dropped,
    and a warning (once) names the arguments whose values made the new programs: a Python
    number argument is a compile-time constant (as in MindSpore 2.10, where ``mutable`` makes
    it a run-time input), so every new value compiles a program. Programs for new input shapes
    are named by ``dynamic_shapes.ShapeCompiles`` instead."""

    def __init__(self, fn: Callable) -> None:
        self.fn = fn
        self.count = 0
        self.warned = False
        self.seen: dict[str, set] = {}

    def note(self, args: tuple, kwargs: dict, kept: int) -> None:
        self.count += 1
        if self.warned:
            return
        for name, value in self._named(args, kwargs):
            try:
                key = split_args((value,), {})[1]
                hash(key)
            except TypeError:
                continue
            self.seen.setdefault(name, set()).add(key)
        if self.count <= MAX_PROGRAMS:
            return
        varying = [n for n, keys in self.seen.items() if len(keys) > 1]
        if not varying:  # new input shapes: dynamic_shapes.ShapeCompiles names them
            return
        self.warned = True
        self.seen.clear()
        fname = getattr(self.fn, "__name__", "function")
        which = ", ".join(f"'{n}'" for n in varying)
        why = (
            f"a new one for each new value of {which}: a Python number (or other "
            "non-Tensor) argument is a compile-time constant, as in MindSpore 2.10"
        )
        fix = (
            "Pass it as a Tensor, or wrap it in mindspore.mutable(...), to compile one "
            "program for every value"
        )
        warnings.warn(
            f"For 'jit', '{fname}' has compiled {self.count} programs, {why}. Only the {kept} "
            f"most recently used programs are kept. {fix}",
            stacklevel=5,
        )

    def _named(self, args: tuple, kwargs: dict) -> list[tuple[str, Any]]:
        try:
            bound = inspect.signature(self.fn).bind(*args, **kwargs)
        except (TypeError, ValueError):
            return [(f"argument {i}", a) for i, a in enumerate(args)] + list(kwargs.items())
        return list(bound.arguments.items())


_GUESS_LIMIT = 20000  # objects visited while guessing a function's state


def _state_guess(fn: Any, spec: tuple) -> tuple:
    """The state boxes that ``fn`` can reach without running it: the Parameters (and other
    boxes) held by what its closure, defaults, the globals it names, its bound object and its
    Parameter arguments reach, through containers, object attributes and the closures (and, for
    user functions, the named globals) of the functions found; then the RNG key, the checks and
    the registered global boxes (as ``state_of``). A box missed here is found by the trace."""
    _random.KEY.ensure()
    _checks.CHECKS.ensure()
    found: dict[int, Any] = {id(p): p for p in arg_params(spec)}
    seen: set[int] = set()
    # fn, and the non-Tensor arguments (``self`` of a jit method)
    stack: list = [
        fn,
        *(
            x
            for x in spec[1]
            if x is not _TENSOR and x is not _ARRAY and not isinstance(x, _ParamRef | _Number)
        ),
    ]
    while stack and len(seen) < _GUESS_LIMIT:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, _OPAQUE):
            continue
        seen.add(id(obj))
        if isinstance(obj, functional.StateBox):
            found.setdefault(id(obj), obj)
            continue
        if isinstance(
            obj, Tensor | jax.Array | np.ndarray | np.generic | CompileCache | _Entry | _Recompiles
        ):
            continue  # (compiled programs: their state is what their owner's attributes hold)
        if isinstance(obj, types.MethodType):
            stack += [obj.__self__, obj.__func__]
        elif isinstance(obj, types.FunctionType):
            stack += _function_refs(obj)
        elif isinstance(obj, dict):
            stack += list(obj.values())
        elif isinstance(obj, list | tuple | set | frozenset):
            stack += list(obj)
        elif isinstance(obj, functools.partial):
            stack += [obj.func, *obj.args, *obj.keywords.values()]
        else:
            d = getattr(obj, "__dict__", None)
            if isinstance(d, dict):
                # a Cell's compiled programs hold nothing of its state that its attributes don't
                stack += [v for k, v in d.items() if k != "_compile_cache"]
    extra = (_random.KEY, _checks.CHECKS, *_random.extra_boxes())
    return (*(b for b in found.values() if all(b is not e for e in extra)), *extra)


_OPAQUE = (
    types.ModuleType,
    type,
    types.BuiltinFunctionType,
    str,
    bytes,
    int,
    float,
    bool,
    complex,
    type(None),
    types.CodeType,
)


def _function_refs(fn: types.FunctionType) -> list:
    """What a function refers to: its closure, defaults, ``__wrapped__`` and, for a user
    function, the module globals its code (and its nested functions' code) names."""
    out: list = []
    for c in fn.__closure__ or ():
        try:
            out.append(c.cell_contents)
        except ValueError:  # an empty cell
            pass
    out += list(fn.__defaults__ or ()) + list((fn.__kwdefaults__ or {}).values())
    wrapped = getattr(fn, "__wrapped__", None)
    if wrapped is not None:
        out.append(wrapped)
    if graph_syntax.is_user_function(fn):
        g = fn.__globals__
        codes = [fn.__code__]
        while codes:
            code = codes.pop()
            out += [g[n] for n in code.co_names if n in g]
            codes += [c for c in code.co_consts if isinstance(c, types.CodeType)]
    return out


class CompileCache:
    """Compiled programs keyed by what determines them, the least recently used dropped past
    ``capacity`` (with their executables): a long run of ``Model.train`` calls over datasets that
    differ in ways that matter keeps a bounded set of programs, and identical calls reuse one."""

    def __init__(self, capacity: int = 8) -> None:
        self.capacity = capacity
        self._entries: dict[Any, Any] = {}
        self.misses = 0

    def get(self, key: Any, build: Callable[[], Any]) -> Any:
        value = self._entries.pop(key, None)
        if value is None:
            self.misses += 1
            value = build()
            while len(self._entries) >= self.capacity:
                self._entries.pop(next(iter(self._entries)))
        self._entries[key] = value  # most recent last
        return value

    def put(self, key: Any, value: Any) -> None:
        """Store ``value`` under ``key`` (replacing what was there), as the most recent."""
        self._entries.pop(key, None)
        while len(self._entries) >= self.capacity:
            self._entries.pop(next(iter(self._entries)))
        self._entries[key] = value

    def peek(self, key: Any) -> Any:
        """The value under ``key`` (None if absent), marked most recently used."""
        value = self._entries.pop(key, None)
        if value is not None:
            self._entries[key] = value
        return value

    def __len__(self) -> int:
        return len(self._entries)

    def values(self) -> list[Any]:
        """The cached programs, least recently used first (for inspection and tests)."""
        return list(self._entries.values())


def fingerprint(value: Any, _depth: int = 0) -> Any:
    """A hashable value that is equal for equal configurations (plain data, arrays, lists, dicts and
    objects made of them); anything else by identity, so a fingerprint never matches wrongly."""
    if value is None or isinstance(value, bool | int | float | str | bytes | complex):
        return (type(value).__name__, value)
    if isinstance(value, np.ndarray | np.generic):
        a = np.asarray(value)
        return ("ndarray", a.dtype.str, a.shape, hashlib.sha1(a.tobytes()).hexdigest())
    if isinstance(value, np.dtype):
        return ("dtype", value.str)
    if _depth > 8:
        return ("id", id(value))
    if isinstance(value, list | tuple):
        return (type(value).__name__, tuple(fingerprint(v, _depth + 1) for v in value))
    if isinstance(value, dict):
        items = tuple(
            (fingerprint(k, _depth + 1), fingerprint(v, _depth + 1)) for k, v in value.items()
        )
        return ("dict", items)
    if isinstance(value, enum.Enum | type):
        return ("const", value)
    if hasattr(value, "__dict__") and not callable(value) or hasattr(value, "jax_fn"):
        cls = type(value)
        return (cls.__module__, cls.__qualname__, fingerprint(vars(value), _depth + 1))
    return ("id", id(value))


def jit_class(cls: Any) -> Any:
    """MindSpore's ``jit_class``: mark a user class whose objects compiled code may use.

    Compiled code here reads any object's attributes and converts any user method it calls
    (``_compile/graph_syntax.py``), so the mark changes nothing about how the class runs; the
    decorator keeps MindSpore's checks (a class, not a Cell) and sets ``__ms_class__``.

    Args:
        cls (type): the class.

    Returns:
        type, the same class, marked.

    Examples:
        >>> import deepsink as ms
        >>> @ms.jit_class
        ... class Scale:
        ...     def __init__(self, k):
        ...         self.k = k
        ...     def apply(self, x):
        ...         return x * self.k
        >>> s = Scale(3.0)
        >>> @ms.jit
        ... def f(x):
        ...     return s.apply(x)
        >>> print(f(ms.Tensor(2.0)))
        6.0
    """
    if not isinstance(cls, type):
        raise TypeError(f"Decorator jit_class can only be used for class type, but got {cls}.")
    if any(c.__name__ == "Cell" and c.__module__.startswith("deepsink.nn") for c in cls.__mro__):
        raise TypeError(
            f"Decorator jit_class is used for user-defined classes and cannot be used for "
            f"nn.Cell: {cls}."
        )
    cls.__ms_class__ = True
    return cls
