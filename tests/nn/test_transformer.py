"""MultiheadAttention and the Transformer layers against MindSpore 2.10 (recorded fixtures with
both mask kinds, batch_first, kdim/vdim, bias_kv, zero attention, norm_first, the stacks)."""

import numpy as np
import pytest

from deepsink import Tensor, nn
from tests.support.layer_fixtures import case_names, replay

CASES = case_names(("mha", "transformer"))


def test_cases_recorded():
    assert len(CASES) >= 11


@pytest.mark.parametrize("name", CASES)
def test_matches_mindspore(name):
    replay(name, rtol=1e-4, atol=1e-5)


def test_weights_shapes_and_need_weights():
    mha = nn.MultiheadAttention(8, 2)
    q = Tensor(np.ones((3, 2, 8), np.float32))
    out, w = mha(q, q, q)
    assert out.shape == (3, 2, 8) and w.shape == (2, 3, 3)
    out, w = mha(q, q, q, need_weights=False)
    assert w is None
    _, w = mha(q, q, q, average_attn_weights=False)
    assert w.shape == (2, 2, 3, 3)


def test_bool_mask_blocks_positions():
    mha = nn.MultiheadAttention(4, 1)
    x = Tensor(np.random.RandomState(0).randn(3, 1, 4).astype(np.float32))
    mask = Tensor(np.triu(np.ones((3, 3), bool), 1))
    _, w = mha(x, x, x, attn_mask=mask)
    np.testing.assert_array_equal(np.triu(w.asnumpy()[0], 1), 0)


def test_stack_layers_are_independent_copies():
    enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16), 2)
    names = [n for n, _ in enc.parameters_and_names()]
    assert "layers.0.self_attn.in_proj_weight" in names
    assert "layers.1.dense2.bias" in names
    a = enc.layers[0].dense1.weight
    b = enc.layers[1].dense1.weight
    assert a is not b


def test_bad_arguments():
    with pytest.raises(ValueError, match="num_heads"):
        nn.MultiheadAttention(10, 3)
    with pytest.raises(ValueError, match="activation"):
        nn.TransformerEncoderLayer(8, 2, activation="swish")
