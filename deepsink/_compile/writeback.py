"""Python containers that compiled code writes a computed Tensor into: their values after the run.

MindSpore's graph mode lets a compiled function update a global ``dict`` or ``list``, or set an
attribute of a Python object or Cell, with a Tensor it computes (``x.update({"a": t})``,
``self.attr = x + 1``); after the call the container holds the Tensor's value, on every call,
though the program is compiled once. deepsink traces the function with JAX, where such a write
would leave a tracer in the container. So while a program is traced, converted code reports
each container it is about to change (``note``, called by ``graph_syntax``); when the trace
ends, the slots of those containers that hold traced values and are reachable from outside the
call (the globals and closures of the functions it ran, its arguments) are ``Slot``s: their
values become extra outputs of the program, the containers get their old contents back (no
tracer stays behind), and after each run (``Slot.write``) the slots receive the run's values.

A container made inside the call (a local list of activations) is not reachable from outside it
and is left alone: writing back into it would only keep its arrays alive.
"""

from __future__ import annotations

import threading
import types
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import jax

from deepsink._core.functional import StateBox
from deepsink.common.tensor import Tensor

_local = threading.local()
_MISSING = object()
_LIST = object()  # a list's slot: its whole contents


class _Journal:
    """The containers converted code changed while one trace ran, with their old contents, and
    the scopes (globals, closures) of the functions it ran."""

    def __init__(self) -> None:
        self.old: dict[int, tuple[Any, Any]] = {}
        self.roots: dict[int, Any] = {}
        self.what: dict[int, str] = {}  # how each container was changed (for errors)

    def note(self, obj: Any, what: str = "") -> None:
        if id(obj) in self.old:
            return
        self.what[id(obj)] = what
        if isinstance(obj, dict):
            self.old[id(obj)] = (obj, dict(obj))
        elif isinstance(obj, list):
            self.old[id(obj)] = (obj, list(obj))
        elif _has_dict(obj):
            self.old[id(obj)] = (obj, dict(vars(obj)))

    def scope(self, fn: Any) -> None:
        g = getattr(fn, "__globals__", None)
        if g is not None:
            self.roots.setdefault(id(g), g)
        for c in getattr(fn, "__closure__", None) or ():
            try:
                v = c.cell_contents
            except ValueError:  # an empty cell
                continue
            self.roots.setdefault(id(v), v)


def _has_dict(obj: Any) -> bool:
    return hasattr(obj, "__dict__") and not isinstance(
        obj, type | types.ModuleType | types.FunctionType | types.MethodType
    )


def note(obj: Any, what: str = "") -> Any:
    """Converted code is about to change ``obj`` (an item, an attribute, a mutating method:
    ``what``): remember its contents. Returns ``obj``."""
    j = getattr(_local, "journal", None)
    if j is not None:
        j.note(obj, what)
    return obj


@contextmanager
def branch() -> Iterator[Any]:
    """While a branch of a Tensor condition is traced: yields a function that lists the
    containers the branch changed so that they hold a new traced value, as (container, what
    changed it). What the branch noted joins the enclosing journal when it ends."""
    outer = getattr(_local, "journal", None)
    _local.journal = j = _Journal()
    if outer is not None:
        j.roots.update(outer.roots)

    def changed() -> list:
        out = []
        for obj, old in j.old.values():
            if isinstance(obj, list):
                new = [v for v in obj if not any(v is o for o in old)]
            else:
                now = obj if isinstance(obj, dict) else vars(obj)
                new = [v for k, v in now.items() if v is not old.get(k, _MISSING)]
            if any(_traced(v) for v in new):
                out.append((obj, j.what.get(id(obj)) or "A change"))
        return out

    try:
        yield changed
    finally:
        _local.journal = outer
        if outer is not None:
            for k, v in j.old.items():
                if k not in outer.old:
                    outer.old[k] = v
                    outer.what[k] = j.what.get(k, "")
            for k, v in j.roots.items():
                outer.roots.setdefault(k, v)


def restore(obj: Any) -> None:
    """Give ``obj`` back the contents it had when the current branch's trace first changed it,
    and forget the change (the branch's value of it lives on in another object)."""
    j = getattr(_local, "journal", None)
    entry = j.old.pop(id(obj), None) if j is not None else None
    if entry is None:
        return
    if isinstance(obj, list):
        obj[:] = entry[1]
        return
    now = obj if isinstance(obj, dict) else vars(obj)
    now.clear()
    now.update(entry[1])


