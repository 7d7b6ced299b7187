"""``deepsink run script.py [args]``: run an unmodified MindSpore script on deepsink.

Every ``import mindspore[.sub]`` resolves to ``deepsink[.sub]`` (the same module objects).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.abc
import importlib.util
import runpy
import sys


class _MindSporeAlias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Resolve ``mindspore`` and its submodules to deepsink's modules of the same path."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname == "mindspore" or fullname.startswith("mindspore."):
            target_name = "deepsink" + fullname[len("mindspore") :]
            if importlib.util.find_spec(target_name) is None:
                return None
            return importlib.util.spec_from_loader(fullname, self)
        return None

    def create_module(self, spec):
        return importlib.import_module("deepsink" + spec.name[len("mindspore") :])

    def exec_module(self, module):
        pass


def install_alias() -> None:
    """Make ``import mindspore...`` import deepsink (idempotent)."""
    if not any(isinstance(f, _MindSporeAlias) for f in sys.meta_path):
        sys.meta_path.insert(0, _MindSporeAlias())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="deepsink", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="run a MindSpore script with mindspore mapped to deepsink")
    run.add_argument("script")
    run.add_argument("args", nargs=argparse.REMAINDER)
    from deepsink import launcher

    launch = sub.add_parser(
        "launch", help="run a script on several worker processes (msrun's flags)"
    )
    launcher.add_arguments(launch)
    ns = parser.parse_args(argv)
    if ns.command == "launch":
        return launcher.launch(ns)
    install_alias()
    sys.argv = [ns.script, *ns.args]
    runpy.run_path(ns.script, run_name="__main__")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
