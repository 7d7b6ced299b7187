"""PyNative capture: a PYNATIVE_MODE call compiled once per signature, with guards and an eager
fallback, so the quickstart's custom loop (``grad_fn(data, label)`` then ``optimizer(grads)``) and
``Model.train`` without sink run one XLA program per call instead of one dispatch per primitive.

A gradient function's first call with a signature traces and compiles it, the later ones reuse
the program; so does a captured Cell (a training step). Op by op would compile too: each primitive
is an XLA program of its own on a shape it has not met, and a gradient's forward and backward
primitives compiled one by one cost about twice the one program (``bench/bench_pynative_compiles.py``).
Only a gradient function made anew for a call whose function and signature an earlier gradient
function already compiled (``ms.grad(lambda x: ...)(x)`` in a loop) runs its first call op by op:
its programs would be compiled again for each new function, where the primitives' stay cached. What is captured: the gradient functions (``value_and_grad``, ``grad``, ``GradOperation``) and the
Cells that opt in with ``_pynative_capture`` (optimizers, ``TrainOneStepCell``). A call is traced
through ``functional.pure`` (the one functionalization) and compiled by ``jit._compile`` (the one
compile path, ``graphs.jit`` underneath); the programs live in a ``jit.CompileCache`` keyed by:

- the Tensor inputs' shapes and dtypes, and the values of the other inputs;
- ``context.compile_key()`` and the Cell structure version (Parameters or children added/removed);
- the training flag and the hooks of every Cell the traced call ran, and the identity of the
  objects the function reads from its closure and module globals (``net = OtherNet()`` between
  calls retraces).

Guards that keep op-by-op semantics: a trace that needs a Tensor's value (``if``/``while`` on a
Tensor, ``asnumpy``, ``item``, ``float``, ``print(tensor)``), or that fails in any other way, makes
that signature run op by op from then on, starting with the call at hand, so results, prints and
errors are eager's own. ``ops.Print`` prints every step (a host callback, as in graph mode) and the
call waits for it. A data check that fails in the compiled program (a label out of range...) leaves
the state untouched and the call is re-run op by op, which raises eager's error at the op; if the
program is still running when the call returns, the error comes at a later call or at the end of
the epoch instead (as MindSpore's asynchronous PyNative reports kernel errors late).
Python side effects run exactly as often as MindSpore's PyNative runs them, once per call: a
compiled program runs no Python, so a function whose trace has a Python side effect is not
captured. The trace watches what a call can reach (the Cells it runs and their attributes, the
lists, dicts and sets among those attributes and in the function's closure and globals, Python's
``random`` and NumPy's global generator, and what it prints); when anything changed, the trace's
changes are undone, its output dropped, and the signature runs op by op from then on, starting
with the call at hand (so ``self.calls += 1``, ``print(...)``, ``history.append(...)`` and
``random.random()`` happen once per call). Deeper changes (an attribute of an object inside a list)
are not watched. ``set_context(pynative_synchronize=True)`` turns capture off (every call runs op
by op).
"""

from __future__ import annotations

import contextlib
import io
import random
import types
import weakref
from collections.abc import Callable
from typing import Any

import jax
import numpy as np

from deepsink import context
from deepsink._compile import jit as _jit
from deepsink._core import checks as _checks
from deepsink._core import functional
from deepsink._core import random as _random
from deepsink.common.hook_handle import cell_hook_ids

_EAGER = "eager"  # a signature that runs op by op


def active() -> bool:
    """Whether a call now may use a captured program (not inside a trace, not synchronized)."""
    return not functional.tracing() and not context.option("pynative_synchronize")


def _closure_objects(fn: Any) -> tuple[list, list]:
    """The closure cells and module-global names ``fn`` (or a bound method's function) reads."""
    fn = getattr(fn, "__func__", fn)
    code = getattr(fn, "__code__", None)
    if code is None:
        return [], []
    glb = getattr(fn, "__globals__", {})
    names = [n for n in code.co_names if n in glb and not isinstance(glb[n], types.ModuleType)]
    return list(fn.__closure__ or ()), names


