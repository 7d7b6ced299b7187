"""``mindspore.rewrite.ScopedValue`` and ``ValueType``: the values a rewrite ``Node`` reads and
writes (a name such as ``self.conv``, a constant, a tuple of them, an object)."""

from __future__ import annotations

import ast
from enum import Enum
from typing import Any

from deepsink._core.validate import fail


class ValueType(Enum):
    """The kind of a :class:`ScopedValue`: a constant (``None``, a number, a string, a bool), a
    tuple, list or dict of values, a name (``NamingValue``: a variable, or ``self.attr`` with
    scope ``self``), an object of another type (``CustomObjValue``), or an expression rewrite
    does not model (``UnsupportedValue``, held as its source text)."""

    ConstantValue = 0
    TupleValue = 20
    ListValue = 21
    DictValue = 22
    NamingValue = 40
    CustomObjValue = 41
    UnsupportedValue = 50


def check_type(value: Any, arg: str, types: tuple, api: str) -> None:
    """MindSpore's Validator wording for an argument of the wrong type (a TypeError)."""
    if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
        names = [t.__name__ for t in types]
        want = f"'{names[0]}'" if len(names) == 1 else f"one of '{names}'"
        fail(
            api,
            f"the type of '{arg}' should be {want}, but got type '{type(value).__name__}'.",
            TypeError,
        )


def check_items(values: Any, arg: str, types: tuple, api: str) -> None:
    """Each element of the list or tuple ``values`` is one of ``types`` (MindSpore's wording)."""
    check_type(values, arg, (list, tuple), api)
    for v in values:
        if not isinstance(v, types):
            names = [t.__name__ for t in types]
            want = names[0] if len(names) == 1 else f"one of {names}"
            fail(
                api,
                f"the type of '{arg}' should be {want}, but got '{v}' with type "
                f"'{type(v).__name__}'.",
                TypeError,
            )


class ScopedValue:
    """A value with its scope: ``ScopedValue(ValueType.NamingValue, "self", "conv")`` is
    ``self.conv``. Build one with :meth:`create_variable_value` (from a Python value) or
    :meth:`create_naming_value` (a name).

    Args:
        arg_type (ValueType): the kind of value (a constant, a container, a name, ...).
        scope (str): the scope of a name (``"self"`` for ``self.conv``). Default: ``""``.
        value (Any): the constant, the container of values or the name. Default: ``None``.

    Examples:
        >>> from deepsink.rewrite import ScopedValue
        >>> str(ScopedValue.create_naming_value("conv", "self"))
        'self.conv'
    """

    def __init__(self, arg_type: ValueType, scope: str = "", value: Any = None) -> None:
        check_type(arg_type, "arg_type", (ValueType,), "ScopedValue")
        check_type(scope, "scope", (str,), "ScopedValue")
        self.type = arg_type
        self.scope = scope
        self.value = value

    @classmethod
    def create_variable_value(cls, value: Any) -> ScopedValue:
        """The value of ``value``'s type: a constant, a tuple/list/dict of values, else an object."""
        if value is None or isinstance(value, int | float | str | bool):
            return cls(ValueType.ConstantValue, "", value)
        if isinstance(value, tuple):
            return cls(ValueType.TupleValue, "", tuple(map(cls.create_variable_value, value)))
        if isinstance(value, list):
            return cls(ValueType.ListValue, "", list(map(cls.create_variable_value, value)))
        if isinstance(value, dict):
            items = {
                cls.create_variable_value(k): cls.create_variable_value(v) for k, v in value.items()
            }
            return cls(ValueType.DictValue, "", items)
        return cls(ValueType.CustomObjValue, "", value)

    @classmethod
    def create_naming_value(cls, name: str, scope: str = "") -> ScopedValue:
        """A reference to the variable ``name`` (``scope.name`` when ``scope`` is given)."""
        check_type(name, "name", (str,), "ScopedValue")
        check_type(scope, "scope", (str,), "ScopedValue")
        return cls(ValueType.NamingValue, scope, name)

    @staticmethod
    def create_name_values(names: list | tuple, scopes: list | tuple | None = None) -> list:
        """One naming value per name (with the matching scope when ``scopes`` is given)."""
        check_items(names, "names", (str,), "ScopedValue")
        if scopes is not None:
            check_items(scopes, "scopes", (str,), "ScopedValue")
            if len(names) != len(scopes):
                raise ValueError("Length of names should be equal to length of scopes")
        return [
            ScopedValue.create_naming_value(n, scopes[i] if scopes is not None else "")
            for i, n in enumerate(names)
        ]

    def __str__(self) -> str:
        if self.type == ValueType.ConstantValue:
            return str(self.value)
        if self.type == ValueType.NamingValue:
            return f"{self.scope}.{self.value}" if self.scope else str(self.value)
        if self.type == ValueType.CustomObjValue:
            return f"CustomObj: {self.value}"
        return f"Illegal ValueType: {self.type}"

    def __repr__(self) -> str:
        return str(self)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, ScopedValue):
            return False
        return self.type == other.type and self.scope == other.scope and self.value == other.value

    def __hash__(self) -> int:
        return hash((self.type, self.scope, self.value))

    def source(self) -> str:
        """The value as Python source (an object has none: the tree stores it as an attribute)."""
        t = self.type
        if t == ValueType.ConstantValue:
            return repr(self.value)
        if t == ValueType.NamingValue:
            return str(self)
        if t in (ValueType.TupleValue, ValueType.ListValue):
            inner = ", ".join(v.source() for v in self.value)
            if t == ValueType.ListValue:
                return f"[{inner}]"
            return f"({inner},)" if len(self.value) == 1 else f"({inner})"
        if t == ValueType.DictValue:
            return (
                "{" + ", ".join(f"{k.source()}: {v.source()}" for k, v in self.value.items()) + "}"
            )
        if t == ValueType.UnsupportedValue:
            return str(self.value)
        raise TypeError(
            f"For 'ScopedValue', an object of type '{type(self.value).__name__}' has "
            "no source; insert it through a node that stores it on the network"
        )


def from_ast(node: ast.expr) -> ScopedValue:
    """The ScopedValue of an expression of ``construct``'s source."""
    if isinstance(node, ast.Constant):
        return ScopedValue(ValueType.ConstantValue, "", node.value)
    if isinstance(node, ast.Name):
        return ScopedValue(ValueType.NamingValue, "", node.id)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return ScopedValue(ValueType.NamingValue, node.value.id, node.attr)
    if isinstance(node, ast.Tuple | ast.List):
        elts = [from_ast(e) for e in node.elts]
        if all(e.type != ValueType.UnsupportedValue for e in elts):
            if isinstance(node, ast.Tuple):
                return ScopedValue(ValueType.TupleValue, "", tuple(elts))
            return ScopedValue(ValueType.ListValue, "", elts)
    return ScopedValue(ValueType.UnsupportedValue, "", ast.unparse(node))
