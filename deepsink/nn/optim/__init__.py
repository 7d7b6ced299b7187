"""Optimizers (MindSpore's ``mindspore.nn.optim``)."""

from deepsink.nn.optim.ada_grad import Adagrad as Adagrad
from deepsink.nn.optim.adadelta import Adadelta as Adadelta
from deepsink.nn.optim.adafactor import AdaFactor as AdaFactor
from deepsink.nn.optim.adam import Adam as Adam
from deepsink.nn.optim.adam import AdamOffload as AdamOffload
from deepsink.nn.optim.adam import AdamWeightDecay as AdamWeightDecay
from deepsink.nn.optim.adamax import AdaMax as AdaMax
from deepsink.nn.optim.asgd import ASGD as ASGD
from deepsink.nn.optim.ftrl import FTRL as FTRL
from deepsink.nn.optim.lamb import Lamb as Lamb
from deepsink.nn.optim.lars import LARS as LARS
from deepsink.nn.optim.lazyadam import LazyAdam as LazyAdam
from deepsink.nn.optim.momentum import Momentum as Momentum
from deepsink.nn.optim.optimizer import Optimizer as Optimizer
from deepsink.nn.optim.proximal_ada_grad import ProximalAdagrad as ProximalAdagrad
from deepsink.nn.optim.rmsprop import RMSProp as RMSProp
from deepsink.nn.optim.rprop import Rprop as Rprop
from deepsink.nn.optim.sgd import SGD as SGD
from deepsink.nn.optim.thor import thor as thor
from deepsink.nn.wrap.unsupported_cells import (
    AdaSumByDeltaWeightWrapCell as AdaSumByDeltaWeightWrapCell,
)
from deepsink.nn.wrap.unsupported_cells import AdaSumByGradWrapCell as AdaSumByGradWrapCell
from deepsink.nn.wrap.unsupported_cells import OptTFTWrapper as OptTFTWrapper
