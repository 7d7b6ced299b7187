"""Files deepsink writes for MindSpore 2.10 to read, shared by the live checks (MindSpore runs
now: ``needs_mindspore``) and the recorded ones that CI runs without MindSpore.

Four cases, each a folder: ``optimizers`` (an optimizer's checkpoint after one step; MindSpore
loads it and takes the next step), ``networks`` (a trained LSTM and Transformer; MindSpore loads
and predicts), ``checkpoint_files`` (a trained Momentum MLP as ``.ckpt`` with the random key,
``.safetensors`` and an encrypted ``.ckpt``; MindSpore loads and evaluates) and ``mindrecord`` (a
MindRecord file; MindSpore's MindDataset reads it). ``write(case, folder)`` writes deepsink's files
of a case and returns what deepsink computes from them; ``read_with_mindspore(case, folder,
python)`` runs MindSpore's side on that folder and returns what it read.

``scripts/record_mindspore_reads_fixtures.py`` runs both into ``tests/fixtures/mindspore_reads/``
(``mindspore_read.json`` per case; the MindRecord file, 120 kB, by its hash and index rows).
``tests/train/test_files_mindspore_read.py`` then checks, in
CI, that deepsink still writes those files (same entries and values; for the same values, the
same bytes) and that what MindSpore read from them is what deepsink computes from them.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

import numpy as np

SUPPORT = Path(__file__).resolve().parent
FIXTURES = SUPPORT.parent / "fixtures"
RECORDED = FIXTURES / "mindspore_reads"
CASES = ("optimizers", "networks", "checkpoint_files", "mindrecord")

OPTIM_FIX = FIXTURES / "ms" / "optim_more" / "nn"
OPTIMIZERS = sorted(p.stem for p in (OPTIM_FIX.parent / "ckpt").glob("*.ckpt"))
NETWORKS = ("lstm", "transformer")
ENC_KEY = b"z" * 16
CHECKPOINT_FILES = {  # file: (save_checkpoint options, load_checkpoint options)
    "m.ckpt": ({}, {}),
    "m.safetensors": ({"format": "safetensors"}, {"format": "safetensors"}),
    "e.ckpt": ({"enc_key": ENC_KEY}, {"dec_key": ENC_KEY}),
}
MINDRECORD = "ours.mindrecord"


# --- optimizers ------------------------------------------------------------------------------
def optimizer(name: str):
    """deepsink's optimizer of case ``name`` over fresh Parameters ``w`` and ``b``, and its data."""
    from deepsink import Parameter, Tensor, nn

    d = np.load(OPTIM_FIX / f"{name}.npz")
    ps = [Parameter(Tensor(d["w0"]), name="w"), Parameter(Tensor(d["b0"]), name="b")]
    return eval(str(d["__build__"]), {"nn": nn, "ps": ps}), d  # noqa: S307


def optimizer_state(opt) -> dict[str, np.ndarray]:
    """Every Parameter of the optimizer by the name it has in a checkpoint."""
    from deepsink import Parameter

    state = dict(opt.parameters_and_names())
    state.update({p.name: p for p in opt.get_parameters()})
    state.update({name: p for name, p in vars(opt).items() if isinstance(p, Parameter)})
    return {k: v.asnumpy() for k, v in state.items()}


def step_from_checkpoint(name: str, ckpt: Path) -> dict[str, np.ndarray]:
    """deepsink's optimizer loaded from ``ckpt`` after one more step (the second gradients)."""
    import deepsink as ms
    from deepsink import Tensor

    opt, d = optimizer(name)
    ms.load_param_into_net(opt, ms.load_checkpoint(str(ckpt)))
    opt((Tensor(d["gw1"]), Tensor(d["gb1"])))
    return optimizer_state(opt)


def _write_optimizers(folder: Path) -> dict:
    import deepsink as ms
    from deepsink import Tensor

    expected = {}
    for name in OPTIMIZERS:
        opt, d = optimizer(name)
        opt((Tensor(d["gw0"]), Tensor(d["gb0"])))
        ms.save_checkpoint(opt, str(folder / f"{name}.ckpt"))
        opt((Tensor(d["gw1"]), Tensor(d["gb1"])))
        expected[name] = optimizer_state(opt)
    return expected


