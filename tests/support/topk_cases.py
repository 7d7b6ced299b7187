"""``ops.topk`` on inputs with ties, over several axes, ``largest`` and ``sorted`` both ways:
the entries MindSpore 2.10's CPU kernel picks among equal values and the order it returns them in.
``scripts/record_topk_fixtures.py`` records the cases under MindSpore 2.10 and
``tests/ops/test_topk_order.py`` replays them on deepsink."""

from __future__ import annotations

import numpy as np


def inputs() -> dict:
    """Name -> (array, k, dim, largest, sorted)."""
    rng = np.random.RandomState(32)
    out: dict = {}
    arrays = {
        "ties_1d": np.array([1, 3, 3, 2, 5, 3, 1, 5], np.float32),
        "ties_2d": rng.randint(0, 4, (3, 10)).astype(np.float32),
        "ties_int_40": rng.randint(0, 3, (40,)).astype(np.int32),
        "distinct_30": rng.randn(30).astype(np.float32),
        "ties_3d": rng.randint(0, 5, (2, 3, 17)).astype(np.float32),
        "constant_25": np.full((25,), 2.0, np.float32),
        "ties_wide": rng.randint(0, 6, (4, 97)).astype(np.float32),
        "ties_fp16": rng.randint(0, 4, (2, 33)).astype(np.float16),
    }
    for name, a in arrays.items():
        n = a.shape[-1]
        for k in sorted({1, 3, max(1, n // 2), n // 2 + 1}):
            for largest in (True, False):
                for sorted_ in (True, False):
                    out[
                        f"{name}_k{k}_{'max' if largest else 'min'}_{'sorted' if sorted_ else 'unsorted'}"
                    ] = (
                        a,
                        k,
                        -1,
                        largest,
                        sorted_,
                    )
    for dim in (0, 1):
        for sorted_ in (True, False):
            out[f"ties_3d_dim{dim}_{'sorted' if sorted_ else 'unsorted'}"] = (
                arrays["ties_3d"],
                2,
                dim,
                True,
                sorted_,
            )
    return out


def run(topk, a, k, dim, largest, sorted_) -> dict:
    """``topk``'s values and indices as lists (``topk`` a function of the recorded arguments)."""
    values, indices = topk(a, k, dim, largest, sorted_)
    return {
        "values": values.asnumpy().astype(np.float64).tolist(),
        "indices": indices.asnumpy().tolist(),
    }
