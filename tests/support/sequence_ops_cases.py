"""What MindSpore 2.10's sequence primitives (``ops.operations._sequence_ops``) compute inside a
compiled function, where its graph compiler runs them.
``scripts/record_sequence_ops_fixtures.py`` records the outcomes under 2.10 and
``tests/ops/test_sequence_ops.py`` replays them on deepsink."""

from __future__ import annotations

import importlib


def _plain(v) -> object:
    if isinstance(v, list | tuple):
        return {type(v).__name__: [_plain(x) for x in v]}
    if v is None or isinstance(v, bool | int | float | str):
        return v
    return {"Tensor": [str(v.dtype), v.asnumpy().tolist()]}


def sequence_ops(ms) -> dict:
    S = importlib.import_module(ms.__name__ + ".ops.operations._sequence_ops")
    Tensor = ms.Tensor

    @ms.jit
    def tensors(a, b):
        return (
            S.SequenceAddN()((a, b)),
            S.SequenceAddN()([a, b, a]),
            S.SequenceStack()((a, b)),
            S.SequenceStack(axis=1)([a, b]),
            S.SequenceUnstack()(S.SequenceStack()((a, b))),
            S.TupleToTensor()((1, 2), ms.float32),
            S.ListToTensor()([3, 4], ms.int32),
        )

    @ms.jit
    def sequences(a):
        return (
            S.SequenceMul()([1, 2], 2),
            S.SequenceMul()((a, 2), 2),
            S.SequenceAdd()((1, 2), (3,)),
            S.SequenceCount()((1, 2, 1), 1),
            S.SequenceSlice()((1, 2, 3, 4), 0, 3, 2),
            S.InSequence()(2, (1, 2)),
            S.sequence_len()((1, 2, 3)),
            S.SequenceMax()((1, 5, 2)),
            S.SequenceMin()([3, 5, 2]),
            S.tuple_equal()((1, 2), (1, 2)),
            S.list_equal()([1, 2], [1, 3]),
            S.ListAppend()([1, 2], 3),
            S.ListInsert()([1, 2], 0, 3),
            S.tuple_greater_than()((1, 2), (1, 1)),
            S.list_le()([1, 2], [1, 2]),
            S.tuple_lt()((1, 2), (0, 3)),
        )

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        a, b = Tensor([1.0, 2.0]), Tensor([3.0, 4.0])
        return {
            "tensors": _plain(tensors(a, b)),
            "sequences": _plain(sequences(Tensor([1]))),
        }
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
