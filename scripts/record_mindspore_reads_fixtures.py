"""Write the files deepsink commits for the recorded "MindSpore reads deepsink's files" checks and
have real MindSpore 2.10 read them.

Run with deepsink's Python, from the repository root, with ``DEEPSINK_MINDSPORE_PYTHON`` naming a
Python that has MindSpore 2.10 (not run by CI)::

    DEEPSINK_MINDSPORE_PYTHON=/path/to/python python3 scripts/record_mindspore_reads_fixtures.py

For each case of ``tests/support/mindspore_reads.CASES`` (optimizer checkpoints MindSpore resumes
from, trained LSTM/Transformer checkpoints it predicts with, a Momentum MLP as .ckpt, .safetensors
and encrypted .ckpt it evaluates, a MindRecord file its MindDataset reads), writes deepsink's files
into ``tests/fixtures/mindspore_reads/<case>/`` and what MindSpore read from them into
``mindspore_read.json`` there (with the MindSpore version; the optimizers also leave
``<name>.out.npz``, MindSpore's state after its step; the MindRecord file is kept as its SHA-256
and index rows). ``tests/train/test_files_mindspore_read.py``
checks them in CI; rerun this script when a writer changes on purpose (that test says so).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
sys.path.insert(0, str(ROOT))

import mindspore_reads as reads  # noqa: E402


def main() -> int:
    python = os.environ.get("DEEPSINK_MINDSPORE_PYTHON")
    if not python:
        print("set DEEPSINK_MINDSPORE_PYTHON to a Python with MindSpore 2.10", file=sys.stderr)
        return 2
    version = subprocess.run(
        [python, "-c", "import mindspore; print(mindspore.__version__)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()[-1]
    for case in sys.argv[1:] or reads.CASES:
        folder = reads.RECORDED / case
        shutil.rmtree(folder, ignore_errors=True)
        reads.write(case, folder)
        for f in folder.iterdir():
            os.chmod(f, 0o644)  # deepsink leaves checkpoints read-only, as MindSpore
        record = {"ms_version": version, "read": reads.read_with_mindspore(case, folder, python)}
        if case == "mindrecord":  # 120 kB: kept as its hash and index rows, not a second copy
            mr = folder / reads.MINDRECORD
            record["file"] = reads.file_record(mr)
            mr.unlink()
            Path(f"{mr}.db").unlink()
        text = json.dumps(record, indent=1)
        (folder / "mindspore_read.json").write_text(text + "\n")
        print(f"{case}: {sorted(p.name for p in folder.iterdir())}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
