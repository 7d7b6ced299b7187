"""``scripts/install_library.py``: a library's wheel installed without the top-level packages it
should not put in site-packages (mindnlp 0.1.1's wheel installs its repository's ``tests``, which
hides every other ``tests`` package), with a ``RECORD`` that matches what it installs."""

from __future__ import annotations

import csv
import importlib.util
import io
import os
import subprocess
import venv
import zipfile
from pathlib import Path

import pytest
from hand_wheels import write_wheel

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "install_library.py"
_spec = importlib.util.spec_from_file_location("install_library", SCRIPT)
install_library = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(install_library)

FILES = {  # laid out as mindnlp 0.1.1's wheel: the library, and its repository's tests beside it
    "lib/__init__.py": "VALUE = 3\n",
    "lib/core.py": "def f():\n    return 1\n",
    "tests/__init__.py": "",
    "tests/ut/__init__.py": "",
    "tests/ut/test_lib.py": "def test_f():\n    pass\n",
}


def _members(wheel: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(wheel) as z:
        return {i.filename: z.read(i) for i in z.infolist()}


def test_the_copy_leaves_the_package_out_and_its_record_matches(tmp_path):
    wheel = write_wheel(tmp_path, "lib", "1.0", FILES)
    out = tmp_path / "out"
    out.mkdir()
    stripped = install_library.wheel_without(wheel, {"tests"}, out)
    assert stripped.name == wheel.name
    members = _members(stripped)
    info = "lib-1.0.dist-info"
    assert sorted(members) == sorted(
        [
            "lib/__init__.py",
            "lib/core.py",
            f"{info}/METADATA",
            f"{info}/WHEEL",
            f"{info}/top_level.txt",
            f"{info}/RECORD",
        ]
    )
    assert members[f"{info}/top_level.txt"] == b"lib\n"
    rows = list(csv.reader(io.StringIO(members[f"{info}/RECORD"].decode())))
    assert sorted(r[0] for r in rows) == sorted(members)
    for path, digest, size in rows:
        if path == f"{info}/RECORD":
            assert digest == size == ""
        else:  # every hash and size is the file's own, top_level.txt's new one included
            assert digest == install_library.record_hash(members[path]), path
            assert size == str(len(members[path])), path


def test_a_name_the_wheel_does_not_install_is_an_error(tmp_path):
    wheel = write_wheel(tmp_path, "lib", "1.0", FILES)
    with pytest.raises(ValueError, match=r"installs no top-level 'test': it installs lib, tests"):
        install_library.wheel_without(wheel, {"test"}, tmp_path)


@pytest.mark.slow
def test_fresh_virtualenv_replaces_a_plain_install_and_a_second_run_installs_nothing(tmp_path):
    """Offline (``--no-index --find-links``): pip's own install of the wheel puts ``tests`` in
    site-packages; the script uninstalls that and installs the library without it."""
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    py = str(env_dir / "bin" / "python")
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    write_wheel(wheels, "lib", "1.0", FILES)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}

    def run(*args):
        return subprocess.run(
            [py, *args], capture_output=True, text=True, env=env, timeout=600, cwd=tmp_path
        )

    probe = "import lib, tests; print(lib.VALUE, tests.__file__)"
    plain = run("-m", "pip", "install", "--no-index", "--find-links", str(wheels), "lib==1.0")
    assert plain.returncode == 0, plain.stderr
    assert "site-packages" in run("-c", probe).stdout  # the stray package answers `import tests`
    script = [
        str(SCRIPT),
        "lib==1.0",
        "--leave-out",
        "tests",
        "--no-index",
        "--find-links",
        str(wheels),
    ]
    first = run(*script)
    assert first.returncode == 0, first.stdout + first.stderr
    assert "installed lib 1.0 without tests" in first.stdout
    after = run("-c", probe)
    assert after.returncode != 0 and "No module named 'tests'" in after.stderr, after.stdout
    assert run("-c", "import lib.core; print(lib.VALUE + lib.core.f())").stdout.strip() == "4"
    files = run("-m", "pip", "show", "-f", "lib").stdout
    assert "lib/core.py" in files and "tests/" not in files, files
    again = run(*script)
    assert again.returncode == 0 and "is installed without tests" in again.stdout, again.stderr
