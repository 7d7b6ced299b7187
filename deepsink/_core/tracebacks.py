"""Tracebacks that show the user's code: deepsink's and JAX's frames are dropped from an error
leaving a public entry point (``Model.train``, a Cell call, a ``jit`` or ``grad`` function).

An error raised while a training step is traced unwinds through the sink engine, the one
functionalization and JAX's transformations: 20 to 60 frames between the user's ``model.train``
line and their ``construct``. JAX already hides its own frames at its API boundaries; deepsink's
entry points do the same for deepsink's frames and JAX's together, so the traceback reads: the
user's call, the user's ``construct`` (if any), the message. ``JAX_TRACEBACK_FILTERING=off``
shows every frame, as it does for JAX.

deepsink's folder is also registered with JAX's source-info exclusions, so JAX's own messages
(tracer leaks, concretization errors) name the user's line rather than deepsink's.
"""

from __future__ import annotations

import functools
import os
import sys
import types
from collections.abc import Callable
from typing import TypeVar

from deepsink._core import host_errors

try:  # JAX's traceback filtering (private modules: degrade to no filtering if they move)
    from jax._src import source_info_util as _source_info
    from jax._src import traceback_util as _jax_tb
except ImportError:  # pragma: no cover - depends on the JAX version
    _jax_tb = _source_info = None

F = TypeVar("F", bound=Callable)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NOTE = (
    "--------------------\n"
    "deepsink removed its and JAX's internal frames from this traceback; set "
    "JAX_TRACEBACK_FILTERING=off to see them."
)

if _jax_tb is not None:
    _jax_tb.register_exclusion(ROOT)
    _source_info.register_exclusion(ROOT)


def _mode() -> str:
    try:
        return _jax_tb._filtering_mode()
    except Exception:  # pragma: no cover - depends on the JAX version
        return "off"


_JAX_ROOT = (
    os.path.dirname(os.path.dirname(os.path.abspath(_jax_tb.__file__))) + os.sep if _jax_tb else ""
)


def _keep(frame: types.FrameType) -> bool:
    """A frame of the user's code: not deepsink's, and not JAX's (its callback machinery
    included, which a host callback's error passes through)."""
    return _jax_tb.include_frame(frame) and not frame.f_code.co_filename.startswith(_JAX_ROOT)


def _under_boundary(frame: types.FrameType | None) -> bool:
    """Whether an outer deepsink boundary is on the stack (it filters, not this one)."""
    while frame is not None:
        if frame.f_code is _BOUNDARY_CODE:
            return True
        frame = frame.f_back
    return False


def _filtered(tb: types.TracebackType | None) -> types.TracebackType | None:
    frames = []
    while tb is not None:
        frames.append((tb.tb_frame, tb.tb_lasti, tb.tb_lineno))
        tb = tb.tb_next
    out = None
    for frame, lasti, lineno in reversed(frames):
        if _keep(frame):
            out = types.TracebackType(out, frame, lasti, lineno)
    return out


def _tidy(exc: BaseException) -> None:
    """Drop the hidden frames from ``exc``'s traceback; one note saying so replaces JAX's."""
    notes = getattr(exc, "__notes__", None)
    if notes:
        jax_note = "--------------------\n" + _jax_tb._simplified_tb_msg
        notes[:] = [n for n in notes if n not in (jax_note, NOTE)]
    exc.with_traceback(_filtered(exc.__traceback__))
    _tidy_chain(exc)
    exc.add_note(NOTE)


def _only_jax(tb: types.TracebackType | None) -> bool:
    """Whether every frame of ``tb`` is JAX's own."""
    if tb is None:
        return False
    while tb is not None:
        if not tb.tb_frame.f_code.co_filename.startswith(_JAX_ROOT):
            return False
        tb = tb.tb_next
    return True


def _tidy_chain(exc: BaseException) -> None:
    """The exceptions ``exc`` was raised from (or during): one raised inside JAX alone is dropped
    (JAX's own shape check, re-raised by JAX as a plainer error); one from the user's code (a
    ``map`` operation's own error) keeps the user's frames; any other (a worker process's error,
    which carries the worker's traceback in its text) is left as it is."""
    seen = {id(exc)}
    while True:
        chained = exc.__cause__ or (None if exc.__suppress_context__ else exc.__context__)
        if chained is None or id(chained) in seen:
            return
        seen.add(id(chained))
        if _only_jax(chained.__traceback__):
            exc.__cause__ = None
            exc.__suppress_context__ = True
            return
        kept = _filtered(chained.__traceback__)
        if kept is not None:
            chained.with_traceback(kept)
        exc = chained


def api_boundary(fn: F) -> F:
    """Wrap a public entry point: errors leaving it keep only the user's frames."""
    if _jax_tb is None:  # pragma: no cover
        return fn

    @functools.wraps(fn)
    def deepsink_boundary(*args, **kwargs):
        __tracebackhide__ = True  # noqa: F841 - read by IPython and pytest
        try:
            try:
                return fn(*args, **kwargs)
            except Exception as caught:
                host_errors.reraise(caught)  # a host callback's own error, not JAX's report
                raise
        except Exception as exc:
            if isinstance(exc, StopIteration):  # an iterator's end, not an error
                raise
            mode = _mode()
            if mode == "off" or _under_boundary(sys._getframe(1)):
                raise
            if mode == "tracebackhide":
                _jax_tb._add_tracebackhide_to_hidden_frames(exc.__traceback__)
                raise
            _tidy(exc)
            raise

    return deepsink_boundary  # type: ignore[return-value]


_BOUNDARY_CODE = api_boundary(lambda: None).__code__ if _jax_tb is not None else None


def guard_methods(cls: type, names: tuple[str, ...] = ()) -> type:
    """Put :func:`api_boundary` around ``cls``'s own ``__init__`` and public methods (plain
    functions defined in its body), and around the methods ``names``: errors from a user's
    mistake in an argument (a dataset's column name, a transform's size) then show the user's
    line and not the engine's frames. Returns ``cls`` (usable as a class decorator)."""
    for name, value in list(vars(cls).items()):
        if not isinstance(value, types.FunctionType) or value.__code__ is _BOUNDARY_CODE:
            continue
        if name == "__init__" or name in names or not name.startswith("_"):
            setattr(cls, name, api_boundary(value))
    return cls
