"""MindSpore 2.10's ``mindspore.ops`` submodule paths (``ops.function.math_func``,
``ops.operations.nn_ops``, ``ops.auto_generate.gen_ops_def``, ``ops.composite``, ``ops.functional``,
...) hold the names deepsink has, as the very objects of their home path (names recorded on 2.10 by
``scripts/record_ops_module_names.py``).

What is left is counted by reason, and may only shrink:

- ``own``: an object 2.10 keeps only in that module, at no other public path (its ``*_ext``
  variants, ``gen_extend_func``, the sparse-matrix and ``V2`` primitives, the multitype graphs);
- ``home``: the object of a public path deepsink does not implement there either (2.10's generated
  ``ops.auto_generate`` primitives, Ascend's attention and MoE ops of ``mindspore.ops``);
- ``above``: the object is ``mindspore.mint``'s, which deepsink implements in ``deepsink.mint``,
  above the operator layer, so an operator module cannot offer it.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from faultkit import HANG_S

ROOT = Path(__file__).resolve().parents[2]
RECORD = json.loads((ROOT / "tests" / "fixtures" / "ms" / "ops_module_names.json").read_text())
LEFT = {"own": 249, "home": 860, "above": 55}  # counted on MindSpore 2.10's 4,780 names


def _module(ms_name: str):
    try:
        return importlib.import_module("deepsink" + ms_name[len("mindspore") :])
    except ImportError:
        return None


def _survey() -> tuple[Counter, list]:
    counts, wrong = Counter(), []
    for ms_module, names in RECORD["modules"].items():
        module = _module(ms_module)
        for name, home in names.items():
            got = getattr(module, name, None) if module is not None else None
            home_module = _module(home[0]) if home else None
            want = getattr(home_module, home[1], None) if home_module is not None else None
            if got is None:
                counts["own" if home is None else "home" if want is None else "above"] += 1
            elif want is not None and got is not want:
                wrong.append(f"{ms_module}.{name} is not {home[0]}.{home[1]}")
            else:
                counts["have"] += 1
    return counts, wrong


def test_each_name_is_the_object_of_its_home_path_and_what_is_left_only_shrinks():
    counts, wrong = _survey()
    assert not wrong, wrong[:20]
    total = sum(len(v) for v in RECORD["modules"].values())
    assert counts["have"] >= total - sum(LEFT.values()), counts
    for reason, most in LEFT.items():
        assert counts[reason] <= most, (reason, counts)


@pytest.mark.parametrize(
    ("path", "name", "home"),
    [
        ("ops.function.math_func", "addmm", "ops"),
        ("ops.function.array_func", "gather_d", "ops"),
        ("ops.function.nn_func", "dropout", "ops"),
        ("ops.function.clip_func", "clip_by_global_norm", "ops"),
        ("ops.function.grad.grad_func", "jacrev", "ops"),
        ("ops.operations.random_ops", "StandardNormal", "ops.operations"),
        ("ops.composite", "add_flags", "ops"),
        ("ops.auto_generate.gen_ops_def", "argmax_ext", "mint:argmax"),
    ],
)
def test_a_user_import_of_a_submodule_path_gets_the_home_object(path, name, home):
    import deepsink  # noqa: F401 (binds the package for importlib)

    module = importlib.import_module(f"deepsink.{path}")
    home, _, home_name = home.partition(":")
    want = getattr(importlib.import_module(f"deepsink.{home}"), home_name or name)
    assert getattr(module, name) is want


def test_a_thin_module_star_imports_and_names_what_it_lacks():
    namespace: dict = {}
    exec("from deepsink.ops.function.clip_func import *", namespace)
    assert "clip_by_value" in namespace and "clip_by_global_norm" in namespace
    from deepsink.ops.function import clip_func

    with pytest.raises(AttributeError, match="does not implement MindSpore's"):
        clip_func.NotInDeepsink  # noqa: B018


def test_the_alias_table_is_up_to_date():
    out = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "gen_ops_path_aliases.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=HANG_S * 4,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stdout + out.stderr
