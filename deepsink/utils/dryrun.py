"""``mindspore.utils.dryrun``: MindSpore's simulated run (``MS_SIMULATION_LEVEL``), which
compiles a distributed job without devices or peers to estimate its memory. deepsink has no such
mode; its functions raise ``NotImplementedError`` saying so."""

from deepsink._core.unsupported import unsupported as _unsupported

_WHY = (
    "deepsink has no simulated (device-less) execution mode: XLA compiles for the devices that "
    "exist; estimate a step's memory with jax.jit(fn).lower(...).compile().memory_analysis()"
)
set_simulation = _unsupported("mindspore.utils.dryrun", "set_simulation", _WHY, kind="function")
mock = _unsupported("mindspore.utils.dryrun", "mock", _WHY, kind="function")

__all__ = ["mock", "set_simulation"]
