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
from zoo_resnet import (  # noqa: E402
    IMAGE,
    PIPELINE_LR,
    STEPS,
    train_setup,
    zoo_jpegs,
    zoo_network,
    zoo_train_dataset,
)

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
    pipeline()


def pipeline() -> None:
    """The zoo's train pipeline on the fixture's JPEGs: its first epoch's batches (the images
    before ``Normalize``, recovered as uint8, and the labels) and 10 training steps on it from
    the same starting checkpoint."""
    images = OUT / "images"
    for (cls, name), data in zoo_jpegs().items():
        (images / cls).mkdir(parents=True, exist_ok=True)
        (images / cls / name).write_bytes(data)
    dataset = zoo_train_dataset(ms, images)
    mean = np.array([0.485, 0.456, 0.406], np.float32)[:, None, None] * 255
    std = np.array([0.229, 0.224, 0.225], np.float32)[:, None, None] * 255
    epochs = []
    it = dataset.create_tuple_iterator(num_epochs=2, output_numpy=True)
    for _ in range(2):
        epochs.append([(np.rint(x * std + mean).astype(np.uint8), y) for x, y in it])
    np.savez_compressed(
        OUT / "pipeline_batches.npz",
        images=np.stack([x for e in epochs for x, _ in e]),
        labels=np.stack([y for e in epochs for _, y in e]),
    )
    net = zoo_network(ms)  # the same starting weights as start.ckpt
    dataset = zoo_train_dataset(ms, images)
    model, dataset, losses, callback = train_setup(ms, net, dataset, PIPELINE_LR)
    batches = dataset.get_dataset_size()
    model.train(STEPS // batches, dataset, callbacks=[callback], dataset_sink_mode=True)
    (OUT / "pipeline_losses.json").write_text(
        json.dumps({"image_size": IMAGE, "losses": losses}, indent=1) + "\n"
    )
    print(np.array(losses))


if __name__ == "__main__":
    main()
