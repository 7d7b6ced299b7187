"""The initializers and layers whose starting values deepsink must share with MindSpore 2.10 after
``set_seed``: one list for the recorder (``scripts/record_init_stream_fixtures.py``, run on
MindSpore) and the test (``tests/common/test_initializer_streams.py``, run on deepsink)."""

from __future__ import annotations

import math


def initializers(ms):
    init = ms.common.initializer
    return {
        "Normal": lambda: init.Normal(0.02, 0.1),
        "Uniform": lambda: init.Uniform(0.3),
        "TruncatedNormal": lambda: init.TruncatedNormal(0.02),
        "TruncatedNormal_wide": lambda: init.TruncatedNormal(0.7, 0.3, -0.5, 1.0),
        "HeUniform": lambda: init.HeUniform(),
        "HeUniform_fan_out_relu": lambda: init.HeUniform(mode="fan_out", nonlinearity="relu"),
        "HeUniform_sqrt5": lambda: init.HeUniform(math.sqrt(5)),
        "HeNormal": lambda: init.HeNormal(),
        "XavierUniform": lambda: init.XavierUniform(),
        "XavierNormal": lambda: init.XavierNormal(gain=2),
        "Orthogonal": lambda: init.Orthogonal(gain=1.5),
        "Sparse": lambda: init.Sparse(0.3, 0.2),
        "VarianceScaling_uniform": lambda: init.VarianceScaling(0.5, "fan_avg", "uniform"),
        "VarianceScaling_normal": lambda: init.VarianceScaling(
            2.0, "fan_out", "untruncated_normal"
        ),
        "VarianceScaling_default": lambda: init.VarianceScaling(),
    }


def networks(ms):
    nn, mint, init = ms.nn, ms.mint, ms.common.initializer
    return {
        "Dense": lambda: nn.Dense(3, 4),
        "Dense_act": lambda: nn.Dense(5, 3, activation="relu"),
        "Dense_named_inits": lambda: nn.Dense(4, 2, weight_init="normal", bias_init="uniform"),
        "Dense_truncated": lambda: nn.Dense(5, 3, weight_init="TruncatedNormal"),
        "BiDense": lambda: nn.BiDense(3, 4, 5),
        "Conv1d": lambda: nn.Conv1d(2, 3, 2, has_bias=True),
        "Conv2d": lambda: nn.Conv2d(3, 6, 5),
        "Conv2d_groups": lambda: nn.Conv2d(4, 4, 3, group=2, has_bias=True),
        "Conv2d_truncated": lambda: nn.Conv2d(
            2, 4, 3, has_bias=True, weight_init=init.TruncatedNormal(0.02)
        ),
        "Conv2d_xavier": lambda: nn.Conv2d(2, 3, 3, weight_init="xavier_uniform"),
        "Conv2d_he_normal": lambda: nn.Conv2d(2, 3, 3, weight_init="he_normal"),
        "Conv3d": lambda: nn.Conv3d(2, 3, 2, has_bias=True),
        "Conv1dTranspose": lambda: nn.Conv1dTranspose(2, 3, 2, has_bias=True),
        "Conv2dTranspose": lambda: nn.Conv2dTranspose(2, 3, 2, has_bias=True),
        "Conv3dTranspose": lambda: nn.Conv3dTranspose(2, 3, 2, has_bias=True),
        "Embedding": lambda: nn.Embedding(10, 6),
        "Embedding_pad": lambda: nn.Embedding(10, 4, padding_idx=1),
        "EmbeddingLookup": lambda: nn.EmbeddingLookup(10, 4),
        "PReLU": lambda: nn.PReLU(3),
        "BatchNorm1d": lambda: nn.BatchNorm1d(4),
        "BatchNorm2d": lambda: nn.BatchNorm2d(3),
        "LayerNorm": lambda: nn.LayerNorm((4,)),
        "GroupNorm": lambda: nn.GroupNorm(2, 4),
        "InstanceNorm2d": lambda: nn.InstanceNorm2d(3),
        "LSTM": lambda: nn.LSTM(4, 5, num_layers=2, bidirectional=True),
        "GRU": lambda: nn.GRU(3, 4),
        "RNN": lambda: nn.RNN(3, 4, num_layers=2, has_bias=False),
        "LSTMCell": lambda: nn.LSTMCell(3, 4),
        "GRUCell": lambda: nn.GRUCell(2, 3, has_bias=False),
        "RNNCell": lambda: nn.RNNCell(3, 2),
        "MultiheadAttention": lambda: nn.MultiheadAttention(8, 2),
        "MultiheadAttention_kv": lambda: nn.MultiheadAttention(
            8, 2, add_bias_kv=True, kdim=6, vdim=5
        ),
        "TransformerEncoderLayer": lambda: nn.TransformerEncoderLayer(8, 2, dim_feedforward=16),
        "TransformerDecoderLayer": lambda: nn.TransformerDecoderLayer(8, 2, dim_feedforward=16),
        "mint_Linear": lambda: mint.nn.Linear(3, 4),
        "mint_Conv2d": lambda: mint.nn.Conv2d(2, 3, 3),
        "mint_Embedding": lambda: mint.nn.Embedding(10, 4),
    }