# --- networks --------------------------------------------------------------------------------
def network_inputs(name: str, d: dict) -> tuple:
    from deepsink import Tensor

    return (Tensor(d["tokens"]),) if name == "lstm" else (Tensor(d["src"]), Tensor(d["tgt"]))


def network(name: str):
    import interchange_nets as nets

    from deepsink import nn, ops

    return (nets.lstm_net if name == "lstm" else nets.transformer_net)(nn, ops)


def network_outputs(folder: Path) -> dict[str, np.ndarray]:
    """deepsink's outputs of the networks loaded from ``folder``'s checkpoints."""
    import interchange_nets as nets

    import deepsink as ms

    out = {}
    for name in NETWORKS:
        net = network(name)
        ms.load_param_into_net(net, ms.load_checkpoint(str(folder / f"{name}.ckpt")))
        net.set_train(False)
        out[name] = net(*network_inputs(name, nets.data())).asnumpy()
    return out


def _write_networks(folder: Path) -> dict:
    import interchange_nets as nets

    import deepsink as ms
    from deepsink import Tensor, nn, ops

    d = nets.data()
    ms.set_seed(3)
    lstm = network("lstm")
    ce = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    nets.train(ms, nn, ops, lstm, network_inputs("lstm", d), Tensor(d["labels"]), ce)
    tr = network("transformer")
    nets.train(ms, nn, ops, tr, network_inputs("transformer", d), Tensor(d["target"]), nn.MSELoss())
    expected = {}
    for name, net in (("lstm", lstm), ("transformer", tr)):
        net.set_train(False)
        expected[name] = net(*network_inputs(name, d)).asnumpy()
        ms.save_checkpoint(net, str(folder / f"{name}.ckpt"))
    return expected


# --- checkpoint files ------------------------------------------------------------------------
def mlp_data() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.RandomState(5)
    return rng.randn(64, 6).astype(np.float32), rng.randint(0, 3, 64).astype(np.int32)


def evaluate(train, net, x: np.ndarray, y: np.ndarray) -> dict:
    from deepsink import Tensor

    logits = net(Tensor(x)).asnumpy()
    return {
        "global_step": int(train.optimizer.global_step.asnumpy()[0]),
        "logits": logits,
        "accuracy": float(np.mean(logits.argmax(1) == y)),
    }


def evaluate_files(folder: Path) -> dict[str, dict]:
    """deepsink's Momentum MLP loaded from each of ``folder``'s files, evaluated."""
    import ckpt_interchange

    import deepsink as ms

    x, y = mlp_data()
    out = {}
    for name, (_, load_kw) in CHECKPOINT_FILES.items():
        train, net = ckpt_interchange.build(ms)
        for p in train.get_parameters():  # nothing of the built values may leak in
            p.set_data(ms.Tensor(p.asnumpy() * 0))
        ms.load_param_into_net(train, ms.load_checkpoint(str(folder / name), **load_kw))
        out[name] = evaluate(train, net, x, y)
    return out


def _write_checkpoint_files(folder: Path) -> dict:
    import ckpt_interchange

    import deepsink as ms
    from deepsink.train._ckpt_rng import saving_rng_key

    x, y = mlp_data()
    train, net = ckpt_interchange.build(ms)
    for i in range(0, 64, 16):
        train(ms.Tensor(x[i : i + 16]), ms.Tensor(y[i : i + 16]))
    np.save(folder / "x.npy", x)
    np.save(folder / "y.npy", y)
    with saving_rng_key():  # the global random key rides along, as ModelCheckpoint saves it
        for name, (save_kw, _) in CHECKPOINT_FILES.items():
            ms.save_checkpoint(train, str(folder / name), **save_kw)
    return evaluate(train, net, x, y)


