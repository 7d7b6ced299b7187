"""serialize / deserialize against MindSpore 2.10's JSON of the same pipelines and operations
(``tests/fixtures/ms/serdes.json``, recorded by ``scripts/record_serdes_fixtures.py`` from the
cases of ``tests/support/serdes_cases.py``): deepsink writes 2.10's JSON, rebuilds what 2.10
rebuilds (the rebuilt pipeline writes the same JSON and yields the same rows), and refuses what
2.10 refuses with its RuntimeError."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

import deepsink.common.dtype as mstype
import deepsink.dataset as ds
import deepsink.dataset.text as text
import deepsink.dataset.transforms as transforms
import deepsink.dataset.vision as vision

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "support"))
import serdes_cases as sc  # noqa: E402

FIXTURE = json.loads((ROOT / "fixtures" / "ms" / "serdes.json").read_text())
PIPES, OPS = FIXTURE["pipelines"], FIXTURE["ops"]
# pipelines holding Python-style operations: 2.10 writes each Python object's attributes, which
# are its own; their names, modules and grouping are compared
PYTHON_OPS = {"py_and_c_mixed", "totensor_normalize", "python_compound"}
# 2.10's reader fails on the class_indexing it writes (a JSON type error in its C++ reader);
# deepsink reads it back
CLASS_INDEXING = {"folder_options", "voc_indexing", "manifest_indexing"}


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    base = tmp_path_factory.mktemp("serdes")
    return str(base), sc.write_data(base)


def _canon(tree, python_shape: bool = False):
    """Workers follow the machine and a distributed sampler's seed the config: left out."""
    if isinstance(tree, dict):
        if python_shape and "python_module" in tree and "tensor_op_params" in tree:
            inner = tree["tensor_op_params"].get("transforms") or []
            return [tree["python_module"], tree["tensor_op_name"], _canon(inner, True)]
        return {
            k: _canon(v, python_shape)
            for k, v in tree.items()
            if k not in ("num_parallel_workers", "seed")
        }
    if isinstance(tree, list):
        return [_canon(v, python_shape) for v in tree]
    return tree


def _pipelines(data):
    base, paths = data
    return sc.pipelines(ds, vision, text, transforms, paths)


def test_pipeline_json_is_mindspores(data):
    """Every pipeline at once (sources, samplers, nodes and operations together)."""
    pipes, differ = _pipelines(data), []
    for name in sorted(PIPES):
        got = sc.portable(ds.serialize(pipes[name]), data[0])
        py = name in PYTHON_OPS
        if _canon(got, py) != _canon(PIPES[name]["json"], py):
            differ.append(name)
    assert differ == []


@pytest.mark.parametrize(
    "name", sorted(n for n in PIPES if "deserialize_error" in PIPES[n] and n not in CLASS_INDEXING)
)
def test_what_mindspore_refuses_to_rebuild(name, data):
    tree = sc.located(PIPES[name]["json"], data[0])
    want = PIPES[name]["deserialize_error"].split(": ", 1)[1]
    with pytest.raises(RuntimeError) as info:
        ds.serialize(ds.deserialize(input_dict=tree))
    assert str(info.value) == want


# rebuilt as 2.10 rebuilds them but not yielding the first pipeline's rows: 2.10 writes neither a
# CSV's column_defaults nor padded_batch's pad_info; FiveCrop's five images go to Grayscale
OTHER_ROWS = {"csv_project", "padded_batch", "python_compound"}
REBUILT = sorted(n for n in PIPES if PIPES[n].get("rebuilt_same")) + sorted(CLASS_INDEXING)


def test_mindspore_json_rebuilds_the_pipelines(data, tmp_path):
    """2.10's JSON of each pipeline it rebuilds, read by deepsink: the same JSON again, and the
    same rows as the pipeline it was written from."""
    differ = []
    for name in REBUILT:
        tree = sc.located(PIPES[name]["json"], data[0])
        (tmp_path / "p.json").write_text(json.dumps(tree))
        rebuilt = ds.deserialize(json_filepath=str(tmp_path / "p.json"))
        py = name in PYTHON_OPS
        if _canon(ds.serialize(rebuilt), py) != _canon(tree, py):
            differ.append((name, "json"))
        if name in OTHER_ROWS:
            continue
        ds.config.set_seed(7)
        want = sc.rows(_pipelines(data)[name])
        ds.config.set_seed(7)
        if sc.rows(rebuilt) != want:
            differ.append((name, "rows"))
    assert differ == []


def test_round_trip_file_is_byte_identical(data, tmp_path):
    p = _pipelines(data)["vision_params"]
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    ds.serialize(p, str(first))
    ds.serialize(ds.deserialize(input_dict=str(first)), str(second))
    assert first.read_bytes() == second.read_bytes()
    text_ = first.read_text()
    assert text_.endswith("}\n") and '\n    "children": [' in text_  # 2.10's layout


def test_operations_json_and_rebuild(data):
    """Each operation alone: 2.10's JSON, and rebuilt when 2.10 rebuilds it, else its refusal."""
    ops, differ = sc.single_ops(vision, transforms, text, mstype), []
    for name in sorted(OPS):
        pipe = ds.TFRecordDataset(data[1]["tfrecord"], columns_list=["m"], shuffle=False)
        tree = ds.serialize(pipe.map(ops[name], "m"))
        if _canon(tree["operations"]) != _canon(OPS[name]["json"]["operations"]):
            differ.append((name, "json"))
        refusal = OPS[name].get("deserialize_error", "").split(": ", 1)[-1]
        try:
            same = ds.serialize(ds.deserialize(input_dict=tree)) == tree
            outcome = "" if same else "other json"
        except RuntimeError as e:
            outcome = str(e)
        if outcome != refusal:
            differ.append((name, outcome))
    assert differ == []


def test_user_functions_are_named_and_not_rebuilt(data):
    class Fun:
        def __call__(self, x):
            return x

    def fun(x):
        return x

    names = []
    for fn in (fun, lambda x: x, Fun(), Fun().__call__):
        names.append(ds.serialize(ds.GeneratorDataset([1, 2], ["x"]).map(fn))["operations"][0])
    assert [n["tensor_op_name"] for n in names] == ["fun", "<lambda>", "Fun", "__call__"]
    assert {n["python_module"] for n in names} == {
        "mindspore.dataset.transforms.py_transforms_util"
    }
    assert ds.deserialize() is None
    with pytest.raises(RuntimeError, match="failed to open json file"):
        ds.deserialize(json_filepath=str(Path(data[0]) / "missing.json"))
    np.testing.assert_equal(
        ds.compare(_pipelines(data)["csv_project"], _pipelines(data)["csv_project"]), True
    )
