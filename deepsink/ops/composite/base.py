"""MindSpore's ``mindspore.ops.composite.base``: the gradient transforms' home module."""

from deepsink._compile.grad import GradOperation as GradOperation
from deepsink.ops.composite import HyperMap as HyperMap
from deepsink.ops.composite import Map as Map
from deepsink.ops.composite import MultitypeFuncGraph as MultitypeFuncGraph
