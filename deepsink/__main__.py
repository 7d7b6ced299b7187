"""The ``deepsink`` command line: ``deepsink run script.py [args]``, ``deepsink launch [msrun's
flags] script.py [args]`` and ``deepsink --version``.

``run`` executes an unmodified MindSpore script: every ``import mindspore[.sub]`` resolves to
``deepsink[.sub]`` (the same module objects). Each subcommand is one ``add_*`` function that adds
its parser to the ``commands`` subparsers and sets ``handler``; ``SUBCOMMANDS`` lists them in the
order ``--help`` shows them.
"""

from __future__ import annotations

import argparse
import os
import runpy
import sys
import traceback
from collections.abc import Callable


def install_alias() -> None:
    """Make ``import mindspore...`` import deepsink (idempotent), here and in every Python child
    process started from now on (``spawn``/``forkserver`` children re-import the script)."""
    from deepsink._mindspore_alias import sitecustomize as alias

    alias.install()
    alias.export_to_children()


# --- deepsink run ---------------------------------------------------------------------------------
def add_run(commands: argparse._SubParsersAction) -> None:
    run = commands.add_parser(
        "run",
        help="run a MindSpore script on deepsink (import mindspore resolves to deepsink)",
        description=(
            "Run an unmodified MindSpore script: every 'import mindspore' and "
            "'from mindspore.X import ...' gets the deepsink module of the same path. "
            "The script runs as __main__ with sys.argv = [script, *args]."
        ),
        epilog="example: deepsink run train.py --epochs 2",
    )
    run.add_argument("script", help="path of the Python script to run")
    run.add_argument(
        "args",
        nargs=argparse.REMAINDER,
        help="arguments passed on to the script (its sys.argv[1:])",
    )
    run.set_defaults(handler=_run)


def _run(ns: argparse.Namespace) -> int:
    if not os.path.exists(ns.script):
        print(f"deepsink run: no such file: {ns.script}", file=sys.stderr)
        return 2
    if os.path.isdir(ns.script) and not os.path.exists(os.path.join(ns.script, "__main__.py")):
        print(f"deepsink run: {ns.script} is a folder without __main__.py", file=sys.stderr)
        return 2
    install_alias()
    sys.argv = [ns.script, *ns.args]
    script_dir = os.path.dirname(os.path.abspath(ns.script))
    sys.path.insert(0, script_dir if not os.path.isdir(ns.script) else os.path.abspath(ns.script))
    try:
        runpy.run_path(ns.script, run_name="__main__")
    except Exception as exc:  # shown as Python shows a script's error, then exit 1
        _print_from_script(exc, ns.script)
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


# --- the parser -------------------------------------------------------------------------------------
# deepsink's subcommands, in --help order. A new one (e.g. the distributed launcher) adds its
# ``add_<name>(commands)`` function here; it lives in the module of its capability.
def add_launch(commands: argparse._SubParsersAction) -> None:
    from deepsink import launcher  # imported only when the parser is built

    launcher.add_launch(commands)


SUBCOMMANDS: list[Callable[[argparse._SubParsersAction], None]] = [add_run, add_launch]


def build_parser() -> argparse.ArgumentParser:
    from deepsink import __version__

    parser = argparse.ArgumentParser(
        prog="deepsink",
        description="deepsink: MindSpore's training API and sink execution on JAX/XLA.",
        epilog="'deepsink COMMAND --help' describes one command.",
    )
    parser.add_argument("--version", action="version", version=f"deepsink {__version__}")
    commands = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND")
    for add in SUBCOMMANDS:
        add(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    ns = parser.parse_args(argv)
    if ns.command is None:
        parser.print_help(sys.stderr)
        return 2
    return ns.handler(ns)


if __name__ == "__main__":
    raise SystemExit(main())
