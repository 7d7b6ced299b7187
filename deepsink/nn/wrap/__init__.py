"""Training wrappers (MindSpore's ``mindspore.nn.wrap``)."""

from deepsink.nn.wrap.cell_wrapper import TrainOneStepCell as TrainOneStepCell
from deepsink.nn.wrap.cell_wrapper import WithEvalCell as WithEvalCell
from deepsink.nn.wrap.cell_wrapper import WithLossCell as WithLossCell
from deepsink.nn.wrap.grad_reducer import DistributedGradReducer as DistributedGradReducer
