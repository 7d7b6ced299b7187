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
    hosts = getattr(_local, "hosts", None)
    if hosts is not None:
        hosts.noted(obj, what)
    return obj


def note_augmented(x: Any) -> None:
    """Converted code is about to run ``x += v``: for a list, a change of the list."""
    if type(x) is list:
        note(x, "An augmented assignment")


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


# The caller's own lists and dicts. MindSpore 2.10's graph mode (JIT Fallback, with
# compile_config.FALLBACK_SUPPORT_LIST_DICT_INPLACE on, its default) hands back the very Python
# object a compiled function returns when that object came from outside the call (an argument,
# a global, an attribute of self), and a list or dict argument that the function changes in
# place (append, pop, reverse, item assignment, update...) is changed for the caller, on every
# call. deepsink traces the function on rebuilt arguments, so an output or a new argument value
# that is one of those objects is marked (``Hosts.mark``) and put back by identity after each
# run (``Hosts.resolve``).


class ArgBox:
    """An output that is the ``index``-th list or dict among the call's arguments (in
    ``containers`` order): the caller's object, found again at each call."""

    __slots__ = ("index",)

    def __init__(self, index: int) -> None:
        self.index = index

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ArgBox) and other.index == self.index

    def __hash__(self) -> int:
        return hash(("ArgBox", self.index))


class Same:
    """An output that is a list or dict from outside the call (a global, an attribute): that
    object itself."""

    __slots__ = ("obj",)

    def __init__(self, obj: Any) -> None:
        self.obj = obj

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.obj is self.obj

    def __hash__(self) -> int:
        return id(self.obj)


def _children(x: Any) -> list:
    """What JAX's tree flattening walks into, in its order (a plain dict's keys sorted)."""
    if type(x) is dict:
        try:
            keys = sorted(x)
        except TypeError:
            keys = list(x)
        return [x[k] for k in keys]
    if isinstance(x, dict) and _mutable(x):
        return list(x.values())
    if type(x) in (list, tuple) or (isinstance(x, list | tuple) and _mutable(x)):
        return list(x)
    if isinstance(x, tuple) and hasattr(x, "_fields"):  # a namedtuple
        return list(x)
    return []


def _mutable(x: Any) -> bool:
    return getattr(type(x), "__ms_mutable__", False)


def _host(x: Any) -> bool:
    """A list or dict of the caller's that a compiled call may hand back (``mutable`` ones too)."""
    return type(x) in (list, dict) or (isinstance(x, list | dict) and _mutable(x))


def containers(tree: Any) -> list:
    """The lists and dicts in ``tree`` (a compiled call's arguments), in the order the call's
    flattening meets them: the same order for the caller's arguments and for the ones the
    trace rebuilds from them."""
    out: list = []
    stack = [tree]
    while stack:
        x = stack.pop()
        if _host(x):
            out.append(x)
        stack.extend(reversed(_children(x)))
    return out


def _contents(c: Any) -> list:
    """A list's items, or a dict's (key, value) pairs in order."""
    return list(c) if isinstance(c, list) else list(c.items())


def _same_contents(now: list, old: list, pairs: bool) -> bool:
    """Whether two ``_contents`` (a dict's when ``pairs``) hold the very same objects."""
    if len(now) != len(old):
        return False
    if pairs:
        return all(a[0] == b[0] and a[1] is b[1] for a, b in zip(now, old, strict=True))
    return all(a is b for a, b in zip(now, old, strict=True))


# How MindSpore 2.10's graph mode changes a list or dict argument (recorded by
# scripts/record_graph_list_inplace.py): these changes make a new object, which the variable
# names from then on (the caller's object keeps what it held before); the other mutating
# methods (reverse, extend, insert, pop, sort, remove; a dict's item assignment) change the
# caller's object.
_DETACHING = frozenset(
    (
        ("list", "list.append"),
        ("list", "list.clear"),
        ("list", "An item assignment"),
        ("list", "An augmented assignment"),
        ("dict", "dict.update"),
        ("dict", "dict.clear"),
    )
)


