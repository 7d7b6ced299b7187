"""``deepsink.ops.auto_generate`` is MindSpore 2.x's ``mindspore.ops.auto_generate``: its names are
deepsink's own primitives and functions (one op registry), and its ``*Ext`` primitives compute as
MindSpore's (values from ``kernel_rounding.npz``)."""

from __future__ import annotations

import importlib.util
import inspect
import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
import deepsink.ops as ops
import deepsink.ops.operations as P
from deepsink import Tensor
from deepsink.ops import auto_generate as ag
from deepsink.ops.auto_generate import gen_ops_def, gen_ops_prim
from deepsink.ops.primitive import Primitive

ROOT = Path(__file__).resolve().parents[2]
FIX = np.load(ROOT / "tests" / "fixtures" / "ms" / "kernel_rounding.npz")
NAMES = json.loads((ROOT / "tests" / "fixtures" / "ms" / "auto_generate_names.json").read_text())


def _generator():
    spec = importlib.util.spec_from_file_location(
        "gen_auto_generate", ROOT / "scripts" / "gen_auto_generate.py"
    )
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_generated_modules_are_up_to_date():
    gen = _generator()
    for name, text in gen.render().items():
        assert (gen.PKG / f"{name}.py").read_text() == text, (
            f"run python scripts/gen_auto_generate.py ({name})"
        )


def test_every_name_is_deepsinks_own_object():
    for name in ag.__all__:
        obj = getattr(ag, name)
        if inspect.isclass(obj) and hasattr(P, name):
            assert obj is getattr(P, name), name
        elif not inspect.isclass(obj) and hasattr(ops, name):
            assert obj is getattr(ops, name), name


def test_mindspore_generated_primitives_deepsink_has_are_all_exported():
    """A primitive deepsink defines that MindSpore generates must be importable from
    gen_ops_prim (the generator picks new ones up)."""
    for name in NAMES["gen_ops_prim"]:
        obj = getattr(P, name, None)
        if inspect.isclass(obj) and issubclass(obj, Primitive):
            assert getattr(gen_ops_prim, name) is getattr(P, name)
    assert {"AddExt", "SubExt", "SumExt", "OnesLikeExt", "ZerosLikeExt", "Ones", "Zeros"} <= set(
        gen_ops_prim.__all__
    )
    assert ag.add is ops.add and gen_ops_def.add is ops.add


def test_add_sub_ext_scale_the_other_operand():
    a, b = Tensor(FIX["ext_a"]), Tensor(FIX["ext_b"])
    np.testing.assert_array_equal(ag.AddExt()(a, b, 2).asnumpy(), FIX["addext"])
    np.testing.assert_array_equal(ag.SubExt()(a, b, 0.5).asnumpy(), FIX["subext"])
    np.testing.assert_array_equal(ag.AddExt()(a, b).asnumpy(), FIX["ext_a"] + FIX["ext_b"])


def test_alpha_kind_must_fit_the_inputs():
    i = Tensor(np.array([1, 2], np.int32))
    with pytest.raises(TypeError, match="floating alpha need floating input and other"):
        ag.AddExt()(i, i, 1.5)
    f = Tensor(np.array([1.0], np.float32))
    with pytest.raises(TypeError, match="boolean alpha need boolean input and other"):
        ag.SubExt()(f, f, True)
    assert ag.AddExt()(i, i, 3).dtype == ms.int32


def test_sum_ext_dims_keepdim_dtype_and_int64_for_integers():
    a = Tensor(FIX["ext_a"])
    out = ag.SumExt()(a, 1, True, ms.float64)
    assert out.dtype == ms.float64
    np.testing.assert_allclose(out.asnumpy(), FIX["sumext"], rtol=1e-6)
    s = ag.SumExt()(Tensor(np.array([[1, 2], [3, 4]], np.int32)))
    assert s.dtype == ms.int64 and int(s) == int(FIX["sumext_int"])
    with pytest.raises(ValueError):
        ag.SumExt()(a, 2)


def test_ones_and_zeros_like_ext_take_a_dtype():
    a = Tensor(FIX["ext_a"])
    o = ag.OnesLikeExt()(a, ms.int32)
    assert o.dtype == ms.int32 and o.shape == a.shape and (o.asnumpy() == 1).all()
    z = ag.ZerosLikeExt()(a)
    assert z.dtype == ms.float32 and (z.asnumpy() == 0).all()
