"""The docstrings of the public API: MindSpore's structure (Args, Inputs, Outputs, Returns,
Raises, Examples) and examples that run.

The structural test walks the public names of the user-facing modules (their ``__all__``, or
their non-underscore names), so a name added later is held to the same rule without editing a
list here. Every ``>>>`` example in those docstrings runs here, as a user pastes it into plain
``python`` (``import deepsink as ms``); the ``deepsink run`` alias is installed as well, so an
example behaves the same in a script run by ``deepsink run``.
"""

from __future__ import annotations

import builtins
import doctest
import enum
import importlib
import inspect
import os
import pydoc
import re
import sys
import tempfile

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn
from deepsink._core.alias import install_alias

# the user-facing modules whose public classes and functions must be documented
MODULES = (
    "deepsink",
    "deepsink.nn",
    "deepsink.train",
    "deepsink.dataset",
    "deepsink.dataset.vision",
    "deepsink.dataset.transforms",
    "deepsink.dataset.text",
    "deepsink.dataset.audio",
    "deepsink.amp",
)

# classes whose public methods users call: each method is documented like a function
METHOD_OWNERS = (nn.Cell, ms.Model, ms.dataset.Dataset)

# Tensor has hundreds of methods (most forward to ``ops``); these are the ones a user meets first
TENSOR_METHODS = (
    "asnumpy",
    "astype",
    "reshape",
    "from_numpy",
    "sum",
    "mean",
    "argmax",
    "transpose",
    "squeeze",
    "expand_dims",
    "view",
    "item",
    "tolist",
    "copy",
    "abs",
    "max",
    "min",
    "to",
)


def _public_names(module) -> list[str]:
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n in vars(module) if not n.startswith("_")]
    return list(names)


def _needs_args(obj) -> bool:
    """Whether ``obj`` takes arguments a user passes (a Cell that only inherits Cell's
    ``__init__`` takes none)."""
    if inspect.isclass(obj):
        owner = next((k for k in obj.__mro__ if "__init__" in vars(k)), object)
        if owner in (object, nn.Cell) or owner.__module__ == "typing":
            return False
        target = obj.__init__
    else:
        target = obj
    try:
        params = list(inspect.signature(target).parameters.values())
    except (TypeError, ValueError):
        return True
    return any(p.name not in ("self", "cls") for p in params)


def _returns_nothing(func) -> bool:
    try:
        ann = inspect.signature(func).return_annotation
    except (TypeError, ValueError):
        return False
    return ann in (None, "None")


def _function_sections(func) -> tuple[str, ...]:
    sections = ("Args:",) if _needs_args(func) else ()
    if not _returns_nothing(func):
        sections += ("Returns:",)
    return sections + ("Examples:",)


def required_sections(obj) -> tuple[str, ...]:
    """MindSpore's layout: classes have Args and Examples, Cells also Inputs and Outputs;
    functions have Args, Returns (unless they return nothing) and Examples."""
    if inspect.isclass(obj):
        if issubclass(obj, BaseException):
            return ()
        if issubclass(obj, enum.Enum):  # members, not constructor arguments
            return ("Examples:",)
        sections = ("Args:",) if _needs_args(obj) else ()
        if issubclass(obj, nn.Cell):
            sections += ("Inputs:", "Outputs:")
        return sections + ("Examples:",)
    return _function_sections(obj)


def _exempt(obj) -> bool:
    return hasattr(obj, "__deepsink_unsupported__")


def public_api() -> list[tuple[str, object]]:
    """Every public class and function of MODULES (defined in deepsink, not re-exported from
    elsewhere), once, under its first public name, and the user-called methods."""
    seen, out = set(), []
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in _public_names(module):
            obj = getattr(module, name, None)
            if not (inspect.isclass(obj) or inspect.isfunction(obj)) or id(obj) in seen:
                continue
            if not getattr(obj, "__module__", "").startswith("deepsink") or _exempt(obj):
                continue
            seen.add(id(obj))
            out.append((f"{module_name}.{name}", obj))
    for owner in METHOD_OWNERS:
        for attr, member in vars(owner).items():
            member = getattr(member, "__func__", member)
            if not attr.startswith("_") and inspect.isfunction(member) and id(member) not in seen:
                seen.add(id(member))
                out.append((f"{owner.__module__}.{owner.__qualname__}.{attr}", member))
    for attr in TENSOR_METHODS:
        member = getattr(ms.Tensor, attr)
        member = getattr(member, "__func__", member)
        if id(member) not in seen:
            seen.add(id(member))
            out.append((f"deepsink.Tensor.{attr}", member))
    return out


PUBLIC = public_api()


def missing_sections(obj) -> list[str]:
    doc = inspect.getdoc(obj) or ""
    if inspect.isfunction(obj) and "." in obj.__qualname__:
        need = _function_sections(obj)
    else:
        need = required_sections(obj)
    missing = [s for s in need if s not in doc]
    if "Examples:" in need and ">>>" not in doc:
        missing.append(">>>")
    if not doc.strip():
        missing.append("a docstring")
    return missing


def test_every_public_name_has_mindspores_sections():
    lacking = {name: missing_sections(obj) for name, obj in PUBLIC}
    lacking = {name: m for name, m in lacking.items() if m}
    assert not lacking, "\n".join(f"{name}: lacks {', '.join(m)}" for name, m in lacking.items())


def test_the_walk_sees_the_api():
    names = {name for name, _ in PUBLIC}
    for expected in ("deepsink.nn.Dense", "deepsink.Model", "deepsink.set_context"):
        assert expected in names
    assert "deepsink.dataset.vision.Resize" in names
    assert "deepsink.nn.cell.Cell.cells_and_names" in names
    assert len(PUBLIC) > 400


