"""``mindspore.rewrite``: MindSpore's network rewriting (``SymbolTree.create(net)`` parses a Cell's
``construct`` source into nodes to insert, replace or erase, then regenerates the Cell). deepsink
does not have it; every name raises ``NotImplementedError`` saying why (listed in
docs/limitations.md)."""

from deepsink._core.unsupported import unsupported as _unsupported

_WHY = (
    "deepsink has no construct-source rewriter: a deepsink Cell is plain Python run under "
    "jax tracing, so change the network by editing or subclassing the Cell (or replacing a "
    "sub-Cell attribute, e.g. net.fc = nn.Dense(...)) instead of rewriting its parsed source"
)
SymbolTree = _unsupported("mindspore.rewrite", "SymbolTree", _WHY)
Node = _unsupported("mindspore.rewrite", "Node", _WHY)
NodeType = _unsupported("mindspore.rewrite", "NodeType", _WHY)
ScopedValue = _unsupported("mindspore.rewrite", "ScopedValue", _WHY)
ValueType = _unsupported("mindspore.rewrite", "ValueType", _WHY)

__all__ = ["Node", "NodeType", "ScopedValue", "SymbolTree", "ValueType"]
