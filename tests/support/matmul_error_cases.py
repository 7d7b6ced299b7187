"""Mismatched matrix products, the cases ``scripts/record_matmul_error_fixtures.py`` records
under MindSpore 2.10 and ``tests/ops/test_matmul_errors.py`` replays on deepsink: ``ops.matmul``,
``mint.matmul`` and ``@`` (MindSpore's ``MatMulExt``: a RuntimeError, not the ``MatMul``
primitive's ValueError), called directly and inside a Cell's ``construct`` in both modes."""

from __future__ import annotations

import numpy as np


def cases(ms) -> dict:
    """Name -> zero-argument callable that runs one mismatched product on ``ms``."""
    nn, ops = ms.nn, ms.ops

    def operands():
        return ms.Tensor(np.ones((2, 3), np.float32)), ms.Tensor(np.ones((4, 5), np.float32))

    class InConstruct(nn.Cell):
        def construct(self, a, b):
            return ops.matmul(a, b)

    class OperatorInConstruct(nn.Cell):
        def construct(self, a, b):
            return a @ b

    def in_mode(mode, cell):
        def run():
            ms.set_context(mode=mode)
            try:
                return cell()(*operands())
            finally:
                ms.set_context(mode=ms.PYNATIVE_MODE)

        return run

    return {
        "ops_matmul": lambda: ops.matmul(*operands()),
        "mint_matmul": lambda: ms.mint.matmul(*operands()),
        "operator": lambda: operands()[0] @ operands()[1],
        "construct_pynative": in_mode(ms.PYNATIVE_MODE, InConstruct),
        "construct_graph": in_mode(ms.GRAPH_MODE, InConstruct),
        "operator_construct_graph": in_mode(ms.GRAPH_MODE, OperatorInConstruct),
    }


def outcome(fn) -> dict:
    """The exception type and the first line of its message (the result's shape if none)."""
    try:
        out = fn()
        return {"shape": list(out.asnumpy().shape)}
    except Exception as e:  # noqa: BLE001 - the recorded outcome is the exception
        return {"error": type(e).__name__, "message": str(e).strip().split("\n")[0]}
