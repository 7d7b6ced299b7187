"""The checks and helpers the distributions share: ``dtype`` and parameter checks in 2.10's words,
the ``repr`` body, and the seeded draws of ``sample``."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink import ops
from deepsink.common.tensor import Tensor


def check_dtype(dtype: Any, valid: tuple, cls: str) -> None:
    if dtype not in valid:
        names = ", ".join(repr(t) for t in valid)
        raise TypeError(
            f"For '{cls}', the 'dtype' should be one of [{names}], but got '{dtype!r}'."
        )


def _values(t: Tensor) -> np.ndarray:
    return np.asarray(t.asnumpy())


def check_positive(value: Tensor, name: str) -> None:
    if not (_values(value) > 0).all():
        raise ValueError(f"{name} must be greater than zero.")


def check_prob(value: Tensor) -> None:
    """A probability strictly between 0 and 1."""
    v = _values(value)
    if not (v > 0).all():
        raise ValueError("Probabilities must be greater than zero")
    if not (v < 1).all():
        raise ValueError("Probabilities must be less than one")


def check_less(low: Tensor, high: Tensor, name_low: str, name_high: str) -> None:
    if not (_values(low) < _values(high)).all():
        raise ValueError(f"{name_low} must be less than {name_high}")


def describe(dist: Any, scalar_text: str) -> str:
    """The body of a distribution's ``repr``: its parameters when they are scalars, else its
    batch shape."""
    return scalar_text if dist.is_scalar_batch else f"batch_shape = {dist.broadcast_shape}"


def sampler(kind: str, seed: int) -> Any:
    """``draw(shape, dtype)``: standard normal or uniform [0, 1) draws from one seeded primitive,
    whose stream advances on each call (seed 0: the global seed's stream)."""
    prim = ops.StandardNormal(seed=seed) if kind == "normal" else ops.UniformReal(seed=seed)

    def draw(shape: tuple, dtype: Any) -> Tensor:
        return ops.cast(prim(tuple(int(s) for s in shape)), dtype)

    return draw


def check_not_scalar(value: Any, name: str) -> None:
    """Gamma, Beta and Poisson take their parameters as arrays or Tensors (2.10's rule)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        raise TypeError(f"Input {name} can't be scalar")
