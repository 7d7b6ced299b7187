"""``mindspore.rewrite``: MindSpore's network rewriting (``SymbolTree.create(net)`` parses a Cell's
``construct`` source into nodes to insert, replace or erase, then regenerates the Cell). deepsink
does not have it: the names are the top-level refusals (``deepsink.SymbolTree``...), which raise
``NotImplementedError`` saying why (listed in docs/limitations.md). Change a deepsink network by
editing or subclassing the Cell, or by replacing a sub-Cell attribute (``net.fc = nn.Dense(...)``).
"""

from deepsink.common.refused import Node as Node
from deepsink.common.refused import NodeType as NodeType
from deepsink.common.refused import ScopedValue as ScopedValue
from deepsink.common.refused import SymbolTree as SymbolTree
from deepsink.common.refused import ValueType as ValueType

__all__ = ["Node", "NodeType", "ScopedValue", "SymbolTree", "ValueType"]
