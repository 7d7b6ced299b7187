"""Record where MindSpore's ``mindspore.ops.auto_generate`` names come from, for deepsink's copy.

Run with a Python that has MindSpore 2.x installed (not run by CI)::

    /path/to/mindspore-venv/bin/python scripts/record_auto_generate_names.py

Writes ``tests/fixtures/ms/auto_generate_names.json``: the primitive classes of ``gen_ops_prim``,
the functions of ``gen_ops_def``, and which ``auto_generate`` names are the very objects of
``mindspore.ops.operations`` / ``mindspore.ops`` (so deepsink re-exports its own objects there).
``scripts/gen_auto_generate.py`` writes ``deepsink/ops/auto_generate`` from it.
"""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import mindspore
import mindspore.ops as ops
import mindspore.ops.auto_generate as ag
import mindspore.ops.auto_generate.gen_ops_def as gd
import mindspore.ops.auto_generate.gen_ops_prim as gp
import mindspore.ops.operations as P

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms"


def _public(module) -> list[str]:
    return [n for n in dir(module) if not n.startswith("_")]


def main() -> None:
    data = {
        "mindspore_version": mindspore.__version__,
        "gen_ops_prim": sorted(n for n in _public(gp) if inspect.isclass(getattr(gp, n))),
        "gen_ops_def": sorted(n for n in _public(gd) if inspect.isfunction(getattr(gd, n))),
        "same_as_ops_operations": sorted(
            n
            for n in _public(ag)
            if inspect.isclass(getattr(ag, n)) and getattr(P, n, None) is getattr(ag, n)
        ),
        "same_as_ops": sorted(
            n
            for n in _public(ag)
            if inspect.isfunction(getattr(ag, n)) and getattr(ops, n, None) is getattr(ag, n)
        ),
    }
    path = OUT / "auto_generate_names.json"
    path.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")
    print(f"wrote {path}: " + ", ".join(f"{k} {len(v)}" for k, v in data.items() if k[0] != "m"))


if __name__ == "__main__":
    main()
