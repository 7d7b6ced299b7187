"""Every docs/*.md page's Python examples run, so the guides cannot drift from the code.

The convention (for every page): all ```python blocks of one page are concatenated in order and run
as one program (``python doc_page.py``, in a process of its own, which ``tests/support/forkrun``
forks from a server that imported deepsink once) from the repository root, as a user pastes them
there (``data/mnist`` is a relative path; a page that writes files first changes to a scratch folder, and the test checks that
the repository root is left as it was). A block whose first line is
``# doc: no-run`` is shown but not run. Pages are picked up by name: a new page is tested as soon
as it exists.
"""

import os
import re
from pathlib import Path

import pytest
from forkrun import ForkRunner

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.glob("*.md"))
FENCE = re.compile(r"^```python[^\n]*\n(.*?)^```[ \t]*$", re.M | re.S)
NO_RUN = "# doc: no-run"


def blocks(text: str) -> list[str]:
    """The runnable ```python blocks of a page, in order."""
    return [b for b in FENCE.findall(text) if not b.lstrip().startswith(NO_RUN)]


def program(page: Path) -> str:
    """One page's runnable blocks as one program, each block marked with its page and number."""
    parts = []
    for i, block in enumerate(blocks(page.read_text()), 1):
        parts.append(f"# --- {page.name}, python block {i}\n{block}")
    return "\n".join(parts)


def test_the_convention_is_parsed_as_documented():
    text = (
        "intro\n```python\nx = 1\n```\n\n```python\n# doc: no-run\nraise SystemExit(1)\n```\n"
        "```bash\nexit 1\n```\n```python title\nprint(x + 1)\n```\n"
    )
    assert blocks(text) == ["x = 1\n", "print(x + 1)\n"]


def test_there_are_pages():
    assert {"index.md", "sink_mode.md", "custom_loops.md", "datasets.md"} <= {p.name for p in PAGES}


@pytest.fixture(scope="module")
def programs():
    env = {k: v for k, v in os.environ.items() if k != "REPO"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    runner = ForkRunner(env)
    yield runner
    runner.close()


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_page_examples_run(page, tmp_path, programs):
    code = program(page)
    if not code:
        pytest.skip(f"{page.name} has no runnable python block")
    script = tmp_path / f"doc_{page.stem}.py"
    script.write_text(code)
    before = _root_entries()
    p = programs.run(str(script), [], cwd=ROOT, timeout=300)
    assert p.returncode == 0, (
        f"{page.name} examples failed:\n{p.stdout[-2000:]}\n{p.stderr[-4000:]}"
    )
    assert _root_entries() == before, f"{page.name} left files in the repository root"


def _root_entries() -> set[str]:
    return {p.name for p in ROOT.iterdir() if p.name not in ("__pycache__", ".pytest_cache")}


def test_no_page_needs_an_environment_variable_to_find_the_repository():
    for page in PAGES:
        assert "os.environ[" not in page.read_text(), page.name
