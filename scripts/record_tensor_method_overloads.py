"""Record MindSpore 2.10's public ``Tensor`` methods -- each one's signatures (``inspect.signature``,
or for a method written in C++ the overloads its docstring lists) -- and calls of the overloads
deepsink mirrors (``x.matmul(tensor2=y)``, ``x.std(dim=1, correction=0, keepdim=True)``,
``x.take(i, axis=1, mode='wrap')``, ...) into ``tests/fixtures/ms/tensor_method_overloads.json``;
``tests/common/test_tensor_method_overloads.py`` checks deepsink. A case is ``[method, positional
arguments, keyword arguments]`` on ``X`` (``"I"``: an index tensor, ``"Y"``: a (3, 2) tensor,
``"J"``, ``"K"``, ``"T"``: more index tensors, ``"N"``: an
int tensor, ``"C"``: a bool tensor, ``"U"``: a (1, 3) tensor; ``"X"``: ``X`` itself; the call is
on ``N`` when the method's name is in ``ON_INT``); its result is the outputs' values or the exception's type name.

Run with a Python that has MindSpore 2.10 installed, from a directory outside the repository
(MindSpore writes files into the current directory; not run by CI)::

    /path/to/mindspore-venv/bin/python /path/to/repo/scripts/record_tensor_method_overloads.py
"""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

import mindspore as ms
import numpy as np

OUT = (
    Path(__file__).resolve().parents[1]
    / "tests"
    / "fixtures"
    / "ms"
    / "tensor_method_overloads.json"
)
X = np.array([[3.0, 1.0, 2.0], [0.5, 5.0, -1.0]], np.float32)
VALUES = {
    "I": np.array([0, 4, 7], np.int32),
    "J": np.array([2, -1], np.int32),
    "Y": np.arange(6, dtype=np.float32).reshape(3, 2),
    "K": np.array([[-9, -4], [3, 8]], np.int32),
    "N": np.array([[1, 6, 3], [4, 0, 2]], np.int32),
    "C": np.array([[True, False, True], [False, True, False]]),
    "T": np.array([[1]], np.int32),
    "U": np.array([[10.0, 20.0, 30.0]], np.float32),
}
CASES = [
    ["matmul", ["Y"], {}],
    ["matmul", [], {"tensor2": "Y"}],
    ["std", [], {}],
    ["std", [1], {}],
    ["std", [1, 1, True], {}],
    ["std", [], {"axis": 0, "ddof": 1, "keepdims": True}],
    ["std", [], {"dim": 1}],
    ["std", [], {"dim": 1, "correction": 1}],
    ["std", [], {"dim": 1, "correction": 0, "keepdim": True}],
    ["std", [], {"correction": 2}],
    ["std", [0], {"correction": 0}],
    ["std", [], {"keepdim": True}],
    ["var", [], {}],
    ["var", [1], {}],
    ["var", [], {"axis": 0, "ddof": 1}],
    ["take", ["I"], {}],
    ["take", [], {"indices": "I"}],
    ["take", [], {"index": "I"}],
    ["take", ["J"], {"axis": 1}],
    ["take", ["J", 0], {}],
    ["take", ["I"], {"mode": "wrap"}],
    ["take", ["I", None, "clip"], {}],
    ["take", ["J"], {"axis": 1, "mode": "wrap"}],
    ["take", ["K"], {}],
    ["take", ["K"], {"mode": "wrap"}],
    ["take", ["K", 1], {}],
    ["take", ["I"], {"mode": "raise"}],
    ["take", ["I"], {"mode": "bad"}],
    ["take", ["I"], {"axis": 2}],
    ["narrow", [], {"dim": 1, "start": 1, "length": 2}],
    ["unbind", [], {"dim": 1}],
    ["unsqueeze", [], {"dim": 1}],
    ["swapaxes", [], {"axis0": 0, "axis1": 1}],
    ["diagonal", [], {"offset": 1, "axis1": 0, "axis2": 1}],
    ["trace", [], {}],
    ["heaviside", [], {"values": "X"}],
    ["multiply", [], {"value": 2.0}],
    ["approximate_equal", [], {"other": "X", "tolerance": 0.5}],
    ["isclose", [], {"x2": "X"}],
    ["split", [], {"split_size": 1, "dim": 0}],
    ["split", [], {"split_size_or_sections": 2, "axis": 1}],
    ["nansum", [], {"dim": 1, "keepdim": True}],
    ["median", [], {"dim": 0, "keepdim": True}],
    ["repeat_interleave", [2], {"dim": 1}],
    ["count_nonzero", [], {"dim": 1}],
    ["add", ["X"], {"alpha": 2}],
    ["sub", ["X"], {"alpha": 2}],
    ["sub", [], {"y": "X"}],
    ["subtract", ["X"], {"alpha": 3}],
    ["scatter_add", ["T", "U"], {}],
    ["scatter_add", [], {"indices": "T", "updates": "U"}],
    ["scatter_add", ["T"], {"updates": "U"}],
    ["trace", [], {"offset": 1}],
    ["trace", [], {"axis1": 1, "axis2": 0}],
    ["transpose", [], {"dim0": 0, "dim1": 1}],
    ["transpose", [1, 0], {}],
    ["norm", [], {"dim": 1, "keepdim": True}],
    ["norm", [], {"ord": 1, "dim": 0}],
    ["view", [3, 2], {}],
    ["bitwise_and", ["N"], {}],
    ["select", ["C", 0.5], {}],
    ["select", [], {"condition": "C", "y": "X"}],
]
ON_INT = {"bitwise_and"}


def _params(name: str) -> list[str]:
    """The method's signatures: ``inspect.signature``, else the overloads its docstring lists."""
    method = getattr(ms.Tensor, name)
    try:
        return [str(inspect.signature(method))]
    except (TypeError, ValueError):
        pass
    lines = (method.__doc__ or "").strip().split("\n")
    sigs = []
    first = re.match(rf"\s*{name}(\(.*\))", lines[0]) if lines else None
    if first:
        sigs.append(first.group(1))
    for line in lines:
        m = re.match(rf"\s*\.\. method:: Tensor\.{name}(\(.*\))", line)
        if m:
            sigs.append(m.group(1))
    return sigs


def _value(v, tensor):
    if isinstance(v, str) and v in VALUES:
        return tensor(VALUES[v])
    if v == "X":
        return tensor(X)
    return v


def run(case, tensor):
    """``[method, args, kwargs]`` called on ``X``: the outputs as lists, or the exception's type."""
    name, args, kwargs = case
    x = tensor(VALUES["N"] if name in ON_INT else X)
    try:
        out = getattr(x, name)(
            *[_value(a, tensor) for a in args], **{k: _value(v, tensor) for k, v in kwargs.items()}
        )
        outs = out if isinstance(out, tuple | list) else (out,)
        return [np.asarray(o.asnumpy()).tolist() for o in outs]
    except Exception as e:  # noqa: BLE001 - the recorded result is the exception's type
        return type(e).__name__


def main() -> None:
    names = sorted(
        n for n in dir(ms.Tensor) if not n.startswith("_") and callable(getattr(ms.Tensor, n))
    )
    signatures = {n: _params(n) for n in names}
    cases = [[*case, run(case, ms.Tensor)] for case in CASES]
    OUT.write_text(
        json.dumps(
            {"mindspore": ms.__version__, "signatures": signatures, "cases": cases}, indent=1
        )
        + "\n"
    )
    print(f"wrote {len(signatures)} methods and {len(cases)} cases to {OUT}")


if __name__ == "__main__":
    main()
