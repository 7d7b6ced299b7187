"""``scripts/mutants.py`` stays usable: every mutant's edit still applies to the source it names
(its text occurs exactly once) and names test files that exist. A refactor that moves the code a
mutant edits fails here, so the mutant is updated with it instead of silently dropping out."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _mutants() -> list:
    spec = importlib.util.spec_from_file_location("_mutants", ROOT / "scripts" / "mutants.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks the module up
    spec.loader.exec_module(module)
    return module.MUTANTS


MUTANTS = _mutants()


def test_mutant_names_are_unique():
    names = [m.name for m in MUTANTS]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_mutant_applies_once_and_names_existing_tests(mutant):
    source = (ROOT / mutant.path).read_text(encoding="utf-8")
    assert source.count(mutant.old) == 1, (
        f"{mutant.name}: its text occurs {source.count(mutant.old)} times in {mutant.path}"
    )
    assert mutant.old != mutant.new
    for test in mutant.tests:
        assert (ROOT / test.split("::")[0]).is_file(), f"{mutant.name}: no test file {test}"
