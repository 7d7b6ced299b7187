"""Record MindSpore 2.10's checkpoint API behaviour for ``tests/train/test_ckpt_api_parity.py``.

Run with a Python that has MindSpore installed (NOT run by CI), from a scratch folder::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_ckpt_api_fixtures.py

Writes ``tests/fixtures/ms/ckpt_api/behaviour.json``: the exception types and messages of
``remove_redundancy`` checks, safetensors' metadata (``remove_redundancy``, ``crc_num`` of a fixed
set of tensors), the safetensors argument errors, ``FileSystem``'s attributes, the files
``_CheckpointManager`` lists and removes, and ``_chg_ckpt_file_name_if_same_exist`` results.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

import mindspore as ms
import numpy as np
from mindspore import Parameter, Tensor, nn
from mindspore.common.file_system import FileSystem
from mindspore.train import CheckpointConfig
from mindspore.train.callback import _CheckpointManager
from mindspore.train.callback._checkpoint import _chg_ckpt_file_name_if_same_exist
from safetensors import safe_open
from safetensors.numpy import save_file

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "ckpt_api"


def error(fn) -> list[str]:
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the recorded outcome
        return [type(e).__name__, str(e)]
    return ["", ""]


def params() -> dict:
    """Fixed tensors (float32, int32, float16) whose safetensors CRC is recorded."""
    return {
        "b.weight": Parameter(
            Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)), name="b.weight"
        ),
        "a.count": Parameter(Tensor(np.array([3, -1], np.int32)), name="a.count"),
        "c.half": Parameter(Tensor(np.linspace(-1, 1, 5).astype(np.float16)), name="c.half"),
    }


def main() -> None:
    tmp = tempfile.mkdtemp()
    os.chdir(tmp)
    out: dict = {}
    net = nn.Dense(2, 2)
    ms.save_checkpoint(net, "net.ckpt")
    out["errors"] = {
        "config_remove_redundancy": error(lambda: CheckpointConfig(remove_redundancy="string")),
        "save_remove_redundancy": error(
            lambda: ms.save_checkpoint(net, "x.ckpt", remove_redundancy="s")
        ),
        "load_remove_redundancy": error(
            lambda: ms.load_checkpoint("net.ckpt", remove_redundancy="s")
        ),
        "into_net_remove_redundancy": error(
            lambda: ms.load_param_into_net(net, {}, remove_redundancy="s")
        ),
        "into_net_stand_alone": error(
            lambda: ms.load_param_into_net(
                net, ms.load_checkpoint("net.ckpt"), remove_redundancy=True
            )
        ),
        "load_with_net_stand_alone": error(
            lambda: ms.load_checkpoint("net.ckpt", net=net, remove_redundancy=True)
        ),
        "safetensors_enc_key": error(
            lambda: ms.save_checkpoint(
                net, "e.safetensors", enc_key=b"0" * 16, format="safetensors"
            )
        ),
        "safetensors_enc_mode": error(
            lambda: ms.save_checkpoint(
                net, "e.safetensors", enc_mode="AES-CBC", format="safetensors"
            )
        ),
        "safetensors_global_step": error(
            lambda: ms.save_checkpoint(
                net, "e.safetensors", format="safetensors", global_step_num=3
            )
        ),
    }
    meta = {}
    for flag in (True, False, None):
        kwargs = {} if flag is None else {"remove_redundancy": flag}
        ms.save_checkpoint(params(), f"r{flag}.safetensors", format="safetensors", **kwargs)
        with safe_open(f"r{flag}.safetensors", framework="np") as f:
            meta[str(flag)] = f.metadata()
    ms.save_checkpoint(params(), "crc.safetensors", format="safetensors", crc_check=True)
    with safe_open("crc.safetensors", framework="np") as f:
        meta["crc"] = f.metadata()
    save_file(
        {"x": np.ones(2, np.float32)}, "bad.safetensors", metadata={"format": "ms", "crc_num": "1"}
    )
    out["errors"]["safetensors_crc_mismatch"] = error(
        lambda: ms.load_checkpoint("bad.safetensors", format="safetensors", crc_check=True)
    )
    out["safetensors_metadata"] = meta
    fs = FileSystem()
    out["file_system"] = {
        "create_args": list(fs.create_args),
        "open_args": list(fs.open_args),
        "backend": fs.backend,
        "create_is_open": fs.create is open,
    }
    # _CheckpointManager: which names it lists, and the keep rules
    os.mkdir("m")
    names = [
        "net-1_1.ckpt",
        "net-2_1.ckpt",
        "net_1-1_1.ckpt",
        "net-a_1.ckpt",
        "net-1_2.safetensors",
        "other-1_1.ckpt",
        "net-1_1_breakpoint.ckpt",
        "net-graph.meta",
    ]
    for i, name in enumerate(names):
        Path("m", name).write_bytes(b"x")
        os.utime(Path("m", name), (1000 + i, 1000 + i))
    mgr = _CheckpointManager()
    mgr.update_ckpoint_filelist("m", "net")
    listed = sorted(os.path.basename(f) for f in mgr.ckpoint_filelist)
    mgr.remove_oldest_ckpoint_file()
    mgr.update_ckpoint_filelist("m", "net")
    after_oldest = sorted(os.path.basename(f) for f in mgr.ckpoint_filelist)
    sf = _CheckpointManager("safetensors")
    sf.update_ckpoint_filelist("m", "net")
    now = time.time()
    for name in ("t-1_1.ckpt", "t-2_1.ckpt", "t-3_1.ckpt"):
        Path("m", name).write_bytes(b"x")
    for i, name in enumerate(("t-1_1.ckpt", "t-2_1.ckpt", "t-3_1.ckpt")):
        os.utime(Path("m", name), (now - 30 + i, now - 30 + i))
    minutes = _CheckpointManager()
    minutes.update_ckpoint_filelist("m", "t")
    minutes.keep_one_ckpoint_per_minutes(1, now)
    minutes.update_ckpoint_filelist("m", "t")
    out["manager"] = {
        "names": names,
        "listed": listed,
        "after_remove_oldest": after_oldest,
        "safetensors_listed": sorted(os.path.basename(f) for f in sf.ckpoint_filelist),
        "per_minutes_kept": sorted(os.path.basename(f) for f in minutes.ckpoint_filelist),
    }
    out["chg_prefix"] = {
        "net": _chg_ckpt_file_name_if_same_exist("m", "net"),
        "net_breakpoint": _chg_ckpt_file_name_if_same_exist("m", "net", True),
        "fresh": _chg_ckpt_file_name_if_same_exist("m", "fresh"),
    }
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "behaviour.json").write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print("wrote", OUT / "behaviour.json")


if __name__ == "__main__":
    main()
