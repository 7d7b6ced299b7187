"""``mindspore.runtime``: ``launch_blocking`` makes dispatch synchronous; ``synchronize`` waits."""

import jax
import numpy as np

import deepsink as ms
from deepsink import runtime


def test_launch_blocking_then_ops_still_run():
    before = jax.config.values["jax_cpu_enable_async_dispatch"]
    try:
        runtime.launch_blocking()
        assert jax.config.values["jax_cpu_enable_async_dispatch"] is False
        out = ms.ops.add(ms.Tensor(np.ones(3, np.float32)), 1.0)
        runtime.synchronize()
        np.testing.assert_allclose(out.asnumpy(), 2.0)
    finally:
        jax.config.update("jax_cpu_enable_async_dispatch", before)
