"""The repository's text speaks of deepsink, and its numbers can be traced.

Each phrase below was once in the repository and was not about deepsink (a machine's path, the
state of the machine it was built on) or could not be reproduced from it; this test fails if one
comes back. Recorded benchmark results (``bench/results/*.json``) and MindSpore fixtures are data,
not text, and are not searched.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUFFIXES = {".py", ".md", ".toml", ".txt", ".cfg", ".yml", ".yaml", ""}

# (pattern, why it must not come back)
BANNED = [
    (r"/work/", "a machine's path"),
    (r"\.\./shared", "a folder beside the checkout on one machine"),
    (r"msenv/bin/python scripts", "a fixed MindSpore venv: use $DEEPSINK_MINDSPORE_PYTHON"),
    (r"No GPU has been lent", "about the project's machines, not deepsink"),
    (r"load average 1[5-9]|load average 21", "the state of one shared machine"),
    (r"Speed on this machine", "which machine? name it and the date"),
    (r"seed 00\d", "unexplained jargon: name MindSpore's tutorial or the example file"),
    (r"seed LeNet|seed pipeline|seed job", "unexplained jargon: the LeNet/MNIST sink job"),
    (r"once the\s+checkpoint module lands", "stale: the checkpoint module exists"),
    (r"675 pass|812 tests", "a count that cannot be reproduced from the repository"),
    (r'os\.environ\["REPO"\]', "docs run as pasted from the repository root"),
]


def _files() -> list[Path]:
    """The repository's files: git's list (tracked, and new files not ignored) where git is there,
    so build output such as ``deepsink.egg-info`` is left out; else every file under the root."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        return list(ROOT.rglob("*"))
    return [ROOT / name for name in listed]


def _texts() -> list[Path]:
    skip_dirs = {".git", "__pycache__", ".pytest_cache", "results", "fixtures", "data"}
    out = []
    for path in _files():
        rel = path.relative_to(ROOT)
        if any(part in skip_dirs for part in rel.parts) or not path.is_file():
            continue
        if path.suffix in SUFFIXES and path != Path(__file__).resolve():
            out.append(path)
    return out


def test_banned_phrases_stay_out() -> None:
    found = []
    for path in _texts():
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        for pattern, why in BANNED:
            for m in re.finditer(pattern, text):
                line = text.count("\n", 0, m.start()) + 1
                found.append(f"{path.relative_to(ROOT)}:{line}: {m.group(0)!r} ({why})")
    assert not found, "\n".join(found)


def test_fixture_readme_and_recorders_use_the_one_environment_variable() -> None:
    readme = (ROOT / "tests" / "fixtures" / "ms" / "README.md").read_text()
    assert "DEEPSINK_MINDSPORE_PYTHON" in readme
    for script in (
        "record_checkpoint_fixtures.py",
        "record_dtype_fixtures.py",
        "record_ops_more_fixtures.py",
        "record_dataset_fidelity_fixtures.py",
        "record_print_fixture.py",
        "lenet_ckpt_interchange.py",
    ):
        assert "DEEPSINK_MINDSPORE_PYTHON" in (ROOT / "scripts" / script).read_text(), script


def test_api_coverage_counts_only_names() -> None:
    page = (ROOT / "docs" / "api_coverage.md").read_text()
    for junk in ("`.`", "`0`", "`1`", "`2`"):
        assert junk not in page


def _user_documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


# development notes: the state of the machine a figure was taken on, how CI or a check went
DEV_NOTES = [
    (r"load average|at load \d|other (jobs|test runs) shared|while other", "a machine's load"),
    (r"\d-vCPU|\b(idle|quiet|loaded) (\d-vCPU|machine)|on this machine", "the machine it ran on"),
    (r"\d+ of \d+ caught|mutation (check|score)[^.]*\d", "a check's score"),
    (r"\bin CI[^.]*\b\d+ s\b", "how long CI took"),
]


def test_user_documents_hold_no_development_notes() -> None:
    found = []
    for path in _user_documents():
        text = path.read_text()
        for pattern, why in DEV_NOTES:
            for m in re.finditer(pattern, text):
                line = text.count("\n", 0, m.start()) + 1
                found.append(f"{path.relative_to(ROOT)}:{line}: {m.group(0)!r} ({why})")
    assert not found, "\n".join(found)


def test_every_figure_cites_a_committed_result_file_with_its_command() -> None:
    """Each result file the README and docs/ cite exists and records its command; each section of
    docs/performance.md, and the README's speed claim, cite one."""
    import json

    for path in _user_documents():
        for name in re.findall(r"bench/results/([\w.-]+\.json)", path.read_text()):
            record = json.loads((ROOT / "bench" / "results" / name).read_text())
            assert record.get("command"), f"{path.name}: {name} records no command"
    performance = (ROOT / "docs" / "performance.md").read_text()
    for section in performance.split("\n## ")[1:]:
        title = section.splitlines()[0]
        if re.search(r"\d+(\.\d+)?(x| ms| us| s\b|%| images)", section):
            assert "bench/results/" in section and "bench/" in section, title
    readme = (ROOT / "README.md").read_text()
    speed = readme.split("**Speed.**", 1)[1].split("\n\n", 1)[0]
    assert "bench/results/" in speed and "python3 bench/" in speed


def test_vision_and_transform_counts_live_only_in_the_generated_coverage_page() -> None:
    """One source of truth for how many of MindSpore's names deepsink has: docs/api_coverage.md,
    generated by scripts/api_coverage.py."""
    counted = re.compile(r"\ball \d+ (of|names)|\b\d+ of (its|2\.10's|MindSpore's) \d+")
    for path in _user_documents():
        if path.name != "api_coverage.md":
            assert not counted.search(path.read_text()), path.name


# what a compiler or a tool run inside the tree leaves behind; none of it is source
BUILD_OUTPUT = re.compile(
    r"(^|/)(akg_kernel_meta|kernel_meta)/|\.(so|o|a|dylib|dll|pyd|key|log)$|(^|/)dsa_transfrom\.log$"
)


def test_no_compiled_or_tool_output_is_tracked() -> None:
    found = [
        str(p.relative_to(ROOT))
        for p in _files()
        if BUILD_OUTPUT.search(p.relative_to(ROOT).as_posix())
    ]
    assert not found, (
        f"build or tool output tracked (remove it, .gitignore covers it): {found[:10]}"
    )
    assert BUILD_OUTPUT.search("scripts/akg_kernel_meta/Fused_X.json")  # the rule itself
    assert BUILD_OUTPUT.search("kernel_build_tmp.key") and not BUILD_OUTPUT.search(
        "deepsink/log.py"
    )


# words that name a round of work, not what a file holds; MindSpore's own module paths are kept
ROUND_WORDS = re.compile(
    r"(^|_)(wide|wider|breadth|twin|extra|more|misc|round\d*|new|batch\d+)(_|$)"
)
MINDSPORE_PATHS = {"deepsink/ops/operations/other_ops.py"}


def test_no_package_file_is_named_after_a_work_round() -> None:
    found = [
        str(p.relative_to(ROOT))
        for p in _files()
        if p.suffix == ".py"
        and p.relative_to(ROOT).parts[0] == "deepsink"
        and str(p.relative_to(ROOT)) not in MINDSPORE_PATHS
        and ROUND_WORDS.search(p.stem)
    ]
    assert not found, f"name these files after what they hold: {found}"
    assert ROUND_WORDS.search("wide_ops") and ROUND_WORDS.search("math_twin_func")  # the rule
    assert not ROUND_WORDS.search("random_ops") and not ROUND_WORDS.search("renew")
