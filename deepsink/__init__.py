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
from deepsink import boost as boost
from deepsink import train as train
from deepsink import numpy as numpy  # noqa: I001 - after ops/nn, which it builds on
from deepsink import experimental as experimental
from deepsink import onnx as onnx
from deepsink import mint as mint
from deepsink._core import alias as _alias
from deepsink._core import interrupts as _interrupts
from deepsink._compile.grad import grad as grad
from deepsink._compile.grad import value_and_grad as value_and_grad
from deepsink._compile.jit import jit as jit
from deepsink._compile.jit import jit_class as jit_class
from deepsink.common.jit_config import JitConfig as JitConfig
from deepsink.common.mutable import mutable as mutable
from deepsink._compile.print_file import parse_print as parse_print
from deepsink._core.random import get_seed as get_seed
from deepsink._core.random import set_seed as set_seed
from deepsink.common import dtype as dtype
from deepsink.common.generator import Generator as Generator
from deepsink.common.generator import default_generator as default_generator
from deepsink.common.generator import seed as seed
from deepsink.common.generator import manual_seed as manual_seed
from deepsink.common.generator import initial_seed as initial_seed
from deepsink.common.generator import get_rng_state as get_rng_state
from deepsink.common.generator import set_rng_state as set_rng_state
from deepsink.common.dtype import *  # noqa: F403 - the dtype names (float32, int32, ...) as in mindspore
from deepsink.common.dtype import dtype_to_nptype as dtype_to_nptype
from deepsink.common.dtype import pytype_to_dtype as pytype_to_dtype
from deepsink.common.initializer import initializer as initializer
from deepsink.common.parameter import Parameter as Parameter
from deepsink.common.parameter import ParameterTuple as ParameterTuple
from deepsink.common.tensor import Tensor as Tensor
from deepsink.common.sparse_tensor import COOTensor as COOTensor  # sparse tensors
from deepsink.common.sparse_tensor import CSRTensor as CSRTensor
from deepsink.common.sparse_tensor import RowTensor as RowTensor
from deepsink.common.sparse_tensor import SparseTensor as SparseTensor
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
from deepsink.train.callback import LearningRateScheduler as LearningRateScheduler
from deepsink.train.callback import OnRequestExit as OnRequestExit
from deepsink.train.callback import ReduceLROnPlateau as ReduceLROnPlateau
from deepsink.train.callback import ModelCheckpoint as ModelCheckpoint
from deepsink.train.serialization import async_ckpt_thread_status as async_ckpt_thread_status
from deepsink.train.serialization import ckpt_to_safetensors as ckpt_to_safetensors
from deepsink.train.serialization import load_checkpoint as load_checkpoint
from deepsink.train.serialization import load_param_into_net as load_param_into_net
from deepsink.train.serialization import safetensors_to_ckpt as safetensors_to_ckpt
from deepsink.train.serialization import export as export
from deepsink.train.serialization import save_checkpoint as save_checkpoint
from deepsink.train.profiling import Profiler as Profiler
from deepsink.train.summary import SummaryRecord as SummaryRecord
from deepsink.train.callback import SummaryCollector as SummaryCollector
from deepsink.train.callback import SummaryLandscape as SummaryLandscape
from deepsink.train.callback import TrainFaultTolerance as TrainFaultTolerance
from deepsink.train.callback import FlopsUtilizationCollector as FlopsUtilizationCollector

