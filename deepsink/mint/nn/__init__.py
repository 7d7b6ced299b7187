"""``mindspore.mint.nn``: PyTorch-style layers (Cells with PyTorch's parameter names and
initialization) that train with ``Model``, ``value_and_grad`` and the sunk loop."""

from deepsink.mint.nn import functional as functional
from deepsink.mint.nn.layer.activation import *  # noqa: F403
from deepsink.mint.nn.layer.basic import *  # noqa: F403
from deepsink.mint.nn.layer.conv import *  # noqa: F403
from deepsink.mint.nn.layer.loss import *  # noqa: F403
from deepsink.mint.nn.layer.normalization import *  # noqa: F403
from deepsink.mint.nn.layer.padding import *  # noqa: F403
from deepsink.mint.nn.layer.pooling import *  # noqa: F403
