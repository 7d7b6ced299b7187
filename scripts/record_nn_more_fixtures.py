"""Record MindSpore 2.10's results for the rest of ``mindspore.nn`` (the ``*Ext`` layers, image
metrics, matrix layers, fractional and power pooling, combined Conv/Dense+BN+activation cells,
embedding lookups, the remaining losses) and for the ``ops`` functions behind them, into
``tests/fixtures/ms/nn_more/`` (run with real MindSpore, not by CI)::

    python scripts/record_nn_more_fixtures.py              # every group
    python scripts/record_nn_more_fixtures.py layers ops   # some groups

Layer cases use the conventions of ``record_nn_breadth_fixtures.py`` (whose ``record_layer`` they
reuse): a constructor text, seeded parameters set in ``parameters_and_names()`` order, forward in
PyNative and the input gradient of ``sum(outputs * weights)``. Op cases are an expression over the
inputs ``a0, a1, ...``; the output(s) and, for float inputs, their gradients are recorded. Errors
record the exception type MindSpore raises.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import mindspore as ms
import numpy as np
from mindspore import Tensor, nn, ops

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record_nn_breadth_fixtures as breadth  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "nn_more"
breadth.ROOT = ROOT  # record_layer writes to ROOT / "layers"
U = breadth.U


def P(*shape):  # noqa: N802 - positive inputs
    return f"rng.uniform(0.2, 1.0, {shape}).astype(np.float32)"


def I(high, *shape):  # noqa: N802, E743 - integer inputs
    return f"rng.randint(0, {high}, {shape}).astype(np.int32)"


LAYERS: dict[str, tuple[str, list[str], dict[str, str]]] = {
    # pooling
    "more_avgpool1d_ext": ("nn.AvgPool1dExt(3, 2, 1)", [U(2, 3, 7)], {}),
    "more_avgpool1d_ext_ceil": (
        "nn.AvgPool1dExt(2, 2, 1, ceil_mode=True, count_include_pad=False)",
        [U(2, 3, 6)],
        {},
    ),
    "more_avgpool2d_ext": ("nn.AvgPool2dExt(3, 2, 1)", [U(2, 3, 6, 5)], {}),
    "more_avgpool2d_ext_divisor": (
        "nn.AvgPool2dExt((2, 3), (1, 2), (1, 1), ceil_mode=True, divisor_override=4)",
        [U(1, 2, 5, 6)],
        {},
    ),
    "more_avgpool3d_ext": (
        "nn.AvgPool3dExt(2, 2, 1, count_include_pad=False)",
        [U(1, 2, 4, 5, 3)],
        {},
    ),
    "more_maxpool2d_ext": ("nn.MaxPool2dExt(3, 2, 1)", [U(2, 3, 6, 5)], {}),
    "more_maxpool2d_ext_dilation_indices": (
        "nn.MaxPool2dExt(2, 1, 0, dilation=2, return_indices=True, ceil_mode=True)",
        [U(1, 2, 5, 6)],
        {},
    ),
    "more_lppool1d": ("nn.LPPool1d(2, 3, 2)", [U(2, 3, 8)], {}),
    "more_lppool2d": ("nn.LPPool2d(3, (2, 3), 2, ceil_mode=True)", [P(1, 2, 5, 7)], {}),
    "more_lppool1d_ceil": ("nn.LPPool1d(1, 2, ceil_mode=True)", [P(2, 7)], {}),
    "more_fmp2d_samples": (
        "nn.FractionalMaxPool2d(2, output_size=(3, 4), return_indices=True,"
        " _random_samples=Tensor(np.array([[[0.3, 0.7]], [[0.9, 0.1]]], np.float32)))",
        [U(2, 1, 7, 8)],
        {},
    ),
    "more_fmp2d_ratio": (
        "nn.FractionalMaxPool2d((2, 3), output_ratio=(0.5, 0.5),"
        " _random_samples=Tensor(np.array([[[0.5, 0.25], [0.8, 0.6]]], np.float32)))",
        [U(1, 2, 8, 9)],
        {},
    ),
    "more_fmp3d_samples": (
        "nn.FractionalMaxPool3d(2, output_size=(2, 3, 3), return_indices=True,"
        " _random_samples=Tensor(np.array([[[0.3, 0.7, 0.5]]], np.float32)))",
        [U(1, 1, 5, 6, 7)],
        {},
    ),
    # activations, normalization, dropout in eval
    "more_logsoftmax_ext": ("nn.LogSoftmaxExt(1)", [U(3, 4, 2)], {}),
    "more_logsoftmax_ext_none": ("nn.LogSoftmaxExt()", [U(3, 4)], {}),
    "more_prelu_ext": ("nn.PReLUExt(3, 0.1)", [U(2, 3, 4)], {}),
    "more_prelu_ext_shared": ("nn.PReLUExt()", [U(2, 3)], {}),
    "more_lrn": ("nn.LRN(2, 1.0, 0.5, 0.75)", [U(2, 6, 3, 3)], {}),
    "more_layernorm_ext": ("nn.LayerNormExt((3, 4), 1e-4)", [U(2, 3, 4)], {}),
    "more_layernorm_ext_nobias": ("nn.LayerNormExt(4, bias=False)", [U(2, 3, 4)], {}),
    "more_layernorm_ext_noaffine": ("nn.LayerNormExt(4, elementwise_affine=False)", [U(3, 4)], {}),
    "more_dropout_ext_eval": ("nn.DropoutExt(0.3)", [U(3, 4)], {}),
    "more_dropout2d_ext_eval": ("nn.Dropout2dExt(0.3)", [U(2, 3, 2, 2)], {}),
    # dense and embedding family
    "more_linear": ("nn.Linear(4, 3)", [U(2, 5, 4)], {}),
    "more_linear_nobias": ("nn.Linear(4, 3, bias=False)", [U(2, 4)], {}),
    "more_bidense": ("nn.BiDense(3, 4, 2)", [U(5, 3), U(5, 4)], {}),
    "more_bidense_batched_nobias": (
        "nn.BiDense(3, 2, 4, has_bias=False)",
        [U(2, 5, 3), U(2, 5, 2)],
        {},
    ),
    "more_embedding_ext": ("nn.EmbeddingExt(6, 3)", [I(6, 2, 4)], {}),
    "more_embedding_ext_padding": ("nn.EmbeddingExt(6, 3, padding_idx=2)", [I(6, 3, 4)], {}),
    "more_embedding_lookup": ("nn.EmbeddingLookup(7, 3)", [I(7, 2, 5)], {}),
    "more_embedding_lookup_maxnorm": ("nn.EmbeddingLookup(7, 3, max_norm=0.4)", [I(7, 4)], {}),
    "more_multifield_embedding_sum": (
        "nn.MultiFieldEmbeddingLookup(8, 3, 3)",
        [
            "np.array([[1, 5, 3, 3], [0, 7, 2, 2]], np.int32)",
            U(2, 4),
            "np.array([[0, 2, 1, 1], [2, 0, 0, 1]], np.int32)",
        ],
        {},
    ),
    "more_multifield_embedding_mean": (
        "nn.MultiFieldEmbeddingLookup(8, 3, 3, operator='MEAN')",
        [
            "np.array([[1, 5, 3, 3], [0, 7, 2, 2]], np.int32)",
            U(2, 4),
            "np.array([[0, 2, 1, 1], [2, 0, 0, 1]], np.int32)",
        ],
        {},
    ),
    "more_multifield_embedding_max": (
        "nn.MultiFieldEmbeddingLookup(8, 3, 3, operator='MAX')",
        [
            "np.array([[1, 5, 3, 3], [0, 7, 2, 2]], np.int32)",
            U(2, 4),
            "np.array([[0, 2, 1, 1], [2, 0, 0, 1]], np.int32)",
        ],
        {},
    ),
    # combined cells (eval mode: BatchNorm uses its moving statistics)
    "more_conv2d_bn_act": (
        "nn.Conv2dBnAct(2, 3, 3, has_bn=True, activation='relu')",
        [U(1, 2, 5, 5)],
        {},
    ),
    "more_conv2d_act_bias": (
        "nn.Conv2dBnAct(2, 3, 2, stride=2, pad_mode='valid', has_bias=True, activation='leakyrelu',"
        " alpha=0.1)",
        [U(1, 2, 4, 4)],
        {},
    ),
    "more_dense_bn_act": ("nn.DenseBnAct(4, 3, has_bn=True, activation='tanh')", [U(5, 4)], {}),
    "more_dense_act": ("nn.DenseBnAct(4, 3, activation='relu6')", [U(5, 4)], {}),
    # basic, math, image
    "more_clip_by_norm_axis": ("nn.ClipByNorm(axis=1)", [U(3, 4), "np.array(0.8, np.float32)"], {}),
    "more_clip_by_norm_all": ("nn.ClipByNorm()", [U(3, 4), "np.array(1.0, np.float32)"], {}),
    "more_matrix_diag": ("nn.MatrixDiag()", [U(2, 3)], {}),
    "more_matrix_diag_part": ("nn.MatrixDiagPart()", [U(2, 3, 4)], {}),
    "more_matrix_set_diag": ("nn.MatrixSetDiag()", [U(2, 4, 3), U(2, 3)], {}),
    "more_igamma": ("nn.IGamma()", [P(3, 4), P(3, 4)], {}),
    "more_lbeta": ("nn.LBeta()", [P(3, 4), P(3, 4)], {}),
    "more_central_crop": ("nn.CentralCrop(0.5)", [U(2, 3, 8, 6)], {}),
    "more_central_crop_3d": ("nn.CentralCrop(0.7)", [U(3, 7, 5)], {}),
    "more_image_gradients": ("nn.ImageGradients()", [U(2, 3, 4, 5)], {}),
    "more_psnr": ("nn.PSNR(1.0)", [P(2, 3, 4, 4), P(2, 3, 4, 4)], {}),
    "more_ssim": ("nn.SSIM()", [P(2, 3, 16, 16), P(2, 3, 16, 16)], {}),
    "more_ssim_small_filter": (
        "nn.SSIM(max_val=2.0, filter_size=5, filter_sigma=1.0, k1=0.02)",
        [P(1, 2, 9, 8), P(1, 2, 9, 8)],
        {},
    ),
    "more_msssim": (
        "nn.MSSSIM(power_factors=(0.3, 0.4, 0.3), filter_size=3)",
        [P(1, 2, 16, 16), P(1, 2, 16, 16)],
        {},
    ),
    # losses
    "more_loss_l1_ext": ("nn.L1LossExt()", [U(3, 4), U(3, 4)], {}),
    "more_loss_l1_ext_none": ("nn.L1LossExt('none')", [U(3, 4), U(3, 4)], {}),
    "more_loss_multiclass_dice": (
        "nn.MultiClassDiceLoss(activation='softmax')",
        [U(3, 4), "np.eye(4, dtype=np.float32)[[0, 3, 1]]"],
        {},
    ),
    "more_loss_multiclass_dice_weights": (
        "nn.MultiClassDiceLoss(weights=Tensor(np.array([[0.5], [1.0], [2.0]], np.float32)),"
        " ignore_indiex=1, activation='sigmoid')",
        [U(4, 3), "np.eye(3, dtype=np.float32)[[0, 2, 1, 2]]"],
        {},
    ),
    "more_loss_triplet_distance": (
        "nn.TripletMarginWithDistanceLoss()",
        [U(3, 5), U(3, 5), U(3, 5)],
        {},
    ),
    "more_loss_triplet_distance_swap_sum": (
        "nn.TripletMarginWithDistanceLoss(swap=True, reduction='sum', margin=0.5)",
        [U(3, 5), U(3, 5), U(3, 5)],
        {},
    ),
    # wrappers
    "more_time_distributed_dense": (
        "nn.TimeDistributed(nn.Dense(3, 2), time_axis=1, reshape_with_axis=0)",
        [U(2, 4, 3)],
        {},
    ),
    "more_time_distributed_loop": (
        "nn.TimeDistributed(nn.Dense(3, 2), time_axis=0)",
        [U(4, 2, 3)],
        {},
    ),
    "more_grad_accumulation": ("nn.GradAccumulationCell(nn.Dense(3, 2), 2)", [U(4, 3)], {}),
    "more_micro_batch_interleaved": ("nn.MicroBatchInterleaved(nn.Dense(3, 2), 2)", [U(4, 3)], {}),
    "more_virtual_dataset_triple": (
        "nn.VirtualDatasetCellTriple(nn.TripletMarginWithDistanceLoss())",
        [U(3, 5), U(3, 5), U(3, 5)],
        {},
    ),
}

# Cases whose MindSpore CPU build has no kernel for the layer itself are recorded with the same
# computation through an older MindSpore layer or function that has one: name -> (MindSpore build,
# the parameter names of the layer under test, which the replay checks).
MS_EQUIVALENT: dict[str, tuple[str, list[str]]] = {
    "more_avgpool1d_ext": ("nn.AvgPool1d(3, 2, pad_mode='pad', padding=1)", []),
    "more_avgpool1d_ext_ceil": (
        "nn.AvgPool1d(2, 2, pad_mode='pad', padding=1, ceil_mode=True, count_include_pad=False)",
        [],
    ),
    "more_avgpool2d_ext": ("nn.AvgPool2d(3, 2, pad_mode='pad', padding=1)", []),
    "more_avgpool2d_ext_divisor": (
        "Fn(lambda x: ops.avg_pool2d(x, (2, 3), (1, 2), 1, ceil_mode=True, divisor_override=4))",
        [],
    ),
    "more_avgpool3d_ext": ("Fn(lambda x: ops.avg_pool3d(x, 2, 2, 1, count_include_pad=False))", []),
    "more_maxpool2d_ext": ("nn.MaxPool2d(3, 2, pad_mode='pad', padding=1)", []),
    "more_maxpool2d_ext_dilation_indices": (
        "nn.MaxPool2d(2, 1, pad_mode='pad', padding=0, dilation=2, return_indices=True,"
        " ceil_mode=True)",
        [],
    ),
    "more_logsoftmax_ext": ("nn.LogSoftmax(1)", []),
    "more_logsoftmax_ext_none": ("nn.LogSoftmax(1)", []),  # dim=None on a 2-D input: axis 1
    "more_layernorm_ext": (
        "nn.LayerNorm((3, 4), begin_norm_axis=1, begin_params_axis=1, epsilon=1e-4)",
        ["weight", "bias"],
    ),
    "more_layernorm_ext_nobias": (
        "Affine(nn.LayerNorm((4,), -1, -1, epsilon=1e-5), bias=False)",
        ["weight"],
    ),
    "more_layernorm_ext_noaffine": (
        "Affine(nn.LayerNorm((4,), -1, -1, epsilon=1e-5), weight=False, bias=False)",
        [],
    ),
    "more_embedding_ext": ("nn.Embedding(6, 3)", ["weight"]),
    "more_embedding_ext_padding": ("nn.Embedding(6, 3, padding_idx=2)", ["weight"]),
    "more_matrix_diag": ("Fn(lambda x: ops.matrix_diag(x))", []),
    "more_matrix_diag_part": (
        "Fn(lambda x: ops.matrix_diag_part(x, Tensor(0, ms.int32), Tensor(0.0)))",
        [],
    ),
    "more_matrix_set_diag": ("Fn(lambda x, d: ops.matrix_set_diag(x, d))", []),
    "more_loss_l1_ext": ("nn.L1Loss()", []),
    "more_loss_l1_ext_none": ("nn.L1Loss('none')", []),
}
NO_GRAD = {"more_fmp2d_samples", "more_fmp2d_ratio", "more_fmp3d_samples"}
GRAPH = {"more_psnr", "more_ssim", "more_ssim_small_filter", "more_msssim"}


class Fn(nn.Cell):
    """A function as a Cell (for the MindSpore equivalents above)."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *xs):
        return self.fn(*xs)