def reachable_from(roots: Any, wanted: set[int]) -> set[int]:
    """Which of ``wanted`` (object ids) ``roots`` reach, or the scopes (globals, closures)
    of the functions run in the current trace."""
    j = getattr(_local, "journal", None)
    extra = list(j.roots.values()) if j is not None else []
    return _reachable([*roots, *extra], wanted)


def scope(fn: Any) -> None:
    """Converted code runs ``fn``: its globals and closure may hold containers it changes."""
    j = getattr(_local, "journal", None)
    if j is not None:
        j.scope(fn)


class Slot:
    """One place outside a compiled call that the call writes a computed value into: a dict's
    key, an object's attribute, or a list's contents."""

    __slots__ = ("container", "key")

    def __init__(self, container: Any, key: Any) -> None:
        self.container, self.key = container, key

    def read(self) -> Any:
        c, k = self.container, self.key
        if k is _LIST:
            return list(c)
        return c.get(k, _MISSING) if isinstance(c, dict) else vars(c).get(k, _MISSING)

    def write(self, value: Any) -> None:
        """Put a run's value into the slot."""
        self._store(value)

    def _store(self, value: Any) -> None:
        c, k = self.container, self.key
        if k is _LIST:
            c[:] = value
        elif isinstance(c, dict):
            _put(c, k, value)
        else:
            _put(vars(c), k, value)


def _put(d: dict, k: Any, value: Any) -> None:
    if value is _MISSING:
        d.pop(k, None)
    else:
        d[k] = value


def _traced(value: Any) -> bool:
    leaves = jax.tree_util.tree_leaves(value, is_leaf=lambda x: isinstance(x, StateBox))
    return any(isinstance(x, jax.core.Tracer) for x in leaves)


@contextmanager
def recording(*roots: Any) -> Iterator[list]:
    """Journal the containers changed while a program is traced. Yields a list that receives,
    when the block ends, ``(slot, value)`` for each reachable slot left holding a traced value;
    those slots get their old values back."""
    prev = getattr(_local, "journal", None)
    _local.journal = j = _Journal()
    for r in roots:
        if callable(r) and hasattr(r, "__globals__"):
            j.scope(r)
        else:
            j.roots.setdefault(id(r), r)
    found: list = []
    try:
        yield found
    finally:
        _local.journal = prev
        found += _restore(j)


def _restore(j: _Journal) -> list:
    leaked = []
    for obj, old in j.old.values():
        if isinstance(obj, list):
            if any(_traced(v) for v in obj):
                leaked.append((Slot(obj, _LIST), list(obj), old))
            continue
        now = obj if isinstance(obj, dict) else vars(obj)
        for k, v in list(now.items()):
            if v is not old.get(k, _MISSING) and _traced(v):
                leaked.append((Slot(obj, k), v, old.get(k, _MISSING)))
    if not leaked:
        return []
    reachable = _reachable(j.roots.values(), {id(s.container) for s, _, _ in leaked})
    out = []
    for slot, value, old in leaked:
        slot._store(old)  # no tracer stays behind
        if id(slot.container) in reachable:
            out.append((slot, value))
    return out


_OPAQUE = (
    types.ModuleType,
    type,
    types.FunctionType,
    types.BuiltinFunctionType,
    str,
    bytes,
    int,
    float,
    bool,
    complex,
    type(None),
)


def _reachable(roots: Any, wanted: set[int], depth: int = 6) -> set[int]:
    """Which of ``wanted`` (object ids) are reachable from ``roots`` through dict values,
    list/tuple items and object attributes (within ``depth`` steps)."""
    found: set[int] = set()
    seen: set[int] = set()
    level = list(roots)
    for _ in range(depth):
        nxt: list = []
        for obj in level:
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            if id(obj) in wanted:
                found.add(id(obj))
                if found == wanted:
                    return found
            if isinstance(obj, dict):
                nxt.extend(obj.values())
            elif isinstance(obj, list | tuple):
                nxt.extend(obj)
            elif isinstance(obj, _OPAQUE) or isinstance(obj, StateBox | jax.Array):
                continue
            elif _has_dict(obj) and not isinstance(obj, Tensor):
                nxt.extend(vars(obj).values())
        level = nxt
    return found
