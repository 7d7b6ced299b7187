"""Record MindSpore 2.10's results for the breadth of ``mindspore.nn`` (recurrent and attention
layers, transposed convolutions, adaptive pooling, activations, losses, optimizers) and for
out-of-range indexing, into ``tests/fixtures/ms/nn_breadth/`` (run with real MindSpore, not by CI)::

    python scripts/record_nn_breadth_fixtures.py                 # every group
    python scripts/record_nn_breadth_fixtures.py layers optim    # some groups

Layer cases are Python expressions over ``nn``, ``ops``, ``Tensor``, ``ms`` and ``np``; the same
text is built by deepsink's tests. Each layer's parameters are set from a seeded RandomState in
the order of ``parameters_and_names()`` (so the names themselves are part of the record: a
checkpoint written by one side loads into the other), the layer runs forward in PyNative and,
where cheap, the gradient of ``sum(outputs * weights)`` with respect to the inputs is taken.
"""

from __future__ import annotations

import json
import sys
import zlib
from pathlib import Path

import mindspore as ms
import numpy as np
from mindspore import Tensor, nn, ops

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
ROOT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "nn_breadth"


def seed_of(name: str) -> int:
    return zlib.crc32(name.encode()) % 2**31


# --- indexing: which exception MindSpore raises (or the value it returns) ------------------------
INDEXING = {
    "get_int_past_end": "t[3]",
    "get_int_before_start": "t[-4]",
    "get_int_first_from_end": "t[-3]",
    "get_list_past_end": "t[[0, 7]]",
    "get_list_negative": "t[[0, -4]]",
    "get_tensor_past_end": "t[Tensor([0, 7])]",
    "get_tensor_scalar_past_end": "t[Tensor(7)]",
    "get_tensor_negative_in_range": "t[Tensor([-1])]",
    "get_tensor_negative_out_of_range": "t[Tensor([-4])]",
    "get_slice_past_end": "t[1:7]",
    "get_2d_second_axis": "m[0, 3]",
    "get_2d_first_axis": "m[2]",
    "get_2d_slice_then_int": "m[:, 5]",
    "get_2d_ellipsis": "m[..., 3]",
    "get_2d_none": "m[None, 2]",
    "get_2d_two_tensors": "m[Tensor([0]), Tensor([5])]",
    "gather_past_end": "ops.gather(t, Tensor([0, 10]), 0)",
    "gather_negative": "ops.gather(t, Tensor([0, -1]), 0)",
    "gather_nd_past_end": "ops.gather_nd(m, Tensor([[0, 5]]))",
    "set_int_past_end": "setitem(z, 5)",
    "set_int_before_start": "setitem(z, -4)",
    "set_int_in_range": "setitem(z, -3)",
    "set_list_past_end": "setitem(z, [0, 5])",
    "set_2d_past_end": "setitem(m, (0, 5))",
    "set_tensor_past_end": "setitem(z, Tensor(5))",
    "set_tensor_list_past_end": "setitem(z, Tensor([0, 5]))",
    "set_slice_past_end": "setitem(z, slice(1, 9))",
}


def indexing_env() -> dict:
    def setitem(x, index):
        x = x.copy()
        x[index] = 1
        return x

    return {
        "t": Tensor(np.arange(3.0).astype(np.float32)),
        "m": Tensor(np.arange(6.0).astype(np.float32).reshape(2, 3)),
        "z": Tensor(np.zeros(3, np.float32)),
        "setitem": setitem,
        "Tensor": Tensor,
        "ops": ops,
        "np": np,
    }


def record_indexing() -> None:
    out = {}
    for name, expr in INDEXING.items():
        try:
            value = eval(expr, indexing_env())  # noqa: S307 - our own case table
            out[name] = {"expr": expr, "value": np.asarray(value.asnumpy()).tolist()}
        except Exception as e:  # noqa: BLE001 - the exception type is what is recorded
            out[name] = {"expr": expr, "error": type(e).__name__}
        print(name, out[name])
    (ROOT / "indexing.json").write_text(json.dumps(out, indent=1) + "\n")


# --- layers: name -> (constructor, positional inputs, keyword inputs) ------------------------------
# Inputs are expressions over ``rng`` (a seeded RandomState) and ``np``. Gradients are taken for
# the floating positional inputs (``ms.grad`` of sum(output_k * w_k), w_k fixed random weights).
def U(*shape):  # noqa: N802 - a short name keeps the table readable
    return f"rng.uniform(-1, 1, {shape}).astype(np.float32)"


