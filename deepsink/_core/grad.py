"""Gradients: ``GradOperation``, ``grad`` and ``value_and_grad`` over ``functional.pure``.

The weights are bound as the differentiated state; any other state the function writes (BatchNorm
statistics, the RNG key) comes out of the trace as auxiliary output and is written back afterwards,
so gradients work the same eagerly, under GRAPH_MODE and inside the sink loop.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import jax
import jax.numpy as jnp

from deepsink._core import functional
from deepsink._core.tracebacks import api_boundary
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor, unwrap, unwrap_tree, wrap


def _is_float(x: Any) -> bool:
    return jnp.issubdtype(jnp.result_type(x), jnp.inexact)


def vjp(fn: Callable, args: Sequence[Any], positions: Sequence[int], weights: Sequence[Parameter],
        has_aux: bool = False) -> tuple[Any, Any, Callable]:  # fmt: skip
    """Run ``fn(*args)``; return (output, aux, pullback). ``pullback(ct) -> (input_grads, weight_grads)``.

    ``output`` is the differentiated output as arrays; ``aux`` the rest of ``fn``'s outputs when
    ``has_aux`` (as returned), else None. Integer inputs get zero gradients.
    """
    weights = tuple(weights)
    f = functional.pure(fn, weights)
    arrays = [unwrap(a) for a in args]
    diff = [p for p in positions if _is_float(arrays[p])]
    escaped_boxes: list = []

    def g(w_vals, x_vals):
        call_args = list(args)
        for p, v in zip(diff, x_vals):
            call_args[p] = Tensor._from(v) if isinstance(args[p], Tensor) else v
        out, _, escaped = f(w_vals, *call_args)
        escaped_boxes[:] = [b for b, _ in escaped]
        if has_aux:
            if not isinstance(out, tuple) or not out:
                raise TypeError(
                    "For 'grad', 'fn' must return a tuple (output, *aux) when 'has_aux' is True"
                )
            out, aux = out[0], out[1:]
        else:
            aux = None
        return unwrap_tree(out), (unwrap_tree(aux), [v for _, v in escaped])

    out, pullback, (aux, escaped_values) = jax.vjp(
        g, functional.values(weights), [arrays[p] for p in diff], has_aux=True
    )
    functional.apply_escaped(list(zip(escaped_boxes, escaped_values)))

    def grads(ct: Any) -> tuple[list, list]:
        w_grads, x_grads = pullback(ct)
        by_pos = dict(zip(diff, x_grads))
        in_grads = [by_pos[p] if p in by_pos else jnp.zeros_like(arrays[p]) for p in positions]
        return in_grads, list(w_grads)

    return out, aux, grads


def _ones_like(out: Any) -> Any:
    return jax.tree_util.tree_map(jnp.ones_like, out)


def _scalar_ct(out: Any, api: str) -> Any:
    if not isinstance(out, jax.Array) or out.size != 1:
        shape = list(out.shape) if isinstance(out, jax.Array) else type(out).__name__
        raise ValueError(
            f"For '{api}', the output of 'fn' must be a scalar (one element) to be differentiated "
            f"without a sensitivity, but got shape {shape}; reduce it (e.g. .sum()) or use "
            "GradOperation(sens_param=True)"
        )
    return jnp.ones_like(out)


def _weights_of(weights: Any, api: str) -> tuple[tuple[Parameter, ...], bool]:
    """Normalise ``weights``; the flag says a single Parameter was given (single gradient back)."""
    if weights is None:
        return (), False
    if isinstance(weights, Parameter):
        return (weights,), True
    weights = tuple(weights)
    for w in weights:
        if not isinstance(w, Parameter):
            raise TypeError(
                f"For '{api}', 'weights' must be a Parameter, ParameterTuple or list of Parameters, "
                f"but got an element of type {type(w).__name__}"
            )
    return weights, False


class GradOperation:
    """MindSpore's ``GradOperation(get_all, get_by_list, sens_param)``.

    Without ``sens_param`` the sensitivity is ones shaped like the output (MindSpore's rule).
    """

    def __init__(self, get_all: bool = False, get_by_list: bool = False, sens_param: bool = False):
        for name, v in (
            ("get_all", get_all),
            ("get_by_list", get_by_list),
            ("sens_param", sens_param),
        ):
            if not isinstance(v, bool):
                raise TypeError(f"For 'GradOperation', '{name}' must be a bool, but got {v!r}")
        self.get_all, self.get_by_list, self.sens_param = get_all, get_by_list, sens_param

    def __call__(self, fn: Callable, weights: Any = None) -> Callable:
        if self.get_by_list and weights is None:
            raise ValueError(
                "For 'GradOperation', 'weights' must be given when 'get_by_list' is True"
            )
        ws, _ = _weights_of(weights if self.get_by_list else None, "GradOperation")

        def grad_fn(*args: Any) -> Any:
            if self.sens_param:
                if not args:
                    raise ValueError(
                        "For 'GradOperation', 'sens_param' is True but no sens was given"
                    )
                args, sens = args[:-1], args[-1]
            if not args and not self.get_by_list:
                raise ValueError(
                    "For 'GradOperation', the function needs at least one input to differentiate"
                )
            positions = range(len(args)) if self.get_all else range(min(1, len(args)))
            out, _, pull = vjp(fn, args, list(positions), ws)
            ct = unwrap_tree(sens) if self.sens_param else _ones_like(out)
            if self.sens_param and isinstance(out, tuple) and not isinstance(ct, tuple | list):
                raise ValueError(
                    f"For 'GradOperation', 'sens' must be a tuple of {len(out)} tensors for a tuple output"
                )
            ct = jax.tree_util.tree_map(lambda o, s: jnp.asarray(s, o.dtype).reshape(o.shape), out,
                                        type(out)(ct) if isinstance(out, tuple) else ct)  # fmt: skip
            in_g, w_g = pull(ct)
            in_g, w_g = tuple(wrap(list(in_g))), tuple(wrap(list(w_g)))
            if self.get_all and self.get_by_list:
                return in_g, w_g
            if self.get_by_list:
                return w_g
            return in_g if self.get_all else in_g[0]

        return api_boundary(grad_fn)


def _positions(grad_position: Any, n: int, api: str) -> tuple[list[int], bool]:
    if grad_position is None:
        return [], False
    single = isinstance(grad_position, int) and not isinstance(grad_position, bool)
    pos = [grad_position] if single else list(grad_position)
    for p in pos:
        if isinstance(p, bool) or not isinstance(p, int) or not -n <= p < n:
            raise ValueError(
                f"For '{api}', 'grad_position' must be an int or tuple of ints in [{-n}, {n}), "
                f"but got {grad_position!r}"
            )
    return [p % n for p in pos], single


def value_and_grad(fn: Callable, grad_position: Any = 0, weights: Any = None, has_aux: bool = False,
                   return_ids: bool = False) -> Callable:  # fmt: skip
    """MindSpore 2.x ``value_and_grad``: ``(outputs, grads)``; with has_aux only the first output counts.

    Unlike MindSpore 2.10, which silently differentiates a non-scalar output as if it were summed,
    the differentiated output must be a scalar (reduce it explicitly); ``GradOperation`` keeps
    MindSpore's implicit all-ones sensitivity.
    """
    return _grad_fn(fn, grad_position, weights, has_aux, "value_and_grad", with_value=True)


def grad(fn: Callable, grad_position: Any = 0, weights: Any = None, has_aux: bool = False,
         return_ids: bool = False) -> Callable:  # fmt: skip
    """MindSpore 2.x ``grad``: the gradients (and ``aux`` when has_aux) of ``fn``; the differentiated
    output must be a scalar (see ``value_and_grad``)."""
    return _grad_fn(fn, grad_position, weights, has_aux, "grad", with_value=False)


def _grad_fn(fn, grad_position, weights, has_aux, api, with_value):
    if grad_position is None and weights is None:
        raise ValueError(f"For '{api}', 'grad_position' and 'weights' cannot both be None")
    ws, single_w = _weights_of(weights, api)

    @api_boundary
    def run(*args: Any) -> Any:
        positions, single_pos = _positions(grad_position, len(args), api)
        out, aux, pull = vjp(fn, args, positions, ws, has_aux)
        in_g, w_g = pull(_scalar_ct(out, api))
        in_g, w_g = wrap(list(in_g)), wrap(list(w_g))
        pos_part = in_g[0] if single_pos else tuple(in_g)
        w_part = w_g[0] if single_w else tuple(w_g)
        if grad_position is None:
            grads = w_part
        elif weights is None:
            grads = pos_part
        else:
            grads = (pos_part, w_part)
        if with_value:
            value = (wrap(out), *wrap(list(aux))) if has_aux else wrap(out)
            return value, grads
        return (grads, tuple(wrap(list(aux)))) if has_aux else grads

    return run
