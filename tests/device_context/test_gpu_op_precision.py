"""Float32 precision on GPUs: MindSpore 2.10's defaults (matmuls in float32, convolutions allowed
TF32: GPUOpPrecisionConf's ``matmul_allow_tf32_{false}`` and ``conv_allow_tf32_{true}``) and its two
switches, mapped to the JAX precision of the traced operations. Checked on any backend: the
precision is recorded in the traced program whether or not a GPU runs it."""

import warnings

import jax
import jax.extend
import jax.numpy as jnp
import pytest

import deepsink as ms
from deepsink import context, nn, ops
from deepsink._core import conv as conv_core
from deepsink.common.tensor import Tensor
from deepsink.device_context.gpu import op_precision


def _precisions(fn, *args):
    """The precision of each dot_general / conv_general_dilated in fn's jaxpr, in order."""
    found = []

    def walk(jaxpr):
        for eqn in jaxpr.eqns:
            if eqn.primitive.name in ("dot_general", "conv_general_dilated"):
                found.append((eqn.primitive.name, eqn.params["precision"]))
            for sub in jax.extend.core.jaxprs_in_params(eqn.params):
                walk(sub)

    # a fresh function: make_jaxpr caches traces per function and global config only, and these
    # precisions are deepsink's context, which deepsink's own compile cache keys on
    walk(jax.make_jaxpr(lambda *a: fn(*a))(*args).jaxpr)
    return found


def _dense(x, w):
    return ops.matmul(Tensor._from(x), Tensor._from(w))._data


def _conv(x, w):
    return ops.conv2d(Tensor._from(x), Tensor._from(w))._data


def _conv_precisions():
    """The precisions of ops.conv2d's contractions: lax's convolution (a GPU's lowering) or the
    matmuls of a tuned CPU lowering (``_core.conv``), each taking the convolution setting."""
    found = set()
    for lowering in ("lax", "auto"):
        conv_core.set_lowering(lowering)
        try:
            ops_found = _precisions(_conv, XC, WC)
        finally:
            conv_core.set_lowering("auto")
        assert ops_found, lowering
        if lowering == "lax":
            assert [name for name, _ in ops_found] == ["conv_general_dilated"]
        found |= {p for _, p in ops_found}
    return found


X, W = jnp.ones((2, 3)), jnp.ones((3, 4))
XC, WC = jnp.ones((1, 1, 6, 6)), jnp.ones((2, 1, 3, 3))
HIGHEST = (jax.lax.Precision.HIGHEST,) * 2  # float32
HIGH = (jax.lax.Precision.HIGH,) * 2  # TF32 on NVIDIA GPUs


def test_defaults_follow_mindspore_matmul_float32_conv_tf32():
    assert jax.config.jax_default_matmul_precision == "highest"
    assert context.matmul_precision() == "highest"
    assert context.conv_precision() == "tensorfloat32"
    assert _precisions(_dense, X, W) == [("dot_general", HIGHEST)]
    assert _conv_precisions() == {HIGH}


def test_matmul_allow_tf32_sets_jax_default_matmul_precision():
    op_precision.matmul_allow_tf32(True)
    assert jax.config.jax_default_matmul_precision == "tensorfloat32"
    assert _precisions(_dense, X, W) == [("dot_general", HIGH)]
    op_precision.matmul_allow_tf32(False)
    assert jax.config.jax_default_matmul_precision == "highest"
    assert _precisions(_dense, X, W) == [("dot_general", HIGHEST)]


def test_conv_allow_tf32_false_is_float32_convolutions_and_their_gradients():
    op_precision.conv_allow_tf32(False)
    assert _conv_precisions() == {HIGHEST}
    # nn.Conv2d through _core.conv: on a GPU its lowering is lax's convolution, whose gradient
    # convolutions JAX derives; the CPU lowerings' matmuls follow the same setting
    for lowering in ("lax", None):
        conv_core.set_lowering(lowering or "auto")
        try:
            net = nn.Conv2d(1, 2, 3, pad_mode="valid", has_bias=False)
            grad = jax.grad(lambda x, net=net: jnp.sum(net(Tensor._from(x))._data))
            found = _precisions(grad, XC)
        finally:
            conv_core.set_lowering("auto")
        assert len(found) >= 2 and all(p == HIGHEST for _, p in found), (lowering, found)


def test_reset_context_restores_the_defaults():
    op_precision.matmul_allow_tf32(True)
    op_precision.conv_allow_tf32(False)
    context.reset_context()
    assert jax.config.jax_default_matmul_precision == "highest"
    assert context.conv_precision() == "tensorfloat32"


def test_the_switches_are_part_of_the_compile_key():
    key = context.compile_key()
    op_precision.matmul_allow_tf32(True)
    assert context.compile_key() != key


@pytest.mark.parametrize("fn", [op_precision.matmul_allow_tf32, op_precision.conv_allow_tf32])
def test_non_bool_is_a_type_error_as_in_mindspore(fn):
    with pytest.raises(
        TypeError, match=r"The parameter 'value' must be <class 'bool'>, but got <class 'int'>"
    ):
        fn(1)


def test_set_context_gpu_config_sets_the_same_state():
    ms.set_context(gpu_config={"matmul_allow_tf32": True})
    assert jax.config.jax_default_matmul_precision == "tensorfloat32"
    ms.set_context(gpu_config={"conv_allow_tf32": False})  # matmul_allow_tf32 stays set
    assert ms.get_context("gpu_config") == {"conv_allow_tf32": False}
    assert context.matmul_precision() == "tensorfloat32"
    assert context.conv_precision() == "highest"


@pytest.mark.parametrize(
    "value, exc, match",
    [
        (3, TypeError, "gpu_config"),
        ({"tf32": True}, ValueError, "the key of argument 'gpu_config' must be one of"),
        ({"matmul_allow_tf32": 1}, ValueError, "matmul_allow_tf32 must be one of"),
        ({"conv_fprop_algo": "fastest"}, ValueError, "conv_fprop_algo must be one of"),
    ],
)
def test_bad_gpu_config_names_the_key_and_value(value, exc, match):
    with pytest.raises(exc, match=match):
        ms.set_context(gpu_config=value)
    assert context.matmul_precision() == "highest"


def test_cudnn_algorithm_choices_warn_that_xla_autotunes():
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        ms.set_context(gpu_config={"conv_fprop_algo": "performance"})
    assert any("autotuning" in str(w.message) for w in seen)


def test_device_queries_agree_with_jax():
    gpus = [d for d in jax.devices() if d.platform == "gpu"]
    assert ms.device_context.gpu.device_count() == len(gpus)
    assert ms.device_context.gpu.is_available() == bool(gpus)
