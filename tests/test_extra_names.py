"""deepsink exports no name that MindSpore 2.10 lacks at that path: per module, the names it
exports (its ``__all__``, or for a module without one every public non-module attribute) are
attributes of the same MindSpore module or in its ``__all__`` (``module_attributes.json`` and
``public_names.json`` in ``tests/fixtures/ms/``, recorded from MindSpore 2.10 by
``scripts/record_public_names.py``; MindSpore's ``mint.__all__`` lists the names of its
submodules that the documentation shows under ``mindspore.mint``). Names registered as refused
(``deepsink._core.unsupported``) are MindSpore's documented names on purpose and are left out."""

import importlib
import json
import types
from pathlib import Path

import pytest

from deepsink._core.unsupported import REGISTRY

FIXTURES = Path(__file__).parent / "fixtures" / "ms"
MINDSPORE = json.loads((FIXTURES / "module_attributes.json").read_text())["modules"]
ALL = json.loads((FIXTURES / "public_names.json").read_text())["modules"]

# exports not yet taken out, each with why it stays for now; the test fails when one is gone
# (shrink the list) as well as when a new one appears
PENDING: dict[str, set[str]] = {
    # deepsink's own diagnostics (README, docs/diagnostics.md, bench): the step-time split, the
    # progress bar, the profiler alias, the print-file reader; where they belong is open
    "mindspore": {"ProgressBar", "TimeBreakdown", "parse_print", "initializer"},
    "mindspore.train": {"CallbackManager", "Profiler", "ProgressBar", "TimeBreakdown", "parse_print"},
    "mindspore.train.callback": {
        "CallbackManager", "CallbackParam", "ProgressBar", "TimeBreakdown", "WaitedDSCallback",
    },
    # the device split of a pipeline and the map error type, used by the dataset tests
    "mindspore.dataset": {"DeviceTransform", "MapError"},
    # MindSpore has these in mindspore.dataset.transforms.transforms (a module deepsink has too)
    "mindspore.dataset.transforms": {"PyFunc", "TensorOperation"},
}  # fmt: skip

MODULES = sorted(MINDSPORE)


def exported(module: types.ModuleType) -> set[str]:
    names = getattr(module, "__all__", None)
    if names is None:
        names = [
            n
            for n in dir(module)
            if n != "annotations" and not isinstance(getattr(module, n), types.ModuleType)
        ]
    return {n for n in names if not n.startswith("_")}


def extra_names(name: str) -> set[str]:
    mod = importlib.import_module("deepsink" + name[len("mindspore") :])
    refused = {k.rsplit(".", 1)[1] for k in REGISTRY if k.rsplit(".", 1)[0] == name}
    listed = set(ALL[name]["names"]) if name in ALL else set()
    return exported(mod) - set(MINDSPORE[name]) - listed - refused


@pytest.mark.parametrize("name", MODULES)
def test_no_name_mindspore_lacks(name):
    assert extra_names(name) == PENDING.get(name, set())