class Affine(nn.Cell):
    """``nn.LayerNorm`` with its scale or shift fixed (LayerNormExt without bias / affine)."""

    def __init__(self, norm, weight=True, bias=True):
        super().__init__()
        self.norm = norm
        if not weight:
            self.norm.gamma.requires_grad = False
        if not bias:
            self.norm.beta.requires_grad = False
        self.keep = (weight, bias)

    def construct(self, x):
        return self.norm(x)


def record_case(name, build, args, kwargs) -> None:
    """``record_layer`` of the breadth recorder, with a MindSpore equivalent where one is named."""
    ms.set_context(mode=ms.GRAPH_MODE if name in GRAPH else ms.PYNATIVE_MODE)
    rng = np.random.RandomState(breadth.seed_of("layers/" + name))
    ms.set_seed(breadth.seed_of("layers/" + name))
    env = {"nn": nn, "ops": ops, "ms": ms, "np": np, "Tensor": Tensor, "Fn": Fn, "Affine": Affine}
    ms_build, names = MS_EQUIVALENT.get(name, (build, None))
    net = eval(ms_build, env)  # noqa: S307 - our own case table
    out = {
        "__build__": np.array(build),
        "__args__": np.array(json.dumps(args)),
        "__kwargs__": np.array(json.dumps(kwargs)),
    }
    values = []
    for pname, p in net.parameters_and_names():
        if name in GRAPH:  # the image metrics' Gaussian windows keep their values
            values.append((pname, p.asnumpy()))
            continue
        v = breadth.param_value(rng, pname, p.shape)
        p.set_data(Tensor(v))
        values.append((pname, v))
    if isinstance(net, Affine):  # the fixed scale is 1 and the fixed shift 0, as in LayerNormExt
        weight, bias = net.keep
        values = [
            (n, v) for n, v in values if (weight or "gamma" not in n) and (bias or "beta" not in n)
        ]
        if not weight:
            net.norm.gamma.set_data(Tensor(np.ones(net.norm.gamma.shape, np.float32)))
        if not bias:
            net.norm.beta.set_data(Tensor(np.zeros(net.norm.beta.shape, np.float32)))
    names = names if names is not None else [n for n, _ in values]
    for pname, (_, v) in zip(names, values):
        out["param/" + pname] = v
    out["__params__"] = np.array(json.dumps(names))
    a = [eval(e, {"rng": rng, "np": np}) for e in args]  # noqa: S307
    kw = {k: eval(e, {"rng": rng, "np": np}) for k, e in kwargs.items()}  # noqa: S307
    for i, v in enumerate(breadth._flat(a)):
        out[f"arg{i}"] = v
    net.set_train(False)
    ta, tkw = breadth._tensors(a), {k: breadth._tensors(v) for k, v in kw.items()}
    outs = breadth._flat(net(*ta, **tkw))
    for i, o in enumerate(outs):
        out[f"out{i}"] = o.asnumpy()
    weights = [rng.uniform(-1, 1, o.shape).astype(np.float32) for o in outs]
    for i, w in enumerate(weights):
        out[f"w{i}"] = w
    grad_pos = [i for i, v in enumerate(a) if isinstance(v, np.ndarray) and v.dtype == np.float32]
    if name.startswith("more_loss_"):
        grad_pos = grad_pos[:1]
    if grad_pos and name not in NO_GRAD:
        float_out = [k for k, o in enumerate(outs) if o.dtype in (ms.float32, ms.float16)]

        def f(*xs):
            if name in GRAPH:  # one output; MindSpore's graph syntax has no nested comprehension
                return (net(*xs, *ta[len(xs) :]) * Tensor(weights[0])).sum()
            full = list(ta)
            for i, x in zip(grad_pos, xs):
                full[i] = x
            res = breadth._flat(net(*full, **tkw))
            return sum((res[k] * Tensor(weights[k])).sum() for k in float_out)

        grads = ms.grad(f, grad_position=tuple(range(len(grad_pos))))(*[ta[i] for i in grad_pos])
        for i, g in zip(grad_pos, breadth._flat(grads)):
            out[f"grad{i}"] = g.asnumpy()
    np.savez(ROOT / "layers" / f"{name}.npz", **out)


