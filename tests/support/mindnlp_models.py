"""mindnlp 0.1.1's BERT and GPT-2 (``mindnlp.models``, written on ``mindspore.nn``), the same
program on deepsink (through the ``mindspore`` alias) and on MindSpore 2.10
(``scripts/record_mindnlp_models.py``).

Tiny configurations (2 layers, hidden size 32, vocabulary 100, no dropout); the weights are set
from a seeded NumPy generator so that both frameworks start from the same ones. Each model runs a
forward, then one training step: GPT-2 with the language-model loss its ``construct`` computes
from ``labels``, BERT with a masked-LM cross-entropy on ``BertForPretraining``'s scores; both
with ``nn.AdamWeightDecay`` through ``nn.TrainOneStepCell``.
"""

from __future__ import annotations

import numpy as np

BATCH, SEQ, VOCAB = 2, 8, 100


def _set_weights(net, seed: int) -> None:
    import mindspore as ms

    rng = np.random.default_rng(seed)
    for p in sorted(net.get_parameters(), key=lambda q: q.name):
        value = rng.standard_normal(p.shape).astype(np.float32) * 0.05
        if p.name.endswith(("gamma", "weight")) and len(p.shape) == 1:
            value += 1.0  # LayerNorm scales near one
        p.set_data(ms.Tensor(value))


def _ids(seed: int):
    import mindspore as ms

    rng = np.random.default_rng(seed)
    return ms.Tensor(rng.integers(0, VOCAB, (BATCH, SEQ)).astype(np.int32))


def bert() -> dict:
    import mindspore as ms
    from mindnlp.models.bert import BertConfig, BertForPretraining
    from mindspore import nn

    config = BertConfig(vocab_size=VOCAB, hidden_size=32, num_hidden_layers=2,
                        num_attention_heads=2, intermediate_size=64, max_position_embeddings=64,
                        hidden_dropout_prob=0.0, attention_probs_dropout_prob=0.0)  # fmt: skip
    net = BertForPretraining(config)
    _set_weights(net, 1)
    ids = _ids(2)
    positions = ms.Tensor(np.array([[1, 3], [2, 5]], np.int32))
    net.set_train(False)
    scores, nsp = net(ids, masked_lm_positions=positions)
    out = {
        "names": sorted(p.name for p in net.get_parameters()),
        "scores": scores.asnumpy().tolist(),
        "nsp": nsp.asnumpy().tolist(),
    }
    labels = ms.Tensor(np.array([7, 11, 13, 17], np.int32))

    class WithLoss(nn.Cell):
        def __init__(self, model):
            super().__init__()
            self.model = model
            self.loss = nn.CrossEntropyLoss()

        def construct(self, x, pos, y):
            mlm, _ = self.model(x, masked_lm_positions=pos)
            return self.loss(mlm.view(-1, VOCAB), y)

    step = nn.TrainOneStepCell(WithLoss(net), nn.AdamWeightDecay(net.trainable_params(), 1e-2))
    step.set_train(True)
    out["losses"] = [float(step(ids, positions, labels).asnumpy()) for _ in range(2)]
    return out


def gpt2() -> dict:
    from mindnlp.models.gpt2.config_gpt2 import GPT2Config
    from mindnlp.models.gpt2.gpt2 import GPT2LMHeadModel
    from mindspore import nn

    config = GPT2Config(vocab_size=VOCAB, max_position_embeddings=64, hidden_size=32,
                        num_hidden_layers=2, num_attention_heads=2, resid_pdrop=0.0,
                        embd_pdrop=0.0, attn_pdrop=0.0, use_cache=False)  # fmt: skip
    net = GPT2LMHeadModel(config)
    _set_weights(net, 3)
    ids = _ids(4)
    net.set_train(False)
    logits = net(ids)[0]
    out = {
        "names": sorted(p.name for p in net.get_parameters()),
        "logits": logits.asnumpy()[:, :, :16].tolist(),
    }

    class WithLoss(nn.Cell):
        def __init__(self, model):
            super().__init__()
            self.model = model

        def construct(self, x):
            return self.model(x, labels=x)[0]

    step = nn.TrainOneStepCell(WithLoss(net), nn.AdamWeightDecay(net.trainable_params(), 1e-2))
    step.set_train(True)
    out["losses"] = [float(step(ids).asnumpy()) for _ in range(2)]
    return out


SENTENCES = ["Hello, World! Naïve café", "MindSpore's text: 深圳 rocks", "A  B\tc"]


def text_ops() -> dict:
    """mindnlp's own transforms, defined on MindSpore's engine (``parse()`` returns a
    ``mindspore._c_dataengine`` operation): eager calls, then ``Dataset.map`` of both."""
    import mindspore.dataset as ds
    from mindnlp import Vocab
    from mindnlp.transforms import BasicTokenizer, Lookup

    lower = BasicTokenizer(lower_case=True)
    vocab = Vocab(["hello", ",", "world", "!", "cafe", "深"], special_tokens=["<unk>"])
    lookup = Lookup(vocab, "<unk>")
    out = {
        "tokens": [BasicTokenizer()(s).tolist() for s in SENTENCES],
        "lower": [lower(s).tolist() for s in SENTENCES],
        "ids": lookup(lower(SENTENCES[0])).tolist(),
    }
    data = ds.GeneratorDataset([(s,) for s in SENTENCES], ["text"], shuffle=False)
    data = data.map([lower, lookup], "text")
    out["pipeline"] = [row["text"].tolist() for row in data.create_dict_iterator(output_numpy=True)]
    return out


def legacy_init() -> list:
    """mindnlp's ``XavierNormal`` (its legacy initializer fills through MindSpore's private
    ``_c_expression._random_normal``) after ``np.random.seed(7)``."""
    import mindspore as ms
    from mindnlp._legacy.initializer import XavierNormal
    from mindspore.common.initializer import initializer

    np.random.seed(7)
    return initializer(XavierNormal(), [4, 6], ms.float32).init_data().asnumpy().tolist()