LAYERS: dict[str, tuple[str, list[str], dict[str, str]]] = {
    # recurrent
    "lstm_basic": ("nn.LSTM(3, 4)", [U(5, 2, 3)], {}),
    "lstm_2layer_bidir_batch_first": (
        "nn.LSTM(3, 4, num_layers=2, bidirectional=True, batch_first=True)",
        [U(2, 5, 3)],
        {},
    ),
    "lstm_hx_seq_length": (
        "nn.LSTM(3, 4, bidirectional=True, batch_first=True)",
        [U(3, 5, 3), f"({U(2, 3, 4)}, {U(2, 3, 4)})"],
        {"seq_length": "np.array([5, 2, 4], np.int32)"},
    ),
    "lstm_no_bias": ("nn.LSTM(3, 4, has_bias=False)", [U(4, 2, 3)], {}),
    "gru_basic": ("nn.GRU(3, 4)", [U(5, 2, 3)], {}),
    "gru_2layer_bidir": (
        "nn.GRU(3, 4, num_layers=2, bidirectional=True)",
        [U(5, 2, 3), U(4, 2, 4)],
        {},
    ),
    "gru_seq_length": (
        "nn.GRU(3, 4, bidirectional=True)",
        [U(5, 3, 3)],
        {"seq_length": "np.array([1, 5, 3], np.int32)"},
    ),
    "rnn_tanh": ("nn.RNN(3, 4, num_layers=2)", [U(5, 2, 3)], {}),
    "rnn_relu_batch_first": (
        "nn.RNN(3, 4, nonlinearity='relu', batch_first=True)",
        [U(2, 5, 3)],
        {},
    ),
    "lstm_cell": ("nn.LSTMCell(3, 4)", [U(2, 3), f"({U(2, 4)}, {U(2, 4)})"], {}),
    "gru_cell": ("nn.GRUCell(3, 4)", [U(2, 3), U(2, 4)], {}),
    # attention
    "mha_basic": ("nn.MultiheadAttention(8, 2)", [U(4, 2, 8), U(6, 2, 8), U(6, 2, 8)], {}),
    "mha_bool_masks": (
        "nn.MultiheadAttention(8, 2)",
        [U(4, 2, 8), U(6, 2, 8), U(6, 2, 8)],
        {
            "attn_mask": "np.triu(np.ones((4, 6), bool), 3)",
            "key_padding_mask": "np.array([[0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 0, 1]], bool)",
        },
    ),
    "mha_float_mask_batch_first": (
        "nn.MultiheadAttention(8, 4, batch_first=True)",
        [U(2, 4, 8), U(2, 6, 8), U(2, 6, 8)],
        {"attn_mask": U(4, 6)},
    ),
    "mha_kdim_vdim_bias_kv_zero_attn": (
        "nn.MultiheadAttention(8, 2, add_bias_kv=True, add_zero_attn=True, kdim=6, vdim=5)",
        [U(4, 2, 8), U(6, 2, 6), U(6, 2, 5)],
        {"average_attn_weights": "False"},
    ),
    "mha_3d_mask_no_bias": (
        "nn.MultiheadAttention(8, 2, has_bias=False)",
        [U(4, 2, 8), U(6, 2, 8), U(6, 2, 8)],
        {"attn_mask": U(4, 4, 6)},
    ),
    "transformer_encoder_layer": (
        "nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0)",
        [U(5, 2, 8)],
        {
            "src_mask": "np.triu(np.full((5, 5), -1e9, np.float32), 1)",
            "src_key_padding_mask": "np.array([[0, 0, 0, 0, 1], [0, 0, 0, 0, 0]], bool)",
        },
    ),
    "transformer_encoder_layer_gelu_norm_first": (
        "nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, activation='gelu', norm_first=True,"
        " batch_first=True)",
        [U(2, 5, 8)],
        {},
    ),
    "transformer_decoder_layer": (
        "nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0)",
        [U(4, 2, 8), U(5, 2, 8)],
        {"tgt_mask": "np.triu(np.ones((4, 4), bool), 1)"},
    ),
    "transformer_encoder_stack": (
        "nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0), 2,"
        " nn.LayerNorm((8,)))",
        [U(5, 2, 8)],
        {},
    ),
    "transformer_decoder_stack": (
        "nn.TransformerDecoder(nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0), 2)",
        [U(4, 2, 8), U(5, 2, 8)],
        {},
    ),
    "transformer_full": (
        "nn.Transformer(8, 2, 2, 1, 16, dropout=0.0)",
        [U(5, 2, 8), U(4, 2, 8)],
        {"tgt_mask": "np.triu(np.ones((4, 4), bool), 1)"},
    ),
    # activations
    "act_celu": ("nn.CELU(0.7)", [U(3, 4)], {}),
    "act_selu": ("nn.SeLU()", [U(3, 4)], {}),
    "act_hardtanh": ("nn.Hardtanh(-0.5, 0.3)", [U(3, 4)], {}),
    "act_hshrink": ("nn.HShrink(0.3)", [U(3, 4)], {}),
    "act_softshrink": ("nn.SoftShrink(0.3)", [U(3, 4)], {}),
    "act_tanhshrink": ("nn.Tanhshrink()", [U(3, 4)], {}),
    "act_glu": ("nn.GLU(axis=1)", [U(3, 4)], {}),
    "act_threshold": ("nn.Threshold(0.1, 20.0)", [U(3, 4)], {}),
    "act_prelu_shared": ("nn.PReLU()", [U(2, 3, 4)], {}),
    "act_prelu_channels": ("nn.PReLU(3)", [U(2, 3, 4, 2)], {}),
    "act_softmax2d": ("nn.Softmax2d()", [U(2, 3, 2, 2)], {}),
    # transposed convolutions
    "convt2d_same_stride2": (
        "nn.Conv2dTranspose(4, 3, 3, stride=2, has_bias=True)",
        [U(2, 4, 5, 5)],
        {},
    ),
    "convt2d_valid_group": (
        "nn.Conv2dTranspose(4, 6, (2, 3), stride=(2, 1), pad_mode='valid', group=2)",
        [U(1, 4, 4, 3)],
        {},
    ),
    "convt2d_pad_output_padding": (
        "nn.Conv2dTranspose(2, 3, 3, stride=2, pad_mode='pad',"
        " padding=1, output_padding=1, dilation=1)",
        [U(1, 2, 4, 4)],
        {},
    ),
    "convt2d_pad_tuple_dilation": (
        "nn.Conv2dTranspose(2, 2, 3, stride=1, pad_mode='pad', padding=(1, 0, 2, 1), dilation=2)",
        [U(1, 2, 5, 5)],
        {},
    ),
    "convt1d_same": ("nn.Conv1dTranspose(3, 2, 3, stride=2, has_bias=True)", [U(2, 3, 6)], {}),
    "convt1d_valid": ("nn.Conv1dTranspose(3, 2, 4, stride=3, pad_mode='valid')", [U(2, 3, 5)], {}),
    "convt3d_same": (
        "nn.Conv3dTranspose(2, 3, 3, stride=2, has_bias=True)",
        [U(1, 2, 3, 3, 3)],
        {},
    ),
    "convt3d_pad": (
        "nn.Conv3dTranspose(2, 2, 2, stride=2, pad_mode='pad', padding=1, output_padding=1)",
        [U(1, 2, 3, 3, 3)],
        {},
    ),
    # pooling, padding, resampling
    "adaptive_avg2d": ("nn.AdaptiveAvgPool2d((2, 3))", [U(2, 3, 5, 7)], {}),
    "adaptive_avg2d_none": ("nn.AdaptiveAvgPool2d((None, 2))", [U(2, 3, 5, 7)], {}),
    "adaptive_avg3d": ("nn.AdaptiveAvgPool3d((2, 2, 3))", [U(1, 2, 5, 4, 7)], {}),
    "adaptive_max2d": ("nn.AdaptiveMaxPool2d((3, 2))", [U(2, 3, 7, 5)], {}),
    "adaptive_max3d": ("nn.AdaptiveMaxPool3d(2)", [U(1, 2, 5, 4, 3)], {}),
    "pad_zero2d": ("nn.ZeroPad2d((1, 2, 0, 1))", [U(1, 2, 3, 3)], {}),
    "pad_constant1d": ("nn.ConstantPad1d((2, 1), 0.5)", [U(2, 3, 4)], {}),
    "pad_constant3d": ("nn.ConstantPad3d(1, -1.0)", [U(1, 1, 2, 2, 2)], {}),
    "pad_reflection1d": ("nn.ReflectionPad1d((2, 1))", [U(2, 3, 4)], {}),
    "pad_reflection2d": ("nn.ReflectionPad2d(1)", [U(1, 2, 3, 4)], {}),
    "pad_replication2d": ("nn.ReplicationPad2d((1, 2, 2, 0))", [U(1, 2, 3, 4)], {}),
    "pad_replication3d": ("nn.ReplicationPad3d(1)", [U(1, 1, 2, 2, 2)], {}),
    "pad_symmetric": ("nn.Pad(((0, 0), (1, 2), (2, 1)), mode='SYMMETRIC')", [U(2, 3, 4)], {}),
    "pad_reflect": ("nn.Pad(((1, 1), (2, 1)), mode='REFLECT')", [U(3, 4)], {}),
    "upsample_nearest": ("nn.Upsample(size=(6, 6))", [U(1, 2, 3, 3)], {}),
    "upsample_nearest_size": ("nn.Upsample(size=(5, 7))", [U(1, 2, 3, 4)], {}),
    "upsample_bilinear": ("nn.Upsample(size=(5, 7), mode='bilinear')", [U(1, 2, 3, 4)], {}),
    "upsample_bilinear_align": (
        "nn.Upsample(size=(6, 8), mode='bilinear', align_corners=True)",
        [U(1, 2, 3, 4)],
        {},
    ),
    "upsample_linear_down": ("nn.Upsample(size=3, mode='linear')", [U(1, 2, 7)], {}),
    "upsample_bicubic": ("nn.Upsample(size=(6, 5), mode='bicubic')", [U(1, 1, 3, 4)], {}),
    "upsample_trilinear": (
        "nn.Upsample(scale_factor=2.0, mode='trilinear')",
        [U(1, 1, 2, 3, 2)],
        {},
    ),
    "upsample_area": ("nn.Upsample(size=(2, 3), mode='area')", [U(1, 2, 5, 7)], {}),
    "pixel_shuffle": ("nn.PixelShuffle(2)", [U(1, 8, 2, 3)], {}),
    "pixel_unshuffle": ("nn.PixelUnshuffle(2)", [U(1, 2, 4, 6)], {}),
    "unfold_valid": ("nn.Unfold([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1])", [U(2, 3, 4, 4)], {}),
    "unfold_same_strided": (
        "nn.Unfold([1, 3, 2, 1], [1, 2, 1, 1], [1, 1, 2, 1], 'same')",
        [U(1, 2, 5, 5)],
        {},
    ),
    "instance_norm1d": ("nn.InstanceNorm1d(3)", [U(2, 3, 5)], {}),
    "instance_norm2d": ("nn.InstanceNorm2d(3, eps=1e-3)", [U(2, 3, 4, 4)], {}),
    "instance_norm3d": ("nn.InstanceNorm3d(2)", [U(2, 2, 2, 3, 3)], {}),
    # losses
    "loss_bce": (
        "nn.BCELoss()",
        [
            "rng.uniform(0.05, 0.95, (3, 4)).astype(np.float32)",
            "rng.randint(0, 2, (3, 4)).astype(np.float32)",
        ],
        {},
    ),
    "loss_bce_weight_none": (
        "nn.BCELoss(Tensor(np.tile(np.array([1.0, 2.0, 0.5, 1.5], np.float32), (3, 1))), 'none')",
        [
            "rng.uniform(0.05, 0.95, (3, 4)).astype(np.float32)",
            "rng.randint(0, 2, (3, 4)).astype(np.float32)",
        ],
        {},
    ),
    "loss_kldiv_batchmean": (
        "nn.KLDivLoss('batchmean')",
        [U(3, 4), "rng.uniform(0.0, 1.0, (3, 4)).astype(np.float32)"],
        {},
    ),
    "loss_kldiv_none": (
        "nn.KLDivLoss('none')",
        [U(3, 4), "rng.uniform(0.0, 1.0, (3, 4)).astype(np.float32)"],
        {},
    ),
    "loss_huber": ("nn.HuberLoss(delta=0.5)", [U(3, 4), U(3, 4)], {}),
    "loss_margin_ranking": (
        "nn.MarginRankingLoss(0.2)",
        [U(5), U(5), "np.array([1, -1, 1, -1, 1], np.float32)"],
        {},
    ),
    "loss_cosine_embedding": (
        "nn.CosineEmbeddingLoss(0.1)",
        [U(4, 5), U(4, 5), "np.array([1, -1, -1, 1], np.int32)"],
        {},
    ),
    "loss_soft_margin": (
        "nn.SoftMarginLoss()",
        [U(3, 4), "np.sign(rng.uniform(-1, 1, (3, 4))).astype(np.float32)"],
        {},
    ),
    "loss_hinge_embedding": (
        "nn.HingeEmbeddingLoss(0.5, 'sum')",
        [U(3, 4), "np.sign(rng.uniform(-1, 1, (3, 4))).astype(np.float32)"],
        {},
    ),
    "loss_poisson_nll": (
        "nn.PoissonNLLLoss()",
        [U(3, 4), "rng.randint(0, 4, (3, 4)).astype(np.float32)"],
        {},
    ),
    "loss_poisson_nll_full": (
        "nn.PoissonNLLLoss(log_input=False, full=True)",
        [
            "rng.uniform(0.1, 2, (3, 4)).astype(np.float32)",
            "rng.randint(0, 4, (3, 4)).astype(np.float32)",
        ],
        {},
    ),
    "loss_gaussian_nll": (
        "nn.GaussianNLLLoss(full=True)",
        [U(3, 4), U(3, 4), "rng.uniform(0.1, 2, (3, 4)).astype(np.float32)"],
        {},
    ),
    "loss_gaussian_nll_var1": (
        "nn.GaussianNLLLoss(reduction='sum')",
        [U(3, 4), U(3, 4), "rng.uniform(0.1, 2, (3, 1)).astype(np.float32)"],
        {},
    ),
    "loss_multilabel_soft_margin": (
        "nn.MultiLabelSoftMarginLoss()",
        [U(3, 4), "rng.randint(0, 2, (3, 4)).astype(np.float32)"],
        {},
    ),
    "loss_multi_margin": ("nn.MultiMarginLoss()", [U(3, 4), "np.array([0, 3, 1], np.int64)"], {}),
    "loss_multi_margin_p2_weight": (
        "nn.MultiMarginLoss(p=2, margin=0.5, weight=Tensor(np.array([1, 2, 0.5, 1], np.float32)))",
        [U(3, 4), "np.array([0, 3, 1], np.int64)"],
        {},
    ),
    "loss_multilabel_margin": (
        "nn.MultilabelMarginLoss()",
        [U(2, 4), "np.array([[3, 0, -1, 1], [1, 2, 3, 0]], np.int32)"],
        {},
    ),
    "loss_triplet_margin": ("nn.TripletMarginLoss()", [U(3, 5), U(3, 5), U(3, 5)], {}),
    "loss_triplet_margin_swap_p1": (
        "nn.TripletMarginLoss(p=1, swap=True, margin=0.5)",
        [U(3, 5), U(3, 5), U(3, 5)],
        {},
    ),
    "loss_nll": ("nn.NLLLoss()", [U(4, 3), "np.array([0, 2, 1, 2], np.int32)"], {}),
    "loss_nll_weight_ignore": (
        "nn.NLLLoss(Tensor(np.array([1.0, 2.0, 0.5], np.float32)),"
        " ignore_index=1, reduction='sum')",
        [U(4, 3), "np.array([0, 2, 1, 2], np.int32)"],
        {},
    ),
    "loss_rmse": ("nn.RMSELoss()", [U(3, 4), U(3, 4)], {}),
    "loss_mae": ("nn.MAELoss('sum')", [U(3, 4), U(3, 4)], {}),
    "loss_dice": (
        "nn.DiceLoss(1e-5)",
        [
            "rng.uniform(0, 1, (3, 4)).astype(np.float32)",
            "rng.randint(0, 2, (3, 4)).astype(np.float32)",
        ],
        {},
    ),
    "loss_focal_onehot": (
        "nn.FocalLoss(gamma=2.0)",
        [U(3, 4, 2), "np.eye(4, dtype=np.float32)[[0, 3, 1]][:, :, None].repeat(2, 2)"],
        {},
    ),
    "loss_focal_index_weight": (
        "nn.FocalLoss(Tensor(np.array([1.0, 2.0, 0.5], np.float32)), gamma=1.0)",
        [U(4, 3), "np.array([[0], [2], [1], [2]], np.int32)"],
        {},
    ),
    "loss_ctc": (
        "nn.CTCLoss()",
        [
            "np.log(np.random.RandomState(3).dirichlet(np.ones(5), (6, 2))).astype(np.float32)",
            "np.array([[1, 2, 2], [3, 1, 0]], np.int32)",
            "np.array([6, 5], np.int32)",
            "np.array([3, 2], np.int32)",
        ],
        {},
    ),
    "loss_l1_regularizer": ("nn.L1Regularizer(0.5)", [U(3, 4)], {}),
    # math and small tensor layers
    "math_reduce_logsumexp": ("nn.ReduceLogSumExp((0, 2), keep_dims=True)", [U(3, 2, 4)], {}),
    "math_moments": ("nn.Moments(axis=1, keep_dims=True)", [U(3, 4)], {}),
    "math_matmul_transposed": (
        "nn.MatMul(transpose_x1=True, transpose_x2=True)",
        [U(2, 4, 3), U(2, 5, 4)],
        {},
    ),
    "math_lgamma": ("nn.LGamma()", ["rng.uniform(0.5, 4, (3, 4)).astype(np.float32)"], {}),
    "math_digamma": ("nn.DiGamma()", ["rng.uniform(0.5, 4, (3, 4)).astype(np.float32)"], {}),
    "math_norm": ("nn.Norm(axis=1)", [U(3, 4)], {}),
    "math_unflatten": ("nn.Unflatten(1, (2, 3))", [U(2, 6, 2)], {}),
    "math_tril": ("nn.Tril()", [U(4, 4)], {}),
    "math_triu": ("nn.Triu()", [U(4, 4)], {}),
    "math_channel_shuffle": ("nn.ChannelShuffle(2)", [U(1, 6, 2, 2)], {}),
    # 3-D pooling and normalization
    "norm_batchnorm3d_eval": ("nn.BatchNorm3d(3)", [U(2, 3, 2, 3, 2)], {}),
    "norm_syncbatchnorm_eval": ("nn.SyncBatchNorm(3)", [U(2, 3, 2, 2)], {}),
    "pool_avg3d": ("nn.AvgPool3d(2, 1)", [U(1, 2, 3, 3, 3)], {}),
    "pool_avg3d_pad_ceil": (
        "nn.AvgPool3d(2, 2, pad_mode='pad', padding=1, ceil_mode=True, count_include_pad=False)",
        [U(1, 2, 3, 4, 3)],
        {},
    ),
    "pool_max3d": ("nn.MaxPool3d(2, 1)", [U(1, 2, 3, 3, 3)], {}),
    "rnn_cell_relu": ("nn.RNNCell(3, 4, nonlinearity='relu')", [U(2, 3), U(2, 4)], {}),
}