_CELL_INTERNALS = frozenset(
    {
        "_params",
        "_cells",
        "_param_tuples",
        "_compile_cache",
        "_recompiles",
        "_captured",
        "_shape_compiles",
    }
)
_SCALARS = (int, float, complex, str, bytes, bool, type(None))


def _watched(cell: Any) -> dict:
    """The attributes of ``cell`` whose change is a Python side effect of the user's program:
    all of a user's Cell's, the public ones of deepsink's own Cells (their private attributes
    are caches filled on first use, e.g. an optimizer's compiled step)."""
    own = type(cell).__module__.startswith("deepsink.")
    return {
        k: v
        for k, v in cell.__dict__.items()
        if k not in _CELL_INTERNALS and not (own and k.startswith("_"))
    }


def _same(a: Any, b: Any) -> bool:
    return a is b or (type(a) is type(b) and isinstance(a, _SCALARS) and a == b)


class _PythonState:
    """What a call's Python can change without touching a Tensor, taken before a capture trace:
    the attributes of the Cells reachable from the function, the contents of the lists, dicts and
    sets it can reach, Python's and NumPy's global random state. ``changed()`` says whether the
    trace changed any of it; ``restore()`` undoes those changes."""

    def __init__(self, roots: list) -> None:
        self.cells: dict[int, tuple[Any, dict]] = {}
        self.containers: dict[int, tuple[Any, Any]] = {}
        for root in roots:
            self._add(root, depth=2)
        self.py_random = random.getstate()
        self.np_random = np.random.get_state()

    def _add(self, obj: Any, depth: int) -> None:
        if isinstance(obj, list | dict | set):
            if id(obj) not in self.containers:
                self.containers[id(obj)] = (obj, obj.copy())
        elif not isinstance(obj, type) and hasattr(obj, "cells_and_names"):  # a Cell
            for _, cell in obj.cells_and_names():
                if id(cell) in self.cells:
                    continue
                attrs = _watched(cell)
                self.cells[id(cell)] = (cell, attrs)
                for v in attrs.values():
                    if isinstance(v, list | dict | set):
                        self._add(v, 0)
        elif depth > 0 and isinstance(obj, types.FunctionType | types.MethodType):
            if isinstance(obj, types.MethodType):
                self._add(obj.__self__, depth - 1)
            closure, names = _closure_objects(obj)
            glb = getattr(getattr(obj, "__func__", obj), "__globals__", {})
            for c in closure:
                with contextlib.suppress(ValueError):
                    self._add(c.cell_contents, depth - 1)
            for n in names:
                self._add(glb[n], depth - 1)

    def changed(self) -> bool:
        for cell, attrs in self.cells.values():
            now = _watched(cell)
            if now.keys() != attrs.keys() or not all(_same(now[k], v) for k, v in attrs.items()):
                return True
        for obj, copy in self.containers.values():
            if len(obj) != len(copy):
                return True
            if isinstance(obj, list) and not all(map(_same, obj, copy)):
                return True
            if isinstance(obj, dict) and any(
                k not in copy or not _same(v, copy[k]) for k, v in obj.items()
            ):
                return True
            if isinstance(obj, set) and obj != copy:
                return True
        if random.getstate() != self.py_random:
            return True
        now = np.random.get_state()
        return (
            now[0] != self.np_random[0]
            or not np.array_equal(now[1], self.np_random[1])
            or (now[2:] != self.np_random[2:])
        )

    def restore(self) -> None:
        for cell, attrs in self.cells.values():
            for k in [k for k in _watched(cell) if k not in attrs]:
                del cell.__dict__[k]
            cell.__dict__.update(attrs)
        for obj, copy in self.containers.values():
            if isinstance(obj, list):
                obj[:] = copy
            else:
                obj.clear()
                obj.update(copy)
        random.setstate(self.py_random)
        np.random.set_state(self.np_random)


