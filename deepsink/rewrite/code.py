"""The source of a rewritten network, laid out as MindSpore's rewrite writes it (its imports, the
path of the network's file, the network's class, then ``class <Name>Opt(<Name>, nn.Cell)`` with the
sub-trees' classes first), and running that source for :meth:`SymbolTree.get_network`."""

from __future__ import annotations

import ast
import inspect
import linecache
import os
import sys
import types
from typing import Any

from deepsink.rewrite.node_type import NodeType

_HEADER = [
    "import sys",
    "import mindspore",
    "from mindspore import nn",
    "from mindspore.nn import Cell",
    "from mindspore.ops import functional as F",
    "#",
    "#",
]


def _file_imports(cls: type) -> list[str]:
    """The module-level imports of ``cls``'s file that its class body uses."""
    try:
        path = inspect.getsourcefile(cls)
        with open(path, encoding="utf-8") as f:
            module = ast.parse(f.read())
        used = {n.id for n in ast.walk(ast.parse(inspect.getsource(cls).strip())) if isinstance(n, ast.Name)}
    except (OSError, TypeError, SyntaxError):
        return []
    out = []
    for stmt in module.body:
        if isinstance(stmt, ast.Import | ast.ImportFrom):
            names = {(a.asname or a.name).split(".")[0] for a in stmt.names}
            if names & used:
                out.append(ast.unparse(stmt))
    return out


def _class_lines(tree: Any, name: str, attrs: list[str], subs: dict) -> list[str]:
    base = type(tree.get_origin_network()).__name__
    lines = [
        "",
        f"class {name}({base}, nn.Cell):",
        "",
        "    def __init__(self, obj):",
        "        nn.Cell.__init__(self)",
        "        for key, value in obj.__dict__.items():",
        "            setattr(self, key, value)",
    ]
    for attr in attrs:
        if attr in subs:
            lines.append(f"        self.{attr} = {subs[attr]}(obj.{attr})")
        else:
            lines.append(f"        self.{attr} = obj.{attr}")
    return [*lines, "", *tree.construct_code()]


def _tree_blocks(tree: Any, done: dict, blocks: list) -> str:
    """Append the blocks (imports, classes) of ``tree`` and its sub-trees; the class name."""
    subs = {}
    for node in tree.nodes():
        if node.get_node_type() == NodeType.Tree:
            subs[str(node._func.value)] = _tree_blocks(node.get_sub_tree(), done, blocks)
    cls = type(tree.get_origin_network())
    added = [n for n in tree._nodes if n._inserted and n._func is not None and n._func.scope == "self"]
    attrs = [str(n._func.value) for n in added] + [a for a in subs if a not in {str(n._func.value) for n in added}]
    name = tree.opt_class_name()
    body = _class_lines(tree, name, attrs, subs)
    key = "\n".join(body)
    taken = [v for k, v in done.items() if k[0] == name]
    if (name, key) in done:
        return done[(name, key)]
    if taken:
        name = f"{name}_{len(taken)}"
        body = _class_lines(tree, name, attrs, subs)
    done[(tree.opt_class_name(), key)] = name
    path = os.path.dirname(os.path.abspath(inspect.getsourcefile(cls) or ""))
    head = [f"sys.path.insert(0, {path!r})", *_file_imports(cls)]
    if cls.__module__ == "__main__":
        head.append(f"{cls.__name__} = getattr(sys.modules['__main__'], '{cls.__name__}')")
    else:
        head.append(f"from {cls.__module__} import {cls.__name__}")
    blocks.append([*head, *body, "#"])
    return name


def module_code(tree: Any) -> str:
    """The whole module's source."""
    blocks: list = []
    _tree_blocks(tree, {}, blocks)
    lines = list(_HEADER)
    seen: set[str] = set(lines[:5])
    for block in blocks:
        for line in block:
            if line.startswith(("import ", "from ", "sys.path.insert")) and line in seen:
                continue
            seen.add(line)
            lines.append(line)
    return "\n".join(lines) + "\n"


def _as_deepsink(code: str) -> str:
    """The code with its ``mindspore`` imports naming deepsink, unless the ``mindspore`` alias
    is installed (``deepsink run``)."""
    import importlib.util

    if importlib.util.find_spec("mindspore") is not None:
        return code
    module = ast.parse(code)
    for node in ast.walk(module):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] == "mindspore":
                    a.asname = a.asname or ("mindspore" if "." not in a.name else None)
                    a.name = "deepsink" + a.name[len("mindspore"):]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "mindspore":
            node.module = "deepsink" + node.module[len("mindspore"):]
    return ast.unparse(module)


def run_module(tree: Any) -> Any:
    """Execute the tree's source as a new module and build ``<Name>Opt`` from the network."""
    code = module_code(tree)
    cls_name = tree.opt_class_name()
    module = types.ModuleType(f"{cls_name}_{id(tree)}")
    module.__file__ = f"<rewrite {cls_name}_{id(tree)}>"
    sys.modules[module.__name__] = module
    # construct's source is read back when it is compiled (GRAPH_MODE, jit): keep it in linecache
    linecache.cache[module.__file__] = (len(code), None, code.splitlines(True), module.__file__)
    exec(compile(_as_deepsink(code), module.__file__, "exec"), module.__dict__)  # noqa: S102
    return getattr(module, cls_name)(tree.get_origin_network())
