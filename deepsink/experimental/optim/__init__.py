"""``mindspore.experimental.optim``: PyTorch-style optimizers whose learning rates the
``lr_scheduler`` classes drive, usable with ``value_and_grad`` loops and inside ``jit`` steps."""

from deepsink.experimental.optim import lr_scheduler as lr_scheduler
from deepsink.experimental.optim.adam import Adam as Adam
from deepsink.experimental.optim.adam import AdamW as AdamW
from deepsink.experimental.optim.optimizer import Optimizer as Optimizer
from deepsink.experimental.optim.sgd import SGD as SGD
