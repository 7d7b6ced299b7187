"""MindSpore's parse-time check of local variables defined on some paths only.

MindSpore's graph parser joins the variables of an ``if``'s two branches, and of a loop's body
with what came before it, when the statement ends. A local variable that one path assigns and
another does not is an ``UnboundLocalError`` where it is read after the statement, whatever the
condition (``if True:`` as well as a Tensor test, a ``for`` over a constant ``range`` as well
as a ``while`` on a Tensor), unless the name is also a global, a builtin or a free variable of
the function (the parser then reads that one on the other path). The error names the
statement: "The local variable 'y' is not defined in false branch, but defined in true branch."
or "The local variable 'y' defined in the 'for' loop body cannot be used outside of the loop
body. Please define variable 'y' before 'for'."

``unbound_read(fn, filename, first, known)`` walks a parsed ``def`` (and the functions it
defines) in program order and returns that error for the first such read, or None. A path that
leaves the statement (``return``, ``raise``, ``break``, ``continue``) does not join it. A read
inside a ``lambda`` or a nested ``def`` counts where the function is made, as in MindSpore.
"""

from __future__ import annotations

import ast
import linecache
from typing import NamedTuple


class _Maybe(NamedTuple):
    """A variable assigned on some paths only: ``kind`` is the path that lacks it ('true
    branch', 'false branch') or the loop ('while', 'for'); ``where`` the assignment."""

    kind: str
    where: ast.AST


# a scope's state: name -> the statement that assigned it (defined on every path) or _Maybe;
# a name absent from it is not assigned yet (or is not a local of the scope)
_State = dict


class _Read(Exception):
    def __init__(self, name: str, maybe: _Maybe, use: ast.AST, fn: ast.AST) -> None:
        super().__init__(name)
        self.name, self.maybe, self.use, self.fn = name, maybe, use, fn


def _bound_in(node: ast.AST) -> set[str]:
    """The names a comprehension's targets or a lambda's parameters bind inside it."""
    if isinstance(node, ast.Lambda):
        a = node.args
        return {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg) if p}
    return {
        n.id
        for g in node.generators  # type: ignore[attr-defined]
        for n in ast.walk(g.target)
        if isinstance(n, ast.Name)
    }


def _reads(node: ast.AST, bound: frozenset = frozenset()) -> list[ast.Name]:
    """The names ``node`` reads from the enclosing scope, in source order."""
    out: list[ast.Name] = []
    if isinstance(node, ast.Name):
        if isinstance(node.ctx, ast.Load) and node.id not in bound:
            out.append(node)
        return out
    if isinstance(node, ast.Lambda | ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
        bound = bound | _bound_in(node)
    for child in ast.iter_child_nodes(node):
        out.extend(_reads(child, bound))
    return out


def _stores(target: ast.AST) -> list[str]:
    return [n.id for n in ast.walk(target) if isinstance(n, ast.Name)]


class _Scope:
    """One function's walk: ``skip`` are the names never tracked (globals, nonlocals, and the
    names the function can read from outside it)."""

    def __init__(self, fn: ast.FunctionDef | ast.Lambda, skip: set[str]) -> None:
        self.fn, self.skip = fn, skip

    def check(self, node: ast.AST | None, state: _State) -> None:
        if node is None:
            return
        for n in _reads(node):
            value = state.get(n.id)
            if isinstance(value, _Maybe):
                raise _Read(n.id, value, n, self.fn)

    def bind(self, names: list[str], stmt: ast.AST, state: _State) -> None:
        for name in names:
            if name not in self.skip:
                state[name] = stmt

    def block(self, stmts: list, state: _State) -> _State | None:
        """The state after ``stmts``, or None when every path leaves them."""
        for s in stmts:
            state = self.stmt(s, state)
            if state is None:
                return None
        return state

    def stmt(self, s: ast.stmt, state: _State) -> _State | None:
        if isinstance(s, ast.Return | ast.Raise):
            for child in ast.iter_child_nodes(s):
                self.check(child, state)
            return None
        if isinstance(s, ast.Break | ast.Continue):
            return None
        if isinstance(s, ast.If):
            self.check(s.test, state)
            return _join(self.block(s.body, dict(state)), self.block(s.orelse, dict(state)))
        if isinstance(s, ast.While | ast.For):
            return self.loop(s, state)
        if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef):
            for d in (*s.decorator_list, *s.args.defaults, *s.args.kw_defaults):
                self.check(d, state)
            self.check(_closure_of(s), state)
            self.bind([s.name], s, state)
            return state
        if isinstance(s, ast.AugAssign):  # x += v reads x; x[k] += v reads x and k
            self.check(s.value, state)
            t = s.target
            self.check(ast.Name(t.id, ast.Load()) if isinstance(t, ast.Name) else t, state)
            self.bind(_stores(t) if isinstance(t, ast.Name) else [], s, state)
            return state
        if isinstance(s, ast.Assign | ast.AnnAssign):
            self.check(s.value, state)
            for t in s.targets if isinstance(s, ast.Assign) else [s.target]:
                if not isinstance(t, ast.Name | ast.Tuple | ast.List | ast.Starred):
                    self.check(t, state)  # x[k] = v, x.a = v read x (and k)
                self.bind(_stores(t), s, state)
            return state
        if isinstance(s, ast.With):
            for item in s.items:
                self.check(item.context_expr, state)
                if item.optional_vars is not None:
                    self.bind(_stores(item.optional_vars), s, state)
            return self.block(s.body, state)
        # anything else (an expression, assert, pass, ...): its reads, then what it binds
        self.check(s, state)
        self.bind(
            [n.id for n in ast.walk(s) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)],
            s,
            state,
        )
        return state

    def loop(self, s: ast.While | ast.For, state: _State) -> _State:
        kind = "while" if isinstance(s, ast.While) else "for"
        self.check(s.test if isinstance(s, ast.While) else s.iter, state)
        inner = dict(state)
        if isinstance(s, ast.For):
            self.bind(_stores(s.target), s, inner)
        self.block(s.body, inner)  # the reads inside the body
        heads = [s.target] if isinstance(s, ast.For) else []
        assigned = [
            (n.id, n)
            for n in _walk_scope([*heads, *s.body])
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.id not in self.skip
        ]
        # what the body assigns is read from the loop's exit, which the entry reaches with the
        # state before the loop; a body that leaves the function changes nothing after it
        out = dict(state)
        for name, node in assigned:
            if name not in state:
                out.setdefault(name, _Maybe(kind, node))
        return self.block(s.orelse, out) or out


