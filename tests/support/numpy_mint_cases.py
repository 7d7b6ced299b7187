"""The recorded ``mindspore.numpy`` / ``mindspore.mint`` cases and how deepsink is checked
against them (``tests/fixtures/ms/numpy_mint/cases.json``, written by
``scripts/record_numpy_mint_fixtures.py`` with MindSpore 2.10).

Each case is an expression; it runs here on deepsink in the same environment (inputs and
prelude recorded with it) and every output is compared with 2.10's: dtype, shape and values
(random functions: dtype and shape only).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

import deepsink as ms
import deepsink.mint.nn.functional as F  # noqa: N812
import deepsink.numpy as mnp
from deepsink import Tensor, mint

DATA = json.loads(
    (Path(__file__).parent.parent / "fixtures" / "ms" / "numpy_mint" / "cases.json").read_text()
)
CASES = {c["name"]: c for c in DATA["cases"]}
RANDOM = set(DATA["random"])


class Step(ms.nn.Cell):
    """One optimizer update as a compiled Cell (as in the recorder)."""

    def __init__(self, opt):
        super().__init__()
        self.opt = opt

    @ms.jit
    def construct(self, gw, gb):
        return self.opt((gw, gb))


def env() -> dict:
    e = {"np": np, "ms": ms, "mnp": mnp, "mint": mint, "F": F, "Tensor": Tensor, "Step": Step}
    e.update({k: eval(v, {"np": np}) for k, v in DATA["inputs"].items()})
    exec(DATA["prelude"], e)
    return e


def run(name: str):
    ms.set_seed(0)
    return eval(CASES[name]["expr"], env())


def outputs(out) -> list:
    return list(out) if isinstance(out, tuple | list) else [out]


def check(name: str, got, want: list, check_dtype: bool = True, tol: float | None = None) -> None:
    """``got`` (deepsink's result) against recorded rows ``want``."""
    got = outputs(got)
    assert len(got) == len(want), f"{name}: {len(got)} outputs, 2.10 gives {len(want)}"
    for g, w in zip(got, want):
        if "python" in w:
            shown = repr(g) if isinstance(g, bool | int | float | str) or g is None else str(g)
            assert shown == w["python"], f"{name}: {shown} != {w['python']}"
            continue
        a = g.asnumpy()
        if check_dtype:
            assert str(g.dtype) == w["dtype"], f"{name}: dtype {g.dtype}, 2.10 gives {w['dtype']}"
        assert list(a.shape) == w["shape"], f"{name}: shape {list(a.shape)} != {w['shape']}"
        if "value" not in w:
            continue
        if a.dtype.kind == "c":
            ref = np.asarray(w["value"][0]) + 1j * np.asarray(w["value"][1])
        else:
            ref = np.array(w["value"], dtype=float if a.dtype.kind == "f" else None)
        t = tol if tol is not None else (2e-3 if a.dtype == np.float16 else 1e-5)
        np.testing.assert_allclose(
            a.astype(ref.dtype) if a.dtype.kind != "c" else a,
            ref,
            rtol=t,
            atol=t,
            equal_nan=True,
            err_msg=name,
        )
