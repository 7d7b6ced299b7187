"""Install a library's wheel without top-level packages it should not have put in site-packages.

mindnlp 0.1.1's wheel (the one mindnlp release that imports on MindSpore 2.10) installs its
repository's ``tests`` package next to ``mindnlp``, as a top-level ``tests`` in site-packages. That
package then answers every ``import tests...`` whose own folder is not first on ``sys.path``:
MindSpore's test helpers (``tests.ut.python.ut_filter``), mindocr's ``tests.ut._common``, a user's
own project's tests. pip cannot install part of a wheel, so this script downloads the wheel pip
would install (``pip download --no-deps``), writes a copy without the packages named by
``--leave-out`` (its ``RECORD`` and ``top_level.txt`` rewritten to match), and pip installs that
copy with the library's requirements as usual::

    python3 scripts/install_library.py mindnlp==0.1.1 --leave-out tests

A copy installed earlier by plain pip is uninstalled first (its ``RECORD`` lists the stray package,
so pip removes it too); a run that finds the same version installed without those packages
installs nothing. A name given to ``--leave-out`` that the wheel does not install at top level is
an error. Other options (``--no-index``, ``--find-links DIR``, ...) are passed to pip, and a path
to a ``.whl`` file is taken as the wheel itself (nothing downloaded).
"""

from __future__ import annotations

import argparse
import base64
import csv
import hashlib
import importlib.metadata
import io
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path


def record_hash(data: bytes) -> str:
    """A wheel ``RECORD``'s hash field: ``sha256=`` and the URL-safe base64 digest, unpadded."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode("ascii")


def _top(path: str) -> str:
    """The top-level name a wheel entry installs (``tests/ut/x.py`` -> ``tests``, ``six.py`` ->
    ``six``); the ``.dist-info``/``.data`` folders are the wheel's own."""
    first = path.split("/", 1)[0]
    return first[:-3] if "/" not in path and first.endswith(".py") else first


def wheel_without(wheel: Path, leave_out: set[str], out_dir: Path) -> Path:
    """A copy of ``wheel`` in ``out_dir`` (same file name) without the top-level packages or
    modules ``leave_out`` names; its ``RECORD`` drops their lines and ``top_level.txt`` their
    names (with that file's new hash)."""
    with zipfile.ZipFile(wheel) as z:
        entries = {i.filename: z.read(i) for i in z.infolist() if not i.is_dir()}
    (info,) = {_top(p) for p in entries if _top(p).endswith(".dist-info")}
    installs = {_top(p) for p in entries if not _top(p).endswith((".dist-info", ".data"))}
    missing = sorted(leave_out - installs)
    if missing:
        raise ValueError(
            f"{wheel.name} installs no top-level {', '.join(map(repr, missing))}: it installs "
            f"{', '.join(sorted(installs))}"
        )
    kept = {p: data for p, data in entries.items() if _top(p) not in leave_out}
    top_level = f"{info}/top_level.txt"
    if top_level in kept:
        names = [n for n in kept[top_level].decode("utf-8").splitlines() if n not in leave_out]
        kept[top_level] = ("\n".join(names) + "\n").encode("utf-8")
    record = f"{info}/RECORD"
    rows = []
    for row in csv.reader(io.StringIO(kept[record].decode("utf-8"))):
        if not row or _top(row[0]) in leave_out:
            continue
        if row[0] in kept and row[0] != record:
            row = [row[0], record_hash(kept[row[0]]), str(len(kept[row[0]]))]
        rows.append(row)
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerows(rows)
    kept[record] = text.getvalue().encode("utf-8")
    out = out_dir / wheel.name
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in kept.items():
            z.writestr(path, data)
    return out


def _wheel_name_version(wheel: Path) -> tuple[str, str]:
    name, version = wheel.name.split("-")[:2]
    return name, version


def installed_tops(name: str) -> tuple[str, set[str]] | None:
    """The installed version of distribution ``name`` and the top-level names its files hold."""
    try:
        dist = importlib.metadata.distribution(name)
    except importlib.metadata.PackageNotFoundError:
        return None
    return dist.version, {_top(str(f)) for f in dist.files or ()}


def _pip(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "pip", *args], check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("requirement", help="what pip would install (mindnlp==0.1.1), or a .whl")
    parser.add_argument(
        "--leave-out",
        nargs="+",
        required=True,
        metavar="PACKAGE",
        help="top-level packages of the wheel not to install",
    )
    opts, pip_options = parser.parse_known_args(argv)
    leave_out = set(opts.leave_out)
    with tempfile.TemporaryDirectory(prefix="install-library-") as tmp:
        tmp = Path(tmp)
        if opts.requirement.endswith(".whl") and Path(opts.requirement).is_file():
            wheel = Path(opts.requirement)
        else:
            download = tmp / "download"
            _pip(
                "download",
                "--no-deps",
                "--only-binary",
                ":all:",
                "--dest",
                str(download),
                *pip_options,
                opts.requirement,
            )
            wheel = next(download.glob("*.whl"))
        name, version = _wheel_name_version(wheel)
        stripped = wheel_without(wheel, leave_out, tmp)
        installed = installed_tops(name)
        if installed is not None:
            if installed[0] == version and not installed[1] & leave_out:
                print(f"{name} {version} is installed without {', '.join(sorted(leave_out))}")
                return 0
            _pip("uninstall", "--yes", name)
        _pip("install", *pip_options, str(stripped))
    print(f"installed {name} {version} without {', '.join(sorted(leave_out))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
