"""Layer behaviour beyond the MindSpore fixtures: defaults, argument forms, training-mode state,
pooling modes (numpy references checked against MindSpore 2.10 when written), containers, errors."""

import math
from collections import OrderedDict

import numpy as np
import pytest

import deepsink as ms
from deepsink import context, nn
from deepsink._compile.grad import value_and_grad
from deepsink.common.initializer import TruncatedNormal

MODES = [context.PYNATIVE_MODE, context.GRAPH_MODE]


def T(a, dtype=np.float32):
    return ms.Tensor(np.asarray(a, dtype))


def rand(*shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


# --- Dense ---------------------------------------------------------------------------------------
def test_dense_default_init_bounds():
    ms.set_seed(3)
    d = nn.Dense(64, 10)
    bound = 1 / math.sqrt(64)
    for p in (d.weight, d.bias):
        v = p.asnumpy()
        assert np.abs(v).max() <= bound and np.abs(v).max() > 0.7 * bound
    assert d.weight.shape == (10, 64) and [p.name for p in d.get_parameters()] == ["weight", "bias"]


def test_dense_positional_tensor_init_and_initializer_objects():
    """Seed 003 passes Tensors positionally: Dense(2048, 1000, weight, bias)."""
    w, b = rand(3, 4), rand(3, seed=1)
    d = nn.Dense(4, 3, T(w), T(b))
    np.testing.assert_array_equal(d.weight.asnumpy(), w)
    np.testing.assert_array_equal(d.bias.asnumpy(), b)
    x = rand(5, 4, seed=2)
    np.testing.assert_allclose(d(T(x)).asnumpy(), x @ w.T + b, rtol=1e-6, atol=1e-6)
    t = nn.Dense(400, 120, TruncatedNormal(0.02), TruncatedNormal(0.02))
    assert np.abs(t.weight.asnumpy()).max() <= 2.0 and 0.015 < t.weight.asnumpy().std() < 0.025
    with pytest.raises(
        ValueError, match=r"For 'Dense', the shape of 'weight_init' must be \[3, 4\]"
    ):
        nn.Dense(4, 3, T(np.ones((4, 3))))


def test_dense_activation_forms_and_ranks():
    x = rand(2, 5, 4)
    d = nn.Dense(4, 3, activation="relu")
    y = d(T(x)).asnumpy()
    ref = np.maximum(x @ d.weight.asnumpy().T + d.bias.asnumpy(), 0)
    assert y.shape == (2, 5, 3)
    np.testing.assert_allclose(y, ref, rtol=1e-5, atol=1e-6)
    assert isinstance(nn.Dense(4, 3, activation=nn.Tanh()).activation, nn.Tanh)
    assert nn.Dense(4, 3)(T(rand(4))).shape == (3,)  # 1-D input, as MindSpore
    assert (
        nn.Dense(4, 3, activation="gelu")
        .extend_repr()
        .startswith("input_channels=4, output_channels=3, has_bias=True, activation=")
    )
    assert nn.Dense(4, 3, has_bias=False).extend_repr() == "input_channels=4, output_channels=3"


@pytest.mark.parametrize(
    "make, exc, message",
    [
        (
            lambda: nn.Dense(0, 3),
            ValueError,
            "For 'Dense', 'in_channels' must be a positive int, but got 0",
        ),
        (
            lambda: nn.Dense(4, -1),
            ValueError,
            "For 'Dense', 'out_channels' must be a positive int, but got -1",
        ),
        (
            lambda: nn.Dense(4.0, 3),
            TypeError,
            "For 'Dense', 'in_channels' must be a positive int, but got 4.0",
        ),
        (
            lambda: nn.Dense(4, 3, has_bias=1),
            TypeError,
            "For 'Dense', 'has_bias' must be a bool, but got 1",
        ),
        (
            lambda: nn.Dense(4, 3, activation=3),
            TypeError,
            "For 'Dense', 'activation' must be a str, Cell or Primitive, but got int",
        ),
        (
            lambda: nn.Dense(4, 3, activation="foo"),
            KeyError,
            "For 'Dense', 'name' must be one of ['softmin',",
        ),
        (lambda: nn.get_activation("foo"), KeyError, "but got 'foo'"),
    ],
)
def test_dense_argument_errors(make, exc, message):
    with pytest.raises(exc) as info:
        make()
    assert message in str(info.value)


@pytest.mark.parametrize("mode", MODES)
def test_dense_input_error(mode):
    context.set_context(mode=mode)
    with pytest.raises(ValueError) as info:
        nn.Dense(4, 3)(T(np.ones((2, 3))))
    assert str(info.value) == (
        "For 'Dense', the last dimension of the input must be in_channels=4, but got shape [2, 3]"
    )


def test_dense_float16_input_and_to_float():
    net = nn.Dense(4, 3).to_float(ms.float16)
    out = net(T(rand(2, 4)))
    assert str(out.dtype) == "Float16" and net.weight.dtype == ms.float32


# --- activations ---------------------------------------------------------------------------------
ACT_REFS = {
    "relu": lambda x: np.maximum(x, 0),
    "relu6": lambda x: np.clip(x, 0, 6),
    "sigmoid": lambda x: 1 / (1 + np.exp(-x)),
    "tanh": np.tanh,
    "silu": lambda x: x / (1 + np.exp(-x)),
    "softsign": lambda x: x / (1 + np.abs(x)),
    "hswish": lambda x: x * np.clip(x + 3, 0, 6) / 6,
    "hsigmoid": lambda x: np.clip(x + 3, 0, 6) / 6,
    "elu": lambda x: np.where(x > 0, x, np.expm1(x)),
    "leakyrelu": lambda x: np.where(x >= 0, x, 0.2 * x),
    "logsigmoid": lambda x: -np.log1p(np.exp(-x)),
    "mish": lambda x: x * np.tanh(np.log1p(np.exp(x))),
    "gelu": lambda x: 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3))),
    "fast_gelu": lambda x: x / (1 + np.exp(-1.702 * np.abs(x))) * np.exp(0.851 * (x - np.abs(x))),
    "softmax": lambda x: np.exp(x) / np.exp(x).sum(-1, keepdims=True),
    "logsoftmax": lambda x: x - np.log(np.exp(x).sum(-1, keepdims=True)),
    "softmin": lambda x: np.exp(-x) / np.exp(-x).sum(-1, keepdims=True),
}


