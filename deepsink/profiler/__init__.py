"""deepsink.profiler: MindSpore's ``mindspore.profiler`` path (``Profiler``).

The implementation lives in ``deepsink/train/profiling.py`` (training trace + jax.profiler device
trace); this module is the public import path.
"""

from deepsink.train.profiling import Profiler as Profiler
