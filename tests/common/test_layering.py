"""The lower layers (``deepsink.common``, ``deepsink._core``) never import the layers above them.

``ops``, ``nn`` and ``train`` build on Tensor/Parameter; an import the other way round makes an
import cycle (the ops package binds the op methods onto Tensor instead).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "deepsink"
UPPER = ("deepsink.ops", "deepsink.nn", "deepsink.train")


def _imports(path: Path) -> list[str]:
    """Every module a file imports, at top level or inside functions."""
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names += [node.module] + [f"{node.module}.{a.name}" for a in node.names]
    return names


def test_lower_layers_do_not_import_ops_nn_train() -> None:
    bad = [
        f"{path.relative_to(ROOT.parent)}: {name}"
        for layer in ("common", "_core")
        for path in sorted((ROOT / layer).glob("*.py"))
        for name in _imports(path)
        if name.startswith(UPPER)
    ]
    assert not bad, bad


def test_common_and_core_load_without_ops() -> None:
    """Loaded on their own (the ``deepsink`` package ``__init__`` bypassed), the lower layers work
    and leave ``deepsink.ops``/``nn``/``train`` unimported."""
    code = f"""
import sys, types
pkg = types.ModuleType("deepsink"); pkg.__path__ = [{str(ROOT)!r}]
sys.modules["deepsink"] = pkg
import numpy as np
from deepsink.common.tensor import Tensor
from deepsink.common.parameter import Parameter
from deepsink.common import initializer
import deepsink._core.functional, deepsink._core.grad
t = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
assert float((t * 2).sum()) == 30.0 and str(Tensor([1, 2]).dtype) == "Int64"
Parameter(t, name="w")
loaded = sorted(m for m in sys.modules if m.startswith(("deepsink.ops", "deepsink.nn", "deepsink.train")))
assert not loaded, loaded
"""
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