GRAD_INPUTS = {"loss_margin_ranking": 2, "loss_cosine_embedding": 2}


def _flat(x):
    if isinstance(x, tuple | list):
        return [v for item in x for v in _flat(item)]
    return [x]


def _tensors(x):
    if isinstance(x, tuple | list):
        return type(x)(_tensors(v) for v in x)
    return Tensor(x) if isinstance(x, np.ndarray) else x


def param_value(rng, name: str, shape) -> np.ndarray:
    """The value a case's parameter is set to (variances positive)."""
    if "variance" in name:
        return rng.uniform(0.5, 1.5, shape).astype(np.float32)
    return rng.uniform(-0.5, 0.5, shape).astype(np.float32)


def record_layer(name: str, build: str, args: list[str], kwargs: dict[str, str]) -> None:
    rng = np.random.RandomState(seed_of("layers/" + name))
    ms.set_seed(seed_of("layers/" + name))
    env = {"nn": nn, "ops": ops, "ms": ms, "np": np, "Tensor": Tensor}
    net = eval(build, env)  # noqa: S307 - our own case table
    out = {
        "__build__": np.array(build),
        "__args__": np.array(json.dumps(args)),
        "__kwargs__": np.array(json.dumps(kwargs)),
    }
    names = []
    for pname, p in net.parameters_and_names():
        v = param_value(rng, pname, p.shape)
        p.set_data(Tensor(v))
        out["param/" + pname] = v
        names.append(pname)
    out["__params__"] = np.array(json.dumps(names))
    a = [eval(e, {"rng": rng, "np": np}) for e in args]  # noqa: S307
    kw = {k: eval(e, {"rng": rng, "np": np}) for k, e in kwargs.items()}  # noqa: S307
    for i, v in enumerate(_flat(a)):
        out[f"arg{i}"] = v
    for k, v in kw.items():
        if isinstance(v, np.ndarray):
            out["kw/" + k] = v
    net.set_train(False)
    ta, tkw = _tensors(a), {k: _tensors(v) for k, v in kw.items()}
    outs = _flat(net(*ta, **tkw))
    for i, o in enumerate(outs):
        out[f"out{i}"] = o.asnumpy()
    weights = [rng.uniform(-1, 1, o.shape).astype(np.float32) for o in outs]
    for i, w in enumerate(weights):
        out[f"w{i}"] = w
    grad_pos = [i for i, v in enumerate(a) if isinstance(v, np.ndarray) and v.dtype == np.float32]
    if name.startswith("loss_"):  # the prediction(s) only: labels are data
        grad_pos = [i for i in grad_pos if i < GRAD_INPUTS.get(name, 1)]
    if grad_pos:

        def f(*xs):
            full = list(ta)
            for i, x in zip(grad_pos, xs):
                full[i] = x
            res = _flat(net(*full, **tkw))
            return sum((r * Tensor(w)).sum() for r, w in zip(res, weights))

        grads = ms.grad(f, grad_position=tuple(range(len(grad_pos))))(*[ta[i] for i in grad_pos])
        for i, g in zip(grad_pos, _flat(grads)):
            out[f"grad{i}"] = g.asnumpy()
    np.savez(ROOT / "layers" / f"{name}.npz", **out)


