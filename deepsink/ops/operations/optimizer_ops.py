"""MindSpore's optimizer primitives: ``ApplyAdaMax``, ``ApplyFtrl``, ``SparseApplyAdagrad``,
``FusedSparseAdam``, ``Adam``, ``SGD``, ``LARSUpdate``, ``FusedAdaFactor``, ...

Each one checks its inputs as MindSpore does, runs the update rule of
``deepsink.ops.function.optimizer_func`` (the rule the ``nn`` optimizers use too), writes the new
values into the Parameter inputs in place (``ops.ApplyMomentum``'s way) and returns the outputs
MindSpore documents. Tensor (not Parameter) inputs are updated in place too, as MindSpore does,
except a constant Tensor captured by a compiled function (its new value is only returned). MindSpore's CPU kernels of ``Adam``, ``AdamWeightDecay``,
``ApplyRMSProp``, ``ApplyCenteredRMSProp`` and the ``FusedSparse*`` ops return placeholder
outputs; deepsink returns the updated values there.
"""

from __future__ import annotations

import numbers
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops._table_primitive import REQUIRED, TablePrimitive
from deepsink.ops.function import optimizer_func as R

__all__ = [
    "Adam",
    "AdamNoUpdateParam",
    "AdamWeightDecay",
    "ApplyAdaMax",
    "ApplyAdadelta",
    "ApplyAdagrad",
    "ApplyAdagradDA",
    "ApplyAdagradV2",
    "ApplyAdamWithAmsgrad",
    "ApplyAdamWithAmsgradV2",
    "ApplyAddSign",
    "ApplyCenteredRMSProp",
    "ApplyFtrl",
    "ApplyGradientDescent",
    "ApplyKerasMomentum",
    "ApplyPowerSign",
    "ApplyProximalAdagrad",
    "ApplyProximalGradientDescent",
    "ApplyRMSProp",
    "FusedAdaFactor",
    "FusedAdaFactorWithGlobalNorm",
    "FusedCastAdamWeightDecay",
    "FusedSparseAdam",
    "FusedSparseFtrl",
    "FusedSparseLazyAdam",
    "FusedSparseProximalAdagrad",
    "FusedWeightScaleApplyMomentum",
    "LARSUpdate",
    "SGD",
    "SparseApplyAdadelta",
    "SparseApplyAdagrad",
    "SparseApplyAdagradV2",
    "SparseApplyFtrl",
    "SparseApplyFtrlV2",
    "SparseApplyProximalAdagrad",
    "SparseApplyRMSProp",
]

_FLOATS = (jnp.float16, jnp.float32, jnp.float64, jnp.bfloat16)


