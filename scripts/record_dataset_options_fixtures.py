"""Record MindSpore 2.10's batch / shuffle / repeat options into ``tests/fixtures/dataset/``.

Run with a Python that has MindSpore installed (not run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_dataset_options_fixtures.py

Every case builds a small pipeline from ``PIPELINES`` (the test builds the same one on deepsink)
and stores its dataset size, repeat count, column names and every row of one pass in
``options.json``. Only orders that do not depend on the random generator are recorded
(a shuffled pass is recorded as its sorted rows); the ``error_*`` cases record the exception
type and message.
"""

from __future__ import annotations

import json
from pathlib import Path

import mindspore.dataset as ds
import numpy as np

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "dataset" / "options.json"


def gen10():
    """A generator source (not random access): 10 rows of (x: int32 scalar, y: float32 (2,))."""
    for i in range(10):
        yield np.int32(i), np.full(2, i / 2, np.float32)


def gen_source(ds_mod, **kwargs):
    return ds_mod.GeneratorDataset(gen10, ["x", "y"], **{"shuffle": False, **kwargs})


def slices_source(ds_mod, **kwargs):
    return ds_mod.NumpySlicesDataset(
        {"x": np.arange(10, dtype=np.int32), "y": np.arange(20, dtype=np.float32).reshape(10, 2)},
        **{"shuffle": False, **kwargs},
    )


def per_batch_double(x, y, info):
    """per_batch_map: x doubled, y plus the batch number."""
    return [a * 2 for a in x], [b + info.get_batch_num() for b in y]


def growing(info):
    """batch_size as a callable: 1, 2, 3, ... by batch number."""
    return info.get_batch_num() + 1


# name -> (source, [(method, args, kwargs), ...]); the test replays these on deepsink
PIPELINES = {
    "gen_batch4_drop": ("gen", [("batch", [4], {"drop_remainder": True})]),
    "gen_batch4_keep": ("gen", [("batch", [4], {"drop_remainder": False})]),
    "slices_batch4_drop": ("slices", [("batch", [4], {"drop_remainder": True})]),
    "slices_batch4_keep": ("slices", [("batch", [4], {})]),
    "gen_batch3_drop_repeat2": (
        "gen", [("batch", [3], {"drop_remainder": True}), ("repeat", [2], {})]),
    "gen_repeat2_batch3_drop": (
        "gen", [("repeat", [2], {}), ("batch", [3], {"drop_remainder": True})]),
    "slices_repeat3_batch4": ("slices", [("repeat", [3], {}), ("batch", [4], {})]),
    "slices_batch_per_batch_map": (
        "slices", [("batch", [4], {"per_batch_map": "per_batch_double",
                                   "input_columns": ["x", "y"]})]),
    "gen_batch_callable_size": ("gen", [("batch", ["growing"], {})]),
    "gen_batch_callable_size_drop": ("gen", [("batch", ["growing"], {"drop_remainder": True})]),
    "error_shuffle1": ("slices", [("shuffle", [1], {})]),
    "error_batch0": ("slices", [("batch", [0], {})]),
    "error_batch_drop_not_bool": ("slices", [("batch", [2], {"drop_remainder": 1})]),
    "error_repeat0": ("slices", [("repeat", [0], {})]),
    "error_repeat_minus2": ("slices", [("repeat", [-2], {})]),
    "gen_shuffle2_sorted": ("gen", [("shuffle", [2], {})]),
    "slices_shuffle_all_sorted": ("slices", [("shuffle", [100], {})]),
    "slices_repeat2_repeat3": ("slices", [("repeat", [2], {}), ("repeat", [3], {})]),
    "slices_num_samples7_batch3": (("slices", {"num_samples": 7}), [("batch", [3], {})]),
    "gen_num_samples5": (("gen", {"num_samples": 5}), []),
    "slices_shard1of3_batch2_drop": (("slices", {"num_shards": 3, "shard_id": 1}),
                                     [("batch", [2], {"drop_remainder": True})]),
    "error_gen_shard_without_random_access": (("gen", {"num_shards": 3, "shard_id": 2}), []),
    "error_shard_id_out_of_range": (("slices", {"num_shards": 2, "shard_id": 2}), []),
    "slices_batch4_drop_shapes": ("slices", [("batch", [4], {"drop_remainder": True}),
                                             ("repeat", [2], {})]),
}  # fmt: skip
CALLABLES = {"per_batch_double": per_batch_double, "growing": growing}


def build(ds_mod, name):
    source, steps = PIPELINES[name]
    source, kwargs = (source, {}) if isinstance(source, str) else source
    d = (gen_source if source == "gen" else slices_source)(ds_mod, **kwargs)
    for method, args, kwargs in steps:
        args = [CALLABLES.get(a, a) if isinstance(a, str) else a for a in args]
        kwargs = {k: CALLABLES.get(v, v) if isinstance(v, str) else v for k, v in kwargs.items()}
        d = getattr(d, method)(*args, **kwargs)
    return d


def rows_of(d) -> list:
    return [
        [np.asarray(v).tolist() for v in row] for row in d.create_tuple_iterator(output_numpy=True)
    ]


def describe(name) -> dict:
    try:
        d = build(ds, name)
        rows = rows_of(d)
    except Exception as e:  # noqa: BLE001 - the error cases record what MindSpore raises
        return {"error": type(e).__name__, "message": str(e).splitlines()[0]}
    if name.endswith("_sorted"):
        rows = sorted(rows)
    return {
        "size": d.get_dataset_size(),
        "repeat_count": d.get_repeat_count(),
        "columns": d.get_col_names(),
        "rows": rows,
    }


def main() -> int:
    import mindspore

    out = {"ms_version": mindspore.__version__, "cases": {}}
    for name in PIPELINES:
        out["cases"][name] = dict(describe(name), pipeline=PIPELINES[name])
        print(name, out["cases"][name].get("size", out["cases"][name].get("error")))
    OUT.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
