"""``mindspore.mint.nn``: PyTorch-style layers (Cells with PyTorch's parameter names and
initialization) that train with ``Model``, ``value_and_grad`` and the sunk loop."""

# MindSpore's nn.LogSoftmaxExt, nn.Linear, ... are mint.nn's classes: mint builds on nn, so it binds
# them into nn (nn does not import mint)
from deepsink import nn as _nn  # noqa: E402
from deepsink.mint.nn import functional as functional
from deepsink.mint.nn.layer.activation import *  # noqa: F403

# mint.nn's Cells outside its __all__ (so not under mindspore.mint either)
from deepsink.mint.nn.layer.activation import GLU, Softshrink  # noqa: E402, F401
from deepsink.mint.nn.layer.basic import *  # noqa: F403
from deepsink.mint.nn.layer.conv import *  # noqa: F403
from deepsink.mint.nn.layer.loss import *  # noqa: F403
from deepsink.mint.nn.layer.loss import CrossEntropyLoss, NLLLoss  # noqa: E402, F401
from deepsink.mint.nn.layer.normalization import *  # noqa: F403
from deepsink.mint.nn.layer.padding import *  # noqa: F403
from deepsink.mint.nn.layer.pooling import *  # noqa: F403

# MindSpore's mint.nn.Dropout, ... are nn.DropoutExt, ...: one class under both names
from deepsink.nn.layer.ext import Dropout2dExt as Dropout2d  # noqa: E402, F401
from deepsink.nn.layer.ext import DropoutExt as Dropout  # noqa: E402, F401
from deepsink.nn.layer.ext import EmbeddingExt as Embedding  # noqa: E402, F401
from deepsink.nn.layer.ext import LayerNormExt as LayerNorm  # noqa: E402, F401
from deepsink.nn.layer.ext import MaxPool2dExt as MaxPool2d  # noqa: E402, F401

_NN_NAMES = {"LogSoftmaxExt": LogSoftmax, "PReLUExt": PReLU, "Linear": Linear,  # noqa: F405
             "L1LossExt": L1Loss, "AvgPool1dExt": AvgPool1d, "AvgPool2dExt": AvgPool2d,  # noqa: F405
             "AvgPool3dExt": AvgPool3d}  # noqa: F405  # fmt: skip
for _name, _cls in _NN_NAMES.items():
    setattr(_nn, _name, _cls)
    # and into the subpackage that lists it in 2.10 (nn.loss for L1LossExt, nn.layer for the rest)
    setattr(_nn.loss if _name == "L1LossExt" else _nn.layer, _name, _cls)
_nn.__all__ = sorted({*_nn.__all__, *_NN_NAMES})

# what ``from mint.nn import *`` (and so ``mindspore.mint``) takes: all but the Cells 2.10 keeps
# outside mint.nn's __all__
__all__ = sorted(
    n
    for n in dir()
    if not n.startswith("_") and n not in {"GLU", "Softshrink", "CrossEntropyLoss", "NLLLoss"}
)