# graph controls, recompute, tensor helpers, devices, parallel settings, checkpoint tools and
# the names refused with their reason (MindSpore 2.10's top level)
from deepsink.common.graph_api import COMPATIBLE as COMPATIBLE
from deepsink.common.graph_api import LAX as LAX
from deepsink.common.graph_api import STRICT as STRICT
from deepsink.common.graph_api import Symbol as Symbol
from deepsink.common.graph_api import enable_dynamic as enable_dynamic
from deepsink.common.graph_api import flops_collection as flops_collection
from deepsink.common.graph_api import lazy_inline as lazy_inline
from deepsink.common.graph_api import ms_memory_recycle as ms_memory_recycle
from deepsink.common.graph_api import no_inline as no_inline
from deepsink.common.graph_api import register_saved_tensors_hooks as register_saved_tensors_hooks
from deepsink.common.graph_api import saved_tensors_hooks as saved_tensors_hooks
from deepsink.common.graph_api import set_recursion_limit as set_recursion_limit
from deepsink.common.recompute import recompute as recompute
from deepsink.common.tensor_utils import frombuffer as frombuffer
from deepsink.common.tensor_utils import swap_tensors as swap_tensors
from deepsink.common.device import DeviceCtx as DeviceCtx
from deepsink.common.parallel_config import Layout as Layout
from deepsink.common.parallel_config import get_algo_parameters as get_algo_parameters
from deepsink.common.parallel_config import get_ps_context as get_ps_context
from deepsink.common.parallel_config import parameter_broadcast as parameter_broadcast
from deepsink.common.parallel_config import reset_algo_parameters as reset_algo_parameters
from deepsink.common.parallel_config import set_algo_parameters as set_algo_parameters
from deepsink.common.parallel_config import set_op_strategy_config as set_op_strategy_config
from deepsink.common.parallel_config import set_ps_context as set_ps_context
from deepsink.common.parallel_config import shard as shard
from deepsink.train.train_thor import ConvertModelUtils as ConvertModelUtils
from deepsink.common.refused import ConvertNetUtils as ConvertNetUtils
from deepsink.common.refused import CustomPassType as CustomPassType
from deepsink.rewrite import Node as Node
from deepsink.rewrite import NodeType as NodeType
from deepsink.rewrite import ScopedValue as ScopedValue
from deepsink.rewrite import SymbolTree as SymbolTree
from deepsink.common.refused import UntypedStorage as UntypedStorage
from deepsink.common.refused import ValueType as ValueType
from deepsink.common.refused import clear_op_infer as clear_op_infer
from deepsink.common.refused import clear_op_wrapper as clear_op_wrapper
from deepsink.common.refused import register_custom_backend as register_custom_backend
from deepsink.common.refused import register_custom_pass as register_custom_pass
from deepsink.common.refused import register_op_infer as register_op_infer
from deepsink.common.refused import register_op_wrapper as register_op_wrapper
from deepsink.common.refused import set_dump as set_dump
from deepsink.train.distributed_checkpoints import (
    build_searched_strategy as build_searched_strategy,
)
from deepsink.train.distributed_checkpoints import (
    convert_checkpoint_by_rank as convert_checkpoint_by_rank,
)
from deepsink.train.distributed_checkpoints import convert_checkpoints as convert_checkpoints
from deepsink.train.distributed_checkpoints import export_split_mindir as export_split_mindir
from deepsink.train.distributed_checkpoints import (
    get_ckpt_path_with_strategy as get_ckpt_path_with_strategy,
)
from deepsink.train.distributed_checkpoints import load as load
from deepsink.train.distributed_checkpoints import load_checkpoint_async as load_checkpoint_async
from deepsink.train.distributed_checkpoints import (
    load_distributed_checkpoint as load_distributed_checkpoint,
)
from deepsink.train.distributed_checkpoints import load_mindir as load_mindir
from deepsink.train.distributed_checkpoints import (
    load_obf_params_into_net as load_obf_params_into_net,
)
from deepsink.train.distributed_checkpoints import (
    load_segmented_checkpoints as load_segmented_checkpoints,
)
from deepsink.train.distributed_checkpoints import (
    merge_pipeline_strategys as merge_pipeline_strategys,
)
from deepsink.train.distributed_checkpoints import merge_sliced_parameter as merge_sliced_parameter
from deepsink.train.distributed_checkpoints import mindio_preload as mindio_preload
from deepsink.train.distributed_checkpoints import obfuscate_ckpt as obfuscate_ckpt
from deepsink.train.distributed_checkpoints import rank_list_for_convert as rank_list_for_convert
from deepsink.train.distributed_checkpoints import (
    rank_list_for_transform as rank_list_for_transform,
)
from deepsink.train.distributed_checkpoints import (
    restore_group_info_list as restore_group_info_list,
)
from deepsink.train.distributed_checkpoints import save_mindir as save_mindir
from deepsink.train.distributed_checkpoints import set_mindio_server_info as set_mindio_server_info
from deepsink.train.distributed_checkpoints import (
    sync_pipeline_shared_parameters as sync_pipeline_shared_parameters,
)
from deepsink.train.distributed_checkpoints import (
    transform_checkpoint_by_rank as transform_checkpoint_by_rank,
)
from deepsink.train.distributed_checkpoints import transform_checkpoints as transform_checkpoints
from deepsink.train.distributed_checkpoints import unified_safetensors as unified_safetensors
from deepsink.log import get_level as get_level
from deepsink.log import get_log_config as get_log_config
from deepsink.amp import build_train_network as build_train_network

