"""The XLA options every deepsink program is compiled with (``graphs.compiler_options``)."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import deepsink as ms
from deepsink import nn
from deepsink._core import graphs

_YNN = "ynn_fusion"


def _default_uses_ynn() -> bool:
    a = jnp.ones((64, 64), jnp.float32)
    return _YNN in jax.jit(lambda a, b: a @ b).lower(a, a).compile().as_text()


@pytest.mark.skipif(jax.default_backend() != "cpu", reason="an XLA:CPU option")
def test_cpu_programs_run_without_ynnpack_fusions(tmp_path):
    """With this jaxlib, XLA:CPU would give the matmul to YNNPACK; deepsink's programs keep it
    in XLA's own kernels (faster for the sink's small matmuls and pools: see graphs.py)."""
    if not graphs.compiler_options():
        pytest.skip("a jaxlib the options were not measured on: none applied")
    if not _default_uses_ynn():
        pytest.skip("this XLA:CPU does not use YNNPACK for a matmul anyway")
    a = jnp.ones((64, 64), jnp.float32)
    assert _YNN not in graphs.jit(lambda a, b: a @ b, "mm").lower(a, a).compile().as_text()
    # the same with save_graphs on: its explicit compile merges the dump options into them
    ms.set_context(mode=ms.GRAPH_MODE, save_graphs=2, save_graphs_path=str(tmp_path))
    net = nn.Dense(64, 64)
    net(ms.Tensor(np.ones((8, 64), np.float32)))
    (hlo,) = tmp_path.glob("02_optimized_hlo_Dense_*.ir")
    assert "dot(" in hlo.read_text() and _YNN not in hlo.read_text()
    assert any((tmp_path).glob("xla_Dense_*/*after_optimizations.txt"))


@pytest.mark.skipif(jax.default_backend() != "cpu", reason="the CPU options")
def test_options_only_for_the_measured_jaxlib(monkeypatch):
    graphs._measured_jaxlib.cache_clear()
    try:
        monkeypatch.setattr(graphs.jaxlib, "__version__", "0.10.7")
        assert graphs.compiler_options() == {"xla_cpu_experimental_ynn_fusion_type": ""}
        graphs._measured_jaxlib.cache_clear()
        monkeypatch.setattr(graphs.jaxlib, "__version__", "0.11.0")
        assert graphs.compiler_options() == {}
    finally:
        graphs._measured_jaxlib.cache_clear()


def test_no_cpu_options_for_a_gpu_program(monkeypatch):
    class Gpu:
        platform = "gpu"

    monkeypatch.setattr(graphs.context, "device", lambda: Gpu())
    assert graphs.compiler_options() == {}
    assert not isinstance(graphs.jit(lambda x: x, "f"), graphs._TopLevel)
