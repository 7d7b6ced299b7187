"""MindSpore's ``mindspore.train.loss_scale_manager``: the loss-scale managers.

They are defined beside the loss-scale cells they build (``deepsink.nn.wrap``), below both
``deepsink.amp`` and ``deepsink.train``, which import them from there.
"""

# Note: `import X as X` marks a public re-export (PEP 484).
from deepsink.nn.wrap._loss_scale_manager import DynamicLossScaleManager as DynamicLossScaleManager
from deepsink.nn.wrap._loss_scale_manager import FixedLossScaleManager as FixedLossScaleManager
from deepsink.nn.wrap._loss_scale_manager import LossScaleManager as LossScaleManager
