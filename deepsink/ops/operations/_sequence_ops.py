"""MindSpore's ``mindspore.ops.operations._sequence_ops``: the primitives MindSpore 2.10's graph
compiler uses for Python lists and tuples (their ``+``, ``*``, ``len``, ``in``, comparisons,
``append``/``insert``, conversions to and from Tensors, and ``AddN``/``Stack``/``Unstack`` over a
sequence of Tensors), usable directly as primitives.

Each computes what the Python expression it stands for computes (as 2.10's Python ``__call__``
of the primitive does, where it has one); the Tensor ones call ``ops``. In PyNative 2.10 calls
some of them (``SequenceAddN``, ``SequenceStack``) with no CPU kernel and raises an empty
``TypeError``; deepsink computes them in both modes."""

from __future__ import annotations

from typing import Any

from deepsink.common.tensor import Tensor
from deepsink.ops._table_primitive import for_module
from deepsink.ops.function import array_func as A
from deepsink.ops.function import math_func as M

_prim = for_module(__name__)


def _sequence(name: str, x: Any) -> Any:
    """2.10's check that a sequence primitive's input is a list or tuple."""
    if not isinstance(x, list | tuple):
        kind = f"Tensor[{x.dtype}]" if isinstance(x, Tensor) else type(x).__name__
        raise TypeError(f"For '{name}', input[0] should be Sequence, but got {kind}.")
    return x


def _tensor_values(name: str, x: Any) -> Any:
    if not isinstance(x, Tensor):
        raise TypeError(f"For '{name}', 'input_x' must be a Tensor, but got {type(x).__name__}.")
    return x.asnumpy().tolist()


def _compare(op: Any) -> Any:
    return lambda self, x, y: op(x, y)


