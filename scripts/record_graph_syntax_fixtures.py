"""Record MindSpore 2.10's results for the graph-mode programs of tests/support/graph_syntax_cases.py
(NOT run by CI)::

    <mindspore python> scripts/record_graph_syntax_fixtures.py

writes ``tests/fixtures/ms/graph_syntax/cases.json``: each case's values as MindSpore computes them
(control-flow and static-graph tutorial programs, the mixed-precision tutorial's train_step), and
``pages.json``: what each example of MindSpore's static graph syntax pages
(``tests/support/graph_syntax_pages/*.py``, data types and Python built-in functions) prints when
run as a script, and the type and first line of the error it ends in, if any; and
``transforms.json``: the loop primitives (``ops.WhileLoop``/``ForiLoop``/``Scan``) and functional
transforms (``jvp``, ``vjp``, ``jacfwd``, ``jacrev``) of ``graph_syntax_cases.transforms``, and the
gradient tools (``get_grad``, ``InsertGradientOf``, ``HookBackward``, ``linearize``, ``nn.Jvp``,
``nn.Vjp``, ``switch_layer``) of ``graph_syntax_cases.gradient_tools``.
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import mindspore
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))

import graph_syntax_cases  # noqa: E402


def run_page_example(path: Path) -> dict:
    """Run one page example as a script (MindSpore compiles a function from its source file)."""
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run(
            [sys.executable, str(path)], cwd=tmp, capture_output=True, text=True, timeout=600
        )
    error = None
    if proc.returncode != 0:
        last = [ln for ln in proc.stderr.splitlines() if ln and not ln.startswith(" ")]
        error = last[-1] if last else f"exit status {proc.returncode}"
    return {"stdout": proc.stdout, "error": error}


def record_pages(out: Path) -> None:
    pages = sorted((ROOT / "tests" / "support" / "graph_syntax_pages").glob("*.py"))
    values = {p.stem: run_page_example(p) for p in pages}
    meta = {"mindspore": mindspore.__version__, "numpy": np.__version__}
    with open(out / "pages.json", "w", encoding="utf-8") as f:
        json.dump({"versions": meta, "examples": values}, f, indent=1, sort_keys=True)
        f.write("\n")


def record_transforms(out: Path) -> None:
    mindspore.set_seed(0)
    values = graph_syntax_cases.transforms(mindspore)
    tools = graph_syntax_cases.gradient_tools(mindspore)
    meta = {"mindspore": mindspore.__version__, "numpy": np.__version__}
    with open(out / "transforms.json", "w", encoding="utf-8") as f:
        json.dump(
            {"versions": meta, "cases": values, "gradient_tools": tools},
            f,
            indent=1,
            sort_keys=True,
        )
        f.write("\n")


def main() -> None:
    fixtures = ROOT / "tests" / "fixtures" / "ms" / "graph_syntax"
    if sys.argv[1:] == ["--pages"]:  # only the page examples
        record_pages(fixtures)
        return
    if sys.argv[1:] == ["--transforms"]:  # only the loop primitives and functional transforms
        record_transforms(fixtures)
        return
    mindspore.set_seed(0)
    values = graph_syntax_cases.run_all(mindspore)
    out = ROOT / "tests" / "fixtures" / "ms" / "graph_syntax"
    out.mkdir(parents=True, exist_ok=True)
    meta = {"mindspore": mindspore.__version__, "numpy": np.__version__}
    with open(out / "cases.json", "w", encoding="utf-8") as f:
        json.dump({"versions": meta, "cases": values}, f, indent=1, sort_keys=True)
        f.write("\n")
    print(json.dumps(values, indent=1))
    record_pages(out)
    record_transforms(out)


if __name__ == "__main__":
    main()
