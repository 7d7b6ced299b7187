"""Record MindSpore 2.10's results for the wider ops (Bessel functions, QR factors, segment
reductions, image colour ops, format maps, scatters, norms, the ``*_ext`` and primitive twins)
into ``tests/fixtures/ms/ops_wide/cases.json`` (run with real MindSpore, NOT by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_ops_wide_fixtures.py

Every case is a Python expression over ``ops``, ``F`` (``ops.functional``), ``P``
(``ops.operations``), ``Tensor``, ``ms`` and ``np`` and the named numpy inputs below; the same
text is evaluated by deepsink's test (tests/ops/test_ops_wide.py). Outputs are stored as
``{"dtype", "shape", "value"}`` per output (tuples flattened), or ``{"error": "TypeError"}``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import expression_cases
import mindspore as ms
import numpy as np
from mindspore import Tensor, ops
from mindspore.ops import functional as F
from mindspore.ops import operations as P

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
OUT = (
    Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "ops_wide" / "cases.json"
)

INPUTS = {
    "X": "np.array([0.25, 0.5, 1.0, 2.5, 4.0, 7.5], np.float32)",
    "F": "np.array([[0.5, -1.5, 2.0], [3.25, -0.75, 0.0]], np.float32)",
    "G": "np.array([[1.0, 2.0, -3.0], [0.5, 4.0, 2.0]], np.float32)",
    "A3": "np.array([[2.0, 1.0, 0.5], [1.0, 3.0, 1.0], [0.5, 1.0, 4.0], [1.0, 0.0, 2.0]], np.float32)",
    "SQ": "np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 1.0], [0.5, 1.0, 2.0]], np.float32)",
    "B3": "np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 10",
    "IMG": "np.array([[[0.2, 0.5, 0.9], [0.1, 0.7, 0.3]], [[0.8, 0.8, 0.1], [0.4, 0.0, 0.6]]], np.float32)",
    "SEGX": "np.array([[1.0, 2.0], [3.0, -4.0], [5.0, 6.0], [-7.0, 8.0], [9.0, 1.0]], np.float32)",
    "SEGI": "np.array([0, 0, 1, 3, 3], np.int32)",
    "U": "np.array([1, 3, 2, 3, 1, 5], np.int32)",
    "I": "np.array([[12, -7, 9], [4, 0, 15]], np.int32)",
}

CASES = {
    # Bessel functions (functional and primitive)
    **{f"bessel_{k}": f"ops.bessel_{k}(Tensor(X))"
       for k in ("j0", "j1", "y0", "y1", "k0", "k0e", "k1", "k1e")},
    **{f"Bessel{k.upper()}": f"P.Bessel{k.upper()[0]}{k[1:]}()(Tensor(X))"
       for k in ("j0", "j1", "y0", "y1", "k0", "k0e", "k1", "k1e")},
    "bessel_j0_f64": "ops.bessel_j0(Tensor(X.astype(np.float64)))",
    "bessel_j0_int": "ops.bessel_j0(Tensor(U))",
    # QR factors
    "geqrf": "ops.geqrf(Tensor(A3))", "Geqrf": "P.Geqrf()(Tensor(A3))",
    "orgqr": "ops.orgqr(*ops.geqrf(Tensor(A3)))", "Orgqr": "P.Orgqr()(*ops.geqrf(Tensor(A3)))",
    "ormqr": "ops.ormqr(*ops.geqrf(Tensor(SQ)), Tensor(F.T.copy()))",
    "ormqr_t": "ops.ormqr(*ops.geqrf(Tensor(SQ)), Tensor(F.T.copy()), True, True)",
    "ormqr_right": "ops.ormqr(*ops.geqrf(Tensor(SQ)), Tensor(F), False, False)",
    "Ormqr": "P.Ormqr(left=False, transpose=True)(*ops.geqrf(Tensor(SQ)), Tensor(F))",
    # the *_ext names and small functional twins
    "isnan_ext": "ops.isnan_ext(Tensor(np.array([1.0, np.nan], np.float32)))",
    "diff_ext": "ops.diff_ext(Tensor(F), 1, 0)", "diff_ext_default": "ops.diff_ext(Tensor(G))",
    "float_power_ext": "ops.float_power_ext(Tensor(F), 2)",
    "baddbmm_ext": "ops.baddbmm_ext(Tensor(B3[:, :, :3]), Tensor(B3[:, :, :2]), Tensor(B3[:, :2, :3]), beta=0.5, alpha=2)",
    "einsum_ext": "ops.einsum_ext('ij,kj->ik', Tensor(F), Tensor(G))",
    "gather_d": "ops.gather_d(Tensor(F), 1, Tensor(np.array([[0, 0], [2, 1]], np.int32)))",
    "pows": "ops.pows(Tensor(G), 2)",
    "tensor_range": "ops.tensor_range(Tensor(1, ms.int32), Tensor(9, ms.int32), Tensor(3, ms.int32))",
    "adaptive_avg_pool2d_ext": "ops.adaptive_avg_pool2d_ext(Tensor(B3[None]), (2, 2))",
    "logspace": "ops.logspace(Tensor(0.0), Tensor(2.0), 5)",
    "logspace_base2": "ops.logspace(Tensor(1.0), Tensor(4.0), 4, base=2, dtype=ms.float64)",
    "LogSpace": "P.LogSpace(steps=3, base=3)(Tensor(0.0), Tensor(2.0))",
    "batch_dot": "ops.batch_dot(Tensor(B3), Tensor(B3), (2, 2))",
    "batch_dot_default": "ops.batch_dot(Tensor(B3[:, :, :3]), Tensor(B3[:, :3, :]))",
    "intopk": "ops.intopk(Tensor(F), Tensor(np.array([2, 1], np.int32)), 1)",
    "InTopK": "P.InTopK(2)(Tensor(F), Tensor(np.array([2, 1], np.int32)))",
    "accumulate_n": "ops.accumulate_n([Tensor(F), Tensor(G), Tensor(F)])",
    "AccumulateNV2": "P.AccumulateNV2()((Tensor(F), Tensor(G)))",
    "unique_with_pad": "ops.unique_with_pad(Tensor(U), -1)",
    "UniqueWithPad": "P.UniqueWithPad()(Tensor(U), Tensor(np.int32(0)))",
    # primitive twins of existing ops
    "Eye": "P.Eye()(2, 3, ms.float32)",
    "Bincount": "P.Bincount()(Tensor(U), Tensor(np.int32(7)), Tensor(np.ones(6, np.float32)))",
    "EuclideanNorm": "P.EuclideanNorm()(Tensor(F), Tensor(np.array([1], np.int32)))",
    "EuclideanNorm_keep": "P.EuclideanNorm(True)(Tensor(F), Tensor(np.array([0, 1], np.int32)))",
    "LpNorm": "P.LpNorm(axis=[0, 1], p=2)(Tensor(F))", "LpNorm_p1": "P.LpNorm(axis=1, p=1, keep_dims=True)(Tensor(F))",
    "NuclearNorm": "P.NuclearNorm()(Tensor(SQ))",
    "Quantile": "P.Quantile(dim=1)(Tensor(F), Tensor(np.array([0.25, 0.5], np.float32)))",
    "Lstsq": "P.Lstsq()(Tensor(A3), Tensor(F.T[:, :2].copy().T.T if False else np.ones((4, 2), np.float32)))",
    "MatrixSolveLs": "P.MatrixSolveLs()(Tensor(A3.astype(np.float64)), Tensor(np.ones((4, 2))), Tensor(0.0, ms.float64))",
    "TridiagonalMatMul": "P.TridiagonalMatMul()(Tensor(np.array([[1.0, 2.0, 3.0]], np.float32)), Tensor(np.array([[4.0, 5.0, 6.0]], np.float32)), Tensor(np.array([[7.0, 8.0, 9.0]], np.float32)), Tensor(SQ))",
    "IdentityN": "P.IdentityN()([Tensor(F), Tensor(U)])",
    "CheckNumerics": "P.CheckNumerics()(Tensor(F))",
    "CheckNumerics_nan": "P.CheckNumerics()(Tensor(np.array([1.0, np.nan], np.float32)))",
    "EqualCount": "P.EqualCount()(Tensor(U), Tensor(np.array([1, 2, 2, 3, 0, 5], np.int32)))",
    "NthElement": "P.NthElement()(Tensor(F), 1)", "NthElement_rev": "P.NthElement(True)(Tensor(F), 0)",
    "SegmentSum": "P.SegmentSum()(Tensor(SEGX), Tensor(SEGI))",
    "SegmentMax": "P.SegmentMax()(Tensor(SEGX), Tensor(SEGI))",
    "SegmentMin": "P.SegmentMin()(Tensor(SEGX), Tensor(SEGI))",
    "SegmentMean": "P.SegmentMean()(Tensor(SEGX), Tensor(SEGI))",
    "SegmentProd": "P.SegmentProd()(Tensor(SEGX), Tensor(SEGI))",
    "SegmentSum_unsorted": "P.SegmentSum()(Tensor(SEGX), Tensor(np.array([1, 0, 1, 3, 3], np.int32)))",
    # images
    "RGBToHSV": "P.RGBToHSV()(Tensor(IMG))", "HSVToRGB": "P.HSVToRGB()(Tensor(IMG[None]))",
    "AdjustHue": "P.AdjustHue()(Tensor(IMG), Tensor(np.float32(0.2)))",
    "AdjustSaturation": "P.AdjustSaturation()(Tensor(IMG), Tensor(np.float32(0.5)))",
    # layout and formats
    "BatchToSpace": "P.BatchToSpace(2, [[0, 0], [0, 0]])(Tensor(np.arange(16, dtype=np.float32).reshape(4, 1, 2, 2)))",
    "SpaceToBatch": "P.SpaceToBatch(2, [[0, 0], [0, 0]])(Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)))",
    "BatchToSpaceNDV2": "P.BatchToSpaceNDV2()(Tensor(np.arange(16, dtype=np.float32).reshape(4, 1, 2, 2)), Tensor(np.array([2, 2], np.int64)), Tensor(np.zeros((2, 2), np.int64)))",
    "DataFormatDimMap": "P.DataFormatDimMap()(Tensor(np.array([-4, -3, -2, -1, 0, 1, 2, 3], np.int32)))",
    "DataFormatVecPermute": "P.DataFormatVecPermute()(Tensor(np.array([1, 2, 3, 4], np.int32)))",
    "DataFormatVecPermute_2d": "P.DataFormatVecPermute('NCHW', 'NHWC')(Tensor(np.array([[1, 2], [3, 4], [5, 6], [7, 8]], np.int32)))",
    "FillDiagonal": "P.FillDiagonal(9.0)(Tensor(A3))", "FillDiagonal_wrap": "P.FillDiagonal(-1.0, True)(Tensor(np.zeros((7, 3), np.float32)))",
    "ScatterAddWithAxis": "P.ScatterAddWithAxis(1)(Tensor(F), Tensor(np.array([[0, 2], [1, 1]], np.int32)), Tensor(np.ones((2, 2), np.float32)))",
    "MaskedScatter": "P.MaskedScatter()(Tensor(F), Tensor(F > 0), Tensor(np.arange(6, dtype=np.float32) + 10))",
    "IndexPut": "P.IndexPut()(Tensor(F), Tensor(np.array([7.0, 8.0], np.float32)), [Tensor(np.array([0, 1], np.int32)), Tensor(np.array([2, 0], np.int32))])",
    "IndexPut_acc": "P.IndexPut(1)(Tensor(F), Tensor(np.array([7.0], np.float32)), [Tensor(np.array([0, 0], np.int32))])",
    "InplaceUpdateV2": "P.InplaceUpdateV2()(Tensor(F), Tensor(np.array([1], np.int32)), Tensor(np.ones((1, 3), np.float32)))",
    "LerpScalar": "P.LerpScalar()(Tensor(F), Tensor(G), 0.25)",
    "ScalarToTensor": "P.ScalarToTensor()(3, ms.float16)",
    "ScalarToArray": "P.ScalarToArray()(2.5)",
    "HistogramFixedWidth": "P.HistogramFixedWidth(4)(Tensor(X), Tensor(np.array([0.0, 8.0], np.float32)))",
    "DynamicShape": "P.DynamicShape()(Tensor(B3))",
    "dyn_shape": "ops.dyn_shape(Tensor(B3))",
    "ListDiff": "P.ListDiff()(Tensor(U), Tensor(np.array([1, 5], np.int32)))",
    # in-place functional ops (the input is updated and returned)
    "clamp_": "ops.clamp_(Tensor(F), -1.0, 1.0)", "zero_": "ops.zero_(Tensor(I))",
    "tanh_": "ops.tanh_(Tensor(F))", "erfinv_": "ops.erfinv_(Tensor(F / 4))",
    "inplace_sigmoid": "ops.inplace_sigmoid(Tensor(F))",
    "put_": "ops.put_(Tensor(F), Tensor(np.array([0, 5, -2], np.int64)), Tensor(np.array([7.0, 8.0, 9.0], np.float32)))",
    "put_acc": "ops.put_(Tensor(F), Tensor(np.array([1, 1], np.int64)), Tensor(np.array([7.0, 8.0], np.float32)), True)",
    "deepcopy": "ops.deepcopy(Tensor(F))",
    "Tensor_tanh_": "Tensor(F).tanh_()", "Tensor_sigmoid_": "Tensor(F).sigmoid_()",
    # more primitives
    "LuSolve": "P.LuSolve()(Tensor(np.array([[1.0, 2.0], [3.0, 5.0]], np.float32)), Tensor(np.array([[3.0, 4.0], [1.0 / 3.0, 2.0 / 3.0]], np.float32)), Tensor(np.array([2, 2], np.int32)))",
    "CompareAndBitpack": "P.CompareAndBitpack()(Tensor(np.arange(16, dtype=np.float32).reshape(2, 8)), Tensor(np.float32(5.5)))",
    "ConfusionMatrix": "P.ConfusionMatrix(4)(Tensor(np.array([0, 1, 1, 3], np.int32)), Tensor(np.array([0, 2, 1, 3], np.int32)))",
    "ConfusionMatrix_w": "P.ConfusionMatrix(4, 'float32')(Tensor(np.array([0, 1, 1, 3], np.int32)), Tensor(np.array([0, 2, 1, 3], np.int32)), Tensor(np.array([1.0, 2.0, 0.5, 4.0], np.float32)))",
    "RaggedRange": "P.RaggedRange(ms.int64)(Tensor(np.array([2, 5, 8], np.int32)), Tensor(np.array([3, 5, 12], np.int32)), Tensor(np.array([1, 1, 2], np.int32)))",
    "TransposeView": "P.TransposeView()(Tensor(B3), (2, 0, 1))",
    "TransposeExtView": "P.TransposeExtView()(Tensor(B3), 0, 2)",
    "Assert_false": "P.Assert()(Tensor(False), [Tensor(F)])",
    # fused normalization and rotary embedding (Ascend kernels in MindSpore)
    "add_rms_norm": "ops.add_rms_norm(Tensor(F), Tensor(G), Tensor(np.array([1.0, 0.5, 2.0], np.float32)))",
    "add_layer_norm": "ops.add_layer_norm(Tensor(F), Tensor(G), Tensor(np.array([1.0, 0.5, 2.0], np.float32)), Tensor(np.array([0.0, 1.0, -1.0], np.float32)))",
    "rotary_position_embedding": "ops.rotary_position_embedding(Tensor(B3.reshape(1, 2, 3, 4)), Tensor(np.cos(B3[:1, :1].reshape(1, 1, 1, 4))), Tensor(np.sin(B3[:1, :1].reshape(1, 1, 1, 4))), 0)",
    "rotary_position_embedding_1": "ops.rotary_position_embedding(Tensor(B3.reshape(1, 2, 3, 4)), Tensor(np.cos(B3[:1, :1].reshape(1, 1, 1, 4))), Tensor(np.sin(B3[:1, :1].reshape(1, 1, 1, 4))), 1)",
    # short-time Fourier transform
    "stft": "ops.stft(Tensor(np.sin(np.arange(32, dtype=np.float32) / 3)), 8, return_complex=True)",
    "stft_real": "ops.stft(Tensor(np.sin(np.arange(32, dtype=np.float32) / 3)), 8)",
    "stft_hann": "ops.stft(Tensor(np.sin(np.arange(32, dtype=np.float32) / 3)), 8, hop_length=4, window=Tensor(np.hanning(8).astype(np.float32)), return_complex=False)",
    "stft_short_window": "ops.stft(Tensor(np.sin(np.arange(32, dtype=np.float32) / 3)), 8, hop_length=3, win_length=4, window=Tensor(np.array([0.5, 1.0, 1.0, 0.5], np.float32)), return_complex=True)",
    "stft_batch": "ops.stft(Tensor(np.stack([np.sin(np.arange(24, dtype=np.float32)), np.cos(np.arange(24, dtype=np.float32))])), 6, hop_length=2, center=False, normalized=True, onesided=False, return_complex=True)",
    "stft_constant": "ops.stft(Tensor(np.arange(20, dtype=np.float32)), 8, hop_length=4, pad_mode='CONSTANT', return_complex=True)",
    "STFT": "P.STFT(8, 4, 8, False, True, True)(Tensor(np.sin(np.arange(32, dtype=np.float32) / 3)), Tensor(np.hanning(8).astype(np.float32)))",
    # candidate samplers: the expected counts of the true classes (the samples are random)
    "uniform_candidate_sampler": "ops.uniform_candidate_sampler(Tensor(np.array([[1], [3], [4]], np.int64)), 1, 4, False, 5, seed=1)[1]",
    "log_uniform_candidate_sampler": "ops.log_uniform_candidate_sampler(Tensor(np.array([[1, 0], [3, 2], [4, 4]], np.int64)), 2, 4, False, 5, seed=1)[1]",
    "UniformCandidateSampler": "P.UniformCandidateSampler(2, 6, False, 10)(Tensor(np.array([[1, 2], [3, 9]], np.int32)))[1]",
    "LogUniformCandidateSampler": "P.LogUniformCandidateSampler(1, 3, False, 7)(Tensor(np.array([[0], [6]], np.int64)))[1]",
    "reshape_": "ops.reshape_(Tensor(F), (3, 2))",
    "bernoulli_ext": "ops.bernoulli_ext(Tensor(np.array([0.0, 1.0, 1.0, 0.0], np.float32)))",
    "NonMaxSuppressionV3": "P.NonMaxSuppressionV3()(Tensor(np.array([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, -0.1, 1, 0.9], [0, 10, 1, 11], [0, 10.1, 1, 11.1], [0, 100, 1, 101]], np.float32)), Tensor(np.array([0.9, 0.75, 0.6, 0.95, 0.5, 0.3], np.float32)), Tensor(3, ms.int32), Tensor(0.5, ms.float32), Tensor(0.0, ms.float32))",
    "NonMaxSuppressionWithOverlaps": "P.NonMaxSuppressionWithOverlaps()(Tensor(np.array([[1.0, 0.6, 0.2], [0.6, 1.0, 0.3], [0.2, 0.3, 1.0]], np.float32)), Tensor(np.array([0.5, 0.9, 0.4], np.float32)), Tensor(3, ms.int32), Tensor(0.5, ms.float32), Tensor(0.0, ms.float32))",
    "ParallelConcat": "P.ParallelConcat()([Tensor(F[:1]), Tensor(G[:1])])",
    # errors
    "bessel_j0_bad": "ops.bessel_j0(np.float32(1))",
    "geqrf_1d": "ops.geqrf(Tensor(X))",
    "CheckNumerics_int": "P.CheckNumerics()(Tensor(U))",
}  # fmt: skip


def main() -> int:
    env = {"np": np, "ms": ms, "ops": ops, "F": F, "P": P, "Tensor": Tensor}
    env.update({k: eval(v, {"np": np}) for k, v in INPUTS.items()})
    return expression_cases.run(
        OUT, INPUTS, CASES, lambda _, expr: expression_cases.evaluate(expr, env)
    )


if __name__ == "__main__":
    sys.exit(main())
