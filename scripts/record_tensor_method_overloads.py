"""Record MindSpore 2.10's public ``Tensor`` methods -- each one's signatures (``inspect.signature``,
or for a method written in C++ the overloads its docstring lists) -- and calls of the overloads
deepsink mirrors (``x.matmul(tensor2=y)``, ``x.std(dim=1, correction=0, keepdim=True)``,
``x.take(i, axis=1, mode='wrap')``, ...) into ``tests/fixtures/ms/tensor_method_overloads.json``;
``tests/common/test_tensor_method_overloads.py`` checks deepsink. A case is ``[method, positional
arguments, keyword arguments]`` on ``X`` (``"I"``: an index tensor, ``"Y"``: a (3, 2) tensor,
``"J"``, ``"K"``, ``"T"``, ``"R"``: more index tensors, ``"N"``, ``"P"``: int tensors, ``"C"``,
``"M"``: bool tensors, ``"U"``, ``"V"``, ``"W"``, ``"S"``: float tensors; ``"X"``: ``X`` itself; a
list of these is a list of Tensors; the call is on ``N`` when the method's name is in
``ON_INT``); its result is the outputs' values, ``{"value": v}`` for a result that is not a Tensor
(a bool, an int, a str, None), or the exception's type name.

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
    "R": np.array([1, 0], np.int32),
    "V": np.array([7.0, 8.0, 9.0], np.float32),
    "W": np.array([7.0], np.float32),
    "M": np.array([True, False, True]),
    "S": np.arange(6, dtype=np.float32),
    "P": np.array([1, 1, 2, 3, 3, 3], np.int32),
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
    ["allclose", ["X"], {}],
    ["allclose", [], {"other": "X", "rtol": 0.0, "atol": 0.0}],
    ["allclose", ["Y"], {}],
    ["argmax_with_value", [], {}],
    ["argmax_with_value", [1, True], {}],
    ["argmax_with_value", [None], {}],
    ["argmin_with_value", [], {"axis": -1, "keep_dims": True}],
    ["argmin_with_value", [0], {}],
    ["fill_diagonal", [9.0], {}],
    ["fill_diagonal", [], {"fill_value": 5.0, "wrap": True}],
    ["ptp", [], {}],
    ["ptp", [1, True], {}],
    ["ptp", [], {"axis": 0}],
    ["ptp", [], {"axis": [0, 1], "keepdims": True}],
    ["sum_to_size", [1, 3], {}],
    ["sum_to_size", [3], {}],
    ["sum_to_size", [2, 1], {}],
    ["sum_to_size", [], {}],
    ["sum_to_size", [4, 3], {}],
    ["sum_to_size", [1, 2, 3], {}],
    ["type", [], {}],
    ["value", [], {}],
    ["index_put", [["R"], "V"], {}],
    ["index_put", [["R", "R"], "W"], {"accumulate": True}],
    ["index_put", [], {"indices": ["R"], "values": "W", "accumulate": False}],
    ["index_put", [["S"], "W"], {}],
    ["index_put", [["R"], "P"], {}],
    ["masked_scatter", ["M", "S"], {}],
    ["masked_scatter", ["C", "S"], {}],
    ["masked_scatter", [], {"mask": "M", "source": "S"}],
    ["masked_scatter", ["M", "V"], {}],
    ["masked_scatter", ["M", "P"], {}],
    ["masked_scatter", ["R", "S"], {}],
    ["unique_with_pad", [0], {}],
    ["geqrf", [], {}],
    ["floor_divide_", [2], {}],
    ["remainder_", [2], {}],
    ["stride", [], {}],
    ["stride", [1], {}],
    ["stride", [], {"dim": 0}],
    ["stride", [2], {}],
    ["storage_offset", [], {}],
    ["is_init", [], {}],
    ["is_pinned", [], {}],
    ["is_shared", [], {}],
    ["data_sync", [], {}],
    ["wait_pipeline", [], {}],
    ["flush_from_cache", [], {}],
    ["hooks", [], {}],
    ["offload_file_path", [], {}],
    ["sort", [], {"stable": True}],
    ["sort", [], {"dim": 0, "descending": True, "stable": True}],
    ["sort", [], {"axis": 1, "stable": True}],
    ["sort", [1, True], {}],
    ["argsort", [], {"dim": 1, "stable": True}],
    ["argsort", [], {"dim": 0, "descending": True, "stable": False}],
    ["select", [1, 0], {}],
    ["select", [], {"dim": 1, "index": 2}],
    ["select", [0, -1], {}],
    ["select", [0, 2], {}],
    ["to", ["N"], {}],
    ["to", [], {"device": "CPU"}],
    ["to", ["N"], {"non_blocking": False, "copy": True}],
    ["div_", [2], {"rounding_mode": "floor"}],
    ["div_", [2], {"rounding_mode": "trunc"}],
    ["copy_", ["X"], {"non_blocking": False}],
    ["diag", [1], {}],
    ["nan_to_num", [], {"nan": None}],
]
ON_INT = {"bitwise_and", "unique_with_pad"}


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
    if isinstance(v, list):
        return [_value(i, tensor) for i in v]
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
        if out is None or isinstance(out, bool | int | str):
            return {"value": out}
        outs = out if isinstance(out, tuple | list) else (out,)
        return [np.asarray(o.asnumpy()).tolist() if isinstance(o, tensor) else o for o in outs]
    except Exception as e:  # noqa: BLE001 - the recorded result is the exception's type
        _settle()
        return type(e).__name__


def _settle() -> None:
    """Lets 2.10 report a failed kernel's error now: its PyNative pipeline is asynchronous, and an
    error left pending is raised by the next case's call instead."""
    for _ in range(2):
        try:
            (ms.Tensor(X) + 1).asnumpy()
        except Exception:  # noqa: BLE001, S112 - draining the previous case's error
            continue


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
