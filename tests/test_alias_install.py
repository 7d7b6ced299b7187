"""``deepsink alias install|remove``: ``import mindspore`` resolves to deepsink in a whole
environment (no ``deepsink run``), and pip counts ``mindspore`` as installed; undone by
``deepsink alias remove`` or ``pip uninstall mindspore``."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import venv
from pathlib import Path

import pytest
from hand_wheels import write_wheel

from deepsink._core import alias_distribution as ad

ROOT = Path(__file__).resolve().parent.parent
# what a fresh interpreter with the alias's folder as a site directory imports for 'mindspore'
PROBE = (
    "import site, sys, importlib.metadata as md; site.addsitedir(sys.argv[1]); "
    "import mindspore, mindspore.nn; "
    "print(mindspore.__version__, mindspore.nn.Dense.__module__, md.version('mindspore'))"
)


def _env() -> dict:
    return {**os.environ, "PYTHONPATH": str(ROOT), "JAX_PLATFORMS": "cpu"}


def _probe(target: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", PROBE, str(target)], capture_output=True,
                          text=True, env=_env(), timeout=300)  # fmt: skip


def test_install_makes_mindspore_deepsink_and_remove_undoes_it(tmp_path):
    print(ad.install(tmp_path))
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [ad.MODULE + ".pth", ad.MODULE + ".py", ad.DIST_INFO]
    run = _probe(tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [ad.MINDSPORE_VERSION, "deepsink.nn.layer.dense",
                                  ad.MINDSPORE_VERSION]  # fmt: skip
    assert "alias is installed" in ad.status(tmp_path)
    ad.remove(tmp_path)
    assert [p.name for p in tmp_path.iterdir() if p.name != "__pycache__"] == []
    run = _probe(tmp_path)
    assert "No module named 'mindspore'" in run.stderr


def test_install_refuses_next_to_mindspore_itself(tmp_path):
    dist = tmp_path / "mindspore-2.10.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: mindspore\nVersion: 2.10.0\n")
    (dist / "INSTALLER").write_text("pip\n")
    with pytest.raises(RuntimeError, match="mindspore 2.10.0 is installed"):
        ad.install(tmp_path)
    assert not (tmp_path / (ad.MODULE + ".pth")).exists()


def test_command_line(tmp_path, capsys):
    from deepsink.__main__ import main

    assert main(["alias", "install", "--target", str(tmp_path)]) == 0
    assert main(["alias", "status", "--target", str(tmp_path)]) == 0
    assert main(["alias", "remove", "--target", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("installed") and "is installed" in out[1]
    assert out[2].startswith("removed")


@pytest.mark.slow
def test_fresh_virtualenv_pip_sees_the_alias_and_uninstalls_it(tmp_path):
    env_dir = tmp_path / "venv"
    venv.create(env_dir, system_site_packages=True, with_pip=True)
    py = str(env_dir / "bin" / "python")

    def run(*args):
        return subprocess.run([py, *args], capture_output=True, text=True, env=_env(),
                              timeout=600)  # fmt: skip

    assert run("-m", "deepsink", "alias", "install").returncode == 0
    shown = run("-m", "pip", "show", "mindspore")
    assert f"Version: {ad.MINDSPORE_VERSION}" in shown.stdout, shown.stderr
    # a requirement on mindspore is met by the alias (pip would otherwise download the wheel)
    check = run("-c", "import importlib.metadata as m; print(m.version('mindspore'))")
    assert check.stdout.strip() == ad.MINDSPORE_VERSION
    imp = run("-c", "import mindspore; print(mindspore.Tensor.__module__)")
    assert imp.returncode == 0 and "deepsink" in imp.stdout, imp.stderr
    assert run("-m", "pip", "uninstall", "-y", "mindspore").returncode == 0
    gone = run("-c", "import mindspore")
    assert "No module named 'mindspore'" in gone.stderr


def _wheel_requiring_mindspore(folder: Path, requirement: str) -> Path:
    """A one-module wheel whose metadata requires ``requirement`` (as mindnlp's requires
    ``mindspore>=2.2.14``)."""
    files = {"needs_mindspore.py": "import mindspore\n\nVERSION = mindspore.__version__\n"}
    return write_wheel(folder, "needs_mindspore", "1.0", files, requires=(requirement,))


@pytest.mark.slow
def test_fresh_virtualenv_pip_installs_a_library_requiring_mindspore_without_its_wheel(tmp_path):
    """pip resolves a ``mindspore`` requirement offline (``--no-index``): it fails before the
    alias is installed (there is no MindSpore to download) and succeeds after, installing only
    the library; the library's ``import mindspore`` is deepsink."""
    env_dir = tmp_path / "venv"
    venv.create(env_dir, system_site_packages=True, with_pip=True)
    py = str(env_dir / "bin" / "python")
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    wheel = _wheel_requiring_mindspore(wheels, "mindspore>=2.2.14")

    def run(*args):
        return subprocess.run([py, *args], capture_output=True, text=True, env=_env(),
                              timeout=600)  # fmt: skip

    pip = ["-m", "pip", "install", "--no-index", "--find-links", str(wheels), str(wheel)]
    before = run(*pip)
    assert before.returncode != 0
    assert "mindspore" in (before.stderr + before.stdout).lower()
    assert run("-m", "deepsink", "alias", "install").returncode == 0
    after = run(*pip)
    assert after.returncode == 0, after.stderr
    installed = re.findall(r"^Successfully installed (.*)$", after.stdout, re.M)
    assert installed and installed[0].split() in (["needs-mindspore-1.0"], ["needs_mindspore-1.0"])
    used = run("-c", "import needs_mindspore, mindspore; print(needs_mindspore.VERSION, mindspore.Tensor.__module__)")  # fmt: skip
    assert used.returncode == 0, used.stderr
    assert used.stdout.split()[0] == ad.MINDSPORE_VERSION and "deepsink" in used.stdout
    # a requirement the alias's version does not meet (mindnlp 0.5.1: mindspore<=2.7.0) is not
    # silently met: pip refuses
    strict = _wheel_requiring_mindspore(tmp_path, "mindspore<=2.7.0")
    refused = run("-m", "pip", "install", "--no-index", "--force-reinstall", str(strict))
    assert refused.returncode != 0
    assert "mindspore" in refused.stderr.lower()
