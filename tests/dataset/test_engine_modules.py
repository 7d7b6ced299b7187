"""MindSpore's ``mindspore.dataset.engine.datasets_*`` modules, reached as attributes as mindcv's
tests do (``type(ds) == ms.dataset.engine.datasets_vision.ImageFolderDataset``), hold the classes
2.10 puts there (``tests/fixtures/ms/dataset/engine_modules.json``, recorded by
``scripts/record_dataset_engine_modules.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import deepsink as ms

RECORDED = json.loads(
    (Path(__file__).parents[1] / "fixtures/ms/dataset/engine_modules.json").read_text("utf-8")
)
# 2.10's datasets_user_defined has no __all__; SamplerFn is its internal worker-pool class
INTERNAL = {"SamplerFn"}


@pytest.mark.parametrize("module", sorted(RECORDED))
def test_module_holds_mindspores_classes(module):
    mod = getattr(ms.dataset.engine, module)
    names = [n for n in RECORDED[module] if n not in INTERNAL]
    assert sorted(mod.__all__) == names
    for name in names:
        assert getattr(mod, name) is getattr(ms.dataset, name)


def test_type_check_as_mindcv_writes_it(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.jpg").write_bytes(b"\xff\xd8\xff\xd9")
    data = ms.dataset.ImageFolderDataset(str(tmp_path))
    assert type(data) == ms.dataset.engine.datasets_vision.ImageFolderDataset  # noqa: E721


def test_other_names_are_attribute_errors():
    with pytest.raises(AttributeError, match="datasets_nowhere"):
        ms.dataset.engine.datasets_nowhere  # noqa: B018
