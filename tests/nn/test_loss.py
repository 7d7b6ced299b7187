"""Losses: parity with MindSpore 2.10 (outputs and gradients w.r.t. logits), errors, get_loss."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink.nn as nn
from deepsink import context
from deepsink._compile.grad import GradOperation
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor

FIXTURES = Path(__file__).parents[1] / "fixtures" / "ms"
LOSS_CASES = sorted((FIXTURES / "loss").glob("*.npz"))


def _build(path):
    d = np.load(path)
    spec = json.loads(str(d["spec"]))
    kwargs = dict(spec["kwargs"])
    for name in spec.get("tensor_kwargs", []):
        kwargs[name] = Tensor(d[f"kw:{name}"])
    loss = getattr(nn, spec["api"].split(".")[-1])(*spec["args"], **kwargs)
    return d, loss


@pytest.mark.parametrize("path", LOSS_CASES, ids=lambda p: p.stem)
def test_loss_parity(path):
    d, loss = _build(path)
    logits, labels = Tensor(d["in_0"]), Tensor(d["in_1"])
    out = loss(logits, labels)
    np.testing.assert_allclose(out.asnumpy(), d["out_0"], rtol=1e-5, atol=1e-6)
    grad = GradOperation(sens_param=True)(lambda x: loss(x, labels))(logits, Tensor(d["sens"]))
    np.testing.assert_allclose(grad.asnumpy(), d["grad_in_0"], rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("path", LOSS_CASES[::4], ids=lambda p: p.stem)
def test_loss_graph_mode_matches(path):
    d, loss = _build(path)
    context.set_context(mode=context.GRAPH_MODE)
    out = loss(Tensor(d["in_0"]), Tensor(d["in_1"]))
    np.testing.assert_allclose(np.asarray(out), d["out_0"], rtol=1e-5, atol=1e-6)


def test_fixture_cases_present():
    assert len(LOSS_CASES) >= 50


def test_zero_labels_loss_is_negative_zero_and_gradient_is_softmax():
    logits = Tensor(np.array([[1.0, 2.0, 3.0], [0.5, 0.1, -1.0]], np.float32))
    labels = Tensor(np.zeros((2, 3), np.float32))
    loss = nn.SoftmaxCrossEntropyWithLogits()
    out = loss(logits, labels).asnumpy()
    # MindSpore 2.10 prints [-0. -0.] here, as in its recorded line of the "Training" guide's program (fixtures/ms/seed)
    assert str(out) == "[-0. -0.]"
    assert str(nn.SoftmaxCrossEntropyWithLogits(reduction="mean")(logits, labels)) == "0.0"
    grad = GradOperation()(lambda x: loss(x, labels).sum())(logits).asnumpy()
    e = np.exp(logits.asnumpy())
    np.testing.assert_allclose(grad, e / e.sum(1, keepdims=True), rtol=1e-6)


def test_sparse_equals_one_hot():
    rng = np.random.default_rng(0)
    logits = Tensor(rng.normal(size=(6, 4)).astype(np.float32))
    idx = rng.integers(0, 4, size=6).astype(np.int32)
    for reduction in ("none", "mean", "sum"):
        sparse = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction=reduction)(
            logits, Tensor(idx)
        )
        dense = nn.SoftmaxCrossEntropyWithLogits(reduction=reduction)(
            logits, Tensor(np.eye(4, dtype=np.float32)[idx])
        )
        np.testing.assert_allclose(sparse.asnumpy(), dense.asnumpy(), rtol=1e-6)


def test_get_loss_weights_and_reduction():
    x = Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
    w = Tensor(np.array([[1.0], [2.0]], np.float32))
    assert float(nn.MSELoss().get_loss(x, w)) == pytest.approx(4.25)
    assert float(nn.MSELoss(reduction="sum").get_loss(x)) == pytest.approx(10.0)
    assert nn.MSELoss(reduction="none").get_loss(x).shape == (2, 2)
    assert nn.LossBase().get_axis(x) == (0, 1)


def test_float16_loss_keeps_dtype():
    x = Tensor(np.ones((2, 3), np.float16))
    assert str(nn.MSELoss()(x, x).dtype) == "Float16"


def test_mse_broadcasts_labels():
    x = Tensor(np.array([[1.0, 2.0, 3.0]], np.float32))
    y = Tensor(np.array([1.0, 0.0, 3.0], np.float32))
    assert float(nn.MSELoss()(x, y)) == pytest.approx(4.0 / 3.0)


def test_l1_gradient_zero_where_equal():
    x = Tensor(np.array([[1.0, 2.0, 3.0]], np.float32))
    y = Tensor(np.array([[1.0, 0.0, 3.0]], np.float32))
    grad = GradOperation()(lambda a: nn.L1Loss("sum")(a, y))(x)
    np.testing.assert_array_equal(grad.asnumpy(), [[0.0, 1.0, 0.0]])


def test_cross_entropy_1d_logits_and_scalar_index():
    out = nn.CrossEntropyLoss()(Tensor(np.ones(3, np.float32)), Tensor(np.array(1, np.int32)))
    assert float(out) == pytest.approx(np.log(3.0), rel=1e-6)


def test_bad_reduction_names_the_loss():
    fixture = np.load(FIXTURES / "errors" / "sce_bad_reduction.npz")
    with pytest.raises(ValueError, match=r"SoftmaxCrossEntropyWithLogits.*reduction.*avg") as info:
        nn.SoftmaxCrossEntropyWithLogits(reduction="avg")
    assert type(info.value).__name__ == str(fixture["exc_type"])
    for cls in (nn.MSELoss, nn.L1Loss, nn.CrossEntropyLoss, nn.BCEWithLogitsLoss):
        with pytest.raises(ValueError, match=f"{cls.__name__}.*'reduction'.*foo"):
            cls(reduction="foo")


def test_shape_and_dtype_errors():
    logits = Tensor(np.ones((2, 3), np.float32))
    sce = nn.SoftmaxCrossEntropyWithLogits
    with pytest.raises(
        ValueError, match=r"SoftmaxCrossEntropyWithLogits.*labels.*\[2, 3\].*\[2, 4\]"
    ):
        sce()(logits, Tensor(np.ones((2, 4), np.float32)))
    with pytest.raises(TypeError, match="SoftmaxCrossEntropyWithLogits.*labels.*int32.*float32"):
        sce(sparse=True)(logits, Tensor(np.array([1.0, 2.0], np.float32)))
    with pytest.raises(ValueError, match="SoftmaxCrossEntropyWithLogits.*labels.*shape"):
        sce(sparse=True)(logits, Tensor(np.array([1, 2, 0], np.int32)))
    with pytest.raises(TypeError, match="SoftmaxCrossEntropyWithLogits.*labels.*float"):
        sce()(logits, Tensor(np.ones((2, 3), np.int32)))
    with pytest.raises(ValueError, match="SoftmaxCrossEntropyWithLogits.*2-D.*\\[2, 3, 1\\]"):
        sce()(Tensor(np.ones((2, 3, 1), np.float32)), Tensor(np.ones((2, 3, 1), np.float32)))
    with pytest.raises(TypeError, match="MSELoss.*'labels'.*Tensor.*float"):
        nn.MSELoss()(logits, 1.0)
    with pytest.raises(ValueError, match=r"MSELoss.*broadcastable.*\[2, 3\].*\[4\]"):
        nn.MSELoss()(logits, Tensor(np.ones(4, np.float32)))
    with pytest.raises(ValueError, match=r"CrossEntropyLoss.*labels.*\[2\].*\[3\]"):
        nn.CrossEntropyLoss()(logits, Tensor(np.array([0, 1, 2], np.int32)))
    with pytest.raises(TypeError, match="CrossEntropyLoss.*labels.*int"):
        nn.CrossEntropyLoss()(logits, Tensor(np.ones(2, np.float32)))
    with pytest.raises(ValueError, match="CrossEntropyLoss.*rank"):
        nn.CrossEntropyLoss()(logits, Tensor(np.ones((2, 3, 4), np.float32)))
    with pytest.raises(ValueError, match="BCEWithLogitsLoss.*labels.*shape"):
        nn.BCEWithLogitsLoss()(logits, Tensor(np.ones((3, 2), np.float32)))


def test_constructor_errors():
    with pytest.raises(TypeError, match="SoftmaxCrossEntropyWithLogits.*sparse.*bool"):
        nn.SoftmaxCrossEntropyWithLogits(sparse=1)
    with pytest.raises(TypeError, match="CrossEntropyLoss.*label_smoothing.*float"):
        nn.CrossEntropyLoss(label_smoothing=1)
    with pytest.raises(ValueError, match="CrossEntropyLoss.*label_smoothing.*1.5"):
        nn.CrossEntropyLoss(label_smoothing=1.5)
    with pytest.raises(TypeError, match="CrossEntropyLoss.*ignore_index"):
        nn.CrossEntropyLoss(ignore_index=1.0)
    with pytest.raises(TypeError, match="CrossEntropyLoss.*weight.*Tensor"):
        nn.CrossEntropyLoss(weight=[1.0, 2.0])
    with pytest.raises(TypeError, match="BCEWithLogitsLoss.*weight.*Parameter"):
        nn.BCEWithLogitsLoss(weight=Parameter(Tensor(np.ones(3, np.float32)), name="w"))


@pytest.mark.parametrize(
    "path", [p for p in LOSS_CASES if p.stem.startswith("BCEWithLogitsLoss")], ids=lambda p: p.stem
)
def test_functional_bce_with_logits_matches_the_recorded_loss(path):
    """ops.binary_cross_entropy_with_logits computes what MindSpore's BCEWithLogitsLoss recorded
    (the same formula in MindSpore), weight and pos_weight included."""
    from deepsink import ops

    d, _ = _build(path)
    spec = json.loads(str(d["spec"]))
    kw = {k: Tensor(d[f"kw:{k}"]) for k in spec.get("tensor_kwargs", [])}
    out = ops.binary_cross_entropy_with_logits(
        Tensor(d["in_0"]),
        Tensor(d["in_1"]),
        reduction=spec["kwargs"].get("reduction", "mean"),
        **kw,
    )
    np.testing.assert_allclose(out.asnumpy(), d["out_0"], rtol=1e-5, atol=1e-6)


BCE_F16 = json.loads((FIXTURES / "bce_with_logits_f16.json").read_text())


@pytest.mark.parametrize("case", sorted(BCE_F16["cases"]))
def test_float16_bce_with_logits_rounds_once_as_mindspore(case):
    """float16 BCE with logits equals MindSpore 2.10's bit for bit, from ops and from the Cell:
    its kernel computes in float32 and rounds the result once (computing in float16 is off by
    up to 4 ulp where pos_weight scales the softplus term)."""
    from deepsink import ops

    ins = {k: Tensor(np.array(v, np.float16)) for k, v in BCE_F16["inputs"].items()}
    c = BCE_F16["cases"][case]
    kw = {k: ins[k] if k in c["keys"] else None for k in ("weight", "pos_weight")}
    got_ops = ops.binary_cross_entropy_with_logits(
        ins["logits"], ins["labels"], reduction="none", **kw
    )
    got_nn = nn.BCEWithLogitsLoss("none", **kw)(ins["logits"], ins["labels"])
    for got, want in ((got_ops, c["ops"]), (got_nn, c["nn"])):
        np.testing.assert_array_equal(got.asnumpy(), np.array(want, np.float16), strict=True)


def test_ctc_loss_keeps_the_float_dtype_of_its_input():
    """optax computes CTC in the default float width (64-bit here); the loss must come back in
    the input's dtype, as MindSpore's (float32 for float32 log-probabilities)."""
    from deepsink.common import dtype as mstype

    log_probs = nn.LogSoftmax()(Tensor(np.zeros((3, 1, 3), np.float32)))
    args = (
        Tensor(np.array([[1, 2]], np.int32)),
        Tensor(np.array([3], np.int32)),
        Tensor(np.array([2], np.int32)),
    )
    # uniform 1/3 over 3 symbols for 3 steps: 5 of the 27 paths collapse to the target [1, 2]
    # (1 1 2, 1 2 2, 0 1 2, 1 0 2, 1 2 0), so the loss is log(27 / 5); "mean" divides by the
    # target length first. MindSpore 2.10 gives 1.6863922 (sum), 0.8431961 (mean), [1.6863922]
    nll = np.log(27 / 5)
    want = {"mean": (nll / 2, ()), "sum": (nll, ()), "none": ([nll], (1,))}
    for reduction, (value, shape) in want.items():
        loss = nn.CTCLoss(reduction=reduction)(log_probs, *args)
        assert loss.dtype == mstype.float32 and loss.shape == shape, reduction
        np.testing.assert_allclose(loss.asnumpy(), value, rtol=1e-5, err_msg=reduction)