def test_the_section_rule_catches_a_bare_docstring():
    class Bare(nn.Cell):
        """A Cell whose docstring has only a summary."""

        def __init__(self, width: int) -> None:
            super().__init__()

    def bare(x):
        """Only a summary."""

    assert missing_sections(Bare) == ["Args:", "Inputs:", "Outputs:", "Examples:", ">>>"]
    assert missing_sections(bare) == ["Args:", "Returns:", "Examples:", ">>>"]


def test_help_of_cells_and_names_is_its_docstring():
    text = pydoc.render_doc(nn.Cell.cells_and_names, renderer=pydoc.plaintext)
    assert "Every Cell in this network" in text and "seen" not in text


def _examples() -> list[tuple[str, object]]:
    """Every public class, function and method (of any public class) with a ``>>>`` example,
    in MODULES and in the other public packages (``ops``, ``common``)."""
    seen = {id(o) for _, o in PUBLIC}
    out = list(PUBLIC)
    for module_name in (*MODULES, "deepsink.ops", "deepsink.common"):
        module = importlib.import_module(module_name)
        for name in _public_names(module):
            obj = getattr(module, name, None)
            if not (inspect.isclass(obj) or inspect.isfunction(obj)):
                continue
            if id(obj) not in seen:
                seen.add(id(obj))
                out.append((f"{module_name}.{name}", obj))
            if inspect.isclass(obj):
                for attr, member in vars(obj).items():
                    member = getattr(member, "__func__", member)
                    if not attr.startswith("_") and callable(member) and id(member) not in seen:
                        seen.add(id(member))
                        out.append((f"{module_name}.{name}.{attr}", member))
    return [(n, o) for n, o in out if ">>>" in (getattr(o, "__doc__", None) or "")]


EXAMPLES = _examples()


@pytest.fixture
def mindspore_alias(monkeypatch):
    """``import mindspore`` resolves to deepsink during the test only: the finder, the imported
    ``mindspore`` modules and the variables for child processes are taken back afterwards (the
    name a program imported deepsink as shows in messages: tests/common/test_type_names.py)."""
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    for var in ("PYTHONPATH", "DEEPSINK_ALIAS_PREFIX"):  # restored (or removed) at teardown
        if var in os.environ:
            monkeypatch.setenv(var, os.environ[var])
        else:
            monkeypatch.delenv(var, raising=False)
    install_alias()
    yield
    ms.context.reset_context()  # an example may set options (mode, print_file_path, ...)
    for name in [n for n in sys.modules if n == "mindspore" or n.startswith("mindspore.")]:
        del sys.modules[name]


_FLOAT = re.compile(r"-?(?:\d+\.\d*|\.\d+|\d+(?=e))(?:e[+-]?\d+)?")


class _CloseFloats(doctest.OutputChecker):
    """Doctest's comparison, except that floats may differ in their last digits (another XLA
    backend, such as a GPU, rounds float32 differently; numpy then also pads differently)."""

    def check_output(self, want: str, got: str, optionflags: int) -> bool:
        if super().check_output(want, got, optionflags):
            return True
        want_nums, got_nums = _FLOAT.findall(want), _FLOAT.findall(got)
        if not want_nums or len(want_nums) != len(got_nums):
            return False
        skeleton = [" ".join(_FLOAT.sub("#", t).split()) for t in (want, got)]
        if skeleton[0] != skeleton[1]:
            return False
        return bool(
            np.allclose(
                [float(w) for w in want_nums], [float(g) for g in got_nums], rtol=1e-5, atol=1e-6
            )
        )


def test_float_outputs_may_differ_in_the_last_digits_only():
    check = _CloseFloats().check_output
    flags = doctest.NORMALIZE_WHITESPACE
    assert check("[-0.999995   -0.99999875]\n", "[-0.999995  -0.9999988]\n", flags)
    assert check("0.8000001\n", "0.80000037\n", flags)
    assert not check("0.8\n", "0.81\n", flags)
    assert not check("[1. 2.]\n", "(1.0, 2.0)\n", flags)
    assert not check("3\n", "4\n", flags)


@pytest.mark.parametrize("name,obj", EXAMPLES, ids=[n for n, _ in EXAMPLES])
def test_docstring_examples_run(name, obj, mindspore_alias, tmp_path, monkeypatch):
    # an example makes its files where a user's would go (``tempfile.mkdtemp()``, left for the
    # user to read); here that is the test's own temporary folder, which pytest removes
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    finder = doctest.DocTestFinder(recurse=False)
    runner = doctest.DocTestRunner(  # verbose=False: doctest would follow pytest's -v
        checker=_CloseFloats(),
        verbose=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    # the examples written before this test ran in their module's namespace; the ones written
    # as MindSpore writes them import what they use
    # (a module's names that shadow builtins, like dtype's ``bool``, are left out)
    module = vars(inspect.getmodule(obj) or np)
    globs = {k: v for k, v in module.items() if not hasattr(builtins, k)} | {"np": np}
    tests = finder.find(obj, name, globs=globs)
    assert tests, name
    for test in tests:
        result = runner.run(test, out=lambda text: pytest.fail(text, pytrace=False))
        assert result.failed == 0, name


def test_docstring_examples_import_deepsink_so_they_run_when_pasted():
    """``import mindspore`` fails in plain ``python`` with deepsink installed; the examples import
    deepsink (under ``deepsink run`` both work)."""
    package = os.path.dirname(os.path.abspath(ms.__file__))
    found = []
    for folder, _, files in os.walk(package):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    for number, line in enumerate(f, 1):
                        if re.search(r">>> (import|from) mindspore\b", line):
                            found.append(f"{os.path.relpath(path, package)}:{number}")
    assert not found, found[:20]
