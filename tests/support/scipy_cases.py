"""``mindspore.scipy`` cases whose results deepsink must share with MindSpore 2.10: one list for
the recorder (``scripts/record_scipy_fixtures.py``, run on MindSpore) and the test
(``tests/scipy/test_scipy.py``, run on deepsink). Each case takes the ``mindspore`` module (or
deepsink) and returns plain JSON data; a failing case is recorded as its error."""

from __future__ import annotations

import numpy as np

SPD = np.array([[4.0, 2.0, 0.6], [2.0, 5.0, 1.0], [0.6, 1.0, 3.0]])
GEN = np.array([[1.0, 2.0, 0.5, 3.0], [4.0, 1.0, 2.0, 0.0], [0.3, 5.0, 1.0, 2.0],
                [2.0, 0.0, 3.0, 1.0]])  # fmt: skip
RHS = np.array([1.0, -2.0, 0.5, 3.0])


def _out(x):
    if isinstance(x, tuple | list):
        return [_out(v) for v in x]
    if isinstance(x, bool | int | float | str) or x is None:
        return x
    a = x.asnumpy()
    return {"dtype": str(a.dtype), "shape": list(a.shape),
            "value": np.asarray(a, np.float64).round(5).tolist()}  # fmt: skip


def _t(ms, a, dtype=np.float32):
    return ms.Tensor(np.asarray(a, dtype))


def block_diag(ms):
    s = ms.scipy.linalg
    return _out(s.block_diag(_t(ms, [[1, 2], [3, 4]]), _t(ms, [5, 6, 7]), _t(ms, 8)))


def inv(ms):
    return _out(ms.scipy.linalg.inv(_t(ms, GEN)))


def inv_int(ms):
    return _out(ms.scipy.linalg.inv(_t(ms, [[2, 1], [1, 1]], np.int32)))


def inv_not_square(ms):
    return _out(ms.scipy.linalg.inv(_t(ms, np.ones((2, 3)))))


def cholesky_lower(ms):
    return _out(ms.scipy.linalg.cholesky(_t(ms, SPD), lower=True))


def cholesky_upper(ms):
    return _out(ms.scipy.linalg.cholesky(_t(ms, SPD, np.float64)))


def cholesky_3d(ms):
    return _out(ms.scipy.linalg.cholesky(_t(ms, np.stack([SPD, SPD]))))


def cho_solve(ms):
    s = ms.scipy.linalg
    c, low = s.cho_factor(_t(ms, SPD), lower=True)
    return [low, _out(s.cho_solve((c, low), _t(ms, [1.0, 2.0, 3.0])))]


def cho_solve_upper(ms):
    s = ms.scipy.linalg
    c, low = s.cho_factor(_t(ms, SPD))
    return [low, _out(s.cho_solve((c, low), _t(ms, [[1.0, 0.0], [2.0, 1.0], [3.0, -1.0]])))]


def eigh_values(ms):
    return _out(ms.scipy.linalg.eigh(_t(ms, SPD), eigvals_only=True))


def eigh_vectors(ms):
    w, v = ms.scipy.linalg.eigh(_t(ms, SPD, np.float64))
    v = v.asnumpy()
    return [_out(w), np.abs(v).round(5).tolist()]  # eigenvector signs are arbitrary


def eigh_bad_lower(ms):
    return _out(ms.scipy.linalg.eigh(_t(ms, SPD), lower=1))


def eigh_with_b(ms):
    return _out(ms.scipy.linalg.eigh(_t(ms, SPD), _t(ms, SPD)))


def lu(ms):
    return _out(ms.scipy.linalg.lu(_t(ms, GEN)))


def lu_wide(ms):
    return _out(ms.scipy.linalg.lu(_t(ms, GEN[:3])))


def lu_factor(ms):
    return _out(ms.scipy.linalg.lu_factor(_t(ms, GEN, np.float64)))


def lu_solve(ms):
    s = ms.scipy.linalg
    return _out(s.lu_solve(s.lu_factor(_t(ms, GEN)), _t(ms, RHS[:, None])))


def lu_solve_trans(ms):
    s = ms.scipy.linalg
    b = _t(ms, np.stack([RHS, -RHS], 1))
    return _out(s.lu_solve(s.lu_factor(_t(ms, GEN)), b, trans=1))


def lu_solve_vector(ms):
    s = ms.scipy.linalg
    return _out(s.lu_solve(s.lu_factor(_t(ms, GEN)), _t(ms, RHS)))


def solve_triangular_lower(ms):
    a = np.tril(GEN) + np.eye(4)
    return _out(ms.scipy.linalg.solve_triangular(_t(ms, a), _t(ms, RHS), lower=True))


def solve_triangular_trans(ms):
    a = np.triu(GEN) + np.eye(4)
    b = _t(ms, np.stack([RHS, RHS * 2], 1))
    return _out(ms.scipy.linalg.solve_triangular(_t(ms, a), b, trans="T", unit_diagonal=True))


def solve_triangular_bad_trans(ms):
    a = _t(ms, np.eye(4))
    return _out(ms.scipy.linalg.solve_triangular(a, _t(ms, RHS), trans=5))


def det(ms):
    return _out(ms.scipy.linalg.det(_t(ms, GEN)))


def det_3x3(ms):
    return _out(ms.scipy.linalg.det(_t(ms, SPD, np.float64)))


def lstsq(ms):
    a = _t(ms, GEN[:, :3])
    return _out(ms.scipy.linalg.lstsq(a, _t(ms, RHS[:, None])))


