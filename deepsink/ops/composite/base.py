"""MindSpore's ``mindspore.ops.composite.base``: the gradient transforms' home module."""

from deepsink._compile.grad import GradOperation as GradOperation

# MindSpore 2.10 keeps other public objects here too: aliases, looked up on use
from deepsink.ops._path_aliases import path_aliases as _path_aliases  # noqa: E402
from deepsink.ops.composite import HyperMap as HyperMap
from deepsink.ops.composite import Map as Map
from deepsink.ops.composite import MultitypeFuncGraph as MultitypeFuncGraph

__getattr__ = _path_aliases(__name__)