class Hosts:
    """The argument containers of one trace: which of them the trace changed, and the marking
    of outputs that are the caller's own objects."""

    def __init__(self, args: Any, enabled: bool = True) -> None:
        self.enabled = enabled
        self.args = containers(args) if enabled else []
        self.index = {id(c): i for i, c in enumerate(self.args)}
        self.before = [_contents(c) for c in self.args]
        self.detached: dict[int, list] = {}  # id -> the caller's contents when it detached
        self.roots: list = []

    @contextmanager
    def active(self) -> Iterator[None]:
        """While the trace runs: the changes converted code notes reach ``noted``."""
        prev = getattr(_local, "hosts", None)
        _local.hosts = self
        try:
            yield
        finally:
            _local.hosts = prev

    def noted(self, obj: Any, what: str) -> None:
        """Converted code changes ``obj`` by ``what`` (``note``'s words)."""
        if id(obj) not in self.index or id(obj) in self.detached:
            return
        if _mutable(obj) or (type(obj).__name__, what) in _DETACHING:
            # a change of a mutable() one makes a new object too
            self.detached[id(obj)] = _contents(obj)

    def keep_roots(self) -> None:
        """Keep the scopes the current trace ran in, for marking after it."""
        j = getattr(_local, "journal", None)
        if j is not None:
            self.roots = list(j.roots.values())

    def changed(self) -> list[tuple[int, Any]]:
        """``(index, new contents)`` of the argument containers the trace changed in place."""
        out = []
        for i, (c, old) in enumerate(zip(self.args, self.before, strict=True)):
            now = self.detached.get(id(c), _contents(c))
            if not _same_contents(now, old, isinstance(c, dict)):
                out.append((i, list(now) if isinstance(c, list) else dict(now)))
        return out

    def mark(self, tree: Any) -> Any:
        """``tree`` with each list or dict that is an argument's replaced by an ``ArgBox``, and
        each one from outside the call (reachable from the scopes the trace ran in, holding no
        traced value) by a ``Same``."""
        if not self.enabled:
            return tree
        j = getattr(_local, "journal", None)
        roots = [*self.roots, *(j.roots.values() if j is not None else ())]
        found: list = []
        stack = [tree]
        while stack:
            x = stack.pop()
            if type(x) in (list, dict) and id(x) not in self.index:
                found.append(x)
            stack.extend(_children(x))
        outside = _reachable(roots, {id(c) for c in found}) if found else set()

        def walk(x: Any) -> Any:
            if _host(x) and id(x) in self.index and id(x) not in self.detached:
                return ArgBox(self.index[id(x)])
            if type(x) in (list, dict) and id(x) in outside and not _traced(x):
                return Same(x)
            if type(x) is list:
                return [walk(v) for v in x]
            if type(x) is dict:
                return {k: walk(v) for k, v in x.items()}
            if type(x) is tuple:
                return tuple(walk(v) for v in x)
            return x

        return walk(tree)


def resolve(tree: Any, hosts: list | None) -> Any:
    """An output with each ``ArgBox`` put back as the caller's container and each ``Same`` as
    its object."""
    if isinstance(tree, ArgBox):
        return hosts[tree.index]  # type: ignore[index]
    if isinstance(tree, Same):
        return tree.obj
    if type(tree) is list:
        return [resolve(v, hosts) for v in tree]
    if type(tree) is dict:
        return {k: resolve(v, hosts) for k, v in tree.items()}
    if type(tree) is tuple:
        return tuple(resolve(v, hosts) for v in tree)
    if isinstance(tree, tuple) and hasattr(tree, "_fields"):  # a namedtuple
        return type(tree)(*(resolve(v, hosts) for v in tree))
    return tree


def refill(container: Any, contents: Any) -> None:
    """Give the caller's list or dict the contents the run left in its traced copy."""
    if isinstance(container, list):
        container[:] = contents
    else:
        container.clear()
        container.update(contents)