# bad input: the exception type MindSpore raises
ERRORS = {
    "avgpool2d_ext_kernel_zero": "nn.AvgPool2dExt(0)",
    "lppool1d_kernel_str": "nn.LPPool1d(2, 'a')",
    "lrn_region": "nn.LRN(norm_region='WITHIN')",
    "central_crop_fraction": "nn.CentralCrop(1.5)",
    "central_crop_rank": "nn.CentralCrop(0.5)(Tensor(np.ones((2, 2), np.float32)))",
    "psnr_max_val": "nn.PSNR(-1.0)",
    "ssim_filter_size": "nn.SSIM(filter_size=0)",
    "msssim_small_image": "nn.MSSSIM()(Tensor(np.ones((1, 1, 16, 16), np.float32)),"
    " Tensor(np.ones((1, 1, 16, 16), np.float32)))",
    "bidense_channels": "nn.BiDense(0, 2, 3)",
    "linear_features": "nn.Linear(-1, 2)",
    "embedding_ext_padding": "nn.EmbeddingExt(4, 2, padding_idx=5)",
    "embedding_lookup_target": "nn.EmbeddingLookup(4, 2, target='GPU0')",
    "multifield_operator": "nn.MultiFieldEmbeddingLookup(4, 2, 2, operator='PROD')",
    "time_distributed_layer": "nn.TimeDistributed(3, 0)",
    "grad_accumulation_micro": "nn.GradAccumulationCell(nn.Dense(3, 2), 3)(Tensor(np.ones((4, 3), np.float32)))",
    "matrix_set_diag_shape": "nn.MatrixSetDiag()(Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones((3,), np.float32)))",
    "dropout_ext_p": "nn.DropoutExt(1.5)",
    "fmp2d_no_size": "nn.FractionalMaxPool2d(2)",
    "fmp2d_ratio_range": "nn.FractionalMaxPool2d(2, output_ratio=(1.5, 0.5))",
    "layernorm_ext_shape": "nn.LayerNormExt((3,))(Tensor(np.ones((2, 4), np.float32)))",
    "l1loss_ext_reduction": "nn.L1LossExt('avg')",
    "triplet_distance_reduction": "nn.TripletMarginWithDistanceLoss(reduction='avg')",
    "prelu_ext_init": "nn.PReLUExt(2, init='x')",
    "maxpool2d_ext_pad": "nn.MaxPool2dExt(2, 1, 2)(Tensor(np.ones((1, 1, 4, 4), np.float32)))",
}


