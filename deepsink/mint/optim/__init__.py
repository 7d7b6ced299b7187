"""``mindspore.mint.optim``: PyTorch-style optimizers (Adam, AdamW, FusedAdamW, SGD) usable in
``value_and_grad`` loops and with ``Model``."""

from deepsink.mint.optim.adam import Adam as Adam
from deepsink.mint.optim.adamw import AdamW as AdamW
from deepsink.mint.optim.adamw import FusedAdamW as FusedAdamW
from deepsink.mint.optim.sgd import SGD as SGD
