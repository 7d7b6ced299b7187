"""Record the model zoo ResNet's first training steps under MindSpore 2.10 into
``tests/fixtures/ms/zoo_resnet/`` (the starting checkpoint and ``losses.json``).

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_zoo_resnet_fixture.py

The network is ``tests/support/zoo_resnet.py``'s ResNet-18 layout (``ResidualBlockBase``, ``res_base``;
narrow stages so that the checkpoint stays small), trained as the zoo's ``train.py`` trains it
on a device: grouped weight decay (1e-4, none on gamma/beta/bias), ``Momentum(loss_scale=1024)``,
``FixedLossScaleManager(1024, drop_overflow_update=False)``, the label-smoothing loss and
``Model.train(..., dataset_sink_mode=True)``. MindSpore's CPU build runs sink mode step by step,
so a step-end callback sees every step's loss.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import mindspore as ms
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from zoo_resnet import train_setup, zoo_network  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "zoo_resnet"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    ms.set_context(mode=ms.GRAPH_MODE)
    net = zoo_network(ms)
    ms.save_checkpoint(net, str(OUT / "start.ckpt"))
    model, dataset, losses, callback = train_setup(ms, net)
    model.train(1, dataset, callbacks=[callback], dataset_sink_mode=True)
    (OUT / "losses.json").write_text(json.dumps({"losses": losses}, indent=1) + "\n")
    print(np.array(losses))


if __name__ == "__main__":
    main()