@pytest.mark.parametrize("name", sorted(ACT_REFS))
def test_get_activation_matches_reference(name):
    x = rand(3, 7) * 3
    cell = nn.get_activation(name)
    assert isinstance(cell, nn.Cell) and nn.get_activation(None) is None
    np.testing.assert_allclose(
        cell(T(x)).asnumpy(), ACT_REFS[name](x.astype(np.float64)), rtol=1e-5, atol=1e-6
    )


def test_activation_arguments():
    x = rand(2, 3, 4)
    np.testing.assert_allclose(
        nn.Softmax(axis=(1, 2))(T(x)).asnumpy(),
        np.exp(x) / np.exp(x).sum((1, 2), keepdims=True),
        rtol=1e-5,
    )
    np.testing.assert_allclose(nn.LeakyReLU(2.0)(T([-1.0, 2.0])).asnumpy(), [-2.0, 2.0])
    erf = np.vectorize(math.erf)
    np.testing.assert_allclose(
        nn.GELU(approximate=False)(T(x)).asnumpy(),
        0.5 * x * (1 + erf(x / np.sqrt(2))),
        rtol=1e-5,
        atol=1e-6,
    )
    with pytest.raises(
        TypeError, match=r"For 'GELU', 'approximate' must be a bool, but got 'tanh'"
    ):
        nn.GELU(approximate="tanh")
    with pytest.raises(
        ValueError, match=r"For 'Softmax', 'axis' must be in range \[-3, 3\), but got 3"
    ):
        nn.Softmax(3)(T(x))


