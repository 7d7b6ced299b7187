"""Wheels written by hand (a zip of files, their METADATA, WHEEL and RECORD), so that the tests of
installing libraries build them without a download or a build backend."""

from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path

WHEEL = "Wheel-Version: 1.0\nGenerator: hand\nRoot-Is-Purelib: true\nTag: py3-none-any\n"


def write_wheel(
    folder: Path, name: str, version: str, files: dict[str, str], requires: tuple[str, ...] = ()
) -> Path:
    """``name-version-py3-none-any.whl`` in ``folder`` with ``files`` (path -> text), metadata
    requiring ``requires``, a ``top_level.txt`` of the files' top-level names and a ``RECORD``
    with each file's hash."""
    info = f"{name}-{version}.dist-info"
    tops = sorted({p.split("/", 1)[0].removesuffix(".py") for p in files})
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
    everything = {
        **files,
        f"{info}/METADATA": metadata + "".join(f"Requires-Dist: {r}\n" for r in requires),
        f"{info}/WHEEL": WHEEL,
        f"{info}/top_level.txt": "".join(t + "\n" for t in tops),
    }
    lines = []
    for path, text in everything.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=")
        lines.append(f"{path},sha256={digest.decode()},{len(text.encode())}")
    everything[f"{info}/RECORD"] = "\n".join([*lines, f"{info}/RECORD,,"]) + "\n"
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        for path, text in everything.items():
            z.writestr(path, text)
    return wheel
