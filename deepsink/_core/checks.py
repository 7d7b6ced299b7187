"""Data checks inside compiled code, read without a host synchronisation per step.

Eagerly a check looks at the values at once and raises. Inside a trace (GRAPH_MODE, ``jit``, the
sink loop, a gradient) the values are not known, and reading them back each step would stall the
device; instead the check records the first failure in a state box, like the RNG key threaded
through every functionalized call: ``[code, index, value, bound]``, code 0 meaning no failure. The
box is read where the host reads results anyway (once per sink, at an epoch's end) or when its value
is already computed (``poll``), and the failure is raised there with its message.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core import functional
from deepsink._core.functional import StateBox

_MESSAGES: list[str] = []  # code - 1 -> message template with {index}, {value}, {bound}


class _CheckBox(StateBox):
    """The first failed check since the last read (int32 ``[code, index, value, bound]``)."""

    name = "_global_data_checks"
    requires_grad = False

    def __init__(self) -> None:
        self._value = None

    def ensure(self) -> Any:
        if self._value is None:
            self._value = np.zeros(4, np.int32)
        return self._value


CHECKS = _CheckBox()


def _code(message: str) -> int:
    if message not in _MESSAGES:
        _MESSAGES.append(message)
    return _MESSAGES.index(message) + 1


_TYPES: dict[int, type[Exception]] = {}  # code -> exception type, where not RuntimeError


def _error(info: Any) -> Exception:
    code, index, value, bound = (int(v) for v in np.asarray(info))
    error = _TYPES.get(code, RuntimeError)
    return error(_MESSAGES[code - 1].format(index=index, value=value, bound=bound))


def check_true(ok: Any, message: str, error: type[Exception] = RuntimeError) -> None:
    """The traced boolean scalar ``ok`` must hold; if not, ``error(message)`` is raised where the
    host next reads the checks (a converted ``assert`` on a Tensor: AssertionError)."""
    notes = functional.notes()
    if notes is not None:
        notes.checks = True
    code = _code(message.replace("{", "{{").replace("}", "}}"))
    if error is not RuntimeError:
        _TYPES[code] = error
    info = jnp.asarray([code, 0, 0, 0], jnp.int32)
    old = jnp.asarray(CHECKS.ensure(), jnp.int32)
    CHECKS._data = jnp.where((old[0] == 0) & ~jnp.asarray(ok, bool), info, old)


def check_index_range(values: Any, bound: int, message: str) -> None:
    """Every element of the integer array ``values`` must be in ``[0, bound)``.

    ``message`` formats ``{index}`` (flat position of the first bad element), ``{value}`` and
    ``{bound}``; the failure is a RuntimeError (MindSpore's kernels raise that type).
    """
    if not isinstance(values, jax.core.Tracer):
        host = np.asarray(values).reshape(-1)
        bad = np.flatnonzero((host < 0) | (host >= bound))
        if bad.size:
            i = int(bad[0])
            raise RuntimeError(message.format(index=i, value=int(host[i]), bound=bound))
        return
    notes = functional.notes()
    if notes is not None:
        notes.checks = True  # a captured PyNative call reads the box after each run
    flat = values.reshape(-1)
    bad = (flat < 0) | (flat >= bound)
    i = jnp.argmax(bad)
    value = jnp.clip(flat[i], np.iinfo(np.int32).min, np.iinfo(np.int32).max)
    info = jnp.stack(
        [
            jnp.asarray(_code(message), jnp.int32),
            i.astype(jnp.int32),
            value.astype(jnp.int32),
            jnp.asarray(bound, jnp.int32),
        ]
    )
    old = jnp.asarray(CHECKS.ensure(), jnp.int32)
    CHECKS._data = jnp.where((old[0] == 0) & bad.any(), info, old)


def raise_pending(info: Any = None) -> None:
    """Raise the recorded failure, if any, and clear it (``info``: the box's value already read)."""
    if info is None:
        info = CHECKS._value
        if info is None:
            return
    info = np.asarray(info)
    if info[0] != 0:
        CHECKS._data = np.zeros(4, np.int32)
        raise _error(info)


def poll() -> None:
    """``raise_pending`` if the box's value is already computed; never waits for the device."""
    v = CHECKS._value
    if v is None or isinstance(v, np.ndarray):
        raise_pending()
        return
    if isinstance(v, jax.Array) and v.is_ready():
        raise_pending()
