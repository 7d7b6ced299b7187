"""Record MindSpore 2.10's ``train._utils.get_parameter_redundancy`` and
``remove_param_redundancy`` on a few layouts, for ``tests/train/test_parameter_redundancy.py``.

Run under a Python with a MindSpore 2.10 CPU build, from a folder outside the repository; not run
by CI::

    cd "$(mktemp -d)" && /path/to/mindspore/python /path/to/repo/scripts/record_parameter_redundancy.py

Writes ``tests/fixtures/ms/ckpt/parameter_redundancy.json``: per case, the layouts
(``{name: [dev_matrix, tensor_map]}``, passed as ``parameter_layout_dict`` entries with no
optimizer-shard group), ``initial_rank``, the redundancy map and, for
``keep_redundancy`` 1 and 2, the parameters each rank keeps (sorted lists).
"""

from __future__ import annotations

import json
from pathlib import Path

from mindspore.train._utils import get_parameter_redundancy, remove_param_redundancy

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "ckpt"

CASES = {
    "data_parallel_8": ({"w": [[8, 1], [-1, -1]], "b": [[8], [-1]]}, 0),
    "model_parallel_2x4": (
        {"w": [[2, 4], [1, 0]], "b": [[2, 4], [0]], "v": [[2, 4], [1, -1]], "s": [[2, 4], [-1]]},
        0,
    ),
    "three_dims_from_rank_8": (
        {"a": [[2, 2, 2], [2, -1]], "c": [[2, 2, 2], [0, 1]], "d": [[2, 2, 2], [-1, -1]]},
        8,
    ),
}


def _layout_dict(layouts: dict) -> dict:
    """As ``Cell.parameter_layout_dict`` holds them: dev_matrix, tensor_map, slice shape, field
    size, uniform split, optimizer-shard group ("": none)."""
    return {k: [dev, tmap, [], 0, True, ""] for k, (dev, tmap) in layouts.items()}


def main() -> None:
    out = {}
    for name, (layouts, initial_rank) in CASES.items():
        red = get_parameter_redundancy(_layout_dict(layouts), initial_rank=initial_rank)
        keep = {}
        for k in (1, 2):
            kept = remove_param_redundancy(red, keep_redundancy=k)
            keep[str(k)] = {str(r): sorted(v) for r, v in sorted(kept.items())}
        out[name] = {
            "layouts": layouts,
            "initial_rank": initial_rank,
            "redundancy": {p: [list(g) for g in groups] for p, groups in red.items()},
            "redundancy_order": list(red),
            "keep": keep,
        }
    (OUT / "parameter_redundancy.json").write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out)[:2000])


if __name__ == "__main__":
    main()
