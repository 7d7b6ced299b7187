"""Record MindSpore's mixed precision (``amp``) into ``tests/fixtures/ms/``.

Run with a Python that has a real MindSpore 2.10 CPU build (not run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_amp_fixtures.py

The shared machinery (case seeds, the ``.npz`` layout, the generic cell/op recorder) lives in
``fixture_recording.py``; ``record_fixtures.py`` runs every area.
"""

from __future__ import annotations

import mindspore as ms
import numpy as np
from fixture_recording import (
    OUT,
    randn,
    record,
    run_groups,
    seed_of,
    skip,
)
from mindspore import Parameter, Tensor, nn


class AmpNet(nn.Cell):
    """fc(4->3) -> BatchNorm1d(3) -> fc2(3->2)."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(4, 3)
        self.bn = nn.BatchNorm1d(3)
        self.fc2 = nn.Dense(3, 2)

    def construct(self, x):
        return self.fc2(self.bn(self.fc(x)))


def amp_cases():
    G = "amp"
    flags = [False, True, False, False, False, True, True, False, False, False, False]

    def update_cell():
        cell = nn.DynamicLossScaleUpdateCell(
            loss_scale_value=2.0**10, scale_factor=2, scale_window=3
        )
        scale = Parameter(Tensor(2.0**10, ms.float32), name="scale")
        seq = []
        for f in flags:
            cell(scale, Tensor(f))
            seq.append(float(scale.asnumpy()))
        spec = {
            "api": "nn.DynamicLossScaleUpdateCell",
            "notes": "scale after each overflow flag",
            "kwargs": {"loss_scale_value": 1024.0, "scale_factor": 2, "scale_window": 3},
        }
        return spec, {"flags": np.array(flags), "scales": np.array(seq, np.float32)}

    record(G, "update_cell", update_cell)

    def scaler():
        s = ms.amp.DynamicLossScaler(scale_value=2.0**10, scale_factor=2, scale_window=3)
        seq = []
        for f in flags:
            s.adjust(Tensor(not f))
            seq.append(float(s.scale_value.asnumpy()))
        st = ms.amp.StaticLossScaler(8.0)
        x = np.array([1.5, -2.0], np.float32)
        spec = {"api": "amp.DynamicLossScaler", "notes": "adjust(grads_finite = not flag)"}
        return spec, {
            "flags": np.array(flags),
            "scales": np.array(seq, np.float32),
            "x": x,
            "static_scaled": st.scale(Tensor(x)).asnumpy(),
            "static_unscaled": st.unscale(Tensor(x)).asnumpy(),
            "all_finite_ok": ms.amp.all_finite((Tensor(x), Tensor(x))).asnumpy(),
            "all_finite_bad": ms.amp.all_finite(
                (Tensor(x), Tensor(np.array([np.inf], np.float32)))
            ).asnumpy(),
        }

    record(G, "scaler", scaler)

    def manager():
        m = ms.amp.DynamicLossScaleManager(init_loss_scale=2.0**10, scale_factor=2, scale_window=3)
        seq = []
        for f in flags:
            m.update_loss_scale(f)
            seq.append(m.get_loss_scale())
        spec = {"api": "amp.DynamicLossScaleManager", "notes": "update_loss_scale(flag)"}
        return spec, {"flags": np.array(flags), "scales": np.array(seq, np.float32)}

    record(G, "manager", manager)

    def setup(name):
        rs = np.random.RandomState(seed_of(G, name))
        net = AmpNet()
        arrays = {}
        for n, p in net.parameters_and_names():
            if p.requires_grad:
                p.set_data(Tensor(randn(rs, *p.shape, scale=0.5)))
            arrays[f"param:{n}"] = p.asnumpy().copy()
        xs = [randn(rs, 8, 4) for _ in range(3)]
        xs[1][0, 0] = np.inf  # the second step overflows
        y = randn(rs, 8, 2)
        return net, xs, y, arrays

    def train_loss_scale():
        net, xs, y, arrays = setup("train_loss_scale")
        ms.set_context(mode=ms.GRAPH_MODE)  # PyNative CPU lacks the overflow-status kernel
        opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
        t = nn.TrainOneStepWithLossScaleCell(
            nn.WithLossCell(net, nn.MSELoss()),
            opt,
            nn.DynamicLossScaleUpdateCell(loss_scale_value=2.0**10, scale_factor=2, scale_window=2),
        )
        t.set_train()
        for i, x in enumerate(xs):
            loss, cond, scale = t(Tensor(x), Tensor(y))
            arrays[f"in_{i}"] = x
            arrays[f"loss_{i}"] = np.asarray(loss.asnumpy())
            arrays[f"overflow_{i}"] = np.asarray(cond.asnumpy())
            arrays[f"scale_after_{i}"] = np.asarray(t.scale_sense.asnumpy())
            for n, p in net.parameters_and_names():
                arrays[f"after_{i}:{n}"] = p.asnumpy().copy()
        arrays["label"] = y
        spec = {
            "api": "nn.TrainOneStepWithLossScaleCell",
            "net": AmpNet.__doc__,
            "mode": "GRAPH",
            "notes": "Momentum(0.1, 0.9), MSELoss; step 1 input has an inf (overflow: update skipped)",
        }
        return spec, arrays

    # MindSpore 2.10's CPU build cannot run this cell (PyNative: no NPUGetFloatStatusV2 kernel;
    # GRAPH_MODE: a RuntimeError at compile); kept for a GPU/Ascend build, skipped on CPU.
    if ms.get_context("device_target") == "CPU":
        skip(G, "train_loss_scale", "TrainOneStepWithLossScaleCell does not run on MindSpore CPU")
    else:
        record(G, "train_loss_scale", train_loss_scale)

    def levels():
        out = {}
        for lvl in ("O0", "O1", "O2", "O3"):
            net, xs, y, arrays = setup("levels")
            # O2 with a fixed scale the optimizer divides out (its documented pairing)
            opt = nn.Momentum(
                net.trainable_params(), 0.1, 0.9, loss_scale=128.0 if lvl == "O2" else 1.0
            )
            kw = (
                {}
                if lvl != "O2"
                else {
                    "loss_scale_manager": ms.amp.FixedLossScaleManager(
                        128.0, drop_overflow_update=False
                    )
                }
            )
            t = ms.amp.build_train_network(net, opt, nn.MSELoss(), level=lvl, **kw)
            r = t(Tensor(xs[0]), Tensor(y))
            loss = r[0] if isinstance(r, tuple) else r
            out[f"{lvl}:loss"] = np.asarray(loss.asnumpy(), np.float32)
            out[f"{lvl}:out_dtype"] = str(net(Tensor(xs[0])).dtype)
            out[f"{lvl}:train_cell"] = type(t).__name__
            out[f"{lvl}:weight_dtype"] = str(net.fc.weight.dtype)
            for n, p in net.parameters_and_names():
                out[f"{lvl}:after:{n}"] = p.asnumpy().copy()
        out.update(arrays)
        out["in_0"], out["label"] = xs[0], y
        spec = {
            "api": "amp.build_train_network",
            "net": AmpNet.__doc__,
            "notes": "one step per level; O2 with FixedLossScaleManager(128, drop_overflow_update=False) "
            "and Momentum(loss_scale=128) (MindSpore CPU refuses update cells); "
            "MindSpore names O2's BatchNorm params bn._backbone.* (its wrapper)",
        }
        return spec, out

    record(G, "levels", levels)

    def model_o2_sink():
        """Model(amp_level="O2") trained one epoch of 4 batches in sink and in step mode."""
        import mindspore.dataset as mds

        lv = np.load(OUT / "amp" / "levels.npz")  # the levels case's net values and data
        rs = np.random.RandomState(seed_of(G, "model_o2_sink"))
        x = np.concatenate([lv["in_0"] + 0.1 * randn(rs, *lv["in_0"].shape) for _ in range(4)])
        y = np.concatenate([lv["label"]] * 4)
        arrays = {"x": x, "y": y}
        for sink in (True, False):
            net = AmpNet()
            for n, prm in net.parameters_and_names():
                prm.set_data(Tensor(lv[f"param:{n}"]))
            data = mds.NumpySlicesDataset((x, y), column_names=["x", "y"], shuffle=False).batch(8)
            opt = nn.Momentum(net.trainable_params(), 0.01, 0.9, loss_scale=128.0)
            manager = ms.amp.FixedLossScaleManager(128.0, drop_overflow_update=False)
            model = ms.Model(net, nn.MSELoss(), opt, amp_level="O2", loss_scale_manager=manager)
            model.train(1, data, dataset_sink_mode=sink)
            for n, prm in net.parameters_and_names():
                arrays[f"{'sink' if sink else 'step'}:after:{n}"] = prm.asnumpy().copy()
        spec = {
            "api": "Model.train",
            "net": AmpNet.__doc__,
            "notes": "initial values = levels.npz param:*; Momentum(0.01, 0.9, loss_scale=128), "
            "FixedLossScaleManager(128, drop_overflow_update=False), MSELoss, batch 8, 1 epoch",
        }
        return spec, arrays

    record(G, "model_o2_sink", model_o2_sink)


GROUPS = {"amp": amp_cases}


if __name__ == "__main__":
    raise SystemExit(run_groups(GROUPS))
