"""``mindspore.onnx``: ``export``, MindSpore 2.10's ONNX export (deepsink converts with jax2onnx,
the optional ``onnx`` extra)."""

from deepsink.onnx.onnx_export import export as export

__all__ = ["export"]
