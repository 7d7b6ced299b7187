"""``mindspore.train._utils``'s redundancy planners against MindSpore 2.10's results
(``tests/fixtures/ms/ckpt/parameter_redundancy.json``, ``scripts/record_parameter_redundancy.py``)."""

import json
from pathlib import Path

import pytest

from deepsink.train._utils import get_parameter_redundancy, remove_param_redundancy

CASES = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures/ms/ckpt/parameter_redundancy.json").read_text()
)


@pytest.mark.parametrize("name", sorted(CASES))
def test_redundancy_and_what_each_rank_keeps_match_2_10(name):
    case = CASES[name]
    layouts = {k: [dev, tmap, [], 0, True, ""] for k, (dev, tmap) in case["layouts"].items()}
    red = get_parameter_redundancy(layouts, initial_rank=case["initial_rank"])
    assert list(red) == case["redundancy_order"]
    assert {k: [list(g) for g in v] for k, v in red.items()} == case["redundancy"]
    for keep, want in case["keep"].items():
        kept = remove_param_redundancy(red, keep_redundancy=int(keep))
        assert {str(r): sorted(v) for r, v in sorted(kept.items())} == want


def test_a_strategy_file_gives_the_same_groups(tmp_path):
    path = tmp_path / "s.json"
    items = {"w": {"dev_matrix": [2, 4], "tensor_map": [1, 0]},
             "v": {"dev_matrix": [2, 4], "tensor_map": [1, -1], "opt_weight_shard_size": 2}}  # fmt: skip
    path.write_text(json.dumps({"parallel_layout_item": items}))
    red = get_parameter_redundancy(str(path), initial_rank=0)
    assert red["w"] == tuple((r,) for r in (0, 4, 1, 5, 2, 6, 3, 7))
    # the optimizer splits each group of 4 copies in 2 interleaved halves
    assert red["v"] == ((0, 2), (1, 3), (4, 6), (5, 7))