def record_layers() -> None:
    (ROOT / "layers").mkdir(parents=True, exist_ok=True)
    only = [a for a in sys.argv[2:]] if len(sys.argv) > 2 and sys.argv[1] == "layers" else None
    failed = []
    for name, (build, args, kwargs) in LAYERS.items():
        if only and name not in only:
            continue
        try:
            record_layer(name, build, args, kwargs)
            print("[ok]", name)
        except Exception as e:  # noqa: BLE001 - report and go on
            failed.append(name)
            print("[FAIL]", name, type(e).__name__, str(e).splitlines()[0][:200])
    print("failed:", failed)


# --- optimizers: three steps on two Parameters with fixed gradients ------------------------------
OPTIMIZERS = {
    "rmsprop": "nn.RMSProp(ps, learning_rate=0.01)",
    "rmsprop_centered_momentum": "nn.RMSProp(ps, learning_rate=0.01, decay=0.8, momentum=0.5,"
    " epsilon=1e-6, centered=True, weight_decay=0.1)",
    "adagrad": "nn.Adagrad(ps, accum=0.2, learning_rate=0.1)",
    "adagrad_decay": "nn.Adagrad(ps, learning_rate=0.1, weight_decay=0.05, loss_scale=2.0)",
    "adadelta": "nn.Adadelta(ps, learning_rate=0.5, rho=0.8, epsilon=1e-4)",
    "adamax": "nn.AdaMax(ps, learning_rate=0.01, beta1=0.8, beta2=0.95)",
    "rprop": "nn.Rprop(ps, learning_rate=0.05, etas=(0.4, 1.3), step_sizes=(1e-3, 0.06))",
    "asgd": "nn.ASGD(ps, learning_rate=0.05, lambd=1e-3, alpha=0.6, t0=2.0)",
}


