"""What MindSpore 2.10's ``jit_syntax_level`` changes: STRICT returns a dict as the tuple of its
values, STRICT and COMPATIBLE have no run-time Python (an ``asnumpy`` of a traced Tensor is an
AttributeError), LAX runs it; a Cell's ``JitConfig`` overrides ``set_context``'s level,
``jit(fullgraph=True)`` is STRICT, and ``MS_DEV_JIT_SYNTAX_LEVEL`` overrides them all.
``scripts/record_graph_fallback_fixtures.py`` records the outcomes under 2.10 and
``tests/_core/test_graph_syntax_levels.py`` replays them on deepsink."""

from __future__ import annotations

import os


class _Scaler:
    def __init__(self):
        self.number = 2

    def func(self, x):
        return self.number * x.asnumpy()


def _dict_out():
    return {"a": 1, "b": (2, 3)}


def _scaled(x):
    return _SCALER.func(x)


_SCALER = _Scaler()


def _outcome(fn, *args) -> object:
    try:
        out = fn(*args)
    except Exception as e:  # noqa: BLE001 - the outcome is the exception's type and first line
        return {"error": type(e).__name__, "line": str(e).split("\n")[0]}
    if isinstance(out, dict):
        return {"dict": [[k, list(v) if isinstance(v, tuple) else v] for k, v in out.items()]}
    if isinstance(out, tuple):
        return {"tuple": [list(v) if isinstance(v, tuple) else v for v in out]}
    return {"value": float(out)}


def graph_syntax_levels(ms) -> dict:
    nn = ms.nn

    class DictNet(nn.Cell):
        def construct(self):
            return _dict_out()

    class ScaleNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.cls = _Scaler()

        def construct(self, x):
            return self.cls.func(x)

    ms.set_context(mode=ms.GRAPH_MODE)
    saved = os.environ.pop("MS_DEV_JIT_SYNTAX_LEVEL", None)
    cases = {}
    try:
        x = ms.Tensor(2)
        for level in ("STRICT", "COMPATIBLE", "LAX"):
            for name, cls, args in (("dict", DictNet, ()), ("asnumpy", ScaleNet, (x,))):
                net = cls()
                net.set_jit_config(ms.JitConfig(jit_syntax_level=level))
                cases[f"cell_{name}_{level}"] = _outcome(net, *args)
        cases["jit_dict"] = _outcome(ms.jit(_dict_out))
        cases["jit_dict_fullgraph"] = _outcome(ms.jit(_dict_out, fullgraph=True))
        for level in (ms.STRICT, ms.COMPATIBLE):  # the context's level: Cells only
            ms.set_context(jit_syntax_level=level)
            cases[f"context_{level}_cell_dict"] = _outcome(DictNet())
            cases[f"context_{level}_cell_asnumpy"] = _outcome(ScaleNet(), x)
            cases[f"context_{level}_jit_asnumpy"] = _outcome(ms.jit(_scaled), x)
            cases[f"context_{level}_jit_dict"] = _outcome(ms.jit(_dict_out))
        ms.set_context(jit_syntax_level=ms.LAX)
        for value in ("0", "1", "2"):
            os.environ["MS_DEV_JIT_SYNTAX_LEVEL"] = value
            lax_net = ScaleNet()
            lax_net.set_jit_config(ms.JitConfig(jit_syntax_level="LAX"))
            cases[f"env_{value}_over_lax_config"] = _outcome(lax_net, x)
            cases[f"env_{value}_over_fullgraph"] = _outcome(ms.jit(_dict_out, fullgraph=True))
    finally:
        os.environ.pop("MS_DEV_JIT_SYNTAX_LEVEL", None)
        if saved is not None:
            os.environ["MS_DEV_JIT_SYNTAX_LEVEL"] = saved
        ms.set_context(jit_syntax_level=ms.LAX, mode=ms.PYNATIVE_MODE)
    return cases
