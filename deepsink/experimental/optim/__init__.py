"""``mindspore.experimental.optim``: PyTorch-style optimizers whose learning rates the
``lr_scheduler`` classes drive, usable with ``value_and_grad`` loops and inside ``jit`` steps."""

from deepsink._core.public import missing_names as _missing_names
from deepsink.experimental.optim import lr_scheduler as lr_scheduler
from deepsink.experimental.optim.adadelta import Adadelta as Adadelta
from deepsink.experimental.optim.adagrad import Adagrad as Adagrad
from deepsink.experimental.optim.adam import Adam as Adam
from deepsink.experimental.optim.adam import AdamW as AdamW
from deepsink.experimental.optim.adamax import Adamax as Adamax
from deepsink.experimental.optim.asgd import ASGD as ASGD
from deepsink.experimental.optim.nadam import NAdam as NAdam
from deepsink.experimental.optim.nadam import RAdam as RAdam
from deepsink.experimental.optim.optimizer import Optimizer as Optimizer
from deepsink.experimental.optim.rmsprop import RMSprop as RMSprop
from deepsink.experimental.optim.rprop import Rprop as Rprop
from deepsink.experimental.optim.sgd import SGD as SGD

__getattr__ = _missing_names(__name__)
