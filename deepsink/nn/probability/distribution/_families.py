"""The construction the distribution families share: ``LocationScale`` (Logistic, Cauchy,
Gumbel: a location and a positive scale) and ``Probabilities`` (Bernoulli, Geometric,
Categorical: probabilities and a sample dtype of any number type)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deepsink import ops
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.nn.probability.distribution._checks import (
    check_dtype,
    check_positive,
    check_prob,
    describe,
    sampler,
)
from deepsink.nn.probability.distribution.distribution import Distribution

DISCRETE_TYPES = mstype.int_type + mstype.uint_type + mstype.float_type


class LocationScale(Distribution):
    """A distribution of a location ``loc`` and a positive ``scale``, sampled from uniform draws.

    Args:
        loc, scale: the parameters (None: given on each call).
        seed (int): the seed of ``sample``.
        dtype (mindspore.dtype): a float type.
        name (str): the distribution's name.
        param (dict): the subclass's arguments.

    Raises:
        ValueError: an element of ``scale`` is not positive.
        TypeError: ``dtype`` is not a float type.

    Examples:
        >>> from deepsink.nn.probability import distribution as msd
        >>> print(msd.Logistic(0.0, 2.0).scale)
        2.0
    """

    LOC_TEXT = "location"  # how extend_repr names loc

    def __init__(
        self, loc: Any, scale: Any, seed: int | None, dtype: Any, name: str, param: dict
    ) -> None:
        param["param_dict"] = {"loc": loc, "scale": scale}
        check_dtype(dtype, mstype.float_type, type(self).__name__)
        super().__init__(seed, dtype, name, param)
        self._loc = self._add_parameter(loc, "loc")
        self._scale = self._add_parameter(scale, "scale")
        if self._scale is not None:
            check_positive(self._scale, "scale")
        self._draw = sampler("uniform", self.seed)

    def extend_repr(self) -> str:
        return describe(self, f"{self.LOC_TEXT} = {self._loc}, scale = {self._scale}")

    @property
    def loc(self) -> Tensor | None:
        return self._loc

    @property
    def scale(self) -> Tensor | None:
        return self._scale

    def _get_dist_type(self) -> str:
        return type(self).__name__

    def _get_dist_args(self, loc: Any = None, scale: Any = None) -> tuple:
        return self._check_param_type(loc, scale)

    def _z(self, value: Any, loc: Any, scale: Any) -> tuple[Tensor, Tensor]:
        """The standardised value ``(value - loc) / scale``, and the scale."""
        value = self._value(value)
        loc, scale = self._check_param_type(loc, scale)
        return (value - loc) / scale, scale

    def _mode(self, loc: Any = None, scale: Any = None) -> Tensor:
        return self._check_param_type(loc, scale)[0]

    def _sample_from_uniform(
        self, shape: tuple, loc: Any, scale: Any, standard: Callable[[Tensor], Tensor]
    ) -> Tensor:
        """``loc + scale * standard(u)`` for uniform draws ``u`` of ``shape`` + the batch."""
        loc, scale = self._check_param_type(loc, scale)
        u = self._draw(tuple(shape) + tuple(loc.shape), self.parameter_type)
        return ops.cast(loc + scale * standard(u), self.dtype)


class Probabilities(Distribution):
    """A distribution of probabilities ``probs``, its samples of any number type.

    Args:
        probs: the probabilities (None: given on each call).
        seed (int): the seed of ``sample``.
        dtype (mindspore.dtype): the type of the samples.
        name (str): the distribution's name.
        param (dict): the subclass's arguments.
        check (Callable): the check of ``probs`` given at construction.

    Raises:
        TypeError: ``dtype`` is not a number type.

    Examples:
        >>> from deepsink.nn.probability import distribution as msd
        >>> print(msd.Bernoulli(0.25).probs)
        0.25
    """

    def __init__(
        self,
        probs: Any,
        seed: int | None,
        dtype: Any,
        name: str,
        param: dict,
        check: Callable[[Tensor], None] = check_prob,
    ) -> None:
        param["param_dict"] = {"probs": probs}
        check_dtype(dtype, DISCRETE_TYPES, type(self).__name__)
        super().__init__(seed, dtype, name, param)
        self._probs = self._add_parameter(probs, "probs")
        if self._probs is not None:
            check(self._probs)
        self._draw = sampler("uniform", self.seed)

    def extend_repr(self) -> str:
        return describe(self, f"probs = {self._probs}")

    @property
    def probs(self) -> Tensor | None:
        return self._probs

    def _get_dist_type(self) -> str:
        return type(self).__name__

    def _get_dist_args(self, probs: Any = None) -> tuple:
        return (self._check_param_type(probs),)
