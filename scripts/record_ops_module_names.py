"""Record the public names of MindSpore's ``mindspore.ops`` submodules (``ops.function.*``,
``ops.operations.*``, ``ops.auto_generate.*``, ``ops.composite.*``, ``ops.primitive``,
``ops.functional``) and, for each, the public path that holds the very same object.

Run with a Python that has MindSpore 2.x installed, from a folder outside the repository (not run
by CI)::

    cd /some/scratch && /path/to/mindspore-venv/bin/python /path/to/scripts/record_ops_module_names.py

A module's public names are its ``__all__`` plus the classes and functions it defines itself
(``__module__`` is the module), without a leading underscore, in modules whose path has no private
part. Writes ``tests/fixtures/ms/ops_module_names.json``: ``{module: {name: [home, home_name]}}``,
where ``home.home_name`` is the same object on the first of ``HOMES`` that has it (``null`` when the
object lives only in that module). ``scripts/gen_ops_path_aliases.py`` writes deepsink's aliases
from it; ``tests/ops/test_ops_module_names.py`` checks them.
"""

from __future__ import annotations

import importlib
import inspect
import json
import pkgutil
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "ops_module_names.json"
ROOTS = [
    "mindspore.ops.function",
    "mindspore.ops.operations",
    "mindspore.ops.auto_generate",
    "mindspore.ops.composite",
    "mindspore.ops.primitive",
    "mindspore.ops.functional",
]
# where an object counts as living, first match wins (the public homes users reach it by)
HOMES = [
    "mindspore.ops",
    "mindspore.ops.operations",
    "mindspore.ops.composite",
    "mindspore.ops.primitive",
    "mindspore.mint",
    "mindspore.nn",
    "mindspore",
    "mindspore.ops.functional",
    "mindspore.ops.function",
    "mindspore.ops.auto_generate",
]


def modules() -> dict:
    found = {}
    for root in ROOTS:
        mod = importlib.import_module(root)
        found[root] = mod
        for info in pkgutil.walk_packages(getattr(mod, "__path__", []), root + "."):
            if not any(part.startswith("_") for part in info.name.split(".")):
                found[info.name] = importlib.import_module(info.name)
    return found


def public_names(name: str, mod) -> list[str]:
    listed = {n for n in getattr(mod, "__all__", None) or [] if isinstance(n, str)}
    own = set()
    for n in dir(mod):
        obj = getattr(mod, n)
        if (inspect.isclass(obj) or inspect.isfunction(obj)) and obj.__module__ == name:
            own.add(n)
    return sorted(
        n
        for n in listed | own
        if not n.startswith("_") and hasattr(mod, n) and not inspect.ismodule(getattr(mod, n))
    )


def main() -> None:
    import mindspore

    homes = []
    for h in HOMES:
        mod = importlib.import_module(h)
        by_id = {}
        for n in dir(mod):
            if not n.startswith("_") and not inspect.ismodule(getattr(mod, n)):
                by_id.setdefault(id(getattr(mod, n)), []).append(n)
        homes.append((h, by_id))

    def home(name: str, obj) -> list | None:
        for h, by_id in homes:
            names = by_id.get(id(obj))
            if names:
                return [h, name if name in names else sorted(names)[0]]
        return None

    data = {"mindspore": mindspore.__version__, "modules": {}}
    for name, mod in sorted(modules().items()):
        data["modules"][name] = {n: home(n, getattr(mod, n)) for n in public_names(name, mod)}
    OUT.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")
    total = sum(len(v) for v in data["modules"].values())
    print(f"wrote {OUT}: {len(data['modules'])} modules, {total} names")


if __name__ == "__main__":
    main()
