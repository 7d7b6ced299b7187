"""``mindspore.rewrite.SymbolTree``: a Cell's ``construct`` parsed into nodes that can be inserted,
replaced or erased, then turned back into source (:meth:`SymbolTree.get_code`) and into a new Cell
running it (:meth:`SymbolTree.get_network`).

``construct`` is parsed by deepsink's source-to-graph converter (``_compile.graph_syntax``),
flattened (``rewrite/flatten.py``) and each statement becomes a node: a call of a Cell attribute
(``CallCell``; a user-written sub-network is a ``Tree`` node with its own sub-tree; a
``SequentialCell``/``CellList`` a ``CellContainer``), of a Primitive, of a function, an
operation (``MathOps``), an assignment or tuple build (``CallMethod``), the arguments (``Input``)
and the return (``Output``). Other statements (``if``, ``for``, ``while``...) are ``Python`` nodes
kept as written. The generated code is MindSpore's: a class ``<Name>Opt`` deriving from the
network's class, whose ``__init__`` takes the original network's attributes.
"""

from __future__ import annotations

import ast
import warnings
from typing import Any

from deepsink._compile.graph_syntax import parse_function
from deepsink.rewrite.code import module_code, next_class_name, run_module
from deepsink.rewrite.common import namespace
from deepsink.rewrite.flatten import flatten_body, free_name
from deepsink.rewrite.node import Node
from deepsink.rewrite.node_type import NodeType
from deepsink.rewrite.values import ScopedValue, ValueType, check_items, check_type, from_ast


def _is_container(obj: Any) -> bool:
    from deepsink.nn.layer.container import CellList, SequentialCell

    return isinstance(obj, CellList | SequentialCell)


class Position:
    """Where :meth:`SymbolTree.insert` puts a node: before or after ``node`` of ``tree``."""

    def __init__(self, tree: SymbolTree, node: Node, before: bool) -> None:
        self.symbol_tree = tree
        self.node = node
        self.before_node = before