def record_optim() -> None:
    (ROOT / "optim").mkdir(parents=True, exist_ok=True)
    for name, build in OPTIMIZERS.items():
        try:
            rng = np.random.RandomState(seed_of("optim/" + name))
            w0 = rng.uniform(-1, 1, (3, 4)).astype(np.float32)
            b0 = rng.uniform(-1, 1, (4,)).astype(np.float32)
            grads = [
                (
                    rng.uniform(-1, 1, (3, 4)).astype(np.float32),
                    rng.uniform(-1, 1, (4,)).astype(np.float32),
                )
                for _ in range(3)
            ]
            grads[1][0][0, 0] = 0.0  # a zero gradient element (Rprop's sign rule)
            # copies: a MindSpore Parameter may update the numpy buffer it was built from
            ps = [
                ms.Parameter(Tensor(w0.copy()), name="w"),
                ms.Parameter(Tensor(b0.copy()), name="b"),
            ]
            opt = eval(build, {"nn": nn, "ps": ps})  # noqa: S307
            out = {"__build__": np.array(build), "w0": w0, "b0": b0}
            for k, (gw, gb) in enumerate(grads):
                out[f"gw{k}"], out[f"gb{k}"] = gw, gb
                opt((Tensor(gw.copy()), Tensor(gb.copy())))
                for pname, p in opt.parameters_and_names():
                    if pname not in ("global_step", "learning_rate"):
                        out[f"step{k}/{pname}"] = p.asnumpy().copy()
            np.savez(ROOT / "optim" / f"{name}.npz", **out)
            print("[ok]", name)
        except Exception as e:  # noqa: BLE001
            print("[FAIL]", name, type(e).__name__, str(e).splitlines()[0][:200])


