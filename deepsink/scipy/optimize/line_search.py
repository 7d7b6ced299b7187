"""``line_search``: the inexact line search satisfying the strong Wolfe conditions (Wright and
Nocedal, Algorithm 3.5) as MindSpore 2.10 runs it (``_wolfe``)."""

from __future__ import annotations

from typing import Any, NamedTuple

from deepsink.common.tensor import Tensor, unwrap
from deepsink.scipy.optimize import _functions as F
from deepsink.scipy.optimize import _wolfe


class LineSearchResults(NamedTuple):
    """``failed`` (the strong Wolfe conditions were not met), ``nit``, ``nfev``, ``ngev``, ``k``,
    the step ``a_k``, the value ``f_k`` and gradient ``g_k`` there, and ``status``."""

    failed: bool
    nit: int
    nfev: int
    ngev: int
    k: int
    a_k: float
    f_k: float
    g_k: Tensor
    status: int


def _opt(v: Any) -> Any:
    return None if v is None else unwrap(v)


def line_search(
    f: Any,
    xk: Any,
    pk: Any,
    jac: Any = None,
    gfk: Any = None,
    old_fval: Any = None,
    old_old_fval: Any = None,
    c1: float = 1e-4,
    c2: float = 0.9,
    maxiter: int = 20,
) -> LineSearchResults:
    """Search along the descent direction ``pk`` from ``xk`` for a step satisfying the strong
    Wolfe conditions with constants ``c1``, ``c2``, in at most ``maxiter`` iterations."""
    if not callable(f):
        raise TypeError(f"For 'line_search', 'f' must be a function, but got {type(f).__name__}.")
    x, p = F.array(xk, "line_search"), unwrap(pk)
    r = _wolfe.line_search(
        F.objective(f),
        F.gradient(f, jac),
        x,
        p,
        old_fval=_opt(old_fval),
        old_old_fval=_opt(old_old_fval),
        gfk=_opt(gfk),
        c1=c1,
        c2=c2,
        maxiter=maxiter,
    )
    return LineSearchResults(
        failed=F.scalar(r["failed"] | ~r["done"], bool),
        nit=F.scalar(r["i"] - 1, int),
        nfev=F.scalar(r["nfev"], int),
        ngev=F.scalar(r["ngev"], int),
        k=F.scalar(r["i"], int),
        a_k=F.scalar(r["a_star"], float),
        f_k=F.scalar(r["phi_star"], float),
        g_k=Tensor._from(r["g_star"]),
        status=F.scalar(r["status"], int),
    )
