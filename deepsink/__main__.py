"""The ``deepsink`` command line: ``deepsink run script.py [args]``, ``deepsink launch [msrun's
flags] script.py [args]``, ``deepsink alias install|remove|status`` and ``deepsink --version``.

``run`` executes an unmodified MindSpore script: every ``import mindspore[.sub]`` resolves to
``deepsink[.sub]`` (the same module objects). Each subcommand is one ``add_*`` function that adds
its parser to the ``commands`` subparsers and sets ``handler``; ``SUBCOMMANDS`` lists them in the
order ``--help`` shows them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from deepsink._core.alias import install_alias as install_alias
from deepsink._core.alias import run_script


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
        usage="deepsink run [-h] SCRIPT [ARGS ...]",
    )
    # optional for argparse, so a missing script gets this command's own message (argparse would
    # also call the optional ARGS required)
    run.add_argument("script", nargs="?", metavar="SCRIPT", help="path of the Python script to run")
    run.add_argument(
        "args",
        nargs=argparse.REMAINDER,
        metavar="ARGS",
        help="arguments passed on to the script (its sys.argv[1:])",
    )
    run.set_defaults(handler=_run, parser=run)


def _run(ns: argparse.Namespace) -> int:
    if ns.script is None:
        ns.parser.error("missing SCRIPT: the Python script to run, then its own arguments if any")
    return run_script(ns.script, ns.args)


# --- the parser -------------------------------------------------------------------------------------
# deepsink's subcommands, in --help order. A new one (e.g. the distributed launcher) adds its
# ``add_<name>(commands)`` function here; it lives in the module of its capability.
def add_launch(commands: argparse._SubParsersAction) -> None:
    from deepsink import launcher  # imported only when the parser is built

    launcher.add_launch(commands)


def add_alias(commands: argparse._SubParsersAction) -> None:
    from deepsink._core import alias_distribution

    alias_distribution.add_alias(commands)


SUBCOMMANDS: list[Callable[[argparse._SubParsersAction], None]] = [add_run, add_launch, add_alias]


def build_parser() -> argparse.ArgumentParser:
    from deepsink import __mindspore_version__, __version__

    parser = argparse.ArgumentParser(
        prog="deepsink",
        description="deepsink: MindSpore's training API and sink execution on JAX/XLA.",
        epilog="'deepsink COMMAND --help' describes one command.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"deepsink {__version__} (MindSpore {__mindspore_version__} API)",
        help="show deepsink's version and the MindSpore version whose API it implements",
    )
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
