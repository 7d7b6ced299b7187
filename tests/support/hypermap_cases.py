"""The containers ``ops.HyperMap`` and ``ops.Map`` return for list and tuple inputs, in PyNative
and inside a GRAPH_MODE ``construct``: ``scripts/record_hypermap_fixtures.py`` records them under
MindSpore 2.10 and ``tests/ops/test_hypermap_containers.py`` replays them on deepsink."""

from __future__ import annotations


def describe(v) -> object:
    """Container types, nested; a leaf Tensor as its float value."""
    if isinstance(v, list | tuple):
        return {type(v).__name__: [describe(x) for x in v]}
    return float(v.asnumpy())


def container_types(ms) -> dict:
    nn, ops = ms.nn, ms.ops

    class Maps(nn.Cell):
        def __init__(self):
            super().__init__()
            self.hyper_map = ops.HyperMap()
            self.map = ops.Map()

        def construct(self, x):
            return (
                self.hyper_map(ops.abs, [x, x]),
                self.hyper_map(ops.abs, (x, x)),
                self.hyper_map(ops.add, [x, [x, x]], [x, [x, x]]),
                self.map(ops.abs, [x, x]),
                self.map(ops.abs, (x, x)),
            )

    out = {}
    for mode_name, mode in [("pynative", ms.PYNATIVE_MODE), ("graph", ms.GRAPH_MODE)]:
        ms.set_context(mode=mode)
        try:
            out[mode_name] = describe(list(Maps()(ms.Tensor(-1.5))))
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)
    return out
