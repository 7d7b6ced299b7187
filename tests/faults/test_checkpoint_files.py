"""Checkpoint files under faults (issue 23, items 3, 4 and 14): temp files that belong to one write
only, concurrent writers of one path, a file cut exactly between two entries, and a safetensors
file named ``.ckpt``."""

import os
import subprocess
import sys

import numpy as np
import pytest
from faultkit import HANG_S

import deepsink as ms
from deepsink import Tensor, nn

# the checkout whose deepsink this test imports (the writer processes get it through PYTHONPATH)
REPO = os.path.dirname(os.path.dirname(os.path.abspath(ms.__file__)))


def _params(n=4):
    return {f"p{i}": Tensor(np.full((64, 64), i, np.float32)) for i in range(n)}


def test_saving_never_touches_a_users_tmp_file(tmp_path):
    mine = tmp_path / "results.tmp"
    mine.write_text("the user's notes")
    ms.save_checkpoint(_params(), str(tmp_path / "results.ckpt"))
    assert mine.read_text() == "the user's notes"
    assert sorted(os.listdir(tmp_path)) == ["results.ckpt", "results.tmp"]


WRITER = """
import os, sys, time
import numpy as np
import deepsink as ms
value = int(sys.argv[2])
params = {f"p{i}": ms.Tensor(np.full((1024, 256), value, np.float32)) for i in range(4)}
ms.save_checkpoint(params, sys.argv[1] + f".warm{value}.ckpt")  # compile and warm up first
os.remove(sys.argv[1] + f".warm{value}.ckpt")
open(sys.argv[1] + f".ready{value}", "w").close()
while not all(os.path.exists(sys.argv[1] + f".ready{v}") for v in (1, 2)):
    time.sleep(0.001)  # both writers start together
errors = 0
for _ in range(50):
    try:
        ms.save_checkpoint(params, sys.argv[1])
    except Exception as e:
        errors += 1
        print("error", type(e).__name__, e, flush=True)
print("errors", errors, flush=True)
"""


def test_two_processes_saving_one_path_end_with_one_complete_file(tmp_path):
    path = str(tmp_path / "shared.ckpt")
    env = dict(os.environ, PYTHONPATH=REPO)
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, path, str(v)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=tmp_path,
        )
        for v in (1, 2)
    ]
    outs = [p.communicate(timeout=HANG_S) for p in procs]
    for p, (out, err) in zip(procs, outs):
        assert p.returncode == 0, err
        assert "errors 0" in out, out
    files = [f for f in os.listdir(tmp_path) if ".ready" not in f]
    assert files == ["shared.ckpt"]  # no temp file left behind
    loaded = ms.load_checkpoint(path)
    assert sorted(loaded) == ["p0", "p1", "p2", "p3"]
    values = {float(v.asnumpy()[0, 0]) for v in loaded.values()}
    assert values in ({1.0}, {2.0})  # one writer's complete file, not a mix


def test_a_file_cut_between_two_entries_is_refused_naming_where_it_ends(tmp_path):
    full = tmp_path / "full.ckpt"
    ms.save_checkpoint(_params(), str(full))
    data = full.read_bytes()
    from deepsink.train._ckpt_proto import Checkpoint

    def tags(prefix):
        msg = Checkpoint()
        try:
            msg.ParseFromString(prefix)
        except Exception:
            return None
        return [v.tag for v in msg.value]

    # the 4th entry's Value message starts a few bytes (its tag and length) before its name
    name_at = data.index(b"\n\x02p3")
    cut_at = next(
        k for k in range(name_at - 1, name_at - 8, -1) if tags(data[:k]) == ["p0", "p1", "p2"]
    )
    cut = tmp_path / "cut.ckpt"
    cut.write_bytes(data[:cut_at])
    with pytest.raises(ValueError, match=rf"cut\.ckpt.*truncated.*after 'p2' at byte {cut_at}"):
        ms.load_checkpoint(str(cut))
    net = nn.Dense(64, 64)
    with pytest.raises(ValueError, match="3 of the 4 entries"):
        ms.load_checkpoint(str(cut), net=net)


def test_a_safetensors_file_named_ckpt_says_which_format_it_is(tmp_path):
    st = tmp_path / "weights.safetensors"
    ms.save_checkpoint(_params(), str(st), format="safetensors")
    named_ckpt = tmp_path / "weights.ckpt"
    named_ckpt.write_bytes(st.read_bytes())
    with pytest.raises(ValueError, match=r"weights\.ckpt.*safetensors file.*format='safetensors'"):
        ms.load_checkpoint(str(named_ckpt))


SHARED_FOLDER_JOB = """
import numpy as np
import mindspore as ms
from mindspore import nn
import mindspore.dataset as ds
from mindspore.train import CheckpointConfig, ModelCheckpoint

x = np.ones((256, 64), np.float32)
data = ds.NumpySlicesDataset({"x": x, "y": x[:, :8]}, shuffle=False).batch(4)
net = nn.Dense(64, 8)
model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.01, 0.9))
config = CheckpointConfig(save_checkpoint_steps=1, keep_checkpoint_max=2)
model.train(2, data, callbacks=[ModelCheckpoint("net", "shared", config)])
print("trained", flush=True)
"""


def test_two_ranks_checkpointing_into_one_folder_both_finish(tmp_path):
    from launchkit import launch

    script = tmp_path / "job.py"
    script.write_text(SHARED_FOLDER_JOB)
    res = launch(tmp_path, str(script))
    logs = [(tmp_path / "logs" / f"worker_{r}.log").read_text() for r in (0, 1)]
    assert res.returncode == 0, res.stderr + "".join(logs)
    assert all("trained" in log for log in logs)
    names = os.listdir(tmp_path / "shared")
    assert names and all(n.endswith(".ckpt") for n in names), names  # no temp file left
    for name in names:
        loaded = ms.load_checkpoint(str(tmp_path / "shared" / name))  # complete files only
        assert {"weight", "bias"} <= set(loaded), (name, sorted(loaded))
