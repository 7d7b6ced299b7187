"""Messages print deepsink's classes under the name the program imported deepsink as (a MindSpore
program run unchanged reads ``mindspore.common.tensor.Tensor``), and ``mstype.string`` casts text."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from faultkit import HANG_S

import deepsink as ms
from deepsink._core.names import type_repr
from deepsink.common import dtype as mstype
from deepsink.dataset import transforms as T
from deepsink.dataset import vision

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "ms"


@pytest.fixture(autouse=True)
def _no_alias_left_by_other_tests(monkeypatch):
    """These tests read deepsink's own names: an alias another test of the same worker left in
    ``sys.modules`` (``mindspore`` imported through the alias) would rename every class."""
    for name, module in list(sys.modules.items()):
        if "." in name or name == "deepsink":
            continue
        if module is ms or getattr(module, "__dict__", {}).get("deepsink_package") is ms:
            monkeypatch.delitem(sys.modules, name)


def test_type_repr_names_deepsink_classes_by_their_deepsink_path():
    assert type_repr(ms.Tensor(1.0)) == "<class 'deepsink.common.tensor.Tensor'>"
    assert type_repr([1]) == "<class 'list'>"
    assert type_repr(np.zeros(1)) == "<class 'numpy.ndarray'>"


def test_a_program_importing_deepsink_as_mindspore_reads_mindspore_paths():
    code = textwrap.dedent(
        """
        import sys, deepsink
        sys.modules["mindspore"] = deepsink  # what running a MindSpore program unchanged does
        import mindspore.dataset.vision as vision
        try:
            vision.HWC2CHW()(deepsink.Tensor([1.0]))
        except TypeError as e:
            print(e)
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=HANG_S, check=True
    ).stdout
    assert "got <class 'mindspore.common.tensor.Tensor'>." in out


def test_vision_op_rejects_a_tensor_with_its_type():
    with pytest.raises(TypeError, match=r"got <class 'deepsink\.common\.tensor\.Tensor'>\."):
        vision.HWC2CHW()(ms.Tensor([1.0]))


def test_string_dtype_casts_text_and_refuses_numbers():
    recorded = np.load(FIXTURES / "print" / "dtype_string.npz")  # MindSpore 2.10's str and repr
    assert str(mstype.string) == str(recorded["text"]) == "String"
    assert repr(mstype.string) == str(recorded["repr"]) == "mindspore.string_"
    assert mstype.string is ms.string
    numeric = [
        mstype.bool_,
        mstype.int8,
        mstype.uint8,
        mstype.int32,
        mstype.int64,
        mstype.float16,
        mstype.float32,
        mstype.float64,
    ]
    assert all(mstype.string != t and t != mstype.string for t in numeric)
    out = T.TypeCast(mstype.string)("some text")
    assert isinstance(out, np.ndarray) and out == "some text"
    np.testing.assert_array_equal(T.TypeCast(mstype.string)(["a", "bc"]), np.array(["a", "bc"]))
    with pytest.raises(
        RuntimeError, match="number of elements should be 0 when data type is string"
    ):
        T.TypeCast(mstype.string)([1, 2, 3])
