"""``mindspore.boost`` cases whose results deepsink must share with MindSpore 2.10: one list for
the recorder (``scripts/record_boost_fixtures.py``, run on MindSpore) and the test
(``tests/boost/test_boost.py``, run on deepsink). Each case takes the ``mindspore`` module (or
deepsink) and returns plain JSON data."""

from __future__ import annotations

import numpy as np


def _reset_auto_boost(ms) -> None:
    # AutoBoost is one instance per process (the first construction decides the configuration)
    ms.boost.AutoBoost._instance = None


def _net(ms):
    nn = ms.nn
    w1 = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) / 10)
    w2 = ms.Tensor(np.array([[0.5, -0.25]], np.float32))
    return nn.SequentialCell(
        nn.Dense(3, 2, weight_init=w1, bias_init="zeros"),
        nn.ReLU(),
        nn.Dense(2, 1, weight_init=w2, bias_init="ones"),
    )


def _data(ms):
    x = ms.Tensor(np.array([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]], np.float32))
    y = ms.Tensor(np.array([[1.0], [-1.0]], np.float32))
    return x, y


def _weights(net) -> dict:
    return {p.name: np.asarray(p.asnumpy(), np.float64).round(6).tolist() for p in
            net.get_parameters()}  # fmt: skip


def gradient_accumulation(ms):
    nn = ms.nn
    net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    acc = ms.boost.GradientAccumulation(2, opt)
    grads = (ms.Tensor(np.array([[1.0, 2.0]], np.float32)), ms.Tensor(np.array([1.0], np.float32)))
    out = []
    for _ in range(5):
        acc(ms.Tensor(1.0), grads)
        out.append(
            {
                "weights": _weights(net),
                "step": int(acc._accumulation_step.asnumpy()),
                "acc": acc._grad_accumulation[0].asnumpy().round(6).tolist(),
            }
        )
    return {"names": [p.name for p in acc.get_parameters()], "steps": out}


def _loss(out):
    # MindSpore's BoostTrainOneStepCell without ``sens`` returns None (its _no_sens_impl does not
    # return the loss)
    return None if out is None else round(float(out.asnumpy()), 5)


def freeze_training(ms):
    _reset_auto_boost(ms)
    ms.set_context(mode=ms.GRAPH_MODE)  # PyNative MindSpore assigns an int to its step Parameter
    nn = ms.nn
    net = _net(ms)
    loss_net = nn.WithLossCell(net, nn.MSELoss())
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    params = net.trainable_params()
    freeze = ms.boost.FreezeOpt(opt, [list(params), list(params[2:])], [0, 1, 1])
    train = ms.boost.BoostTrainOneStepCell(loss_net, freeze)
    x, y = _data(ms)
    losses, weights = [], []
    for _ in range(4):
        losses.append(_loss(train(x, y)))
        weights.append(_weights(net))
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return {
        "losses": losses,
        "weights": weights,
        "opt_params": [[p.name for p in o.get_parameters()] for o in freeze.opts],
    }


def accumulation_training(ms):
    _reset_auto_boost(ms)
    ms.set_context(mode=ms.GRAPH_MODE)  # PyNative MindSpore assigns an int to a Parameter
    nn = ms.nn
    ms.boost.AutoBoost(
        "O0",
        {
            "boost": {"mode": "manual", "grad_accumulation": True},
            "grad_accumulation": {"grad_accumulation_step": 2},
        },
    )
    net = _net(ms)
    opt = nn.SGD(net.trainable_params(), 0.1)
    train = ms.boost.BoostTrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    x, y = _data(ms)
    losses, weights = [], []
    for _ in range(3):
        losses.append(_loss(train(x, y)))
        weights.append(_weights(net))
    _reset_auto_boost(ms)
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return {"losses": losses, "weights": weights}


def loss_scale_training(ms):
    _reset_auto_boost(ms)
    nn = ms.nn
    out = {}
    for scale in (1024.0, 3.0e38):
        net = _net(ms)
        opt = nn.SGD(net.trainable_params(), 0.1)
        train = ms.boost.BoostTrainOneStepWithLossScaleCell(
            nn.WithLossCell(net, nn.MSELoss()), opt, ms.Tensor(scale, ms.float32)
        )
        x, y = _data(ms)
        loss, overflow, sens = train(x, y)
        out[str(scale)] = {
            "loss": round(float(loss.asnumpy()), 5),
            "overflow": bool(overflow.asnumpy()),
            "scale": float(sens.asnumpy()),
            "weights": _weights(net),
        }
    return out