# --- Flatten / Identity / Dropout ----------------------------------------------------------------
def test_flatten_dims_and_errors():
    x = T(rand(2, 3, 4, 5))
    assert nn.Flatten()(x).shape == (2, 60)
    assert nn.Flatten(2)(x).shape == (2, 3, 20)
    assert nn.Flatten(0, 1)(x).shape == (6, 4, 5)
    assert nn.Flatten(start_dim=0)(T(3.0)).shape == (1,)
    with pytest.raises(ValueError, match=r"For 'Flatten', 'start_dim' must be in range \[-1, 1\)"):
        nn.Flatten()(T([1.0, 2.0]))
    with pytest.raises(ValueError, match=r"'start_dim' must not come after 'end_dim'"):
        nn.Flatten(2, 1)(x)
    assert nn.Identity(3, foo=1)(x) is x


def test_dropout_arguments():
    assert (
        nn.Dropout().extend_repr() == "keep_prob=0.5" and nn.Dropout(p=0.2).extend_repr() == "p=0.2"
    )
    with pytest.raises(
        ValueError, match=r"For 'Dropout', 'keep_prob' must be in range \(0, 1\], but got 0.0"
    ):
        nn.Dropout(keep_prob=0.0)
    with pytest.raises(
        ValueError, match=r"For 'Dropout', 'p' must be in range \[0, 1\), but got 1.0"
    ):
        nn.Dropout(p=1.0)
    with pytest.raises(TypeError, match=r"For 'Dropout', 'keep_prob' must be a float, but got 1"):
        nn.Dropout(keep_prob=1)
    x = T(np.ones((4, 4)))
    assert nn.Dropout(p=0.5)(x) is x  # eval mode: identity
    assert nn.Dropout(p=0).set_train()(x) is x


@pytest.mark.parametrize("mode", MODES)
def test_dropout_training_continues_its_kernels_stream(mode):
    context.set_context(mode=mode)
    x = T(np.ones((32, 32)))
    ms.set_seed(5)
    drop = nn.Dropout(p=0.25).set_train()
    a, b = drop(x).asnumpy(), drop(x).asnumpy()
    assert not np.array_equal(a, b)
    assert set(np.unique(a)) <= {0.0, np.float32(1 / 0.75)}
    assert 0.15 < (a == 0).mean() < 0.35
    ms.set_seed(5)  # a layer built after the same seed draws the same masks (MindSpore's)
    np.testing.assert_array_equal(nn.Dropout(p=0.25).set_train()(x).asnumpy(), a)


def test_dropout_under_gradient_masks_gradient():
    ms.set_seed(1)
    x = T(np.ones((8, 8)))
    out = nn.Dropout(p=0.5).set_train()(x).asnumpy()
    ms.set_seed(1)
    drop = nn.Dropout(p=0.5).set_train()
    _, g = value_and_grad(lambda t: drop(t).sum())(x)
    np.testing.assert_array_equal(g.asnumpy(), out)  # d(mask * x / keep)/dx == mask / keep


# --- BatchNorm / LayerNorm / GroupNorm -----------------------------------------------------------
def test_batchnorm_parameters_like_mindspore():
    bn = nn.BatchNorm2d(3)
    assert [(n, p.name, p.requires_grad) for n, p in bn.parameters_and_names()] == [
        ("moving_mean", "mean", False),
        ("moving_variance", "variance", False),
        ("gamma", "gamma", True),
        ("beta", "beta", True),
    ]
    assert [p.name for p in nn.BatchNorm2d(3, affine=False).trainable_params()] == []
    assert abs(bn.momentum - 0.1) < 1e-12  # stored as MindSpore does (1 - momentum)
    assert "momentum=0.9," in bn.extend_repr()


