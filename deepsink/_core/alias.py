"""The ``mindspore`` alias (``import mindspore[.sub]`` gets ``deepsink[.sub]``) and running an
unchanged MindSpore script under it: what ``deepsink run`` and each ``deepsink launch`` worker do.

It sits below both command-line modules (``deepsink.__main__``, ``deepsink.launcher``), which
import it and not each other.
"""

from __future__ import annotations

import os
import runpy
import sys
import traceback

from deepsink._core.alias_site import sitecustomize as site
from deepsink._core.alias_site.sitecustomize import MINDSPORE_VERSION as MINDSPORE_VERSION
from deepsink._core.alias_site.sitecustomize import MindSporePackage as MindSporePackage


def install_alias() -> None:
    """Make ``import mindspore...`` import deepsink (idempotent), here and in every Python child
    process started from now on: ``spawn``/``forkserver`` children re-import the script, so the
    finder reaches them through the ``sitecustomize`` of ``alias_site`` put first on
    ``PYTHONPATH``."""
    site.install()
    site.export_to_children()


def run_script(script: str, args: list[str]) -> int:
    """``deepsink run script args``: run ``script`` as ``__main__`` with ``import mindspore``
    resolving to deepsink; the exit status (a script's exception prints as Python prints it, 1)."""
    if not os.path.exists(script):
        print(f"deepsink run: no such file: {script}", file=sys.stderr)
        return 2
    if os.path.isdir(script) and not os.path.exists(os.path.join(script, "__main__.py")):
        print(f"deepsink run: {script} is a folder without __main__.py", file=sys.stderr)
        return 2
    install_alias()
    sys.argv = [script, *args]
    script_dir = os.path.dirname(os.path.abspath(script))
    sys.path.insert(0, script_dir if not os.path.isdir(script) else os.path.abspath(script))
    try:
        runpy.run_path(script, run_name="__main__")
    except Exception as exc:  # shown as Python shows a script's error, then exit 1
        _print_from_script(exc, script)
        return 1
    return 0


# msrun runs a task named by one of these with that program (``msrun ... pytest -s -v
# test_x.py::test_y``, the form of MindSpore's parallel samples); any other task is a Python script
TASK_PROGRAMS = ("python", "python3", "pytest")


def run_task(task: str, args: list[str]) -> int:
    """A ``deepsink launch`` worker's task, as msrun reads it: ``python|python3 SCRIPT ARGS`` runs
    the script as ``deepsink run`` does, ``pytest ARGS`` runs pytest in this process with the alias
    installed, anything else is the script itself."""
    if task == "pytest":
        install_alias()
        try:
            import pytest
        except ImportError:
            print("deepsink launch: the task 'pytest' needs pytest installed", file=sys.stderr)
            return 2
        return int(pytest.main(list(args)))
    if task in TASK_PROGRAMS:
        if not args or args[0].startswith("-"):
            print(
                f"deepsink launch: the task '{task}' must be followed by the script to run "
                f"(interpreter options are not taken), but got {args[:1]}",
                file=sys.stderr,
            )
            return 2
        return run_script(args[0], args[1:])
    return run_script(task, args)


def _print_from_script(exc: BaseException, script: str) -> None:
    """The traceback as ``python script.py`` prints it: from the script's first frame on, without
    this module's and runpy's frames in front of it."""
    tb = exc.__traceback__
    if os.path.isdir(script):
        script = os.path.join(script, "__main__.py")
    script = os.path.realpath(script)
    while tb is not None and os.path.realpath(tb.tb_frame.f_code.co_filename) != script:
        tb = tb.tb_next
    traceback.print_exception(type(exc), exc, tb)