# runtime: memory statistics, streams and events, executor settings; the device manager
from deepsink import hal as hal
from deepsink import runtime as runtime
from deepsink import utils as utils
from deepsink import rewrite as rewrite
from deepsink.device_manager import get_current_device as get_current_device
from deepsink.device_manager import set_deterministic as set_deterministic
from deepsink.runtime import *  # noqa: F403 - MindSpore's top level re-exports mindspore.runtime

# deepsink's own version; ``mindspore.__version__`` under ``deepsink run`` is the MindSpore API
# version deepsink implements, ``__mindspore_version__`` (docs/index.md, "Versions").
__version__ = "0.1.0"
__mindspore_version__ = _alias.MINDSPORE_VERSION
from deepsink._compile.grad_transforms import get_grad as get_grad
from deepsink._compile.grad_transforms import jacfwd as jacfwd
from deepsink._compile.grad_transforms import jacrev as jacrev
from deepsink._compile.grad_transforms import jvp as jvp
from deepsink._compile.grad_transforms import vjp as vjp
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
from deepsink.train.metrics import ROC as ROC
from deepsink.train.metrics import Accuracy as Accuracy

# metrics: the curve, text and segmentation ones
from deepsink.train.metrics import BleuScore as BleuScore
from deepsink.train.metrics import ConfusionMatrix as ConfusionMatrix
from deepsink.train.metrics import ConfusionMatrixMetric as ConfusionMatrixMetric
from deepsink.train.metrics import CosineSimilarity as CosineSimilarity
from deepsink.train.metrics import Dice as Dice
from deepsink.train.metrics import Fbeta as Fbeta
from deepsink.train.metrics import HausdorffDistance as HausdorffDistance
from deepsink.train.metrics import Loss as Loss
from deepsink.train.metrics import MeanSurfaceDistance as MeanSurfaceDistance
from deepsink.train.metrics import Metric as Metric
from deepsink.train.metrics import OcclusionSensitivity as OcclusionSensitivity
from deepsink.train.metrics import Perplexity as Perplexity
from deepsink.train.metrics import Precision as Precision
from deepsink.train.metrics import Recall as Recall
from deepsink.train.metrics import RootMeanSquareDistance as RootMeanSquareDistance
from deepsink.train.metrics import Top1CategoricalAccuracy as Top1CategoricalAccuracy
from deepsink.train.metrics import Top5CategoricalAccuracy as Top5CategoricalAccuracy
from deepsink.train.metrics import TopKCategoricalAccuracy as TopKCategoricalAccuracy
from deepsink.train.metrics import auc as auc
from deepsink.train.metrics import get_metric_fn as get_metric_fn
from deepsink.train.metrics import names as names
from deepsink.train.metrics import rearrange_inputs as rearrange_inputs

# Ctrl-C during an XLA compile or computation ends the process (docs/diagnostics.md)
_interrupts.install()

# keep last: the public names of everything imported above
__all__ = _public_names(globals())

# a name deepsink lacks: an AttributeError that says so and where the coverage list is
from deepsink._core.public import missing_names as _missing_names  # noqa: E402

__getattr__ = _missing_names(__name__)
