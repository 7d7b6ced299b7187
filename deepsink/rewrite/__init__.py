"""``mindspore.rewrite``: MindSpore's network rewriting. ``SymbolTree.create(net)`` parses a
user-written Cell's ``construct`` into nodes (:class:`Node`, of a :class:`NodeType`, reading and
writing :class:`ScopedValue` values) to insert, replace or erase; ``get_code()`` gives the
rewritten source as MindSpore writes it and ``get_network()`` a new Cell running it. Statements
rewrite does not open into nodes (``if``, ``for``, ``while``...) are ``Python`` nodes kept as
written; MindSpore's ``PatternEngine`` and ``sparsify`` are not provided.
"""

from deepsink.rewrite import common as common
from deepsink.rewrite.node import Node as Node
from deepsink.rewrite.node_type import NodeType as NodeType
from deepsink.rewrite.symbol_tree import SymbolTree as SymbolTree
from deepsink.rewrite.values import ScopedValue as ScopedValue
from deepsink.rewrite.values import ValueType as ValueType

__all__ = ["SymbolTree", "Node", "NodeType", "ScopedValue", "ValueType"]
