"""Run a MindSpore library's own test suite (its repository's tests, as its CI runs them) on
deepsink, or on MindSpore 2.10, and count.

    python3 scripts/run_library_tests.py CHECKOUT [--library mindcv|mindnlp|mindyolo|mindocr]
        [--mindspore-python PY] [--json OUT] [-k EXPR] [--files GLOB ...] [--every N]
        [--patch DIFF]
    python3 scripts/run_library_tests.py --compare DEEPSINK.json MINDSPORE.json

``CHECKOUT`` is a checkout (or ``git archive``) of github.com/mindspore-lab/mindcv or
github.com/mindspore-lab/mindnlp, mindyolo or mindocr (the figures in docs/libraries.md are of
mindcv's tag v0.3.0, mindnlp's v0.1.1, mindyolo's v0.5.0 and mindocr's v0.5.0). mindcv's suite is
``tests/modules/*.py`` and ``tests/tasks/*.py``; mindnlp's is ``tests/ut`` with
``-m 'not download and not gpu_only'`` (its CI's selection); mindyolo's ``tests/modules/*.py``;
mindocr's ``tests/ut/*.py`` and ``tests/st/*.py``. ``--patch`` applies a diff to the copy first
(``scripts/library_patches/``: the one change mindocr needs to import on MindSpore 2.10 at all). The
checkout is copied to a temporary folder (the tests write into the current folder) and run from
there, with a fresh home folder (downloads go to ``~/.mindspore``), with the checkout's package
(``mindcv``, ``mindnlp``) first on the path. Without
``--mindspore-python`` the tests run under this Python with ``import mindspore`` resolving to the
deepsink beside this script; with it, under that Python (a MindSpore 2.10 install with pytest).
``--files`` runs only the suite's files matching these globs (``tests/modules/test_optim.py``),
``--skip`` leaves out those matching these (``ut/models/*/*.py``);
``--every N`` runs every Nth of the tests collected (a fixed sample, the same on both engines).
``--json`` writes each test's outcome; ``--compare`` lists the tests that pass on MindSpore and not
on deepsink (of those both ran), grouped by file. Tests that download data fail on both where there is no network.
"""

from __future__ import annotations

import argparse
import collections
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# each library's test files and the pytest options its CI runs them with
SUITES = {
    "mindcv": (["tests/modules/*.py", "tests/tasks/*.py"], []),
    "mindnlp": (["tests/ut/**/test_*.py"], ["-m", "not download and not gpu_only"]),
    "mindyolo": (["tests/modules/*.py"], []),
    "mindocr": (["tests/ut/*.py", "tests/st/*.py"], []),
}
# under deepsink: the alias, then pytest in this process (so its children get the alias too)
_DEEPSINK_MAIN = (
    "import sys; from deepsink._core.alias import install_alias; install_alias(); "
    "import pytest; sys.exit(pytest.main(sys.argv[1:]))"
)


def _outcomes(junit: Path) -> dict[str, str]:
    out = {}
    for case in ET.parse(junit).getroot().iter("testcase"):
        name = f"{case.get('file') or case.get('classname')}::{case.get('name')}"
        kinds = {child.tag for child in case}
        if "skipped" in kinds:
            out[name] = "skipped"
        elif "failure" in kinds:
            out[name] = "failed"
        elif "error" in kinds:
            out[name] = "error"
        else:
            out[name] = "passed"
    return out


