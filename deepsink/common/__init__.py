"""``mindspore.common``: Tensor, Parameter, the dtypes, initializers and the global seed."""

from deepsink._core.public import public_names as _public_names
from deepsink._core.random import get_seed as get_seed
from deepsink._core.random import set_seed as set_seed
from deepsink.common import dtype as dtype
from deepsink.common import initializer as initializer
from deepsink.common.dtype import *  # noqa: F403 - the dtype names (float32, int32, ...)
from deepsink.common.dtype import dtype_to_nptype as dtype_to_nptype
from deepsink.common.dtype import pytype_to_dtype as pytype_to_dtype
from deepsink.common.parameter import Parameter as Parameter
from deepsink.common.parameter import ParameterTuple as ParameterTuple
from deepsink.common.sparse_tensor import COOTensor as COOTensor  # sparse tensors
from deepsink.common.sparse_tensor import CSRTensor as CSRTensor
from deepsink.common.sparse_tensor import RowTensor as RowTensor
from deepsink.common.sparse_tensor import RowTensorInner as RowTensorInner
from deepsink.common.sparse_tensor import SparseTensor as SparseTensor
from deepsink.common.tensor import Tensor as Tensor

# keep last: the public names of everything imported above
__all__ = sorted([*_public_names(globals()), "jit"])
# ``jit`` (MindSpore's ``mindspore.common.jit``) builds on Tensor and Parameter, so this package
# cannot import it without a cycle: ``deepsink.common.api``, loaded by ``deepsink``, binds it here.

# a name deepsink lacks: an AttributeError that says so and where the coverage list is
from deepsink._core.public import missing_names as _missing_names  # noqa: E402

__getattr__ = _missing_names(__name__)