def freeze_sequences(ms):
    freeze = ms.boost.GradientFreeze(4, 0, 0.7, 20)
    np.random.seed(3)
    interval = freeze.generate_freeze_index_sequence(4, 1, 0.7, 30)
    net = ms.nn.SequentialCell(
        ms.nn.Dense(3, 4), ms.nn.BatchNorm1d(4), ms.nn.Dense(4, 4), ms.nn.Dense(4, 2),
        ms.nn.Dense(2, 2),
    )  # fmt: skip
    groups = freeze.split_parameters_groups(net, 2)
    return {
        "continuous": freeze.generate_freeze_index_sequence(4, 0, 0.7, 20),
        "one_group": freeze.generate_freeze_index_sequence(1, 0, 0.7, 5),
        "interval": interval,
        "groups": [[p.name for p in g] for g in groups],
    }


def less_bn(ms):
    # a Cell that calls its layers by attribute (a SequentialCell of MindSpore keeps calling the
    # Dense that LessBN replaced, as its cell_list is not updated)
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            seq = _net(ms)
            self.body, self.act, self.head = seq[0], seq[1], seq[2]

        def construct(self, x):
            return self.head(self.act(self.body(x)))

    net = ms.boost.LessBN(Net(), fn_flag=True)
    x, _ = _data(ms)
    return {
        "names": [p.name for p in net.get_parameters()],
        "head": type(net.network.head).__name__,
        "flags": sorted(k for k in net.network.get_flags()),
        "out": np.asarray(net(x).asnumpy(), np.float64).round(5).tolist(),
    }


def auto_boost_config(ms):
    out = {}
    configs = {
        "O1": ("O1", ""),
        "O2": ("O2", ""),
        "bad_level": ("O9", ""),
        "manual": ("O1", {"boost": {"mode": "manual", "less_bn": False},
                          "grad_freeze": {"param_groups": 3, "freeze_p": 0.5},
                          "common": {"device_number": 4}}),
        "enable_all": ("O0", {"boost": {"mode": "enable_all"}}),
    }  # fmt: skip
    for name, (level, cfg) in configs.items():
        _reset_auto_boost(ms)
        b = ms.boost.AutoBoost(level, cfg)
        out[name] = {
            "config": dict(b.boost_config),
            "level": b.level,
            "param_groups": b._param_groups,
            "freeze_p": b._freeze_p,
            "device_number": b.device_number,
        }
    _reset_auto_boost(ms)
    try:
        ms.boost.AutoBoost("O1", {"boost": {"mode": "fast"}})
    except ValueError as exc:
        out["bad_mode"] = f"ValueError: {exc}"
    _reset_auto_boost(ms)
    return out


def auto_boost_train(ms):
    _reset_auto_boost(ms)
    nn = ms.nn
    b = ms.boost.AutoBoost("O1", {"boost": {"mode": "manual", "less_bn": False},
                                  "grad_freeze": {"param_groups": 2, "freeze_type": 0,
                                                  "total_steps": 10}})  # fmt: skip
    net = _net(ms)
    opt = nn.Momentum([{"params": net.trainable_params()}], 0.1, 0.9)
    new_net, new_opt = b.network_auto_process_train(net, opt)
    _reset_auto_boost(ms)
    return {
        "net": type(new_net).__name__,
        "opt": type(new_opt).__name__,
        "groups": [[p.name for p in o.parameters] for o in new_opt.opts],
        "strategy": new_opt.train_strategy.asnumpy().tolist(),
        "centralized": [bool(getattr(o, "grad_centralization", None) is not None) for o in
                        new_opt.opts],
    }  # fmt: skip


CASES = {
    "gradient_accumulation": gradient_accumulation,
    "freeze_training": freeze_training,
    "accumulation_training": accumulation_training,
    "loss_scale_training": loss_scale_training,
    "freeze_sequences": freeze_sequences,
    "less_bn": less_bn,
    "auto_boost_config": auto_boost_config,
    "auto_boost_train": auto_boost_train,
}