def record_errors() -> None:
    out = {}
    env = {"nn": nn, "ops": ops, "ms": ms, "np": np, "Tensor": Tensor}
    for name, expr in ERRORS.items():
        try:
            r = eval(expr, env)  # noqa: S307 - our own case table
            if isinstance(r, Tensor):
                r.asnumpy()
            out[name] = {"expr": expr, "error": None}
        except Exception as e:  # noqa: BLE001 - the exception type is what is recorded
            out[name] = {"expr": expr, "error": type(e).__name__, "message": str(e)[:300]}
        print(name, out[name]["error"])
    (ROOT / "errors.json").write_text(json.dumps(out, indent=1) + "\n")


def record_layers() -> None:
    (ROOT / "layers").mkdir(parents=True, exist_ok=True)
    only = sys.argv[2:] if len(sys.argv) > 2 and sys.argv[1] == "layers" else None
    failed = []
    for name, (build, args, kwargs) in LAYERS.items():
        if only and name not in only:
            continue
        try:
            record_case(name, build, args, kwargs)
            print("[ok]", name)
        except Exception as e:  # noqa: BLE001 - report and go on
            failed.append(name)
            print("[FAIL]", name, type(e).__name__, str(e).splitlines()[0][:200])
    print("failed:", failed)


# --- ops: name -> (expression over ops, P (ops.operations), Tensor, ms, np and the inputs a0, a1,
# ...; the input expressions). The output(s) are recorded, and the gradient of
# sum(outputs * weights) with respect to the float inputs where MindSpore's CPU build has one.
OPS: dict[str, tuple[str, list[str]]] = {
    "matrix_diag_band": ("ops.matrix_diag(a0, k=Tensor([-1, 1], ms.int32))", [U(2, 3, 3)]),
    "matrix_diag_rows_cols_pad": (
        "ops.matrix_diag(a0, k=Tensor(1, ms.int32), num_rows=Tensor(3, ms.int32),"
        " num_cols=Tensor(5, ms.int32), padding_value=Tensor(9.0, ms.float32))",
        [U(2, 3)],
    ),
    "matrix_diag_part_band_left_right": (
        "ops.matrix_diag_part(a0, Tensor([-1, 2], ms.int32), Tensor(-1.0, ms.float32),"
        " align='LEFT_RIGHT')",
        [U(2, 3, 4)],
    ),
    "matrix_diag_part_sub": (
        "ops.matrix_diag_part(a0, Tensor(-1, ms.int32), Tensor(0.0, ms.float32))",
        [U(4, 3)],
    ),
    "matrix_set_diag_band": (
        "ops.matrix_set_diag(a0, a1, Tensor([0, 1], ms.int32))",
        [U(2, 3, 4), U(2, 2, 3)],
    ),
    "matrix_diag_v3_prim": (
        "P.MatrixDiagV3('LEFT_LEFT')(a0, Tensor([-1, 0], ms.int32), Tensor(-1, ms.int32),"
        " Tensor(-1, ms.int32), Tensor(0.0, ms.float32))",
        [U(2, 3)],
    ),
    "matrix_diag_part_v3_prim": (
        "P.MatrixDiagPartV3()(a0, Tensor([0, 1], ms.int32), Tensor(0.0, ms.float32))",
        [U(3, 4)],
    ),
    "matrix_set_diag_v3_prim": (
        "P.MatrixSetDiagV3()(a0, a1, Tensor(0, ms.int32))",
        [U(3, 4), U(3)],
    ),
    "lrn_fn": ("ops.lrn(a0, 1, 2.0, 0.1, 0.6)", [U(1, 4, 2, 3)]),
    "lrn_prim": ("P.LRN(2, 1.0, 0.5, 0.75)(a0)", [U(2, 5, 2, 2)]),
    "fmp2d_fn": (
        "ops.fractional_max_pool2d(a0, (2, 2), output_size=(3, 3), return_indices=True,"
        " _random_samples=Tensor(np.array([[[0.2, 0.6]]], np.float32)))",
        [U(1, 1, 6, 7)],
    ),
    "fmp_fixed_ksize_prim": (
        "P.FractionalMaxPoolWithFixedKsize((2, 2), (3, 3))(a0,"
        " Tensor(np.array([[[0.4, 0.9], [0.1, 0.3]]], np.float32)))",
        [U(1, 2, 7, 6)],
    ),
    "fmp3d_fixed_ksize_prim": (
        "P.FractionalMaxPool3DWithFixedKsize((1, 2, 2), (2, 2, 3))(a0,"
        " Tensor(np.array([[[0.4, 0.9, 0.2]]], np.float32)))",
        [U(1, 1, 3, 5, 6)],
    ),
    "bidense_fn": ("ops.bidense(a0, a1, a2, a3)", [U(4, 3), U(4, 2), U(5, 3, 2), U(5)]),
    "log_softmax_ext_prim": ("P.LogSoftmaxExt()(a0, 0)", [U(3, 4)]),
    "mse_loss_ext_sum": ("ops.mse_loss_ext(a0, a1, 'sum')", [U(3, 4), U(3, 4)]),
    "mse_loss_ext_none": ("ops.mse_loss_ext(a0, a1, 'none')", [U(3, 4), U(1, 4)]),
    # primitives over existing functions
    "nll_loss_prim": (
        "P.NLLLoss('sum', 2)(a0, Tensor(np.array([0, 2, 1, 2], np.int32)), a1)",
        [U(4, 3), P(3)],
    ),
    "rms_norm_prim": ("P.RmsNorm(1e-5)(a0, a1)", [U(2, 3, 4), U(4)]),
    "iou_prim": (
        "P.IOU('iof')(Tensor(np.array([[0, 0, 4, 4], [1, 1, 3, 5]], np.float32)),"
        " Tensor(np.array([[2, 2, 6, 6], [0, 0, 2, 2], [1, 0, 4, 3]], np.float32)))",
        [],
    ),
    "adaptive_avg_pool3d_prim": ("P.AdaptiveAvgPool3D((2, 3, 2))(a0)", [U(1, 2, 5, 4, 3)]),
    "adaptive_max_pool3d_prim": (
        "P.AdaptiveMaxPool3D()(a0, Tensor(np.array([2, 2, 2], np.int32)))",
        [U(1, 2, 5, 4, 3)],
    ),
    "embedding_lookup_prim": (
        "P.EmbeddingLookup()(a0, Tensor(np.array([[1, 4], [6, 2]], np.int32)), 2)",
        [U(5, 3)],
    ),
    # sampling, resizing and convolution
    "grid_sample_bilinear": ("ops.grid_sample(a0, a1)", [U(1, 2, 4, 5), U(1, 3, 3, 2)]),
    "grid_sample_nearest_border_align": (
        "ops.grid_sample(a0, a1 * 1.3, 'nearest', 'border', True)",
        [U(2, 1, 4, 4), U(2, 2, 3, 2)],
    ),
    "grid_sample_reflection": (
        "ops.grid_sample(a0, a1 * 1.5, 'bilinear', 'reflection', False)",
        [U(1, 2, 3, 4), U(1, 4, 2, 2)],
    ),
    "grid_sample_3d": ("ops.grid_sample(a0, a1)", [U(1, 2, 3, 4, 3), U(1, 2, 2, 3, 3)]),
    "grid_sampler_2d_prim": (
        "P.GridSampler2D('bilinear', 'border', True)(a0, a1)",
        [U(1, 2, 4, 4), U(1, 3, 2, 2)],
    ),
    "grid_sampler_3d_prim": (
        "P.GridSampler3D('nearest', 'zeros', False)(a0, a1)",
        [U(1, 1, 3, 3, 3), U(1, 2, 2, 2, 3)],
    ),
    "affine_grid_2d": ("ops.affine_grid(a0, (2, 1, 3, 4))", [U(2, 2, 3)]),
    "affine_grid_2d_align": ("ops.affine_grid(a0, (1, 1, 2, 3), True)", [U(1, 2, 3)]),
    "affine_grid_3d": ("ops.affine_grid(a0, (1, 1, 2, 3, 2))", [U(1, 3, 4)]),
    "affine_grid_prim": ("P.AffineGrid(False)(a0, (1, 1, 3, 3))", [U(1, 2, 3)]),
    "conv_transpose2d_fn": (
        "ops.conv_transpose2d(a0, a1, a2, stride=2, padding=1, output_padding=1)",
        [U(1, 2, 3, 4), U(2, 3, 3, 3), U(3)],
    ),
    "conv_transpose2d_groups_dilation": (
        "ops.conv_transpose2d(a0, a1, None, stride=(1, 2), padding=(0, 1), groups=2, dilation=2)",
        [U(1, 4, 3, 3), U(4, 1, 2, 2)],
    ),
    "conv2d_transpose_prim": (
        "P.Conv2DTranspose(3, 3, pad_mode='same', stride=2)(a0, a1, (1, 3, 6, 8))",
        [U(1, 2, 3, 4), U(2, 3, 3, 3)],
    ),
    "conv2d_backprop_input_prim": (
        "P.Conv2DBackpropInput(3, 2, pad_mode='pad', pad=1)(a0, a1, (1, 3, 4, 4))",
        [U(1, 2, 5, 5), U(2, 3, 2, 2)],
    ),
    "conv3d_transpose_fn": (
        "ops.conv3d_transpose(a0, a1, stride=2, pad_mode='pad', padding=1, output_padding=1)",
        [U(1, 2, 2, 3, 2), U(2, 3, 3, 3, 3)],
    ),
    "conv3d_transpose_prim": (
        "P.Conv3DTranspose(2, 3, 2, stride=2)(a0, a1)",
        [U(1, 2, 2, 2, 3), U(2, 3, 2, 2, 2)],
    ),
    "resize_bilinear_v2": ("P.ResizeBilinearV2()(a0, (5, 3))", [U(1, 2, 3, 4)]),
    "resize_bilinear_v2_half_pixel": (
        "P.ResizeBilinearV2(False, True)(a0, (6, 7))",
        [U(1, 1, 3, 4)],
    ),
    "resize_bilinear_v2_align": ("P.ResizeBilinearV2(True)(a0, (5, 6))", [U(1, 1, 3, 4)]),
    "resize_nearest_neighbor": ("P.ResizeNearestNeighbor((5, 7))(a0)", [U(1, 2, 3, 4)]),
    "resize_nearest_neighbor_align": (
        "P.ResizeNearestNeighbor((5, 3), align_corners=True)(a0)",
        [U(1, 1, 3, 4)],
    ),
    "resize_nearest_neighbor_v2": (
        "P.ResizeNearestNeighborV2(False, True)(a0, Tensor(np.array([5, 6], np.int32)))",
        [U(1, 2, 3, 4)],
    ),
    "resize_bicubic": (
        "P.ResizeBicubic()(a0, Tensor(np.array([5, 6], np.int32)))",
        [U(1, 1, 3, 4)],
    ),
    "resize_bicubic_half_pixel": (
        "P.ResizeBicubic(False, True)(a0, Tensor(np.array([6, 3], np.int32)))",
        [U(1, 2, 3, 4)],
    ),
    "resize_area": ("P.ResizeArea()(a0, Tensor(np.array([2, 3], np.int32)))", [U(1, 5, 7, 2)]),
    "resize_linear_1d": (
        "P.ResizeLinear1D()(a0, Tensor(np.array([7], np.int64)))",
        [U(1, 2, 4)],
    ),
    "resize_linear_1d_half_pixel": (
        "P.ResizeLinear1D('half_pixel')(a0, Tensor(np.array([3], np.int64)))",
        [U(1, 2, 5)],
    ),
    "upsample_nearest3d": ("P.UpsampleNearest3D()(a0, (3, 4, 5))", [U(1, 1, 2, 2, 3)]),
    "upsample_trilinear3d": (
        "P.UpsampleTrilinear3D(True)(a0, None, [2.0, 1.5, 2.0])",
        [U(1, 1, 2, 2, 2)],
    ),
    "mirror_pad_reflect": (
        "ops.mirror_pad(a0, Tensor(np.array([[0, 0], [1, 2], [2, 1]], np.int64)), 'REFLECT')",
        [U(2, 3, 4)],
    ),
    "mirror_pad_prim_symmetric": (
        "P.MirrorPad('SYMMETRIC')(a0, Tensor(np.array([[1, 1], [2, 0]], np.int64)))",
        [U(3, 4)],
    ),
    "pad_v3_edge": (
        "P.PadV3('edge')(a0, Tensor(np.array([1, 2, 0, 1], np.int64)))",
        [U(1, 2, 3, 4)],
    ),
    "pad_v3_constant": (
        "P.PadV3()(a0, Tensor(np.array([1, 0, 2, 1], np.int64)), Tensor(0.5, ms.float32))",
        [U(1, 2, 3, 4)],
    ),
    "padding_fn": ("ops.padding(a0, 4)", [U(3, 1)]),
    "col2im_fn": (
        "ops.col2im(a0, Tensor(np.array([4, 5], np.int32)), 2, 1, 0, 1)",
        [U(1, 2, 4, 12)],
    ),
    "im2col_prim": ("P.Im2Col(2, 1, 1, 1)(a0)", [U(1, 2, 3, 4)]),
    "max_pool_with_argmax": (
        "P.MaxPoolWithArgmax(2, 2, 'same')(a0)",
        [U(1, 2, 5, 5)],
    ),
    "max_pool_with_argmax_v2": (
        "P.MaxPoolWithArgmaxV2(3, 2, 1, (1, 1), True)(a0)",
        [U(1, 2, 6, 5)],
    ),
    "max_unpool2d_prim": (
        "P.MaxUnpool2D(2, 2)(a0, Tensor(np.array([[[[0, 3], [9, 14]]]], np.int64)))",
        [U(1, 1, 2, 2)],
    ),
    "max_unpool3d_prim": (
        "P.MaxUnpool3D(2, 2)(a0, Tensor(np.array([[[[[0, 3]], [[17, 30]]]]], np.int64)))",
        [U(1, 1, 2, 1, 2)],
    ),
    "bounding_box_encode": (
        "ops.bounding_box_encode(Tensor(np.array([[0, 0, 4, 6], [1, 2, 5, 5]], np.float32)),"
        " Tensor(np.array([[1, 1, 5, 7], [0, 1, 6, 6]], np.float32)), (0.1, 0.0, 0.0, 0.2),"
        " (1.0, 2.0, 1.0, 0.5))",
        [],
    ),
    "bounding_box_decode": (
        "ops.bounding_box_decode(Tensor(np.array([[0, 0, 4, 6], [1, 2, 5, 5]], np.float32)),"
        " Tensor(np.array([[0.1, -0.2, 0.3, 0.5], [1.0, 0.2, -2.0, 0.1]], np.float32)), (8, 7),"
        " wh_ratio_clip=0.5)",
        [],
    ),
    "check_valid": (
        "ops.check_valid(Tensor(np.array([[0, 0, 4, 6], [1, 2, 9, 5], [-1, 0, 3, 3]],"
        " np.float32)), Tensor(np.array([8, 10, 1], np.float32)))",
        [],
    ),
    "crop_and_resize": (
        "ops.crop_and_resize(a0, Tensor(np.array([[0.1, 0.2, 0.8, 0.9], [0.0, 0.0, 1.0, 0.5]],"
        " np.float32)), Tensor(np.array([0, 1], np.int32)), (3, 4))",
        [U(2, 5, 6, 2)],
    ),
    "crop_and_resize_nearest": (
        "ops.crop_and_resize(a0, Tensor(np.array([[0.1, -0.2, 0.8, 1.2]], np.float32)),"
        " Tensor(np.array([1], np.int32)), (2, 3), 'nearest', 0.5)",
        [U(2, 4, 4, 1)],
    ),
    "roi_align": (
        "P.ROIAlign(2, 3, 0.5, 2)(a0, Tensor(np.array([[0, 1.0, 2.0, 7.0, 8.0],"
        " [0, 0.0, 0.0, 5.0, 3.0]], np.float32)))",
        [U(1, 2, 6, 6)],
    ),
    "roi_align_end_mode0": (
        "P.ROIAlign(2, 2, 1.0, 1, 0)(a0, Tensor(np.array([[0, 0.5, 1.0, 3.5, 4.0]], np.float32)))",
        [U(1, 1, 5, 5)],
    ),
    "ctc_greedy_decoder": (
        "ops.ctc_greedy_decoder(a0, Tensor(np.array([4, 3], np.int32)))",
        [U(4, 2, 5)],
    ),
    "ctc_greedy_decoder_no_merge": (
        "P.CTCGreedyDecoder(False)(a0, Tensor(np.array([4, 4], np.int32)))",
        [U(4, 2, 3)],
    ),
    "nms_with_mask": (
        "P.NMSWithMask(0.3)(Tensor(np.array([[0, 0, 4, 4, 0.9], [1, 1, 5, 5, 0.8],"
        " [6, 6, 8, 8, 0.7], [0, 0, 4, 3, 0.95]], np.float32)))",
        [],
    ),
    "ctc_loss_v2_prim": (
        "P.CTCLossV2(0, 'none')(a0, Tensor(np.array([[1, 2, 2], [3, 1, 0]], np.int32)),"
        " Tensor(np.array([5, 4], np.int32)), Tensor(np.array([3, 2], np.int32)))",
        ["np.log(rng.dirichlet(np.ones(4), (5, 2))).astype(np.float32)"],
    ),
    "ctc_loss_prim": (
        "P.CTCLoss()(a0, Tensor(np.array([[0, 0], [0, 1], [1, 0]], np.int64)),"
        " Tensor(np.array([2, 1, 3], np.int32)), Tensor(np.array([4, 3], np.int32)))",
        [U(4, 2, 5)],
    ),
}
# no CPU kernel in MindSpore for these: the same computation through an older op
OPS_MS_EQUIVALENT = {
    "log_softmax_ext_prim": "ops.log_softmax(a0, 0)",
    "mse_loss_ext_sum": "ops.mse_loss(a0, a1, 'sum')",
    "mse_loss_ext_none": "ops.mse_loss(a0, a1, 'none')",
    "rms_norm_prim": "(a0 * ops.rsqrt((a0 * a0).mean(-1, keep_dims=True) + 1e-5) * a1,"
    " ops.rsqrt((a0 * a0).mean(-1, keep_dims=True) + 1e-5))",
    "conv_transpose2d_fn": "P.Conv2DTranspose(3, 3, pad_mode='pad', pad=1, stride=2)(a0, a1,"
    " (1, 3, 6, 8)) + a2.reshape(1, 3, 1, 1)",
    "conv_transpose2d_groups_dilation": "P.Conv2DTranspose(2, 2, pad_mode='pad', pad=(0, 0, 1, 1),"
    " stride=(1, 2), dilation=2, group=2)(a0, a1, (1, 2, 5, 5))",
}
# MindSpore's CPU gradients of NLLLoss's weight (zero) and EmbeddingLookup's table (the touched
# rows only) are artifacts of its kernels: outputs only
OPS_NO_GRAD = {
    "nll_loss_prim",
    "embedding_lookup_prim",
    "fmp2d_fn",
    "fmp_fixed_ksize_prim",
    "fmp3d_fixed_ksize_prim",
    "matrix_diag_v3_prim",
    "matrix_diag_part_v3_prim",
    "matrix_set_diag_v3_prim",
    "log_softmax_ext_prim",
}