class Captured:
    """``fn`` run through captured programs (see the module docstring); ``eager`` (default ``fn``)
    is the op-by-op path: the fallback, and what runs inside another trace. ``guard`` is the
    function whose closure and globals guard the programs (default ``fn``)."""

    def __init__(
        self,
        fn: Callable,
        name: str,
        eager: Callable | None = None,
        guard: Any = None,
        capacity: int = 16,
        eager_first: bool = True,
    ) -> None:
        self.fn = fn
        self.eager = eager or fn
        self.name = name
        self.cache = _jit.CompileCache(capacity)
        self.cells: list = []  # every Cell the traces ran (their training flags guard)
        # what a trace's Python side effects can reach (_PythonState)
        self._roots = [fn, guard] if guard is not None else [fn]
        guard = getattr(guard, "__func__", guard) if guard is not None else fn
        self._closure, self._names = _closure_objects(guard)
        self._globals = getattr(guard, "__globals__", {})
        self.traces = 0  # signatures traced (for tests and benchmarks)
        self._seen: set = set()  # signatures called once (op by op) and not traced yet
        # the code a function made anew per call shares with its earlier copies
        self._origin = (name, getattr(guard, "__code__", guard))
        self.eager_first = eager_first
        self.target: Any = None  # weakref to the function a shared Captured was made for

    def _guards(self) -> tuple:
        glb = self._globals
        closure = []
        for c in self._closure:
            try:
                closure.append(id(c.cell_contents))
            except ValueError:  # an empty cell (a name assigned later)
                closure.append(None)
        return (
            tuple((c.training, cell_hook_ids(c)) for c in self.cells),
            tuple(closure),
            tuple(id(glb.get(n)) for n in self._names),
        )

    def __call__(self, args: tuple, kwargs: dict) -> Any:
        if not active():
            return self.eager(*args, **kwargs)
        try:
            dyn, spec = _jit.split_args(args, kwargs)
            key = (
                spec,
                tuple((x.shape, x.dtype) for x in dyn),
                context.compile_key(),
                functional.structure_version(),
                self._guards(),
            )
            entry = self.cache.peek(key)
        except TypeError:  # an unhashable non-Tensor argument: no signature to cache under
            return self.eager(*args, **kwargs)
        if entry is None:
            if self.eager_first and key not in self._seen and _remade(self, key[:3]):
                # a function made per call, whose earlier copy compiled this signature: the first
                # call runs op by op (the primitives' programs are cached for the process, a new
                # function's program would be compiled again), the second compiles
                if len(self._seen) >= 64:
                    self._seen.clear()
                self._seen.add(key)
                return self.eager(*args, **kwargs)
            return self._trace(key, dyn, spec, args, kwargs)
        if entry is _EAGER:
            return self.eager(*args, **kwargs)
        if entry.checks:
            _checks.poll()  # an earlier call's failed check, if known by now, before this call
        state = functional.values(entry.boxes)
        out, new_state = entry.jitted(state, dyn, spec)
        return self._finish(entry, state, out, new_state, args, kwargs)

    def _trace(self, key: Any, dyn: list, spec: tuple, args: tuple, kwargs: dict) -> Any:
        """Discover the state, compile and run the first call; on any failure mark the signature
        op by op and run it eagerly (the eager run raises eager's error, if any)."""
        self.traces += 1
        fn = self.fn
        _random.KEY.ensure()
        _checks.CHECKS.ensure()
        printed = io.StringIO()  # what the traces print: a side effect, dropped (see below)
        target = self.target() if self.target is not None else None
        python = _PythonState([*self._roots, *self.cells, *args, *kwargs.values(), target])
        try:
            with functional.capture_scope() as notes, contextlib.redirect_stdout(printed):

                def traced(d: list, spec: tuple = spec) -> Any:
                    a, k = _jit.merge_args(d, spec)
                    out = fn(*a, **k)
                    return list(out) if isinstance(out, types.GeneratorType) else out

                boxes = functional.discover(traced, dyn)
                _jit.commit_state(boxes)
                entry = _Entry(boxes, _jit._compile(fn, boxes, self.name))
                state = functional.values(boxes)
                out, new_state = entry.jitted(state, dyn, spec)
        except Exception:  # noqa: BLE001 - any trace failure: this signature runs op by op
            python.restore()
            self.cache.put(key, _EAGER)
            return self.eager(*args, **kwargs)
        if printed.getvalue() or python.changed():
            # Python side effects: a compiled program would skip them on later calls, so this
            # signature runs op by op; the trace's own effects are undone, its output dropped
            python.restore()
            self.cache.put(key, _EAGER)
            return self.eager(*args, **kwargs)
        entry.checks, entry.callbacks = notes.checks, notes.callbacks
        known = {id(c) for c in self.cells}
        # a new Cell lengthens the guard tuple: entries keyed with the shorter one are not found
        # again (and age out of the cache); this one is stored under the new key
        self.cells.extend(c for c in dict.fromkeys(notes.cells) if id(c) not in known)
        key = (*key[:-1], self._guards())
        self.cache.put(key, entry)
        return self._finish(entry, state, out, new_state, args, kwargs)

    def _finish(
        self, entry: _Entry, state: tuple, out: Any, new_state: tuple, args: tuple, kwargs: dict
    ) -> Any:
        if entry.checks:
            i = entry.boxes.index(_checks.CHECKS)
            info = new_state[i]
            if info.is_ready() and np.asarray(info)[0] != 0:
                if np.asarray(state[i])[0] != 0:
                    _checks.raise_pending()  # an earlier call's failure, reported late
                # a data check failed in this call: leave the state as it was and run the call
                # op by op, which raises eager's error at the op (never waits for the device)
                return self.eager(*args, **kwargs)
        functional.update(entry.boxes, new_state)
        if entry.callbacks:
            jax.effects_barrier()  # ops.Print's lines come out before the call returns
        _checks.poll()
        return out