@pytest.mark.parametrize("mode", MODES)
def test_batchnorm_training_updates_moving_stats(mode):
    context.set_context(mode=mode)
    x = rand(6, 3, 4, 4) * 2 + 1
    bn = nn.BatchNorm2d(3, momentum=0.8).set_train()
    y = bn(T(x)).asnumpy()
    mean, var = x.mean((0, 2, 3)), x.var((0, 2, 3))
    ref = (x - mean[:, None, None]) / np.sqrt(var[:, None, None] + 1e-5)
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(bn.moving_mean.asnumpy(), 0.2 * mean, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(
        bn.moving_variance.asnumpy(), 0.8 + 0.2 * x.var((0, 2, 3), ddof=1), rtol=1e-5
    )
    bn.set_train(False)
    mm, mv = bn.moving_mean.asnumpy(), bn.moving_variance.asnumpy()
    y_eval = bn(T(x)).asnumpy()
    np.testing.assert_allclose(
        y_eval, (x - mm[:, None, None]) / np.sqrt(mv[:, None, None] + 1e-5), rtol=1e-5, atol=1e-5
    )
    np.testing.assert_array_equal(bn.moving_mean.asnumpy(), mm)  # eval leaves the stats alone


def test_batchnorm_use_batch_statistics_and_grad_state():
    x = T(rand(8, 5))
    fixed = nn.BatchNorm1d(5, use_batch_statistics=False).set_train()
    np.testing.assert_allclose(fixed(x).asnumpy(), x.asnumpy() / np.sqrt(1 + 1e-5), rtol=1e-6)
    always = nn.BatchNorm1d(5, use_batch_statistics=True)  # eval mode, still batch statistics
    assert abs(float(always(x).asnumpy().mean())) < 1e-5
    bn = nn.BatchNorm1d(5).set_train()
    _, grads = value_and_grad(lambda t: bn(t).sum(), None, bn.trainable_params())(x)
    assert [g.shape for g in grads] == [(5,), (5,)]
    assert np.abs(bn.moving_mean.asnumpy()).max() > 0  # the update made under grad is kept


def test_batchnorm_3d_input_and_errors():
    x = rand(4, 3, 6)
    y = nn.BatchNorm1d(3).set_train()(T(x)).asnumpy()
    ref = (x - x.mean((0, 2), keepdims=True)) / np.sqrt(x.var((0, 2), keepdims=True) + 1e-5)
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-5)
    with pytest.raises(ValueError) as info:
        nn.BatchNorm2d(3)(T(np.ones((3, 5, 5))))
    assert str(info.value) == (
        "For 'BatchNorm2d', the input must be a 4-D (N, C, H, W) tensor with C=3, but got shape [3, 5, 5]"
    )
    with pytest.raises(
        ValueError, match=r"For 'BatchNorm1d', the input must be a 2-D \(N, C\) or 3-D"
    ):
        nn.BatchNorm1d(3)(T(np.ones((2, 4))))
    with pytest.raises(
        ValueError, match=r"For 'BatchNorm2d', 'num_features' must be a positive int, but got 0"
    ):
        nn.BatchNorm2d(0)
    with pytest.raises(
        ValueError,
        match=r"For 'BatchNorm2d', 'momentum' must be a number in range \[0, 1\], but got 2",
    ):
        nn.BatchNorm2d(3, momentum=2)


def test_layernorm_subclass_calls_its_primitive():
    # MindSpore's nn.LayerNorm holds the primitive as ``layer_norm``; subclasses (mindcv's
    # ConvNextLayerNorm) call it on a transposed input
    class ChannelsFirst(nn.LayerNorm):
        def construct(self, x):
            y, _, _ = self.layer_norm(x.transpose(0, 2, 3, 1), self.gamma, self.beta)
            return y.transpose(0, 3, 1, 2)

    x = rand(2, 3, 4, 5)
    got = ChannelsFirst((3,), epsilon=1e-6)(T(x)).asnumpy()
    ref = (x - x.mean(1, keepdims=True)) / np.sqrt(x.var(1, keepdims=True) + 1e-6)
    np.testing.assert_allclose(got, ref, rtol=1e-4, atol=1e-5)


