"""GPU queries (MindSpore's ``device_context.gpu.device_count`` / ``is_available``), answered by
JAX: a GPU counts when JAX's CUDA plugin sees it (``pip install ".[cuda]"``)."""

from __future__ import annotations

import jax


def device_count() -> int:
    """The number of GPUs this process can use (0 without JAX's CUDA plugin or a driver)."""
    try:
        return len(jax.local_devices(backend="gpu"))
    except RuntimeError:  # no GPU backend initialised
        return 0


def is_available() -> bool:
    """Whether a GPU is there to run on."""
    return device_count() > 0
