"""Record MindIR files written by MindSpore 2.10 for deepsink's MindIR loader
(``tests/train/test_mindir_load.py``).

Run under a Python with a MindSpore 2.10 CPU build, from a folder outside the repository (MindSpore
writes compile artifacts into the current folder); not run by CI::

    cd "$(mktemp -d)" && /path/to/mindspore/python /path/to/repo/scripts/record_mindir_fixtures.py [NAME ...]

With names, only those networks are recorded (the others' files are left as they are).

For each network below, ``ms.export(net, x, file_format="MINDIR")`` writes
``tests/fixtures/ms/mindir/<name>.mindir`` (the networks of ``tests/support/mindir_networks.py``); ``<name>.npz`` keeps the input (``x``) and what
``nn.GraphCell(ms.load(file))`` returns for it in MindSpore (``out``). ``lenet_gcm`` is LeNet5
exported with ``enc_key``/``enc_mode='AES-GCM'`` (its key is ``KEY`` here).

The full-size networks (``mindir_networks.FULL_SIZE``: ResNet-50, MobileNetV2) keep their file
without the Parameters' bytes (``raw_data`` emptied: the graph, the Parameters' names, shapes and
types stay): the test regenerates the Parameters with deepsink from the same seed, checks their
bytes against ``param_sha256`` (the SHA-256 of MindSpore's Parameters, in the file's order) and puts
them back before loading.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import mindspore as ms
import numpy as np
from mindspore import nn

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
import mindir_networks  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "mindir"
KEY = b"0123456789abcdef"


def record(name: str, cls, shape, **enc) -> None:
    ms.set_seed(1)
    rng = np.random.default_rng(len(name) * 7919)
    net = cls()
    mindir_networks.randomize_bn(ms, net, rng)
    net.set_train(False)
    x = rng.standard_normal(shape).astype(np.float32)
    base = OUT / name
    ms.export(net, ms.Tensor(x), file_name=str(base), file_format="MINDIR", **enc)
    dec = {"dec_key": enc["enc_key"], "dec_mode": enc["enc_mode"]} if enc else {}
    graph = ms.load(str(base) + ".mindir", **dec)
    out = nn.GraphCell(graph)(ms.Tensor(x)).asnumpy()
    direct = net(ms.Tensor(x)).asnumpy()
    np.testing.assert_allclose(out, direct, rtol=1e-5, atol=1e-6)
    os.chmod(str(base) + ".mindir", 0o644)  # MindSpore leaves it read-only
    extra = {}
    if name in mindir_networks.FULL_SIZE:
        extra["param_sha256"] = np.array(strip_parameters(str(base) + ".mindir"))
    np.savez(base.with_suffix(".npz"), x=x, out=out, **extra)
    print(name, (OUT / f"{name}.mindir").stat().st_size, "bytes")


def strip_parameters(file_name: str) -> str:
    """Empty the Parameters' ``raw_data`` in ``file_name``; the SHA-256 of their bytes, in order."""
    import hashlib

    from mindspore.train.mind_ir_pb2 import ModelProto

    model = ModelProto()
    with open(file_name, "rb") as f:
        model.ParseFromString(f.read())
    digest = hashlib.sha256()
    for p in model.graph.parameter:
        digest.update(p.raw_data)
        p.raw_data = b""
    with open(file_name, "wb") as f:
        f.write(model.SerializeToString())
    return digest.hexdigest()


def main() -> None:
    ms.set_context(mode=ms.GRAPH_MODE)
    OUT.mkdir(parents=True, exist_ok=True)
    cases = mindir_networks.networks(ms)
    only = set(sys.argv[1:])
    for name, (cls, shape) in cases.items():
        if only and name not in only:
            continue
        try:
            record(name, cls, shape)
        except Exception as e:  # noqa: BLE001 - report and go on with the next network
            print(name, "FAILED", type(e).__name__, str(e).splitlines()[0])
    if not only or "lenet_gcm" in only:
        record("lenet_gcm", *cases["lenet"], enc_key=KEY, enc_mode="AES-GCM")


if __name__ == "__main__":
    main()
