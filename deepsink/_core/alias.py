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
import types

MINDSPORE_VERSION = "2.10.0"  # the MindSpore API version deepsink implements


class MindSporePackage(types.ModuleType):
    """``mindspore`` under the alias: deepsink's top-level package in every name it reads, binds
    or lists, except ``__version__``, which is the MindSpore version deepsink implements (so a
    program's ``mindspore.__version__`` checks take MindSpore 2.10's branch), while
    ``deepsink.__version__`` stays deepsink's own. Submodules (``mindspore.nn``) are deepsink's
    module objects themselves."""

    def __init__(self, package: types.ModuleType) -> None:
        super().__init__("mindspore", package.__doc__)
        object.__setattr__(self, "deepsink_package", package)
        object.__setattr__(self, "__version__", MINDSPORE_VERSION)

    def __getattr__(self, name: str):
        return getattr(self.deepsink_package, name)

    def __setattr__(self, name: str, value) -> None:
        # the import machinery's own attributes (__spec__, __loader__, ...) stay on this module
        if name.startswith("__"):
            object.__setattr__(self, name, value)
        else:
            setattr(self.deepsink_package, name, value)

    def __delattr__(self, name: str) -> None:
        delattr(self.deepsink_package, name)

    def __dir__(self):
        return dir(self.deepsink_package)


def install_alias() -> None:
    """Make ``import mindspore...`` import deepsink (idempotent), here and in every Python child
    process started from now on: ``spawn``/``forkserver`` children re-import the script, so the
    finder reaches them through the ``sitecustomize`` of ``alias_site`` put first on
    ``PYTHONPATH``."""
    from deepsink._core.alias_site import sitecustomize as site

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
