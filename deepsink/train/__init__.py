"""deepsink.train: Model, callbacks, metrics, checkpoints, DatasetHelper and data_sink (MindSpore's
train)."""

from deepsink._compile.print_file import parse_print as parse_print
from deepsink._core.public import public_names as _public_names
from deepsink.amp import build_train_network as build_train_network

# checkpoint tools, mixed precision and the refused MindIR/strategy/THOR names
from deepsink.common.refused import ConvertNetUtils as ConvertNetUtils
from deepsink.train import callback as callback
from deepsink.train import metrics as metrics
from deepsink.train import serialization as serialization
from deepsink.train.callback import BackupAndRestore as BackupAndRestore
from deepsink.train.callback import Callback as Callback
from deepsink.train.callback import CallbackManager as CallbackManager
from deepsink.train.callback import CheckpointConfig as CheckpointConfig
from deepsink.train.callback import EarlyStopping as EarlyStopping
from deepsink.train.callback import FlopsUtilizationCollector as FlopsUtilizationCollector
from deepsink.train.callback import History as History
from deepsink.train.callback import LambdaCallback as LambdaCallback
from deepsink.train.callback import LearningRateScheduler as LearningRateScheduler
from deepsink.train.callback import LossMonitor as LossMonitor
from deepsink.train.callback import ModelCheckpoint as ModelCheckpoint
from deepsink.train.callback import OnRequestExit as OnRequestExit
from deepsink.train.callback import ProgressBar as ProgressBar
from deepsink.train.callback import ReduceLROnPlateau as ReduceLROnPlateau
from deepsink.train.callback import RunContext as RunContext
from deepsink.train.callback import SummaryCollector as SummaryCollector
from deepsink.train.callback import SummaryLandscape as SummaryLandscape
from deepsink.train.callback import TimeBreakdown as TimeBreakdown
from deepsink.train.callback import TimeMonitor as TimeMonitor
from deepsink.train.callback import TrainFaultTolerance as TrainFaultTolerance
from deepsink.train.data_sink import data_sink as data_sink
from deepsink.train.dataset_helper import DatasetHelper as DatasetHelper
from deepsink.train.dataset_helper import (
    connect_network_with_dataset as connect_network_with_dataset,
)
from deepsink.train.distributed_checkpoints import (
    build_searched_strategy as build_searched_strategy,
)
from deepsink.train.distributed_checkpoints import export_split_mindir as export_split_mindir
from deepsink.train.distributed_checkpoints import (
    get_ckpt_path_with_strategy as get_ckpt_path_with_strategy,
)
from deepsink.train.distributed_checkpoints import load as load
from deepsink.train.distributed_checkpoints import load_checkpoint_async as load_checkpoint_async
from deepsink.train.distributed_checkpoints import (
    load_distributed_checkpoint as load_distributed_checkpoint,
)
from deepsink.train.distributed_checkpoints import merge_sliced_parameter as merge_sliced_parameter
from deepsink.train.distributed_checkpoints import (
    restore_group_info_list as restore_group_info_list,
)
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
from deepsink.train.model import Model as Model
from deepsink.train.profiling import Profiler as Profiler
from deepsink.train.serialization import async_ckpt_thread_status as async_ckpt_thread_status
from deepsink.train.serialization import ckpt_to_safetensors as ckpt_to_safetensors
from deepsink.train.serialization import export as export
from deepsink.train.serialization import load_checkpoint as load_checkpoint
from deepsink.train.serialization import load_param_into_net as load_param_into_net
from deepsink.train.serialization import safetensors_to_ckpt as safetensors_to_ckpt
from deepsink.train.serialization import save_checkpoint as save_checkpoint
from deepsink.train.summary import SummaryRecord as SummaryRecord
from deepsink.train.train_thor import ConvertModelUtils as ConvertModelUtils

# keep last: the public names of everything imported above
__all__ = _public_names(globals())

# a name deepsink lacks: an AttributeError that says so and where the coverage list is
from deepsink._core.public import missing_names as _missing_names  # noqa: E402

__getattr__ = _missing_names(__name__)
