"""Record what MindSpore 2.10's ``grad``/``value_and_grad`` return for each form of
``grad_position`` (an int, a 1-tuple, a tuple, a list), in PYNATIVE and GRAPH mode, into
``tests/fixtures/ms/grad_positions.json``; ``tests/_core/test_grad_positions.py`` checks deepsink.

Run with a Python that has MindSpore 2.10 installed, from a directory outside the repository
(MindSpore writes files into the current directory; not run by CI)::

    /path/to/mindspore-venv/bin/python /path/to/repo/scripts/record_grad_positions.py
"""

from __future__ import annotations

import json
from pathlib import Path

import mindspore as ms
import numpy as np

OUT = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "ms" / "grad_positions.json"
POSITIONS = [0, 1, [0], [1], [0, 1], "list"]  # [..] is a tuple; "list" is grad_position=[0]


def shape_of(result) -> object:
    """A Tensor as its values, a tuple as a list of those."""
    if isinstance(result, tuple):
        return {"tuple": [shape_of(r) for r in result]}
    return result.asnumpy().tolist()


def f(x, y):
    return (x * x * y).sum()


def main() -> None:
    x = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    y = ms.Tensor(np.array([0.5, -1.0, 2.0], np.float32))
    cases = []
    for mode in ("PYNATIVE", "GRAPH"):
        ms.set_context(mode=getattr(ms, f"{mode}_MODE"))
        for pos in POSITIONS:
            arg = [0] if pos == "list" else tuple(pos) if isinstance(pos, list) else pos
            for api in ("grad", "value_and_grad"):
                try:
                    out = getattr(ms, api)(f, arg)(x, y)
                    got = shape_of(out[1] if api == "value_and_grad" else out)
                except TypeError as e:
                    got = {"error": type(e).__name__, "message": str(e)}
                cases.append([mode, api, pos, got])
    OUT.write_text(json.dumps({"mindspore": ms.__version__, "cases": cases}, indent=1) + "\n")
    print(f"wrote {len(cases)} cases to {OUT}")


if __name__ == "__main__":
    main()
