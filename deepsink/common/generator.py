"""Random number generators: MindSpore's ``Generator``, ``default_generator`` and the functions
over it (``manual_seed``, ``seed``, ``initial_seed``, ``get_rng_state``, ``set_rng_state``).

A ``Generator`` is a seed and an offset, as in MindSpore: each draw uses the JAX key
``fold_in(key(seed), offset)`` and advances the offset. Its state is a state box like a
Parameter's, so draws advance it the same way eagerly and inside ``jit``. The state tensor has
MindSpore's layout: 16 uint8 bytes, the seed then the offset, both int64 little-endian.

``default_generator`` is the global random stream of deepsink's random ops
(``deepsink._core.random``): its ``manual_seed`` reseeds that stream. ``set_seed`` reseeds the
stream too but, as in MindSpore 2.10, leaves the generator's ``initial_seed`` as it was. The
stream is a chain of split JAX keys anchored at ``fold_in(key(seed), offset)`` each time its
state is set or read, so its state is a seed and an offset like any Generator's.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core import functional
from deepsink._core import random as _random
from deepsink._core.functional import StateBox


def _check_seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise TypeError(f"Seed must be an integer, but got {type(seed).__name__}.")
    return int(seed)


def _fresh_seed() -> int:
    return int(np.random.SeedSequence().entropy % (2**32))


def _state_tensor(seed: int, tail: np.ndarray) -> Any:
    from deepsink.common.tensor import Tensor

    head = np.array([seed], "<i8").view(np.uint8)
    return Tensor(np.concatenate([head, np.asarray(tail).view(np.uint8)]))


def _split_state(state: Any) -> tuple[int, np.ndarray]:
    from deepsink.common.tensor import Tensor

    if not isinstance(state, Tensor):
        raise TypeError(
            f"For 'set_state', 'state' must be a Tensor, but got {type(state).__name__}"
        )
    data = np.asarray(state.asnumpy())
    if data.dtype != np.uint8 or data.shape != (16,):
        raise ValueError(
            f"For 'set_state', 'state' must be a UInt8 Tensor of shape (16,) (seed "
            f"and offset), but got {data.dtype} of shape {data.shape}"
        )
    return int(data[:8].view("<i8")[0]), data[8:]


class _SeedOffset(StateBox):
    """The ``[seed, offset]`` int64 pair of one Generator."""

    name = "_generator_state"
    requires_grad = False

    def __init__(self, seed: int, offset: int) -> None:
        self._data = jnp.array([seed, offset], jnp.int64)


class Generator:
    """A random number generator: a seed and an offset that random functions draw from and
    advance. With the same seed and offset they draw the same numbers.

    The mint random functions (``rand``, ``randn``, ``randint``, ``randperm``, ``normal``,
    ``bernoulli``, ``multinomial``) take it as ``generator=``.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import Generator
        >>> generator = Generator()
        >>> generator = generator.manual_seed(5)
        >>> print(generator.initial_seed())
        5
        >>> state = generator.get_state()
        >>> new_seed = generator.seed()
        >>> generator.set_state(state)
        >>> print(generator.initial_seed())
        5
    """

    def __init__(self) -> None:
        self._box = _SeedOffset(0, 0)
        # compiled Cells carry the generator's state, so draws inside them advance it
        _random.register_state_box(self._box)
        functional.structure_changed()

    def set_state(self, state: Any) -> None:
        """Restore a state from :meth:`get_state`.

        Args:
            state (Tensor): the 16-byte UInt8 state (seed, offset).

        Raises:
            TypeError: if ``state`` is not a Tensor.
            ValueError: if it is not 16 UInt8 values.
        """
        seed, tail = _split_state(state)
        self._box._data = jnp.array([seed, int(tail.view("<i8")[0])], jnp.int64)

    def get_state(self) -> Any:
        """The state: a UInt8 Tensor of 16 bytes, the seed and the offset (int64 each)."""
        seed, offset = (int(v) for v in np.asarray(self._box._data))
        return _state_tensor(seed, np.array([offset], "<i8"))

    def seed(self) -> int:
        """Seed the generator with a fresh random number (offset 0) and return that number."""
        new = _fresh_seed()
        self._box._data = jnp.array([new, 0], jnp.int64)
        return new

    def manual_seed(self, seed: int) -> Generator:
        """Set the seed (offset 0); returns the generator.

        Raises:
            TypeError: if ``seed`` is not an int.
        """
        self._box._data = jnp.array([_check_seed(seed), 0], jnp.int64)
        return self

    def initial_seed(self) -> int:
        """The seed last set."""
        return int(np.asarray(self._box._data)[0])

    def _step(self, step: Any) -> tuple[Any, Any]:
        """The current seed and offset (Tensors), then advance the offset by ``step``."""
        from deepsink.common.tensor import Tensor

        data = self._box._data
        self._box._data = data.at[1].add(jnp.asarray(step, jnp.int64).reshape(()))
        return Tensor._from(data[0]), Tensor._from(data[1])

    def next_key(self) -> jax.Array:
        """The JAX key of the next draw, ``fold_in(key(seed), offset)``; advances the offset."""
        data = self._box._data
        self._box._data = data.at[1].add(1)
        return jax.random.fold_in(jax.random.key(data[0]), data[1])


class _DefaultGenerator(Generator):
    """The global random stream (``deepsink._core.random``) seen as a Generator.

    Its state is a seed and an offset like any Generator's: the global key is anchored at
    ``fold_in(key(seed), offset)`` whenever the state is set or read, and the random ops then
    advance the key from there. Reading the state after draws moves the offset on by one and
    re-anchors, so the state read always determines the numbers that follow it.
    """

    def __init__(self) -> None:
        self._known: int | None = (
            None  # None until seeded or first asked (no device work at import)
        )
        self._offset = 0
        self._anchor: Any = None  # the global key's data when last anchored

    def _anchor_at(self, seed: int, offset: int) -> None:
        self._known, self._offset = seed, offset
        key = jax.random.fold_in(jax.random.key(seed), offset)
        _random.KEY._data = jax.random.key_data(key)
        self._anchor = _random.KEY._data

    def _current(self) -> tuple[int, int]:
        """The (seed, offset) that determine the next draws (anchoring first if needed)."""
        if self._known is None:
            self._anchor_at(_fresh_seed(), 0)
        elif _random.KEY._value is not self._anchor:  # draws (or set_seed) since the anchor
            self._anchor_at(self._known, self._offset + 1)
        return self._known, self._offset

    def set_state(self, state: Any) -> None:  # noqa: D102 - Generator's
        seed, tail = _split_state(state)
        self._anchor_at(seed, int(tail.view("<i8")[0]))

    def get_state(self) -> Any:  # noqa: D102 - Generator's
        seed, offset = self._current()
        return _state_tensor(seed, np.array([offset], "<i8"))

    def seed(self) -> int:  # noqa: D102 - Generator's
        return self.manual_seed(_fresh_seed()).initial_seed()

    def manual_seed(self, seed: int) -> Generator:  # noqa: D102 - Generator's
        self._anchor_at(_check_seed(seed), 0)
        return self

    def initial_seed(self) -> int:  # noqa: D102 - Generator's
        return self._current()[0]

    def _step(self, step: Any) -> tuple[Any, Any]:
        """The current seed and offset (Tensors), then advance the offset by ``step``."""
        from deepsink.common.tensor import Tensor

        seed, offset = self._current()
        self._anchor_at(seed, offset + int(np.asarray(step)))
        return Tensor(np.int64(seed)), Tensor(np.int64(offset))

    def next_key(self) -> jax.Array:  # noqa: D102 - Generator's
        return _random.next_key()


default_generator: Generator = _DefaultGenerator()


def seed() -> int:
    """Seed the default generator with a fresh random number and return it.

    Returns:
        int, the new seed.

    Examples:
        >>> import deepsink as ms
        >>> s = ms.seed()
        >>> print(ms.initial_seed() == s)
        True
    """
    return default_generator.seed()


def manual_seed(seed: int) -> Generator:  # noqa: F811 - MindSpore's name
    """Seed the default generator: the ops that draw from it (mint's random functions) draw the same
    numbers after the same seed.

    Args:
        seed (int): the seed.

    Returns:
        Generator, the default generator.

    Raises:
        TypeError: if ``seed`` is not an int.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import mint
        >>> _ = ms.manual_seed(13)
        >>> a = mint.rand(3)
        >>> _ = ms.manual_seed(13)
        >>> print(ms.initial_seed(), bool((mint.rand(3) == a).all()))
        13 True
    """
    return default_generator.manual_seed(seed)


def initial_seed() -> int:
    """The seed of the default generator.

    Returns:
        int, the seed.

    Examples:
        >>> import deepsink as ms
        >>> _ = ms.manual_seed(14)
        >>> print(ms.initial_seed())
        14
    """
    return default_generator.initial_seed()


def get_rng_state() -> Any:
    """The state of the default generator (a 16-byte UInt8 Tensor).

    Returns:
        Tensor, the state.

    Examples:
        >>> import deepsink as ms
        >>> _ = ms.manual_seed(7)
        >>> print(ms.get_rng_state())
        [7 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0]
    """
    return default_generator.get_state()


def set_rng_state(state: Any) -> None:
    """Restore the default generator's state from :func:`get_rng_state`.

    Args:
        state (Tensor): the state.

    Raises:
        TypeError: if ``state`` is not a Tensor.
        ValueError: if it is not 16 UInt8 values.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import mint
        >>> state = ms.get_rng_state()
        >>> a = mint.rand(2)
        >>> ms.set_rng_state(state)
        >>> print(bool((mint.rand(2) == a).all()))
        True
    """
    default_generator.set_state(state)


# mindspore.common exports these (the package cannot import this module without a cycle)
import deepsink.common as _common  # noqa: E402

for _name in (
    "Generator",
    "default_generator",
    "get_rng_state",
    "initial_seed",
    "manual_seed",
    "seed",
    "set_rng_state",
):
    setattr(_common, _name, globals()[_name])
