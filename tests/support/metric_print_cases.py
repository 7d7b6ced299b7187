"""How metric results print: the program ``scripts/record_metric_print_fixture.py`` runs under
MindSpore 2.10 and ``tests/train/test_metric_print.py`` runs on deepsink. Both print each metric's
``eval()`` inside a dict (its repr) and alone, and ``Model.eval``'s result."""

from __future__ import annotations

import numpy as np


def metric_prints(ms) -> list[str]:
    nn = ms.nn
    logits = ms.Tensor(np.array([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]], np.float32))
    labels = ms.Tensor(np.array([1, 1, 1], np.int32))
    lines = []
    for name, metric, args in [
        ("acc", nn.Accuracy(), (logits, labels)),
        ("top1", nn.Top1CategoricalAccuracy(), (logits, labels)),
        (
            "mae",
            nn.MAE(),
            (
                ms.Tensor(np.array([0.1, 0.9], np.float32)),
                ms.Tensor(np.array([0.0, 1.0], np.float32)),
            ),
        ),  # fmt: skip
        (
            "mse",
            nn.MSE(),
            (
                ms.Tensor(np.array([0.1, 0.9], np.float32)),
                ms.Tensor(np.array([0.0, 1.0], np.float32)),
            ),
        ),  # fmt: skip
        ("loss", nn.Loss(), (ms.Tensor(0.25),)),
    ]:
        metric.update(*args)
        value = metric.eval()
        lines.append(str({name: value}))
        lines.append(f"{name}: {value}")
    net = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
    data = ms.dataset.NumpySlicesDataset(
        {"x": np.array([[1.0, 0.0], [0.0, 2.0]], np.float32), "y": np.array([0, 1], np.int32)},
        shuffle=False,
    ).batch(2)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = ms.Model(net, loss_fn=loss, metrics={"acc", "loss"})
    result = model.eval(data)
    lines.append(str(dict(sorted(result.items()))))
    return lines
