"""Global randomness: a numpy generator for initializers and a JAX key for ops such as Dropout.

The JAX key lives in a Parameter-like box that ``functional`` adds to every functionalized state,
so random ops advance it the same way eagerly, under ``jit`` and inside the sink loop.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

import jax
import numpy as np

from deepsink._core.functional import StateBox

_seed: int | None = None


class _KeyBox(StateBox):
    """The current key (raw key data), a state box like a Parameter."""

    name = "_global_rng_key"
    requires_grad = False

    def __init__(self) -> None:
        self._value = None

    def reset(self, seed: int | None) -> None:
        self._data = jax.random.key_data(jax.random.key(seed if seed is not None else _entropy()))

    def ensure(self):
        if self._value is None:
            self.reset(_seed)
        return self._data


def _entropy() -> int:
    return int(np.random.SeedSequence().entropy % (2**31))


KEY = _KeyBox()

# further global state boxes that compiled Cells carry along with KEY (the boxes of the
# mindspore.Generator objects, which random ops inside a Cell may advance), in creation order
_extra_boxes: list[weakref.ref] = []


def register_state_box(box: StateBox) -> None:
    """Make ``box`` part of the state of every compiled Cell from now on (see ``extra_boxes``)."""
    _extra_boxes.append(weakref.ref(box))


def extra_boxes() -> tuple[StateBox, ...]:
    """The registered global state boxes still alive."""
    alive = [r for r in _extra_boxes if r() is not None]
    _extra_boxes[:] = alive
    return tuple(r() for r in alive)


def set_seed(seed: int) -> None:
    """Sets the global seed, which makes initializers, random ops, Dropout and (by default) dataset
    shuffling repeatable (MindSpore's ``set_seed``).

    Args:
        seed (int): a non-negative int.

    Raises:
        TypeError: ``seed`` is not an int (or is a bool).
        ValueError: ``seed`` is negative or above 2**32 - 1.

    Examples:
        >>> import deepsink as ms
        >>> import numpy as np
        >>> from deepsink import ops
        >>> ms.set_seed(1)
        >>> a = ops.uniform((2,), ms.Tensor(0.0), ms.Tensor(1.0))
        >>> ms.set_seed(1)
        >>> b = ops.uniform((2,), ms.Tensor(0.0), ms.Tensor(1.0))
        >>> print(np.array_equal(a.asnumpy(), b.asnumpy()))
        True
    """
    global _seed
    if not isinstance(seed, int):
        raise TypeError(f"The argument 'seed' must be type of int, but got {type(seed)}.")
    if isinstance(seed, bool) or seed < 0:
        raise (TypeError if isinstance(seed, bool) else ValueError)(
            f"For 'global_seed', the 'seed' must be int and must >= 0, but got '{seed}' with type "
            f"'{type(seed).__name__}'."
        )
    np.random.seed(seed)  # MindSpore's too: its initializers take their seeds from NumPy
    _seed = seed
    for name, op_seed in _op_seeds:  # the per-op seed counters start again
        _op_seeds[(name, op_seed)] = op_seed
    KEY.reset(seed)
    for listener in _seed_listeners:
        listener(seed)


_seed_listeners: list[Callable[[int], None]] = []


def on_set_seed(listener: Callable[[int], None]) -> None:
    """Have ``listener(seed)`` called by every later ``set_seed`` (and now, if a seed is set).

    Upper layers that keep their own seed (the dataset pipeline's ``config.set_seed``) register
    here, so this module does not import them."""
    _seed_listeners.append(listener)
    if _seed is not None:
        listener(_seed)


def get_seed() -> int | None:
    """The global seed set by ``set_seed``.

    Returns:
        Union[int, None], the seed, or None if ``set_seed`` was never called.

    Examples:
        >>> import deepsink as ms
        >>> ms.set_seed(42)
        >>> print(ms.get_seed())
        42
    """
    return _seed


DEFAULT_GRAPH_SEED = 87654321  # the global seed MindSpore uses when set_seed(0)
_MAXINT32 = 2**31 - 1
_OP_SEED_STEP = 3528531795 ^ 3449720151  # what each call adds to an op's seed counter
_op_seeds: dict[tuple[str, int], int] = {}


def graph_seed(op_seed: int | None, kernel_name: str) -> tuple[int, int]:
    """MindSpore's ``_get_graph_seed``: the ``(seed, seed2)`` a random primitive is built with.

    The global seed (``DEFAULT_GRAPH_SEED`` for ``set_seed(0)``, 0 when never set) and a counter
    per ``(kernel_name, op_seed)`` that starts at ``op_seed``, advances by a constant on each call
    and starts again on ``set_seed``; both are taken modulo ``2**31 - 1``. ``(0, 0)`` when neither
    seed is set: the kernel then draws from system entropy.
    """
    global_seed = DEFAULT_GRAPH_SEED if _seed == 0 else (0 if _seed is None else _seed)
    op_seed = 0 if op_seed is None else op_seed
    if global_seed == 0 and op_seed == 0:
        return 0, 0
    if isinstance(op_seed, bool) or not isinstance(op_seed, int | np.integer):
        raise TypeError(f"For '{kernel_name}', the 'seed' must be an int, but got {op_seed!r}.")
    if op_seed < 0:
        raise ValueError(f"For '{kernel_name}', the 'seed' must be >= 0, but got {op_seed}.")
    op_seed = int(op_seed)
    current = _op_seeds.setdefault((kernel_name, op_seed), op_seed)
    _op_seeds[(kernel_name, op_seed)] = current + _OP_SEED_STEP
    return global_seed % _MAXINT32, current % _MAXINT32


def next_key() -> jax.Array:
    """A fresh JAX key; advances the global key (a state update when functionalized)."""
    data = KEY.ensure()
    new, sub = jax.random.split(jax.random.wrap_key_data(data))
    KEY._data = jax.random.key_data(new)
    return sub