class SymbolTree:
    """A network's ``construct`` as a list of :class:`~deepsink.rewrite.Node`. Build one with
    :meth:`create`; the network's class must be defined in a source file (rewrite reads its
    ``construct`` source, so the example below is not run as a doctest).

    Args:
        network (Cell): the user-written Cell whose ``construct`` is parsed.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.rewrite import SymbolTree
        >>> class Net(ms.nn.Cell):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.dense = ms.nn.Dense(4, 2)
        ...         self.relu = ms.nn.ReLU()
        ...     def construct(self, x):
        ...         return self.relu(self.dense(x))
        >>> stree = SymbolTree.create(Net())  # doctest: +SKIP
        >>> [n.get_name() for n in stree.nodes()]  # doctest: +SKIP
        ['input_x', 'dense', 'relu', 'return']
    """

    def __init__(self, network: Any) -> None:
        self._network = network
        self._nodes: list[Node] = []
        self._node_names: set[str] = set()
        self._var_names: set[str] = set()
        self._saved_file_name = "./network_define.py"
        self._opt_name = next_class_name(type(network).__name__ + "Opt")
        self._parse()

    @classmethod
    def create(cls, network: Any) -> SymbolTree:
        """Parse ``network``'s ``construct`` (a user-written Cell) into a SymbolTree."""
        from deepsink.nn.cell import Cell

        check_type(network, "network", (Cell,), "SymbolTree")
        return cls(network)

    # --- parsing ------------------------------------------------------------------------------

    def _parse(self) -> None:
        construct = type(self._network).construct
        try:
            parsed = parse_function(construct)
        except (OSError, TypeError) as e:
            raise RuntimeError(
                f"For 'SymbolTree', the source of {type(self._network).__name__}.construct cannot be "
                f"read ({e}); define the network in a .py file"
            ) from None
        if parsed is None:
            raise RuntimeError(
                f"For 'SymbolTree', {type(self._network).__name__}.construct does not parse"
            )
        fn = parsed[0]
        self._file = parsed[1]
        args = fn.args
        params = [a.arg for a in args.posonlyargs + args.args][1:]
        self._var_names.update(params)
        for n in ast.walk(fn):
            if isinstance(n, ast.Name):
                self._var_names.add(n.id)
        flatten_body(fn.body, self.unique_name)
        defaults = [None] * (len(params) - len(args.defaults)) + list(args.defaults)
        for p, d in zip(params, defaults, strict=True):
            default = None if d is None else from_ast(d)
            self._append(Node.create_input(p, default))
        self._vararg = args.vararg.arg if args.vararg else None
        self._kwarg = args.kwarg.arg if args.kwarg else None
        for stmt in fn.body:
            self._append(self._node_of(stmt))

    def _append(self, node: Node) -> None:
        node._name = self._unique_node_name(node._name)
        node._tree = self
        self._nodes.append(node)

    def _unique_node_name(self, name: str) -> str:
        out = free_name(name, self._node_names)
        self._node_names.add(out)
        return out

    def _node_of(self, stmt: ast.stmt) -> Node:
        if isinstance(stmt, ast.If | ast.For | ast.While):
            for body in (stmt.body, stmt.orelse):
                flatten_body(body, self.unique_name)
            test = stmt.iter if isinstance(stmt, ast.For) else stmt.test
            name = {ast.If: "if_node", ast.For: "for_node", ast.While: "while_node"}[type(stmt)]
            return Node(NodeType.ControlFlow, name, [], None, [from_ast(test)], {}, None, stmt)
        if isinstance(stmt, ast.Return) and stmt.value is not None:
            return Node(NodeType.Output, "return", [], None, [from_ast(stmt.value)], {})
        value = stmt.value if isinstance(stmt, ast.Assign | ast.Expr) else None
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            targets = _target_values(stmt.targets[0])
        elif isinstance(stmt, ast.Expr) and isinstance(value, ast.Call):
            targets = []
        else:
            targets, value = None, None
        if targets is not None and value is not None:
            node = self._value_node(targets, value)
            if node is not None:
                return node
        return Node(NodeType.Python, type(stmt).__name__.lower(), [], None, [], {}, None, stmt)

    def _value_node(self, targets: list, value: ast.expr) -> Node | None:
        if isinstance(value, ast.Call):
            return self._call_node(targets, value)
        if isinstance(value, ast.BinOp | ast.UnaryOp | ast.BoolOp | ast.Compare):
            return _math_node(targets, value)
        if isinstance(value, ast.Constant | ast.Name | ast.Attribute | ast.Subscript):
            name = (
                "subscript_var"
                if isinstance(value, ast.Subscript)
                else type(value).__name__.lower() + "_assign"
            )
            func = ScopedValue.create_naming_value("pass_through")
            return Node(NodeType.CallMethod, name, targets, func, [from_ast(value)], {})
        if isinstance(value, ast.Tuple | ast.List):
            elts = [from_ast(e) for e in value.elts]
            if any(e.type == ValueType.UnsupportedValue for e in elts):
                return None
            kind = "tuple" if isinstance(value, ast.Tuple) else "list"
            return Node(
                NodeType.CallMethod, kind, targets, ScopedValue.create_naming_value(kind), elts, {}
            )
        return None

    def _call_node(self, targets: list, call: ast.Call) -> Node | None:
        if any(isinstance(a, ast.Starred) for a in call.args) or any(
            k.arg is None for k in call.keywords
        ):
            return None
        func = call.func
        if isinstance(func, ast.Name):
            scope, name = "", func.id
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name | ast.Attribute):
            scope, name = ast.unparse(func.value), func.attr
        else:
            return None
        args = [from_ast(a) for a in call.args]
        kwargs = {k.arg: from_ast(k.value) for k in call.keywords}
        fvalue = ScopedValue.create_naming_value(name, scope)
        if scope == "self":
            obj = getattr(self._network, name, None)
            from deepsink.nn.cell import Cell
            from deepsink.ops.primitive import Primitive

            if isinstance(obj, Cell):
                kind = NodeType.CellContainer if _is_container(obj) else NodeType.CallCell
                node = Node(kind, name, targets, fvalue, args, kwargs, obj)
                if kind == NodeType.CallCell and namespace.is_subtree(obj):
                    node._type = NodeType.Tree
                    node._sub_tree = SymbolTree(obj)
                return node
            if isinstance(obj, Primitive):
                return Node(NodeType.CallPrimitive, name, targets, fvalue, args, kwargs, obj)
        return Node(
            NodeType.CallFunction, name, targets, fvalue, args, kwargs, self._resolve(scope, name)
        )

    def _resolve(self, scope: str, name: str) -> Any:
        """The function a call names, looked up as ``construct`` would (None for a local)."""
        env = dict(vars(__import__("builtins")))
        env.update(type(self._network).construct.__globals__)
        env["self"] = self._network
        try:
            fn = eval(f"{scope}.{name}" if scope else name, env)  # noqa: S307 - names only
        except Exception:  # noqa: BLE001 - a local variable or a method of one
            return None
        # MindSpore keeps no instance for its own functions and Python's builtins
        module = getattr(fn, "__module__", None) or ""
        return None if module.startswith(("deepsink", "builtins")) or module == "" else fn

    # --- reading ------------------------------------------------------------------------------

    def get_handler(self) -> SymbolTree:
        """The tree itself (MindSpore returns its implementation object)."""
        return self

    def get_origin_network(self) -> Any:
        """The network the tree was made from."""
        return self._network

    def nodes(self, all_nodes: bool = False) -> Any:
        """A generator over the nodes in order; ``all_nodes`` adds the nodes of sub-trees."""
        check_type(all_nodes, "all_nodes", (bool,), "nodes")
        for node in list(self._nodes):
            yield node
            if all_nodes and node._sub_tree is not None:
                yield from node._sub_tree.nodes(True)

    def all_nodes(self, subtree_nodes: bool = True) -> list[Node]:
        """Every node, those of sub-trees included when ``subtree_nodes``."""
        check_type(subtree_nodes, "subtree_nodes", (bool,), "all_nodes")
        return list(self.nodes(subtree_nodes))

    def get_node(self, node_name: str) -> Node | None:
        """The node named ``node_name``, or None."""
        check_type(node_name, "node_name", (str,), "SymbolTree")
        return next((n for n in self._nodes if n._name == node_name), None)

    def get_inputs(self) -> list[Node]:
        """The ``Input`` nodes."""
        return [n for n in self._nodes if n._type == NodeType.Input]

    def _providers(self, node: Node) -> dict:
        """{argument index: (provider node, target index)}; kwargs indexed after the args."""
        out = {}
        pos = self._nodes.index(node)
        for i, arg in enumerate([*node._args, *node._kwargs.values()]):
            for name in _names_read(arg):
                for prev in reversed(self._nodes[:pos]):
                    hit = [
                        j
                        for j, t in enumerate(prev._targets)
                        if t.type == ValueType.NamingValue and not t.scope and t.value == name
                    ]
                    if hit:
                        out.setdefault(i, (prev, hit[0]))
                        break
        return out

    def providers_of(self, node: Node) -> dict:
        return self._providers(node)

    def inputs_of(self, node: Node) -> list[Node]:
        out: list[Node] = []
        for prev, _ in self._providers(node).values():
            if prev not in out:
                out.append(prev)
        return out

    def target_users_of(self, node: Node) -> dict:
        out: dict = {}
        for user in self._nodes[self._nodes.index(node) + 1 :]:
            for i, (prev, t) in self._providers(user).items():
                if prev is node:
                    out.setdefault(t, []).append((user, i))
        return out

    def users_of(self, node: Node) -> list[Node]:
        out: list[Node] = []
        for users in self.target_users_of(node).values():
            for user, _ in users:
                if user not in out:
                    out.append(user)
        # MindSpore lists users as their edges were made: parsed nodes first, inserted ones after
        return sorted(out, key=lambda n: (n._inserted, self._nodes.index(n)))

    # --- editing ------------------------------------------------------------------------------

    def _real_node(self, node: Node | str, api: str) -> Node:
        check_type(node, "node", (Node, str), api)
        found = (
            self.get_node(node) if isinstance(node, str) else node if node in self._nodes else None
        )
        if found is None:
            raise RuntimeError("Node is not belong to current SymbolTree: ", node)
        return found

    def before(self, node: Node | str) -> Position:
        """The position before ``node`` (a node or its name)."""
        return Position(self, self._real_node(node, "SymbolTree"), True)

    def after(self, node: Node | str) -> Position:
        """The position after ``node`` (a node or its name)."""
        return Position(self, self._real_node(node, "SymbolTree"), False)

    def insert(self, position: Position, node: Node) -> Node:
        """Insert ``node`` (made by ``Node.create_*``) at ``position``; a Cell or Primitive it
        calls becomes an attribute of the network under the node's (unique) name."""
        check_type(position, "position", (Position,), "SymbolTree")
        check_type(node, "node", (Node,), "SymbolTree")
        if node._tree is not None:
            raise ValueError(
                f"Node in the SymbolTree cannot be inserted into SymbolTree again: {node._name}"
            )
        if position.symbol_tree is not self:
            raise ValueError("Position is not in current SymbolTree")
        base = self._nodes.index(position.node)
        index = base if position.before_node else base + 1
        if node._type != NodeType.Input and any(
            n._type == NodeType.Input for n in self._nodes[index:]
        ):
            raise RuntimeError(
                "Can not insert a node before or between parameters:", position.node._name
            )
        node._name = self._unique_node_name(node._name)
        node._tree = self
        node._inserted = True
        if node._type == NodeType.Tree and node._sub_tree is None:
            node._sub_tree = SymbolTree(node._instance)
        if node._type in (
            NodeType.CallCell,
            NodeType.CallPrimitive,
            NodeType.Tree,
            NodeType.CellContainer,
        ):
            node._func = ScopedValue.create_naming_value(node._name, "self")
            setattr(self._network, node._name, node._instance)
        self._nodes.insert(index, node)
        for t in node._targets:
            self._var_names.add(str(t))
        return node

    def erase(self, node: Node | str) -> Node:
        """Remove ``node``; its users keep reading its targets (set their arguments first)."""
        check_type(node, "node", (Node, str), "SymbolTree")
        if isinstance(node, Node) and node._tree is not None and node._tree is not self:
            return node._tree.erase(node)  # MindSpore erases a node from its own tree
        node = self._real_node(node, "SymbolTree")
        self._nodes.remove(node)
        self._node_names.discard(node._name)
        node._tree = None
        return node

    erase_node = erase

    def replace(self, old_node: Node, new_nodes: list[Node]) -> Node:
        """Put ``new_nodes`` where ``old_node`` is; the last new node is returned."""
        check_type(old_node, "old_node", (Node,), "SymbolTree")
        check_items(new_nodes, "new_nodes", (Node,), "SymbolTree")
        if old_node not in self._nodes:
            raise RuntimeError("Old node is not belong to current SymbolTree:", old_node)
        last = old_node
        for n in new_nodes:
            last = self.insert(Position(self, last, False), n)
        self.erase(old_node)
        return last

    def set_output(self, index: int, return_value: str) -> Node:
        """Make the return's output ``index`` the name ``return_value``."""
        check_type(index, "index", (int,), "SymbolTree")
        check_type(return_value, "return_value", (str,), "SymbolTree")
        out = next((n for n in self._nodes if n._type == NodeType.Output), None)
        if out is None:
            raise RuntimeError("Current node_manager has no output")
        returns = out._args[0].value if out._args[0].type == ValueType.TupleValue else None
        if returns is not None:
            if not 0 <= index < len(returns):
                raise ValueError(
                    f"The 'index' must be in range of [0, {len(returns)}), but got {index} with type 'int'."
                )
            items = list(returns)
            items[index] = ScopedValue.create_naming_value(return_value)
            out._args[0] = ScopedValue(ValueType.TupleValue, "", tuple(items))
        elif index != 0:
            raise ValueError(
                f"The 'index' must be in range of [0, 1), but got {index} with type 'int'."
            )
        else:
            out._args[0] = ScopedValue.create_naming_value(return_value)
        return out

    def unique_name(self, name: str = "output") -> str:
        """A variable name not yet used in ``construct`` (``name``, else ``name_1``, ...)."""
        check_type(name, "name", (str,), "SymbolTree")
        out = free_name(name, self._var_names)
        self._var_names.add(out)
        return out

    # --- output -------------------------------------------------------------------------------

    def opt_class_name(self) -> str:
        return self._opt_name

    def construct_code(self) -> list[str]:
        """``construct``'s lines, 8 spaces deep as in the class."""
        params = [
            "self",
            *(
                str(n._targets[0]) + ("" if n._instance is None else f"={n._instance.source()}")
                for n in self.get_inputs()
            ),
        ]
        if self._vararg:
            params.append("*" + self._vararg)
        if self._kwarg:
            params.append("**" + self._kwarg)
        lines = [f"    def construct({', '.join(params)}):"]
        for n in self._nodes:
            for line in n.code().splitlines():
                lines.append("        " + line)
        return lines

    def get_code(self) -> str:
        """The source of the rewritten network, as MindSpore generates it."""
        return module_code(self)

    def get_network(self) -> Any:
        """A new Cell (of class ``<Name>Opt``) running the rewritten ``construct``."""
        return run_module(self)

    def set_saved_file_name(self, file_name: str) -> None:
        """The file :meth:`save_network_to_file` writes (``.py`` added when missing)."""
        check_type(file_name, "file_name", (str,), "Saving network")
        self._saved_file_name = file_name if file_name.endswith(".py") else file_name + ".py"

    def get_saved_file_name(self) -> str:
        return self._saved_file_name

    def save_network_to_file(self) -> None:
        """Write :meth:`get_code` to the saved file name."""
        with open(self._saved_file_name, "w", encoding="utf-8") as f:
            f.write(self.get_code())

    def print_node_tabulate(self, all_nodes: bool = False) -> None:
        """Print the nodes as a table (node type, name, code, argument providers, target users);
        it needs the ``tabulate`` package, as in MindSpore."""
        check_type(all_nodes, "all_nodes", (bool,), "print_node_tabulate")
        try:
            from tabulate import tabulate
        except ImportError:
            warnings.warn(
                "print_node_tabulate relies on the library `tabulate`, which could not be found on "
                "this machine. Run `pip install tabulate` to install the library.",
                stacklevel=2,
            )
            return
        rows = []
        for n in self.nodes(all_nodes):
            providers = {i: (p._name, t) for i, (p, t) in n._tree._providers(n).items()}
            users = {
                t: [(u._name, i) for u, i in us] for t, us in n._tree.target_users_of(n).items()
            }
            rows.append([n._type, n._name, n.code() or str(n._targets[0]), providers, users])
        print(tabulate(rows, ["node type", "name", "codes", "arg providers", "target users"]))

    def dump(self) -> None:
        """Print the tree's nodes (MindSpore's debugging dump)."""
        self.print_node_tabulate()


