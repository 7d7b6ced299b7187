"""``mindspore.train.amp``: where MindSpore's ``build_train_network`` and the mixed-precision
helpers live; the implementations are deepsink.amp's (one implementation, two import paths).
"""

from __future__ import annotations

from deepsink.amp import DynamicLossScaleManager as DynamicLossScaleManager
from deepsink.amp import LossScaleManager as LossScaleManager
from deepsink.amp import auto_mixed_precision as auto_mixed_precision
from deepsink.amp import build_train_network as build_train_network
from deepsink.amp import get_black_list as get_black_list
from deepsink.amp import get_white_list as get_white_list
