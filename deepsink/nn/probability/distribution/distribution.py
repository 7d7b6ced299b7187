"""``Distribution``: the base Cell of MindSpore's distributions. It holds the parameters given at
construction (each method takes them again on the call, overriding), checks and broadcasts them,
derives the functions a distribution leaves out from those it defines (``prob`` from
``log_prob``, ``var`` from ``sd``, ``survival_function`` from ``cdf``, ...), and dispatches the
Cell call form ``dist('prob', value, *params)``."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink import ops
from deepsink._checkparam import check_non_negative_int, check_value_type
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.nn.cell import Cell

# the functions a distribution may define, and how a missing one derives from the others
_DERIVED = {
    "prob": (("_log_prob", lambda self, f: lambda *a: ops.exp(f(*a))),),
    "log_prob": (("_prob", lambda self, f: lambda *a: ops.log(f(*a))),),
    "sd": (("_var", lambda self, f: lambda *a: ops.sqrt(f(*a))),),
    "var": (("_sd", lambda self, f: lambda *a: ops.square(f(*a))),),
    "cdf": (
        ("_log_cdf", lambda self, f: lambda *a: ops.exp(f(*a))),
        ("_survival_function", lambda self, f: lambda *a: 1.0 - f(*a)),
        ("_log_survival", lambda self, f: lambda *a: 1.0 - ops.exp(f(*a))),
    ),
    "survival_function": (
        ("_log_survival", lambda self, f: lambda *a: ops.exp(f(*a))),
        ("_call_cdf", lambda self, f: lambda *a: 1.0 - f(*a)),
    ),
    "log_cdf": (("_call_cdf", lambda self, f: lambda *a: ops.log(f(*a))),),
    "log_survival": (("_call_survival_function", lambda self, f: lambda *a: ops.log(f(*a))),),
}
_CALLS = (
    "log_prob prob cdf log_cdf survival_function log_survival kl_loss mean mode sd var entropy "
    "cross_entropy sample get_dist_args get_dist_type"
).split()


def not_implemented(func: str, name: str) -> Any:
    raise NotImplementedError(f"{func} is not implemented for {name} distribution.")


def check_tensor(value: Any, name: str) -> Tensor:
    if not isinstance(value, Tensor):
        raise TypeError(f"For {name}, input type must be a Tensor or Parameter.")
    return value


class Distribution(Cell):
    """The base class of the distributions.

    Args:
        seed (int): the seed of ``sample``'s draws; ``None`` is 0 (the global seed's stream).
        dtype (mindspore.dtype): the type of the samples (and of the evaluated values).
        name (str): the distribution's name, used in messages.
        param (dict): the subclass's arguments, with ``param_dict`` its named parameters.

    Raises:
        TypeError: ``name`` is not a str.
        ValueError: ``seed`` is a negative int.

    Examples:
        >>> from deepsink.nn.probability import distribution as msd
        >>> n = msd.Normal(0.0, 1.0)
        >>> print(n.name, n.batch_shape, n.is_scalar_batch)
        Normal () True
    """

    def __init__(self, seed: int | None, dtype: Any, name: str, param: dict) -> None:
        super().__init__()
        seed = 0 if seed is None else seed
        check_value_type("name", name, [str], type(self).__name__)
        check_non_negative_int(seed, "seed", name)
        self._name, self._seed, self._dtype = name, seed, dtype
        self._parameters = {k: v for k, v in param.items() if k != "self" and k[:1] != "_"}
        self.default_parameters: list[Any] = []
        self.parameter_names: list[str] = []
        if "distribution" in self._parameters:  # a TransformedDistribution: its base's shapes
            self.parameter_type = self._parameters["distribution"].parameter_type
            base = self._parameters["distribution"]
            self._batch_shape, self._is_scalar_batch = base.batch_shape, base.is_scalar_batch
            self._broadcast_shape = self._batch_shape
            for public in _DERIVED:
                setattr(self, f"_call_{public}", self._resolve(public))
            return
        param_dict = self._parameters.get("param_dict", {})
        # the parameters' dtype: the distribution's float type, float32 for a discrete one
        self.parameter_type = dtype if dtype in mstype.float_type else mstype.float32
        values = [v for v in param_dict.values() if v is not None]
        if len(values) == len(param_dict):
            shapes = [np.shape(v.asnumpy() if isinstance(v, Tensor) else v) for v in values]
            self._batch_shape = tuple(np.broadcast_shapes(*shapes)) if shapes else ()
        else:
            self._batch_shape = None
        self._is_scalar_batch = all(isinstance(v, int | float) for v in values)
        self._broadcast_shape = self._batch_shape
        for public in _DERIVED:
            setattr(self, f"_call_{public}", self._resolve(public))

    def _resolve(self, public: str) -> Any:
        own = getattr(self, f"_{public}", None)
        if own is not None:
            return own
        tails = ("_cdf", "_log_cdf", "_survival_function", "_log_survival")
        has_tail = any(getattr(self, t, None) is not None for t in tails)
        if public not in ("survival_function", "log_cdf", "log_survival") or has_tail:
            for source, derive in _DERIVED[public]:
                f = getattr(self, source, None)
                if f is not None:
                    return derive(self, f)
        # 2.10 names log_survival's missing implementation 'log_cdf'
        shown = "log_cdf" if public == "log_survival" else public
        return lambda *a, **k: not_implemented(shown, self.name)

    @property
    def name(self) -> str:
        return self._name

    @property
    def dtype(self) -> Any:
        return self._dtype

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def parameters(self) -> dict:
        return self._parameters

    @property
    def is_scalar_batch(self) -> bool:
        return self._is_scalar_batch

    @property
    def batch_shape(self) -> tuple | None:
        return self._batch_shape

    @property
    def broadcast_shape(self) -> tuple | None:
        return self._broadcast_shape

    def _add_parameter(self, value: Any, name: str) -> Tensor | None:
        """Record a parameter given at construction (None when left for the calls)."""
        t = None if value is None else ops.cast(Tensor(value), self.parameter_type)
        self.default_parameters.append(t)
        self.parameter_names.append(name)
        return t

    def _check_param_type(self, *args: Any) -> Any:
        """The parameters of a call: each given one (a Tensor) or the default, broadcast to one
        shape, in the parameter dtype; a single parameter alone, several as a tuple."""
        out = []
        for arg, name, default in zip(args, self.parameter_names, self.default_parameters):
            if arg is not None:
                check_tensor(arg, name)
            elif default is None:
                raise TypeError(
                    f"the type {name} must be subclass of Tensor. It can not be None since it is "
                    "not specified during initialization."
                )
            else:
                arg = default
            out.append(ops.cast(arg, self.parameter_type))
        if len(out) == 1:
            return out[0]
        shape = np.broadcast_shapes(*(tuple(o.shape) for o in out))
        return tuple(ops.broadcast_to(o, shape) for o in out)

    def _check_value(self, value: Any, name: str) -> Tensor:
        return check_tensor(value, name)

    def _value(self, value: Any) -> Tensor:
        """A value to evaluate at, in the parameters' dtype."""
        return ops.cast(check_tensor(value, "value"), self.parameter_type)

    def get_dist_args(self, *args: Any, **kwargs: Any) -> Any:
        return self._get_dist_args(*args, **kwargs)

    def _get_dist_args(self, *args: Any, **kwargs: Any) -> Any:
        return not_implemented("get_dist_args", self.name)

    def get_dist_type(self) -> str:
        return self._get_dist_type()

    def _get_dist_type(self) -> str:
        return not_implemented("get_dist_type", self.name)

    def prob(self, value: Any, *args: Any, **kwargs: Any) -> Tensor:
        return self._call_prob(value, *args, **kwargs)

    def log_prob(self, value: Any, *args: Any, **kwargs: Any) -> Tensor:
        return self._call_log_prob(value, *args, **kwargs)

    def cdf(self, value: Any, *args: Any, **kwargs: Any) -> Tensor:
        return self._call_cdf(value, *args, **kwargs)

    def log_cdf(self, value: Any, *args: Any, **kwargs: Any) -> Tensor:
        return self._call_log_cdf(value, *args, **kwargs)

    def survival_function(self, value: Any, *args: Any, **kwargs: Any) -> Tensor:
        return self._call_survival_function(value, *args, **kwargs)

    def log_survival(self, value: Any, *args: Any, **kwargs: Any) -> Tensor:
        return self._call_log_survival(value, *args, **kwargs)

    def sd(self, *args: Any, **kwargs: Any) -> Tensor:
        return self._call_sd(*args, **kwargs)

    def var(self, *args: Any, **kwargs: Any) -> Tensor:
        return self._call_var(*args, **kwargs)

    def mean(self, *args: Any, **kwargs: Any) -> Tensor:
        return self._mean(*args, **kwargs)

    def _mean(self, *args: Any, **kwargs: Any) -> Tensor:
        return not_implemented("mean", self.name)

    def mode(self, *args: Any, **kwargs: Any) -> Tensor:
        return self._mode(*args, **kwargs)

    def _mode(self, *args: Any, **kwargs: Any) -> Tensor:
        return not_implemented("mode", self.name)

    def entropy(self, *args: Any, **kwargs: Any) -> Tensor:
        return self._entropy(*args, **kwargs)

    def _entropy(self, *args: Any, **kwargs: Any) -> Tensor:
        return not_implemented("entropy", self.name)

    def kl_loss(self, dist: str, *args: Any, **kwargs: Any) -> Tensor:
        return self._kl_loss(dist, *args, **kwargs)

    def _kl_loss(self, *args: Any, **kwargs: Any) -> Tensor:
        return not_implemented("kl_loss", self.name)

    def cross_entropy(self, dist: str, *args: Any, **kwargs: Any) -> Tensor:
        """``entropy`` of this distribution plus ``kl_loss`` to ``dist`` (of the same family)."""
        return self._cross_entropy(dist, *args, **kwargs)

    def _cross_entropy(self, dist: str, *args: Any, **kwargs: Any) -> Tensor:
        own = args[len(self.parameter_names) :]  # after the other distribution's parameters
        return self._entropy(*own) + self._kl_loss(dist, *args, **kwargs)

    def sample(self, *args: Any, **kwargs: Any) -> Tensor:
        return self._sample(*args, **kwargs)

    def _sample(self, *args: Any, **kwargs: Any) -> Tensor:
        return not_implemented("sample", self.name)

    def _check_dist(self, dist: str) -> None:
        check_value_type("dist", dist, [str], self.name)

    def construct(self, name: str, *args: Any, **kwargs: Any) -> Any:
        if name not in _CALLS:
            return not_implemented(name, self.name)
        return getattr(self, name)(*args, **kwargs)
