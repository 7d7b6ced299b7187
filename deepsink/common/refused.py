"""Top-level MindSpore names tied to MindSpore's own compiler, IR or Ascend tooling, refused
with the reason: custom passes, backends and operator-registration hooks, the THOR network converter, ``set_dump``,
``UntypedStorage`` and ``ValueType``."""

from __future__ import annotations

from deepsink._core.unsupported import unsupported

_PASS = (
    "it extends MindSpore's own graph compiler (passes, backends, operator inference "
    "and wrappers); deepsink's programs are compiled by XLA"
)
register_custom_pass = unsupported("mindspore", "register_custom_pass", _PASS, kind="function")
register_custom_backend = unsupported(
    "mindspore", "register_custom_backend", _PASS, kind="function"
)
CustomPassType = unsupported("mindspore", "CustomPassType", _PASS)
register_op_infer = unsupported("mindspore", "register_op_infer", _PASS, kind="function")
register_op_wrapper = unsupported("mindspore", "register_op_wrapper", _PASS, kind="function")
clear_op_infer = unsupported("mindspore", "clear_op_infer", _PASS, kind="function")
clear_op_wrapper = unsupported("mindspore", "clear_op_wrapper", _PASS, kind="function")
_THOR = "it converts networks to the THOR second-order optimizer's Ascend layers"
ConvertNetUtils = unsupported("mindspore", "ConvertNetUtils", _THOR)
set_dump = unsupported(
    "mindspore",
    "set_dump",
    "it marks Cells for MindSpore's Ascend/GPU data dump (its dump config); deepsink saves its "
    "programs with set_context(save_graphs=True)",
    kind="function",
)
UntypedStorage = unsupported(
    "mindspore",
    "UntypedStorage",
    "it exposes a Tensor's raw, mutable device memory; XLA buffers are immutable and not "
    "addressable from Python",
)
ValueType = unsupported(
    "mindspore",
    "ValueType",
    "it names the value kinds of MindSpore's graph IR, which deepsink does not have",
)
