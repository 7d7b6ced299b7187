"""Semi-auto parallel on 8 simulated CPU devices: every check in one process (JAX starts once).

Run as ``XLA_FLAGS=--xla_force_host_platform_device_count=8 python semi_auto_worker.py OUT``;
writes OUT (JSON): per check, the numbers the test compares.
"""

import json
import sys

import jax
import numpy as np

import deepsink as ms
from deepsink import nn, ops
from deepsink._core import semi_auto
from deepsink.common.initializer import initializer
from deepsink.common.tensor import unwrap, wrap
from deepsink.parallel.auto_parallel import AutoParallel
from deepsink.parallel.nn import GradAccumulation

STEPS = 20
np.random.seed(1)
X = np.random.rand(16, 32).astype(np.float32)
Y = np.random.rand(16, 16).astype(np.float32)


class SampleNet(nn.Cell):
    """docs/sample_code/operator_parallel/train.py's network."""

    def __init__(self, mm=((2, 4), (4, 1)), relu=((8, 1),)):
        super().__init__()
        self.matmul = ops.MatMul()
        self.weight = ms.Parameter(initializer("normal", [32, 16]), "w1")
        self.relu = ops.ReLU()
        if mm is not None:
            self.matmul.shard(mm)
        if relu is not None:
            self.relu.shard(relu)

    def construct(self, x):
        return self.relu(self.matmul(x, self.weight))


def _dataset():
    def gen():
        for _ in range(STEPS):
            yield X, Y

    return ms.dataset.GeneratorDataset(gen, ["input", "label"], shuffle=False)


def _model_losses(parallel, sink, net_kwargs=None, context=None):
    ms.reset_auto_parallel_context()
    if parallel:
        ms.set_auto_parallel_context(
            parallel_mode="semi_auto_parallel", device_num=8, full_batch=True, **(context or {})
        )
    ms.set_seed(1)
    net = SampleNet(**(net_kwargs or {}))
    loss = nn.SoftmaxCrossEntropyWithLogits(reduction="mean")
    opt = nn.Momentum(net.trainable_params(), 0.001, 0.1)
    model = ms.Model(net, loss_fn=loss, optimizer=opt)
    losses = []

    class Record(ms.train.Callback):
        def on_train_step_end(self, run_context):
            losses.append(float(np.mean(run_context.original_args().net_outputs.asnumpy())))

    if sink:  # one step per sink, so that the callback sees every step's loss
        model.train(STEPS, _dataset(), callbacks=[Record()], dataset_sink_mode=True, sink_size=1)
    else:
        model.train(1, _dataset(), callbacks=[Record()], dataset_sink_mode=False)
    sharding = str(net.weight._data.sharding)
    ms.reset_auto_parallel_context()
    return losses, sharding


def check_sample():
    ms.set_context(mode=ms.GRAPH_MODE)
    out = {}
    out["standalone"], _ = _model_losses(False, False)
    out["semi_auto"], out["weight_sharding"] = _model_losses(True, False)
    out["semi_auto_sink"], _ = _model_losses(True, True)
    # repeated calculation: strategies covering 4 of the 8 devices
    out["repeated"], _ = _model_losses(True, False, {"mm": ((4, 1), (1, 1)), "relu": ((2, 1),)})
    # the dataset split over the devices instead of every device reading the full batch
    out["data_parallel_input"], _ = _model_losses(
        True, False, context={"dataset_strategy": ((8, 1), (8, 1))}
    )
    return out


def _hlo(fn, *arrays):
    plan = semi_auto.plan_for(8, semi_auto.SEMI_AUTO, "full_batch")
    with semi_auto.using(plan):
        placed = semi_auto.place(list(arrays), plan)
        return jax.jit(fn).lower(*placed).compile().as_text()