def run(
    library: str,
    checkout: str,
    python: str | None,
    extra: list[str],
    patterns: list[str],
    every: int,
    skip: list[str],
    patches: list[str] = (),
) -> dict:
    suite, options = SUITES[library]
    with tempfile.TemporaryDirectory(prefix=f"{library}-tests-") as tmp:
        work = Path(tmp) / library
        shutil.copytree(checkout, work, ignore=shutil.ignore_patterns(".git"))
        for diff in patches:
            subprocess.run(["git", "apply", str(Path(diff).resolve())], cwd=work, check=True)
        found = (f for p in suite for f in glob.glob(str(work / p), recursive=True))
        files = sorted(f for f in found if any(Path(f).match(p) for p in patterns or ["*"]))
        files = [f for f in files if not any(Path(f).match(p) for p in skip)]
        junit = Path(tmp) / "junit.xml"
        args = ["-p", "no:cacheprovider", "-q", "--continue-on-collection-errors"]
        args += [f"--junitxml={junit}", *options, *extra, *files]
        # the libraries download into ~/.mindspore: a fresh home per run, so that no run sees another's
        env = dict(os.environ, HOME=str(Path(tmp) / "home"))
        os.makedirs(env["HOME"])
        paths = [str(work)]
        if python is None:
            paths.insert(0, str(ROOT))
            cmd = [sys.executable, "-c", _DEEPSINK_MAIN, *args]
        else:
            cmd = [python, "-m", "pytest", *args]
            # tests that start ``python tools/train.py`` (mindocr's) get this interpreter
            env["PATH"] = os.pathsep.join([str(Path(python).parent), env.get("PATH", "")])
        env["PYTHONPATH"] = os.pathsep.join([*paths, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        if every > 1:  # collect, then run every Nth test id
            listed = subprocess.run(
                [*cmd, "--collect-only"], cwd=work, env=env, capture_output=True, text=True
            ).stdout.splitlines()
            ids = [line for line in listed if "::" in line and not line.startswith(" ")]
            cmd = [c for c in cmd if c not in files] + ids[::every]
        proc = subprocess.run(cmd, cwd=work, env=env, check=False)
        outcomes = _outcomes(junit) if junit.exists() else {}
    counts = collections.Counter(outcomes.values())
    return {
        "library": library,
        "engine": "deepsink" if python is None else "mindspore",
        "command": " ".join(sys.argv),
        "patches": [Path(p).name for p in patches],
        "exit_status": proc.returncode,
        "counts": dict(sorted(counts.items())),
        "tests": outcomes,
    }


def compare(deepsink: dict, mindspore: dict) -> dict:
    on_ms = {t for t, o in mindspore["tests"].items() if o == "passed" and t in deepsink["tests"]}
    missing = sorted(t for t in on_ms if deepsink["tests"].get(t) != "passed")
    by_file = collections.Counter(t.split("::")[0] for t in missing)
    return {
        "passed_on_mindspore": len(on_ms),
        "of_those_passed_on_deepsink": len(on_ms) - len(missing),
        "not_passed_on_deepsink_by_file": dict(by_file.most_common()),
        "not_passed_on_deepsink": missing,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkout", nargs="?", help="a checkout of the library's repository")
    parser.add_argument("--library", choices=sorted(SUITES), default="mindcv")
    parser.add_argument("--mindspore-python", help="run under this Python (MindSpore 2.10)")
    parser.add_argument("--json", help="write the outcomes here")
    parser.add_argument("-k", help="pytest's -k expression")
    parser.add_argument("--files", nargs="+", default=[], help="only the files matching these")
    parser.add_argument("--skip", nargs="+", default=[], help="leave out files matching these")
    parser.add_argument("--every", type=int, default=1, help="run every Nth test collected")
    parser.add_argument("--patch", nargs="+", default=[], help="diffs to apply to the copy")
    parser.add_argument("--compare", nargs=2, metavar=("DEEPSINK", "MINDSPORE"))
    opts = parser.parse_args()
    if opts.compare:
        loaded = [json.loads(Path(p).read_text(encoding="utf-8")) for p in opts.compare]
        report = compare(*loaded)
        print(
            json.dumps({k: v for k, v in report.items() if k != "not_passed_on_deepsink"}, indent=1)
        )
        for test in report["not_passed_on_deepsink"]:
            print(test)
        return 0
    if not opts.checkout or not os.path.isdir(os.path.join(opts.checkout, "tests")):
        parser.error(
            f"'checkout' must be a {opts.library} checkout with a tests/ folder, "
            f"got {opts.checkout!r}"
        )
    if opts.every < 1:
        parser.error(f"'--every' must be a positive integer, got {opts.every}")
    extra = ["-k", opts.k] if opts.k else []
    result = run(
        opts.library,
        opts.checkout,
        opts.mindspore_python,
        extra,
        opts.files,
        opts.every,
        opts.skip,
        opts.patch,
    )
    print(json.dumps(result["counts"]))
    if opts.json:
        Path(opts.json).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
