"""Record what MindSpore 2.10 does with a MindIR graph whose ``construct`` updates a Parameter
(``self.weight += 1.0``), for ``tests/train/test_mindir_param_update.py``.

Run under a Python with a MindSpore 2.10 CPU build, from a folder outside the repository (MindSpore
writes compile artifacts into the current folder); not run by CI::

    cd "$(mktemp -d)" && /path/to/mindspore/python /path/to/repo/scripts/record_mindir_param_update.py

Writes ``tests/fixtures/ms/mindir/param_update.mindir`` (2.10's export of
``tests/support/mindir_networks.param_update_network``, in
GRAPH_MODE) and ``param_update.npz``: the inputs ``x``, ``y``, the weight before (``w0``), and, for
two calls of ``nn.GraphCell(ms.load(file))``, each output (``out1``, ``out2``) and the GraphCell's
weight after it (``w1``, ``w2``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import mindspore as ms
import numpy as np
from mindspore import Tensor, nn

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
import mindir_networks  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "mindir"


def main() -> None:
    ms.set_context(mode=ms.GRAPH_MODE)
    x = np.full((2, 3), 3, np.float32)
    y = np.full((2, 3), 4, np.float32)
    net = mindir_networks.param_update_network(ms)()
    w0 = net.weight.asnumpy().copy()
    ms.export(net, Tensor(x), Tensor(y), file_name=str(OUT / "param_update"), file_format="MINDIR")
    cell = nn.GraphCell(ms.load(str(OUT / "param_update.mindir")))
    rec = {"x": x, "y": y, "w0": w0}
    for i in (1, 2):
        rec[f"out{i}"] = cell(Tensor(x), Tensor(y)).asnumpy()
        rec[f"w{i}"] = cell.trainable_params()[0].asnumpy().copy()
    np.savez(OUT / "param_update.npz", **rec)
    print({k: v.tolist() for k, v in rec.items()})


if __name__ == "__main__":
    main()
