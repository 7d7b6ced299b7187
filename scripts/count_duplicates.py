"""Count the duplicate pairs in a package folder with its docstrings left out.

The `duplicates` command (a developer tool, not a project dependency) reads files as
text, so the docstring examples of twin APIs (every optimizer's ``net = nn.Dense(...)``
example, every dataset source's ``tempfile.mkdtemp()`` example) count as repeated code.
This script copies the files git tracks under FOLDER into a temporary directory, blanks
every module, class and function docstring there, and runs ``duplicates`` over the copy.

Blanking: the docstring literal becomes ``""`` followed by as many empty lines as the
literal spanned, so every other line keeps its number and the rows the tool prints
point at the same lines in the real tree. ``""`` alone on a line is lone punctuation,
which the tool passes over.

    python3 scripts/count_duplicates.py                   # deepsink/, docstrings blanked
    python3 scripts/count_duplicates.py --keep-docstrings # the same files as they are
    python3 scripts/count_duplicates.py deepsink/ops --most 40   # rows to read

It prints the pair count on its last line (``pairs: N``); with ``--most N`` above 1 it
prints the tool's rows before it.
"""

import argparse
import ast
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile


def docstring_nodes(tree):
    """Yield the docstring expression of the module and of every class and function."""
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    for node in ast.walk(tree):
        if isinstance(node, kinds) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                yield first.value


def blank_docstrings(source):
    """Return ``source`` with every docstring replaced by ``""``, line numbers kept."""
    lines = source.splitlines(keepends=True)
    nodes = sorted(docstring_nodes(ast.parse(source)), key=lambda n: (n.lineno, n.col_offset))
    # Replace from the last one up so earlier positions stay valid.
    for node in reversed(nodes):
        first, last = node.lineno - 1, node.end_lineno - 1
        head = lines[first].encode()[: node.col_offset].decode()
        tail = lines[last].encode()[node.end_col_offset :].decode()
        if first == last:
            lines[first] = head + '""' + tail
        else:
            lines[first : last + 1] = [head + '""\n'] + ["\n"] * (last - first - 1) + [tail]
    return "".join(lines)


def tracked_files(folder):
    out = subprocess.run(
        ["git", "ls-files", "-z", "--", str(folder)], capture_output=True, check=True
    ).stdout.decode()
    return [pathlib.Path(p) for p in out.split("\0") if p]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default="deepsink")
    parser.add_argument(
        "--keep-docstrings", action="store_true", help="count the files as they are"
    )
    parser.add_argument("--most", type=int, default=1, help="rows the tool prints (1 to 200)")
    parser.add_argument("--seconds", type=int, default=600, help="the tool's time limit")
    args = parser.parse_args(argv)
    if shutil.which("duplicates") is None:
        sys.exit("count_duplicates.py: the `duplicates` command is not on PATH")
    folder = pathlib.Path(args.folder)
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp)
        for path in tracked_files(folder):
            target = root / path
            target.parent.mkdir(parents=True, exist_ok=True)
            if path.suffix == ".py" and not args.keep_docstrings:
                target.write_text(blank_docstrings(path.read_text()))
            else:
                shutil.copyfile(path, target)
        command = ["duplicates", "--repo", str(root / folder), "--seconds", str(args.seconds)]
        command += ["--most", str(args.most)]
        report = subprocess.run(
            command, capture_output=True, text=True, check=False, cwd=root
        ).stdout
    if args.most > 1:
        print(report.replace(tmp + "/", ""))
    incomplete = [line for line in report.splitlines() if line.startswith("incomplete")]
    for line in incomplete:
        print(line, file=sys.stderr)
    found = re.search(r"(\d+) pairs?", report.splitlines()[0] if report else "")
    pairs = 0 if report.startswith("no duplicates") else int(found.group(1)) if found else None
    print(f"pairs: {pairs}")
    return 1 if incomplete or pairs is None else 0


if __name__ == "__main__":
    sys.exit(main())