def check_hlo():
    a = np.ones((16, 32), np.float32)
    w1 = np.ones((32, 16), np.float32)
    w2 = np.ones((16, 64), np.float32)
    rows = ops.MatMul().shard(((4, 1), (1, 1)))
    cols = ops.MatMul().shard(((1, 1), (1, 4)))
    split_k = ops.MatMul().shard(((2, 4), (4, 1)))
    plain = ops.MatMul()

    def row_then_col(x, y, z):
        return unwrap(cols(rows(wrap(x), wrap(y)), wrap(z)))

    def contraction(x, y):
        return unwrap(split_k(wrap(x), wrap(y)))

    def unsplit(x, y, z):
        return unwrap(plain(plain(wrap(x), wrap(y)), wrap(z)))

    out = {}
    for name, text in (
        ("row_then_col", _hlo(row_then_col, a, w1, w2)),
        ("contraction", _hlo(contraction, a, w1)),
        ("unsplit", _hlo(unsplit, a, w1, w2)),
    ):
        out[name] = {op: text.count(f" {op}(") for op in ("all-gather", "all-reduce")}
        out[name]["all-gather-start"] = text.count("all-gather-start(")
        out[name]["all-reduce-start"] = text.count("all-reduce-start(")
    return out


def _error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the test compares the type and the message
        return [type(e).__name__, str(e).split("\n")[0]]
    return None


def check_errors():
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=8, full_batch=True)
    x = ms.Tensor(np.ones((16, 32), np.float32))

    def run(strategy=None, layout=None):
        class Net(nn.Cell):
            def __init__(self):
                super().__init__()
                self.w = ms.Parameter(ms.Tensor(np.ones((32, 16), np.float32)), "w")
                self.mm = ops.MatMul().shard(strategy if layout is None else layout)

            def construct(self, x):
                return self.mm(x, self.w)

        return Net()(x)

    lay = ms.Layout((2, 4), ("dp", "mp"))
    lay16 = ms.Layout((4, 4), ("dp", "mp"))
    out = {
        "not_dividing": _error(lambda: run(((3, 1), (1, 1)))),
        "too_many_devices": _error(lambda: run(((4, 4), (4, 1)))),
        "strategy_len": _error(lambda: run(((2,), (1, 1)))),
        "reduce_dim_mismatch": _error(lambda: run(((2, 4), (2, 1)))),
        "alias_not_in_matrix": _error(lambda: lay("dp", "tp")),
        "alias_twice": _error(lambda: lay("dp", "dp")),
        "layout_devices": _error(lambda: run(layout=(lay16("dp", "mp"), lay16("mp", "None")))),
        "none_alias": _error(lambda: ms.Layout((2, 4), ("dp", "None"))),
    }
    ms.reset_auto_parallel_context()
    return out


def _bytes_per_device(cell):
    total = 0
    for _, p in cell.parameters_and_names():
        total += unwrap(p).addressable_shards[0].data.nbytes
    return total


def check_auto_parallel():
    """distributed_operator_parallel's AutoParallel(train_step) with a Layout strategy, against
    the same step stand-alone; parameter_plan; hsdp's per-device bytes."""
    ms.set_context(mode=ms.GRAPH_MODE)
    res = {}
    for parallel in (False, True):
        ms.set_seed(1)
        net = SampleNet(mm=None, relu=((4, 1),))
        layout = ms.Layout((2, 2, 2), ("dp", "sp", "mp"))
        net.matmul.shard((layout("mp", ("sp", "dp")), layout(("sp", "dp"), "None")))
        opt = nn.SGD(net.trainable_params(), 1e-2)
        loss_fn = nn.MSELoss()

        def forward(data, target, net=net, loss_fn=loss_fn):
            return loss_fn(net(data), target)

        grad_fn = ms.value_and_grad(forward, None, net.trainable_params())

        def train_step(inputs, targets, grad_fn=grad_fn, opt=opt):
            loss, grads = grad_fn(inputs, targets)
            opt(grads)
            return loss

        step = (
            AutoParallel(train_step, parallel_mode="semi_auto") if parallel else ms.jit(train_step)
        )
        if parallel:
            step.dataset_strategy("full_batch")
        losses = [float(step(ms.Tensor(X), ms.Tensor(Y)).asnumpy()) for _ in range(5)]
        res["parallel" if parallel else "standalone"] = losses

    # parameter_plan: the weight split 8 ways along its rows wherever the program holds it
    ms.set_seed(1)
    net = SampleNet(mm=None, relu=None)
    sharded = ms.shard(net, in_strategy=((8, 1),), parameter_plan={"w1": (8, 1)})

    class Wrapped(nn.Cell):
        def __init__(self):
            super().__init__()
            self.net = net

        def construct(self, x):
            return sharded(x)

    outer = AutoParallel(
        nn.TrainOneStepCell(
            nn.WithLossCell(Wrapped(), nn.MSELoss()), nn.SGD(net.trainable_params(), 0.01)
        )
    )
    outer.dataset_strategy("full_batch")
    outer(ms.Tensor(X), ms.Tensor(Y))
    res["plan_shard_shape"] = list(unwrap(net.weight).addressable_shards[0].data.shape)

    # mindspore.parallel.nn.GradAccumulation: two micro-batches of the split batch
    for parallel in (False, True):
        ms.set_seed(1)
        net = SampleNet()
        accum = GradAccumulation(nn.WithLossCell(net, nn.MSELoss()), 2)
        cell = nn.TrainOneStepCell(accum, nn.SGD(net.trainable_params(), 0.05))
        if parallel:
            cell = AutoParallel(cell)
        loss = [float(cell(ms.Tensor(X), ms.Tensor(Y)).asnumpy()) for _ in range(3)]
        res["accumulation_" + ("parallel" if parallel else "standalone")] = loss

    # hsdp: weights and Momentum's moments split over the 8 devices
    for hsdp in (False, True):
        ms.set_seed(1)
        big = nn.Dense(256, 128)
        cell = nn.TrainOneStepCell(
            nn.WithLossCell(big, nn.MSELoss()), nn.Momentum(big.trainable_params(), 0.01, 0.9)
        )
        ap = AutoParallel(cell)
        ap.dataset_strategy("full_batch")
        if hsdp:
            ap.hsdp(threshold=0)
        xs = np.random.RandomState(0).rand(16, 256).astype(np.float32)
        ys = np.random.RandomState(1).rand(16, 128).astype(np.float32)
        loss = [float(ap(ms.Tensor(xs), ms.Tensor(ys)).asnumpy()) for _ in range(3)]
        key = "hsdp" if hsdp else "replicated"
        res[key + "_bytes"] = _bytes_per_device(cell)
        res[key + "_loss"] = loss
    return res


