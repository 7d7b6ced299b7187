"""``Model``'s checks of ``metrics``, ``eval_network`` and ``eval_indexes``, and how ``Model.train``
and ``Model.eval`` call a dataset-like object that is not a MindSpore Dataset (the mock datasets
of MindSpore's own test files): ``scripts/record_test_helper_behaviour.py`` records MindSpore
2.10's outcomes and ``tests/train/test_model_checks.py`` replays them on deepsink. ``ms`` is
``mindspore`` or ``deepsink``."""

from __future__ import annotations

import numpy as np
from graph_parity_cases import MESSAGES


class RecordingData:
    """A dataset-like object (no MindSpore Dataset): rows of Tensors, the calls it gets kept."""

    def __init__(self, ms, size: int = 2):
        self._ms, self._size, self._n = ms, size, 0
        self.calls: list = []

    def get_dataset_size(self):
        return self._size

    def get_repeat_count(self):
        return 1

    def get_batch_size(self):
        return 4

    def get_col_names(self):
        return ["x", "y"]

    def output_types(self):
        return [np.float32, np.float32]

    def output_shapes(self):
        return [[4, 3], [4, 2]]

    def create_tuple_iterator(self, num_epochs=-1, do_copy=True):
        self.calls.append({"num_epochs": num_epochs, "do_copy": do_copy})
        self._n = 0
        return self

    def __iter__(self):
        return self

    def __next__(self):
        if self._n >= self._size:
            raise StopIteration
        self._n += 1
        x = np.full((4, 3), 0.1 * self._n, np.float32)
        return self._ms.Tensor(x), self._ms.Tensor(np.ones((4, 2), np.float32))

    def reset(self):
        self._n = 0

    def get_init_step(self):
        return 0


def _constructor_cases(ms, out: dict) -> None:
    nn, Model = ms.nn, ms.train.Model
    net = nn.ReLU()
    loss = nn.SoftmaxCrossEntropyWithLogits()
    acc = {"top_1_accuracy"}
    out["model_unknown_metric"] = lambda: Model(net, loss, metrics={"top1"})
    out["model_metrics_without_loss"] = lambda: Model(net, metrics=acc)
    out["model_metric_none_value"] = lambda: Model(net, metrics={"top5": None})
    out["model_eval_indexes_empty"] = lambda: Model(
        net, eval_network=net, eval_indexes=[], metrics=acc
    )
    out["model_eval_indexes_tuple"] = lambda: Model(
        net, eval_network=net, eval_indexes=(1, 2, 3), metrics=acc
    )
    out["model_eval_indexes_tuple_no_metrics"] = lambda: Model(
        net, eval_network=net, eval_indexes=(1, 2, 3)
    )
    out["model_metrics_str"] = lambda: Model(net, loss, metrics=("top_1_accuracy"))
    out["model_metrics_empty_tuple"] = lambda: Model(net, loss, metrics=())
    out["model_metrics_list"] = lambda: Model(net, loss, metrics=["top_1_accuracy"])
    out["model_metrics_empty_set"] = lambda: Model(net, loss, metrics=set())
    out["model_metrics_empty_dict"] = lambda: Model(net, loss, metrics={})
    out["model_metrics_set"] = lambda: Model(net, loss, metrics={"acc", "loss"})
    out["get_metrics_list"] = lambda: nn.get_metrics(["acc"])
    out["get_metrics_dict_bad_value"] = lambda: nn.get_metrics({"acc": "acc"})


def _dataset_call_cases(ms, out: dict) -> None:
    nn, Model = ms.nn, ms.train.Model

    def train(sink):
        def run():
            ms.set_seed(1)
            net = nn.Dense(3, 2)
            opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
            data = RecordingData(ms)
            Model(net, nn.MSELoss(), opt).train(2, data, dataset_sink_mode=sink)
            return data.calls

        return run

    def evaluate():
        ms.set_seed(1)
        net = nn.Dense(3, 2)
        data = RecordingData(ms)
        res = Model(net, nn.MSELoss(), metrics={"loss"}).eval(data, dataset_sink_mode=False)
        return {"calls": data.calls, "loss": round(float(res["loss"]), 5)}

    out["train_dataset_calls"] = train(False)
    out["eval_dataset_calls"] = evaluate


def cases(ms) -> dict:
    out: dict = {}
    _constructor_cases(ms, out)
    _dataset_call_cases(ms, out)
    return out


def outcomes(ms) -> dict:
    res = {}
    for name, fn in cases(ms).items():
        try:
            got = fn()
            if isinstance(got, ms.train.Model):
                res[name] = {"python": "constructed"}
            elif isinstance(got, dict) and name.startswith("get_metrics"):
                res[name] = {"python": sorted(got)}
            else:
                res[name] = {"python": got}
        except Exception as e:  # noqa: BLE001 - the outcome is the exception
            res[name] = {"error": type(e).__name__, "message": str(e).splitlines()[0][:MESSAGES]}
    return res
