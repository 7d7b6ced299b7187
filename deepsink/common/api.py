"""MindSpore's ``mindspore.common.api``: where MindSpore programs import ``jit`` from.

MindSpore's private executors in this module (``_cell_graph_executor``, ``_pynative_executor``)
are internals of its C++ runtime and are deliberately not imitated.
"""

from deepsink._core.jit import jit as jit