def record_op(name: str, expr: str, args: list[str], P) -> None:  # noqa: N803
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(breadth.seed_of("ops/" + name))
    a = [eval(e, {"rng": rng, "np": np}) for e in args]  # noqa: S307
    env = {"ops": ops, "P": P, "ms": ms, "np": np, "Tensor": Tensor}
    out = {"__expr__": np.array(expr), "__args__": np.array(json.dumps(args))}
    for i, v in enumerate(a):
        out[f"arg{i}"] = v

    run = OPS_MS_EQUIVALENT.get(name, expr)

    def f(*xs):
        return eval(run, {**env, **{f"a{i}": x for i, x in enumerate(xs)}})  # noqa: S307

    ta = [Tensor(v) for v in a]
    outs = breadth._flat(f(*ta))
    for i, o in enumerate(outs):
        out[f"out{i}"] = o.asnumpy()
    grad_pos = [i for i, v in enumerate(a) if v.dtype == np.float32]
    if grad_pos and name not in OPS_NO_GRAD:
        weights = [rng.uniform(-1, 1, o.shape).astype(np.float32) for o in outs]
        float_out = [k for k, o in enumerate(outs) if o.dtype == ms.float32]

        def g(*xs):
            full = list(ta)
            for i, x in zip(grad_pos, xs):
                full[i] = x
            res = breadth._flat(f(*full))
            return sum((res[k] * Tensor(weights[k])).sum() for k in float_out)

        try:
            grads = ms.grad(g, grad_position=tuple(range(len(grad_pos))))(
                *[ta[i] for i in grad_pos]
            )
            for i, gr in zip(grad_pos, breadth._flat(grads)):
                out[f"grad{i}"] = gr.asnumpy()
            for i, w in enumerate(weights):
                out[f"w{i}"] = w
        except Exception as e:  # noqa: BLE001 - no gradient kernel: outputs only
            print("  (no grad)", name, type(e).__name__)
    np.savez(ROOT / "ops" / f"{name}.npz", **out)
    print("[ok]", name)


