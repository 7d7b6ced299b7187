"""MindSpore's functional transforms beside ``grad``: ``jvp``, ``vjp``, ``jacfwd``, ``jacrev``.

``vjp`` goes through ``grad.vjp`` (the one reverse-mode path: Parameters, weights, complex
conventions); the forward-mode and Jacobian transforms are JAX's (``jax.jvp``, ``jax.jacfwd``,
``jax.jacrev``) over the function with Tensors boxed and unboxed at its edges. The function is
converted from source while compiling, as ``grad`` converts it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax

from deepsink._compile import grad as _grad
from deepsink._compile import graph_syntax
from deepsink._core import functional
from deepsink._core.tracebacks import api_boundary
from deepsink.common.tensor import Tensor, unwrap_tree, wrap


def _check_has_aux(has_aux: Any) -> None:
    if not isinstance(has_aux, bool):
        raise TypeError(f"The 'has_aux' must be bool type, but got {type(has_aux).__name__}.")


def _tensors(api: str, arg: str, value: Any) -> tuple:
    items = tuple(value) if isinstance(value, tuple | list) else (value,)
    for x in items:
        if not isinstance(x, Tensor):
            raise TypeError(
                f"For '{api}', the '{arg}' must be a Tensor or a tuple/list of Tensors, but got "
                f"{type(x).__name__}."
            )
    return items


def _split_aux(api: str, out: Any, has_aux: bool) -> tuple[Any, Any]:
    if not has_aux:
        return out, ()
    if not isinstance(out, tuple) or len(out) < 2:
        raise ValueError("When 'has_aux' is True, origin 'fn' requires more than one outputs.")
    return out[0], out[1:]


def _aux_out(aux: tuple) -> Any:
    aux = wrap(aux)
    return aux[0] if len(aux) == 1 else tuple(aux)


def _on_arrays(fn: Callable, api: str, has_aux: bool, args: tuple, positions: tuple) -> Callable:
    """``fn`` as a function of the arrays at ``positions`` (other arguments fixed), returning
    (arrays of the output, arrays of the aux outputs)."""
    # run as a functionalized call: Cells inside run inline (not compiled on their own), as in
    # grad's own path
    f = functional.pure(graph_syntax.compiled(fn), ())

    def g(*arrays: Any) -> tuple[Any, Any]:
        call = list(args)
        for p, a in zip(positions, arrays, strict=True):
            call[p] = Tensor._from(a)
        out, aux = _split_aux(api, f((), *call)[0], has_aux)
        return unwrap_tree(out), unwrap_tree(aux)

    return g


@api_boundary
def jvp(fn: Callable, inputs: Any, v: Any, has_aux: bool = False) -> tuple:
    """The Jacobian-vector product of ``fn`` at ``inputs`` along ``v`` (forward mode).

    Args:
        fn (Union[Function, Cell]): Takes Tensors, returns a Tensor or a tuple of Tensors.
        inputs (Union[Tensor, tuple[Tensor], list[Tensor]]): The inputs of `fn`.
        v (Union[Tensor, tuple[Tensor], list[Tensor]]): The tangents, shaped as `inputs`.
        has_aux (bool): Only the first output is differentiated; the others are returned as
            they are. Default: ``False``.

    Returns:
        ``(net_output, jvp)``, plus ``aux_value`` when `has_aux` is ``True``.

    Raises:
        TypeError: If `inputs` or `v` is not a Tensor or a tuple/list of Tensors, or `has_aux`
            not a bool.
        ValueError: If `v` has not as many Tensors as `inputs`.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> x = ms.Tensor(np.array([1.0, 2.0], np.float32))
        >>> out, tangent = ms.jvp(lambda x: x ** 3, x, ms.Tensor(np.ones(2, np.float32)))
        >>> print(out, tangent)
        [1. 8.] [ 3. 12.]
    """
    _check_has_aux(has_aux)
    xs, vs = _tensors("jvp", "inputs", inputs), _tensors("jvp", "v", v)
    if len(xs) != len(vs):
        raise ValueError(
            f"For 'jvp', 'v' must have as many Tensors as 'inputs' ({len(xs)}), but got {len(vs)}."
        )
    g = _on_arrays(fn, "jvp", has_aux, xs, tuple(range(len(xs))))
    primals = tuple(x._data for x in xs)
    tangents = tuple(t._data.astype(x.dtype) for t, x in zip(vs, primals, strict=True))
    out, tangent, aux = jax.jvp(g, primals, tangents, has_aux=True)
    result = (wrap(_listed(out)), wrap(_listed(tangent)))
    return (*result, _aux_out(aux)) if has_aux else result


def _listed(tree: Any) -> Any:
    return tuple(tree) if isinstance(tree, list) else tree


@api_boundary
def vjp(fn: Callable, *inputs: Any, weights: Any = None, has_aux: bool = False) -> tuple:
    """The output of ``fn`` at ``inputs`` and a function giving its vector-Jacobian products.

    Args:
        fn (Union[Function, Cell]): Takes Tensors, returns a Tensor or a tuple of Tensors.
        inputs (Tensor): The inputs of `fn`.
        weights (Union[ParameterTuple, Parameter, list[Parameter]], optional): Parameters to
            differentiate as well. Default: ``None``.
        has_aux (bool, optional): Only the first output is differentiated; the others are
            returned as they are. Default: ``False``.

    Returns:
        ``(net_output, vjp_fn)``, plus ``aux_value`` when `has_aux` is ``True``. ``vjp_fn(v)``
        returns the tuple of the inputs' gradients (and the weights' tuple when `weights` is
        given), for the cotangent `v` shaped as `net_output`.

    Raises:
        TypeError: If an input is not a Tensor, or `has_aux` not a bool.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> x = ms.Tensor(np.array([1.0, 2.0], np.float32))
        >>> out, vjp_fn = ms.vjp(lambda x: x ** 3, x)
        >>> print(vjp_fn(ms.Tensor(np.ones(2, np.float32)))[0])
        [ 3. 12.]
    """
    _check_has_aux(has_aux)
    _tensors("vjp", "inputs", inputs)
    ws = _grad._weights_of(weights, "vjp")[0] if weights is not None else ()
    out, aux, pull = _grad.vjp(fn, inputs, list(range(len(inputs))), ws, has_aux)

    def vjp_fn(*v: Any) -> tuple:
        sens = v[0] if len(v) == 1 else v
        in_g, w_g = pull(out.cotangents(sens, "vjp"))
        in_g = tuple(wrap(list(in_g)))
        return in_g if weights is None else (in_g, tuple(wrap(list(w_g))))

    value = out.value()
    return (value, vjp_fn, _aux_out(tuple(aux))) if has_aux else (value, vjp_fn)


def _jacobian(transform: Callable, api: str) -> Callable:
    def make(fn: Callable, grad_position: Any = 0, has_aux: bool = False) -> Callable:
        _check_has_aux(has_aux)

        @api_boundary
        def run(*args: Any) -> Any:
            positions, single = _grad._positions(grad_position, len(args), api)
            xs = [args[p] for p in positions]
            _tensors(api, "inputs", xs)
            g = _on_arrays(fn, api, has_aux, args, tuple(positions))
            argnums = 0 if single else tuple(range(len(positions)))
            jac, aux = transform(g, argnums=argnums, has_aux=True)(*[x._data for x in xs])
            jac = wrap(_tuples(jac))
            return (jac, _aux_out(aux)) if has_aux else jac

        return run

    return make


def _tuples(tree: Any) -> Any:
    if isinstance(tree, list | tuple):
        return tuple(_tuples(t) for t in tree)
    return tree


_JACFWD_DOC = """Compute the Jacobian of ``fn`` by forward mode.

    Args:
        fn (Union[Cell, Function]): Takes Tensors, returns a Tensor or a tuple of Tensors.
        grad_position (Union[int, tuple[int]], optional): The inputs to differentiate by.
            Default: ``0``.
        has_aux (bool, optional): Only the first output is differentiated; the others are
            returned as they are. Default: ``False``.

    Returns:
        Function: returns the Jacobian (output shape then input shape), a tuple per output and
        per position where there are several, and ``(Jacobian, aux)`` when `has_aux`.

    Raises:
        TypeError: If `grad_position` or `has_aux` has a wrong type.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> x = ms.Tensor(np.array([1.0, 2.0], np.float32))
        >>> print(ms.{name}(lambda x: x ** 2)(x))
        [[2. 0.]
         [0. 4.]]
    """

jacfwd = _jacobian(jax.jacfwd, "jacfwd")
jacfwd.__name__ = jacfwd.__qualname__ = "jacfwd"
jacfwd.__doc__ = _JACFWD_DOC.replace("{name}", "jacfwd")
jacrev = _jacobian(jax.jacrev, "jacrev")
jacrev.__name__ = jacrev.__qualname__ = "jacrev"
jacrev.__doc__ = _JACFWD_DOC.replace("{name}", "jacrev").replace("forward mode", "reverse mode")


@api_boundary
def linearize(fn: Callable, inputs: Any) -> tuple:
    """The output of ``fn`` at ``inputs`` and its linear approximation there, a function of the
    tangents (forward mode, the Jacobian applied without recomputing ``fn``).

    Args:
        fn (Union[Cell, Function]): Takes Tensors, returns a Tensor or a tuple of Tensors.
        inputs (Union[Tensor, tuple[Tensor], list[Tensor]]): The inputs of `fn`.

    Returns:
        ``(output, jvp_fn)``: ``jvp_fn(v)`` is the Jacobian-vector product for the tangents `v`
        (shaped as `inputs`).

    Raises:
        TypeError: If `inputs` is not a Tensor or a tuple/list of Tensors.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.array([1.0, 2.0], np.float32))
        >>> out, jvp_fn = ops.linearize(lambda x: x ** 3, x)
        >>> print(jvp_fn(ms.Tensor(np.ones(2, np.float32))))
        [ 3. 12.]
    """
    xs = _tensors("linearize", "inputs", inputs)
    g = _on_arrays(fn, "linearize", False, xs, tuple(range(len(xs))))
    out, lin = jax.linearize(lambda *a: g(*a)[0], *[x._data for x in xs])

    def jvp_fn(v: Any) -> Any:
        vs = _tensors("linearize", "v", v)
        if len(vs) != len(xs):
            raise ValueError(
                f"For 'linearize', 'v' must have as many Tensors as 'inputs' ({len(xs)}), but "
                f"got {len(vs)}."
            )
        return wrap(
            _listed(lin(*[t._data.astype(x._data.dtype) for t, x in zip(vs, xs, strict=True)]))
        )

    return wrap(_listed(out)), jvp_fn


def get_grad(gradients: Any, identifier: Any) -> Any:
    """The gradient of one input position or Parameter among the results of ``grad`` or
    ``value_and_grad`` with ``return_ids=True``.

    Args:
        gradients (Union[tuple[int, Tensor], tuple[tuple, tuple]]): What ``grad`` returned.
        identifier (Union[int, Parameter]): An input's position, or a differentiated Parameter.

    Returns:
        Tensor, the gradient of `identifier`.

    Raises:
        RuntimeError: If `gradients` holds no gradient for `identifier`.
        TypeError: If `identifier` is not an int or a Parameter.

    Examples:
        >>> import deepsink as ms
        >>> def f(x, y):
        ...     return x * y
        >>> x, y = ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0])
        >>> print(ms.get_grad(ms.grad(f, (0, 1), return_ids=True)(x, y), 1))
        [1. 2.]
    """
    from deepsink.common.parameter import Parameter

    if isinstance(identifier, Parameter):
        key: Any = identifier.name
    elif isinstance(identifier, int) and not isinstance(identifier, bool):
        key = identifier
    else:
        raise TypeError(
            "For 'get_grad', the 'identifier' must be an int (a position) or a Parameter, but "
            f"got {type(identifier).__name__}."
        )
    stack = [gradients]
    while stack:
        g = stack.pop()
        if isinstance(g, tuple) and len(g) == 2 and isinstance(g[1], Tensor):
            if type(g[0]) is type(key) and g[0] == key:
                return g[1]
        elif isinstance(g, tuple | list):
            stack.extend(reversed(g))
    raise RuntimeError(
        f"For 'get_grad', no gradient for {key!r} in 'gradients': pass what grad or "
        "value_and_grad returned with return_ids=True, and an identifier it differentiated."
    )


def _float(x: Tensor) -> Any:
    a = x._data
    return a if jax.numpy.issubdtype(a.dtype, jax.numpy.floating) else a.astype(jax.numpy.float32)


def _taylor(fn: Callable, api: str, primals: tuple, series: tuple) -> tuple[Any, Any]:
    """``jax.experimental.jet`` of ``fn``: series[i][k] is the (k+1)-th derivative of input i
    along the path (MindSpore's convention, which is JAX's); outputs likewise."""
    from jax.experimental import jet as _jet

    g = _on_arrays(fn, api, False, primals, tuple(range(len(primals))))
    out, out_series = _jet.jet(
        lambda *a: g(*a)[0],
        tuple(_float(p) for p in primals),
        tuple(tuple(s[k] for k in range(s.shape[0])) for s in series),
    )
    return out, out_series


def _stack(series: Any) -> Any:
    return jax.numpy.stack([jax.numpy.asarray(s) for s in series])


def _check_series(api: str, primals: tuple, series: tuple) -> tuple:
    if len(series) != len(primals):
        raise ValueError(
            f"For '{api}', 'series' must have one Tensor per primal ({len(primals)}), but got "
            f"{len(series)}."
        )
    out = []
    for p, s in zip(primals, series, strict=True):
        a = _float(s)
        if a.ndim != p.ndim + 1 or tuple(a.shape[1:]) != tuple(p.shape):
            raise ValueError(
                f"For '{api}', each series must have the shape (order, *primal.shape), but got "
                f"{tuple(a.shape)} for a primal of shape {tuple(p.shape)}."
            )
        out.append(a)
    return tuple(out)


@api_boundary
def jet(fn: Callable, primals: Any, series: Any) -> tuple:
    """Higher-order derivatives of ``fn`` along a path (Taylor mode): given the inputs and their
    1st to n-th derivatives, the output and its 1st to n-th derivatives.

    Args:
        fn (Union[Cell, function]): Takes Tensors, returns a Tensor or a tuple of Tensors.
        primals (Union[Tensor, tuple[Tensor]]): The inputs (an int Tensor becomes float32).
        series (Union[Tensor, tuple[Tensor]]): Per input, its derivatives stacked on a new first
            axis: ``series[i]`` is the (i+1)-th.

    Returns:
        ``(out_primals, out_series)``: the output, and its derivatives stacked the same way (a
        list of each for several outputs).

    Raises:
        TypeError: If `primals` or `series` is not a Tensor or a tuple of Tensors.
        ValueError: If a series does not have the shape ``(order, *primal.shape)``.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.tensor([1.0, 2.0])
        >>> out, series = ops.jet(lambda x: x ** 3, x, ms.tensor([[1.0, 1.0], [0.0, 0.0]]))
        >>> print(series)
        [[ 3. 12.]
         [ 6. 12.]]
    """
    ps = _tensors("jet", "primals", primals)
    ss = _check_series("jet", ps, _tensors("jet", "series", series))
    out, out_series = _taylor(fn, "jet", ps, ss)
    if isinstance(out, tuple | list) and len(out) > 1:
        return [Tensor._from(o) for o in out], [Tensor._from(_stack(s)) for s in out_series]
    out = out[0] if isinstance(out, tuple | list) else out
    out_series = out_series[0] if isinstance(out, tuple | list) else out_series
    return Tensor._from(out), Tensor._from(_stack(out_series))


@api_boundary
def derivative(fn: Callable, primals: Any, order: int) -> tuple:
    """The ``order``-th derivative of ``fn`` at ``primals`` along every input at once (each
    input's first derivative 1, the higher ones 0), by Taylor mode.

    Args:
        fn (Union[Cell, function]): Takes Tensors, returns a Tensor or a tuple of Tensors.
        primals (Union[Tensor, tuple[Tensor]]): The inputs (an int Tensor becomes float32).
        order (int): The order of differentiation, at least 1.

    Returns:
        ``(out_primals, out_series)``: the output and its `order`-th derivative (a list of each
        for several outputs).

    Raises:
        TypeError: If `order` is not an int.
        ValueError: If `order` is below 1.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> out, d2 = ops.derivative(lambda x: x ** 3, ms.tensor([1.0, 2.0]), 2)
        >>> print(d2)
        [ 6. 12.]
    """
    if not isinstance(order, int) or isinstance(order, bool):
        raise TypeError(f"For 'derivative', the 'order' must be an int, but got {order!r}.")
    if order < 1:
        raise ValueError(f"For 'derivative', the 'order' must be at least 1, but got {order}.")
    ps = _tensors("derivative", "primals", primals)
    ss = []
    for p in ps:
        a = _float(p)
        ss.append(jax.numpy.zeros((order, *a.shape), a.dtype).at[0].set(1))
    out, out_series = _taylor(fn, "derivative", ps, tuple(ss))
    if isinstance(out, tuple | list) and len(out) > 1:
        return [Tensor._from(o) for o in out], [Tensor._from(s[-1]) for s in out_series]
    return Tensor._from(out), Tensor._from(out_series[-1])
