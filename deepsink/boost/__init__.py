"""deepsink.boost: MindSpore's ``mindspore.boost``: gradient accumulation, gradient freezing,
LessBN, the boost training cells and ``AutoBoost`` (what MindSpore's libraries, such as mindcv's
train step, build on). The distributed algorithms (AdaSum, DimReduce) and per-layer loss scales
are refused with their reason (``deepsink/boost/distributed.py``)."""

from deepsink._core.public import public_names as _public_names
from deepsink.boost.base import OptimizerProcess as OptimizerProcess
from deepsink.boost.base import ParameterProcess as ParameterProcess
from deepsink.boost.boost import AutoBoost as AutoBoost
from deepsink.boost.boost_cell_wrapper import BoostTrainOneStepCell as BoostTrainOneStepCell
from deepsink.boost.boost_cell_wrapper import (
    BoostTrainOneStepWithLossScaleCell as BoostTrainOneStepWithLossScaleCell,
)
from deepsink.boost.distributed import AdaSum as AdaSum
from deepsink.boost.distributed import DimReduce as DimReduce
from deepsink.boost.distributed import GroupLossScaleManager as GroupLossScaleManager
from deepsink.boost.grad_accumulation import GradientAccumulation as GradientAccumulation
from deepsink.boost.grad_freeze import FreezeOpt as FreezeOpt
from deepsink.boost.grad_freeze import GradientFreeze as GradientFreeze
from deepsink.boost.grad_freeze import freeze_cell as freeze_cell
from deepsink.boost.less_batch_normalization import LessBN as LessBN

__all__ = _public_names(globals())

from deepsink._core.public import missing_names as _missing_names  # noqa: E402

__getattr__ = _missing_names(__name__)
