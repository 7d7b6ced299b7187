"""Write the checkpoints deepsink commits for CI and have real MindSpore 2.10 read them.

Run with deepsink's Python, from the repository root, with ``DEEPSINK_MINDSPORE_PYTHON`` naming a
Python that has MindSpore 2.10 (not run by CI)::

    DEEPSINK_MINDSPORE_PYTHON=/path/to/python python3 scripts/record_deepsink_ckpt_fixtures.py

Writes ``tests/fixtures/deepsink_ckpt/`` (the files of ``tests/support/ckpt_interchange.FILES``),
then runs itself under MindSpore (``--read``): MindSpore loads each file into its own network
and optimizer, and ``mindspore_read.json`` records, per file, the SHA-256 of the bytes it read,
what was left unloaded, the global step and the logits it then computes. CI checks that deepsink
still writes those bytes (``tests/train/test_ckpt_bytes_read_by_mindspore.py``); rerun this
script whenever the writer changes on purpose.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "deepsink_ckpt"
sys.path.insert(0, str(ROOT / "tests" / "support"))

import ckpt_interchange as spec  # noqa: E402


def write() -> None:
    import deepsink as ms

    OUT.mkdir(parents=True, exist_ok=True)
    train, _ = spec.build(ms)
    for name, kwargs in spec.FILES.items():
        ms.save_checkpoint(train, str(OUT / name), **kwargs)
        os.chmod(OUT / name, 0o644)  # deepsink leaves checkpoints read-only, as MindSpore
        print(f"wrote {name}", flush=True)


def read_with_mindspore() -> dict:
    import mindspore as ms

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    x = ms.Tensor(spec.inputs())
    out = {"ms_version": ms.__version__, "files": {}}
    for name, kwargs in spec.FILES.items():
        train, net = spec.build(ms)
        for p in train.get_parameters():  # nothing of the fixed values may leak in: zero them
            p.set_data(ms.Tensor(p.asnumpy() * 0))
        fmt = {"format": kwargs["format"]} if "format" in kwargs else {}
        crc = {"crc_check": True} if kwargs.get("crc_check") else {}
        params = ms.load_checkpoint(str(OUT / name), **fmt, **crc)
        not_loaded, ckpt_rest = ms.load_param_into_net(train, params)
        out["files"][name] = {
            "sha256": hashlib.sha256((OUT / name).read_bytes()).hexdigest(),
            "entries": sorted(params),
            "param_not_load": sorted(not_loaded),
            "ckpt_not_load": sorted(ckpt_rest),
            "global_step": int(train.optimizer.global_step.asnumpy()[0]),
            "extra": {
                k: float(params[k].asnumpy()) for k in ("epoch_num", "step_num") if k in params
            },
            "logits": net(x).asnumpy().tolist(),
        }
    return out


def main() -> int:
    if sys.argv[1:] == ["--read"]:
        print(json.dumps(read_with_mindspore()))
        return 0
    write()
    python = os.environ.get("DEEPSINK_MINDSPORE_PYTHON")
    if not python:
        print("set DEEPSINK_MINDSPORE_PYTHON to a Python with MindSpore 2.10", file=sys.stderr)
        return 2
    p = subprocess.run([python, __file__, "--read"], capture_output=True, text=True, timeout=600)
    if p.returncode:
        print(p.stderr[-3000:], file=sys.stderr)
        return p.returncode
    result = json.loads(p.stdout.strip().splitlines()[-1])
    (OUT / "mindspore_read.json").write_text(json.dumps(result, indent=1, sort_keys=True) + "\n")
    for name, r in result["files"].items():
        print(name, "left unloaded:", r["param_not_load"], r["ckpt_not_load"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