def _check_bool(api: str, name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        U.fail(
            api, f"the '{name}' must be a bool, but got {type(value).__name__} {value!r}", TypeError
        )
    return value


def _check_float(
    api: str,
    name: str,
    value: Any,
    *,
    lo: float | None = None,
    hi: float | None = None,
    lo_open: bool = False,
) -> float:
    if isinstance(value, bool) or not isinstance(value, float | int):
        U.fail(
            api,
            f"the '{name}' must be a float, but got {type(value).__name__} {value!r}",
            TypeError,
        )
    value = float(value)
    if lo is not None and (value < lo or (lo_open and value == lo)):
        bound = f"> {lo}" if lo_open else f">= {lo}"
        U.fail(api, f"the '{name}' must be {bound}, but got {value}")
    if hi is not None and value > hi:
        U.fail(api, f"the '{name}' must be <= {hi}, but got {value}")
    return value


def _leaks(value: Any, old: Any) -> bool:
    """Whether storing ``value`` in place of ``old`` would keep a traced value past its trace."""
    return isinstance(value, jax.core.Tracer) and not isinstance(old, jax.core.Tracer)


class _OptimizerPrimitive(TablePrimitive):
    """The input handling shared by the optimizer primitives.

    ``_params``: the constructor's arguments, (name, default) pairs: a bool default makes a bool
    argument, any other a float one (``_bounds``: its limits, ``_check_float``'s keywords).

    ``_inputs``: MindSpore's input names in order. ``_refs``: the inputs updated in place
    (Parameters or Tensors). ``_same_shape``: the inputs shaped like ``var`` (the first ref);
    by default the other refs and, for a dense update, the ``_tensors``. ``_tensors``: inputs
    that must be Tensors (gradients, indices). Every other input is a hyper-parameter: a number
    or a 1-element Tensor. ``_outputs``: the names returned (one name: a single Tensor); by
    default the refs. ``_update``: the update rule of ``optimizer_func`` called with the inputs
    in order, returning the new refs (a primitive with attributes overrides ``_rule``).
    """

    _inputs: tuple[str, ...] = ()
    _refs: tuple[str, ...] = ()
    _same_shape: tuple[str, ...] | None = None
    _tensors: tuple[str, ...] = ("grad",)
    _outputs: tuple[str, ...] = ()
    _sparse = False
    _int_inputs: tuple[str, ...] = ()
    _bounds: dict[str, dict] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        for field in ("_inputs", "_refs", "_same_shape", "_tensors", "_outputs", "_int_inputs"):
            value = cls.__dict__.get(field)
            if isinstance(value, str):  # "var, m, v": the names in order
                setattr(cls, field, tuple(n.strip() for n in value.split(",")))
        super().__init_subclass__(**kwargs)

    def _init(self) -> None:
        for name, default in self._params:
            if isinstance(default, bool):
                _check_bool(self.name, name, getattr(self, name))
            else:
                _check_float(self.name, name, getattr(self, name), **self._bounds.get(name, {}))

    def __call__(self, *args: Any) -> Any:
        api = self.name
        if len(args) != len(self._inputs):
            U.fail(
                api,
                f"{len(self._inputs)} inputs ({', '.join(self._inputs)}) are expected, "
                f"but got {len(args)}",
            )
        given = dict(zip(self._inputs, args))
        values: dict[str, Any] = {}
        for name in self._refs:
            x = given[name]
            if not isinstance(x, Tensor):
                U.fail(
                    api,
                    f"the '{name}' must be a Parameter or Tensor, but got {type(x).__name__}",
                    TypeError,
                )
            a = x._data
            if a.dtype not in _FLOATS:
                U.fail(
                    api,
                    f"the dtype of '{name}' must be a float type (float16, float32, "
                    f"float64), but got {a.dtype}",
                    TypeError,
                )
            values[name] = a
        var = values[self._refs[0]]
        for name in self._tensors:
            x = given[name]
            if not isinstance(x, Tensor):
                U.fail(api, f"the '{name}' must be a Tensor, but got {type(x).__name__}", TypeError)
            values[name] = x._data
        for name in self._inputs:
            if name in values:
                continue
            values[name] = self._scalar(name, given[name], var.dtype)
        self._check_shapes(values)
        if self._sparse:
            self._check_sparse(values)
        new = self._rule(values)
        for name, value in new.items():
            target = given.get(name)
            if isinstance(target, Tensor) and name in self._refs:
                old = target._data
                if not isinstance(target, Parameter) and _leaks(value, old):
                    continue  # a constant Tensor captured by a compiled function keeps its value
                target._data = value.astype(old.dtype) if value.dtype != old.dtype else value
        outs = tuple(
            Tensor._from(self._output(name, new, values)) for name in self._outputs or self._refs
        )
        return outs[0] if len(outs) == 1 else outs

    def _output(self, name: str, new: dict, values: dict) -> Any:
        return new.get(name, values.get(name))

    def _scalar(self, name: str, x: Any, dtype: Any) -> jax.Array:
        api = self.name
        if name in self._int_inputs:
            if isinstance(x, bool) or not isinstance(x, int | Tensor):
                U.fail(
                    api,
                    f"the '{name}' must be an int or an int Tensor, but got {type(x).__name__}",
                    TypeError,
                )
            a = jnp.asarray(x._data if isinstance(x, Tensor) else x)
            if not jnp.issubdtype(a.dtype, jnp.integer):
                U.fail(
                    api,
                    f"the dtype of '{name}' must be int32 or int64, but got {a.dtype}",
                    TypeError,
                )
            if a.size != 1:
                U.fail(api, f"the '{name}' must be a scalar, but got shape {list(a.shape)}")
            return a.reshape(())
        if isinstance(x, bool) or not isinstance(x, numbers.Real | Tensor | np.ndarray):
            U.fail(
                api,
                f"the '{name}' must be a Number or a Tensor, but got {type(x).__name__}",
                TypeError,
            )
        a = x._data if isinstance(x, Tensor) else jnp.asarray(x)
        if isinstance(x, Tensor | np.ndarray) and a.dtype not in _FLOATS:
            U.fail(api, f"the dtype of '{name}' must be a float type, but got {a.dtype}", TypeError)
        if a.size != 1:
            U.fail(
                api,
                f"the '{name}' must be a scalar (shape [] or [1]), but got shape {list(a.shape)}",
            )
        return a.reshape(()).astype(dtype)

    def _check_shapes(self, values: dict) -> None:
        var_name = self._refs[0]
        shape = tuple(values[var_name].shape)
        same = self._same_shape
        if same is None:
            same = self._refs[1:] + (() if self._sparse else self._tensors)
        for name in same:
            s = tuple(values[name].shape)
            if s != shape:
                U.fail(
                    self.name,
                    f"the shape of '{name}' must be the same as that of "
                    f"'{var_name}' {list(shape)}, but got {list(s)}",
                )

    def _check_sparse(self, values: dict) -> None:
        api = self.name
        var = values[self._refs[0]]
        grad, indices = values["grad"], values["indices"]
        if indices.dtype not in (jnp.int32, jnp.int64):
            U.fail(
                api,
                f"the dtype of 'indices' must be int32 or int64, but got {indices.dtype}",
                TypeError,
            )
        if indices.ndim != 1 or indices.shape[0] != grad.shape[0]:
            U.fail(
                api,
                f"'indices' must be 1-D with as many entries as 'grad' has rows "
                f"({grad.shape[0] if grad.ndim else 0}), but got shape "
                f"{list(indices.shape)}",
            )
        if tuple(grad.shape[1:]) != tuple(var.shape[1:]):
            U.fail(
                api,
                f"the shape of 'grad' must be [n] + {list(var.shape[1:])} (the rows of "
                f"'var'), but got {list(grad.shape)}",
            )
        # MindSpore's kernels skip an out-of-range row silently; deepsink refuses it when the
        # indices are concrete (traced indices: the row's update is dropped, as XLA scatters)
        if not isinstance(indices, jax.core.Tracer) and indices.size:
            idx = np.asarray(indices)
            if idx.min() < 0 or idx.max() >= var.shape[0]:
                U.fail(
                    api,
                    f"every value of 'indices' must be in [0, {var.shape[0]}), but got "
                    f"{idx.tolist()}",
                )

    def _rule(self, v: dict) -> dict:
        return _dense(self._inputs, type(self)._update, v, self._refs)


def _dense(names: tuple[str, ...], rule: Any, v: dict, refs: tuple[str, ...], **kw: Any) -> dict:
    out = rule(*(v[n] for n in names), **kw)
    out = out if isinstance(out, tuple) else (out,)
    return dict(zip(refs, out))


_LOCKING = (("use_locking", False),)  # the constructor of most optimizer primitives
_LOCKING_NESTEROV = (("use_locking", False), ("use_nesterov", False))  # momentum and Adam kinds


class ApplyAdaMax(_OptimizerPrimitive):
    """``ApplyAdaMax()(var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad)``: the AdaMax
    update ``m = b1 m + (1-b1) g; v = max(b2 v, |g|); var -= lr / (1 - beta1_power) m / (v + eps)``.

    Inputs:
        - **var**, **m**, **v** (Parameter) - updated in place; ``m`` and ``v`` shaped like ``var``.
        - **beta1_power**, **lr**, **beta1**, **beta2**, **epsilon** (Union[Number, Tensor]) -
          scalars.
        - **grad** (Tensor) - shaped like ``var``.

    Outputs:
        Tuple of 3 Tensors, the new ``var``, ``m`` and ``v``.

    Raises:
        TypeError: ``var``, ``m`` or ``v`` is not a float Tensor, a scalar is not a Number or
            Tensor, or ``grad`` is not a Tensor.
        ValueError: a shape differs from ``var``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="var")
        >>> m = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="m")
        >>> v = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="v")
        >>> g = ms.Tensor(np.array([0.5, -1.0], np.float32))
        >>> out = ops.ApplyAdaMax()(var, m, v, 0.9, 0.01, 0.9, 0.999, 1e-8, g)
        >>> print(var.asnumpy())
        [0.99 1.01]
    """

    _inputs = "var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad"
    _refs = "var, m, v"

    _update = staticmethod(R.ada_max)


class ApplyAdadelta(_OptimizerPrimitive):
    """``ApplyAdadelta()(var, accum, accum_update, lr, rho, epsilon, grad)``: the Adadelta update.

    Inputs:
        - **var**, **accum**, **accum_update** (Parameter) - updated in place.
        - **lr**, **rho**, **epsilon** (Union[Number, Tensor]) - scalars.
        - **grad** (Tensor) - shaped like ``var``.

    Outputs:
        Tuple of 3 Tensors, the new ``var``, ``accum`` and ``accum_update``.

    Raises:
        TypeError: a state is not a float Tensor or a scalar is not a Number or Tensor.
        ValueError: a shape differs from ``var``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="var")
        >>> acc = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="acc")
        >>> upd = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="upd")
        >>> _ = ops.ApplyAdadelta()(var, acc, upd, 1.0, 0.9, 1e-6, ms.Tensor(np.ones(2, np.float32)))
        >>> print(np.round(var.asnumpy(), 5))
        [0.99684 0.99684]
    """

    _inputs = "var, accum, accum_update, lr, rho, epsilon, grad"
    _refs = "var, accum, accum_update"

    _update = staticmethod(R.adadelta)


class ApplyAdagrad(_OptimizerPrimitive):
    """``ApplyAdagrad(update_slots=True)(var, accum, lr, grad)``: ``accum += g^2;
    var -= lr g / sqrt(accum)`` (``accum`` kept when ``update_slots`` is False).

    Args:
        update_slots (bool): whether ``accum`` is updated. Default: ``True``.

    Inputs:
        - **var**, **accum** (Parameter) - updated in place.
        - **lr** (Union[Number, Tensor]) - a scalar.
        - **grad** (Tensor) - shaped like ``var``.

    Outputs:
        Tuple of 2 Tensors, the new ``var`` and ``accum``.

    Raises:
        TypeError: ``update_slots`` is not a bool, or an input has the wrong type.
        ValueError: a shape differs from ``var``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="var")
        >>> acc = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="acc")
        >>> _ = ops.ApplyAdagrad()(var, acc, 0.1, ms.Tensor(np.array([2.0, 4.0], np.float32)))
        >>> print(var.asnumpy(), acc.asnumpy())
        [0.9 0.9] [ 4. 16.]
    """

    _inputs = "var, accum, lr, grad"
    _refs = "var, accum"

    _params = (("update_slots", True),)

    def _rule(self, v: dict) -> dict:
        return _dense(self._inputs, R.adagrad, v, self._refs, update_slots=self.update_slots)


class ApplyAdagradV2(_OptimizerPrimitive):
    """``ApplyAdagradV2(epsilon, update_slots=True)(var, accum, lr, grad)``: Adagrad with
    ``var -= lr g / (sqrt(accum) + epsilon)``.

    Args:
        epsilon (float): added to the denominator.
        update_slots (bool): whether ``accum`` is updated. Default: ``True``.

    Inputs:
        - **var**, **accum** (Parameter) - updated in place.
        - **lr** (Union[Number, Tensor]) - a scalar.
        - **grad** (Tensor) - shaped like ``var``.

    Outputs:
        Tuple of 2 Tensors, the new ``var`` and ``accum``.

    Raises:
        TypeError: ``epsilon`` is not a float or ``update_slots`` not a bool.
        ValueError: a shape differs from ``var``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="var")
        >>> acc = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="acc")
        >>> _ = ops.ApplyAdagradV2(epsilon=1.0)(var, acc, 0.3, ms.Tensor(np.array([2.0, 2.0], np.float32)))
        >>> print(var.asnumpy())
        [0.8 0.8]
    """

    _inputs = "var, accum, lr, grad"
    _refs = "var, accum"

    _params = (("epsilon", REQUIRED), ("update_slots", True))

    def _rule(self, v: dict) -> dict:
        eps = jnp.asarray(self.epsilon, v["var"].dtype)
        return _dense(
            self._inputs, R.adagrad, v, self._refs, update_slots=self.update_slots, epsilon=eps
        )


class ApplyAdagradDA(_OptimizerPrimitive):
    """``ApplyAdagradDA(use_locking=False)(var, gradient_accumulator,
    gradient_squared_accumulator, grad, lr, l1, l2, global_step)``: Adagrad dual averaging; the
    two accumulators are updated in place and ``var`` is recomputed from them.

    Args:
        use_locking (bool): accepted for compatibility (updates are never concurrent).
            Default: ``False``.

    Inputs:
        - **var**, **gradient_accumulator**, **gradient_squared_accumulator** (Parameter).
        - **grad** (Tensor) - shaped like ``var``.
        - **lr**, **l1**, **l2** (Union[Number, Tensor]) - scalars.
        - **global_step** (Union[int, Tensor]) - an int32/int64 scalar.

    Outputs:
        Tensor, the new ``var``.

    Raises:
        TypeError: ``use_locking`` is not a bool or ``global_step`` is not an int.
        ValueError: a shape differs from ``var``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="var")
        >>> ga = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="ga")
        >>> gsa = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="gsa")
        >>> g = ms.Tensor(np.array([1.0, -2.0], np.float32))
        >>> print(ops.ApplyAdagradDA()(var, ga, gsa, g, 0.1, 0.0, 0.0, 1))
        [-0.1  0.1]
    """

    _params = _LOCKING
    _inputs = (
        "var, gradient_accumulator, gradient_squared_accumulator, grad, lr, l1, l2, global_step"
    )
    _refs = "var, gradient_accumulator, gradient_squared_accumulator"
    _outputs = "var"
    _int_inputs = "global_step"

    _update = staticmethod(R.adagrad_da)


class ApplyAdamWithAmsgrad(_OptimizerPrimitive):
    """``ApplyAdamWithAmsgrad(beta1=0.9, beta2=0.999, epsilon=1e-8, use_locking=False)(var, m, v,
    vhat, beta1_power, beta2_power, lr, grad)``: Adam with ``vhat = max(vhat, v)`` in the
    denominator.

    Args:
        beta1 (float), beta2 (float), epsilon (float): the moment decays and the denominator's
            term. Default: 0.9, 0.999, 1e-8.
        use_locking (bool): accepted for compatibility. Default: ``False``.

    Inputs:
        - **var**, **m**, **v**, **vhat** (Parameter) - updated in place.
        - **beta1_power**, **beta2_power**, **lr** (Union[float, Tensor]) - scalars.
        - **grad** (Tensor) - shaped like ``var``.

    Outputs:
        Tuple of 4 Tensors, the new ``var``, ``m``, ``v`` and ``vhat``.

    Raises:
        TypeError: an argument is not a float, or an input has the wrong type.
        ValueError: a shape differs from ``var``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> ps = [ms.Parameter(ms.Tensor(np.full(2, x, np.float32)), name=n)
        ...       for n, x in (("var", 1.0), ("m", 0.0), ("v", 0.0), ("vhat", 0.0))]
        >>> g = ms.Tensor(np.array([1.0, -1.0], np.float32))
        >>> _ = ops.ApplyAdamWithAmsgrad()(*ps, 0.9, 0.999, 0.1, g)
        >>> print(np.round(ps[0].asnumpy(), 4))
        [0.9 1.1]
    """

    _inputs = "var, m, v, vhat, beta1_power, beta2_power, lr, grad"
    _refs = "var, m, v, vhat"

    _params = (("beta1", 0.9), ("beta2", 0.999), ("epsilon", 1e-8), ("use_locking", False))

    def _rule(self, v: dict) -> dict:
        dt = v["var"].dtype
        consts = [jnp.asarray(x, dt) for x in (self.beta1, self.beta2, self.epsilon)]
        return dict(
            zip(
                self._refs,
                R.adam_with_amsgrad(
                    v["var"],
                    v["m"],
                    v["v"],
                    v["vhat"],
                    v["beta1_power"],
                    v["beta2_power"],
                    v["lr"],
                    *consts,
                    v["grad"],
                ),
            )
        )


class ApplyAdamWithAmsgradV2(_OptimizerPrimitive):
    """``ApplyAdamWithAmsgradV2(use_locking=False)(var, m, v, vhat, beta1_power, beta2_power, lr,
    beta1, beta2, epsilon, grad)``: ``ApplyAdamWithAmsgrad`` with the decays and epsilon as inputs.

    Args:
        use_locking (bool): accepted for compatibility. Default: ``False``.

    Inputs:
        **var**, **m**, **v**, **vhat**, **beta1_power**, **beta2_power**, **lr** as
        ``ApplyAdamWithAmsgrad``, then **beta1**, **beta2**, **epsilon** (Union[float, Tensor]),
        then **grad**.

    Outputs:
        As ``ApplyAdamWithAmsgrad``.

    Raises:
        TypeError, ValueError: as ``ApplyAdamWithAmsgrad``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> ps = [ms.Parameter(ms.Tensor(np.full(2, x, np.float32)), name=n)
        ...       for n, x in (("var", 1.0), ("m", 0.0), ("v", 0.0), ("vhat", 0.0))]
        >>> g = ms.Tensor(np.array([1.0, -1.0], np.float32))
        >>> _ = ops.ApplyAdamWithAmsgradV2()(*ps, 0.9, 0.999, 0.1, 0.9, 0.999, 1e-8, g)
        >>> print(np.round(ps[0].asnumpy(), 4))
        [0.9 1.1]
    """

    _params = _LOCKING
    _inputs = "var, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad"
    _refs = "var, m, v, vhat"

    _update = staticmethod(R.adam_with_amsgrad)


class ApplyAddSign(_OptimizerPrimitive):
    """``ApplyAddSign()(var, m, lr, alpha, sign_decay, beta, grad)``: ``m = beta m + (1-beta) g``;
    ``var -= lr (alpha + sign_decay sign(g) sign(m)) g``.

    Inputs:
        - **var**, **m** (Parameter) - updated in place.
        - **lr**, **alpha**, **sign_decay**, **beta** (Union[Number, Tensor]) - scalars.
        - **grad** (Tensor) - shaped like ``var``.

    Outputs:
        Tuple of 2 Tensors, the new ``var`` and ``m``.

    Raises:
        TypeError: an input has the wrong type.
        ValueError: a shape differs from ``var``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="var")
        >>> m = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="m")
        >>> g = ms.Tensor(np.array([1.0, -1.0], np.float32))
        >>> _ = ops.ApplyAddSign()(var, m, 0.1, 1.0, 0.5, 0.9, g)
        >>> print(var.asnumpy())
        [0.85 1.15]
    """

    _inputs = "var, m, lr, alpha, sign_decay, beta, grad"
    _refs = "var, m"

    _update = staticmethod(R.add_sign)


class ApplyPowerSign(_OptimizerPrimitive):
    """``ApplyPowerSign()(var, m, lr, logbase, sign_decay, beta, grad)``: ``m = beta m + (1-beta)
    g``; ``var -= lr exp(logbase sign_decay sign(g) sign(m)) g``.

    Inputs:
        - **var**, **m** (Parameter) - updated in place.
        - **lr**, **logbase**, **sign_decay**, **beta** (Union[Number, Tensor]) - scalars.
        - **grad** (Tensor) - shaped like ``var``.

    Outputs:
        Tuple of 2 Tensors, the new ``var`` and ``m``.

    Raises:
        TypeError: an input has the wrong type.
        ValueError: a shape differs from ``var``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="var")
        >>> m = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="m")
        >>> g = ms.Tensor(np.array([1.0, -1.0], np.float32))
        >>> _ = ops.ApplyPowerSign()(var, m, 0.1, 0.0, 1.0, 0.9, g)
        >>> print(var.asnumpy())
        [0.9 1.1]
    """

    _inputs = "var, m, lr, logbase, sign_decay, beta, grad"
    _refs = "var, m"

    _update = staticmethod(R.power_sign)


class ApplyCenteredRMSProp(_OptimizerPrimitive):
    """``ApplyCenteredRMSProp(use_locking=False)(var, mean_gradient, mean_square, moment, grad,
    learning_rate, decay, momentum, epsilon)``: RMSProp normalized by the running variance
    ``mean_square - mean_gradient^2``.

    Args:
        use_locking (bool): accepted for compatibility. Default: ``False``.

    Inputs:
        - **var**, **mean_gradient**, **mean_square**, **moment** (Parameter) - updated in place.
        - **grad** (Tensor) - shaped like ``var``.
        - **learning_rate**, **decay**, **momentum**, **epsilon** (Union[Number, Tensor]).

    Outputs:
        Tensor, the new ``var``.

    Raises:
        TypeError: ``use_locking`` is not a bool or an input has the wrong type.
        ValueError: a shape differs from ``var``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> ps = [ms.Parameter(ms.Tensor(np.full(2, x, np.float32)), name=n)
        ...       for n, x in (("var", 1.0), ("mg", 0.0), ("ms", 1.0), ("mom", 0.0))]
        >>> g = ms.Tensor(np.ones(2, np.float32))
        >>> print(np.round(ops.ApplyCenteredRMSProp()(*ps, g, 0.1, 0.5, 0.0, 0.0).asnumpy(), 4))
        [0.8845 0.8845]
    """

    _params = _LOCKING
    _inputs = (
        "var, mean_gradient, mean_square, moment, grad, learning_rate, decay, momentum, epsilon"
    )
    _refs = "var, mean_gradient, mean_square, moment"
    _outputs = "var"

    _update = staticmethod(R.centered_rms_prop)


class ApplyRMSProp(_OptimizerPrimitive):
    """``ApplyRMSProp(use_locking=False)(var, mean_square, moment, learning_rate, grad, decay,
    momentum, epsilon)``: ``ms = decay ms + (1-decay) g^2; mom = momentum mom + lr g /
    sqrt(ms + eps); var -= mom``.

    Args:
        use_locking (bool): accepted for compatibility. Default: ``False``.

    Inputs:
        - **var**, **mean_square**, **moment** (Parameter) - updated in place.
        - **learning_rate** (Union[Number, Tensor]), **grad** (Tensor), **decay**, **momentum**,
          **epsilon** (float).

    Outputs:
        Tensor, the new ``var``.

    Raises:
        TypeError: ``use_locking`` is not a bool or an input has the wrong type.
        ValueError: a shape differs from ``var``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="var")
        >>> ms_ = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="ms")
        >>> mom = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="mom")
        >>> g = ms.Tensor(np.ones(2, np.float32))
        >>> print(ops.ApplyRMSProp()(var, ms_, mom, 0.1, g, 0.0, 0.0, 1e-10))
        [0.9 0.9]
    """

    _params = _LOCKING
    _inputs = "var, mean_square, moment, learning_rate, grad, decay, momentum, epsilon"
    _refs = "var, mean_square, moment"
    _outputs = "var"

    _update = staticmethod(R.rms_prop)


class ApplyFtrl(_OptimizerPrimitive):
    """``ApplyFtrl(use_locking=False)(var, accum, linear, grad, lr, l1, l2, lr_power)``: the
    FTRL-proximal update (see ``nn.FTRL``); ``accum`` and ``linear`` are updated in place.

    Args:
        use_locking (bool): accepted for compatibility. Default: ``False``.

    Inputs:
        - **var**, **accum**, **linear** (Parameter) - updated in place.
        - **grad** (Tensor) - shaped like ``var``.
        - **lr**, **l1**, **l2**, **lr_power** (Union[Number, Tensor]) - scalars.

    Outputs:
        Tensor, the new ``var``.

    Raises:
        TypeError: ``use_locking`` is not a bool or an input has the wrong type.
        ValueError: a shape differs from ``var``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="var")
        >>> acc = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="acc")
        >>> lin = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="lin")
        >>> g = ms.Tensor(np.array([1.0, -1.0], np.float32))
        >>> print(np.round(ops.ApplyFtrl()(var, acc, lin, g, 0.1, 0.0, 0.0, -0.5).asnumpy(), 4))
        [-0.0707  0.0707]
    """

    _params = _LOCKING
    _inputs = "var, accum, linear, grad, lr, l1, l2, lr_power"
    _refs = "var, accum, linear"
    _outputs = "var"

    _update = staticmethod(R.ftrl)


class ApplyGradientDescent(_OptimizerPrimitive):
    """``ApplyGradientDescent()(var, alpha, delta)``: ``var -= alpha * delta``.

    Inputs:
        - **var** (Parameter) - updated in place.
        - **alpha** (Union[Number, Tensor]) - a scalar.
        - **delta** (Tensor) - shaped like ``var``.

    Outputs:
        Tensor, the new ``var``.

    Raises:
        TypeError: an input has the wrong type.
        ValueError: ``delta``'s shape differs from ``var``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="var")
        >>> print(ops.ApplyGradientDescent()(var, 0.5, ms.Tensor(np.array([1.0, 2.0], np.float32))))
        [0.5 0. ]
    """

    _inputs = "var, alpha, delta"
    _refs = "var"
    _tensors = "delta"

    _update = staticmethod(R.gradient_descent)


class ApplyKerasMomentum(_OptimizerPrimitive):
    """``ApplyKerasMomentum(use_locking=False, use_nesterov=False)(var, accum, lr, grad,
    momentum)``: ``accum = accum momentum - g lr``; ``var += accum`` (Nesterov: ``var += accum
    momentum - g lr``).

    Args:
        use_locking (bool): accepted for compatibility. Default: ``False``.
        use_nesterov (bool): Default: ``False``.

    Inputs:
        - **var**, **accum** (Parameter) - updated in place.
        - **lr** (Union[Number, Tensor]), **grad** (Tensor), **momentum** (Union[Number, Tensor]).

    Outputs:
        Tuple of 2 Tensors, the new ``var`` and ``accum``.

    Raises:
        TypeError: a flag is not a bool or an input has the wrong type.
        ValueError: a shape differs from ``var``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="var")
        >>> acc = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="acc")
        >>> _ = ops.ApplyKerasMomentum()(var, acc, 0.1, ms.Tensor(np.ones(2, np.float32)), 0.9)
        >>> print(var.asnumpy())
        [0.9 0.9]
    """

    _params = _LOCKING_NESTEROV
    _inputs = "var, accum, lr, grad, momentum"
    _refs = "var, accum"

    def _rule(self, v: dict) -> dict:
        return _dense(self._inputs, R.keras_momentum, v, self._refs, use_nesterov=self.use_nesterov)


class ApplyProximalAdagrad(_OptimizerPrimitive):
    """``ApplyProximalAdagrad(use_locking=False)(var, accum, lr, l1, l2, grad)``: ``accum += g^2``,
    then with ``lr_t = lr / sqrt(accum)``: ``v = var - lr_t g`` and the proximal L1/L2 step
    ``var = sign(v) / (1 + lr_t l2) max(|v| - lr_t l1, 0)``.

    Args:
        use_locking (bool): accepted for compatibility. Default: ``False``.

    Inputs:
        - **var**, **accum** (Parameter) - updated in place.
        - **lr**, **l1**, **l2** (Union[Number, Tensor]) - scalars.
        - **grad** (Tensor) - shaped like ``var``.

    Outputs:
        Tuple of 2 Tensors, the new ``var`` and ``accum``.

    Raises:
        TypeError: ``use_locking`` is not a bool or an input has the wrong type.
        ValueError: a shape differs from ``var``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="var")
        >>> acc = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="acc")
        >>> _ = ops.ApplyProximalAdagrad()(var, acc, 0.1, 0.0, 0.0, ms.Tensor(np.ones(2, np.float32)))
        >>> print(var.asnumpy())
        [0.9 0.9]
    """

    _params = _LOCKING
    _inputs = "var, accum, lr, l1, l2, grad"
    _refs = "var, accum"

    _update = staticmethod(R.proximal_adagrad)


class ApplyProximalGradientDescent(_OptimizerPrimitive):
    """``ApplyProximalGradientDescent()(var, alpha, l1, l2, delta)``: ``var - alpha delta`` then
    the proximal L1/L2 step.

    Inputs:
        - **var** (Parameter) - updated in place.
        - **alpha**, **l1**, **l2** (Union[Number, Tensor]) - scalars.
        - **delta** (Tensor) - shaped like ``var``.

    Outputs:
        Tensor, the new ``var``.

    Raises:
        TypeError: an input has the wrong type.
        ValueError: ``delta``'s shape differs from ``var``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="var")
        >>> d = ms.Tensor(np.array([1.0, 20.0], np.float32))
        >>> print(np.round(ops.ApplyProximalGradientDescent()(var, 0.1, 0.5, 0.0, d).asnumpy(), 4))
        [ 0.85 -0.95]
    """

    _inputs = "var, alpha, l1, l2, delta"
    _refs = "var"
    _tensors = "delta"

    _update = staticmethod(R.proximal_gradient_descent)


# --- sparse ------------------------------------------------------------------------------------
class _SparsePrimitive(_OptimizerPrimitive):
    _tensors = "grad, indices"
    _sparse = True
    _sequential = False  # repeated indices: summed first (False) or applied in turn (True)

    def _rows(
        self,
        rule: Any,
        states: tuple[str, ...],
        v: dict,
        *hyper: Any,
        grad_last: bool = True,
        lazy: bool = True,
    ) -> dict:
        arrays = tuple(v[s] for s in states)
        if self._sequential:
            new = R.sequential_rows(
                rule, arrays, v["grad"], v["indices"], *hyper, grad_last=grad_last
            )
        else:
            new = R.scatter_rows(
                rule, arrays, v["grad"], v["indices"], *hyper, grad_last=grad_last, lazy=lazy
            )
        return dict(zip(states, new))

    def _attr(self, name: str, v: dict) -> jax.Array:
        return jnp.asarray(getattr(self, name), v[self._refs[0]].dtype)


class SparseApplyAdadelta(_SparsePrimitive):
    """``SparseApplyAdadelta(epsilon, use_locking=False)(var, accum, accum_update, lr, rho, grad,
    indices)``: the Adadelta update on the rows named by ``indices``.

    Args:
        epsilon (float): >= 0.
        use_locking (bool): accepted for compatibility. Default: ``False``.

    Inputs:
        - **var**, **accum**, **accum_update** (Parameter) - updated in place.
        - **lr**, **rho** (Union[float, Tensor]) - scalars.
        - **grad** (Tensor) - one row per index.
        - **indices** (Tensor) - int32/int64 row indices of ``var``.

    Outputs:
        Tuple of 3 Tensors, the new ``var``, ``accum`` and ``accum_update``.

    Raises:
        TypeError: ``epsilon`` is not a float, or an input has the wrong type.
        ValueError: ``epsilon`` < 0, or the shapes of ``grad`` and ``indices`` do not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones((3, 1), np.float32)), name="var")
        >>> acc = ms.Parameter(ms.Tensor(np.zeros((3, 1), np.float32)), name="acc")
        >>> upd = ms.Parameter(ms.Tensor(np.zeros((3, 1), np.float32)), name="upd")
        >>> g = ms.Tensor(np.ones((1, 1), np.float32))
        >>> _ = ops.SparseApplyAdadelta(1e-6)(var, acc, upd, 1.0, 0.9, g, ms.Tensor([1], ms.int32))
        >>> print(np.round(var.asnumpy().ravel(), 5))
        [1.      0.99684 1.     ]
    """

    _inputs = "var, accum, accum_update, lr, rho, grad, indices"
    _refs = "var, accum, accum_update"
    _sequential = True

    _params = (("epsilon", REQUIRED), ("use_locking", False))
    _bounds = {"epsilon": {"lo": 0.0}}

    def _rule(self, v: dict) -> dict:
        eps = self._attr("epsilon", v)

        def rule(var, accum, au, lr, rho, g):
            return R.adadelta(var, accum, au, lr, rho, eps, g)

        return self._rows(rule, self._refs, v, v["lr"], v["rho"])


class SparseApplyAdagrad(_SparsePrimitive):
    """``SparseApplyAdagrad(lr, update_slots=True, use_locking=False)(var, accum, grad,
    indices)``: the Adagrad update on the rows named by ``indices`` (repeated indices'
    gradients added first).

    Args:
        lr (float): the learning rate.
        update_slots (bool): whether ``accum`` is updated. Default: ``True``.
        use_locking (bool): accepted for compatibility. Default: ``False``.

    Inputs:
        - **var**, **accum** (Parameter) - updated in place.
        - **grad** (Tensor) - one row per index.
        - **indices** (Tensor) - int32/int64 row indices of ``var``.

    Outputs:
        Tuple of 2 Tensors, the new ``var`` and ``accum``.

    Raises:
        TypeError: ``lr`` is not a float or an input has the wrong type.
        ValueError: the shapes of ``grad`` and ``indices`` do not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones((3, 1), np.float32)), name="var")
        >>> acc = ms.Parameter(ms.Tensor(np.zeros((3, 1), np.float32)), name="acc")
        >>> g = ms.Tensor(np.full((1, 1), 2.0, np.float32))
        >>> _ = ops.SparseApplyAdagrad(0.1)(var, acc, g, ms.Tensor([2], ms.int32))
        >>> print(var.asnumpy().ravel())
        [1.  1.  0.9]
    """

    _inputs = "var, accum, grad, indices"
    _refs = "var, accum"
    _epsilon = False

    _params = (("lr", REQUIRED), ("update_slots", True), ("use_locking", False))

    def _rule(self, v: dict) -> dict:
        lr = self._attr("lr", v)
        eps = self._attr("epsilon", v) if self._epsilon else None

        def rule(var, accum, g):
            return R.adagrad(var, accum, lr, g, self.update_slots, eps)

        return self._rows(rule, self._refs, v)


class SparseApplyAdagradV2(SparseApplyAdagrad):
    """``SparseApplyAdagradV2(lr, epsilon, use_locking=False, update_slots=True)(var, accum, grad,
    indices)``: ``SparseApplyAdagrad`` with ``var -= lr g / (sqrt(accum) + epsilon)``.

    Args:
        lr (float): the learning rate.
        epsilon (float): added to the denominator.
        use_locking (bool): accepted for compatibility. Default: ``False``.
        update_slots (bool): whether ``accum`` is updated. Default: ``True``.

    Inputs:
        The inputs of ``SparseApplyAdagrad``.

    Outputs:
        As ``SparseApplyAdagrad``.

    Raises:
        TypeError, ValueError: as ``SparseApplyAdagrad``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones((3, 1), np.float32)), name="var")
        >>> acc = ms.Parameter(ms.Tensor(np.zeros((3, 1), np.float32)), name="acc")
        >>> g = ms.Tensor(np.full((1, 1), 2.0, np.float32))
        >>> _ = ops.SparseApplyAdagradV2(0.3, 1.0)(var, acc, g, ms.Tensor([0], ms.int32))
        >>> print(var.asnumpy().ravel())
        [0.8 1.  1. ]
    """

    _epsilon = True

    _params = (
        ("lr", REQUIRED),
        ("epsilon", REQUIRED),
        ("use_locking", False),
        ("update_slots", True),
    )


class SparseApplyFtrl(_SparsePrimitive):
    """``SparseApplyFtrl(lr, l1, l2, lr_power, use_locking=False)(var, accum, linear, grad,
    indices)``: the FTRL update on the rows named by ``indices``, once per index in order.

    Args:
        lr (float): > 0. l1 (float), l2 (float): >= 0. lr_power (float): <= 0.
        use_locking (bool): accepted for compatibility. Default: ``False``.

    Inputs:
        - **var**, **accum**, **linear** (Parameter) - updated in place.
        - **grad** (Tensor) - one row per index.
        - **indices** (Tensor) - int32/int64 row indices of ``var``.

    Outputs:
        Tuple of 3 Tensors, the new ``var``, ``accum`` and ``linear``.

    Raises:
        TypeError: an argument is not a float, or an input has the wrong type.
        ValueError: an argument is out of its range, or the shapes do not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.zeros((2, 1), np.float32)), name="var")
        >>> acc = ms.Parameter(ms.Tensor(np.ones((2, 1), np.float32)), name="acc")
        >>> lin = ms.Parameter(ms.Tensor(np.zeros((2, 1), np.float32)), name="lin")
        >>> op = ops.SparseApplyFtrl(lr=0.1, l1=0.0, l2=0.0, lr_power=-0.5)
        >>> _ = op(var, acc, lin, ms.Tensor(np.ones((1, 1), np.float32)), ms.Tensor([1], ms.int32))
        >>> print(np.round(var.asnumpy().ravel(), 4))
        [ 0.     -0.0707]
    """

    _inputs = "var, accum, linear, grad, indices"
    _refs = "var, accum, linear"
    _shrinkage = False
    _sequential = True

    _params = (("lr", REQUIRED), ("l1", REQUIRED), ("l2", REQUIRED), ("lr_power", REQUIRED))
    _params += _LOCKING
    _bounds = {
        "lr": {"lo": 0.0, "lo_open": True},
        "l1": {"lo": 0.0},
        "l2": {"lo": 0.0},
        "lr_power": {"hi": 0.0},
    }

    def _rule(self, v: dict) -> dict:
        hyper = [self._attr(n, v) for n in ("lr", "l1", "l2", "lr_power")]
        shrink = self._attr("l2_shrinkage", v) if self._shrinkage else None

        def rule(var, accum, linear, g):
            return R.ftrl(var, accum, linear, g, *hyper, l2_shrinkage=shrink)

        return self._rows(rule, self._refs, v)


class SparseApplyFtrlV2(SparseApplyFtrl):
    """``SparseApplyFtrlV2(lr, l1, l2, l2_shrinkage, lr_power, use_locking=False)(var, accum,
    linear, grad, indices)``: ``SparseApplyFtrl`` whose gradient into ``linear`` has
    ``2 l2_shrinkage var`` added.

    Args:
        lr (float): > 0. l1 (float), l2 (float): >= 0. l2_shrinkage (float). lr_power (float): <= 0.
        use_locking (bool): accepted for compatibility. Default: ``False``.

    Inputs:
        The inputs of ``SparseApplyFtrl``.

    Outputs:
        As ``SparseApplyFtrl``.

    Raises:
        TypeError, ValueError: as ``SparseApplyFtrl``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.zeros((2, 1), np.float32)), name="var")
        >>> acc = ms.Parameter(ms.Tensor(np.ones((2, 1), np.float32)), name="acc")
        >>> lin = ms.Parameter(ms.Tensor(np.zeros((2, 1), np.float32)), name="lin")
        >>> op = ops.SparseApplyFtrlV2(lr=0.1, l1=0.0, l2=0.0, l2_shrinkage=0.0, lr_power=-0.5)
        >>> _ = op(var, acc, lin, ms.Tensor(np.ones((1, 1), np.float32)), ms.Tensor([1], ms.int32))
        >>> print(np.round(var.asnumpy().ravel(), 4))
        [ 0.     -0.0707]
    """

    _shrinkage = True

    _params = (("lr", REQUIRED), ("l1", REQUIRED), ("l2", REQUIRED), ("l2_shrinkage", REQUIRED))
    _params += (("lr_power", REQUIRED),) + _LOCKING


class SparseApplyProximalAdagrad(_SparsePrimitive):
    """``SparseApplyProximalAdagrad(use_locking=False)(var, accum, lr, l1, l2, grad, indices)``:
    the proximal Adagrad update on the rows named by ``indices``.

    Args:
        use_locking (bool): accepted for compatibility. Default: ``False``.

    Inputs:
        - **var**, **accum** (Parameter) - updated in place.
        - **lr**, **l1**, **l2** (Union[Number, Tensor]) - scalars.
        - **grad** (Tensor) - one row per index.
        - **indices** (Tensor) - int32/int64 row indices of ``var``.

    Outputs:
        Tuple of 2 Tensors, the new ``var`` and ``accum``.

    Raises:
        TypeError: ``use_locking`` is not a bool or an input has the wrong type.
        ValueError: the shapes of ``grad`` and ``indices`` do not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones((2, 1), np.float32)), name="var")
        >>> acc = ms.Parameter(ms.Tensor(np.zeros((2, 1), np.float32)), name="acc")
        >>> op = ops.SparseApplyProximalAdagrad()
        >>> _ = op(var, acc, 0.1, 0.0, 0.0, ms.Tensor(np.ones((1, 1), np.float32)), ms.Tensor([0], ms.int32))
        >>> print(var.asnumpy().ravel())
        [0.9 1. ]
    """

    _params = _LOCKING
    _inputs = "var, accum, lr, l1, l2, grad, indices"
    _refs = "var, accum"

    def _rule(self, v: dict) -> dict:
        return self._rows(R.proximal_adagrad, self._refs, v, v["lr"], v["l1"], v["l2"])


class SparseApplyRMSProp(_SparsePrimitive):
    """``SparseApplyRMSProp(rho, momentum, epsilon, use_locking=False)(var, ms, mom, lr, grad,
    indices)``: the RMSProp update on the rows named by ``indices``, once per index in order.

    Args:
        rho (float), momentum (float), epsilon (float): the decay, the momentum and the ridge
            term (``epsilon`` > 0).
        use_locking (bool): accepted for compatibility. Default: ``False``.

    Inputs:
        - **var**, **ms**, **mom** (Parameter) - updated in place.
        - **lr** (Union[Number, Tensor]) - a scalar.
        - **grad** (Tensor) - one row per index.
        - **indices** (Tensor) - int32/int64 row indices of ``var``.

    Outputs:
        Tuple of 3 Tensors, the new ``var``, ``ms`` and ``mom``.

    Raises:
        TypeError: an argument is not a float, or an input has the wrong type.
        ValueError: ``epsilon`` <= 0, or the shapes do not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones((2, 1), np.float32)), name="var")
        >>> ms_ = ms.Parameter(ms.Tensor(np.ones((2, 1), np.float32)), name="ms")
        >>> mom = ms.Parameter(ms.Tensor(np.zeros((2, 1), np.float32)), name="mom")
        >>> op = ops.SparseApplyRMSProp(0.0, 0.0, 1e-10)
        >>> _ = op(var, ms_, mom, 0.1, ms.Tensor(np.ones((1, 1), np.float32)), ms.Tensor([1], ms.int32))
        >>> print(var.asnumpy().ravel())
        [1.  0.9]
    """

    _inputs = "var, ms, mom, lr, grad, indices"
    _refs = "var, ms, mom"
    _sequential = True

    _params = (("rho", REQUIRED), ("momentum", REQUIRED), ("epsilon", REQUIRED)) + _LOCKING
    _bounds = {"epsilon": {"lo": 0.0, "lo_open": True}}

    def _rule(self, v: dict) -> dict:
        rho, mom, eps = (self._attr(n, v) for n in ("rho", "momentum", "epsilon"))

        def rule(var, ms_, mom_, lr, g):
            return R.rms_prop(var, ms_, mom_, lr, g, rho, mom, eps)

        return self._rows(rule, self._refs, v, v["lr"])


class FusedSparseAdam(_SparsePrimitive):
    """``FusedSparseAdam(use_locking=False, use_nesterov=False)(var, m, v, beta1_power,
    beta2_power, lr, beta1, beta2, epsilon, grad, indices)``: Adam with a gradient given as rows
    (repeated indices added): every row's moments decay and every row moves, as dense Adam on
    the scattered gradient.

    Args:
        use_locking (bool), use_nesterov (bool): Default: ``False``.

    Inputs:
        - **var**, **m**, **v** (Parameter) - updated in place.
        - **beta1_power**, **beta2_power**, **lr**, **beta1**, **beta2**, **epsilon** (Tensor).
        - **grad** (Tensor) - one row per index.
        - **indices** (Tensor) - int32 row indices of ``var``.

    Outputs:
        Tuple of 3 Tensors, the new ``var``, ``m`` and ``v``.

    Raises:
        TypeError: a flag is not a bool or an input has the wrong type.
        ValueError: the shapes do not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones((2, 1), np.float32)), name="var")
        >>> m = ms.Parameter(ms.Tensor(np.zeros((2, 1), np.float32)), name="m")
        >>> v = ms.Parameter(ms.Tensor(np.zeros((2, 1), np.float32)), name="v")
        >>> t = lambda x: ms.Tensor(np.float32(x))
        >>> _ = ops.FusedSparseAdam()(var, m, v, t(0.9), t(0.999), t(0.1), t(0.9), t(0.999),
        ...                           t(1e-8), ms.Tensor(np.ones((1, 1), np.float32)), ms.Tensor([0], ms.int32))
        >>> print(np.round(var.asnumpy().ravel(), 4))
        [0.9 1. ]
    """

    _params = _LOCKING_NESTEROV
    _inputs = "var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad, indices"
    _refs = "var, m, v"
    _lazy = False

    def _rule(self, v: dict) -> dict:
        hyper = [v[n] for n in self._inputs[3:9]]

        def rule(var, m, v_, *args):
            return R.adam(var, m, v_, *args, use_nesterov=self.use_nesterov)

        return self._rows(rule, self._refs, v, *hyper, lazy=self._lazy)


class FusedSparseLazyAdam(FusedSparseAdam):
    """``FusedSparseLazyAdam(use_locking=False, use_nesterov=False)(var, m, v, beta1_power,
    beta2_power, lr, beta1, beta2, epsilon, grad, indices)``: Adam on the rows named by
    ``indices`` only (repeated indices added); the other rows and their moments are unchanged.

    Args:
        use_locking (bool), use_nesterov (bool): as ``FusedSparseAdam``.

    Inputs:
        The inputs of ``FusedSparseAdam``.

    Outputs:
        As ``FusedSparseAdam``.

    Raises:
        TypeError, ValueError: as ``FusedSparseAdam``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones((2, 1), np.float32)), name="var")
        >>> m = ms.Parameter(ms.Tensor(np.full((2, 1), 0.5, np.float32)), name="m")
        >>> v = ms.Parameter(ms.Tensor(np.ones((2, 1), np.float32)), name="v")
        >>> t = lambda x: ms.Tensor(np.float32(x))
        >>> _ = ops.FusedSparseLazyAdam()(var, m, v, t(0.9), t(0.999), t(0.1), t(0.9), t(0.999),
        ...                               t(1e-8), ms.Tensor(np.ones((1, 1), np.float32)), ms.Tensor([0], ms.int32))
        >>> print(m.asnumpy().ravel())
        [0.55 0.5 ]
    """

    _lazy = True


class FusedSparseFtrl(SparseApplyFtrl):
    """``FusedSparseFtrl(lr, l1, l2, lr_power, use_locking=False)(var, accum, linear, grad,
    indices)``: the FTRL update on the rows named by ``indices`` (``SparseApplyFtrl``'s rule;
    repeated indices' gradients are added first).

    Args:
        lr, l1, l2, lr_power, use_locking: as ``SparseApplyFtrl``.

    Inputs:
        The inputs of ``SparseApplyFtrl``.

    Outputs:
        As ``SparseApplyFtrl``.

    Raises:
        TypeError, ValueError: as ``SparseApplyFtrl``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.zeros((2, 1), np.float32)), name="var")
        >>> acc = ms.Parameter(ms.Tensor(np.ones((2, 1), np.float32)), name="acc")
        >>> lin = ms.Parameter(ms.Tensor(np.zeros((2, 1), np.float32)), name="lin")
        >>> op = ops.FusedSparseFtrl(lr=0.1, l1=0.0, l2=0.0, lr_power=-0.5)
        >>> _ = op(var, acc, lin, ms.Tensor(np.ones((1, 1), np.float32)), ms.Tensor([1], ms.int32))
        >>> print(np.round(var.asnumpy().ravel(), 4))
        [ 0.     -0.0707]
    """

    _sequential = False


class FusedSparseProximalAdagrad(SparseApplyProximalAdagrad):
    """``FusedSparseProximalAdagrad(use_locking=False)(var, accum, lr, l1, l2, grad, indices)``:
    the proximal Adagrad update on the rows named by ``indices`` (repeated indices added).

    Args:
        use_locking (bool): as ``SparseApplyProximalAdagrad``.

    Inputs:
        The inputs of ``SparseApplyProximalAdagrad``.

    Outputs:
        As ``SparseApplyProximalAdagrad``.

    Raises:
        TypeError, ValueError: as ``SparseApplyProximalAdagrad``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones((2, 1), np.float32)), name="var")
        >>> acc = ms.Parameter(ms.Tensor(np.zeros((2, 1), np.float32)), name="acc")
        >>> t = lambda x: ms.Tensor(np.float32(x))
        >>> op = ops.FusedSparseProximalAdagrad()
        >>> _ = op(var, acc, t(0.1), t(0.0), t(0.0), ms.Tensor(np.ones((1, 1), np.float32)), ms.Tensor([0], ms.int32))
        >>> print(var.asnumpy().ravel())
        [0.9 1. ]
    """


# --- Adam family, SGD, LARS, fused ----------------------------------------------------------------
class Adam(_OptimizerPrimitive):
    """``Adam(use_locking=False, use_nesterov=False)(var, m, v, beta1_power, beta2_power, lr,
    beta1, beta2, epsilon, gradient)``: ``m``, ``v`` updated, ``var -= lr sqrt(1 - beta2_power) /
    (1 - beta1_power) m / (sqrt(v) + epsilon)`` (``beta1 m + (1 - beta1) g`` as numerator with
    ``use_nesterov``).

    Args:
        use_locking (bool), use_nesterov (bool): Default: ``False``.

    Inputs:
        - **var**, **m**, **v** (Parameter) - updated in place.
        - **beta1_power**, **beta2_power**, **lr**, **beta1**, **beta2**, **epsilon**
          (Union[float, Tensor]) - scalars.
        - **gradient** (Tensor) - shaped like ``var``.

    Outputs:
        Tuple of 3 Tensors, the new ``var``, ``m`` and ``v``.

    Raises:
        TypeError: a flag is not a bool or an input has the wrong type.
        ValueError: a shape differs from ``var``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="var")
        >>> m = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="m")
        >>> v = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="v")
        >>> g = ms.Tensor(np.array([1.0, -1.0], np.float32))
        >>> _ = ops.Adam()(var, m, v, 0.9, 0.999, 0.1, 0.9, 0.999, 1e-8, g)
        >>> print(np.round(var.asnumpy(), 4))
        [0.9 1.1]
    """

    _params = _LOCKING_NESTEROV
    _inputs = "var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient"
    _refs = "var, m, v"
    _tensors = "gradient"

    def _rule(self, v: dict) -> dict:
        return _dense(self._inputs, R.adam, v, self._refs, use_nesterov=self.use_nesterov)


class AdamNoUpdateParam(_OptimizerPrimitive):
    """``AdamNoUpdateParam(use_locking=False, use_nesterov=False)(m, v, beta1_power, beta2_power,
    lr, beta1, beta2, epsilon, gradient)``: Adam's moments updated in place and the change of
    the parameter returned (not applied).

    Args:
        use_locking (bool), use_nesterov (bool): Default: ``False``.

    Inputs:
        - **m**, **v** (Parameter) - updated in place.
        - **beta1_power**, **beta2_power**, **lr**, **beta1**, **beta2**, **epsilon** (Tensor).
        - **gradient** (Tensor) - shaped like ``m``.

    Outputs:
        Tensor, ``-lr_t m / (sqrt(v) + epsilon)``, shaped like ``m``.

    Raises:
        TypeError: a flag is not a bool or an input has the wrong type.
        ValueError: a shape differs from ``m``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> m = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="m")
        >>> v = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="v")
        >>> g = ms.Tensor(np.array([1.0, -1.0], np.float32))
        >>> print(np.round(ops.AdamNoUpdateParam()(m, v, 0.9, 0.999, 0.1, 0.9, 0.999, 1e-8, g).asnumpy(), 4))
        [-0.1  0.1]
    """

    _params = _LOCKING_NESTEROV
    _inputs = "m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient"
    _refs = "m, v"
    _tensors = "gradient"
    _outputs = "delta"

    def _rule(self, v: dict) -> dict:
        delta, m, v_ = R.adam_delta(*(v[n] for n in self._inputs), use_nesterov=self.use_nesterov)
        return {"m": m, "v": v_, "delta": delta}


class AdamWeightDecay(_OptimizerPrimitive):
    """``AdamWeightDecay(use_locking=False)(var, m, v, lr, beta1, beta2, epsilon, decay,
    gradient)``: Adam without bias correction and with decoupled weight decay:
    ``var -= lr (m / (sqrt(v) + epsilon) + decay var)``.

    Args:
        use_locking (bool): Default: ``False``.

    Inputs:
        - **var**, **m**, **v** (Parameter) - updated in place.
        - **lr**, **beta1**, **beta2**, **epsilon**, **decay** (Union[float, Tensor]) - scalars.
        - **gradient** (Tensor) - shaped like ``var``.

    Outputs:
        Tuple of 3 Tensors, the new ``var``, ``m`` and ``v``.

    Raises:
        TypeError: ``use_locking`` is not a bool or an input has the wrong type.
        ValueError: a shape differs from ``var``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="var")
        >>> m = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="m")
        >>> v = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="v")
        >>> g = ms.Tensor(np.array([1.0, -1.0], np.float32))
        >>> _ = ops.AdamWeightDecay()(var, m, v, 0.1, 0.9, 0.999, 1e-8, 0.0, g)
        >>> print(np.round(var.asnumpy(), 4))
        [0.6838 1.3162]
    """

    _params = _LOCKING
    _inputs = "var, m, v, lr, beta1, beta2, epsilon, decay, gradient"
    _refs = "var, m, v"
    _tensors = "gradient"

    def _rule(self, v: dict) -> dict:
        args = [v[n] for n in self._inputs]
        args[-1] = args[-1].astype(v["var"].dtype)
        return dict(zip(self._refs, R.adam_weight_decay(*args)))


class FusedCastAdamWeightDecay(AdamWeightDecay):
    """``FusedCastAdamWeightDecay(use_locking=False)(var, m, v, lr, beta1, beta2, epsilon, decay,
    gradient, global_norm)``: ``AdamWeightDecay`` on a (float16) gradient cast to float32 and
    divided by ``global_norm``; ``var`` may be float16 (updated in float32, stored back).

    Args:
        use_locking (bool): Default: ``False``.

    Inputs:
        The inputs of ``AdamWeightDecay``, then **global_norm** (Tensor), the gradient's divisor.

    Outputs:
        As ``AdamWeightDecay``.

    Raises:
        TypeError, ValueError: as ``AdamWeightDecay``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="var")
        >>> m = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="m")
        >>> v = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="v")
        >>> g = ms.Tensor(np.array([2.0, -2.0], np.float16))
        >>> _ = ops.FusedCastAdamWeightDecay()(var, m, v, 0.1, 0.9, 0.999, 1e-8, 0.0, g, ms.Tensor(2.0))
        >>> print(np.round(var.asnumpy(), 4))
        [0.6838 1.3162]
    """

    _inputs = AdamWeightDecay._inputs + ("global_norm",)

    def _rule(self, v: dict) -> dict:
        f32 = jnp.float32
        args = [v[n].astype(f32) for n in self._inputs[:-1]]
        args[-1] = args[-1] / v["global_norm"].astype(f32)
        return dict(zip(self._refs, R.adam_weight_decay(*args)))

    def _scalar(self, name: str, x: Any, dtype: Any) -> jax.Array:
        return super()._scalar(name, x, jnp.float32)


class SGD(_OptimizerPrimitive):
    """``SGD(dampening=0.0, weight_decay=0.0, nesterov=False)(parameters, gradient, learning_rate,
    accum, momentum, stat)``: SGD with momentum; the first step (``stat > 0``) starts the
    velocity at the gradient and clears ``stat``.

    Args:
        dampening (float): Default: 0.0.
        weight_decay (float): L2 penalty added to the gradient. Default: 0.0.
        nesterov (bool): Nesterov momentum (needs ``dampening == 0``). Default: ``False``.

    Inputs:
        - **parameters**, **accum**, **stat** (Parameter) - updated in place.
        - **gradient** (Tensor) - shaped like ``parameters``.
        - **learning_rate**, **momentum** (Tensor) - scalars.

    Outputs:
        Tensor, the new ``parameters``.

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: ``nesterov`` with a non-zero ``dampening``, or a shape mismatch.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> p = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="p")
        >>> acc = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="acc")
        >>> stat = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="stat")
        >>> g = ms.Tensor(np.array([1.0, 2.0], np.float32))
        >>> print(ops.SGD()(p, g, ms.Tensor(0.1), acc, ms.Tensor(0.9), stat))
        [0.9 0.8]
    """

    _inputs = "parameters, gradient, learning_rate, accum, momentum, stat"
    _refs = "parameters, accum, stat"
    _same_shape = "gradient, accum, stat"
    _tensors = "gradient"
    _outputs = "parameters"

    _params = (("dampening", 0.0), ("weight_decay", 0.0), ("nesterov", False))

    def _init(self) -> None:
        super()._init()
        if self.nesterov and self.dampening != 0:
            U.fail(
                self.name,
                f"if 'nesterov' is True, 'dampening' must be 0.0, but got {self.dampening}",
            )

    def _rule(self, v: dict) -> dict:
        p, a, s = R.sgd(
            v["parameters"],
            v["gradient"],
            v["learning_rate"],
            v["accum"],
            v["momentum"],
            v["stat"],
            self.dampening,
            self.weight_decay,
            self.nesterov,
        )
        return {"parameters": p, "accum": a, "stat": s}


class LARSUpdate(_OptimizerPrimitive):
    """``LARSUpdate(epsilon=1e-05, hyperpara=0.001, use_clip=False)(weight, gradient, norm_weight,
    norm_gradient, weight_decay, learning_rate)``: the LARS-scaled gradient ``ratio (gradient +
    weight_decay weight)`` with ``ratio = hyperpara ||w|| / (||g|| + weight_decay ||w|| +
    epsilon)`` (1 when a norm is 0; ``min(ratio / learning_rate, 1)`` with ``use_clip``);
    ``norm_weight`` and ``norm_gradient`` are the sums of squares. Nothing is updated in place.

    Args:
        epsilon (float): Default: 1e-05. hyperpara (float): the trust coefficient. Default: 0.001.
        use_clip (bool): Default: ``False``.

    Inputs:
        - **weight**, **gradient** (Tensor) - same shape.
        - **norm_weight**, **norm_gradient** (Tensor) - scalars.
        - **weight_decay**, **learning_rate** (Union[Number, Tensor]) - scalars.

    Outputs:
        Tensor, the new gradient.

    Raises:
        TypeError: ``epsilon`` or ``hyperpara`` is not a float, ``use_clip`` not a bool, or an
            input has the wrong type.
        ValueError: ``gradient``'s shape differs from ``weight``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> w = ms.Tensor(np.array([3.0, 4.0], np.float32))
        >>> g = ms.Tensor(np.array([0.6, 0.8], np.float32))
        >>> op = ops.LARSUpdate(epsilon=0.0, hyperpara=0.1)
        >>> print(op(w, g, ms.Tensor(np.float32(25.0)), ms.Tensor(np.float32(1.0)), 0.0, 0.1))
        [0.3 0.4]
    """

    _inputs = "weight, gradient, norm_weight, norm_gradient, weight_decay, learning_rate"
    _refs = "weight"
    _same_shape = "gradient"
    _tensors = "gradient, norm_weight, norm_gradient"
    _outputs = "output"

    _params = (("epsilon", 1e-05), ("hyperpara", 0.001), ("use_clip", False))

    def _rule(self, v: dict) -> dict:
        dt = v["weight"].dtype
        out = R.lars_update(
            v["weight"],
            v["gradient"].astype(dt),
            v["norm_weight"].reshape(()).astype(dt),
            v["norm_gradient"].reshape(()).astype(dt),
            v["weight_decay"],
            v["learning_rate"],
            jnp.asarray(self.epsilon, dt),
            jnp.asarray(self.hyperpara, dt),
            self.use_clip,
        )
        return {"output": out}


class FusedWeightScaleApplyMomentum(_OptimizerPrimitive):
    """``FusedWeightScaleApplyMomentum()(weight_decay, loss_scale, variable, accumulation,
    learning_rate, gradient, momentum)``: momentum on ``weight_decay * variable + loss_scale *
    gradient``: ``accumulation = momentum accumulation + g; variable -= learning_rate
    accumulation``.

    Inputs:
        - **weight_decay**, **loss_scale** (Tensor) - scalars.
        - **variable**, **accumulation** (Parameter) - updated in place.
        - **learning_rate** (Union[Number, Tensor]), **gradient** (Tensor), **momentum**
          (Union[Number, Tensor]).

    Outputs:
        Tensor, the new ``variable``.

    Raises:
        TypeError: an input has the wrong type.
        ValueError: a shape differs from ``variable``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> var = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="var")
        >>> acc = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="acc")
        >>> g = ms.Tensor(np.ones(2, np.float32))
        >>> op = ops.FusedWeightScaleApplyMomentum()
        >>> print(op(ms.Tensor(0.0), ms.Tensor(0.5), var, acc, 0.1, g, 0.9))
        [0.95 0.95]
    """

    _inputs = "weight_decay, loss_scale, variable, accumulation, learning_rate, gradient, momentum"
    _refs = "variable, accumulation"
    _tensors = "gradient"
    _outputs = "variable"

    _update = staticmethod(R.weight_scale_momentum)


class FusedAdaFactor(_OptimizerPrimitive):
    """``FusedAdaFactor(enable_scale_parameter=False, enable_first_moment=False,
    enable_weight_decay=False)(epsilon, clip_threshold, beta1, beta2t, weight_decay,
    learning_rate, grad, param, exp_avg, exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq)``: one
    AdaFactor step (see ``nn.AdaFactor``); ``param`` and the state are updated in place.

    Args:
        enable_scale_parameter (bool): scale the step by ``max(epsilon[1], RMS(param))``.
        enable_first_moment (bool): keep the EMA ``exp_avg`` of the update.
        enable_weight_decay (bool): decay ``param`` by ``weight_decay * lr``.

    Inputs:
        - **epsilon** (Tensor) - the pair ``(eps1, eps2)``.
        - **clip_threshold**, **beta1**, **beta2t**, **weight_decay**, **learning_rate**
          (Union[float, Tensor]) - scalars.
        - **grad** (Tensor) - shaped like ``param``.
        - **param**, **exp_avg**, **exp_avg_sq_row**, **exp_avg_sq_col**, **exp_avg_sq**
          (Parameter) - updated in place; the row/col factors are used when ``param`` has rank
          >= 2, ``exp_avg_sq`` otherwise.

    Outputs:
        Tensor, the new ``param``.

    Raises:
        TypeError: a flag is not a bool or an input has the wrong type.
        ValueError: ``grad``'s shape differs from ``param``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> mk = lambda a, n: ms.Parameter(ms.Tensor(np.array(a, np.float32)), name=n)
        >>> p, avg, sq = mk([1.0, 1.0], "p"), mk([0.0, 0.0], "avg"), mk([0.0, 0.0], "sq")
        >>> row, col = mk([0.0], "row"), mk([0.0], "col")
        >>> eps = ms.Tensor(np.array([1e-30, 1e-3], np.float32))
        >>> g = ms.Tensor(np.array([1.0, -1.0], np.float32))
        >>> _ = ops.FusedAdaFactor()(eps, 1.0, 0.9, 0.8, 0.0, 0.1, g, p, avg, row, col, sq)
        >>> print(np.round(p.asnumpy(), 4))
        [0.9 1.1]
    """

    _inputs = (
        "epsilon, clip_threshold, beta1, beta2t, weight_decay, learning_rate, "
        "grad, param, exp_avg, exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq"
    )
    _refs = "param, exp_avg, exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq"
    _same_shape = "grad"
    _tensors = "epsilon, grad"
    _outputs = "param"
    _global_norm = False

    _params = tuple(
        (n, False) for n in ("enable_scale_parameter", "enable_first_moment", "enable_weight_decay")
    )

    def _scalar(self, name: str, x: Any, dtype: Any) -> jax.Array:
        return super()._scalar(name, x, jnp.float32)

    def _rule(self, v: dict) -> dict:
        f32 = jnp.float32
        new = R.ada_factor(
            v["epsilon"].astype(f32),
            *(v[n] for n in self._inputs[1:6]),
            v["grad"],
            *(v[n] for n in self._refs),
            scale_parameter=self.enable_scale_parameter,
            first_moment=self.enable_first_moment,
            use_weight_decay=self.enable_weight_decay,
            global_norm=v["global_norm"] if self._global_norm else None,
        )
        return dict(zip(self._refs, new))


class FusedAdaFactorWithGlobalNorm(FusedAdaFactor):
    """``FusedAdaFactorWithGlobalNorm(enable_scale_parameter=False, enable_first_moment=False,
    enable_weight_decay=False)(epsilon, clip_threshold, beta1, beta2t, weight_decay,
    learning_rate, grad, param, exp_avg, exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq,
    global_norm)``: ``FusedAdaFactor`` with the gradient divided by ``global_norm`` first (when
    it is above 1).

    Args:
        enable_scale_parameter (bool), enable_first_moment (bool), enable_weight_decay (bool):
            as ``FusedAdaFactor``.

    Inputs:
        - the inputs of ``FusedAdaFactor``, then **global_norm** (Union[float, Tensor]).

    Outputs:
        Tensor, the new ``param``.

    Raises:
        TypeError: a flag is not a bool or an input has the wrong type.
        ValueError: ``grad``'s shape differs from ``param``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> mk = lambda a, n: ms.Parameter(ms.Tensor(np.array(a, np.float32)), name=n)
        >>> p, avg, sq = mk([1.0, 1.0], "p"), mk([0.0, 0.0], "avg"), mk([0.0, 0.0], "sq")
        >>> row, col = mk([0.0], "row"), mk([0.0], "col")
        >>> eps = ms.Tensor(np.array([1e-30, 1e-3], np.float32))
        >>> g = ms.Tensor(np.array([4.0, -4.0], np.float32))
        >>> op = ops.FusedAdaFactorWithGlobalNorm()
        >>> _ = op(eps, 1.0, 0.9, 0.8, 0.0, 0.1, g, p, avg, row, col, sq, 2.0)
        >>> print(np.round(p.asnumpy(), 4))
        [0.9 1.1]
    """

    _inputs = FusedAdaFactor._inputs + ("global_norm",)
    _global_norm = True
