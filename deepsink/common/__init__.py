"""``mindspore.common``: Tensor, Parameter, the dtypes, initializers and the global seed."""

from deepsink._core.public import public_names as _public_names
from deepsink._core.random import get_seed as get_seed
from deepsink._core.random import set_seed as set_seed
from deepsink.common import dtype as dtype
from deepsink.common import initializer as initializer

# MindSpore's ``mindspore.common.seed`` module, loaded now: loaded later, the import would rebind
# ``common.seed`` (the function ``deepsink.common.generator`` binds here) to the module
from deepsink.common import seed as _seed_module  # noqa: F401
from deepsink.common import tensor_memory as _tensor_memory  # noqa: F401 - its Tensor methods

# mindspore.common's graph, random-state and tensor helpers (the same objects as the top level's)
from deepsink.common.api_top import from_numpy as from_numpy
from deepsink.common.api_top import is_tensor as is_tensor
from deepsink.common.device import DeviceCtx as DeviceCtx
from deepsink.common.dtype import *  # noqa: F403 - the dtype names (float32, int32, ...)
from deepsink.common.dtype import dtype_to_nptype as dtype_to_nptype
from deepsink.common.dtype import pytype_to_dtype as pytype_to_dtype
from deepsink.common.graph_api import Symbol as Symbol
from deepsink.common.graph_api import enable_dynamic as enable_dynamic
from deepsink.common.graph_api import flops_collection as flops_collection
from deepsink.common.graph_api import lazy_inline as lazy_inline
from deepsink.common.graph_api import ms_memory_recycle as ms_memory_recycle
from deepsink.common.graph_api import no_inline as no_inline
from deepsink.common.graph_api import register_saved_tensors_hooks as register_saved_tensors_hooks
from deepsink.common.graph_api import saved_tensors_hooks as saved_tensors_hooks
from deepsink.common.graph_api import set_recursion_limit as set_recursion_limit
from deepsink.common.jit_config import JitConfig as JitConfig

# ``mindspore.common.mutable`` is the function (its module's attribute is rebound, as in 2.10)
from deepsink.common.mutable import mutable as mutable
from deepsink.common.parameter import Parameter as Parameter
from deepsink.common.parameter import ParameterTuple as ParameterTuple
from deepsink.common.refused import UntypedStorage as UntypedStorage
from deepsink.common.refused import set_dump as set_dump
from deepsink.common.sparse_tensor import COOTensor as COOTensor  # sparse tensors
from deepsink.common.sparse_tensor import CSRTensor as CSRTensor
from deepsink.common.sparse_tensor import RowTensor as RowTensor
from deepsink.common.sparse_tensor import RowTensorInner as RowTensorInner
from deepsink.common.sparse_tensor import SparseTensor as SparseTensor
from deepsink.common.tensor import Tensor as Tensor
from deepsink.common.tensor_utils import swap_tensors as swap_tensors

# keep last: the public names of everything imported above
# names bound here by the modules that define them when ``deepsink`` loads (see below)
_BOUND_LATER = ["jit", "jit_class", "load_mindir", "mindio_preload", "save_mindir",
                "set_mindio_server_info", "Generator", "default_generator", "get_rng_state",
                "initial_seed", "manual_seed", "seed", "set_rng_state"]  # fmt: skip
__all__ = sorted([*_public_names(globals()), *_BOUND_LATER])
# ``jit`` and ``jit_class`` (MindSpore's ``mindspore.common.jit``) build on Tensor and Parameter, so
# this package cannot import them without a cycle: ``deepsink.common.api``, loaded by ``deepsink``,
# binds them here. The MindIR/MindIO functions belong to ``deepsink.train`` (layer 3), which binds
# them here. ``deepsink.common.generator`` builds on the functional-state machinery that ``jit``
# uses, so it binds its names here too.

# a name deepsink lacks: an AttributeError that says so and where the coverage list is
from deepsink._core.public import missing_names as _missing_names  # noqa: E402

__getattr__ = _missing_names(__name__)