def test_layernorm_and_groupnorm():
    x = rand(2, 3, 4, 5)
    ln = nn.LayerNorm((4, 5), begin_norm_axis=2, begin_params_axis=2, epsilon=1e-5)
    ref = (x - x.mean((2, 3), keepdims=True)) / np.sqrt(x.var((2, 3), keepdims=True) + 1e-5)
    np.testing.assert_allclose(ln(T(x)).asnumpy(), ref, rtol=1e-4, atol=1e-5)
    with pytest.raises(
        TypeError, match=r"For 'LayerNorm', 'normalized_shape' must be a tuple or list"
    ):
        nn.LayerNorm(5)
    with pytest.raises(
        ValueError,
        match=r"must equal normalized_shape \[4, 5\], but got input shape \[2, 3, 5, 4\]",
    ):
        ln(T(rand(2, 3, 5, 4)))
    gn = nn.GroupNorm(3, 6)
    xg = rand(2, 6, 4)
    g = xg.reshape(2, 3, -1)
    ref = ((g - g.mean(-1, keepdims=True)) / np.sqrt(g.var(-1, keepdims=True) + 1e-5)).reshape(
        xg.shape
    )
    np.testing.assert_allclose(gn(T(xg)).asnumpy(), ref, rtol=1e-4, atol=1e-5)
    with pytest.raises(ValueError, match=r"'num_channels' must be divisible by 'num_groups'"):
        nn.GroupNorm(4, 6)


