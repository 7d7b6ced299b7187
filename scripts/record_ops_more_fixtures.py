"""Record MindSpore 2.10's results for deepsink's additional ops into
``tests/fixtures/ms/ops_more/cases.json`` (run with real MindSpore, NOT by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_ops_more_fixtures.py

Every case is a Python expression over ``ops``, ``P`` (``ops.operations``), ``Tensor``, ``ms``
and ``np`` and the named numpy inputs below; the same text is evaluated by deepsink's test
(tests/ops/test_ops_more.py). Outputs are stored as ``{"dtype", "shape", "value"}`` per output
(tuples flattened), or ``{"error": "TypeError"}``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import expression_cases
import mindspore as ms
import numpy as np
from mindspore import Tensor, ops
from mindspore.ops import operations as P

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
OUT = (
    Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "ops_more" / "cases.json"
)

INPUTS = {
    "F": "np.array([[0.5, -1.5, 2.0], [3.25, -0.75, 0.0]], np.float32)",
    "G": "np.array([[1.0, 2.0, -3.0], [0.5, 4.0, 2.0]], np.float32)",
    "Q": "np.array([[0.2, 0.5, 0.9], [0.1, 0.7, 0.3]], np.float32)",
    "D": "np.array([[0.5, -1.5, 2.0], [3.25, -0.75, 0.0]], np.float64)",
    "I": "np.array([[12, -7, 9], [4, 0, 15]], np.int32)",
    "J": "np.array([[8, 3, -6], [6, 5, 10]], np.int32)",
    "U": "np.array([1, 3, 2, 3, 1], np.int32)",
    "M": "np.array([[2.0, 1.0], [1.0, 3.0]], np.float32)",
    "N": "np.array([3, 1, 4, 1, 5, 9, 2, 6], np.float32)",
    "S": "np.array([[1, 2], [3, 4], [5, 6]], np.float32)",
    "IDX": "np.array([[0, 1], [1, 2]], np.int32)",
    "SEG": "np.array([0, 2, 0], np.int32)",
    "B": "np.array([[True, False, True], [False, True, True]])",
}

CASES = {
    # elementwise, one input
    "inv": "ops.inv(Tensor(F))", "inv_int": "ops.inv(Tensor(J))", "invert": "ops.invert(Tensor(I))",
    "softsign": "ops.softsign(Tensor(F))", "Rint": "P.Rint()(Tensor(F * 3))",
    "acosh": "ops.acosh(Tensor(G + 3))", "asinh": "ops.asinh(Tensor(F))",
    "atanh": "ops.atanh(Tensor(Q))", "deg2rad": "ops.deg2rad(Tensor(F))",
    "rad2deg": "ops.rad2deg(Tensor(F))", "lgamma": "ops.lgamma(Tensor(G + 4))",
    "digamma": "ops.digamma(Tensor(G + 4))", "erfinv": "ops.erfinv(Tensor(Q))",
    "sinc": "ops.sinc(Tensor(F))", "frac": "ops.frac(Tensor(F))",
    "signbit": "ops.signbit(Tensor(F))", "logit": "ops.logit(Tensor(Q))",
    "logit_eps": "ops.logit(Tensor(Q), eps=0.25)", "log10": "ops.log10(Tensor(G + 4))",
    "exp2": "ops.exp2(Tensor(F))", "i0": "ops.i0(Tensor(F))",
    "nan_to_num": "ops.nan_to_num(Tensor(np.array([np.nan, np.inf, -np.inf, 1.0], np.float32)), 0.5, 9.0, -9.0)",
    # elementwise, two inputs
    "hypot": "ops.hypot(Tensor(F), Tensor(G))", "copysign": "ops.copysign(Tensor(F), Tensor(G))",
    "logaddexp": "ops.logaddexp(Tensor(F), Tensor(G))",
    "logaddexp2": "ops.logaddexp2(Tensor(F), Tensor(G))",
    "fmax": "ops.fmax(Tensor(F), Tensor(G))", "fmin": "ops.fmin(Tensor(F), Tensor(G))",
    "fmod": "ops.fmod(Tensor(F), Tensor(G))", "heaviside": "ops.heaviside(Tensor(F), Tensor(G))",
    "xlogy": "ops.xlogy(Tensor(F), Tensor(G + 4))", "xdivy": "ops.xdivy(Tensor(F), Tensor(G))",
    "div_no_nan": "P.DivNoNan()(Tensor(F), Tensor(F))",
    "squared_difference": "P.SquaredDifference()(Tensor(F), Tensor(G))",
    "truncate_div": "ops.truncate_div(Tensor(I), Tensor(J))",
    "truncate_mod": "ops.truncate_mod(Tensor(I), Tensor(J))",
    "gcd": "ops.gcd(Tensor(I), Tensor(J))", "lcm": "ops.lcm(Tensor(I), Tensor(J))",
    "left_shift": "ops.bitwise_left_shift(Tensor(I), Tensor(np.abs(J) % 4))",
    "right_shift": "ops.bitwise_right_shift(Tensor(I), Tensor(np.abs(J) % 4))",
    "lerp": "ops.lerp(Tensor(F), Tensor(G), 0.25)", "ldexp": "ops.ldexp(Tensor(F), Tensor(J))",
    "float_power": "ops.float_power(Tensor(F), 2)",
    "approximate_equal": "ops.approximate_equal(Tensor(F), Tensor(F + 1e-6), 1e-4)",
    "complex": "P.Complex()(Tensor(F), Tensor(G))",
    "real": "ops.real(P.Complex()(Tensor(F), Tensor(G)))",
    "imag": "ops.imag(P.Complex()(Tensor(F), Tensor(G)))",
    "angle": "ops.angle(P.Complex()(Tensor(F), Tensor(G)))",
    # layout
    "tril": "ops.tril(Tensor(F), 1)", "triu": "ops.triu(Tensor(F), -1)",
    "roll": "ops.roll(Tensor(F), 1, 1)", "rot90": "ops.rot90(Tensor(S), 1, (0, 1))",
    "fliplr": "ops.fliplr(Tensor(F))", "flipud": "ops.flipud(Tensor(F))",
    "hstack": "ops.hstack((Tensor(F), Tensor(G)))", "vstack": "ops.vstack((Tensor(F), Tensor(G)))",
    "dstack": "ops.dstack((Tensor(F), Tensor(G)))",
    "column_stack": "ops.column_stack((Tensor(N[:3]), Tensor(N[3:6])))",
    "tensor_split": "ops.tensor_split(Tensor(N), 3)",
    "tensor_split_idx": "ops.tensor_split(Tensor(N), (2, 5))",
    "hsplit": "ops.hsplit(Tensor(F), 3)", "vsplit": "ops.vsplit(Tensor(S), 3)",
    "meshgrid": "ops.meshgrid(Tensor(N[:2]), Tensor(N[:3]), indexing='xy')",
    "meshgrid_ij": "ops.meshgrid(Tensor(N[:2]), Tensor(N[:3]), indexing='ij')",
    "diag": "ops.diag(Tensor(N[:3]))", "diagflat": "ops.diagflat(Tensor(N[:2]), 1)",
    "diagonal": "ops.diagonal(Tensor(S.reshape(2, 3)), 1)",
    "diag_embed": "ops.diag_embed(Tensor(F), 1)", "trace": "ops.trace(Tensor(F))",
    "tril_indices": "ops.tril_indices(3, 4, 1)", "triu_indices": "ops.triu_indices(3, 3, 0)",
    "repeat_interleave": "ops.repeat_interleave(Tensor(F), 2, 1)",
    "atleast_2d": "ops.atleast_2d(Tensor(N))", "t": "ops.t(Tensor(F))",
    "movedim": "ops.movedim(Tensor(F), 0, 1)",
    # gather / scatter
    "gather_nd": "ops.gather_nd(Tensor(F), Tensor(IDX))",
    "scatter_nd": "ops.scatter_nd(Tensor(IDX), Tensor(N[:2]), (2, 3))",
    "tensor_scatter_update": "ops.tensor_scatter_update(Tensor(F), Tensor(IDX), Tensor(N[:2]))",
    "tensor_scatter_add": "ops.tensor_scatter_add(Tensor(F), Tensor(IDX), Tensor(N[:2]))",
    "tensor_scatter_max": "ops.tensor_scatter_max(Tensor(F), Tensor(IDX), Tensor(N[:2]))",
    "tensor_scatter_elements": "ops.tensor_scatter_elements(Tensor(F), Tensor(np.array([[1, 0, 1]], np.int32)), Tensor(N[:3].reshape(1, 3)), 0)",
    "unsorted_segment_sum": "ops.unsorted_segment_sum(Tensor(S), Tensor(SEG), 3)",
    "unsorted_segment_max": "ops.unsorted_segment_max(Tensor(S), Tensor(SEG), 3)",
    "unsorted_segment_min": "ops.unsorted_segment_min(Tensor(S), Tensor(SEG), 3)",
    "nonzero": "ops.nonzero(Tensor(F))", "argwhere": "ops.argwhere(Tensor(F))",
    "masked_select": "ops.masked_select(Tensor(F), Tensor(B))",
    "unique": "ops.unique(Tensor(U))", "Unique": "P.Unique()(Tensor(U.astype(np.float32)))",
    "strided_slice": "ops.strided_slice(Tensor(S), (0, 0), (3, 2), (2, 1))",
    "strided_slice_masks": "ops.strided_slice(Tensor(np.arange(24).reshape(2, 3, 4)), (1, 0, 1), (2, 3, 4), (1, 2, 2), begin_mask=1, end_mask=2, shrink_axis_mask=0)",
    "strided_slice_ellipsis": "ops.strided_slice(Tensor(np.arange(24).reshape(2, 3, 4)), (0, 1), (0, 3), (1, 1), ellipsis_mask=1)",
    "strided_slice_shrink": "ops.strided_slice(Tensor(np.arange(24).reshape(2, 3, 4)), (1, 0), (2, 3), (1, 1), shrink_axis_mask=1)",
    "strided_slice_newaxis": "ops.strided_slice(Tensor(np.arange(24).reshape(2, 3, 4)), (0, 0), (1, 2), (1, 1), new_axis_mask=1)",
    "strided_slice_zero_stride": "ops.strided_slice(Tensor(S), (0,), (2,), (0,))",
    "strided_slice_shrink_oob": "ops.strided_slice(Tensor(S), (5,), (6,), (1,), shrink_axis_mask=1)",
    # reductions
    "nansum": "ops.nansum(Tensor(np.array([1.0, np.nan, 2.5], np.float32)))",
    "nanmean": "ops.nanmean(Tensor(np.array([1.0, np.nan, 2.5], np.float32)))",
    "count_nonzero": "ops.count_nonzero(Tensor(F), 1)",
    "cummax": "ops.cummax(Tensor(N), 0)", "cummin": "ops.cummin(Tensor(N), 0)",
    "logcumsumexp": "ops.logcumsumexp(Tensor(F), 1)",
    "median": "ops.median(Tensor(N), 0)", "median_odd": "ops.median(Tensor(F), 1)",
    "aminmax": "ops.aminmax(Tensor(F), axis=1)",
    "var_mean": "ops.var_mean(Tensor(F), 1)", "std_mean": "ops.std_mean(Tensor(F), 1, 0)",
    "var_mean_ddof": "ops.var_mean(Tensor(F), 1, 1, True)",
    "diff": "ops.diff(Tensor(N))",
    # linear algebra
    "det": "ops.det(Tensor(M))", "inverse": "ops.inverse(Tensor(M))",
    "slogdet": "ops.slogdet(Tensor(M))", "matrix_power": "ops.matrix_power(Tensor(M), 3)",
    "einsum": "ops.einsum('ij,jk->ik', Tensor(F), Tensor(S))",
    "kron": "ops.kron(Tensor(M), Tensor(M))", "inner": "ops.inner(Tensor(F), Tensor(G))",
    "tensor_dot": "ops.tensor_dot(Tensor(F), Tensor(S), ((1,), (0,)))",
    "mv": "ops.mv(Tensor(F), Tensor(N[:3]))",
    "cross": "ops.cross(Tensor(F), Tensor(G), 1)",
    # dtype errors
    "softsign_int": "ops.softsign(Tensor(I))", "invert_float": "ops.invert(Tensor(F))",
    "rint_int": "P.Rint()(Tensor(I))", "complex_int": "P.Complex()(Tensor(I), Tensor(I))",
}  # fmt: skip


def main() -> int:
    env = {"np": np, "ms": ms, "ops": ops, "P": P, "Tensor": Tensor}
    env.update({k: eval(v, {"np": np}) for k, v in INPUTS.items()})
    return expression_cases.run(
        OUT, INPUTS, CASES, lambda _, expr: expression_cases.evaluate(expr, env)
    )


if __name__ == "__main__":
    sys.exit(main())
