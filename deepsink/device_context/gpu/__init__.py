"""MindSpore's ``device_context.gpu``: how many GPUs JAX sees, and the float32 precision options."""

from deepsink.device_context.gpu import op_precision as op_precision
from deepsink.device_context.gpu.device import device_count as device_count
from deepsink.device_context.gpu.device import is_available as is_available

__all__ = ["device_count", "is_available", "op_precision"]
