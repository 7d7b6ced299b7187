"""Refused MindSpore names: reachable where MindSpore has them, raising NotImplementedError with
the reason, and listed in docs/limitations.md."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from deepsink._core.unsupported import REGISTRY, unsupported

ROOT = Path(__file__).resolve().parent.parent


def _generator():
    spec = importlib.util.spec_from_file_location("gen", ROOT / "scripts/gen_unsupported.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_limitations_page_lists_every_refused_name():
    gen = _generator()
    text = (ROOT / "docs" / "limitations.md").read_text()
    assert gen.render(text) == text, (
        "docs/limitations.md is stale: python scripts/gen_unsupported.py"
    )
    for key in REGISTRY:
        assert f"`{key}`" in text


@pytest.mark.parametrize("key", sorted(_generator().entries() and REGISTRY))
def test_refused_name_is_reachable_and_raises_with_its_reason(key):
    entry = REGISTRY[key]
    module = importlib.import_module(entry.module.replace("mindspore", "deepsink", 1))
    obj = getattr(module, entry.name)
    with pytest.raises(NotImplementedError, match="not supported by deepsink"):
        obj()


def test_a_refused_class_and_function_say_why():
    cls = unsupported("mindspore.example", "AscendThing", "it needs Ascend's float status")
    fn = unsupported("mindspore.example", "ascend_fn", "Ascend only", kind="function")
    try:
        with pytest.raises(NotImplementedError, match="AscendThing .*Ascend's float status"):
            cls(1, a=2)
        with pytest.raises(NotImplementedError, match=r"mindspore\.example\.ascend_fn"):
            fn()
        with pytest.raises(ValueError, match="'kind'"):
            unsupported("mindspore.example", "x", "y", kind="module")
    finally:
        REGISTRY.pop("mindspore.example.AscendThing")
        REGISTRY.pop("mindspore.example.ascend_fn")
