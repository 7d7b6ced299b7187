"""MindSpore's ``device_context``: per-backend device queries and options (the GPU's here)."""

from deepsink.device_context import gpu as gpu

__all__ = ["gpu"]