def _target_values(target: ast.expr) -> list[ScopedValue] | None:
    if isinstance(target, ast.Name):
        return [ScopedValue.create_naming_value(target.id)]
    if isinstance(target, ast.Tuple | ast.List) and all(
        isinstance(e, ast.Name) for e in target.elts
    ):
        return [ScopedValue.create_naming_value(e.id) for e in target.elts]
    return None


def _math_node(targets: list, value: ast.expr) -> Node:
    kind = type(value).__name__
    if isinstance(value, ast.BinOp):
        args, op, name = [value.left, value.right], value.op, f"{kind}_{type(value.op).__name__}"
    elif isinstance(value, ast.UnaryOp):
        args, op, name = [value.operand], value.op, f"{kind}_{type(value.op).__name__}"
    elif isinstance(value, ast.BoolOp):
        args, op, name = list(value.values), value.op, f"{kind}_{type(value.op).__name__}"
    else:
        args, op = [value.left, *value.comparators], value.ops
        name = kind + "".join(f"_{type(o).__name__}" for o in value.ops)
    func = ScopedValue.create_naming_value(kind)
    func_op = ScopedValue(ValueType.NamingValue, "", op)
    node = Node(NodeType.MathOps, name.lower(), targets, func_op, [from_ast(a) for a in args], {})
    node._op_type = func
    return node


def _names_read(value: ScopedValue) -> list[str]:
    if value.type == ValueType.NamingValue and not value.scope:
        return [value.value]
    if value.type in (ValueType.TupleValue, ValueType.ListValue):
        return [n for v in value.value for n in _names_read(v)]
    return []  # MindSpore does not look into the names of an expression it does not model


__all__ = ["Position", "SymbolTree"]
