"""``mindspore.numpy``: NumPy's interface over deepsink Tensors.

Every function takes Tensors, Python data or numpy arrays, returns Tensors and computes with
jax.numpy (so it works eagerly, under ``jit``/GRAPH_MODE, ``grad`` and in the sunk loop).
Python ints become Int32 and floats Float32, as in MindSpore's numpy. Where ``mindspore.ops``
computes the same thing the function calls it (see each module's table).
"""

from deepsink.numpy.array_creations import *  # noqa: F403
from deepsink.numpy.array_ops import *  # noqa: F403
from deepsink.numpy.dtypes import *  # noqa: F403
from deepsink.numpy.logic_ops import *  # noqa: F403
from deepsink.numpy.math_ops import *  # noqa: F403
from deepsink.numpy.math_ops import divmod_ as divmod  # noqa: A004

_ = divmod

from deepsink.numpy import tensor_methods as _tensor_methods  # noqa: E402

_tensor_methods.bind()
