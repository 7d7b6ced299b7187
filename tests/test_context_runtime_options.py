"""The set_context options of MindSpore's runtime and Ascend compiler that model-zoo scripts pass
(ResNet: get_context('enable_ge'); DeepFM / Wide&Deep on GPU: graph_kernel_flags; Bert:
reserve_class_name_in_scope, enable_auto_mixed_precision). Defaults, conversions and error types
are MindSpore 2.10's on CPU; a non-default value warns once that it changes nothing here."""

import warnings

import pytest

import deepsink as ms
from deepsink import context


@pytest.fixture(autouse=True)
def _reset():
    yield
    context.reset_context()


def test_defaults_read_as_mindspore_reads_them():
    assert ms.get_context("enable_ge") is False
    assert ms.get_context("graph_kernel_flags") == ""
    assert ms.get_context("reserve_class_name_in_scope") is True
    assert ms.get_context("variable_memory_max_size") == "0"
    assert ms.get_context("op_timeout") == 900
    assert ms.get_context("memory_optimize_level") == 0
    assert ms.get_context("ascend_config") == {}


def test_set_values_are_kept_and_warned_once():
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        ms.set_context(graph_kernel_flags="--enable_cluster_ops=MatMul", memory_optimize_level="O1")
        ms.set_context(graph_kernel_flags="--enable_expand_ops=Conv2D")
    assert ms.get_context("graph_kernel_flags") == "--enable_expand_ops=Conv2D"
    assert ms.get_context("memory_optimize_level") == 1  # MindSpore stores 'O1' as 1
    texts = [str(w.message) for w in seen]
    assert sum("graph_kernel_flags" in t for t in texts) <= 1
    assert any("memory_optimize_level" in t and "no effect" in t for t in texts)


def test_deprecated_options_are_skipped_with_a_warning():
    with pytest.warns(UserWarning, match="enable_auto_mixed_precision' is deprecated"):
        ms.set_context(enable_auto_mixed_precision=True)
    with pytest.raises(ValueError, match="enable_auto_mixed_precision"):
        ms.get_context("enable_auto_mixed_precision")


@pytest.mark.parametrize(
    ("kwargs", "exc"),
    [
        ({"mempool_block_size": 2}, TypeError),
        ({"graph_kernel_flags": 1}, TypeError),
        ({"reserve_class_name_in_scope": 1}, TypeError),
        ({"memory_optimize_level": "O3"}, ValueError),
        ({"runtime_num_threads": -1}, ValueError),
        ({"op_timeout": -1}, ValueError),
    ],
)
def test_bad_values_raise_as_in_mindspore(kwargs, exc):
    with pytest.raises(exc, match=next(iter(kwargs))):
        ms.set_context(**kwargs)