class _Entry:
    __slots__ = ("boxes", "jitted", "checks", "callbacks")

    def __init__(self, boxes: tuple, jitted: Callable) -> None:
        self.boxes, self.jitted = boxes, jitted
        self.checks = self.callbacks = False


_SHARED: dict = {}  # (configuration, id(fn), weight ids) -> Captured, the oldest dropped past 64
_ORIGINS: dict = {}  # (origin, signature) -> the first Captured to call it (weakly), 256 kept


def _remade(captured: Captured, signature: tuple) -> bool:
    """Whether another captured function of ``captured``'s code (``_origin``), closure and globals
    (and Cell, for a Cell's gradient) already called ``signature``: ``captured`` is a copy made
    per call. The first caller is remembered."""
    target = captured.target() if captured.target is not None else None
    cell = None if target is None or isinstance(target, types.FunctionType) else id(target)
    key = (captured._origin, cell, signature, captured._guards()[1:])
    first = _ORIGINS.get(key)
    first = first() if first is not None else None
    if first is not None and first is not captured:
        return True
    _ORIGINS[key] = weakref.ref(captured)
    while len(_ORIGINS) > 256:
        _ORIGINS.pop(next(iter(_ORIGINS)))
    return False


def shared(key: Any, fn: Any, make: Callable[[], Any]) -> Any:
    """The Captured (or, made in GRAPH_MODE, the ``jit`` function) of a gradient configuration
    of ``fn`` (``GradOperation()(net)`` written in the loop makes a new gradient function per
    step: they share one program cache). ``make()``'s result gets a ``target`` attribute."""
    try:
        ref = weakref.ref(fn)
        hash(key)
    except TypeError:
        return make()
    c = _SHARED.pop(key, None)
    if c is None or c.target is None or c.target() is not fn:
        c = make()
        c.target = ref
    _SHARED[key] = c
    while len(_SHARED) > 64:
        _SHARED.pop(next(iter(_SHARED)))
    return c


def call_cell(cell: Any, args: tuple, kwargs: dict) -> Any:
    """A PyNative top-level call of a Cell that opts in to capture (``_pynative_capture``)."""
    captured = cell.__dict__.get("_captured")
    if captured is None or captured.owner() is not cell:  # new, or copied with its Cell
        owner = weakref.ref(cell)
        # a training step is called in a loop: compiled from its first call, so a run resumed
        # from a checkpoint computes every step as the uninterrupted run did, bit for bit
        captured = Captured(
            lambda *a, **k: owner()._call_eager(a, k),
            _jit.program_name(cell),
            guard=type(cell).construct,
            eager_first=False,
        )
        captured.owner = owner
        captured.cells.append(cell)
        cell.__dict__["_captured"] = captured
    return captured(args, kwargs)
