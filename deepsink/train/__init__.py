"""deepsink.train: Model, callbacks, metrics, DatasetHelper and data_sink (MindSpore's train)."""

from deepsink.train import callback as callback
from deepsink.train import metrics as metrics
from deepsink.train.callback import Callback as Callback
from deepsink.train.callback import CallbackManager as CallbackManager
from deepsink.train.callback import EarlyStopping as EarlyStopping
from deepsink.train.callback import History as History
from deepsink.train.callback import LambdaCallback as LambdaCallback
from deepsink.train.callback import LossMonitor as LossMonitor
from deepsink.train.callback import ProgressBar as ProgressBar
from deepsink.train.callback import ReduceLROnPlateau as ReduceLROnPlateau
from deepsink.train.callback import RunContext as RunContext
from deepsink.train.callback import TimeMonitor as TimeMonitor
from deepsink.train.data_sink import data_sink as data_sink
from deepsink.train.dataset_helper import DatasetHelper as DatasetHelper
from deepsink.train.dataset_helper import (
    connect_network_with_dataset as connect_network_with_dataset,
)
from deepsink.train.loss_scale_manager import DynamicLossScaleManager as DynamicLossScaleManager
from deepsink.train.loss_scale_manager import FixedLossScaleManager as FixedLossScaleManager
from deepsink.train.loss_scale_manager import LossScaleManager as LossScaleManager
from deepsink.train.metrics import MAE as MAE
from deepsink.train.metrics import MSE as MSE
from deepsink.train.metrics import Accuracy as Accuracy
from deepsink.train.metrics import Loss as Loss
from deepsink.train.metrics import Metric as Metric
from deepsink.train.metrics import Precision as Precision
from deepsink.train.metrics import Recall as Recall
from deepsink.train.metrics import Top1CategoricalAccuracy as Top1CategoricalAccuracy
from deepsink.train.metrics import Top5CategoricalAccuracy as Top5CategoricalAccuracy
from deepsink.train.model import Model as Model
