"""MindSpore primitive classes that bridge to one functional op (``ops.Cholesky()``,
``ops.CeLU(alpha=1.0)``, ``ops.SearchSorted()``, ...): each records its constructor arguments as
attributes and calls the one functional op of ``deepsink.ops.function`` that computes it.

The classes are built from a table: (name, constructor arguments with MindSpore's defaults, and
how a call maps the inputs and those attributes onto the functional op).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core import kernel_random as KR
from deepsink._core import kernel_samplers as KS
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops._table_primitive import declare
from deepsink.ops._table_primitive import plain as _plain
from deepsink.ops.function import array_ext_func as AX
from deepsink.ops.function import array_func as A
from deepsink.ops.function import elementwise_func as E
from deepsink.ops.function import layout_func as LY
from deepsink.ops.function import linalg_func as LA
from deepsink.ops.function import linalg_reduce_func as LR
from deepsink.ops.function import math_func as M
from deepsink.ops.function import nn_ext_func as NX
from deepsink.ops.function import nn_func as N
from deepsink.ops.function import parameter_func as PF
from deepsink.ops.function import parameter_scatter_func as PS
from deepsink.ops.function import random_func as RND
from deepsink.ops.function import scalar_func as SF
from deepsink.ops.function import scatter_func as SC
from deepsink.ops.function import special_math_func as S
from deepsink.ops.function import spectral_func as SP

_TABLE: list[tuple[str, Callable, tuple]] = [
    # elementwise and special functions
    ("Addcdiv", lambda s, x, t1, t2, v: S.addcdiv(x, t1, t2, v), ()),
    ("Addcmul", lambda s, x, t1, t2, v: S.addcmul(x, t1, t2, v), ()),
    ("BesselI0", _plain(S.bessel_i0), ()), ("BesselI0e", _plain(S.bessel_i0e), ()),
    ("BesselI1", _plain(S.bessel_i1), ()), ("BesselI1e", _plain(S.bessel_i1e), ()),
    ("Igamma", _plain(S.igamma), ()), ("Igammac", _plain(S.igammac), ()),
    ("Zeta", _plain(S.zeta), ()), ("Polar", _plain(S.polar), ()),
    ("PopulationCount", _plain(S.population_count), ()),
    ("Polygamma", _plain(S.polygamma), ()),
    ("Mvlgamma", lambda s, x: S.mvlgamma(x, s.p), (("p", 1),)),
    ("Logit", lambda s, x: E.logit(x, None if s.eps < 0 else s.eps), (("eps", -1.0),)),
    ("NanToNum", lambda s, x: E.nan_to_num(x, s.nan, s.posinf, s.neginf),
     (("nan", 0.0), ("posinf", None), ("neginf", None))),
    ("ComplexAbs", _plain(M.abs), ()),
    ("TensorAdd", _plain(M.add), ()),
    ("identity", _plain(PF.identity), ()),  # MindSpore's deprecated lower-case Identity (UNet)
    # activations
    ("SeLU", _plain(NX.selu), ()), ("Mish", _plain(NX.mish), ()),
    ("CeLU", lambda s, x: NX.celu(x, s.alpha), (("alpha", 1.0),)),
    ("HShrink", lambda s, x: NX.hardshrink(x, s.lambd), (("lambd", 0.5),)),
    ("SoftShrink", lambda s, x: NX.softshrink(x, s.lambd), (("lambd", 0.5),)),
    ("HSigmoid", _plain(NX.hardsigmoid), ()),
    ("GLU", lambda s, x: NX.glu(x, s.axis), (("axis", -1),)),
    ("PReLU", _plain(NX.prelu), ()),
    ("Softplus", _plain(N.softplus), ()),
    ("Elu", lambda s, x: N.elu(x, s.alpha), (("alpha", 1.0),)),
    ("FastGelu", _plain(N.fast_gelu), ()),
    ("Gelu", lambda s, x: N.gelu(x, "tanh"), ()),
    # losses
    ("SmoothL1Loss", lambda s, x, t: NX.smooth_l1_loss(x, t, s.beta, s.reduction),
     (("beta", 1.0), ("reduction", "none"))),
    ("SoftMarginLoss", lambda s, x, t: NX.soft_margin_loss(x, t, s.reduction),
     (("reduction", "mean"),)),
    ("KLDivLoss", lambda s, x, t: NX.kl_div(x, t, s.reduction), (("reduction", "mean"),)),
    ("MultiMarginLoss", lambda s, x, t, w=None: NX.multi_margin_loss(x, t, s.p, s.margin, w,
                                                                     s.reduction),
     (("p", 1), ("margin", 1.0), ("reduction", "mean"))),
    ("TripletMarginLoss", lambda s, a, p, n, m: NX.triplet_margin_loss(
        a, p, n, float(jnp.asarray(U.array(m, "TripletMarginLoss", "margin"))), s.p, s.eps,
        s.swap, s.reduction),
     (("p", 2), ("swap", False), ("eps", 1e-6), ("reduction", "mean"))),
    ("L2Loss", lambda s, x: Tensor._from(jnp.sum(jnp.square(U.array(x, "L2Loss", "x"))) / 2), ()),
    # linear algebra
    ("Cholesky", lambda s, x: LA.cholesky(x, s.upper), (("upper", False),)),
    ("CholeskyInverse", lambda s, x: LA.cholesky_inverse(x, s.upper), (("upper", False),)),
    ("CholeskySolve", lambda s, x, f: LA.cholesky_solve(x, f, s.upper), (("upper", False),)),
    ("Eig", lambda s, x: LA.eig(x) if s.compute_v else (LA.eigvals(x), Tensor._from(
        jnp.zeros((), jnp.complex64))),
     (("compute_v", False),)),
    ("Svd", lambda s, x: LA.svd(x, s.full_matrices, s.compute_uv) if s.compute_uv
     else (LA.svd(x, s.full_matrices, False), Tensor._from(jnp.zeros(())),
           Tensor._from(jnp.zeros(()))),
     (("full_matrices", False), ("compute_uv", True))),
    ("Qr", lambda s, x: LA.qr(x, "complete" if s.full_matrices else "reduced"),
     (("full_matrices", False),)),
    ("Ger", _plain(LA.ger), ()),
    ("MatrixExp", _plain(LA.matrix_exp), ()),
    ("MatrixSolve", lambda s, m, r: LA.matrix_solve(m, r, s.adjoint), (("adjoint", False),)),
    ("LogMatrixDeterminant", _plain(LA.log_matrix_determinant), ()),
    ("MatrixPower", lambda s, x: LR.matrix_power(x, s.n), (("n", 1),)),
    ("MatrixBandPart", _plain(AX.matrix_band_part), ()),
    ("Cdist", lambda s, a, b: LA.cdist(a, b, s.p), (("p", 2.0),)),
    ("Pdist", lambda s, a: LA.pdist(a, s.p), (("p", 2.0),)),
    ("Renorm", lambda s, x: LA.renorm(x, s.p, s.dim, s.maxnorm),
     (("p", 2), ("dim", 0), ("maxnorm", 1.0))),
    ("ConjugateTranspose", lambda s, x, perm: Tensor._from(
        jnp.transpose(U.array(x, "ConjugateTranspose", "x"), perm).conj()), ()),
    # arrays
    ("Bucketize", lambda s, x: AX.bucketize(x, list(s.boundaries), right=True),
     (("boundaries", ()),)),
    ("SearchSorted", lambda s, seq, v: Tensor._from(AX.searchsorted(
        seq, v, right=s.right)._data.astype(U.dtype(s.dtype, "SearchSorted"))),
     (("dtype", mstype.int64), ("right", False))),
    ("UniqueConsecutive", lambda s, x: _unique_consecutive(s, x),
     (("return_idx", False), ("return_counts", False), ("axis", None))),
    ("SpaceToBatchND", lambda s, x: AX.space_to_batch_nd(x, s.block_shape, s.paddings),
     (("block_shape", 2), ("paddings", ((0, 0), (0, 0))))),
    ("BatchToSpaceND", lambda s, x: AX.batch_to_space_nd(x, s.block_shape, s.crops),
     (("block_shape", 2), ("crops", ((0, 0), (0, 0))))),
    ("ChannelShuffle", lambda s, x: AX.channel_shuffle(x, s.group), (("group", 1),)),
    ("ReverseSequence", lambda s, x, n: AX.reverse_sequence(x, n, s.seq_dim, s.batch_dim),
     (("seq_dim", 0), ("batch_dim", 0))),
    ("InplaceAdd", lambda s, x, v: AX.inplace_add(x, v, s.indices), (("indices", 0),)),
    ("InplaceSub", lambda s, x, v: AX.inplace_sub(x, v, s.indices), (("indices", 0),)),
    ("InplaceUpdate", lambda s, x, v: AX.inplace_update(x, v, s.indices), (("indices", 0),)),
    ("IndexFill", lambda s, x, ax, i, v: AX.index_fill(x, ax, i, v), ()),
    ("Unpack", lambda s, x: A.unstack(x, s.axis), (("axis", 0),)),
    ("DiagPart", lambda s, x: _diag_part(x), ()),
    ("CumProd", lambda s, x, ax: _cum(x, ax, s.exclusive, s.reverse, jnp.cumprod, 1),
     (("exclusive", False), ("reverse", False))),
    ("Cummin", lambda s, x: LR.cummin(x, s.axis), (("axis", 0),)),
    ("Median", lambda s, x: _median(s, x),
     (("global_median", False), ("axis", 0), ("keep_dims", False), ("ignore_nan", False))),
    # in-place scatters on Parameters
    ("ScatterAdd", _plain(PS.scatter_add), (("use_locking", False),)),
    ("ScatterSub", _plain(PS.scatter_sub), (("use_locking", False),)),
    ("ScatterMul", _plain(PS.scatter_mul), (("use_locking", False),)),
    ("ScatterDiv", _plain(PS.scatter_div), (("use_locking", False),)),
    ("ScatterMax", _plain(PS.scatter_max), (("use_locking", True),)),
    ("ScatterMin", _plain(PS.scatter_min), (("use_locking", False),)),
    ("ScatterUpdate", _plain(PS.scatter_update), (("use_locking", True),)),
    ("ScatterNdAdd", lambda s, x, i, u: _nd_inplace(SC.tensor_scatter_add, x, i, u),
     (("use_locking", False),)),
    ("ScatterNdSub", lambda s, x, i, u: _nd_inplace(SC.tensor_scatter_sub, x, i, u),
     (("use_locking", False),)),
    ("ScatterNdMul", lambda s, x, i, u: _nd_inplace(SC.tensor_scatter_mul, x, i, u),
     (("use_locking", False),)),
    ("ScatterNdDiv", lambda s, x, i, u: _nd_inplace(SC.tensor_scatter_div, x, i, u),
     (("use_locking", False),)),
    ("ScatterNdMax", lambda s, x, i, u: _nd_inplace(SC.tensor_scatter_max, x, i, u),
     (("use_locking", False),)),
    ("ScatterNdMin", lambda s, x, i, u: _nd_inplace(SC.tensor_scatter_min, x, i, u),
     (("use_locking", False),)),
    ("ScatterNdUpdate", lambda s, x, i, u: _nd_inplace(SC.tensor_scatter_update, x, i, u),
     (("use_locking", True),)),
    ("ScatterNonAliasingAdd", lambda s, x, i, u: _nd_inplace(SC.tensor_scatter_add, x, i, u), ()),
    ("InplaceIndexAdd", lambda s, v, i, u: PS.inplace_index_add(v, i, u, s.axis), (("axis", 0),)),
    ("IndexAdd", lambda s, x, i, y: _nd_set(x, AX.index_add(x, i, y, s.axis)),
     (("axis", 0), ("use_lock", True), ("check_index_bound", True))),
    ("TensorScatterElements", lambda s, x, i, u: SC.tensor_scatter_elements(
        x, i, u, s.axis, s.reduction), (("axis", 0), ("reduction", "none"))),
    # random
    ("StandardNormal", lambda s, shape: _kernel_normal(s, shape), (("seed", 0), ("seed2", 0))),
    ("StandardLaplace", lambda s, shape: _kernel_laplace(s, shape), (("seed", 0), ("seed2", 0))),
    ("UniformReal", lambda s, shape: _kernel_uniform(s, shape), (("seed", 0), ("seed2", 0))),
    ("UniformInt", lambda s, shape, lo, hi: _kernel_int(s, shape, lo, hi),
     (("seed", 0), ("seed2", 0))),
    ("RandomCategorical", lambda s, lg, n, seed=0: _random_categorical(s, lg, n, seed),
     (("dtype", mstype.int64),)),
    ("Randperm", lambda s, n: _randperm(s, n),
     (("max_length", 1), ("pad", -1), ("dtype", mstype.int32))),
    ("RandomShuffle", lambda s, x: _random_shuffle(s, x), (("seed", 0), ("seed2", 0))),
    ("Multinomial", lambda s, x, n: Tensor._from(RND.multinomial(x, n, True, _seed(s))._data
                                                 .astype(U.dtype(s.dtype, "Multinomial"))),
     (("seed", 0), ("seed2", 0), ("dtype", mstype.int32))),
    ("RandomGamma", lambda s, shape, alpha: _random_gamma(s, shape, alpha),
     (("seed", 0), ("seed2", 0))),
    ("RandomPoisson", lambda s, shape, rate: _random_poisson(s, shape, rate),
     (("seed", 0), ("seed2", 0), ("dtype", mstype.int64))),
    # more primitives over existing ops
    ("ApproximateEqual", lambda s, x, y: E.approximate_equal(x, y, s.tolerance),
     (("tolerance", 1e-5),)),
    ("LinSpace", lambda s, a, b, n: A.linspace(a, b, int(U.array(n, "LinSpace", "num")))
     if not isinstance(n, int) else A.linspace(a, b, n), ()),
    ("Expand", lambda s, x, shape: AX.expand(x, shape), ()),
    ("Range", lambda s, a, b, d: AX.range(a, b, d, s.maxlen), (("maxlen", 1000000),)),
    ("TrilIndices", lambda s: LY.tril_indices(s.row, s.col, s.offset, dtype=s.dtype),
     (("row", 1), ("col", 1), ("offset", 0), ("dtype", mstype.int32))),
    ("TriuIndices", lambda s: LY.triu_indices(s.row, s.col, s.offset, dtype=s.dtype),
     (("row", 1), ("col", 1), ("offset", 0), ("dtype", mstype.int32))),
    ("InvertPermutation", lambda s, x: _invert_permutation(x), ()),
    ("SquareSumAll", lambda s, x, y: tuple(Tensor._from(jnp.sum(jnp.square(U.array(
        t, "SquareSumAll", "x")))) for t in (x, y)), ()),
    ("ReduceStd", lambda s, x: _reduce_std(s, x),
     (("axis", ()), ("unbiased", True), ("keep_dims", False))),
    ("L2Normalize", lambda s, x: _l2_normalize(x, s.axis, s.epsilon),
     (("axis", 0), ("epsilon", 1e-4))),
    ("CumulativeLogsumexp", lambda s, x, ax: _cum_logsumexp(s, x, ax),
     (("exclusive", False), ("reverse", False))),
    ("Histogram", lambda s, x: LA.histc(x, s.bins, s.min, s.max),
     (("bins", 100), ("min", 0.0), ("max", 0.0))),
    ("DepthToSpace", lambda s, x: _depth_to_space(x, s.block_size), (("block_size", 2),)),
    ("SpaceToDepth", lambda s, x: _space_to_depth(x, s.block_size), (("block_size", 2),)),
    ("SplitV", lambda s, x: A.split(x, list(s.size_splits), s.split_dim),
     (("size_splits", ()), ("split_dim", 0), ("num_split", 1))),
    ("HammingWindow", lambda s, n: SP.hamming_window(_int_of(n), s.periodic, s.alpha, s.beta,
                                                     dtype=s.dtype),
     (("periodic", True), ("alpha", 0.54), ("beta", 0.46), ("dtype", mstype.float32))),
    ("BartlettWindow", lambda s, n: SP.bartlett_window(n, s.periodic, dtype=s.dtype),
     (("periodic", True), ("dtype", mstype.float32))),
    ("BlackmanWindow", lambda s, n: SP.blackman_window(n, s.periodic, dtype=s.dtype),
     (("periodic", True), ("dtype", mstype.float32))),
    ("BCEWithLogitsLoss", lambda s, x, t, w, pw: N.binary_cross_entropy_with_logits(
        x, t, w, pw, s.reduction), (("reduction", "mean"),)),
    ("SigmoidCrossEntropyWithLogits", lambda s, x, t: N.binary_cross_entropy_with_logits(
        x, t, None, None, "none"), ()),
    ("Betainc", lambda s, a, b, x: Tensor._from(jax.scipy.special.betainc(
        U.array(a, "Betainc", "a"), U.array(b, "Betainc", "b"), U.array(x, "Betainc", "x"))), ()),
    ("TensorShape", lambda s, x: Tensor._from(jnp.asarray(AX.shape_(x), jnp.int64)), ()),
    ("TupleToArray", lambda s, x: SF.tuple_to_array(x), ()),
    ("ScalarCast", lambda s, x, t: SF.scalar_cast(x, t), ()),
    ("Fills", lambda s, x, v: AX.fills(x, v), ()),
    ("FillV2", lambda s, shape, v: Tensor._from(jnp.full(U.shape(shape, "FillV2"),
                                                         U.array(v, "FillV2", "value"))), ()),
    ("Eps", lambda s, x: AX.eps(x), ()),
    ("LowerBound", lambda s, a, v: _bound(s, a, v, False), (("out_type", mstype.int32),)),
    ("UpperBound", lambda s, a, v: _bound(s, a, v, True), (("out_type", mstype.int32),)),
    ("UnravelIndex", lambda s, i, d: Tensor._from(jnp.stack(jnp.unravel_index(
        U.array(i, "UnravelIndex", "indices"), tuple(np.asarray(U.array(d, "UnravelIndex",
                                                                        "dims")).tolist()))
        ).astype(U.array(i, "UnravelIndex", "indices").dtype)), ()),
    ("MatrixTriangularSolve", lambda s, m, r: Tensor._from(jax.scipy.linalg.solve_triangular(
        U.array(m, "MatrixTriangularSolve", "matrix"), U.array(r, "MatrixTriangularSolve", "rhs"),
        trans="C" if s.adjoint else 0, lower=s.lower)),
     (("lower", True), ("adjoint", False))),
    ("LuUnpack", lambda s, lu, piv: LA.lu_unpack(lu, piv), (("unpack_data", True),
                                                           ("unpack_pivots", True))),
    ("AdaptiveAvgPool2D", lambda s, x: NX.adaptive_avg_pool2d(x, s.output_size),
     (("output_size", 1),)),
    ("AdaptiveMaxPool2D", lambda s, x: NX.adaptive_max_pool2d(x, s.output_size, True),
     (("output_size", 1),)),
]  # fmt: skip


def _unique_consecutive(s: Any, x: Any) -> tuple:
    """The primitive always returns (values, indices, counts)."""
    return AX.unique_consecutive(x, True, True, s.axis)


def _nd_inplace(fn: Callable, x: Any, indices: Any, updates: Any) -> Tensor:
    """A ``tensor_scatter_*`` written back into the Parameter ``x``; returns the new value."""
    from deepsink.common.parameter import Parameter

    if not isinstance(x, Parameter):
        U.fail(fn.__name__, f"'input_x' must be a Parameter, but got {type(x).__name__}", TypeError)
    return _nd_set(x, fn(x, indices, updates))


def _nd_set(x: Any, new: Tensor) -> Tensor:
    """Write ``new`` into ``x`` when it is a Parameter (MindSpore's in-place kernels)."""
    from deepsink.common.parameter import Parameter

    if isinstance(x, Parameter):
        x._data = new._data
    return new


def _engine(s: Any, table: Any, signature: Any) -> Any:
    return KR.primitive_engine(s, table, s.seed, s.seed2, signature)


def _count(shape: Any, api: str) -> tuple[tuple[int, ...], int]:
    shp = U.shape(shape, api)
    return shp, int(np.prod(shp, dtype=np.int64))


def _kernel_normal(s: Any, shape: Any) -> Tensor:
    shp, n = _count(shape, "StandardNormal")
    out = _engine(s, KR.LEHMER, shp).run(lambda st: KR.standard_normal(st, n))
    return Tensor._from(out.reshape(shp))


def _kernel_laplace(s: Any, shape: Any) -> Tensor:
    shp, n = _count(shape, "StandardLaplace")
    out = _engine(s, KR.LEHMER, shp).run(lambda st: KR.standard_laplace(st, n))
    return Tensor._from(out.reshape(shp))


def _kernel_uniform(s: Any, shape: Any) -> Tensor:
    shp, n = _count(shape, "UniformReal")
    out = _engine(s, KR.MT, shp).run(lambda st: KR.uniform_real(st, n))
    return Tensor._from(out.reshape(shp))


def _kernel_int(s: Any, shape: Any, low: Any, high: Any) -> Tensor:
    shp, n = _count(shape, "UniformInt")
    lo, hi = (U.array(v, "UniformInt", name) for v, name in ((low, "minval"), (high, "maxval")))
    for v, name in ((lo, "minval"), (hi, "maxval")):
        if v.dtype.kind not in "iu" or v.ndim != 0:
            U.fail(
                "UniformInt",
                f"'{name}' must be an int scalar Tensor, but got {v.dtype} "
                f"of shape {list(v.shape)}",
                TypeError,
            )
    out = _engine(s, KR.MT, shp).run(lambda st: KR.uniform_int(st, n, lo, hi))
    return Tensor._from(out.reshape(shp))


def _random_categorical(s: Any, logits: Any, num_sample: Any, seed: Any) -> Tensor:
    """An instance keeps a kernel per input signature (the ``num_sample`` and ``seed`` values
    among it), whose engine goes on from call to call."""
    seed = RND._categorical_args(logits, num_sample, seed)
    lg = U.array(logits, "RandomCategorical", "logits")
    engine = KR.primitive_engine(s, KR.LEHMER, 0, seed, (lg.shape, str(lg.dtype), num_sample, seed))
    return RND.categorical_kernel(engine.run, lg, num_sample, s.dtype)


def _random_poisson(s: Any, shape: Any, rate: Any) -> Tensor:
    """An instance's kernel continues its engine from call to call (one per input signature)."""
    r = U.array(rate, "RandomPoisson", "rate")
    shp = U.shape(shape, "RandomPoisson")
    engines = s.__dict__.setdefault("_poisson_engines", {})
    sig = (shp, r.shape, str(r.dtype))
    if sig not in engines:
        engines[sig] = KS.MTUniform(KS.poisson_engine_seed(int(s.seed), int(s.seed2)))
    return Tensor._from(RND.poisson_kernel(shp, r, engines[sig], s.dtype))


def _random_gamma(s: Any, shape: Any, alpha: Any) -> Tensor:
    """An instance's kernel goes on along its Philox stream from call to call."""
    kernels = s.__dict__.setdefault("_gamma_kernels", {})
    a = U.array(alpha, "RandomGamma", "alpha")
    sig = (U.shape(shape, "RandomGamma"), a.shape, str(a.dtype))
    if sig not in kernels:
        kernels[sig] = KS.GammaKernel(int(s.seed), int(s.seed2))
    return Tensor._from(RND.gamma_kernel(kernels[sig], shape, a))


def _seed(s: Any) -> int | None:
    """The key of a random primitive: ``seed``/``seed2`` both 0 take the global state."""
    if s.seed == 0 and s.seed2 == 0:
        return None
    return int(s.seed) * 1000003 + int(s.seed2)


def _random_shuffle(s: Any, x: Any) -> Tensor:
    """``RandomShuffle(seed, seed2)(x)``: the instance's kernel keeps its Lehmer engine, so each
    call continues the stream (one engine per input signature, as MindSpore keeps one kernel per
    instance and signature)."""
    a = U.array(x, "RandomShuffle", "x")
    engines = s.__dict__.setdefault("_host_engines", {})
    key = (a.shape, str(a.dtype))
    if key not in engines:
        engines[key] = KR.LehmerDraws(KR.lehmer_start(KR.kernel_seed(int(s.seed), int(s.seed2))))
    return Tensor._from(RND.shuffled_rows(a, engines[key]))


def _randperm(s: Any, n: Any) -> Tensor:
    """A permutation of ``0 .. n-1`` padded with ``pad`` to ``max_length``."""
    k = int(U.array(n, "Randperm", "n").reshape(-1)[0])
    if k > s.max_length:
        U.fail("Randperm", f"'n' ({k}) must not exceed 'max_length' ({s.max_length})")
    perm = RND.randperm(k, dtype=s.dtype)._data
    return Tensor._from(jnp.pad(perm, (0, s.max_length - k), constant_values=s.pad))


def _int_of(n: Any) -> int:
    return int(np.asarray(U.array(n, "window", "window_length")).reshape(()))


def _invert_permutation(x: Any) -> tuple:
    """The inverse of a permutation of ``0 .. n-1`` given as a tuple."""
    perm = list(x)
    if sorted(perm) != list(range(len(perm))):
        U.fail(
            "InvertPermutation",
            f"'input_x' must be a permutation of 0..{len(perm) - 1}, but got {tuple(perm)}",
        )
    inv = [0] * len(perm)
    for i, p in enumerate(perm):
        inv[p] = i
    return tuple(inv)


def _reduce_std(s: Any, x: Any) -> tuple:
    a = U.floating(U.array(x, "ReduceStd", "x"))
    ax = U.axes(s.axis, a.ndim, "ReduceStd")
    ddof = 1 if s.unbiased else 0
    return (
        Tensor._from(jnp.std(a, axis=ax, ddof=ddof, keepdims=s.keep_dims)),
        Tensor._from(jnp.mean(a, axis=ax, keepdims=s.keep_dims)),
    )


def _l2_normalize(x: Any, axis: Any, epsilon: float) -> Tensor:
    """``x / sqrt(max(sum(x^2), epsilon))`` along ``axis``."""
    a = U.floating(U.array(x, "L2Normalize", "x"))
    ax = U.axes(axis, a.ndim, "L2Normalize")
    ss = jnp.sum(jnp.square(a), axis=ax, keepdims=True)
    return Tensor._from((a / jnp.sqrt(jnp.maximum(ss, epsilon))).astype(a.dtype))


def _cum_logsumexp(s: Any, x: Any, axis: Any) -> Tensor:
    a = U.floating(U.array(x, "CumulativeLogsumexp", "x"))
    ax = U.axis(
        int(np.asarray(U.static_number(axis, "CumulativeLogsumexp", "axis"))),
        a.ndim,
        "CumulativeLogsumexp",
    )
    if s.reverse:
        a = jnp.flip(a, ax)
    r = jax.lax.cumlogsumexp(a, axis=ax)
    if s.exclusive:
        pad = [(0, 0)] * a.ndim
        pad[ax] = (1, 0)
        lowest = jnp.finfo(a.dtype).min  # MindSpore's empty sum: the lowest finite value
        r = jnp.take(jnp.pad(r, pad, constant_values=lowest), jnp.arange(a.shape[ax]), axis=ax)
    if s.reverse:
        r = jnp.flip(r, ax)
    return Tensor._from(r.astype(a.dtype))


def _bound(s: Any, sorted_x: Any, values: Any, right: bool) -> Tensor:
    out = AX.searchsorted(sorted_x, values, right=right)
    return Tensor._from(out._data.astype(U.dtype(s.out_type, "LowerBound", "out_type")))


def _space_to_depth(x: Any, b: int) -> Tensor:
    """NCHW blocks of ``b x b`` pixels into channels, block position major (TensorFlow's order,
    unlike ``pixel_unshuffle``'s channel-major one)."""
    a = U.array(x, "SpaceToDepth", "x")
    n, c, h, w = a.shape
    if h % b or w % b:
        U.fail("SpaceToDepth", f"height {h} and width {w} must be divisible by block_size {b}")
    y = a.reshape(n, c, h // b, b, w // b, b).transpose(0, 3, 5, 1, 2, 4)
    return Tensor._from(y.reshape(n, b * b * c, h // b, w // b))


def _depth_to_space(x: Any, b: int) -> Tensor:
    """The inverse of ``SpaceToDepth``: channels ``(bh, bw, c)`` back into ``b x b`` blocks."""
    a = U.array(x, "DepthToSpace", "x")
    n, d, h, w = a.shape
    if d % (b * b):
        U.fail("DepthToSpace", f"the channels {d} must be divisible by block_size**2 = {b * b}")
    c = d // (b * b)
    y = a.reshape(n, b, b, c, h, w).transpose(0, 3, 4, 1, 5, 2)
    return Tensor._from(y.reshape(n, c, h * b, w * b))


def _diag_part(x: Any) -> Tensor:
    """The diagonal of a ``(d1..dk, d1..dk)`` Tensor: ``out[i] = x[i, i]``."""
    a = U.array(x, "DiagPart", "x")
    k = a.ndim // 2
    if a.ndim % 2 or a.shape[:k] != a.shape[k:]:
        U.fail("DiagPart", f"'x' must have shape (d1..dk, d1..dk), but got {list(a.shape)}")
    n = 1
    for d in a.shape[:k]:
        n *= d
    return Tensor._from(jnp.diagonal(a.reshape(n, n)).reshape(a.shape[:k]))


def _cum(x: Any, axis: Any, exclusive: bool, reverse: bool, fn: Callable, unit: int) -> Tensor:
    a = U.array(x, "CumProd", "x")
    ax = U.axis(int(jnp.asarray(U.static_number(axis, "CumProd", "axis"))), a.ndim, "CumProd")
    if reverse:
        a = jnp.flip(a, ax)
    r = fn(a, axis=ax)
    if exclusive:
        pad = [(0, 0)] * a.ndim
        pad[ax] = (1, 0)
        r = jnp.pad(r, pad, constant_values=unit)
        r = jnp.take(r, jnp.arange(a.shape[ax]), axis=ax)
    if reverse:
        r = jnp.flip(r, ax)
    return Tensor._from(r.astype(a.dtype))


def _median(s: Any, x: Any) -> tuple:
    if s.global_median:
        a = U.array(x, "Median", "x").reshape(-1)
        v, i = LR.median(Tensor._from(a), 0)
        return v, i
    return LR.median(x, s.axis, s.keep_dims)


for _name, _call, _params in _TABLE:
    globals()[_name] = declare(_name, _call, __name__, _params)
for _name in ("StandardNormal", "StandardLaplace", "UniformReal", "UniformInt"):  # with engines
    globals()[_name]._random_kernel = True

# ``identity`` is exported by name where MindSpore has it: the class in ops.operations, an
# instance in ops (MindSpore's ``ops.identity`` is ``Prim[identity]``)
__all__ = [name for name, _, _ in _TABLE if name != "identity"]