def _walk_scope(nodes: list) -> list[ast.AST]:
    """The nodes of ``nodes`` in the current scope (not inside functions or comprehensions)."""
    out: list[ast.AST] = []
    stack = list(reversed(nodes))
    while stack:
        n = stack.pop()
        out.append(n)
        if not isinstance(
            n,
            ast.FunctionDef
            | ast.AsyncFunctionDef
            | ast.Lambda
            | ast.ListComp
            | ast.SetComp
            | ast.DictComp
            | ast.GeneratorExp,
        ):
            stack.extend(reversed(list(ast.iter_child_nodes(n))))
    return out


def _closure_of(fn: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> ast.AST:
    """The names a nested function reads from its definer, as Load names of one expression."""
    local = {
        n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    } | _bound_in(fn if isinstance(fn, ast.Lambda) else ast.Lambda(fn.args, ast.Constant(0)))
    body = fn.body if isinstance(fn.body, list) else [fn.body]
    names = [n for s in body for n in _reads(s) if n.id not in local]
    return ast.Tuple(names, ast.Load())


def _join(true: _State | None, false: _State | None) -> _State | None:
    """The state where an ``if``'s paths meet (a path that left is not one of them)."""
    if true is None or false is None:
        return false if true is None else true
    out: _State = {}
    for name in dict.fromkeys([*true, *false]):
        t, f = true.get(name), false.get(name)
        if isinstance(t, _Maybe) or isinstance(f, _Maybe):
            out[name] = t if isinstance(t, _Maybe) else f
        elif t is not None and f is not None:
            out[name] = t
        else:
            out[name] = _Maybe("false branch" if f is None else "true branch", t or f)
    return out


def _scopes(fn: ast.FunctionDef) -> list[ast.FunctionDef]:
    """``fn`` and the functions defined inside it."""
    return [n for n in ast.walk(fn) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


def unbound_read(fn: ast.FunctionDef, filename: str, first: int, known: set[str]) -> str | None:
    """MindSpore's ``UnboundLocalError`` message for the first read in ``fn`` (a parsed ``def``
    whose first line is line ``first`` of ``filename``) of a local variable defined on some
    paths only, or None. ``known``: the names ``fn`` can read from outside (its globals,
    the builtins, its free variables)."""
    for scope in _scopes(fn):
        declared = {
            name
            for n in ast.walk(scope)
            if isinstance(n, ast.Global | ast.Nonlocal)
            for name in n.names
        }
        a = scope.args
        params = [p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg) if p]
        walker = _Scope(scope, known | declared)
        try:
            walker.block(scope.body, dict.fromkeys(params, scope))
        except _Read as r:
            return _message(r, filename, first)
    return None


def _message(r: _Read, filename: str, first: int) -> str:
    name, kind = r.name, r.maybe.kind
    if kind in ("while", "for"):
        head = (
            f"The local variable '{name}' defined in the '{kind}' loop body cannot be used "
            f"outside of the loop body. Please define variable '{name}' before '{kind}'."
        )
    else:
        other = "false branch" if kind == "true branch" else "true branch"
        head = f"The local variable '{name}' is not defined in {kind}, but defined in {other}."

    def line(n: int) -> str:
        return linecache.getline(filename, first + n - 1).rstrip()

    where = r.maybe.where.lineno
    start = r.fn.lineno
    source = "\n".join(line(n) for n in range(start, where + 1))
    indent = len(line(where)) - len(line(where).lstrip())
    return (
        f"{head}\nIn file {filename}:{first + where - 1}\n{source}\n{' ' * indent}"
        f"~<-------------HERE\nRead in file {filename}:{first + r.use.lineno - 1}\n"
        f"{line(r.use.lineno)}"
    )