ListAppend = _prim(
    "ListAppend",
    lambda self, x, target: [*_sequence("ListAppend", x), target],
    "input_data, target",
    doc="A new list: ``input_data`` with ``target`` appended.",
)
ListInsert = _prim(
    "ListInsert",
    lambda self, x, index, target: (lambda out: out.insert(index, target) or out)(
        list(_sequence("ListInsert", x))
    ),
    "input_data, index, target",
    doc="A new list: ``input_data`` with ``target`` inserted before ``index``.",
)
SequenceSlice = _prim(
    "SequenceSlice",
    lambda self, seq, start, stop, step: _sequence("SequenceSlice", seq)[start:stop:step],
    "sequence, start, stop, step",
    doc="``sequence[start:stop:step]``.",
)
InSequence = _prim(
    "InSequence",
    lambda self, target, seq: target in _sequence("InSequence", seq),
    "target, sequence",
    doc="``target in sequence``.",
)
SequenceAdd = _prim(
    "SequenceAdd",
    lambda self, x, y: _sequence("SequenceAdd", x) + y,
    "input_1, input_2",
    doc="``input_1 + input_2`` of two lists or two tuples.",
)
TupleToTensor = _prim(
    "TupleToTensor",
    lambda self, x, dtype=None: Tensor(_sequence("TupleToTensor", x), dtype),
    "input_tuple, dtype=None",
    doc="The Tensor of the numbers in ``input_tuple``, of ``dtype``.",
)
ListToTensor = _prim(
    "ListToTensor",
    lambda self, x, dtype=None: Tensor(_sequence("ListToTensor", x), dtype),
    "input_list, dtype=None",
    doc="The Tensor of the numbers in ``input_list``, of ``dtype``.",
)
TensorToTuple = _prim(
    "TensorToTuple",
    lambda self, x: tuple(_tensor_values("TensorToTuple", x)),
    "input_x",
    doc="A 1-D Tensor's values as a tuple of Python numbers.",
)
TensorToList = _prim(
    "TensorToList",
    lambda self, x: list(_tensor_values("TensorToList", x)),
    "input_x",
    doc="A 1-D Tensor's values as a list of Python numbers.",
)
TensorToScalar = _prim(
    "TensorToScalar",
    lambda self, x: _tensor_values("TensorToScalar", x),
    "input_x",
    doc="A 0-D Tensor's value as a Python number.",
)
SequenceCount = _prim(
    "SequenceCount",
    lambda self, seq, target: _sequence("SequenceCount", seq).count(target),
    "sequence, target",
    doc="``sequence.count(target)``.",
)
SequenceIndex = _prim(
    "SequenceIndex",
    lambda self, seq, target, start=None, end=None: _sequence("SequenceIndex", seq).index(
        target, *(() if start is None else (start,)), *(() if end is None else (end,))
    ),
    "sequence, target, start=None, end=None",
    doc="``sequence.index(target, start, end)``.",
)
SequenceMul = _prim(
    "SequenceMul",
    lambda self, seq, scalar: _sequence("SequenceMul", seq) * scalar,
    "sequence, scalar",
    doc="``sequence * scalar``: the sequence repeated.",
)
make_range = _prim(
    "make_range",
    lambda self, start, limit, delta=1: range(start, limit, delta),
    "start, limit, delta=1",
    doc="``range(start, limit, delta)``.",
)
tuple_equal = _prim("tuple_equal", _compare(lambda x, y: x == y), "x, y", doc="``x == y``.")
list_equal = _prim("list_equal", _compare(lambda x, y: x == y), "x, y", doc="``x == y``.")
sequence_len = _prim(
    "sequence_len",
    lambda self, x: len(_sequence("sequence_len", x)),
    "sequence",
    doc="``len(sequence)``.",
)
SequenceMax = _prim(
    "SequenceMax",
    lambda self, seq: max(_sequence("SequenceMax", seq)),
    "sequence",
    doc="``max(sequence)``.",
)
SequenceMin = _prim(
    "SequenceMin",
    lambda self, seq: min(_sequence("SequenceMin", seq)),
    "sequence",
    doc="``min(sequence)``.",
)
SequenceAddN = _prim(
    "SequenceAddN",
    lambda self, seq: M.addn(_sequence("SequenceAddN", seq)),
    "inputs",
    doc="The sum of the Tensors (or numbers) in a list or tuple (``ops.addn``).",
)
SequenceStack = _prim(
    "SequenceStack",
    lambda self, seq: A.stack(_sequence("SequenceStack", seq), self.axis),
    "x",
    params=(("axis", 0),),
    doc="``ops.stack`` of a list or tuple of Tensors along ``axis``.",
)
SequenceUnstack = _prim(
    "SequenceUnstack",
    lambda self, x: A.unstack(x, self.axis),
    "x",
    params=(("axis", 0), ("num", None)),
    doc="``ops.unstack`` of a Tensor along ``axis``: a tuple of Tensors.",
)
tuple_greater_than = _prim("tuple_greater_than", _compare(lambda x, y: x > y), "x, y")
tuple_greater_equal = _prim("tuple_greater_equal", _compare(lambda x, y: x >= y), "x, y")
list_greater_than = _prim("list_greater_than", _compare(lambda x, y: x > y), "x, y")
list_greater_equal = _prim("list_greater_equal", _compare(lambda x, y: x >= y), "x, y")
tuple_lt = _prim("tuple_lt", _compare(lambda x, y: x < y), "x, y")
list_lt = _prim("list_lt", _compare(lambda x, y: x < y), "x, y")
tuple_le = _prim("tuple_le", _compare(lambda x, y: x <= y), "x, y")
list_le = _prim("list_le", _compare(lambda x, y: x <= y), "x, y")

__all__ = [
    "InSequence",
    "ListAppend",
    "ListInsert",
    "ListToTensor",
    "SequenceAdd",
    "SequenceAddN",
    "SequenceCount",
    "SequenceIndex",
    "SequenceMax",
    "SequenceMin",
    "SequenceMul",
    "SequenceSlice",
    "SequenceStack",
    "SequenceUnstack",
    "TensorToList",
    "TensorToScalar",
    "TensorToTuple",
    "TupleToTensor",
    "list_equal",
    "list_greater_equal",
    "list_greater_than",
    "list_le",
    "list_lt",
    "make_range",
    "sequence_len",
    "tuple_equal",
    "tuple_greater_equal",
    "tuple_greater_than",
    "tuple_le",
    "tuple_lt",
]
