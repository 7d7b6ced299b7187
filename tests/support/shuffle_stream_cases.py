"""``ops.randperm``/``RandpermV2`` and ``ops.shuffle``/``RandomShuffle`` after ``set_seed``:
``scripts/record_shuffle_stream_fixtures.py`` records MindSpore 2.10's numbers and
``tests/ops/test_shuffle_streams.py`` replays them on deepsink."""

from __future__ import annotations

import numpy as np


def draws(ms) -> dict:
    ops = ms.ops
    out = {}
    for n, seed in ((1, 0), (2, 0), (5, 0), (8, 0), (10, 3), (7, 42), (300, 9)):
        out[f"randperm_{n}_{seed}"] = ops.randperm(n, seed=seed).asnumpy().tolist()
    out["randperm_offset"] = ops.randperm(6, seed=1, offset=3).asnumpy().tolist()
    out["randperm_int32"] = str(ops.randperm(4, seed=2, dtype=ms.int32).dtype)
    out["randpermv2_prim"] = ops.RandpermV2(seed=1)(9).asnumpy().tolist()
    ms.set_seed(5)
    out["randperm_ignores_global_seed"] = ops.randperm(5).asnumpy().tolist()

    x = ms.Tensor(np.arange(10, dtype=np.float32))
    rows = ms.Tensor(np.arange(12, dtype=np.int32).reshape(4, 3))
    ms.set_seed(1)
    out["shuffle_first"] = ops.shuffle(x).asnumpy().tolist()
    out["shuffle_second"] = ops.shuffle(x).asnumpy().tolist()
    out["shuffle_seed"] = ops.shuffle(x, seed=3).asnumpy().tolist()
    out["shuffle_rows"] = ops.shuffle(rows).asnumpy().tolist()
    ms.set_seed(7)
    out["shuffle_long"] = ops.shuffle(ms.Tensor(np.arange(500, dtype=np.int32))).asnumpy().tolist()
    prim = ops.RandomShuffle(seed=5, seed2=0)
    out["prim_calls"] = [prim(x).asnumpy().tolist() for _ in range(2)]
    out["prim_seed2"] = ops.RandomShuffle(seed=0, seed2=7)(x).asnumpy().tolist()
    out["prim_rows"] = ops.RandomShuffle(seed=5)(rows).asnumpy().tolist()
    return out


def laplace_draws(ms) -> dict:
    """``ops.standard_laplace``/``ops.laplace``/``StandardLaplace`` after ``set_seed`` (float32
    values as lists)."""
    ops = ms.ops
    out = {}
    ms.set_seed(3)
    out["standard_laplace_first"] = ops.standard_laplace((2, 3)).asnumpy().tolist()
    out["standard_laplace_second"] = ops.standard_laplace((5,)).asnumpy().tolist()
    out["standard_laplace_seed"] = ops.standard_laplace((4,), seed=11).asnumpy().tolist()
    mean = ms.Tensor(np.float32(1.5))
    lam = ms.Tensor(np.float32(0.5))
    out["laplace"] = ops.laplace((3,), mean, lam).asnumpy().tolist()
    prim = ops.StandardLaplace(seed=4, seed2=2)
    out["prim_calls"] = [prim((4,)).asnumpy().tolist() for _ in range(2)]
    ms.set_seed(8)
    out["standard_laplace_many"] = ops.standard_laplace((1000,)).asnumpy().tolist()
    return out
