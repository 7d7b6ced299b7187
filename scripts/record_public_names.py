"""Record MindSpore's public names per module into ``tests/fixtures/ms/public_names.json``.

Run with a Python that has MindSpore 2.x installed (not run by CI)::

    /path/to/mindspore-venv/bin/python scripts/record_public_names.py

A module's names are its ``__all__`` where it has one, else its public non-module attributes.
``scripts/api_coverage.py`` compares deepsink against this list.

Also writes ``tests/fixtures/ms/module_attributes.json``: every public attribute (``dir()``) of the
modules in ``ATTRIBUTE_MODULES``, what a name may be at that path; ``tests/test_extra_names.py``
checks that deepsink exports no name MindSpore lacks there.
"""

from __future__ import annotations

import importlib
import json
import types
from pathlib import Path

import mindspore

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms"
OUT = FIXTURES / "public_names.json"
ATTRIBUTES = FIXTURES / "module_attributes.json"

MODULES = [
    "mindspore",
    "mindspore.nn",
    "mindspore.ops",
    "mindspore.train",
    "mindspore.dataset",
    "mindspore.dataset.vision",
    "mindspore.dataset.transforms",
    "mindspore.dataset.text",
    "mindspore.common",
    "mindspore.common.initializer",
    "mindspore.context",
    "mindspore.amp",
    "mindspore.communication",
    "mindspore.numpy",
    "mindspore.mint",
    "mindspore.mint.nn",
    "mindspore.mint.nn.functional",
    "mindspore.mint.optim",
    "mindspore.mint.linalg",
    "mindspore.mint.special",
]


ATTRIBUTE_MODULES = [
    *MODULES,
    "mindspore.ops.operations",
    "mindspore.ops.functional",
    "mindspore.nn.optim",
    "mindspore.train.callback",
    "mindspore.profiler",
    "mindspore.device_context",
]


def names_of(module: types.ModuleType) -> tuple[str, list[str]]:
    names = getattr(module, "__all__", None)
    if names is not None:
        return "__all__", sorted({n for n in names if not n.startswith("_")})
    public = [
        n
        for n in dir(module)
        if not n.startswith("_") and not isinstance(getattr(module, n), types.ModuleType)
    ]
    return "dir", sorted(public)


def main() -> None:
    modules = {}
    for name in MODULES:
        source, names = names_of(importlib.import_module(name))
        modules[name] = {"source": source, "names": names}
        print(f"{name}: {len(names)} names ({source})")
    data = {"mindspore_version": mindspore.__version__, "modules": modules}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}")
    attributes = {
        name: sorted(n for n in dir(importlib.import_module(name)) if not n.startswith("_"))
        for name in ATTRIBUTE_MODULES
    }
    data = {"mindspore_version": mindspore.__version__, "modules": attributes}
    ATTRIBUTES.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")
    print(f"wrote {ATTRIBUTES}")


if __name__ == "__main__":
    main()
