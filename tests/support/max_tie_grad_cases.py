"""Gradients of the maximum and minimum ops on inputs with tied extremes, through every public
entry: ``ops.max``/``ops.min`` (with and without ``axis``, with ``initial``/``where``),
``ArgMaxWithValue``/``ArgMinWithValue``, ``Tensor.max``/``Tensor.min`` (one int axis, a tuple of
axes, all elements, ``return_indices``, the ``dim`` overload), ``mint.max``/``mint.min``,
``ops.amax``/``ops.amin``, ``ReduceMax``/``ReduceMin`` and ``ops.maximum``, in PYNATIVE_MODE and
GRAPH_MODE. ``scripts/record_max_tie_grad_fixtures.py`` records MindSpore 2.10's gradients and
``tests/ops/test_max_tie_grad.py`` compares deepsink's.

MindSpore 2.10 gives the whole gradient of a values-and-index reduction along one axis
(ArgMaxWithValue/ArgMinWithValue) to the first tied extreme, and splits a max reduction's
(ReduceMax, over all elements or a tuple of axes) evenly among the ties.
"""

from __future__ import annotations

import numpy as np

GRAPH, PYNATIVE = 0, 1

# ties along both axes, in rows and columns, and a row without ties
X = np.array([[1.0, 3.0, 3.0, 2.0], [5.0, 5.0, 5.0, 0.0], [2.0, -1.0, 4.0, 4.0]], np.float32)
# the same three rows in a 3-D input, the tied extremes along the last and the middle axis
X3 = np.stack([X, X[::-1]]).astype(np.float32)


def _cases(ms) -> dict:
    """Name -> ``(function of one Tensor giving a scalar, input)``."""
    ops, mint = ms.ops, ms.mint
    where = ms.Tensor(np.array([[True, True, False, True]] * 3))

    def t_max_axis(t):
        return t.max(axis=1).sum()

    def t_max_axis0_keep(t):
        return (t.max(axis=0, keepdims=True) * 2).sum()

    def t_max_neg_axis(t):
        return t.max(axis=-1).sum()

    def t_max_tuple(t):
        return t.max(axis=(1,)).sum()

    def t_max_all(t):
        return t.max()

    def t_max_indices(t):
        return t.max(axis=1, return_indices=True)[0].sum()

    def t_max_dim(t):
        return t.max(dim=1)[0].sum()

    def t_min_axis(t):
        return (-t).min(axis=1).sum()

    def t_min_dim(t):
        return (-t).min(dim=0)[0].sum()

    def o_max(t):
        return ops.max(t, axis=1)[0].sum()

    def o_max_keep(t):
        return ops.max(t, 0, True)[0].sum()

    def o_max_all(t):
        return ops.max(t)[0]

    def o_max_initial(t):
        return ops.max(t, axis=1, initial=4.0)[0].sum()

    def o_max_where(t):
        return ops.max(t, axis=1, initial=-10.0, where=where)[0].sum()

    def o_min(t):
        return ops.min(-t, axis=1)[0].sum()

    def p_argmax(t):
        return ops.ArgMaxWithValue(axis=1)(t)[1].sum()

    def p_argmax_keep(t):
        return ops.ArgMaxWithValue(axis=0, keep_dims=True)(t)[1].sum()

    def p_argmin(t):
        return ops.ArgMinWithValue(axis=1)(-t)[1].sum()

    def m_max(t):
        return mint.max(t, dim=1)[0].sum()

    def m_max_all(t):
        return mint.max(t)

    def m_min(t):
        return mint.min(-t, 0, True)[0].sum()

    def o_amax(t):
        return ops.amax(t, axis=1).sum()

    def o_amax_all(t):
        return ops.amax(t)

    def o_amin(t):
        return ops.amin(-t, axis=1).sum()

    def p_reduce_max(t):
        return ops.ReduceMax()(t, 1).sum()

    def p_reduce_min(t):
        return ops.ReduceMin(keep_dims=True)(-t, 0).sum()

    def o_maximum(t):
        return ops.maximum(t, t[:, 1:2]).sum()

    def t3_max_middle(t):
        return ops.max(t, axis=1)[0].sum()

    def t3_max_last(t):
        return t.max(axis=2).sum()

    fns = [
        t_max_axis,
        t_max_axis0_keep,
        t_max_neg_axis,
        t_max_tuple,
        t_max_all,
        t_max_indices,
        t_max_dim,
        t_min_axis,
        t_min_dim,
        o_max,
        o_max_keep,
        o_max_all,
        o_max_initial,
        o_max_where,
        o_min,
        p_argmax,
        p_argmax_keep,
        p_argmin,
        m_max,
        m_max_all,
        m_min,
        o_amax,
        o_amax_all,
        o_amin,
        p_reduce_max,
        p_reduce_min,
        o_maximum,
    ]
    out = {f.__name__: (f, X) for f in fns}
    out.update({f.__name__: (f, X3) for f in (t3_max_middle, t3_max_last)})
    return out


def outcomes(ms) -> dict:
    """``{"pynative"|"graph": {case: gradient as nested lists, or the exception's type}}``."""
    result = {}
    for mode, tag in ((PYNATIVE, "pynative"), (GRAPH, "graph")):
        ms.set_context(mode=mode)
        got = {}
        for name, (fn, x) in _cases(ms).items():
            try:
                g = ms.grad(fn)(ms.Tensor(x))
                got[name] = np.asarray(g.asnumpy(), np.float64).round(6).tolist()
            except Exception as e:  # noqa: BLE001 - the type is the recorded outcome
                got[name] = type(e).__name__
        result[tag] = got
    ms.set_context(mode=PYNATIVE)
    return result
