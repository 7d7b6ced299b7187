"""``str``/``repr`` of dtypes and ``print(cell)`` of loss cells against MindSpore 2.10's recorded
text (fixtures/ms/print, scripts/record_print_text_fixtures.py). The layer cells of the same group
are checked in tests/nn/test_layer_parity.py."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn

PRINT = Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "print"
DTYPES = sorted(p.stem for p in PRINT.glob("dtype_*.npz"))
CELLS = {
    "cell_loss_sce": lambda: nn.SoftmaxCrossEntropyWithLogits(),
    "cell_with_loss": lambda: nn.WithLossCell(nn.Dense(4, 3), nn.SoftmaxCrossEntropyWithLogits()),
}


def test_every_dtype_case_is_checked():
    assert len(DTYPES) == 9


@pytest.mark.parametrize("case", DTYPES)
def test_dtype_str_and_repr(case):
    d = np.load(PRINT / f"{case}.npz")
    dtype = getattr(ms, case[len("dtype_") :])
    assert str(dtype) == str(d["text"])
    assert repr(dtype) == str(d["repr"])


@pytest.mark.parametrize("case", sorted(CELLS))
def test_print_cell(case, capsys):
    d = np.load(PRINT / f"{case}.npz")
    cell = CELLS[case]()
    print(cell)
    assert capsys.readouterr().out == str(d["text"])
    assert repr(cell) == str(d["repr"])
