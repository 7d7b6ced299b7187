"""Parameter: a named, mutable Tensor owned by Cells; ParameterTuple."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core.functional import StateBox
from deepsink._core.validate import check_non_negative_int
from deepsink.common.tensor import Tensor

PARAMETER_NAME_DEFAULT = "Parameter"


class Parameter(StateBox, Tensor):
    """MindSpore's ``Parameter(default_input, name=None, requires_grad=True)``.

    Its value is a mutable box: ``set_data``/``ops.assign`` replace it, and ``_core.functional``
    binds traced values into it while a Cell runs under a JAX transform.

    Args:
        default_input (Union[Tensor, int, float, numpy.ndarray, list]): the initial value.
        name (str, optional): the name; a Cell names its Parameters after their attribute path.
            Default: ``None``.
        requires_grad (bool): the optimizers update it. Default: ``True``.
        layerwise_parallel (bool): MindSpore's parallel flag. Default: ``False``.
        parallel_optimizer (bool): MindSpore's parallel flag. Default: ``True``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> p = ms.Parameter(ms.Tensor(np.ones((2,), np.float32)), name='w')
        >>> p.set_data(ms.Tensor(np.array([3.0, 4.0], np.float32)))
        Parameter (name=w, shape=(2,), dtype=Float32, requires_grad=True)
        >>> print(p.name, p.asnumpy(), p.requires_grad)
        w [3. 4.] True
    """

    def __init__(
        self,
        default_input: Any,
        name: str | None = None,
        requires_grad: bool = True,
        layerwise_parallel: bool = False,
        parallel_optimizer: bool = True,
    ) -> None:
        if isinstance(default_input, Tensor):
            data = default_input._data
        elif isinstance(default_input, jax.Array | np.ndarray):
            data = jnp.asarray(default_input)
        elif isinstance(default_input, int | float | bool):
            data = Tensor(default_input)._data
        else:
            from deepsink.common.initializer import Initializer

            if isinstance(default_input, Initializer):
                raise TypeError(
                    "For 'Parameter', 'default_input' must be a Tensor, numpy array or number; "
                    "to use an Initializer pass initializer(init, shape, dtype), "
                    f"but got {default_input!r}"
                )
            raise TypeError(
                "For 'Parameter', 'default_input' must be a Tensor, numpy array or number, "
                f"but got {type(default_input).__name__}"
            )
        if name is not None and not isinstance(name, str):
            raise TypeError(f"For 'Parameter', 'name' must be a str, but got {name!r}")
        self._data = data
        self.name = name or PARAMETER_NAME_DEFAULT
        self.requires_grad = bool(requires_grad)
        self.layerwise_parallel = layerwise_parallel
        self.parallel_optimizer = parallel_optimizer

    def __repr__(self) -> str:
        return (
            f"Parameter (name={self.name}, shape={self.shape}, dtype={self.dtype}, "
            f"requires_grad={self.requires_grad})"
        )

    __str__ = __repr__

    @property
    def data(self) -> Parameter:
        return self

    def value(self) -> Tensor:
        return Tensor._from(self._data)

    @property
    def is_init(self) -> bool:
        return True

    def init_data(self, *args, **kwargs) -> Parameter:
        return self

    def set_data(self, data: Any, slice_shape: bool = False) -> Parameter:
        """Replace the value, cast to the Parameter's dtype. As in MindSpore 2.10 the shape may
        change (``slice_shape`` only records that the value is a slice)."""
        new = data._data if isinstance(data, Tensor) else jnp.asarray(data)
        if new.dtype != self._data.dtype:
            new = new.astype(self._data.dtype)
        self._data = new
        return self

    @property
    def comm_fusion(self) -> int:
        """MindSpore's fusion group (int >= 0) of the collectives that gather or reduce this
        Parameter in a parallel step. deepsink records it; XLA's combiner passes decide which
        collectives are fused. Default: ``1``."""
        return self.__dict__.get("_comm_fusion", 1)

    @comm_fusion.setter
    def comm_fusion(self, value: int) -> None:
        self.__dict__["_comm_fusion"] = check_non_negative_int(value, "comm_fusion", "Parameter")

    def clone(self, init: Any = "same") -> Parameter:
        """A new Parameter with the same name and shape, copied or filled by ``init``."""
        if init == "same":
            data = jnp.array(self._data, copy=True)
        else:
            from deepsink.common.initializer import initializer

            data = initializer(init, self.shape, self.dtype)._data
        return Parameter(Tensor._from(data), self.name, self.requires_grad)

    def copy(self) -> Parameter:
        return self.clone()


jax.tree_util.register_pytree_node(
    Parameter, lambda t: ((t._data,), None), lambda _, c: Tensor._from(c[0])
)


class ParameterTuple(tuple):
    """A tuple of Parameters (unique names), as MindSpore's ``ParameterTuple``.

    Args:
        iterable (Iterable[Parameter]): the Parameters, with unique names.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> params = ms.ParameterTuple(nn.Dense(2, 1).trainable_params())
        >>> print([p.name for p in params])
        ['weight', 'bias']
    """

    def __new__(cls, iterable=()) -> ParameterTuple:
        items = tuple(iterable)
        for p in items:
            if not isinstance(p, Parameter):
                raise TypeError(
                    f"For 'ParameterTuple', every element must be a Parameter, but got {type(p).__name__}"
                )
        return super().__new__(cls, items)

    def clone(self, prefix: str, init: Any = "same") -> ParameterTuple:
        """Copies named ``prefix.<name>`` (the optimizer's ``moments.conv1.weight``)."""
        if not isinstance(prefix, str) or not prefix:
            raise ValueError(
                f"For 'ParameterTuple.clone', 'prefix' must be a non-empty str, but got {prefix!r}"
            )
        out = []
        for p in self:
            c = p.clone(init)
            c.name = f"{prefix}.{p.name}"
            out.append(c)
        return ParameterTuple(out)
