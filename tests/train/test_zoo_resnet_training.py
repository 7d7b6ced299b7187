"""The model zoo's ResNet (``tests/support/zoo_resnet.py``: ResNet-18's ``res_base`` basic blocks, the
zoo's BatchNorm settings, ``_make_layer`` stages and label-smoothing loss) trains step for step as
on MindSpore 2.10: from the recorded starting checkpoint and the same batches, the first 10 losses
of ``Model.train(..., dataset_sink_mode=True)`` with ``Momentum(loss_scale=1024)``, grouped weight
decay and a ``FixedLossScaleManager`` match ``scripts/record_zoo_resnet_fixture.py``'s recording to
1e-4."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from tests.support.zoo_resnet import (
    PIPELINE_LR,
    STEPS,
    train_setup,
    zoo_resnet18,
    zoo_train_dataset,
)

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "zoo_resnet"
MEAN = np.array([0.485, 0.456, 0.406], np.float32)[:, None, None] * 255
STD = np.array([0.229, 0.224, 0.225], np.float32)[:, None, None] * 255


@pytest.fixture
def seed_restored():
    saved = dict(ms.dataset.config._state)
    yield
    ms.dataset.config._state.update(saved)


def test_zoo_train_pipeline_gives_mindspores_batches(seed_restored):
    # the zoo's shuffled ImageFolderDataset, RandomCropDecodeResize + RandomHorizontalFlip +
    # Normalize + HWC2CHW with two workers, two epochs: the same files, crop boxes, flips and
    # pixels as 2.10 (compared as uint8 before Normalize). The JPEGs are 4:4:4; with subsampled
    # chroma, MindSpore's cropped decode moves a crop's first columns by a few levels
    # (docs/datasets.md).
    want = np.load(FIXTURE / "pipeline_batches.npz")
    it = zoo_train_dataset(ms, FIXTURE / "images").create_tuple_iterator(
        num_epochs=2, output_numpy=True
    )
    batches = [b for _ in range(2) for b in it]
    labels = np.stack([y for _, y in batches])
    images = np.stack([np.rint(x * STD + MEAN) for x, _ in batches]).astype(np.int64)
    np.testing.assert_array_equal(labels, want["labels"])
    np.testing.assert_array_equal(images, want["images"])


@pytest.mark.slow
def test_zoo_resnet_first_ten_steps_match_mindspore():
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = zoo_resnet18(ms)
        not_loaded, _ = ms.load_param_into_net(net, ms.load_checkpoint(str(FIXTURE / "start.ckpt")))
        assert not_loaded == []
        model, dataset, losses, callback = train_setup(ms, net)
        # one step per sink, epochs back to back: every step's loss reaches the callback
        model.train(STEPS, dataset, callbacks=[callback], dataset_sink_mode=True, sink_size=1)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    expected = json.loads((FIXTURE / "losses.json").read_text())["losses"]
    assert len(losses) == len(expected) == STEPS
    np.testing.assert_allclose(losses, expected, rtol=0, atol=1e-4)


@pytest.mark.slow
def test_zoo_resnet_trains_on_the_zoo_pipeline_as_mindspore(seed_restored):
    # the zoo's train pipeline on 8 small JPEGs (2 batches an epoch), 10 sink steps from the
    # recorded starting checkpoint: every step's loss within 1e-4 of 2.10's
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = zoo_resnet18(ms)
        not_loaded, _ = ms.load_param_into_net(net, ms.load_checkpoint(str(FIXTURE / "start.ckpt")))
        assert not_loaded == []
        dataset = zoo_train_dataset(ms, FIXTURE / "images")
        model, dataset, losses, callback = train_setup(ms, net, dataset, PIPELINE_LR)
        model.train(STEPS, dataset, callbacks=[callback], dataset_sink_mode=True, sink_size=1)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    expected = json.loads((FIXTURE / "pipeline_losses.json").read_text())["losses"]
    assert len(losses) == len(expected) == STEPS
    np.testing.assert_allclose(losses, expected, rtol=0, atol=1e-4)
