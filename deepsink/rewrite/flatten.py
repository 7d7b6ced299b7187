"""Flattening ``construct``'s statements as MindSpore's rewrite does before making nodes: each call,
operation or tuple nested in another is hoisted into its own assignment to a new name
(``x = self.pool(self.relu(self.conv(x)))`` becomes ``conv_var = self.conv(x)``,
``relu_var = self.relu(conv_var)``, ``x = self.pool(relu_var)``), so that every node does one
thing. Statements are visited last to first, which is how MindSpore numbers the new names."""

from __future__ import annotations

import ast
import keyword
from collections.abc import Callable

# the fields of each statement or expression whose nested expressions are hoisted
_FIELDS = {
    ast.Return: ("value",),
    ast.Call: ("func", "args", "keywords"),
    ast.BinOp: ("left", "right"),
    ast.BoolOp: ("values",),
    ast.UnaryOp: ("operand",),
    ast.Compare: ("left", "comparators"),
    ast.If: ("test",),
    ast.For: ("iter",),
    ast.Tuple: ("elts",),
    ast.List: ("elts",),
}


def free_name(name: str, taken: set | list) -> str:
    """``name``, else the first of ``name_1``, ``name_2``... not in ``taken`` (MindSpore's namer)."""
    out, i = name, 0
    while out in taken:
        i += 1
        out = f"{name}_{i}"
    return out


def _base_name(node: ast.AST) -> str:
    if isinstance(node, ast.Call):
        f = node.func
        name = (
            f.id
            if isinstance(f, ast.Name)
            else f.attr
            if isinstance(f, ast.Attribute)
            else "function"
        )
        return name + "_var"
    if isinstance(node, ast.Return):
        return "return_value"
    if isinstance(node, ast.BinOp | ast.BoolOp | ast.UnaryOp):
        return type(node.op).__name__.lower() + "_var"
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return f"{node.value.id}_{node.attr}"
    return type(node).__name__.lower() + "_var"


class _Flattener:
    def __init__(self, taken: list[str], unique: Callable[[str], str]) -> None:
        self.taken = taken
        self.unique = unique

    def _new_name(self, node: ast.AST) -> str:
        base = _base_name(node)
        if keyword.iskeyword(base):
            base += "_var"
        name = self.unique(free_name(base, self.taken))
        self.taken.append(name)
        return name

    def _hoist(self, expr: ast.expr, parent: ast.AST) -> tuple[ast.expr, ast.stmt | None]:
        if isinstance(expr, ast.Name | ast.Constant | ast.Starred):
            return expr, None
        if isinstance(expr, ast.Attribute) and not isinstance(parent, ast.For):
            base = expr
            while isinstance(base.value, ast.Attribute):
                base = base.value
            if isinstance(base.value, ast.Name):
                return expr, None
            name = self._new_name(base.value)
            assign = ast.Assign([ast.Name(name, ast.Store())], base.value)
            base.value = ast.Name(name, ast.Load())
            return expr, assign
        name = self._new_name(expr)
        return ast.Name(name, ast.Load()), ast.Assign([ast.Name(name, ast.Store())], expr)

    def statement(self, node: ast.AST) -> list[ast.stmt]:
        hoisted: list[ast.stmt] = []
        for field in _FIELDS.get(type(node), ()):
            value = getattr(node, field)
            items = value if isinstance(value, list) else [value]
            for i, item in enumerate(items):
                if item is None or (
                    isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And) and i
                ):
                    continue  # 'a and b': b may only run when a holds
                holder, key = (item, "value") if isinstance(item, ast.keyword) else (None, None)
                expr = item.value if holder is not None else item
                new, assign = self._hoist(expr, node)
                if assign is None:
                    continue
                hoisted.append(assign)
                if holder is not None:
                    setattr(holder, key, new)
                elif isinstance(value, list):
                    value[i] = new
                else:
                    setattr(node, field, new)
        return hoisted


def _targets(body: list[ast.stmt]) -> list[str]:
    names: list[str] = []
    for stmt in body:
        if isinstance(stmt, ast.Assign):
            for t in stmt.targets:
                for n in ast.walk(t):
                    if isinstance(n, ast.Name) and n.id not in names:
                        names.append(n.id)
    return names


def flatten_body(body: list[ast.stmt], unique: Callable[[str], str]) -> None:
    """Flatten ``body`` in place; ``unique`` makes each new name unique in the symbol tree."""
    for pos in range(len(body) - 1, -1, -1):  # a = b = f(x) -> b = f(x); a = b
        stmt = body[pos]
        if isinstance(stmt, ast.Assign) and len(stmt.targets) > 1:
            extra = [ast.Assign([t], stmt.targets[i + 1]) for i, t in enumerate(stmt.targets[:-1])]
            stmt.targets = stmt.targets[-1:]
            body[pos + 1 : pos + 1] = extra
    flat = _Flattener(_targets(body), unique)
    index = len(body) - 1
    while index >= 0:
        stmt = body[index]
        inner = stmt.value if isinstance(stmt, ast.Assign | ast.Expr) else stmt
        hoisted = flat.statement(inner)
        body[index:index] = hoisted[::-1]  # MindSpore's order: the last hoisted comes first
        index += len(hoisted) - 1
    for stmt in body:
        ast.fix_missing_locations(stmt)