def check_hsdp_levels():
    """A transformer block (TransformerEncoderLayer 64/4/128) with Adam under
    ``AutoParallel.hsdp(optimizer_level=...)`` on 8 devices, the batch split over them: losses
    against the stand-alone step, bytes each device holds of the weights and Adam's moments (from
    the arrays' shardings), and the collectives of the compiled step (from ``save_graphs``)."""
    import glob
    import os
    import shutil
    import tempfile

    ms.set_context(mode=ms.GRAPH_MODE)
    rng = np.random.RandomState(0)
    xs = rng.rand(8, 16, 64).astype(np.float32)
    ys = rng.rand(8, 16, 64).astype(np.float32)
    out = {}
    for level in (None, "level1", "level2", "level3"):
        ms.set_seed(1)
        block = nn.TransformerEncoderLayer(
            64, 4, dim_feedforward=128, dropout=0.0, batch_first=True
        )
        opt = nn.Adam(block.trainable_params(), 1e-3)
        cell = nn.TrainOneStepCell(nn.WithLossCell(block, nn.MSELoss()), opt)
        step = ms.jit(cell)
        folder = tempfile.mkdtemp()
        if level is not None:
            step = AutoParallel(cell)
            step.hsdp(threshold=0, optimizer_level=level)
            ms.set_context(save_graphs=1, save_graphs_path=folder)
        losses = [float(step(ms.Tensor(xs), ms.Tensor(ys)).asnumpy()) for _ in range(5)]
        ms.set_context(save_graphs=0)
        held = list(block.trainable_params()) + list(opt.moment1) + list(opt.moment2)
        per_device = sum(unwrap(p).addressable_shards[0].data.nbytes for p in held)
        text = "".join(
            open(f).read()
            for f in glob.glob(os.path.join(folder, "**", "02_optimized_hlo_*"), recursive=True)
        )
        shutil.rmtree(folder)  # the program dumps, read above
        out[level or "standalone"] = {
            "losses": losses,
            "bytes_per_device": per_device,
            "bytes": sum(unwrap(p).nbytes for p in held),
            "all-gather": text.count(" all-gather(") + text.count(" all-gather-start("),
        }
    return out


if __name__ == "__main__":
    assert len(jax.devices()) == 8, jax.devices()
    result = {
        "sample": check_sample(),
        "hlo": check_hlo(),
        "errors": check_errors(),
        "auto_parallel": check_auto_parallel(),
        "hsdp_levels": check_hsdp_levels(),
    }
    with open(sys.argv[1], "w") as f:
        json.dump(result, f, indent=1)
