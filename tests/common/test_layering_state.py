"""The bottom floor's state has one owner each: the context options are read through
``deepsink.context``'s functions (``get_context``, ``option``, ``is_graph_mode``,
``parallel_options``) and the mode is switched for a block with ``context.mode_scope``; Tensor is
extended only through ``register_methods`` / ``register_provider`` in ``common/tensor.py``.
Read from the source (every module of ``deepsink``), so a new direct read or write fails here."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

import deepsink as ms
from deepsink import context
from deepsink.common import tensor as tensor_module

ROOT = Path(__file__).resolve().parents[2] / "deepsink"


@functools.cache
def _sources() -> dict[Path, ast.AST]:
    """Every module of deepsink, parsed once, by the test that first needs it (not at collection,
    which every pytest-xdist worker runs)."""
    return {p: ast.parse(p.read_text()) for p in sorted(ROOT.rglob("*.py"))}


TENSOR_PY = ROOT / "common" / "tensor.py"


def _where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(ROOT.parent)}:{node.lineno}: {ast.unparse(node)[:80]}"


def _aliases(tree: ast.AST, module: str) -> set[str]:
    """The names a module binds to ``module`` (``from deepsink import context``, ``import
    deepsink.common.tensor as _tensor``, ...)."""
    package, _, name = module.rpartition(".")
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == package:
            names |= {a.asname or a.name for a in node.names if a.name == name}
        elif isinstance(node, ast.Import):
            names |= {a.asname for a in node.names if a.name == module and a.asname}
    return names


def _private(node: ast.AST, names: set[str]) -> bool:
    """Whether ``node`` is ``<one of names>._name`` (a private name, not a dunder)."""
    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in names
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
    )


def _private_uses(module: str, skip: Path) -> list[str]:
    """Every ``<alias of module>._name`` (a private name, not a dunder) outside ``skip``, and every
    ``from module import _name``."""
    found = []
    for path, tree in _sources().items():
        if path == skip:
            continue
        names = _aliases(tree, module)
        for node in ast.walk(tree):
            if _private(node, names):
                found.append(_where(path, node))
            elif isinstance(node, ast.ImportFrom) and node.module == module:
                if any(a.name.startswith("_") and not a.name.startswith("__") for a in node.names):
                    found.append(_where(path, node))
    return found


_MUTATORS = {"append", "extend", "add", "update", "pop", "clear", "setdefault", "remove", "insert"}


def _private_writes(module: str, skip: Path) -> list[str]:
    """Every assignment to ``<alias of module>._name`` (or to an item of it), and every call of a
    mutating method on it, outside ``skip``."""
    found = []
    for path, tree in _sources().items():
        if path == skip:
            continue
        names = _aliases(tree, module)

        for node in ast.walk(tree):
            if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign | ast.Delete):
                targets = (
                    node.targets if isinstance(node, ast.Assign | ast.Delete) else [node.target]
                )
                for t in targets:
                    if _private(t, names) or (
                        isinstance(t, ast.Subscript) and _private(t.value, names)
                    ):
                        found.append(_where(path, node))
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in _MUTATORS
                and _private(node.func.value, names)
            ):
                found.append(_where(path, node))
    return found


def test_context_state_is_read_through_its_functions() -> None:
    """No module reads or writes ``context._values``, ``context._parallel``, ...: the mode
    switched for a block is ``with context.mode_scope(mode):``, restored however it ends."""
    assert _private_uses("deepsink.context", ROOT / "context.py") == []


def test_tensor_module_privates_stay_in_it() -> None:
    """What builds on Tensor registers through ``register_provider``, not by writing the tensor
    module's private names (as the gradient-hook mechanism once wrote ``_GRAD_HOOKS``)."""
    assert _private_writes("deepsink.common.tensor", TENSOR_PY) == []


def test_tensor_is_extended_only_by_register_methods() -> None:
    """No ``setattr(Tensor, ...)`` or ``Tensor.name = ...`` outside ``common/tensor.py``: the ops
    and numpy packages hand their methods to ``register_methods``."""
    found = []
    for path, tree in _sources().items():
        if path == TENSOR_PY:
            continue
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "setattr"
                and isinstance(node.args[0], ast.Name)
                and node.args[0].id == "Tensor"
            ):
                found.append(_where(path, node))
            targets = node.targets if isinstance(node, ast.Assign) else []
            found += [
                _where(path, node)
                for t in targets
                if isinstance(t, ast.Attribute)
                and isinstance(t.value, ast.Name)
                and t.value.id == "Tensor"
            ]
    assert found == []


def test_registered_methods_name_their_owner() -> None:
    """The registry records which module defined each registered method; the class's own keep
    theirs (a later registration of a name Tensor has does not replace it)."""
    assert tensor_module.method_owner("sin") == "deepsink.ops.tensor_methods"
    assert tensor_module.method_owner("resize") == "deepsink.numpy.tensor_methods"
    assert tensor_module.method_owner("reshape") is None  # defined in the class
    before = ms.Tensor.reshape
    tensor_module.register_methods({"reshape": lambda self, *s: "replaced"}, "elsewhere")
    assert ms.Tensor.reshape is before and tensor_module.method_owner("reshape") is None


def test_an_unknown_provider_role_is_refused() -> None:
    with pytest.raises(ValueError, match=r"For 'register_provider', 'role' must be one of"):
        tensor_module.register_provider("sampler", print)


def test_mode_scope_restores_the_mode_when_the_block_raises() -> None:
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        with pytest.raises(RuntimeError, match="inside"):
            with context.mode_scope(ms.PYNATIVE_MODE):
                assert ms.get_context("mode") == ms.PYNATIVE_MODE and not context.is_graph_mode()
                raise RuntimeError("inside")
        assert ms.get_context("mode") == ms.GRAPH_MODE
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_parallel_options_are_a_read_only_view() -> None:
    ms.set_auto_parallel_context(device_num=2)
    try:
        options = context.parallel_options()
        assert options["device_num"] == 2
        with pytest.raises(TypeError):
            options["device_num"] = 4  # type: ignore[index]
    finally:
        ms.reset_auto_parallel_context()