# --- pooling -------------------------------------------------------------------------------------
def np_pool(
    x, k, s, pads, op, ceil=False, include_pad=True, divisor=None, dilation=(1, 1), same=False
):
    """Naive NCHW pooling with PyTorch/MindSpore semantics (checked against MindSpore 2.10)."""
    n, c, h, w = x.shape
    outs = []
    for size, kk, ss, (lo, hi), d in zip((h, w), k, s, pads, dilation):
        span = size + lo + hi - d * (kk - 1) - 1
        o = -(-span // ss) + 1 if ceil else span // ss + 1
        if ceil and (o - 1) * ss >= size + lo:
            o -= 1
        outs.append(o)
    out = np.zeros((n, c, *outs), np.float64)
    for i in range(outs[0]):
        for j in range(outs[1]):
            rows = [i * s[0] + a * dilation[0] - pads[0][0] for a in range(k[0])]
            cols = [j * s[1] + b * dilation[1] - pads[1][0] for b in range(k[1])]
            vals, count_pad = [], 0
            for r in rows:
                for q in cols:
                    if 0 <= r < h and 0 <= q < w:
                        vals.append(x[:, :, r, q])
                    elif -pads[0][0] <= r < h + pads[0][1] and -pads[1][0] <= q < w + pads[1][1]:
                        count_pad += 1
            v = np.stack(vals, -1)
            if op == "max":
                out[:, :, i, j] = v.max(-1)
            else:
                cnt = len(vals) + (count_pad if include_pad and not same else 0)
                out[:, :, i, j] = v.sum(-1) / (divisor or cnt)
    return out


POOL_CASES = [  # (cls, kwargs, reference kwargs); each was compared with MindSpore 2.10 output
    ("MaxPool2d", dict(kernel_size=3, stride=2, pad_mode="pad", padding=1), dict(pads=((1, 1), (1, 1)))),
    ("MaxPool2d", dict(kernel_size=3, stride=2, pad_mode="pad", padding=1, ceil_mode=True),
     dict(pads=((1, 1), (1, 1)), ceil=True)),
    ("MaxPool2d", dict(kernel_size=3, stride=1, pad_mode="pad", padding=(1, 0), dilation=2),
     dict(pads=((1, 1), (0, 0)), dilation=(2, 2))),
    ("MaxPool2d", dict(kernel_size=(3, 2), stride=(2, 1), pad_mode="same"), dict(pads=((1, 1), (0, 1)))),
    ("AvgPool2d", dict(kernel_size=3, stride=2, pad_mode="same"), dict(pads=((1, 1), (0, 1)), same=True)),
    ("AvgPool2d", dict(kernel_size=3, stride=2, pad_mode="pad", padding=1), dict(pads=((1, 1), (1, 1)))),
    ("AvgPool2d", dict(kernel_size=3, stride=2, pad_mode="pad", padding=1, count_include_pad=False),
     dict(pads=((1, 1), (1, 1)), include_pad=False)),
    ("AvgPool2d", dict(kernel_size=3, stride=2, pad_mode="pad", padding=1, ceil_mode=True),
     dict(pads=((1, 1), (1, 1)), ceil=True)),
    ("AvgPool2d", dict(kernel_size=3, stride=2, pad_mode="pad", padding=(1, 0), divisor_override=4),
     dict(pads=((1, 1), (0, 0)), divisor=4)),
    ("AvgPool2d", dict(kernel_size=3, stride=2, pad_mode="valid", ceil_mode=True), dict(pads=((0, 0), (0, 0)), ceil=True)),
]  # fmt: skip


@pytest.mark.parametrize("cls, kwargs, ref", POOL_CASES)
def test_pool2d_modes_match_reference(cls, kwargs, ref):
    x = rand(2, 3, 7, 8)
    k = kwargs["kernel_size"]
    s = kwargs["stride"]
    k = k if isinstance(k, tuple) else (k, k)
    s = s if isinstance(s, tuple) else (s, s)
    want = np_pool(x.astype(np.float64), k, s, op="max" if cls.startswith("Max") else "avg", **ref)
    got = getattr(nn, cls)(**kwargs)(T(x)).asnumpy()
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


def test_pool_1d_3d_inputs_and_mindspore_avgpool1d_quirk():
    x = rand(2, 3, 9)
    np.testing.assert_allclose(
        nn.MaxPool1d(3, 2)(T(x)).asnumpy(),
        np.stack([x[..., i : i + 3].max(-1) for i in (0, 2, 4, 6)], -1),
    )
    # MindSpore's AvgPool1d (non-'pad' modes) averages one window when the input is short
    np.testing.assert_allclose(
        nn.AvgPool1d(8, 2, pad_mode="same")(T(x)).asnumpy(),
        x[..., :8].mean(-1, keepdims=True),
        rtol=1e-6,
    )
    assert nn.MaxPool2d(2, 2)(T(rand(3, 6, 6))).shape == (3, 3, 3)  # unbatched (C, H, W)
    assert nn.AvgPool1d(3, 2)(T(rand(3, 9))).shape == (3, 4)


def test_pool_repr_and_errors():
    assert nn.MaxPool2d(2, 2).extend_repr() == "kernel_size=2, stride=2, pad_mode=VALID"
    assert nn.AvgPool2d(2).extend_repr() == "kernel_size=2, stride=1, pad_mode=VALID"
    with pytest.raises(
        ValueError,
        match=r"For 'MaxPool2d', 'pad_mode' must be one of \['VALID', 'SAME', 'PAD'\], but got 'FOO'",
    ):
        nn.MaxPool2d(2, 2, pad_mode="foo")
    with pytest.raises(
        ValueError, match=r"For 'MaxPool2d', \['padding'\] can only be set when 'pad_mode' is 'pad'"
    ):
        nn.MaxPool2d(3, 2, padding=1)
    with pytest.raises(
        ValueError, match=r"For 'AvgPool2d', \['padding'\] can only be set when 'pad_mode' is 'pad'"
    ):
        nn.AvgPool2d(3, 2, padding=1)
    with pytest.raises(
        ValueError, match=r"For 'MaxPool2d', 'kernel_size' must be a positive int or a tuple of 2"
    ):
        nn.MaxPool2d(0, 2)
    with pytest.raises(ValueError, match=r"For 'MaxPool2d', the input must be a 4-D tensor"):
        nn.MaxPool2d(2)(T(np.ones((2, 2))))
    # return_indices is supported (tests/nn/test_nn_additions.py); like MindSpore, only in 'pad' mode
    with pytest.raises(ValueError, match=r"can only be set when 'pad_mode' is 'pad'"):
        nn.MaxPool2d(2, return_indices=True)


def test_maxpool_gradient_in_graph_mode():
    x = T(rand(2, 3, 8, 8))
    pool = nn.MaxPool2d(2, 2)
    _, g = value_and_grad(lambda t: pool(t).sum())(x)
    context.set_context(mode=context.GRAPH_MODE)
    _, g2 = ms.jit(value_and_grad(lambda t: pool(t).sum()))(x)
    assert g.asnumpy().sum() == 2 * 3 * 16
    np.testing.assert_array_equal(g.asnumpy(), g2.asnumpy())


# --- Embedding -----------------------------------------------------------------------------------
def test_embedding():
    ms.set_seed(0)
    emb = nn.Embedding(10, 4, padding_idx=2)
    table = emb.embedding_table.asnumpy()
    assert table.shape == (10, 4) and not table[2].any() and 0.004 < table.std() < 0.02
    ids = np.array([[1, 2], [9, 0]], np.int32)
    np.testing.assert_array_equal(emb(ms.Tensor(ids)).asnumpy(), table[ids])
    one_hot = nn.Embedding(10, 4, use_one_hot=True)
    one_hot.embedding_table.set_data(ms.Tensor(table))
    np.testing.assert_allclose(one_hot(ms.Tensor(ids)).asnumpy(), table[ids])
    with pytest.raises(
        TypeError, match=r"For 'Embedding', the input 'ids' must be an int tensor, but got Float32"
    ):
        emb(T([1.0]))
    with pytest.raises(
        RuntimeError,
        match=r"For 'Gather', the 'input_indices' should be in the range \[0, 10\), but got 10",
    ):
        emb(ms.Tensor(np.array([10], np.int32)))
    with pytest.raises(
        ValueError, match=r"For 'Embedding', 'padding_idx' must be an int in range \[0, 10\)"
    ):
        nn.Embedding(10, 4, padding_idx=10)
    assert emb.extend_repr().startswith(
        "vocab_size=10, embedding_size=4, use_one_hot=False, embedding_table="
    )


# --- containers ----------------------------------------------------------------------------------
class Holder(nn.Cell):
    def __init__(self):
        super().__init__()
        self.features = nn.SequentialCell([nn.Dense(2, 3), nn.ReLU(), nn.Dense(3, 4)])

    def construct(self, x):
        return self.features(x)


def names(cell):
    return [p.name for p in cell.get_parameters()]


def test_sequential_naming_follows_mindspore():
    net = Holder()
    assert names(net) == [
        "features.0.weight",
        "features.0.bias",
        "features.2.weight",
        "features.2.bias",
    ]
    net.features.append(nn.Dense(4, 5))
    assert names(net)[-2:] == ["features.3.weight", "features.3.bias"]
    del net.features[1]
    assert list(net.features._cells) == ["0", "1", "2"]
    assert names(net) == [f"features.{i}.{k}" for i in range(3) for k in ("weight", "bias")]
    assert net(T(rand(5, 2))).shape == (5, 5)
    od = nn.SequentialCell(OrderedDict([("fc", nn.Dense(2, 3)), ("act", nn.ReLU())]))
    assert names(od) == ["fc.weight", "fc.bias"] and len(od) == 2 and isinstance(od[1], nn.ReLU)
    assert names(nn.SequentialCell(nn.Dense(2, 3), nn.ReLU())) == ["0.weight", "0.bias"]
    assert list(od[0:1]._cells) == ["fc"]


def test_sequential_cell_list_follows_the_cells():
    # MindSpore's attribute; mindcv's FeatureExtractWrapper runs the cells through it
    seq = nn.SequentialCell([nn.Dense(4, 6), nn.ReLU()])
    assert seq.cell_list == list(seq._cells.values())
    seq.append(nn.Dense(6, 3))
    del seq[0]
    assert [type(c).__name__ for c in seq.cell_list] == ["ReLU", "Dense"]
    x = T(rand(2, 4))
    y = x
    for cell in nn.SequentialCell([nn.ReLU(), nn.Tanh()]).cell_list:
        y = cell(y)
    np.testing.assert_allclose(y.asnumpy(), np.tanh(np.maximum(x.asnumpy(), 0)), rtol=1e-6)


def test_sequential_in_graph_mode_and_errors():
    seq = nn.SequentialCell([nn.Dense(4, 6), nn.ReLU(), nn.Dense(6, 3)])
    x = T(rand(5, 4))
    eager = seq(x).asnumpy()
    context.set_context(mode=context.GRAPH_MODE)
    np.testing.assert_allclose(seq(x).asnumpy(), eager, rtol=1e-6)
    with pytest.raises(
        TypeError,
        match=r"For 'SequentialCell', 'args\[0\]' must be a Cell, list or OrderedDict, but got int",
    ):
        nn.SequentialCell(3)
    with pytest.raises(
        TypeError, match=r"For 'SequentialCell', each cell must be a Cell, but got int"
    ):
        nn.SequentialCell([3])
    with pytest.raises(
        IndexError, match=r"For 'SequentialCell', 'index' must be in range \[-3, 2\], but got 3"
    ):
        seq[3]


def test_celllist():
    cl = nn.CellList([nn.Dense(2, 3), nn.Dense(3, 3)])
    assert names(cl) == ["0.weight", "0.bias", "1.weight", "1.bias"]
    cl.insert(0, nn.Dense(1, 2))
    assert names(cl) == [f"{i}.{k}" for i in range(3) for k in ("weight", "bias")]
    assert [c.in_channels for c in cl] == [1, 2, 3] and cl[-1].in_channels == 3
    cl += [nn.ReLU()]
    assert len(cl) == 4 and isinstance(cl[3], nn.ReLU)
    cl[0] = nn.Dense(7, 2)
    assert cl[0].in_channels == 7 and names(cl)[:2] == ["0.weight", "0.bias"]
    with pytest.raises(TypeError, match=r"For 'CellList', 'cells' must be a list of Cells"):
        cl.extend(nn.ReLU())


def test_layers_train_inside_a_jitted_loop():
    """A conv/bn/pool/dense net trained by a jitted SGD step: loss falls, BN stats move."""
    net = nn.SequentialCell(
        [
            nn.Conv2d(1, 4, 3),
            nn.BatchNorm2d(4),
            nn.ReLU(),
            nn.MaxPool2d(2, 2),
            nn.Flatten(),
            nn.Dense(64, 3),
        ]
    ).set_train()
    weights = net.trainable_params()
    x = T(rand(8, 1, 8, 8))
    y = T(rand(8, 3))
    grad = value_and_grad(lambda a, b: ((net(a) - b) ** 2).mean(), None, weights)

    @ms.jit
    def step(a, b):
        loss, grads = grad(a, b)
        for p, g in zip(weights, grads):
            p._data = p._data - 0.1 * g._data
        return loss

    losses = [float(step(x, y).asnumpy()) for _ in range(5)]
    assert losses[-1] < losses[0]
    assert np.abs(net[1].moving_mean.asnumpy()).max() > 0


def test_softmax_keeps_its_primitive_as_mindspore():
    # MindSpore 2.10's nn.Softmax holds ``self.softmax = P.Softmax(axis)`` (axis as a tuple)
    assert nn.Softmax(1).softmax.axis == (1,)
    assert nn.Softmax().softmax.axis == (-1,)
    out = nn.Softmax(1)(ms.Tensor(np.ones((3, 3), np.float32))).asnumpy()
    np.testing.assert_allclose(out, np.full((3, 3), 1 / 3, np.float32), rtol=1e-6)


def test_celllist_append_names_like_mindspore():
    # MindSpore names an appended child after the first child's full path when only one child
    # has Parameters to compare with (mindcv's RegNet stages of blocks depend on it)
    class Stage(nn.Cell):
        def __init__(self):
            super().__init__()
            self.blocks = nn.CellList()
            for _ in range(2):
                self.blocks.append(nn.Dense(2, 2))

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.stages = nn.CellList()
            for _ in range(2):
                self.stages.append(Stage())

    names = [p.name for p in Net().get_parameters()]
    assert names[4:] == ["0.blocks.1.blocks.0.weight", "0.blocks.1.blocks.0.bias",
                         "0.blocks.1.blocks.1.weight", "0.blocks.1.blocks.1.bias"]  # fmt: skip
    seq = nn.SequentialCell(nn.Dense(2, 2))
    seq.append(nn.Dense(2, 2))
    assert [p.name for p in seq.get_parameters()] == ["0.weight", "0.bias", "1.weight", "1.bias"]
