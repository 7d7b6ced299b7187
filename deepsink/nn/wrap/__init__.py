"""Training wrappers (MindSpore's ``mindspore.nn.wrap``)."""

from deepsink.nn.layer.timedistributed import TimeDistributed as TimeDistributed
from deepsink.nn.wrap.cell_wrapper import ForwardValueAndGrad as ForwardValueAndGrad
from deepsink.nn.wrap.cell_wrapper import ParameterUpdate as ParameterUpdate
from deepsink.nn.wrap.cell_wrapper import TrainOneStepCell as TrainOneStepCell
from deepsink.nn.wrap.cell_wrapper import VirtualDatasetCellTriple as VirtualDatasetCellTriple
from deepsink.nn.wrap.cell_wrapper import WithEvalCell as WithEvalCell
from deepsink.nn.wrap.cell_wrapper import WithGradCell as WithGradCell
from deepsink.nn.wrap.cell_wrapper import WithLossCell as WithLossCell
from deepsink.nn.wrap.grad_reducer import DistributedGradReducer as DistributedGradReducer
from deepsink.nn.wrap.loss_scale import DynamicLossScaleUpdateCell as DynamicLossScaleUpdateCell
from deepsink.nn.wrap.loss_scale import FixedLossScaleUpdateCell as FixedLossScaleUpdateCell
from deepsink.nn.wrap.loss_scale import (
    TrainOneStepWithLossScaleCell as TrainOneStepWithLossScaleCell,
)
from deepsink.nn.wrap.micro_batch import GradAccumulationCell as GradAccumulationCell
from deepsink.nn.wrap.micro_batch import MicroBatchInterleaved as MicroBatchInterleaved
from deepsink.nn.wrap.micro_batch import PipelineCell as PipelineCell
from deepsink.nn.wrap.micro_batch import PipelineGradReducer as PipelineGradReducer
from deepsink.nn.wrap.unsupported_cells import GetNextSingleOp as GetNextSingleOp
