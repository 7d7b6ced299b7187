"""``mindspore.nn.metrics``: the MindSpore 1.x import path of the metrics (``deepsink.train.metrics``)."""

# Note: `import X as X` marks a public re-export (PEP 484).
from deepsink.train.metrics import F1 as F1
from deepsink.train.metrics import MAE as MAE
from deepsink.train.metrics import MSE as MSE
from deepsink.train.metrics import ROC as ROC
from deepsink.train.metrics import Accuracy as Accuracy
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
from deepsink.train.metrics import get_metrics as get_metrics
from deepsink.train.metrics import names as names
from deepsink.train.metrics import rearrange_inputs as rearrange_inputs
