"""Record MindSpore 2.10's Dirac/Identity values, the statistics of Orthogonal/Sparse/VarianceScaling
and their argument errors into ``tests/fixtures/ms/init_more/init_more.json``.

Run with a Python that has a real MindSpore 2.10 CPU build (not run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_init_more_fixtures.py
"""

from __future__ import annotations

import json
from pathlib import Path

import mindspore as ms
from mindspore.common import initializer as msinit

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "init_more"


def _value(init, shape):
    return msinit.initializer(init, shape, ms.float32).asnumpy()


def _error(fn):
    try:
        fn()
    except Exception as exc:  # noqa: BLE001 - the recorded type is the point
        return type(exc).__name__
    return None


def main() -> None:
    ms.set_seed(0)
    exact = {}
    for shape, groups in [((4, 2, 3), 1), ((4, 2, 3, 3), 2), ((6, 3, 2, 3, 3), 3), ((2, 4, 5), 1)]:
        exact[f"Dirac_{groups}_{'x'.join(map(str, shape))}"] = _value(
            msinit.Dirac(groups), shape
        ).tolist()
    for shape in [(3, 3), (2, 5), (5, 2)]:
        exact[f"Identity_{'x'.join(map(str, shape))}"] = _value(msinit.Identity(), shape).tolist()
    exact["identity_by_name_3x2"] = _value("identity", (3, 2)).tolist()
    stats = {}
    for shape in [(300, 200), (64, 4, 3, 3)]:
        key = "x".join(map(str, shape))
        for mode in ["fan_in", "fan_out", "fan_avg"]:
            for dist in ["uniform", "truncated_normal", "untruncated_normal"]:
                x = _value(msinit.VarianceScaling(2.0, mode, dist), shape)
                stats[f"VarianceScaling_{mode}_{dist}_{key}"] = {
                    "mean": float(x.mean()),
                    "std": float(x.std()),
                    "min": float(x.min()),
                    "max": float(x.max()),
                }
        x = _value(msinit.Orthogonal(gain=1.5), shape).reshape(shape[0], -1)
        stats[f"Orthogonal_1.5_{key}"] = {
            "std": float(x.std()),
            "gram_rows": (x @ x.T)[:3, :3].round(4).tolist() if shape[0] <= x.shape[1] else None,
            "gram_cols": (x.T @ x)[:3, :3].round(4).tolist() if shape[0] > x.shape[1] else None,
        }
    x = _value(msinit.Sparse(0.3, 0.2), (50, 400))
    stats["Sparse_0.3_0.2_50x400"] = {
        "zeros_per_col": sorted(set((x == 0).sum(0).tolist())),
        "nonzero_std": float(x[x != 0].std()),
    }
    errors = {
        "Dirac_rank2": _error(lambda: _value(msinit.Dirac(), (2, 2))),
        "Dirac_groups": _error(lambda: _value(msinit.Dirac(3), (4, 2, 3))),
        "Identity_rank3": _error(lambda: _value(msinit.Identity(), (2, 2, 2))),
        "Sparse_rank1": _error(lambda: _value(msinit.Sparse(0.1), (4,))),
        "Orthogonal_rank1": _error(lambda: _value(msinit.Orthogonal(), (4,))),
        "VarianceScaling_scale": _error(lambda: msinit.VarianceScaling(0.0)),
        "VarianceScaling_mode": _error(lambda: msinit.VarianceScaling(mode="fan")),
        "VarianceScaling_dist": _error(lambda: msinit.VarianceScaling(distribution="normal")),
        "VarianceScaling_rank1": _error(lambda: _value(msinit.VarianceScaling(), (4,))),
    }
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "init_more.json").write_text(
        json.dumps({"exact": exact, "stats": stats, "errors": errors}, indent=1) + "\n"
    )


if __name__ == "__main__":
    main()
