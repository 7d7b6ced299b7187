"""The source of a rewritten network, laid out as MindSpore's rewrite writes it (its imports, the
path of the network's file, the network's class, then ``class <Name>Opt(<Name>, nn.Cell)`` with the
sub-trees' classes first), and running that source for :meth:`SymbolTree.get_network`."""

from __future__ import annotations

import ast
import collections
import inspect
import linecache
import os
import re
import sys
import textwrap
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


# what the header binds: a file import binding one of these names to something else is renamed
_BOUND = {
    "sys": "sys",
    "mindspore": "mindspore",
    "nn": "mindspore.nn",
    "Cell": "mindspore.nn.Cell",
    "F": "mindspore.ops.functional",
}
_opt_names: collections.Counter = collections.Counter()


def next_class_name(name: str) -> str:
    """``<Name>Opt``, numbered from the second tree of a class on, as MindSpore numbers them."""
    n = _opt_names[name]
    _opt_names[name] += 1
    return name if n == 0 else f"{name}_{n}"


def _used_names(tree: Any) -> set[str]:
    """The names ``construct`` and the class's bases read."""
    cls = type(tree.get_origin_network())
    code = textwrap.dedent("\n".join(tree.construct_code()))
    names = {n.id for n in ast.walk(ast.parse(code)) if isinstance(n, ast.Name)}
    try:
        class_def = ast.parse(textwrap.dedent(inspect.getsource(cls))).body[0]
        for base in class_def.bases:
            names |= {n.id for n in ast.walk(base) if isinstance(n, ast.Name)}
    except (OSError, TypeError, SyntaxError, IndexError):
        pass
    return names


def _file_imports(tree: Any) -> tuple[list[str], dict[str, str]]:
    """The imports of the network's file that ``construct`` and the class bases use, each name
    that clashes with the header's renamed ``<name>_1``; and the renames."""
    cls = type(tree.get_origin_network())
    try:
        with open(inspect.getsourcefile(cls), encoding="utf-8") as f:
            module = ast.parse(f.read())
    except (OSError, TypeError, SyntaxError):
        return [], {}
    used = _used_names(tree)
    lines, renames = [], {}
    for stmt in module.body:
        if not isinstance(stmt, ast.Import | ast.ImportFrom):
            continue
        kept = []
        for a in stmt.names:
            bound = a.asname or a.name.split(".")[0]
            if bound not in used:
                continue
            target = a.name if isinstance(stmt, ast.Import) else f"{stmt.module}.{a.name}"
            if bound in _BOUND and _BOUND[bound] != (
                target if a.asname or "." not in a.name else bound
            ):
                renames[bound] = bound + "_1"
                a = ast.alias(a.name, bound + "_1")
            kept.append(a)
        if kept:
            stmt.names = kept
            lines.append(ast.unparse(stmt))
    return lines, renames


def _class_lines(tree: Any, name: str, attrs: list[str], subs: dict, renames: dict) -> list[str]:
    base = type(tree.get_origin_network()).__name__
    nn = renames.get("nn", "nn")
    lines = [
        "",
        f"class {name}({base}, {nn}.Cell):",
        "",
        "    def __init__(self, obj):",
        f"        {nn}.Cell.__init__(self)",
        "        for key, value in obj.__dict__.items():",
        "            setattr(self, key, value)",
    ]
    for attr in attrs:
        if attr in subs:
            lines.append(f"        self.{attr} = {subs[attr]}(self.{attr})")
        else:
            lines.append(f"        self.{attr} = obj.{attr}")
    construct = tree.construct_code()
    for old, new in renames.items():
        construct = [re.sub(rf"\b{old}\.", f"{new}.", line) for line in construct]
    return [*lines, "", *construct]


def _tree_blocks(tree: Any, done: dict) -> tuple[str, list]:
    """The class name of ``tree`` and the blocks (imports, class) of it and of its sub-trees,
    each later sub-tree's before the earlier ones' as MindSpore lays them out (a sub-tree whose
    class text is already there reuses that class)."""
    subs, blocks = {}, []
    for node in tree.nodes():
        if node.get_node_type() == NodeType.Tree:
            subs[str(node._func.value)], sub_blocks = _tree_blocks(node.get_sub_tree(), done)
            blocks = sub_blocks + blocks
    cls = type(tree.get_origin_network())
    added = [
        str(n._func.value)
        for n in tree._nodes
        if n._inserted and n._func is not None and n._func.scope == "self"
    ]
    attrs = list(subs) + [a for a in added if a not in subs]
    imports, renames = _file_imports(tree)
    key = (cls, "\n".join(_class_lines(tree, "", attrs, subs, renames)))
    if key in done:
        return done[key], blocks
    name = done[key] = tree.opt_class_name()
    path = os.path.dirname(os.path.abspath(inspect.getsourcefile(cls) or ""))
    head = [f"sys.path.insert(0, {path!r})", *imports]
    if cls.__module__ == "__main__":
        head.append(f"{cls.__name__} = getattr(sys.modules['__main__'], '{cls.__name__}')")
    else:
        head.append(f"from {cls.__module__} import {cls.__name__}")
    return name, [*blocks, [*head, *_class_lines(tree, name, attrs, subs, renames), "#"]]


def module_code(tree: Any) -> str:
    """The whole module's source."""
    blocks = _tree_blocks(tree, {})[1]
    lines = list(_HEADER)
    seen: set[str] = set(lines[:5])
    for block in blocks:
        for line in block:
            if line.startswith(("import ", "from ")) and line in seen:
                continue
            seen.add(line)
            lines.append(line)
    return "\n".join(lines)


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
                    a.name = "deepsink" + a.name[len("mindspore") :]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "mindspore":
            node.module = "deepsink" + node.module[len("mindspore") :]
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
