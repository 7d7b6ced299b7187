"""List the recorded fixtures no test reads.

Runs pytest (the whole suite, or the test paths given) with an audit hook that notes every file
opened under ``tests/fixtures/``, then prints the fixture files nobody opened, by folder. A
fixture that is recorded but never read checks nothing: read it in a test or delete it with its
recorder entry.

    python3 scripts/unread_fixtures.py                      # the whole suite
    python3 scripts/unread_fixtures.py tests/nn tests/ops   # only what these tests read

Exit status: 0 when every fixture was read, 1 otherwise.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
IGNORED = {"README.md", "index.json"}  # documentation, not a recording


class _Opened:
    """A pytest plugin: an audit hook collects the fixture files opened while the tests run."""

    def __init__(self) -> None:
        self.paths: set[Path] = set()
        prefix = str(FIXTURES)

        def hook(event: str, args: tuple) -> None:
            if event != "open" or not isinstance(args[0], str | Path):
                return
            path = Path(args[0])
            path = path if path.is_absolute() else Path.cwd() / path
            if str(path).startswith(prefix):
                self.paths.add(path.resolve())

        sys.addaudithook(hook)


def main(argv: list[str]) -> int:
    opened = _Opened()
    rc = pytest.main(["-q", "-p", "no:cacheprovider", *(argv or ["tests"])], plugins=[opened])
    unread = defaultdict(list)
    for p in sorted(FIXTURES.rglob("*")):
        if p.is_file() and p.name not in IGNORED and p.resolve() not in opened.paths:
            unread[str(p.parent.relative_to(FIXTURES))].append(p.name)
    for folder, names in unread.items():
        print(f"{folder}: {len(names)} unread: {' '.join(names)}")
    print(f"pytest exit status {rc}; {sum(map(len, unread.values()))} fixture files unread")
    return 1 if unread else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
