"""The breadth of ``mindspore.ops`` (special functions, array rearrangements, linear algebra,
statistics, activations, losses, pooling, FFTs, windows, and their primitive classes) against
MindSpore 2.10's own results.

``tests/fixtures/ms/ops_breadth/cases.json`` holds each case as the expression MindSpore
evaluated (``scripts/record_ops_breadth_fixtures.py``) and its outputs; the same expression runs
here on deepsink. Where MindSpore's CPU build has no kernel or its kernel fails (RuntimeError
recorded), the case is checked against NumPy/SciPy-free references written out below instead.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import Tensor, ops
from deepsink.ops import operations as P
from deepsink.ops.function import (
    array_ext_func,
    linalg_func,
    nn_ext_func,
    special_math_func,
    spectral_func,
)
from deepsink.ops.operations import breadth_ops

DATA = json.loads(
    (Path(__file__).parent.parent / "fixtures" / "ms" / "ops_breadth" / "cases.json").read_text()
)
ENV = {"np": np, "ms": ms, "ops": ops, "P": P, "Tensor": Tensor}
ENV.update({k: eval(v, {"np": np}) for k, v in DATA["inputs"].items()})
CASES = {c["name"]: c for c in DATA["cases"]}


# MindSpore 2.10's CPU build raises RuntimeError here (no kernel, or a kernel bug): NumPy instead
NO_CPU_KERNEL = {
    "type_as": lambda e: e["F"].astype(np.int32),
    "take": lambda e: e["F"].reshape(-1)[np.array([[0, 5], [2, 3]])],
    "searchsorted_right": lambda e: np.searchsorted(e["S"], [3.0, 6.0, 9.0], "right"),
    "bucketize": lambda e: np.searchsorted([0.0, 1.0, 2.0], e["F"], "left"),
    "bucketize_right": lambda e: np.searchsorted([0.0, 1.0, 2.0], e["F"], "right"),
    "fills": lambda e: np.full_like(e["F"], 2.5),
    "matrix_exp": lambda e: _expm(e["M"] / 4),
    "P_MatrixExp": lambda e: _expm(e["M"] / 4),
    "quantile": lambda e: np.quantile(e["N"], 0.3),
    "quantile_axis": lambda e: np.quantile(e["F"], [0.25, 0.5], axis=1, keepdims=True),
    "nanquantile": lambda e: np.nanquantile(e["NAN"], 0.5, axis=1),
    "soft_margin_loss": lambda e: np.mean(np.log1p(np.exp(-np.sign(e["G"]) * e["F"]))),
    "P_SoftMarginLoss": lambda e: np.mean(np.log1p(np.exp(-np.sign(e["G"]) * e["F"]))),
    "multilabel_margin_loss": lambda e: _multilabel_margin(e["L"], [[2, 0, -1, 1], [1, -1, 0, 0]]),
    "triplet_margin_loss": lambda e: _triplet(e["F"], e["G"], e["P4"]),
    "P_TripletMarginLoss": lambda e: _triplet(e["F"], e["G"], e["P4"]),
}


def _expm(a):
    out, term = np.eye(len(a)), np.eye(len(a))
    for k in range(1, 30):
        term = term @ a / k
        out = out + term
    return out


def _multilabel_margin(x, y):
    losses = []
    for xi, yi in zip(x, y):
        targets = []
        for t in yi:
            if t < 0:
                break
            targets.append(t)
        others = [j for j in range(len(xi)) if j not in targets]
        losses.append(sum(max(0, 1 - xi[t] + xi[j]) for t in targets for j in others) / len(xi))
    return np.mean(losses)


def _triplet(a, p, n, margin=1.0, eps=1e-6):
    dp = np.linalg.norm(a - p + eps, axis=-1)
    dn = np.linalg.norm(a - n + eps, axis=-1)
    return np.mean(np.maximum(0, dp - dn + margin))


def _outputs(out) -> list:
    return list(out) if isinstance(out, tuple | list) else [out]


@pytest.mark.parametrize("case", [c for c in DATA["cases"] if "outputs" in c],
                         ids=lambda c: c["name"])  # fmt: skip
def test_matches_mindspore(case: dict) -> None:
    got = _outputs(eval(case["expr"], ENV))
    assert len(got) == len(case["outputs"]), case["name"]
    for g, want in zip(got, case["outputs"]):
        assert str(g.dtype) == want["dtype"], case["name"]
        a = g.asnumpy()
        assert list(a.shape) == want["shape"], case["name"]
        if a.dtype.kind == "c":
            ref = np.asarray(want["value"][0]) + 1j * np.asarray(want["value"][1])
        else:
            ref = np.array(want["value"], dtype=float if a.dtype.kind == "f" else None)
        np.testing.assert_allclose(a, ref, rtol=1e-4, atol=1e-5, equal_nan=True,
                                   err_msg=case["name"])  # fmt: skip


@pytest.mark.parametrize("case", [c for c in DATA["cases"] if c.get("error") in
                                  ("TypeError", "ValueError", "IndexError")],
                         ids=lambda c: c["name"])  # fmt: skip
def test_errors_as_mindspore(case: dict) -> None:
    with pytest.raises(getattr(__builtins__, case["error"], None) or eval(case["error"])):
        eval(case["expr"], ENV)


@pytest.mark.parametrize("name", sorted(NO_CPU_KERNEL))
def test_cases_mindspores_cpu_build_cannot_run(name: str) -> None:
    assert CASES[name]["error"] == "RuntimeError"  # recorded: no (working) CPU kernel
    got = _outputs(eval(CASES[name]["expr"], ENV))[0].asnumpy()
    np.testing.assert_allclose(got, NO_CPU_KERNEL[name](ENV), rtol=1e-5, atol=1e-6)


def test_every_recorded_error_is_checked() -> None:
    unexplained = [c["name"] for c in DATA["cases"] if c.get("error") == "RuntimeError"
                   and c["name"] not in NO_CPU_KERNEL]  # fmt: skip
    assert not unexplained


@pytest.mark.parametrize("module", [array_ext_func, linalg_func, nn_ext_func,
                                    special_math_func, spectral_func, breadth_ops],
                         ids=lambda m: m.__name__.rsplit(".", 1)[-1])  # fmt: skip
def test_every_added_name_has_a_case(module) -> None:
    exprs = " ".join(c["expr"] for c in DATA["cases"])
    called = set(re.findall(r"(?:ops|P)\.(\w+)\(", exprs))
    missing = [n for n in module.__all__ if n not in called]
    assert not missing


def test_added_names_are_exported_where_mindspore_has_them() -> None:
    from deepsink.ops import functional

    for module in (array_ext_func, linalg_func, nn_ext_func, special_math_func, spectral_func):
        for name in module.__all__:
            assert getattr(ops, name) is getattr(module, name)
            assert getattr(functional, name) is getattr(module, name)
    for name in breadth_ops.__all__:
        assert getattr(P, name) is getattr(breadth_ops, name)


def test_primitive_attributes_and_bad_arguments() -> None:
    prim = P.CeLU(alpha=2.0)
    assert prim.alpha == 2.0 and prim.attrs["alpha"] == 2.0
    with pytest.raises(TypeError, match="CeLU"):
        P.CeLU(1.0, 2.0)
