"""deepsink: MindSpore's training API and on-device sink execution on JAX/XLA.

``import deepsink as ms`` runs MindSpore programs; the public names mirror ``mindspore``'s.
"""

# First: the dtype rules switch JAX's 64-bit mode on before any array is created.
from deepsink.common import dtype_rules as _dtype_rules  # noqa: F401, I001
from deepsink import amp as amp
from deepsink import common as common
from deepsink.common import api as _common_api  # noqa: F401 - binds mindspore.common.jit
from deepsink import context as context
from deepsink import dataset as dataset
from deepsink import device_context as device_context
from deepsink import nn as nn
from deepsink import ops as ops
from deepsink import profiler as profiler
from deepsink import train as train
from deepsink import numpy as numpy  # noqa: I001 - after ops/nn, which it builds on
from deepsink import mint as mint
from deepsink._core import alias as _alias
from deepsink._core.grad import grad as grad
from deepsink._core.grad import value_and_grad as value_and_grad
from deepsink._core.jit import jit as jit
from deepsink._core.jit import jit_class as jit_class
from deepsink.common.jit_config import JitConfig as JitConfig
from deepsink.common.mutable import mutable as mutable
from deepsink._core.print_file import parse_print as parse_print
from deepsink._core.random import get_seed as get_seed
from deepsink._core.random import set_seed as set_seed
from deepsink.common import dtype as dtype
from deepsink.common.dtype import *  # noqa: F403 - the dtype names (float32, int32, ...) as in mindspore
from deepsink.common.dtype import dtype_to_nptype as dtype_to_nptype
from deepsink.common.dtype import pytype_to_dtype as pytype_to_dtype
from deepsink.common.initializer import initializer as initializer
from deepsink.common.parameter import Parameter as Parameter
from deepsink.common.parameter import ParameterTuple as ParameterTuple
from deepsink.common.tensor import Tensor as Tensor
from deepsink.context import GRAPH_MODE as GRAPH_MODE
from deepsink.context import PYNATIVE_MODE as PYNATIVE_MODE
from deepsink.context import ParallelMode as ParallelMode
from deepsink.context import get_auto_parallel_context as get_auto_parallel_context
from deepsink.context import get_context as get_context
from deepsink.context import reset_auto_parallel_context as reset_auto_parallel_context
from deepsink.context import set_auto_parallel_context as set_auto_parallel_context
from deepsink.context import set_context as set_context
from deepsink.train import Callback as Callback
from deepsink.train import DatasetHelper as DatasetHelper
from deepsink.train import EarlyStopping as EarlyStopping
from deepsink.train import History as History
from deepsink.train import LambdaCallback as LambdaCallback
from deepsink.train import LossMonitor as LossMonitor
from deepsink.train import Model as Model
from deepsink.train import ProgressBar as ProgressBar
from deepsink.train import RunContext as RunContext
from deepsink.train import TimeBreakdown as TimeBreakdown
from deepsink.train import TimeMonitor as TimeMonitor
from deepsink.train import connect_network_with_dataset as connect_network_with_dataset
from deepsink.train import data_sink as data_sink
from deepsink.train.callback import BackupAndRestore as BackupAndRestore
from deepsink.train.callback import CheckpointConfig as CheckpointConfig
from deepsink.train.callback import ModelCheckpoint as ModelCheckpoint
from deepsink.train.serialization import async_ckpt_thread_status as async_ckpt_thread_status
from deepsink.train.serialization import ckpt_to_safetensors as ckpt_to_safetensors
from deepsink.train.serialization import load_checkpoint as load_checkpoint
from deepsink.train.serialization import load_param_into_net as load_param_into_net
from deepsink.train.serialization import safetensors_to_ckpt as safetensors_to_ckpt
from deepsink.train.serialization import export as export
from deepsink.train.serialization import save_checkpoint as save_checkpoint
from deepsink.train.profiling import Profiler as Profiler

# deepsink's own version; ``mindspore.__version__`` under ``deepsink run`` is the MindSpore API
# version deepsink implements, ``__mindspore_version__`` (docs/index.md, "Versions").
__version__ = "0.1.0"
__mindspore_version__ = _alias.MINDSPORE_VERSION
from deepsink._core.grad_transforms import get_grad as get_grad
from deepsink._core.grad_transforms import jacfwd as jacfwd
from deepsink._core.grad_transforms import jacrev as jacrev
from deepsink._core.grad_transforms import jvp as jvp
from deepsink._core.grad_transforms import vjp as vjp
from deepsink._core.public import public_names as _public_names
from deepsink.common.api_top import from_numpy as from_numpy
from deepsink.common.api_top import is_tensor as is_tensor
from deepsink.common.api_top import run_check as run_check
from deepsink.common.api_top import set_device as set_device
from deepsink.common.api_top import synchronize as synchronize
from deepsink.common.api_top import tensor as tensor
from deepsink.ops import vmap as vmap
from deepsink.train.loss_scale_manager import DynamicLossScaleManager as DynamicLossScaleManager
from deepsink.train.loss_scale_manager import FixedLossScaleManager as FixedLossScaleManager
from deepsink.train.loss_scale_manager import LossScaleManager as LossScaleManager
from deepsink.train.metrics import F1 as F1
from deepsink.train.metrics import MAE as MAE
from deepsink.train.metrics import MSE as MSE
from deepsink.train.metrics import Accuracy as Accuracy
from deepsink.train.metrics import ConfusionMatrix as ConfusionMatrix
from deepsink.train.metrics import CosineSimilarity as CosineSimilarity
from deepsink.train.metrics import Dice as Dice
from deepsink.train.metrics import Fbeta as Fbeta
from deepsink.train.metrics import Loss as Loss
from deepsink.train.metrics import Metric as Metric
from deepsink.train.metrics import Perplexity as Perplexity
from deepsink.train.metrics import Precision as Precision
from deepsink.train.metrics import Recall as Recall
from deepsink.train.metrics import Top1CategoricalAccuracy as Top1CategoricalAccuracy
from deepsink.train.metrics import Top5CategoricalAccuracy as Top5CategoricalAccuracy
from deepsink.train.metrics import TopKCategoricalAccuracy as TopKCategoricalAccuracy
from deepsink.train.metrics import auc as auc
from deepsink.train.metrics import get_metric_fn as get_metric_fn
from deepsink.train.metrics import names as names
from deepsink.train.metrics import rearrange_inputs as rearrange_inputs

# keep last: the public names of everything imported above
__all__ = _public_names(globals())

# a name deepsink lacks: an AttributeError that says so and where the coverage list is
from deepsink._core.public import missing_names as _missing_names  # noqa: E402

__getattr__ = _missing_names(__name__)
