"""Record MindSpore's public names per module into ``tests/fixtures/ms/public_names.json``.

Run with a Python that has MindSpore 2.x installed (not run by CI)::

    /path/to/mindspore-venv/bin/python scripts/record_public_names.py

A module's names are its ``__all__`` where it has one, else its public non-module attributes.
``scripts/api_coverage.py`` compares deepsink against this list.
"""

from __future__ import annotations

import importlib
import json
import types
from pathlib import Path

import mindspore

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "public_names.json"

MODULES = [
    "mindspore",
    "mindspore.nn",
    "mindspore.ops",
    "mindspore.train",
    "mindspore.dataset",
    "mindspore.dataset.vision",
    "mindspore.dataset.transforms",
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


if __name__ == "__main__":
    main()
