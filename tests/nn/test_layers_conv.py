"""The convolution lowerings of ``_core.conv``: exact gradients, Eigen-canonical HLO in a scan loop,
and the choice per backend and shape; plus Conv1d/Conv2d layer behaviour and errors."""

import functools
import importlib.util
import re
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

import deepsink as ms
from deepsink import context, nn
from deepsink._core import conv as C


def _load_parity_harness():
    """test_layer_parity.py's fixture harness (test modules are not importable by name)."""
    spec = importlib.util.spec_from_file_location(
        "_layer_parity_harness", Path(__file__).with_name("test_layer_parity.py")
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


parity = _load_parity_harness()
FIXTURES_MS = Path(__file__).resolve().parents[1] / "fixtures" / "ms"

CONFIGS = [  # (C_in, C_out, groups, kernel, stride, dilation, padding, H, W)
    (4, 6, 1, (3, 3), (1, 1), (1, 1), ((1, 1), (1, 1)), 9, 9),
    (4, 6, 1, (3, 2), (2, 3), (1, 1), ((0, 0), (0, 0)), 9, 11),
    (4, 6, 1, (3, 3), (2, 2), (2, 1), ((1, 2), (0, 1)), 10, 9),
    (1, 3, 1, (5, 5), (1, 1), (1, 1), ((0, 0), (0, 0)), 12, 12),
    (1, 4, 1, (3, 3), (2, 1), (1, 2), ((1, 0), (2, 1)), 11, 10),  # one channel: tap-major
    (4, 6, 1, (1, 1), (2, 2), (1, 1), ((3, 0), (4, 4)), 7, 8),
    (4, 6, 1, (1, 1), (2, 2), (1, 1), ((0, 0), (0, 0)), 9, 8),  # 1x1 unpadded: wgrad a matmul
    (4, 6, 1, (1, 1), (1, 1), (1, 1), ((0, 0), (0, 0)), 5, 6),
    # kernels larger than the activations: dgrad flips the activations, not the kernel
    (16, 16, 1, (3, 3), (1, 1), (1, 1), ((1, 1), (1, 1)), 3, 3),
    (12, 16, 1, (3, 3), (2, 2), (2, 1), ((1, 2), (0, 1)), 5, 4),
    (4, 6, 2, (3, 3), (2, 1), (1, 2), ((1, 1), (2, 0)), 9, 10),
    (12, 12, 12, (3, 3), (2, 2), (1, 1), ((1, 1), (1, 1)), 9, 9),
    (12, 24, 12, (3, 2), (1, 2), (2, 1), ((0, 2), (1, 0)), 9, 9),
]


@pytest.mark.parametrize("lowering", ["canonical", "im2col"])
@pytest.mark.parametrize(
    "cfg", CONFIGS, ids=lambda c: f"c{c[0]}-{c[1]}g{c[2]}k{c[3]}s{c[4]}d{c[5]}"
)
def test_lowering_matches_lax_vjp(cfg, lowering):
    """Forward, input gradient and weight gradient equal jax.vjp of the plain NCHW conv."""
    cin, cout, g, k, s, d, p, h, w = cfg
    rng = np.random.default_rng(0)
    x = jnp.asarray(rng.standard_normal((2, cin, h, w)), jnp.float32)
    wt = jnp.asarray(rng.standard_normal((cout, cin // g, *k)), jnp.float32)
    ct = jnp.asarray(rng.standard_normal(C.conv2d(x, wt, s, p, d, g, "lax").shape), jnp.float32)

    @functools.partial(jax.jit, static_argnums=0)  # one program each, not one per primitive
    def forward_and_pullback(how, x, w, ct):
        y, pull = jax.vjp(lambda x, w: C.conv2d(x, w, s, p, d, g, lowering=how), x, w)
        return (y, *pull(ct))

    for got, want in zip(
        forward_and_pullback(lowering, x, wt, ct), forward_and_pullback("lax", x, wt, ct)
    ):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5 * float(jnp.abs(want).max()))


@pytest.mark.parametrize("lowering", ["canonical", "im2col"])
# im2col's weight gradient takes one form for fewer output channels than patch rows (4 < 27), the
# other beyond (8 >= 3)
@pytest.mark.parametrize("w_shape", [(4, 3, 3, 3), (8, 3, 1, 1)], ids=["narrow", "wide"])
def test_lowering_second_order_gradient_matches_lax(lowering, w_shape):
    """The custom gradients are themselves differentiable (grad of grad, as GradOperation nests)."""
    rng = np.random.default_rng(1)
    x = jnp.asarray(rng.standard_normal((2, 3, 9, 8)), jnp.float32)
    wt = jnp.asarray(rng.standard_normal(w_shape), jnp.float32)

    def outer(how):
        def inner(x, w):
            return jnp.sum(C.conv2d(x, w, (2, 1), ((1, 1), (0, 1)), (1, 1), 1, how) ** 2)

        outer_grad = jax.grad(lambda x, w: jnp.sum(jax.grad(inner)(x, w) ** 2), argnums=(0, 1))
        return jax.jit(outer_grad)(x, wt)  # one program, not one per primitive

    for got, want in zip(outer(lowering), outer("lax")):
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4 * float(jnp.abs(want).max()))


def _scan_conv_labels(lowering: str, groups: int = 1, cin: int = 4) -> list[str]:
    x = jnp.ones((2, cin, 10, 10), jnp.float32)
    w = jnp.ones((8, cin // groups, 3, 3), jnp.float32)

    def body(w, _):
        def loss(w, x):
            return jnp.sum(C.conv2d(x, w, (2, 1), ((1, 1), (0, 1)), (1, 2), groups, lowering) ** 2)

        val, (gw, gx) = jax.value_and_grad(loss, argnums=(0, 1))(w, x)
        return w - 0.01 * gw - gx.mean(), val

    hlo = jax.jit(lambda w: lax.scan(body, w, None, length=3)).lower(w).compile().as_text()
    return re.findall(r"convolution\(.*?dim_labels=([^,\s]+)", hlo)


@pytest.mark.skipif(jax.default_backend() != "cpu", reason="XLA:CPU lowering")
def test_canonical_convs_stay_eigen_canonical_inside_scan():
    """All three convolutions (forward, dgrad, wgrad) in a scan body are NHWC/HWIO->NHWC,
    the form XLA:CPU runs with Eigen; the plain NCHW conv's are not (the 1.7x sink slowdown)."""
    assert _scan_conv_labels("canonical") == ["b01f_01io->b01f"] * 3
    grouped = _scan_conv_labels("canonical", groups=2)
    assert len(grouped) == 4 and set(grouped) == {"b01f_01io->b01f"}  # wgrad: a conv per group
    assert set(_scan_conv_labels("canonical", groups=8, cin=8)) == {"b01f_01io->b01f"}
    assert "b01f_01io->b01f" not in _scan_conv_labels("lax")
    assert _scan_conv_labels("im2col") == []


def test_choose_lowering_by_backend_and_shape(monkeypatch):
    monkeypatch.setattr(C, "_platform", lambda: "cpu")
    assert C.choose_lowering((32, 1, 32, 32), (6, 1, 5, 5), 1) == "im2col"  # depth 25
    assert C.choose_lowering((32, 6, 14, 14), (16, 6, 5, 5), 1) == "im2col"  # depth 150
    assert C.choose_lowering((32, 16, 32, 32), (32, 16, 3, 3), 1, stride=(2, 2)) == "canonical"
    assert C.choose_lowering((32, 3, 32, 32), (64, 3, 3, 3), 1) == "canonical"  # 64 > depth 27
    assert C.choose_lowering((32, 3, 32, 32), (27, 3, 3, 3), 1) == "im2col"
    assert C.choose_lowering((32, 32, 16, 16), (32, 32, 3, 3), 1) == "canonical"  # depth 288
    # 1x1 layers stay in Eigen's NHWC, like the 3x3 layers around them in a ResNet
    assert C.choose_lowering((32, 64, 32, 32), (128, 64, 1, 1), 1, stride=(2, 2)) == "canonical"
    assert C.choose_lowering((32, 16, 8, 8), (16, 16, 1, 1), 1) == "canonical"
    big = (32, 16, 224, 224)  # a depth-144 layer with a 924 MB patch matrix
    assert C.choose_lowering(big, (16, 16, 3, 3), 1) == "canonical"
    assert C.choose_lowering(big, (16, 16, 3, 3), 1, out_hw=(56, 56)) == "im2col"
    assert C.choose_lowering((32, 8, 16, 16), (8, 4, 3, 3), 2) == "canonical"
    monkeypatch.setattr(C, "_platform", lambda: "gpu")
    assert C.choose_lowering((32, 6, 14, 14), (16, 6, 5, 5), 1) == "lax"
    C.set_lowering("canonical")
    try:
        assert C.choose_lowering((32, 6, 14, 14), (16, 6, 5, 5), 1) == "canonical"
    finally:
        C.set_lowering(None)
    with pytest.raises(ValueError, match=r"For 'set_lowering', 'name' must be one of"):
        C.set_lowering("fast")


def test_carried_layout_is_for_weights_eigen_convolves(monkeypatch):
    monkeypatch.setattr(C, "_platform", lambda: "cpu")
    assert C.carried_layout((64, 64, 3, 3)) == (1, 2, 3, 0)  # depth 576: canonical
    assert C.carried_layout((128, 64, 1, 1)) == (1, 2, 3, 0)  # 1x1: canonical
    assert C.carried_layout((64, 3, 3, 3)) == (1, 2, 3, 0)  # 64 outputs > depth 27: canonical
    assert C.carried_layout((16, 6, 5, 5)) is None  # depth 150: im2col (LeNet)
    assert C.carried_layout((6, 1, 5, 5)) is None
    assert C.carried_layout((64, 128)) is None
    assert C.carried_layout((2, 3, 4, 5, 6)) is None
    C.set_lowering("im2col")
    try:
        assert C.carried_layout((64, 64, 3, 3)) is None
    finally:
        C.set_lowering(None)
    monkeypatch.setattr(C, "_platform", lambda: "gpu")
    assert C.carried_layout((64, 64, 3, 3)) is None


def test_materialized_is_the_identity_bit_for_bit():
    x = jnp.array([1.5, -0.0, 0.0, jnp.inf, -jnp.inf, jnp.nan, -3e-39], jnp.float32)
    y = np.asarray(jax.jit(C._materialized)(x))
    assert np.isnan(y[5])
    keep = ~np.isnan(np.asarray(x))
    np.testing.assert_array_equal(y[keep].view(np.uint32), np.asarray(x)[keep].view(np.uint32))
    z = jnp.array([3, -7], jnp.int32)
    np.testing.assert_array_equal(C._materialized(z), z)


def _grad_hlo(x_shape, w_shape, stride, padding) -> str:
    x, w = jnp.ones(x_shape, jnp.float32), jnp.ones(w_shape, jnp.float32)

    def loss(x, w):
        return jnp.sum(C.conv2d(x, w, stride, padding, (1, 1), 1, "canonical") ** 2)

    return jax.jit(jax.grad(loss, argnums=(0, 1))).lower(x, w).compile().as_text()


@pytest.mark.skipif(jax.default_backend() != "cpu", reason="XLA:CPU lowering")
def test_unpadded_pointwise_weight_gradient_is_one_matmul():
    """A 1x1 layer's weight gradient (ResNet's strided shortcuts) is a dot over the NHWC data as it
    lies: no third convolution, no transpose of x to [C, H, W, N] (7x slower in Eigen)."""
    hlo = _grad_hlo((4, 8, 9, 9), (16, 8, 1, 1), (2, 2), ((0, 0), (0, 0)))
    assert len(re.findall(r" convolution\(", hlo)) == 2  # forward and input gradient
    assert re.search(r"f32\[8,16\]\S* dot\(|f32\[16,8\]\S* dot\(", hlo)
    assert not re.search(r"f32\[8,5,5,4\]\S* transpose\(", hlo)
    padded = _grad_hlo((4, 8, 9, 9), (16, 8, 1, 1), (2, 2), ((1, 0), (0, 0)))
    assert len(re.findall(r" convolution\(", padded)) == 3  # reads padding: a convolution


@pytest.mark.skipif(jax.default_backend() != "cpu", reason="XLA:CPU lowering")
def test_input_gradient_flips_whichever_is_smaller():
    """The input gradient's spatial flip lands on the kernel when the activations are larger
    (ResNet's 64-channel layers) and on the activations when the kernel is (its 256->512 stride-2
    layer: a flipped and transposed kernel is read element by element, 5.7 ms a step at 512x512)."""

    def reversed_shapes(hlo):
        return set(re.findall(r"(f32\[[\d,]+\])\S* reverse\(", hlo))

    big_kernel = reversed_shapes(_grad_hlo((2, 32, 4, 4), (32, 32, 3, 3), (1, 1), ((1, 1),) * 2))
    assert big_kernel and "f32[3,3,32,32]" not in big_kernel
    small_kernel = reversed_shapes(_grad_hlo((2, 8, 16, 16), (8, 8, 3, 3), (1, 1), ((1, 1),) * 2))
    assert small_kernel == {"f32[3,3,8,8]"}


@pytest.mark.parametrize(
    "x_hw,padding",
    [
        ((7, 5), ((1, 1), (1, 1))),
        ((6, 5), ((0, 2), (2, 0))),
        ((6, 6), ((0, 0), (0, 0))),
        ((4, 4), ((1, 1), (1, 1))),
        ((3, 8), ((2, 1), (0, 1))),
    ],
)
def test_winograd_matches_lax_to_second_order(monkeypatch, x_hw, padding):
    """Stride-1 3x3 layers past WINOGRAD_MIN_CHANNELS (lowered here to reach small shapes): forward,
    both gradients and the gradient of the gradient equal the plain convolution's, for odd and
    even sizes (ragged 2x2 tiles) and asymmetric padding."""
    monkeypatch.setattr(C, "WINOGRAD_MIN_CHANNELS", 4)
    rng = np.random.default_rng(2)
    x = jnp.asarray(rng.standard_normal((2, 8, *x_hw)), jnp.float32)
    wt = jnp.asarray(rng.standard_normal((6, 8, 3, 3)), jnp.float32)

    def inner(how):
        return lambda x, w: jnp.sum(C.conv2d(x, w, (1, 1), padding, (1, 1), 1, how) ** 2)

    @functools.partial(jax.jit, static_argnums=0)  # one program each, not one per primitive
    def forward_and_second_order(how, x, w):
        second = jax.grad(lambda x, w: jnp.sum(jax.grad(inner(how))(x, w) ** 2), argnums=(0, 1))
        return (C.conv2d(x, w, (1, 1), padding, lowering=how), *second(x, w))

    for got, want in zip(
        forward_and_second_order("canonical", x, wt), forward_and_second_order("lax", x, wt)
    ):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5 * float(jnp.abs(want).max()))


@pytest.mark.skipif(jax.default_backend() != "cpu", reason="XLA:CPU lowering")
def test_winograd_takes_wide_stride1_3x3_layers_only():
    """At 256 channels (ResNet-18's third stage) the forward and the input gradient are batched
    matmuls over 16 tile positions and only the weight gradient stays a convolution; narrower,
    strided, dilated, grouped or half-precision layers keep Eigen's convolution for all three."""

    def convs(cin, stride=(1, 1), dilation=(1, 1), groups=1, dtype=jnp.float32):
        x, w = jnp.ones((2, cin, 6, 6), dtype), jnp.ones((256, cin // groups, 3, 3), dtype)

        def loss(x, w):
            y = C.conv2d(x, w, stride, ((1, 1), (1, 1)), dilation, groups, "canonical")
            return jnp.sum(y.astype(jnp.float32) ** 2)

        hlo = jax.jit(jax.grad(loss, argnums=(0, 1))).lower(x, w).compile().as_text()
        return len(re.findall(r" convolution\(", hlo)), re.findall(
            r"f32\[16,\d+,\d+\]\S* dot\(", hlo
        )

    count, batched = convs(256)
    assert count == 1 and len(batched) == 2
    narrow = [{"cin": 128}, {"cin": 256, "stride": (2, 2)}, {"cin": 256, "dilation": (2, 2)}]
    narrow += [{"cin": 256, "groups": 2}, {"cin": 256, "dtype": jnp.float16}]
    for kwargs in narrow:
        count, batched = convs(**kwargs)
        assert count >= 3 and batched == [], kwargs  # grouped: one wgrad convolution per group


def _fused_bodies(hlo: str) -> dict[str, str]:
    """Fused computation name -> its text, from an optimized HLO module's text."""
    return dict(re.findall(r"^(%\S+) \(.*?\) -> .*? \{\n(.*?)^\}", hlo, re.M | re.S))


@pytest.mark.skipif(jax.default_backend() != "cpu", reason="XLA:CPU fusion")
def test_weight_gradient_transposes_a_materialized_input():
    """The weight gradient's transposes of x and of the cotangent read arrays written once: the
    elementwise chain producing x (here a BatchNorm-like affine and ReLU, in ResNet up to three
    residual blocks of it) is not recomputed inside them (~25x slower per element)."""
    x0 = jnp.ones((4, 8, 6, 6), jnp.float32)
    w = jnp.ones((8, 8, 3, 3), jnp.float32)
    a = jnp.ones((1, 8, 1, 1), jnp.float32)

    def loss(w, a, x0):
        x = jnp.maximum(x0 * a + a, 0)
        y = C.conv2d(x, w, (1, 1), ((1, 1), (1, 1)), (1, 1), 1, "canonical")
        return jnp.sum(jnp.maximum(y * a, 0) ** 2)

    hlo = jax.jit(jax.grad(loss, argnums=(0, 1))).lower(w, a, x0).compile().as_text()
    transposing = {
        name: body
        for name, body in _fused_bodies(hlo).items()
        if re.search(r"f32\[8,6,6,4\]\S* transpose\(|f32\[6,6,4,8\]\S* transpose\(", body)
    }
    assert transposing, "no transpose to the weight gradient's [C, H, W, N] / [H, W, N, O] found"
    for name, body in transposing.items():
        ops = set(re.findall(r"= \S+ ([a-z\-]+)\(", body))
        assert ops <= {"parameter", "transpose", "copy", "bitcast"}, (name, ops)


def test_same_padding_is_mindspore_rule():
    assert C.same_padding(9, 4, 2, 1) == (1, 2)  # odd total: the extra pixel goes after
    assert C.same_padding(8, 3, 2, 1) == (0, 1)
    assert C.same_padding(5, 3, 1, 2) == (2, 2)
    assert C.same_padding(4, 1, 2, 1) == (0, 0)


# --- layers -------------------------------------------------------------------------------------
def test_conv2d_defaults_and_init():
    ms.set_seed(1)
    conv = nn.Conv2d(3, 8, 3)
    assert (conv.pad_mode, conv.padding, conv.stride, conv.dilation, conv.group) == (
        "same",
        0,
        (1, 1),
        (1, 1),
        1,
    )
    assert conv.has_bias is False and conv.bias is None
    assert conv.weight.shape == (8, 3, 3, 3) and conv.weight.name == "weight"
    bound = 1 / np.sqrt(3 * 9)  # HeUniform(sqrt(5)) == U(-1/sqrt(fan_in), 1/sqrt(fan_in))
    w = conv.weight.asnumpy()
    assert np.abs(w).max() <= bound and np.abs(w).max() > 0.8 * bound
    biased = nn.Conv2d(4, 6, 3, group=2, has_bias=True)
    assert np.abs(biased.bias.asnumpy()).max() <= 1 / np.sqrt(2 * 9)
    assert nn.Conv2d(3, 4, 3, bias_init="zeros").bias is None  # bias_init alone adds no bias


def test_conv2d_nhwc_equals_nchw():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((2, 4, 7, 6)).astype(np.float32)
    a = nn.Conv2d(4, 6, 3, stride=2, has_bias=True, pad_mode="pad", padding=(1, 0, 2, 1))
    b = nn.Conv2d(
        4, 6, 3, stride=2, has_bias=True, pad_mode="pad", padding=(1, 0, 2, 1), data_format="NHWC"
    )
    b.weight.set_data(ms.Tensor(a.weight.asnumpy().transpose(0, 2, 3, 1)))
    b.bias.set_data(a.bias)
    ya = a(ms.Tensor(x)).asnumpy()
    yb = b(ms.Tensor(x.transpose(0, 2, 3, 1))).asnumpy().transpose(0, 3, 1, 2)
    np.testing.assert_allclose(yb, ya, rtol=1e-5, atol=1e-6)


def test_conv1d_weight_layout_and_tensor_init():
    w = np.random.default_rng(0).standard_normal((5, 2, 3)).astype(np.float32)
    conv = nn.Conv1d(2, 5, 3, pad_mode="pad", padding=1, weight_init=ms.Tensor(w))
    assert conv.weight.shape == (5, 2, 1, 3) and conv.padding == (0, 0, 1, 1)
    x = np.random.default_rng(1).standard_normal((2, 2, 7)).astype(np.float32)
    y = conv(ms.Tensor(x)).asnumpy()
    xp = np.pad(x, ((0, 0), (0, 0), (1, 1)))
    ref = np.stack([np.einsum("nck,ock->no", xp[:, :, i : i + 3], w) for i in range(7)], axis=-1)
    np.testing.assert_allclose(y, ref, rtol=1e-5, atol=1e-5)


def test_conv2d_graph_mode_matches_pynative():
    conv = nn.Conv2d(3, 4, 3, stride=2, has_bias=True)
    x = ms.Tensor(np.random.default_rng(0).standard_normal((2, 3, 9, 9)).astype(np.float32))
    eager = conv(x).asnumpy()
    context.set_context(mode=context.GRAPH_MODE)
    np.testing.assert_allclose(conv(x).asnumpy(), eager, rtol=1e-6, atol=1e-6)


def test_conv2d_float16_input_computes_in_float16():
    conv = nn.Conv2d(3, 4, 3)
    out = conv(ms.Tensor(np.ones((1, 3, 5, 5), np.float16)))
    assert str(out.dtype) == "Float16" and conv.weight.dtype == ms.float32


def test_extend_repr_like_mindspore():
    conv = nn.Conv2d(
        2,
        3,
        3,
        pad_mode="pad",
        padding=(1, 1, 2, 2),
        weight_init="normal",
        bias_init="zeros",
        has_bias=True,
    )
    assert conv.extend_repr() == (
        "input_channels=2, output_channels=3, kernel_size=(3, 3), stride=(1, 1), pad_mode=pad, "
        "padding=(1, 1, 2, 2), dilation=(1, 1), group=1, has_bias=True, weight_init=normal, "
        "bias_init=zeros, format=NCHW"
    )
    assert (
        nn.Conv1d(2, 3, 3)
        .extend_repr()
        .startswith(
            "input_channels=2, output_channels=3, kernel_size=(1, 3), stride=(1, 1), pad_mode=same, "
            "padding=(0, 0, 0, 0), dilation=(1, 1), group=1, has_bias=False, weight_init=HeUniform"
        )
    )


@pytest.mark.parametrize(
    "make, exc, message",
    [
        (
            lambda: nn.Conv2d(3, 4, 3, pad_mode="SAME1"),
            ValueError,
            "For 'Conv2d', 'pad_mode' must be one of ['same', 'valid', 'pad'], but got 'SAME1'",
        ),
        (
            lambda: nn.Conv2d(3, 4, 3, pad_mode="same", padding=1),
            ValueError,
            "For 'Conv2d', 'padding' must be 0 when 'pad_mode' is 'same', but got 1",
        ),
        (
            lambda: nn.Conv2d(3, 4, 3, pad_mode="pad", padding=(1, 1)),
            ValueError,
            "For 'Conv2d', 'padding' must be a non-negative int or a tuple of 4 non-negative ints",
        ),
        (
            lambda: nn.Conv2d(3, 4, 3, pad_mode="pad", padding=-1),
            ValueError,
            "For 'Conv2d', 'padding' must be a non-negative int, but got -1",
        ),
        (
            lambda: nn.Conv2d(0, 4, 3),
            ValueError,
            "For 'Conv2d', 'in_channels' must be a positive int, but got 0",
        ),
        (
            lambda: nn.Conv2d(3, -4, 3),
            ValueError,
            "For 'Conv2d', 'out_channels' must be a positive int, but got -4",
        ),
        (
            lambda: nn.Conv2d(4, 6, 3, group=3),
            ValueError,
            "For 'Conv2d', 'in_channels' and 'out_channels' must be divisible by 'group', but got "
            "in_channels=4, out_channels=6, group=3",
        ),
        (
            lambda: nn.Conv2d(3, 4, 0),
            ValueError,
            "For 'Conv2d', 'kernel_size' must be a positive int or a tuple of 2",
        ),
        (
            lambda: nn.Conv2d(3, 4, 3, stride=(1, 1, 2, 2)),
            ValueError,
            "For 'Conv2d', 'stride' must be",
        ),
        (
            lambda: nn.Conv2d(3, 4, 3, has_bias=1),
            TypeError,
            "For 'Conv2d', 'has_bias' must be a bool, but got 1",
        ),
        (
            lambda: nn.Conv1d(3, 4, (3,)),
            TypeError,
            "For 'Conv1d', 'kernel_size' must be a positive int",
        ),
        (
            lambda: nn.Conv1d(3, 4, 3, pad_mode="valid", padding=1),
            ValueError,
            "For 'Conv1d', 'padding' must be 0 when 'pad_mode' is 'valid', but got 1",
        ),
    ],
)
def test_conv_argument_errors(make, exc, message):
    with pytest.raises(exc) as info:
        make()
    assert message in str(info.value)


@pytest.mark.parametrize("mode", [context.PYNATIVE_MODE, context.GRAPH_MODE])
def test_conv_input_errors(mode):
    context.set_context(mode=mode)
    conv = nn.Conv2d(3, 4, 3)
    with pytest.raises(ValueError) as info:
        conv(ms.Tensor(np.ones((1, 5, 5), np.float32)))
    assert str(info.value) == (
        "For 'Conv2d', the input must be a 4-D tensor (N, C, H, W) with C=3, but got shape [1, 5, 5]"
    )
    # a channel mismatch is MindSpore's RuntimeError (fixtures/ms/errors/conv2d_channel_mismatch)
    recorded = np.load(FIXTURES_MS / "errors" / "conv2d_channel_mismatch.npz")
    with pytest.raises(RuntimeError, match=r"with C=3, but got shape \[1, 2, 5, 5\]") as info:
        conv(ms.Tensor(np.ones((1, 2, 5, 5), np.float32)))
    assert type(info.value).__name__ == str(recorded["exc_type"])
    with pytest.raises(RuntimeError, match=r"For 'Conv1d'.* with C=3, but got shape \[1, 2, 9\]"):
        nn.Conv1d(3, 4, 3)(ms.Tensor(np.ones((1, 2, 9), np.float32)))
    with pytest.raises(
        ValueError, match=r"For 'Conv1d', the input must be a 3-D tensor \(N, C, L\) with C=3"
    ):
        nn.Conv1d(3, 4, 3)(ms.Tensor(np.ones((3, 9), np.float32)))
    with pytest.raises(
        ValueError, match=r"padded input size 4 must be at least the dilated kernel size 5"
    ):
        nn.Conv2d(3, 4, 5, pad_mode="valid")(ms.Tensor(np.ones((1, 3, 4, 8), np.float32)))


@pytest.mark.parametrize("lowering", ["lax", "canonical", "im2col"])
@pytest.mark.parametrize("case", [c for c in parity.CASES if c.startswith("Conv")])
def test_conv_fixtures_with_every_lowering(case, lowering):
    """Each convolution lowering of _core.conv (not only the one chosen here) matches MindSpore."""
    C.set_lowering(lowering)
    try:
        parity.test_layer_matches_mindspore(case, "pynative")
    finally:
        C.set_lowering(None)


@pytest.mark.parametrize(
    "kw",
    [{"pad_mode": "same"}, {"pad_mode": "pad", "padding": (1, 0, 2, 1)},
     {"pad_mode": "valid", "stride": 2, "has_bias": True}, {"group": 2, "dilation": 2}],
)  # fmt: skip
def test_conv2d_holds_mindspores_primitives(kw):
    # MindSpore's Conv2d has conv2d/bias_add; mindcv's StdConv2d calls self.conv2d(x, weight)
    conv = nn.Conv2d(4, 6, 3, **kw)
    x = ms.Tensor(np.random.default_rng(0).random((2, 4, 9, 9), np.float32))
    y = conv.conv2d(x, conv.weight)
    if conv.has_bias:
        y = conv.bias_add(y, conv.bias)
    np.testing.assert_array_equal(y.asnumpy(), conv(x).asnumpy())
