"""``minimize``: BFGS as MindSpore 2.10 runs it (``_wolfe``) and L-BFGS on ``jax.scipy.optimize``
(the algorithm 2.10 ports), with 2.10's options and defaults."""

from __future__ import annotations

from typing import Any, NamedTuple

from jax._src.scipy.optimize._lbfgs import _minimize_lbfgs

from deepsink.common.tensor import Tensor
from deepsink.scipy.optimize import _functions as F
from deepsink.scipy.optimize import _wolfe


class OptimizeResults(NamedTuple):
    """What :func:`minimize` returns: the solution ``x``, ``success``, ``status`` (0 converged,
    1 max iterations, 3 zoom failed, 4 saddle point, 5 max line search iterations), ``fun``,
    ``jac``, ``hess_inv`` (BFGS only), ``nfev``, ``njev`` and ``nit``."""

    x: Tensor
    success: bool
    status: int
    fun: float
    jac: Tensor
    hess_inv: Tensor | None
    nfev: int
    njev: int
    nit: int


_BFGS_OPTIONS = ("maxiter", "norm", "gtol", "line_search_maxiter")
_LBFGS_OPTIONS = ("history_size", "maxiter", "norm", "gtol", "line_search_maxiter")


def _options(method: str, options: dict, allowed: tuple[str, ...]) -> dict:
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise TypeError(
            f"For 'minimize', method '{method}' does not take the option(s) "
            f"{unknown}; it takes {list(allowed)}."
        )
    return dict(options)


def minimize(
    func: Any,
    x0: Any,
    args: Any = (),
    method: str | None = None,
    jac: Any = None,
    hess: Any = None,
    hessp: Any = None,
    bounds: Any = None,
    constraints: Any = (),
    tol: Any = None,
    callback: Any = None,
    options: dict | None = None,
) -> Any:
    """Minimize the scalar ``func(x, *args)`` from ``x0`` with ``method`` ``"BFGS"`` or
    ``"LBFGS"`` (case-insensitive); ``jac(x, *args)``, when given, is its gradient."""
    if method is None:
        raise ValueError("You must specify a solver.")
    if options is None:
        options = {}
    if not isinstance(args, tuple):
        raise TypeError(
            f"args argument to mindspore.scipy.optimize.minimize must be a tuple, got {args}"
        )
    if not callable(func):
        raise TypeError(f"'func' must be of type function, but got {type(func)}")
    for name, value in (
        ("hess", hess),
        ("hessp", hessp),
        ("bounds", bounds),
        ("callback", callback),
    ):
        if value is not None:
            raise ValueError(
                f"For 'minimize', '{name}' is not supported by the BFGS and LBFGS "
                f"methods; it must be None, but got {value!r}."
            )
    kind = method.lower()
    if kind == "lagrange":
        raise NotImplementedError(
            "For 'minimize', method 'LAGRANGE' (MindSpore's constrained solver for its "
            "mindscience kit, trained as a network with Adam) is not available on deepsink; use "
            "'BFGS' or 'LBFGS' on a penalised objective."
        )
    if kind not in ("bfgs", "lbfgs"):
        raise ValueError(f"Method {method} not recognized")
    if constraints or tol is not None:
        raise ValueError(
            f"For 'minimize', 'constraints' and 'tol' belong to the LAGRANGE method; "
            f"method {method} takes none."
        )
    x = F.array(x0, "minimize")
    fun = lambda t: func(t, *args)  # noqa: E731
    grad = None if jac is None else lambda t: jac(t, *args)
    if kind == "bfgs":
        opts = _options(method, options, _BFGS_OPTIONS)
        st = _wolfe.minimize_bfgs(F.objective(fun), F.gradient(fun, grad), x, **opts)
        return OptimizeResults(
            x=Tensor._from(st["x_k"]),
            success=F.scalar(st["converged"] & ~st["failed"], bool),
            status=F.scalar(st["status"], int),
            fun=F.scalar(st["f_k"], float),
            jac=Tensor._from(st["g_k"]),
            hess_inv=Tensor._from(st["H_k"]),
            nfev=F.scalar(st["nfev"], int),
            njev=F.scalar(st["ngev"], int),
            nit=F.scalar(st["k"], int),
        )
    opts = _options(method, options, _LBFGS_OPTIONS)
    maxiter = opts.pop("maxiter", None)
    r = _minimize_lbfgs(
        F.objective(fun, grad),
        x,
        maxiter=x.size * 200 if maxiter is None else maxiter,
        ftol=0.0,
        maxcor=opts.pop("history_size", 20),
        maxls=opts.pop("line_search_maxiter", 10),
        **opts,
    )
    return OptimizeResults(
        x=Tensor._from(r.x_k),
        success=F.scalar(r.converged & ~r.failed, bool),
        status=F.scalar(r.status, int),
        fun=F.scalar(r.f_k, float),
        jac=Tensor._from(r.g_k),
        hess_inv=None,
        nfev=F.scalar(r.nfev, int),
        njev=F.scalar(r.ngev, int),
        nit=F.scalar(r.k, int),
    )