# --- metrics: expressions over ``metrics`` (mindspore.train) and the arrays below ----------------
METRIC_INPUTS = {
    "P": "np.array([[0.1, 0.7, 0.2], [0.8, 0.1, 0.1], [0.3, 0.3, 0.4], [0.2, 0.5, 0.3],"
    " [0.6, 0.2, 0.2]])",
    "Y": "np.array([1, 0, 2, 2, 1])",
    "B": "np.array([0.2, 0.8, 0.6, 0.4, 0.9])",
    "BY": "np.array([0, 1, 1, 1, 0])",
}
METRICS = {
    "f1": "run(metrics.F1(), P, Y)",
    "f1_average": "run(metrics.F1(), P, Y, average=True)",
    "fbeta_2": "run(metrics.Fbeta(2.0), P, Y)",
    "confusion_matrix": "run(metrics.ConfusionMatrix(3), P, Y)",
    "confusion_matrix_target": "run(metrics.ConfusionMatrix(3, normalize='target'), P, Y)",
    "confusion_matrix_binary": "run(metrics.ConfusionMatrix(2, threshold=0.5), B, BY)",
    "dice": "run(metrics.Dice(), B[None], BY[None].astype(float))",
    "perplexity": "run(metrics.Perplexity(), P, Y)",
    "perplexity_ignore": "run(metrics.Perplexity(ignore_label=2), P, Y)",
    "cosine_similarity": "run1(metrics.CosineSimilarity(), P)",
    "cosine_similarity_dot_mean": "run1(metrics.CosineSimilarity('dot', 'mean'), P)",
    "auc": "metrics.auc(np.array([0, 0.2, 0.5, 1.0]), np.array([0, 0.6, 0.8, 1.0]))",
}


