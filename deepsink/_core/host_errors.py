"""The user's own exception from Python that a compiled program runs on the host.

A compiled program calls back into Python for an index check that failed (``common/indexing``), a
``Custom`` op's ``pyfunc`` (``ops/operations/custom_ops``) and a gradient hook
(``_compile/grad_hooks``). An exception raised there reaches the caller as JAX's
``JaxRuntimeError: INTERNAL: CpuCallback error ...`` with the original traceback flattened into
its text. The callbacks are wrapped by :func:`on_host`, which keeps the exception here; the
boundary where a compiled call returns to the user (``tracebacks.api_boundary``, the gradient
functions) raises it in JAX's wrapper's place (:func:`unwrap`), so the user sees the type, the
message and the frames of their own code, as MindSpore reports them.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

import jax

_pending: list[BaseException] = []  # the latest exception a host callback raised


class _KeptFilter(logging.Filter):
    """Drop JAX's log of a callback's failure ("jax.debug.callback failed" and its traceback)
    when the exception is kept here: the user gets it raised, once."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        return not any(exc is kept for kept in _pending)


for _name in ("jax._src.callback", "jax._src.debugging"):
    logging.getLogger(_name).addFilter(_KeptFilter())


def on_host(fn: Callable) -> Callable:
    """``fn`` as a host callback: an exception it raises is kept for :func:`unwrap`."""

    @functools.wraps(fn)
    def host(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except Exception as e:
            _pending[:] = [e]
            raise

    return host


def unwrap(exc: BaseException) -> BaseException:
    """The exception a host callback raised, if ``exc`` is JAX's report of it; else ``exc``."""
    if not _pending or not isinstance(exc, jax.errors.JaxRuntimeError):
        return exc
    kept = _pending.pop()
    _pending.clear()
    text = str(kept)
    if text and text not in str(exc):  # a report of another failure: keep JAX's
        return exc
    return kept


def reraise(exc: BaseException) -> None:
    """Raise the host callback's own exception in place of ``exc`` (JAX's wrapper), if any."""
    kept = unwrap(exc)
    if kept is not exc:
        raise kept.with_traceback(kept.__traceback__) from None
