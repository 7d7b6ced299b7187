"""Record MindSpore 2.10's type join of the paths of an ``if`` on a Tensor condition and its
refusal of a loop's ``else`` in compiled code into ``tests/fixtures/ms/graph_joins.json``
(cases in ``tests/support/graph_join_cases.py``), and what a compiled function does with a
``const_arg`` Tensor argument into ``tests/fixtures/ms/graph_const_args.json`` (cases in
``tests/support/graph_const_arg_cases.py``), and what its graph ``raise`` raises into
``tests/fixtures/ms/graph_raises.json`` (cases in ``tests/support/graph_raise_cases.py``).

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_graph_compile_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from graph_const_arg_cases import graph_const_args  # noqa: E402
from graph_join_cases import graph_joins  # noqa: E402
from graph_raise_cases import graph_raises  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "graph_joins.json"
RAISE_OUT = ROOT / "tests" / "fixtures" / "ms" / "graph_raises.json"
CONST_OUT = ROOT / "tests" / "fixtures" / "ms" / "graph_const_args.json"


def main() -> None:
    import mindspore as ms

    data = {"mindspore_version": ms.__version__, "cases": graph_joins(ms)}
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(OUT.read_text())
    data = {"mindspore_version": ms.__version__, "cases": graph_const_args(ms)}
    CONST_OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(CONST_OUT.read_text())
    data = {"mindspore_version": ms.__version__, "cases": graph_raises(ms)}
    RAISE_OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(RAISE_OUT.read_text())


if __name__ == "__main__":
    main()
