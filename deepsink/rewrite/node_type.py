"""``mindspore.rewrite.NodeType``: the kinds of rewrite nodes."""

from enum import Enum


class NodeType(Enum):
    """The kind of a rewrite :class:`~deepsink.rewrite.Node`: a call of a Cell (``CallCell``), of a
    Primitive, of a function or method, a plain assignment or container build (``CallMethod``),
    a statement rewrite keeps as source (``Python``), an argument of ``construct`` (``Input``),
    its ``return`` (``Output``), a user-written sub-network opened as a sub-tree (``Tree``), a
    ``SequentialCell``/``CellList`` call (``CellContainer``), an arithmetic or comparison
    (``MathOps``) and control flow (``ControlFlow``).

    Examples:
        >>> from deepsink.rewrite import NodeType
        >>> NodeType.CallCell.value, NodeType["Output"]
        (1, <NodeType.Output: 8>)
    """

    Unknown = 0
    CallCell = 1
    CallPrimitive = 2
    CallModule = 3
    CallFunction = 4
    CallMethod = 5
    Python = 6
    Input = 7
    Output = 8
    Tree = 9
    CellContainer = 10
    MathOps = 11
    ControlFlow = 12
