"""Record MindSpore 2.10's JIT Fallback behaviour in GRAPH_MODE: what it does with the caller's
lists and dicts (returned by identity, changed in place or copied) and its ``compile_config``
switches (cases in ``tests/support/graph_list_inplace_cases.py``) into
``tests/fixtures/ms/graph_list_inplace.json``, and what its ``jit_syntax_level`` changes (cases in
``tests/support/graph_syntax_level_cases.py``) into ``tests/fixtures/ms/graph_syntax_levels.json``,
and the dtype of Python numbers read in a Tensor loop (``tests/support/graph_number_variable_cases.py``)
into ``tests/fixtures/ms/graph_number_variables.json``.

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_graph_fallback_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from graph_list_inplace_cases import graph_list_inplace  # noqa: E402
from graph_number_variable_cases import graph_number_variables  # noqa: E402
from graph_syntax_level_cases import graph_syntax_levels  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "ms"


def main() -> None:
    import mindspore as ms

    for name, cases in (
        ("graph_list_inplace", graph_list_inplace),
        ("graph_syntax_levels", graph_syntax_levels),
        ("graph_number_variables", graph_number_variables),
    ):
        out = FIXTURES / f"{name}.json"
        out.write_text(
            json.dumps({"mindspore_version": ms.__version__, "cases": cases(ms)}, indent=1) + "\n"
        )
        print(out.read_text())


if __name__ == "__main__":
    main()
