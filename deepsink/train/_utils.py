"""``mindspore.train._utils``: the Parameter-redundancy planners MindSpore's checkpoint tests import
from here (:mod:`deepsink.train.parameter_redundancy`)."""

from deepsink.train.parameter_redundancy import get_parameter_redundancy as get_parameter_redundancy
from deepsink.train.parameter_redundancy import remove_param_redundancy as remove_param_redundancy
