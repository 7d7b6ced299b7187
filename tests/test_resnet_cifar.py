"""examples/resnet_cifar.py, the network of bench/bench_resnet.py: ResNet-18's CIFAR variant has the
parameters PyTorch's equivalent has, and one training step runs with the right shapes, gradients
for every parameter and BatchNorm's moving statistics updated as MindSpore updates them."""

import sys
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "examples"))
sys.path.insert(0, str(ROOT / "bench" / "peers"))  # torch_resnet, the PyTorch peer
from resnet_cifar import create_dataset, resnet18, synthetic_cifar  # noqa: E402

# ResNet-18's step compiles once and runs once: compiling is most of the time
pytestmark = pytest.mark.usefixtures("quick_codegen")

CIFAR_RESNET18_PARAMS = 11_173_962  # torchvision-style ResNet-18, 3x3 stem, no pool, 10 classes


def test_resnet18_cifar_has_the_parameters_of_pytorchs_equivalent():
    net = resnet18()
    params = net.trainable_params()
    assert sum(int(np.prod(p.shape)) for p in params) == CIFAR_RESNET18_PARAMS
    assert len({p.name for p in params}) == len(params) == 62  # 20 convs, 20 BN x2, Dense x2
    assert net.conv1.weight.shape == (64, 3, 3, 3)
    assert net.layer2[0].down_sample is not None and net.layer1[0].down_sample is None
    torch_peer = pytest.importorskip("torch_resnet", reason="torch is not installed")
    torch_net = torch_peer.ResNet18()
    assert sum(p.numel() for p in torch_net.parameters()) == CIFAR_RESNET18_PARAMS
    # the same layers in the same order, shape for shape
    assert [tuple(p.shape) for p in params] == [tuple(p.shape) for p in torch_net.parameters()]


def test_synthetic_cifar_is_seeded_and_cifar_shaped():
    x, y = synthetic_cifar(64, seed=3)
    x2, y2 = synthetic_cifar(64, seed=3)
    assert x.shape == (64, 3, 32, 32) and x.dtype == np.float32
    assert y.dtype == np.int32 and y.min() >= 0 and y.max() < 10
    np.testing.assert_array_equal(x, x2)
    np.testing.assert_array_equal(y, y2)
    batch = next(create_dataset(64, batch_size=32).create_tuple_iterator(output_numpy=True))
    assert batch[0].shape == (32, 3, 32, 32) and batch[1].shape == (32,)


@pytest.mark.slow
def test_one_training_step_on_two_samples():
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(1)
    net = resnet18()
    net.set_train()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    x, y = synthetic_cifar(2)
    x, y = ms.Tensor(x), ms.Tensor(y)
    conv1_out = net.conv1(x).asnumpy()
    assert conv1_out.shape == (2, 64, 32, 32)
    before = [p.asnumpy().copy() for p in net.trainable_params()]

    def forward(data, label):
        logits = net(data)
        return loss_fn(logits, label), logits

    grad_fn = ms.value_and_grad(forward, None, opt.parameters, has_aux=True)
    (loss, logits), grads = grad_fn(x, y)
    assert logits.shape == (2, 10) and loss.shape == ()
    assert np.isfinite(loss.asnumpy())
    assert len(grads) == len(before)
    for g, p in zip(grads, net.trainable_params()):
        assert g.shape == p.shape, p.name
    opt(grads)
    moved = [not np.array_equal(b, p.asnumpy()) for b, p in zip(before, net.trainable_params())]
    assert all(moved)
    # MindSpore's convention: momentum 0.9 -> moving = 0.9 * moving + 0.1 * batch statistic
    # (variance unbiased), from the initial 0 / 1
    mean = conv1_out.mean(axis=(0, 2, 3))
    var = conv1_out.var(axis=(0, 2, 3), ddof=1)
    np.testing.assert_allclose(net.bn1.moving_mean.asnumpy(), 0.1 * mean, rtol=1e-4, atol=1e-6)
    np.testing.assert_allclose(
        net.bn1.moving_variance.asnumpy(), 0.9 + 0.1 * var, rtol=1e-4, atol=1e-6
    )
