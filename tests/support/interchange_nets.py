"""Two small networks written once for either framework (``nn`` is ``mindspore.nn`` or
``deepsink.nn``): an LSTM classifier and a Transformer regressor. Used to check that checkpoints
trained by one side load into the other and give the same outputs."""

from __future__ import annotations

import numpy as np


def lstm_net(nn, ops):
    class LSTMNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.embedding = nn.Embedding(20, 5)
            self.rnn = nn.LSTM(5, 6, num_layers=2, bidirectional=True, batch_first=True)
            self.fc = nn.Dense(12, 3)

        def construct(self, x):
            out, (h, _) = self.rnn(self.embedding(x))
            feats = ops.concat((h[-2], h[-1]), axis=1)
            return self.fc(feats) + out.mean() * 0

    return LSTMNet()


def transformer_net(nn, ops):
    class TransformerNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.model = nn.Transformer(8, 2, 1, 1, 16, dropout=0.0, batch_first=True)
            self.head = nn.Dense(8, 2)

        def construct(self, src, tgt):
            return self.head(self.model(src, tgt))

    return TransformerNet()


def data():
    rng = np.random.RandomState(21)
    return {
        "tokens": rng.randint(0, 20, (4, 7)).astype(np.int32),
        "labels": rng.randint(0, 3, (4,)).astype(np.int32),
        "src": rng.uniform(-1, 1, (2, 5, 8)).astype(np.float32),
        "tgt": rng.uniform(-1, 1, (2, 4, 8)).astype(np.float32),
        "target": rng.uniform(-1, 1, (2, 4, 2)).astype(np.float32),
    }


def train(ms, nn, ops, net, inputs, target, loss_fn, steps=3):
    """A few Adam steps of ``value_and_grad`` (the same program on both sides)."""
    opt = nn.Adam(net.trainable_params(), learning_rate=0.01)

    def forward(*xs):
        return loss_fn(net(*xs), target)

    grad_fn = ms.value_and_grad(forward, None, opt.parameters)
    for _ in range(steps):
        _, grads = grad_fn(*inputs)
        opt(grads)
    return net
