"""``nn.LSTM``/``nn.GRU``/``nn.RNN`` (two bidirectional layers, float32 Parameters) on a float16
input, as AMP O3 runs them (mindocr's CRNN neck): MindSpore 2.10 casts the weights to the input's
dtype and runs the recurrence in float16. ``scripts/record_rnn_float16_fixtures.py`` records 2.10's
outputs; ``tests/nn/test_rnns.py`` compares deepsink's."""

from __future__ import annotations

import numpy as np

GRAPH, PYNATIVE = 0, 1


def outcomes(ms) -> dict:
    """``{"mode/Class": {"dtype", "h_dtype", "y"}}`` (``y`` rounded to 3 decimals)."""
    out = {}
    for mode, tag in ((PYNATIVE, "pynative"), (GRAPH, "graph")):
        ms.set_context(mode=mode)
        for name in ("LSTM", "GRU", "RNN"):
            net = getattr(ms.nn, name)(4, 3, num_layers=2, bidirectional=True)
            for i, p in enumerate(net.get_parameters()):
                draw = np.random.default_rng(i).uniform(-0.5, 0.5, p.shape).astype(np.float32)
                p.set_data(ms.Tensor(draw))
            x = ms.Tensor(np.random.default_rng(9).standard_normal((5, 2, 4)).astype(np.float16))
            y, h = net(x)
            h = h[0] if isinstance(h, tuple) else h
            out[f"{tag}/{name}"] = {
                "dtype": str(y.dtype),
                "h_dtype": str(h.dtype),
                "y": y.asnumpy().astype(np.float64).round(3).tolist(),
            }
    ms.set_context(mode=PYNATIVE)
    return out
