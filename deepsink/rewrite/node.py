"""``mindspore.rewrite.Node``: one statement of a ``construct`` parsed by :class:`SymbolTree`
(a Cell, Primitive or function call, an assignment, an operation, an input, the return)."""

from __future__ import annotations

import ast
import types
from typing import Any

from deepsink.rewrite.node_type import NodeType
from deepsink.rewrite.values import ScopedValue, check_items, check_type


def _targets(targets: Any, api: str) -> list[ScopedValue]:
    check_items(targets, "targets", (ScopedValue, str), api)
    return [ScopedValue.create_naming_value(t) if isinstance(t, str) else t for t in targets]


def _call_args(args: Any, kwargs: Any, api: str) -> tuple[list, dict]:
    if args is not None:
        check_items(args, "args", (ScopedValue,), api)
    if kwargs is not None:
        check_type(kwargs, "kwargs", (dict,), api)
        for k, v in kwargs.items():
            if not isinstance(k, str) or not isinstance(v, ScopedValue):
                raise TypeError(
                    f"For '{api}', the type of 'kwargs' should be a dict of str to ScopedValue, "
                    f"but got key {k!r} with value of type '{type(v).__name__}'."
                )
    return list(args or []), dict(kwargs or {})


class Node:
    """A node of a :class:`~deepsink.rewrite.SymbolTree`. Nodes made by
    :meth:`create_call_cell`, :meth:`create_call_function` or :meth:`create_input` join a tree
    through ``SymbolTree.insert``.

    Args:
        node_type (NodeType): the kind of node.
        name (str): the node's name, unique in its tree.
        targets (list[ScopedValue]): the names the node's statement assigns.
        func (ScopedValue): what the node calls (``self.conv``, a function), or None.
        args (list[ScopedValue]): the call's positional arguments.
        kwargs (dict[str, ScopedValue]): the call's keyword arguments.
        instance (Any): the Cell, Primitive or function called. Default: ``None``.
        stmt (ast.stmt): the statement a ``Python`` node keeps as written. Default: ``None``.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.rewrite import Node, ScopedValue
        >>> node = Node.create_call_cell(ms.nn.ReLU(), ["x"], [ScopedValue.create_naming_value("x")],
        ...                              name="relu")
        >>> node.get_name(), str(node.get_targets()[0])
        ('relu', 'x')
    """

    def __init__(
        self,
        node_type: NodeType,
        name: str,
        targets: list,
        func: ScopedValue | None,
        args: list,
        kwargs: dict,
        instance: Any = None,
        stmt: ast.stmt | None = None,
    ) -> None:
        self._type = node_type
        self._name = name
        self._targets = targets
        self._func = func  # what is called: self.conv, F.relu, tuple, pass_through, an operator
        self._args = args
        self._kwargs = kwargs
        self._instance = instance
        self._stmt = stmt  # the statement of a Python node, kept as it is
        self._tree = None  # the SymbolTree the node belongs to (set when it joins one)
        self._sub_tree = None
        self._attributes: dict = {}
        self._inserted = False  # inserted by the user: the network gets its instance

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Node) and other is self

    def __hash__(self) -> int:
        return id(self)

    # --- construction -------------------------------------------------------------------------

    @staticmethod
    def create_call_cell(
        cell: Any,
        targets: list,
        args: list | None = None,
        kwargs: dict | None = None,
        name: str = "",
        is_sub_net: bool = False,
    ) -> Node:
        """A node calling ``cell`` (a Cell or Primitive) as ``targets = self.name(*args, **kwargs)``;
        with ``is_sub_net`` a user-written Cell is opened as a sub-tree."""
        from deepsink.nn.cell import Cell
        from deepsink.ops.primitive import Primitive

        check_type(cell, "cell", (Cell, Primitive), "Node")
        targets = _targets(targets, "Node")
        check_type(name, "name", (str,), "Node")
        check_type(is_sub_net, "is_sub_net", (bool,), "Node")
        args, kwargs = _call_args(args, kwargs, "Node")
        name = name or type(cell).__name__.lower()
        kind = NodeType.CallPrimitive if isinstance(cell, Primitive) else NodeType.CallCell
        node = Node(
            kind, name, targets, ScopedValue.create_naming_value(name, "self"), args, kwargs, cell
        )
        if is_sub_net and kind == NodeType.CallCell:
            node._type = NodeType.Tree  # SymbolTree.insert opens its sub-tree
        return node

    @staticmethod
    def create_call_function(
        function: Any, targets: list, args: list | None = None, kwargs: dict | None = None
    ) -> Node:
        """A node calling ``function`` as ``targets = function(*args, **kwargs)``."""
        api = "create_call_function"
        check_type(function, "function", (types.FunctionType, type, types.BuiltinFunctionType), api)
        targets = _targets(targets, api)
        args, kwargs = _call_args(args, kwargs, api)
        func = ScopedValue.create_naming_value(function.__name__)
        return Node(NodeType.CallFunction, function.__name__, targets, func, args, kwargs, function)

    @staticmethod
    def create_input(param_name: str, default: ScopedValue | None = None) -> Node:
        """An argument ``param_name`` of ``construct`` (with a default value)."""
        check_type(param_name, "param_name", (str,), "Node")
        if default is not None:
            check_type(default, "default", (ScopedValue,), "Node")
        target = [ScopedValue.create_naming_value(param_name)]
        return Node(NodeType.Input, f"input_{param_name}", target, None, [], {}, default)

    # --- reading ------------------------------------------------------------------------------

    def get_handler(self) -> Node:
        """The node itself (MindSpore returns its implementation object)."""
        return self

    def get_name(self) -> str:
        """The node's name, unique in its tree (``conv1``, ``relu_1``, ``input_x``, ``return``)."""
        return self._name

    def get_node_type(self) -> NodeType:
        """The node's :class:`NodeType`."""
        return self._type

    def get_instance_type(self) -> type:
        """The type of what the node calls (``nn.Conv2d``, a Primitive's class, a function's
        type), ``type(None)`` for an input, the return and Python nodes."""
        if self._type in (NodeType.Input, NodeType.Output, NodeType.Python, NodeType.ControlFlow):
            return type(None)
        return type(self._instance)

    def get_instance(self) -> Any:
        """What the node calls: the Cell, Primitive or function."""
        return self._instance

    def get_targets(self) -> list[ScopedValue]:
        """The names the node assigns."""
        return list(self._targets)

    def get_args(self) -> list[ScopedValue]:
        """The positional arguments of the call (the operands of an operation)."""
        return list(self._args)

    def get_kwargs(self) -> dict:
        """The keyword arguments of the call."""
        return dict(self._kwargs)

    def get_symbol_tree(self) -> Any:
        """The :class:`SymbolTree` the node belongs to (None before it is inserted)."""
        return self._tree

    def get_sub_tree(self) -> Any:
        """The sub-tree of a ``NodeType.Tree`` node."""
        if self._type != NodeType.Tree:
            raise TypeError(
                f"For get_sub_tree, the type of node should be 'NodeType.Tree', but got '{self._type}'."
            )
        return self._sub_tree

    def get_inputs(self) -> list[Node]:
        """The nodes whose targets this node reads."""
        return self._tree.inputs_of(self) if self._tree is not None else []

    def get_users(self) -> list[Node]:
        """The nodes that read this node's targets."""
        return self._tree.users_of(self) if self._tree is not None else []

    def get_arg_providers(self) -> dict:
        """``{argument index: (node, target index)}`` for each argument another node provides."""
        return self._tree.providers_of(self) if self._tree is not None else {}

    def get_target_users(self, index: int = -1) -> dict | list:
        """``{target index: [(node, argument index)]}``, or the list of one target's users."""
        check_type(index, "index", (int,), "get_target_users")
        users = self._tree.target_users_of(self) if self._tree is not None else {}
        return users if index == -1 else users.get(index, [])

    # --- editing ------------------------------------------------------------------------------

    def set_arg(self, index: int, arg: ScopedValue | str) -> None:
        """Replace the positional argument ``index``; a string is a name."""
        check_type(index, "index", (int,), "Node")
        check_type(arg, "arg", (ScopedValue, str), "Node")
        if not 0 <= index < len(self._args):
            raise ValueError(
                f"For 'Node', index {index} of args is out of range of {len(self._args)} arguments"
            )
        self._args[index] = ScopedValue.create_naming_value(arg) if isinstance(arg, str) else arg

    def set_arg_by_node(self, arg_idx: int, src_node: Node, out_idx: int | None = None) -> None:
        """Make argument ``arg_idx`` read ``src_node``'s target ``out_idx`` (its only one by
        default)."""
        check_type(arg_idx, "arg_idx", (int,), "Node")
        check_type(src_node, "src_node", (Node,), "Node")
        targets = src_node.get_targets()
        if out_idx is None:
            if len(targets) != 1:
                raise RuntimeError("node should has one output when out_idx is not provided")
            out_idx = 0
        check_type(out_idx, "out_idx", (int,), "Node")
        if not 0 <= out_idx < len(targets):
            raise RuntimeError("out_idx out of range: ", out_idx)
        self.set_arg(arg_idx, targets[out_idx])

    def set_attribute(self, key: str, value: Any) -> None:
        """Attach ``value`` to the node under ``key``."""
        check_type(key, "key", (str,), "Node attribute")
        self._attributes[key] = value

    def get_attributes(self) -> dict:
        """The attributes attached with :meth:`set_attribute`."""
        return dict(self._attributes)

    def get_attribute(self, key: str) -> Any:
        """One attribute attached with :meth:`set_attribute` (None when absent)."""
        check_type(key, "key", (str,), "Node attribute")
        return self._attributes.get(key)

    # --- source -------------------------------------------------------------------------------

    def code(self) -> str:
        """The node's statement as Python source (an input is a parameter: empty)."""
        kind = self._type
        if kind == NodeType.Input:
            return ""
        if kind == NodeType.Python:
            return ast.unparse(self._stmt)
        if kind == NodeType.ControlFlow:  # the statement with its (flattened) test or iterable
            stmt = self._stmt
            expr = ast.parse(self._args[0].source(), mode="eval").body
            setattr(stmt, "iter" if isinstance(stmt, ast.For) else "test", expr)
            return ast.unparse(stmt)
        args = [a.source() for a in self._args]
        if kind == NodeType.Output:
            return "return " + (args[0] if len(args) == 1 else "(" + ", ".join(args) + ")")
        if kind == NodeType.MathOps:
            value = _math_source(self._func.value, args)
        elif self._func is not None and self._func.value == "pass_through":
            value = args[0]
        elif (
            self._func is not None
            and self._func.value in ("tuple", "list")
            and not self._func.scope
            and self._type == NodeType.CallMethod
        ):
            inner = ", ".join(args)
            value = (
                f"[{inner}]"
                if self._func.value == "list"
                else f"({inner},)"
                if len(args) == 1
                else f"({inner})"
            )
        else:
            parts = args + [f"{k}={v.source()}" for k, v in self._kwargs.items()]
            value = f"{self._func}({', '.join(parts)})"
        if not self._targets:
            return value
        names = [str(t) for t in self._targets]
        return (names[0] if len(names) == 1 else "(" + ", ".join(names) + ")") + " = " + value


def _math_source(op: ast.AST, args: list[str]) -> str:
    """An operation's source from its operator and operands' sources."""
    expr = [ast.parse(a, mode="eval").body for a in args]
    if isinstance(op, ast.operator):
        tree: ast.expr = ast.BinOp(expr[0], op, expr[1])
    elif isinstance(op, ast.unaryop):
        tree = ast.UnaryOp(op, expr[0])
    elif isinstance(op, ast.boolop):
        tree = ast.BoolOp(op, expr)
    else:  # a comparison: the list of its operators
        tree = ast.Compare(expr[0], list(op), expr[1:])
    return ast.unparse(tree)


__all__ = ["Node"]