def record_ops() -> None:
    from mindspore.ops import operations as P

    (ROOT / "ops").mkdir(parents=True, exist_ok=True)
    only = sys.argv[2:] if len(sys.argv) > 2 and sys.argv[1] == "ops" else None
    failed = []
    for name, (expr, args) in OPS.items():
        if only and name not in only:
            continue
        try:
            record_op(name, expr, args, P)
        except Exception as e:  # noqa: BLE001
            failed.append(name)
            print("[FAIL]", name, type(e).__name__, str(e).strip().splitlines()[0][:200])
    print("failed:", failed)


def record_sampled_softmax() -> None:
    """SampledSoftmaxLoss with given sampled values (the sampler's draw is MindSpore's own RNG)."""
    rng = np.random.RandomState(breadth.seed_of("sampled_softmax"))
    out = {
        "weights": rng.uniform(-1, 1, (10, 4)).astype(np.float32),
        "biases": rng.uniform(-1, 1, (10,)).astype(np.float32),
        "labels": np.array([[1], [4], [7]], np.int32),
        "logits": rng.uniform(-1, 1, (3, 4)).astype(np.float32),
        "sampled": np.array([0, 5, 8, 2], np.int32),
        "true_expected": rng.uniform(0.2, 0.6, (3, 1)).astype(np.float32),
        "sampled_expected": rng.uniform(0.2, 0.6, (4,)).astype(np.float32),
    }
    sv = (Tensor(out["sampled"]), Tensor(out["true_expected"]), Tensor(out["sampled_expected"]))
    loss = nn.SampledSoftmaxLoss(4, 10, sampled_values=sv)
    res = loss(*[Tensor(out[k]) for k in ("weights", "biases", "labels", "logits")])
    out["loss"] = res.asnumpy()
    np.savez(ROOT / "sampled_softmax.npz", **out)
    print("[ok] sampled_softmax")