def metric_env(metrics_module) -> dict:
    def run(m, *xs, **kw):
        m.clear()
        m.update(*xs)
        return m.eval(**kw)

    def run1(m, x):
        m.clear()
        m.update(x)
        return m.eval()

    env = {"np": np, "metrics": metrics_module, "run": run, "run1": run1}
    env.update({k: eval(v, {"np": np}) for k, v in METRIC_INPUTS.items()})  # noqa: S307
    return env


def record_metrics() -> None:
    from mindspore.train import metrics

    out = {}
    for name, expr in METRICS.items():
        try:
            value = eval(expr, metric_env(metrics))  # noqa: S307
            out[name] = {"expr": expr, "value": np.asarray(value).tolist()}
        except Exception as e:  # noqa: BLE001
            out[name] = {"expr": expr, "error": type(e).__name__}
        print(name, out[name])
    (ROOT / "metrics.json").write_text(json.dumps(out, indent=1) + "\n")


def record_ckpt() -> None:
    """An LSTM and a Transformer network trained a few steps by MindSpore: checkpoint + outputs."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))
    import interchange_nets as nets

    (ROOT / "ckpt").mkdir(parents=True, exist_ok=True)
    d = nets.data()
    ms.set_seed(21)
    lstm = nets.lstm_net(nn, ops)
    ce = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    nets.train(ms, nn, ops, lstm, (Tensor(d["tokens"]),), Tensor(d["labels"]), ce)
    lstm.set_train(False)
    ms.save_checkpoint(lstm, str(ROOT / "ckpt" / "lstm.ckpt"))
    np.savez(ROOT / "ckpt" / "lstm.npz", output=lstm(Tensor(d["tokens"])).asnumpy())
    tr = nets.transformer_net(nn, ops)
    args = (Tensor(d["src"]), Tensor(d["tgt"]))
    nets.train(ms, nn, ops, tr, args, Tensor(d["target"]), nn.MSELoss())
    tr.set_train(False)
    ms.save_checkpoint(tr, str(ROOT / "ckpt" / "transformer.ckpt"))
    np.savez(ROOT / "ckpt" / "transformer.npz", output=tr(*args).asnumpy())
    print("[ok] ckpt")


GROUPS = {
    "indexing": record_indexing,
    "layers": record_layers,
    "ckpt": record_ckpt,
    "optim": record_optim,
    "metrics": record_metrics,
}

if __name__ == "__main__":
    ROOT.mkdir(parents=True, exist_ok=True)
    chosen = [a for a in sys.argv[1:] if a in GROUPS] or list(GROUPS)
    for group in chosen:
        GROUPS[group]()