def lstsq_drivers(ms):
    a, b = _t(ms, GEN[:, :3]), _t(ms, np.stack([RHS, RHS**2], 1))
    return {d: _out(ms.scipy.linalg.lstsq(a, b, driver=d)) for d in ("gels", "gelsd", "gelss")}


def eigh_upper_triangle(ms):
    a = np.triu(SPD) + np.tril(np.full((3, 3), 9.0), -1)  # only the upper triangle is SPD's
    return _out(ms.scipy.linalg.eigh(_t(ms, a), lower=False, eigvals_only=True))


def solve_triangular_batch(ms):
    a = np.stack([np.tril(GEN) + np.eye(4), np.tril(GEN.T) + 2 * np.eye(4)])
    b = np.stack([RHS, -RHS])
    return _out(ms.scipy.linalg.solve_triangular(_t(ms, a), _t(ms, b), lower=True))


def det_int(ms):
    return _out(ms.scipy.linalg.det(_t(ms, (GEN * 2).round(), np.int64)))


def minimize_maxiter(ms):
    r = ms.scipy.optimize.minimize(
        _rosen(ms), _t(ms, [1.3, 0.7, 0.8]), method="BFGS", options={"maxiter": 3}
    )
    return _result(r, ["success", "status", "nit"])


def _rosen(ms):
    def f(x):
        return ms.ops.reduce_sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)

    return f


def _result(r, fields):
    return {k: _out(getattr(r, k)) for k in fields}


def minimize_bfgs(ms):
    r = ms.scipy.optimize.minimize(_rosen(ms), _t(ms, [1.3, 0.7, 0.8]), method="BFGS")
    return _result(r, ["x", "success", "status", "nit"])


def minimize_lbfgs(ms):
    r = ms.scipy.optimize.minimize(_rosen(ms), _t(ms, [1.3, 0.7]), method="LBFGS")
    return _result(r, ["x", "success", "status"])


def minimize_args(ms):
    def f(x, c):
        return ms.ops.reduce_sum((x - c) ** 2)

    r = ms.scipy.optimize.minimize(f, _t(ms, [0.0, 0.0]), args=(2.0,), method="bfgs")
    return _result(r, ["x", "success", "fun"])


def minimize_no_method(ms):
    return _out(ms.scipy.optimize.minimize(_rosen(ms), _t(ms, [1.0, 1.0])).x)


def minimize_bad_method(ms):
    return _out(ms.scipy.optimize.minimize(_rosen(ms), _t(ms, [1.0, 1.0]), method="cg").x)


def minimize_bad_args(ms):
    return _out(ms.scipy.optimize.minimize(_rosen(ms), _t(ms, [1.0]), args=[1], method="BFGS").x)


def line_search(ms):
    def f(x):
        return ms.ops.reduce_sum(x**2)

    r = ms.scipy.optimize.line_search(f, _t(ms, [1.8, 1.7]), _t(ms, [-1.0, -1.0]))
    return _result(r, ["a_k", "f_k", "g_k", "failed"])


def line_search_zoom(ms):
    x = _t(ms, [1.3, 0.7, 0.8])
    p = _t(ms, [-100.0, 50.0, 20.0])  # a long step: the search zooms back
    r = ms.scipy.optimize.line_search(_rosen(ms), x, p, old_fval=_t(ms, 200.0), c2=0.5)
    return _result(r, ["a_k", "f_k", "g_k", "failed", "nfev", "k", "status"])


def linear_sum_assignment(ms):
    cost = _t(ms, [[4, 1, 3], [2, 0, 5], [3, 2, 2]], np.float64)
    return _out(ms.scipy.optimize.linear_sum_assignment(cost, False))


def linear_sum_assignment_max_rect(ms):
    cost = _t(ms, [[4, 1, 3, 7], [2, 0, 5, 1], [3, 2, 2, 6]], np.float64)
    return _out(ms.scipy.optimize.linear_sum_assignment(cost, True))


def linear_sum_assignment_limit(ms):
    cost = _t(ms, [[2, 3, 3], [3, 2, 3], [3, 3, 2]], np.float64)
    return _out(ms.scipy.optimize.linear_sum_assignment(cost, False, ms.Tensor(2)))


def dct(ms):
    x = _t(ms, [[1.0, 2.0, 3.0, 4.0], [0.5, -1.0, 2.0, 0.0]])
    return [_out(ms.scipy.fft.dct(x)), _out(ms.scipy.fft.dct(x, norm="ortho", axis=0))]


def idct(ms):
    x = _t(ms, [[1.0, 2.0, 3.0, 4.0], [0.5, -1.0, 2.0, 0.0]])
    return [_out(ms.scipy.fft.idct(x)), _out(ms.scipy.fft.idct(x, n=6, norm="ortho"))]


def dctn(ms):
    x = _t(ms, [[1.0, 2.0, 3.0, 4.0], [0.5, -1.0, 2.0, 0.0]])
    return [_out(ms.scipy.fft.dctn(x)), _out(ms.scipy.fft.idctn(x, norm="ortho"))]


def dct_bad_type(ms):
    return _out(ms.scipy.fft.dct(_t(ms, [1.0, 2.0]), type=1))


def dct_bad_norm(ms):
    return _out(ms.scipy.fft.dct(_t(ms, [1.0, 2.0]), norm="backward"))


CASES = {name: fn for name, fn in list(globals().items())
         if callable(fn) and not name.startswith("_") and fn.__module__ == __name__}  # fmt: skip