def record_batch_norm() -> None:
    """The BatchNorm primitive in training and inference: its five outputs and the moving
    statistics it updates in place (Parameters)."""
    from mindspore.ops import operations as P

    rng = np.random.RandomState(breadth.seed_of("batch_norm_prim"))
    out = {}
    for tag, train in (("train", True), ("eval", False)):
        x = rng.uniform(-1, 1, (4, 3, 2, 2)).astype(np.float32)
        scale, bias = (
            rng.uniform(0.5, 1.5, 3).astype(np.float32),
            rng.uniform(-1, 1, 3).astype(np.float32),
        )
        mean, var = (
            rng.uniform(-1, 1, 3).astype(np.float32),
            rng.uniform(0.5, 1.5, 3).astype(np.float32),
        )
        pm, pv = ms.Parameter(Tensor(mean.copy()), "m"), ms.Parameter(Tensor(var.copy()), "v")
        res = P.BatchNorm(train, 1e-3, 0.2)(Tensor(x), Tensor(scale), Tensor(bias), pm, pv)
        for k, v in (("x", x), ("scale", scale), ("bias", bias), ("mean", mean), ("var", var)):
            out[f"{tag}/{k}"] = v
        for i, r in enumerate(res):
            out[f"{tag}/out{i}"] = r.asnumpy()
        out[f"{tag}/moving_mean"], out[f"{tag}/moving_var"] = pm.asnumpy(), pv.asnumpy()
    np.savez(ROOT / "batch_norm_prim.npz", **out)
    print("[ok] batch_norm_prim")


