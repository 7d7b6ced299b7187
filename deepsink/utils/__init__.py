"""``mindspore.utils``: DLPack exchange (``to_dlpack``/``from_dlpack``) works; the rest of
MindSpore 2.10's ``utils`` serves Ascend clusters (stress and silent-data-corruption detection,
MindIO training fault tolerance, execution-order checks of Ascend logs, simulated runs) or
MindSpore's own dispatcher and memory aliasing, and raises ``NotImplementedError`` with the
reason (listed in docs/limitations.md)."""

from deepsink._core.unsupported import unsupported as _unsupported
from deepsink.utils import dryrun as dryrun
from deepsink.utils.dlpack import from_dlpack as from_dlpack
from deepsink.utils.dlpack import to_dlpack as to_dlpack

_M = "mindspore.utils"
_SDC = (
    "silent data corruption detection is Ascend's check of its AI Core results (MindSpore's CPU "
    "and GPU builds detect nothing either); XLA's kernels have no such check"
)
_TFT = (
    "it belongs to MindIO's training fault tolerance for Ascend clusters (TTP/ARF), which "
    "deepsink's jax.distributed runs do not have; checkpoint with ModelCheckpoint and restart"
)
_ORDER = (
    "it checks the communication execution order recorded by Ascend's runtime across ranks; "
    "deepsink's collectives are one SPMD program, so every rank runs them in the same order"
)
stress_detect = _unsupported(
    _M,
    "stress_detect",
    "it runs Ascend's AI Core/HCCS stress tests (MindSpore's CPU build raises for it too)",
    kind="function",
)
sdc_detect_start = _unsupported(_M, "sdc_detect_start", _SDC, kind="function")
sdc_detect_stop = _unsupported(_M, "sdc_detect_stop", _SDC, kind="function")
get_sdc_detect_result = _unsupported(_M, "get_sdc_detect_result", _SDC, kind="function")
ExitByRequest = _unsupported(_M, "ExitByRequest", _TFT)
RSCPluginHandle = _unsupported(_M, "RSCPluginHandle", _TFT)
TFTCommValue = _unsupported(_M, "TFTCommValue", _TFT)
_tft_handler = _unsupported(_M, "_tft_handler", _TFT, kind="function")
comm_exec_order_check = _unsupported(_M, "comm_exec_order_check", _ORDER, kind="function")
runtime_execution_order_check = _unsupported(
    _M, "runtime_execution_order_check", _ORDER, kind="function"
)
_reuse_data_ptr = _unsupported(
    _M,
    "_reuse_data_ptr",
    "it makes one Tensor alias another's device memory at an offset; XLA's buffers are "
    "immutable and owned by the runtime, so a Tensor cannot be pointed into another one",
    kind="function",
)
MsDispatchMode = _unsupported(
    _M,
    "MsDispatchMode",
    "it hooks MindSpore's PyNative operator dispatcher (__ms_dispatch__); deepsink's ops call "
    "jax directly, with no per-op dispatch hook to intercept",
)

__all__ = [
    "ExitByRequest", "MsDispatchMode", "RSCPluginHandle", "TFTCommValue", "_reuse_data_ptr",
    "_tft_handler", "comm_exec_order_check", "dryrun", "from_dlpack", "get_sdc_detect_result",
    "runtime_execution_order_check", "sdc_detect_start", "sdc_detect_stop", "stress_detect",
    "to_dlpack",
]  # fmt: skip
