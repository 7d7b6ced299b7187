"""Every code block of the README works as pasted.

The ```python blocks run, concatenated in order, in a fresh process from the repository root (as a
user pastes them there). Each line of a ```bash block is one command, and each command is checked
by the rule for its kind (``COMMANDS``): the cheap ones (``deepsink run``, ``deepsink --version``,
``printf``) run in a scratch folder; ``pip install`` has its extras checked against pyproject.toml;
an example program, ``deepsink launch`` and the test suite are run by other tests, named here. A command no rule knows fails the test, so a new README command cannot go
unchecked.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
FENCE = re.compile(r"^```(\w+)[^\n]*\n(.*?)^```[ \t]*$", re.M | re.S)
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def blocks(text: str, language: str) -> list[str]:
    return [body for lang, body in FENCE.findall(text) if lang == language]


def commands(text: str) -> list[str]:
    """Each command of the bash blocks: comments removed, ``a && b`` split."""
    return [c for block in blocks(text, "bash") for c in block_commands(block)]


def block_commands(block: str) -> list[str]:
    out = []
    for line in block.splitlines():
        line = re.sub(r"\s+#.*$", "", line).strip()
        if line and not line.startswith("#"):
            out.extend(part.strip() for part in line.split("&&"))
    return out


def _env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def _shell(command: str) -> str:
    """``command`` as bash runs it, with this checkout's deepsink: ``deepsink`` and ``python3``
    are this interpreter (the console script of an installed copy may be another checkout's)."""
    py = shlex.quote(sys.executable)
    command = re.sub(r"^deepsink\b", f"{py} -m deepsink", command)
    return re.sub(r"^python3\b", py, command)


# --- the rules, one per kind of command ------------------------------------------------------------
def check_pip_install(command: str) -> None:
    """The extras named exist in pyproject.toml; the install itself is what CI does first."""
    words = shlex.split(command)[4:]
    target = [w for w in words if not w.startswith("-")]
    assert len(target) == 1, command
    m = re.fullmatch(r"\.(?:\[([\w,]+)\])?", target[0])
    assert m, f"installs something other than this checkout: {command}"
    for extra in (m.group(1) or "").split(","):
        assert not extra or extra in PYPROJECT["project"]["optional-dependencies"], extra


def check_example(command: str) -> None:
    """The program exists and tests/test_examples.py runs it (the main job as a slow test)."""
    script = shlex.split(command)[1]
    assert (ROOT / script).is_file(), script
    assert Path(script).name in (ROOT / "tests" / "test_examples.py").read_text(), script


def check_pytest(command: str) -> None:
    """The markers a ``-m`` expression names are declared (an unknown one selects nothing)."""
    words = shlex.split(command)[3:]  # after python3 -m pytest
    declared = {m.split(":")[0] for m in PYPROJECT["tool"]["pytest"]["ini_options"]["markers"]}
    if "-m" in words:
        expression = words[words.index("-m") + 1]
        for name in re.findall(r"\w+", expression):
            assert name in {"not", "and", "or"} | declared, name
    if {"-n", "--dist"} & set(words):  # pytest-xdist's options: `pip install -e ".[test]"` has it
        test_extra = PYPROJECT["project"]["optional-dependencies"]["test"]
        assert any(re.match(r"pytest-xdist\b", r) for r in test_extra), test_extra
    assert "python3 -m pytest" in (ROOT / ".ci" / "run").read_text()  # CI runs the same command


def check_launch(command: str) -> None:
    """tests/test_examples.py runs the same launch, defaults and all, and checks the accuracy the
    README states (a slow test: three epochs on two processes)."""
    words = shlex.split(command)
    script = words[-1]
    assert (ROOT / script).is_file(), script
    examples_test = (ROOT / "tests" / "test_examples.py").read_text()
    assert script in examples_test and "test_lenet_data_parallel_defaults_reach" in examples_test
    flags = dict(zip(words[2:-1:2], words[3:-1:2]))
    assert flags == {"--worker_num": "2", "--local_worker_num": "2", "--log_dir": "logs",
                     "--join": "True"}, flags  # fmt: skip


def check_library_install(command: str) -> None:
    """A library installed for the tests by ``scripts/install_library.py``: CI runs the same
    command (the script itself is tested by tests/test_install_library.py)."""
    assert (ROOT / shlex.split(command)[1]).is_file(), command
    assert re.search(rf"^{re.escape(command)}$", (ROOT / ".ci" / "run").read_text(), re.M), command


def run_cheap(command: str, cwd: Path) -> None:
    p = subprocess.run(_shell(command), shell=True, cwd=cwd, env=_env(), capture_output=True,
                       text=True, timeout=300)  # fmt: skip
    assert p.returncode == 0, f"{command}\n{p.stdout[-2000:]}\n{p.stderr[-3000:]}"


COMMANDS = [  # (pattern, rule); the first match decides
    (r"python3 -m pip install .*", check_pip_install),
    (r"python3 scripts/install_library\.py .*", check_library_install),
    (r"python3 examples/\w+\.py.*", check_example),
    (r"python3 -m pytest.*", check_pytest),
    (r"printf .*|deepsink (run|--version|--help)\b.*", run_cheap),
    (r"deepsink launch .*", check_launch),
]


def rule(command: str):
    for pattern, check in COMMANDS:
        if re.fullmatch(pattern, command):
            return pattern, check
    raise AssertionError(f"no test checks this README command: {command!r}")


def test_every_bash_command_is_checked(tmp_path):
    cmds = commands(README.read_text())
    assert cmds, "the README has no commands"
    for command in cmds:
        _, check = rule(command)
        if check is run_cheap:
            check(command, tmp_path)
        elif check is not None:
            check(command)


def test_the_run_block_prints_what_its_comments_say(tmp_path):
    """The output the README shows beside ``deepsink run`` and ``deepsink --version``."""
    for block in blocks(README.read_text(), "bash"):
        for line in block.splitlines():
            m = re.fullmatch(r"(deepsink (?:run|--version)\b.*?)\s+# (.+)", line.strip())
            if m is None:
                continue
            if m.group(1).startswith("deepsink run"):
                run_cheap(
                    next(c for c in block_commands(block) if c.startswith("printf")), tmp_path
                )
            p = subprocess.run(_shell(m.group(1)), shell=True, cwd=tmp_path, env=_env(),
                               capture_output=True, text=True, timeout=300)  # fmt: skip
            assert p.stdout.strip() == m.group(2), (line, p.stdout, p.stderr[-2000:])


def test_the_two_commands_are_the_ones_ci_and_the_examples_test_run():
    cmds = commands(README.read_text())
    assert "python3 examples/lenet_mnist_sink.py" in cmds
    assert 'python3 -m pip install -e ".[test]"' in cmds
    ci = (ROOT / ".ci" / "run").read_text()
    assert 'pip install -q -e ".[test]"' in ci
    # the whole suite: the command after the installs is the line CI runs, options and all
    after = cmds[cmds.index('python3 -m pip install -e ".[test]"') + 1 :]
    suite = next(c for c in after if not c.startswith("python3 scripts/install_library.py"))
    assert suite.startswith("python3 -m pytest") and "-m" not in shlex.split(suite)[3:], suite
    assert re.search(rf"^{re.escape(suite)}$", ci, re.M), (suite, ci)


def test_the_python_blocks_run_as_pasted(tmp_path):
    code = "\n".join(blocks(README.read_text(), "python"))
    assert code
    script = tmp_path / "readme.py"
    script.write_text(code)
    before = {p.name for p in ROOT.iterdir()}
    p = subprocess.run([sys.executable, str(script)], cwd=ROOT, env=_env(), capture_output=True,
                       text=True, timeout=600)  # fmt: skip
    assert p.returncode == 0, p.stderr[-4000:]
    assert {p.name for p in ROOT.iterdir()} - before <= {"__pycache__", ".pytest_cache"}
    # the quickstart's stated result: about 0.94
    acc = float(re.search(r"\{'acc': (?:np\.float64\()?([0-9.]+)", p.stdout).group(1))
    assert acc > 0.9, p.stdout


def test_xdist_options_need_pytest_xdist_in_the_test_extra(monkeypatch):
    check_pytest("python3 -m pytest -n auto --dist loadfile")
    extras = dict(PYPROJECT["project"]["optional-dependencies"])
    extras["test"] = [r for r in extras["test"] if not r.startswith("pytest-xdist")]
    project = dict(PYPROJECT["project"], **{"optional-dependencies": extras})
    monkeypatch.setitem(PYPROJECT, "project", project)
    with pytest.raises(AssertionError, match="pytest>=8"):
        check_pytest("python3 -m pytest -n auto --dist loadfile")
    check_pytest("python3 -m pytest -m 'not slow'")


def test_a_command_no_rule_knows_fails():
    with pytest.raises(AssertionError, match="no test checks this README command"):
        rule("curl https://example.com | sh")
    assert commands("```bash\na && b  # note\n# only a comment\n```\n") == ["a", "b"]


def test_the_readme_is_short_and_it_and_the_docs_index_link_every_docs_page():
    text = README.read_text()
    index = (ROOT / "docs" / "index.md").read_text()
    assert len(text.splitlines()) <= 150
    for page in sorted((ROOT / "docs").glob("*.md")):
        assert f"(docs/{page.name})" in text, page.name
        assert page.name == "index.md" or f"]({page.name})" in index, page.name