# --- mindrecord ------------------------------------------------------------------------------
def mindrecord_rows() -> tuple[dict, list]:
    """The schema and rows of ``scripts/record_mindrecord_fixture.py`` (MindSpore's own file)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "rec", SUPPORT.parents[1] / "scripts" / "record_mindrecord_fixture.py"
    )
    src = spec.loader.get_source("rec")
    ns = {"np": np}
    exec(src[src.index("SCHEMA =") : src.index("def main()")], ns)  # noqa: S102 - our own script
    return ns["SCHEMA"], ns["rows"]()


def write_mindrecord(path: Path) -> Path:
    from deepsink.mindrecord import FileWriter

    schema, rows = mindrecord_rows()
    w = FileWriter(str(path), overwrite=True)
    w.set_header_size(1 << 14)
    w.set_page_size(1 << 15)
    w.add_schema(schema, "fixture")
    w.add_index(["file_name", "label"])
    w.write_raw_data(rows[:7])
    w.write_raw_data(rows[7:])
    w.commit()
    return path


def mindrecord_expected() -> dict:
    """What a reader of the file must see: the row count and three rows' values."""
    _, rows = mindrecord_rows()
    return {
        "rows": len(rows),
        "big_11": rows[11]["big"].ravel().tolist(),
        "mask_5": rows[5]["mask"].tolist(),
        "file_name_3": str(rows[3]["file_name"]),
    }


def sql_dump(path: Path) -> list[str]:
    """A MindRecord index (an SQLite file) as SQL text: its rows, not the bytes of the SQLite
    release that wrote it."""
    import sqlite3

    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return list(con.iterdump())
    finally:
        con.close()


def file_record(path: Path) -> dict:
    """What stands for a file too large to commit twice: its SHA-256 and its index's rows."""
    import hashlib

    return {
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
        "index": sql_dump(Path(f"{path}.db")),
    }


def _write_mindrecord(folder: Path) -> dict:
    write_mindrecord(folder / MINDRECORD)
    return mindrecord_expected()


# --- MindSpore's side ------------------------------------------------------------------------
_READ_MINDRECORD = """
import json, sys, mindspore.dataset as ds
d = ds.MindDataset(sys.argv[1], shuffle=False)
rows = list(d.create_dict_iterator(output_numpy=True))
print(json.dumps({"rows": len(rows), "big_11": rows[11]["big"].ravel().tolist(),
                  "mask_5": rows[5]["mask"].tolist(), "file_name_3": str(rows[3]["file_name"])}))
"""


def write(case: str, folder: Path):
    """Write deepsink's files of ``case`` into ``folder``; what deepsink computes from them."""
    folder.mkdir(parents=True, exist_ok=True)
    return {
        "optimizers": _write_optimizers,
        "networks": _write_networks,
        "checkpoint_files": _write_checkpoint_files,
        "mindrecord": _write_mindrecord,
    }[case](folder)


def read_with_mindspore(case: str, folder: Path, python: str | Path) -> dict:
    """Run MindSpore 2.10 (``python``) on ``folder``: what it read, as one JSON object. It runs in
    a temporary working directory (MindSpore leaves build files in the one it runs in). The
    optimizer case also leaves ``<name>.out.npz`` (MindSpore's state after its step) in
    ``folder``."""
    folder = Path(folder).resolve()
    cmd = {
        "optimizers": [SUPPORT / "ms_optimizer_resume.py", OPTIM_FIX, folder, *OPTIMIZERS],
        "networks": [SUPPORT / "ms_interchange_check.py", folder],
        "checkpoint_files": [SUPPORT / "ms_checkpoint_check.py", folder],
        "mindrecord": ["-c", _READ_MINDRECORD, folder / MINDRECORD],
    }[case]
    with tempfile.TemporaryDirectory() as cwd:
        p = subprocess.run(
            [str(python), *map(str, cmd)], capture_output=True, text=True, timeout=1200, cwd=cwd
        )
    assert p.returncode == 0, p.stderr[-3000:]
    return json.loads(p.stdout.strip().splitlines()[-1])
