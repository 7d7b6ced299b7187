"""docs/api_coverage.md is generated from MindSpore's recorded public names and kept current."""

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _script():
    spec = importlib.util.spec_from_file_location("api_coverage", ROOT / "scripts/api_coverage.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_page_is_current():
    page = (ROOT / "docs" / "api_coverage.md").read_text()
    assert page == _script().render(), (
        "docs/api_coverage.md is stale: python scripts/api_coverage.py"
    )


def test_counts_add_up_and_known_names_are_present():
    _, cov = _script().coverage()
    recorded = json.loads((ROOT / "tests/fixtures/ms/public_names.json").read_text())["modules"]
    for name, (present, missing, _) in cov.items():
        assert sorted(present + missing) == [n for n in recorded[name]["names"] if n.isidentifier()]
        assert all(n.isidentifier() for n in present + missing)  # no "." or "0" counted
    assert {"Model", "Tensor", "set_context"} <= set(cov["mindspore"][0])
    assert {"Dense", "Conv2d"} <= set(cov["mindspore.nn"][0])
