"""The docstrings of the most-used public API: MindSpore's structure (Args, Inputs, Outputs,
Raises, Examples) and examples that run.

Every ``>>>`` example in the public API's docstrings runs here, as a user types it (``import
mindspore as ms``: the ``deepsink run`` alias is installed, so ``mindspore`` is deepsink).
"""

from __future__ import annotations

import doctest
import inspect
import os
import pydoc
import sys

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn
from deepsink._core.alias import install_alias

# the most-used API and the sections its docstring must have (MindSpore's layout)
DOCUMENTED = {
    nn.Dense: ("Args:", "Inputs:", "Outputs:", "Raises:", "Examples:"),
    nn.Conv2d: ("Args:", "Inputs:", "Outputs:", "Raises:", "Examples:"),
    nn.Cell: ("Args:", "Examples:"),
    nn.Cell.cells_and_names: ("Args:", "Returns:", "Examples:"),
    nn.Cell.trainable_params: ("Args:", "Returns:", "Examples:"),
    nn.Cell.set_train: ("Args:", "Returns:", "Examples:"),
    nn.SoftmaxCrossEntropyWithLogits: ("Args:", "Inputs:", "Outputs:", "Raises:", "Examples:"),
    nn.MSELoss: ("Args:", "Inputs:", "Outputs:", "Raises:", "Examples:"),
    nn.Momentum: ("Args:", "Inputs:", "Outputs:", "Raises:", "Examples:"),
    ms.Model: ("Args:", "Raises:", "Examples:"),
    ms.Model.train: ("Args:", "Raises:", "Examples:"),
    ms.Model.eval: ("Args:", "Returns:", "Raises:", "Examples:"),
    ms.Tensor: ("Args:", "Raises:", "Examples:"),
    ms.Tensor.from_numpy: ("Args:", "Returns:", "Raises:", "Examples:"),
    ms.set_context: ("Args:", "Raises:", "Examples:"),
}


def _name(obj) -> str:
    return getattr(obj, "__qualname__", repr(obj))


@pytest.mark.parametrize("obj", list(DOCUMENTED), ids=_name)
def test_docstring_has_mindspores_sections(obj):
    doc = inspect.getdoc(obj) or ""
    for section in DOCUMENTED[obj]:
        assert section in doc, f"{_name(obj)} lacks {section}"
    assert ">>>" in doc


def test_help_of_cells_and_names_is_its_docstring():
    text = pydoc.render_doc(nn.Cell.cells_and_names, renderer=pydoc.plaintext)
    assert "Every Cell in this network" in text and "seen" not in text


def _public_objects():
    """Every class, function and method reachable from the public packages' ``__all__``."""
    seen, out = set(), []
    for module in (ms, ms.nn, ms.ops, ms.train, ms.dataset, ms.common, ms.amp):
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name, None)
            if obj is None or id(obj) in seen or not (inspect.isclass(obj) or callable(obj)):
                continue
            seen.add(id(obj))
            out.append((f"{module.__name__}.{name}", obj))
            if inspect.isclass(obj):
                for attr, member in vars(obj).items():
                    member = getattr(member, "__func__", member)
                    public = not attr.startswith("_")
                    if public and callable(member) and id(member) not in seen and member.__doc__:
                        seen.add(id(member))
                        out.append((f"{module.__name__}.{name}.{attr}", member))
    return [(n, o) for n, o in out if ">>>" in (getattr(o, "__doc__", None) or "")]


EXAMPLES = _public_objects()


def test_the_public_api_has_examples():
    assert len(EXAMPLES) >= len(DOCUMENTED)


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
    for name in [n for n in sys.modules if n == "mindspore" or n.startswith("mindspore.")]:
        del sys.modules[name]


@pytest.mark.parametrize("name,obj", EXAMPLES, ids=[n for n, _ in EXAMPLES])
def test_docstring_examples_run(name, obj, mindspore_alias):
    finder = doctest.DocTestFinder(recurse=False)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    # the examples written before this test ran in their module's namespace; the ones written
    # as MindSpore writes them import what they use
    globs = {**vars(inspect.getmodule(obj) or np), "np": np}
    tests = finder.find(obj, name, globs=globs)
    assert tests, name
    for test in tests:
        result = runner.run(test, out=lambda text: pytest.fail(text, pytrace=False))
        assert result.failed == 0, name
    ms.set_context(mode=ms.PYNATIVE_MODE)
