"""export(file_format="MINDIR") of networks using operators MindIR writes as one MindSpore 2.10
primitive each (trigonometric and special functions, exact GELU, cumulative products and
log-sum-exps, TopK, ReduceProd, Tile, TruncateMod, Round).

scripts/record_mindir_primitives.py exported them with deepsink, had MindSpore 2.10 load and run
each file, and kept MindSpore's outputs and the files' SHA-256 in tests/fixtures/mindir_primitives.
Here deepsink exports them again: the bytes must be the ones MindSpore ran, deepsink's outputs must
be MindSpore's, and deepsink must run its own file with the same outputs.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import jax
import numpy as np
import pytest

import deepsink as ms
from deepsink import nn
from deepsink.common.tensor import Tensor

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
FIX = ROOT / "tests" / "fixtures" / "mindir_primitives"
INDEX = json.loads((FIX / "index.json").read_text())

import record_mindir_primitives as recorder  # noqa: E402


def _outs(out):
    return [o.asnumpy() for o in (out if isinstance(out, (tuple, list)) else (out,))]


@pytest.mark.parametrize("name", sorted(INDEX["sha256"]))
def test_exported_primitives_run_in_mindspore_with_deepsinks_outputs(name, tmp_path):
    net, x = recorder.build(name)
    rec = np.load(FIX / f"{name}.npz")
    np.testing.assert_array_equal(rec["x"], x)
    ms.export(net, Tensor(x), file_name=str(tmp_path / name), file_format="MINDIR")
    data = (tmp_path / f"{name}.mindir").read_bytes()
    assert hashlib.sha256(data).hexdigest() == INDEX["sha256"][name], (
        "the MindIR writer changed: rerun scripts/record_mindir_primitives.py with MindSpore 2.10"
    )
    ours = _outs(net(Tensor(x)))
    theirs = [rec[f"ms_out_{i}"] for i in range(len(rec.files) - 1)]
    assert len(ours) == len(theirs)
    for o, t in zip(ours, theirs, strict=True):
        assert o.dtype == t.dtype and o.shape == t.shape
        np.testing.assert_allclose(o, t, rtol=2e-5, atol=2e-6)
    back = _outs(nn.GraphCell(ms.load(str(tmp_path / f"{name}.mindir")))(Tensor(x)))
    for b, o in zip(back, ours, strict=True):
        np.testing.assert_allclose(b, o, rtol=1e-5, atol=1e-6)


class _AwayFromZero(nn.Cell):
    def construct(self, x):
        return Tensor._from(jax.lax.round(x._data))


class _TopKFirstAxis(nn.Cell):
    def construct(self, x):
        return Tensor._from(jax.lax.top_k(x._data, 1, axis=0)[0])


@pytest.mark.parametrize(
    "net,what",
    [
        (_AwayFromZero(), r"a round of halves away from zero"),
        (_TopKFirstAxis(), r"a top_k over axis 0 \(TopK takes the last axis\)"),
    ],
)
def test_rounding_and_top_k_without_a_primitive_are_refused(net, what, tmp_path):
    x = Tensor(np.ones((2, 3), np.float32))
    with pytest.raises(ValueError, match=r"no MindSpore primitive for " + what):
        ms.export(net, x, file_name=str(tmp_path / "r"), file_format="MINDIR")