def record_wrappers() -> None:
    """WithGradCell's gradients of a Dense + MSELoss (with and without ``sens``) and what
    ParameterUpdate leaves in its Parameter."""
    rng = np.random.RandomState(breadth.seed_of("wrappers"))
    w = rng.uniform(-1, 1, (2, 3)).astype(np.float32)
    b = rng.uniform(-1, 1, (2,)).astype(np.float32)
    x = rng.uniform(-1, 1, (4, 3)).astype(np.float32)
    y = rng.uniform(-1, 1, (4, 2)).astype(np.float32)
    out = {"w": w, "b": b, "x": x, "y": y}
    for tag, sens in (("plain", None), ("sens", 0.5)):
        net = nn.Dense(3, 2, weight_init=Tensor(w), bias_init=Tensor(b))
        grads = nn.WithGradCell(net, nn.MSELoss(), sens=sens and Tensor(np.float32(sens)))(
            Tensor(x), Tensor(y)
        )
        out[f"{tag}/grad_w"], out[f"{tag}/grad_b"] = grads[0].asnumpy(), grads[1].asnumpy()
    p = ms.Parameter(Tensor(np.zeros(3, np.float32)), name="p")
    r = nn.ParameterUpdate(p)(Tensor(x[0]))
    out["update/returned"], out["update/param"] = r.asnumpy(), p.asnumpy()
    np.savez(ROOT / "wrappers.npz", **out)
    print("[ok] wrappers")


GROUPS = {
    "layers": record_layers,
    "errors": record_errors,
    "wrappers": record_wrappers,
    "ops": record_ops,
    "sampled_softmax": record_sampled_softmax,
    "batch_norm": record_batch_norm,
}

if __name__ == "__main__":
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    ROOT.mkdir(parents=True, exist_ok=True)
    chosen = [a for a in sys.argv[1:] if a in GROUPS] or list(GROUPS)
    for group in chosen:
        GROUPS[group]()
