"""The one functionalization point: a stateful Cell <-> a pure function of its state.

Every piece of mutable state (Parameters, the global RNG key) is a ``StateBox``: its value lives
behind the ``_data`` property, so this module can bind traced values into it, journal writes made
under a transform, and record which boxes a function touches.

- ``pure(fn, boxes)`` turns ``fn(*args) -> out`` into ``f(state, *args) -> (out, new_state, escaped)``:
  ``state`` is bound into ``boxes`` while ``fn`` runs, the values the boxes hold afterwards are
  ``new_state``, and writes to boxes outside ``boxes`` come back as ``escaped`` (box, value) pairs
  instead of leaking tracers.
- ``update(boxes, state)`` writes results back, outside the trace.
- ``discover(fn, args)`` lists the boxes a plain function reads or writes (for ``deepsink.jit``).

GRAPH_MODE Cell calls, ``jit``, gradients, TrainOneStepCell and the sink loop all use these; nothing
else swaps Parameter storage.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import jax

from deepsink._core import semi_auto

_local = threading.local()


class StateBox:
    """Mutable state whose value is ``_data``; reads and writes are visible to this module."""

    __slots__ = ()

    @property
    def _data(self) -> Any:
        rec = getattr(_local, "recorder", None)
        if rec is not None:
            rec.touch(self)
        return self._value

    @_data.setter
    def _data(self, value: Any) -> None:
        journal = getattr(_local, "journal", None)
        if journal is not None:
            journal.record(self)
        self._value = value


class _Journal:
    """Old values of the boxes written while active; ``restore`` puts them back."""

    def __init__(self) -> None:
        self.old: dict[int, tuple[StateBox, Any]] = {}
        # boxes made while active (a Parameter of a Cell built inside a compiled function):
        # local to the traced call, so neither restored nor threaded as state
        self.born: dict[int, StateBox] = {}

    def record(self, box: StateBox) -> None:
        if id(box) in self.old or id(box) in self.born:
            return
        try:
            self.old[id(box)] = (box, box._value)
        except AttributeError:  # its first value: the box is being made now
            self.born[id(box)] = box

    def touch(self, box: StateBox) -> None:
        pass

    def restore(self) -> None:
        for box, value in self.old.values():
            box._value = value


class _Recorder(_Journal):
    """A journal that also remembers every box read, in first-touch order."""

    def __init__(self) -> None:
        super().__init__()
        self.touched: dict[int, StateBox] = {}

    def record(self, box: StateBox) -> None:
        super().record(box)
        if id(box) not in self.born:
            self.touched.setdefault(id(box), box)

    def touch(self, box: StateBox) -> None:
        if id(box) not in self.born:
            self.touched.setdefault(id(box), box)


@contextmanager
def _journaled(journal: _Journal) -> Iterator[_Journal]:
    prev_j = getattr(_local, "journal", None)
    prev_r = getattr(_local, "recorder", None)
    _local.journal = journal
    _local.recorder = journal if isinstance(journal, _Recorder) else prev_r
    _local.depth = getattr(_local, "depth", 0) + 1
    try:
        yield journal
    finally:
        _local.journal, _local.recorder = prev_j, prev_r
        _local.depth -= 1
        journal.restore()


def tracing() -> bool:
    """True while a functionalized call runs (inner Cell calls must not compile separately)."""
    return getattr(_local, "depth", 0) > 0


class _Structure:
    """How many times a Cell gained or lost a Parameter or child (or a Generator was made): a
    cached list of a Cell's state boxes is stale once this has moved on."""

    version = 0


def structure_changed(cell: Any = None) -> None:
    """Called when a Cell gains or loses a Parameter or child: cached state lists are stale.
    ``cell``, the Cell that changed, also counts its own changes (``cell_changes``): a program
    of another Cell whose tree holds no changed Cell stays valid.

    Not while a compiled function is traced: a Cell built there (MindSpore's static-graph
    tutorial builds the network inside ``jit``) is local to that call's program."""
    if not tracing():
        _Structure.version += 1
        if cell is not None:
            cell.__dict__["_structure_changes"] = cell_changes(cell) + 1


def cell_changes(cell: Any) -> int:
    """How many times ``structure_changed`` was called for ``cell``."""
    return cell.__dict__.get("_structure_changes", 0)


def structure_version() -> int:
    """The count ``structure_changed`` advances (compiled programs record the one they saw)."""
    return _Structure.version


def capturing() -> bool:
    """True while a PyNative call is traced to be compiled (``_compile/capture.py``): reading a
    Tensor's value then raises ``HostRead`` so that call runs op by op instead."""
    return getattr(_local, "capture", 0) > 0


def compiling() -> bool:
    """True while a program is traced to be compiled (``graphs.jit``, or the abstract trace that
    finds a program's state): MindSpore's graph semantics hold (``print`` is the Print operator,
    run when the program runs), where a PyNative gradient trace runs each call's Python as
    PyNative does."""
    return getattr(_local, "compile", 0) > 0


@contextmanager
def compile_trace() -> Iterator[None]:
    """Mark the trace run inside as a compile (:func:`compiling`)."""
    _local.compile = getattr(_local, "compile", 0) + 1
    try:
        yield
    finally:
        _local.compile -= 1


