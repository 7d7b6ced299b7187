"""MindSpore 2.10's BFGS and its strong-Wolfe line search (Wright and Nocedal, Algorithms 6.1,
3.5 and 3.6), as ``lax.while_loop`` programs: the same steps, bracket updates and limits as 2.10's
(its zoom stops after 10 trials, narrows its bracket towards the first low point, and floors a
float32 step at 1e-8), so that ``minimize`` and ``line_search`` end where 2.10's do."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
from jax import lax
from jax._src.scipy.optimize.line_search import _cubicmin, _quadmin

_ZOOM_MAXITER = 10


def _where(c: Any, a: Any, b: Any) -> Any:
    return jnp.where(c, a, b)


def _zoom(
    fn, a_low, phi_low, dphi_low, a_high, phi_high, dphi_high, phi_0, g_0, dphi_0, c1, c2, is_run
):
    one = jnp.ones((), a_low.dtype)
    state = {
        "done": jnp.array(False), "j": jnp.array(0), "a_low": a_low, "phi_low": phi_low,
        "dphi_low": dphi_low, "a_high": a_high, "phi_high": phi_high, "dphi_high": dphi_high,
        "a_rec": (a_low + a_high) / 2.0, "phi_rec": (phi_low + phi_high) / 2.0, "a_star": one,
        "phi_star": phi_low, "dphi_star": dphi_low, "g_star": g_0, "nfev": jnp.array(0),
    }  # fmt: skip

    def body(s):
        s = dict(s)
        dalpha = s["a_high"] - s["a_low"]
        a, b = jnp.minimum(s["a_low"], s["a_high"]), jnp.maximum(s["a_low"], s["a_high"])
        cchk, qchk = 0.2 * dalpha, 0.1 * dalpha
        cubic = _cubicmin(
            s["a_low"],
            s["phi_low"],
            s["dphi_low"],
            s["a_high"],
            s["phi_high"],
            s["a_rec"],
            s["phi_rec"],
        )
        use_cubic = (s["j"] > 0) & jnp.isfinite(cubic) & (cubic > a + cchk) & (cubic < b - cchk)
        quad = _quadmin(s["a_low"], s["phi_low"], s["dphi_low"], s["a_high"], s["phi_high"])
        use_quad = ~use_cubic & jnp.isfinite(quad) & (quad > a + qchk) & (quad < b - qchk)
        a_j = _where(use_cubic, cubic, s["a_rec"])
        a_j = _where(use_quad, quad, a_j)
        a_j = _where(~use_cubic & ~use_quad, (s["a_low"] + s["a_high"]) / 2.0, a_j)
        phi_j, g_j, dphi_j = fn(a_j)
        s["nfev"] = s["nfev"] + 1
        to_high = (phi_j > phi_0 + c1 * a_j * dphi_0) | (phi_j >= s["phi_low"])
        s["a_rec"] = _where(to_high, s["a_high"], s["a_rec"])
        s["phi_rec"] = _where(to_high, s["phi_high"], s["phi_rec"])
        s["a_high"] = _where(to_high, a_j, s["a_high"])
        s["phi_high"] = _where(to_high, phi_j, s["phi_high"])
        s["dphi_high"] = _where(to_high, dphi_j, s["dphi_high"])
        to_star = ~to_high & (jnp.abs(dphi_j) <= -c2 * dphi_0)
        s["done"] = to_star
        s["a_star"] = _where(to_star, a_j, s["a_star"])
        s["phi_star"] = _where(to_star, phi_j, s["phi_star"])
        s["g_star"] = _where(to_star, g_j, s["g_star"])
        s["dphi_star"] = _where(to_star, dphi_j, s["dphi_star"])
        low_to_high = ~to_high & ~to_star & (dphi_j * (s["a_high"] - s["a_low"]) >= 0.0)
        s["a_rec"] = _where(low_to_high, s["a_high"], s["a_rec"])
        s["phi_rec"] = _where(low_to_high, s["phi_high"], s["phi_rec"])
        s["a_high"] = _where(low_to_high, a_low, s["a_high"])  # 2.10's: the bracket's first low
        s["phi_high"] = _where(low_to_high, phi_low, s["phi_high"])
        s["dphi_high"] = _where(low_to_high, dphi_low, s["dphi_high"])
        to_low = ~to_high & ~to_star
        s["a_rec"] = _where(to_low, s["a_low"], s["a_rec"])
        s["phi_rec"] = _where(to_low, s["phi_low"], s["phi_rec"])
        s["a_low"] = _where(to_low, a_j, s["a_low"])
        s["phi_low"] = _where(to_low, phi_j, s["phi_low"])
        s["dphi_low"] = _where(to_low, dphi_j, s["dphi_low"])
        s["j"] = s["j"] + 1
        return s

    state = lax.while_loop(lambda s: is_run & ~s["done"] & (s["j"] < _ZOOM_MAXITER), body, state)
    state["failed"] = state["j"] == _ZOOM_MAXITER
    return state


def line_search(
    f, jac, xk, pk, old_fval=None, old_old_fval=None, gfk=None, c1=1e-4, c2=0.9, maxiter=20
) -> dict:
    """2.10's line search state: ``done``, ``failed``, ``i``, ``nfev``, ``ngev``, ``a_star``,
    ``phi_star``, ``dphi_star``, ``g_star``, ``status`` (0 passed, 1 zoom failed, 3 maxiter)."""

    def fval_and_grad(alpha):
        x = xk + alpha * pk
        g = jac(x)
        return f(x), g, jnp.dot(g, pk)

    zero, one = jnp.zeros((), xk.dtype), jnp.ones((), xk.dtype)
    if old_fval is None or gfk is None:
        nfev = jnp.array(1)
        phi_0, g_0, dphi_0 = fval_and_grad(zero)
    else:
        nfev = jnp.array(0)
        phi_0, g_0 = old_fval, gfk
        dphi_0 = jnp.dot(g_0, pk)
    if old_old_fval is None:
        start = one
    else:
        cand = 1.01 * 2 * (phi_0 - old_old_fval) / dphi_0
        start = _where(jnp.isfinite(cand), jnp.minimum(cand, one), one)
    state = {
        "done": jnp.array(False), "failed": jnp.array(False), "i": jnp.array(1), "a_i": zero,
        "phi_i": phi_0, "dphi_i": dphi_0, "nfev": nfev, "a_star": zero, "phi_star": phi_0,
        "dphi_star": dphi_0, "g_star": g_0,
    }  # fmt: skip

    def body(s):
        s = dict(s)
        a_i = _where(s["i"] > 1, s["a_i"] * 2.0, start).astype(xk.dtype)
        phi_i, g_i, dphi_i = fval_and_grad(a_i)
        s["nfev"] = s["nfev"] + 1
        cond1 = (phi_i > phi_0 + c1 * a_i * dphi_0) | ((phi_i >= s["phi_i"]) & (s["i"] > 1))
        z1 = _zoom(
            fval_and_grad,
            s["a_i"],
            s["phi_i"],
            s["dphi_i"],
            a_i,
            phi_i,
            dphi_i,
            phi_0,
            g_0,
            dphi_0,
            c1,
            c2,
            cond1,
        )
        s["nfev"] = s["nfev"] + z1["nfev"]
        s["done"] = cond1
        s["failed"] = cond1 & z1["failed"]
        for k in ("a_star", "phi_star", "g_star", "dphi_star"):
            s[k] = _where(cond1, z1[k], s[k])
        cond2 = ~cond1 & (jnp.abs(dphi_i) <= -c2 * dphi_0)
        s["done"] = s["done"] | cond2
        for k, v in (("a_star", a_i), ("phi_star", phi_i), ("g_star", g_i), ("dphi_star", dphi_i)):
            s[k] = _where(cond2, v, s[k])
        cond3 = ~cond1 & ~cond2 & (dphi_i >= 0.0)
        z2 = _zoom(
            fval_and_grad,
            a_i,
            phi_i,
            dphi_i,
            s["a_i"],
            s["phi_i"],
            s["dphi_i"],
            phi_0,
            g_0,
            dphi_0,
            c1,
            c2,
            cond3,
        )
        s["nfev"] = s["nfev"] + z2["nfev"]
        s["done"] = s["done"] | cond3
        s["failed"] = s["failed"] | (cond3 & z2["failed"])
        for k in ("a_star", "phi_star", "g_star", "dphi_star"):
            s[k] = _where(cond3, z2[k], s[k])
        s["i"] = s["i"] + 1
        s["a_i"], s["phi_i"], s["dphi_i"] = a_i, phi_i, dphi_i
        return s

    s = lax.while_loop(lambda s: ~s["done"] & (s["i"] <= maxiter), body, state)
    s["status"] = _where(s["failed"], 1, _where(s["i"] > maxiter, 3, 0))
    if xk.dtype != jnp.float64:
        tiny = jnp.abs(s["a_star"]) < 1e-8
        s["a_star"] = _where(tiny, jnp.sign(s["a_star"]) * 1e-8, s["a_star"]).astype(xk.dtype)
    s["ngev"] = s["nfev"]
    return s


def _norm(x: Any, inf: bool) -> Any:
    return jnp.max(jnp.abs(x)) if inf else jnp.sqrt(jnp.sum(x**2))


def minimize_bfgs(f, jac, x0, maxiter=None, norm=jnp.inf, gtol=1e-5, line_search_maxiter=10):
    """2.10's BFGS state: ``converged``, ``failed``, ``k``, ``nfev``, ``ngev``, ``x_k``,
    ``f_k``, ``g_k``, ``H_k``, ``status``."""
    if maxiter is None:
        maxiter = x0.size * 200
    inf = norm == jnp.inf
    eye = jnp.eye(x0.shape[0], dtype=x0.dtype)
    f_0, g_0 = f(x0), jac(x0)
    state = {
        "converged": _norm(g_0, True) < gtol, "failed": jnp.array(False), "stop": jnp.array(False),
        "k": jnp.array(0), "nfev": jnp.array(1), "ngev": jnp.array(1), "x_k": x0, "f_k": f_0,
        "g_k": g_0, "H_k": eye, "old_old_fval": f_0 + _norm(g_0, False) / 2,
        "ls_status": jnp.array(0),
    }  # fmt: skip

    def body(s):
        s = dict(s)
        p_k = -(s["H_k"] @ s["g_k"])
        ls = line_search(
            f,
            jac,
            s["x_k"],
            p_k,
            old_fval=s["f_k"],
            old_old_fval=s["old_old_fval"],
            gfk=s["g_k"],
            maxiter=line_search_maxiter,
        )
        s["nfev"] = s["nfev"] + ls["nfev"]
        s["ngev"] = s["ngev"] + ls["ngev"]
        failed = ls["failed"] | ~ls["done"]
        s["failed"], s["ls_status"] = failed, ls["status"]
        s_k = ls["a_star"] * p_k
        y_k = ls["g_star"] - s["g_k"]
        converged = _norm(ls["g_star"], inf) < gtol
        new = {"old_old_fval": s["f_k"], "converged": converged, "x_k": s["x_k"] + s_k,
               "f_k": ls["phi_star"], "g_k": ls["g_star"]}  # fmt: skip
        for k, v in new.items():
            s[k] = _where(failed, s[k], v)
        rho = 1.0 / jnp.dot(y_k, s_k)
        left = eye - rho * jnp.outer(s_k, y_k)
        h = left @ s["H_k"] @ (eye - rho * jnp.outer(y_k, s_k)) + rho * jnp.outer(s_k, s_k)
        step = ~failed & ~converged
        s["H_k"] = _where(step, h, s["H_k"])
        s["k"] = s["k"] + step.astype(s["k"].dtype)
        s["stop"] = failed | converged
        return s

    s = lax.while_loop(lambda s: ~s["stop"] & (s["k"] < maxiter), body, state)
    s["status"] = _where(
        s["converged"], 0, _where(s["k"] == maxiter, 1, _where(s["failed"], 2 + s["ls_status"], -1))
    )
    return s
