"""MindSpore 2.x ``data_sink(fn, dataset, sink_size)``: call ``fn`` on ``sink_size`` batches per call,
on the device, and get the last step's outputs."""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Callable
from typing import Any

import jax

from deepsink._compile import jit as _jit
from deepsink._core import checks as _checks
from deepsink._core import functional
from deepsink._core import random as _random
from deepsink._core.tracebacks import api_boundary
from deepsink._core.validate import check_positive_int
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor, wrap
from deepsink.train.sink.session import SinkSession


def _boxes_of(fn: Callable, dataset: Any) -> tuple:
    """The state ``fn`` touches: a Cell's Parameters, or what an abstract trace of ``fn`` reads."""
    if hasattr(fn, "get_parameters"):
        return _jit.state_of(fn)
    _random.KEY.ensure()
    args = [
        Tensor._from(jax.ShapeDtypeStruct(tuple(s), mstype.to_np(t)))
        for s, t in zip(dataset.output_shapes(), dataset.output_types())
    ]
    _checks.CHECKS.ensure()
    boxes = functional.discover(lambda *a: fn(*a), *args)
    extra = tuple(b for b in (_random.KEY, _checks.CHECKS) if all(b is not x for x in boxes))
    return (*boxes, *extra)


def data_sink(
    fn: Callable,
    dataset: Any,
    sink_size: int = 1,
    jit_config: Any = None,
    input_signature: Any = None,
) -> Callable[[], Any]:
    """A callable that runs ``fn`` over the next ``sink_size`` batches of ``dataset`` per call.

    Args:
        fn (Callable): the step function, called with a batch's columns.
        dataset (Dataset): the dataset.
        sink_size (int): batches per call. Default: ``1``.
        jit_config (JitConfig, optional): compile options. Default: ``None``.
        input_signature (Any, optional): MindSpore's input signature. Default: ``None``.

    Returns:
        Callable, taking no arguments: each call runs ``fn`` over the next ``sink_size`` batches and
        returns the last result.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> ds = ms.dataset.NumpySlicesDataset({'x': np.arange(4, dtype=np.float32)}, shuffle=False).batch(2)
        >>> step = ms.data_sink(lambda x: x.sum(), ds, sink_size=1)
        >>> print(step(), step())
        1.0 5.0
    """
    check_positive_int(sink_size, "sink_size", "data_sink")
    if not callable(fn):
        raise TypeError(f"For 'data_sink', 'fn' must be callable, but got {type(fn).__name__}")
    state: dict[str, Any] = {}
    cache: _jit.CompileCache = _jit.CompileCache()

    @api_boundary
    def sink_fun() -> Any:
        session = state.get("session")
        if session is None:
            session = SinkSession(
                fn, _boxes_of(fn, dataset), dataset, itertools.repeat(sink_size), cache
            )
            state["session"] = session
            weakref.finalize(sink_fun, session.close)
        return wrap(session.run())

    sink_fun.close = lambda: state.pop("session").close() if "session" in state else None
    return sink_fun
