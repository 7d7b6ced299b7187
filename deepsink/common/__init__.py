"""MindSpore's ``mindspore.common``: Tensor, Parameter, dtypes and initializers."""

from deepsink.common.parameter import Parameter as Parameter
from deepsink.common.parameter import ParameterTuple as ParameterTuple
from deepsink.common.tensor import Tensor as Tensor