@contextmanager
def graph_fallback() -> Iterator[None]:
    """Mark the op-by-op run of a GRAPH_MODE Cell or ``jit`` function that could not become one
    program (MindSpore's JIT Fallback) as graph code (:func:`graph_semantics`)."""
    _local.fallback = getattr(_local, "fallback", 0) + 1
    try:
        yield
    finally:
        _local.fallback -= 1


def graph_semantics() -> bool:
    """True where MindSpore's graph compiler reads the code, so its rules for Python and Tensor
    methods hold: a compile trace, or the op-by-op run of :func:`graph_fallback`."""
    return (compiling() and not capturing()) or getattr(_local, "fallback", 0) > 0


class HostRead(Exception):
    """A traced Tensor's value was needed (``asnumpy``, ``bool``, ``print``...) while capturing."""


class CaptureNotes:
    """What a capture trace met: the Cells it called, whether it recorded a data check or a host
    callback (``ops.Print``)."""

    def __init__(self) -> None:
        self.cells: list = []
        self.checks = False
        self.callbacks = False


@contextmanager
def capture_scope() -> Iterator[CaptureNotes]:
    """Mark a capture trace; yields the notes it collects."""
    prev = getattr(_local, "notes", None)
    _local.capture = getattr(_local, "capture", 0) + 1
    _local.notes = notes = CaptureNotes()
    try:
        yield notes
    finally:
        _local.capture -= 1
        _local.notes = prev


def notes() -> CaptureNotes | None:
    """The current capture trace's notes (None outside one): Cells, data checks and host
    callbacks record themselves there."""
    return getattr(_local, "notes", None)


def note_cell(cell: Any) -> None:
    """Record a Cell called during a capture trace (its training flag guards the program)."""
    n = getattr(_local, "notes", None)
    if n is not None:
        n.cells.append(cell)


def discovering() -> bool:
    """True while ``discover`` traces abstractly (only shapes and dtypes flow)."""
    return getattr(_local, "discovering", 0) > 0


def values(boxes: Sequence[StateBox]) -> tuple:
    return tuple(b._data for b in boxes)


def update(boxes: Sequence[StateBox], state: Sequence[Any]) -> None:
    """Write a state back into its boxes."""
    for b, v in zip(boxes, state, strict=True):
        b._data = v


def apply_escaped(escaped: Sequence[tuple[StateBox, Any]]) -> None:
    for box, value in escaped:
        box._data = value


def pure(
    fn: Callable[..., Any], boxes: Sequence[StateBox], unlisted: list | None = None
) -> Callable[..., tuple[Any, tuple, list]]:
    """``fn(*args) -> out`` (stateful) as ``f(state, *args) -> (out, new_state, escaped)`` (pure).

    With ``unlisted`` (a list), each call also records there the boxes outside ``boxes`` that
    ``fn`` read: ``boxes`` was a guess, and a read one outside it was a constant of the trace."""
    ids = {id(b) for b in boxes}

    def f(state: Sequence[Any], *args: Any, **kwargs: Any) -> tuple[Any, tuple, list]:
        saved = tuple(b._value for b in boxes)
        try:
            journal_type = _Journal if unlisted is None else _Recorder
            with _journaled(journal_type()) as journal:
                for b, v in zip(boxes, state, strict=True):
                    # a Parameter's parameter_plan / optimizer-shard layout (semi-auto parallel)
                    b._value = semi_auto.constrain_state(b, v, read=True)
                out = _read_returned_state(fn(*args, **kwargs))
                new_state = tuple(semi_auto.constrain_state(b, b._value) for b in boxes)
                escaped = [(b, b._value) for i, (b, _) in journal.old.items() if i not in ids]
                for i in ids:
                    journal.old.pop(i, None)
                if unlisted is not None:
                    unlisted[:] = [
                        b
                        for i, b in journal.touched.items()
                        if i not in ids and i not in journal.born
                    ]
        finally:
            for b, v in zip(boxes, saved):
                b._value = v
        return out, new_state, escaped

    return f


def _read_returned_state(out: Any) -> Any:
    """A Parameter returned by ``fn`` is read now, before the state is restored: the caller gets
    its value after ``fn``'s writes (``P.Assign(self.y, x); return self.y`` returns ``x``), as in
    MindSpore, where a graph's output is the value at its return."""
    is_box = lambda x: isinstance(x, StateBox)  # noqa: E731
    leaves = jax.tree_util.tree_leaves(out, is_leaf=is_box)
    if not any(is_box(x) for x in leaves):
        return out

    def read(x: Any) -> Any:
        if not is_box(x):
            return x
        return jax.tree_util.tree_unflatten(jax.tree_util.tree_structure(x), [x._value])

    return jax.tree_util.tree_map(read, out, is_leaf=is_box)


def discover(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[StateBox, ...]:
    """The state boxes ``fn`` reads or writes, found by tracing it abstractly once."""
    _local.discovering = getattr(_local, "discovering", 0) + 1
    try:
        with _journaled(_Recorder()) as rec, compile_trace():
            jax.eval_shape(lambda *a, **k: _arrays_only(fn(*a, **k)), *args, **kwargs)
    finally:
        _local.discovering -= 1
    return tuple(rec.touched.values())


def _arrays_only(tree: Any) -> Any:
    # Tensor and Parameter are pytree nodes whose one leaf is their array
    leaves = jax.tree_util.tree_leaves(tree)
    return [x for x in leaves if isinstance(x, jax.Array)]
