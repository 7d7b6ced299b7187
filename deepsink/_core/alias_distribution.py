"""``deepsink alias install|remove|status``: the opt-in ``mindspore`` alias of an environment,
so that ``import mindspore`` resolves to deepsink in every Python started there (no ``deepsink
run``), and so that pip counts ``mindspore`` as installed: a library whose requirements name
``mindspore`` (mindnlp) installs next to deepsink without pulling MindSpore's wheel.

``install`` writes three things into the environment's ``site-packages`` (or ``--target``):

- ``mindspore-<version>.dist-info/``: the metadata of a distribution named ``mindspore`` at the
  MindSpore version deepsink implements, ``INSTALLER`` ``deepsink``, its ``RECORD`` listing
  the files below (so ``pip uninstall mindspore`` removes the alias too);
- ``deepsink_mindspore_alias.py``: a few lines that load deepsink's alias finder
  (``deepsink/_core/alias_site/sitecustomize.py``) by file, without importing deepsink;
- ``deepsink_mindspore_alias.pth``: ``import deepsink_mindspore_alias``, which Python's ``site``
  runs at startup.

Nothing of deepsink (nor JAX) is imported at startup: the finder imports deepsink when a program
first imports ``mindspore``. ``remove`` deletes exactly the files of the ``RECORD``. An
environment with MindSpore itself installed is refused.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import shutil
import sys
import sysconfig
from pathlib import Path

from deepsink._core.alias_site.sitecustomize import MINDSPORE_VERSION

MODULE = "deepsink_mindspore_alias"
DIST_INFO = f"mindspore-{MINDSPORE_VERSION}.dist-info"
INSTALLER = "deepsink"

_MODULE_TEXT = '''"""Written by 'deepsink alias install': import mindspore resolves to deepsink in this
environment. Undo with 'deepsink alias remove' (or 'pip uninstall mindspore')."""

import importlib.util as _util
import os as _os


def _install():
    spec = _util.find_spec("deepsink")  # finds deepsink without importing it
    if spec is None or not spec.submodule_search_locations:
        return  # deepsink was uninstalled: the alias does nothing
    folder = list(spec.submodule_search_locations)[0]
    path = _os.path.join(folder, "_core", "alias_site", "sitecustomize.py")
    if not _os.path.exists(path):
        return
    alias = _util.spec_from_file_location("deepsink_mindspore_alias_finder", path)
    module = _util.module_from_spec(alias)
    alias.loader.exec_module(module)
    module.install()


_install()
'''

_METADATA = f"""Metadata-Version: 2.1
Name: mindspore
Version: {MINDSPORE_VERSION}
Summary: deepsink's alias of MindSpore {MINDSPORE_VERSION}: import mindspore resolves to deepsink
Requires-Dist: deepsink

Installed by 'deepsink alias install'; 'deepsink alias remove' or 'pip uninstall mindspore'
removes it.
"""


def site_packages() -> Path:
    """This environment's ``site-packages`` (pure-Python library folder)."""
    return Path(sysconfig.get_paths()["purelib"])


def _installed_mindspore(target: Path) -> str | None:
    """A MindSpore (not this alias) installed in ``target``: its description, else None."""
    for dist in importlib.metadata.distributions(path=[str(target)]):
        if (dist.metadata["Name"] or "").lower() == "mindspore":
            if (dist.read_text("INSTALLER") or "").strip() != INSTALLER:
                return f"mindspore {dist.version}"
    if (target / "mindspore").is_dir():
        return f"a 'mindspore' package folder in {target}"
    return None


def _alias_dist_info(target: Path) -> Path | None:
    for path in target.glob("mindspore-*.dist-info"):
        if (path / "INSTALLER").exists() and (path / "INSTALLER").read_text().strip() == INSTALLER:
            return path
    return None


def install(target: Path) -> str:
    """Write the alias into ``target``; returns what it did. Raises RuntimeError if MindSpore
    itself is installed there."""
    other = _installed_mindspore(target)
    if other is not None:
        raise RuntimeError(
            f"deepsink alias install: {other} is installed in {target}; the alias would hide it. "
            "Uninstall it first (pip uninstall mindspore) or use 'deepsink run' instead"
        )
    old = _alias_dist_info(target)
    if old is not None:
        remove(target)
    target.mkdir(parents=True, exist_ok=True)
    dist = target / DIST_INFO
    dist.mkdir()
    (target / f"{MODULE}.py").write_text(_MODULE_TEXT)
    (target / f"{MODULE}.pth").write_text(f"import {MODULE}\n")
    (dist / "METADATA").write_text(_METADATA)
    (dist / "INSTALLER").write_text(INSTALLER + "\n")
    files = [f"{MODULE}.py", f"{MODULE}.pth", f"{DIST_INFO}/METADATA", f"{DIST_INFO}/INSTALLER"]
    record = "".join(f"{f},,\n" for f in [*files, f"{DIST_INFO}/RECORD"])
    (dist / "RECORD").write_text(record)
    return f"installed the mindspore alias (mindspore {MINDSPORE_VERSION} -> deepsink) in {target}"


def remove(target: Path) -> str:
    """Delete the alias's files from ``target``; returns what it did."""
    dist = _alias_dist_info(target)
    if dist is None:
        return f"no mindspore alias in {target}"
    for line in (dist / "RECORD").read_text().splitlines():
        name = line.split(",")[0]
        path = target / name
        if name and path.is_file() and path.resolve().is_relative_to(target.resolve()):
            path.unlink()
    cache = target / "__pycache__"
    for compiled in cache.glob(f"{MODULE}.*.pyc") if cache.is_dir() else []:
        compiled.unlink()
    shutil.rmtree(dist, ignore_errors=True)
    return f"removed the mindspore alias from {target}"


def status(target: Path) -> str:
    dist = _alias_dist_info(target)
    if dist is not None:
        return f"the mindspore alias is installed in {target} ({dist.name})"
    other = _installed_mindspore(target)
    if other is not None:
        return f"no alias: {other} is installed in {target}"
    return f"no mindspore alias in {target}"


def add_alias(commands: argparse._SubParsersAction) -> None:
    """The ``alias`` subcommand of the ``deepsink`` command line."""
    parser = commands.add_parser(
        "alias",
        help="make 'import mindspore' resolve to deepsink in this environment (opt-in)",
        description=(
            "install: every Python of this environment imports deepsink for 'import mindspore' "
            "(no 'deepsink run' needed), and pip counts mindspore "
            f"{MINDSPORE_VERSION} as installed, so a library requiring mindspore does not pull "
            "MindSpore's wheel. remove: undo it (so does 'pip uninstall mindspore'). "
            "status: say whether it is installed."
        ),
        epilog="example: deepsink alias install && pip install mindnlp",
    )
    parser.add_argument("action", choices=("install", "remove", "status"))
    parser.add_argument(
        "--target",
        default=None,
        help="the site-packages folder to write into (default: this environment's)",
    )
    parser.set_defaults(handler=_handle)


def _handle(ns: argparse.Namespace) -> int:
    target = Path(ns.target) if ns.target else site_packages()
    action = {"install": install, "remove": remove, "status": status}[ns.action]
    try:
        print(action(target))
    except (RuntimeError, OSError) as exc:
        print(str(exc), file=sys.stderr)
        return 1
    return 0


__all__ = ["add_alias", "install", "remove", "status", "site_packages"]
