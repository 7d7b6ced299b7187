"""Pipeline parallel on 8 simulated CPU devices: every check in one process (JAX starts once).

Run as ``XLA_FLAGS=--xla_force_host_platform_device_count=8 python pipeline_worker.py OUT PARTS``
(PARTS: ``sample``, ``more`` or ``sample,more``); writes OUT (JSON): per part, per check, the
numbers the test compares.

The network and training step are those of mindspore-ai/docs
docs/sample_code/distributed_pipeline_parallel (a MatMul cell that prints its output, two Dense
layers, stages 0/0/0/1/1, ``PipelineCell(WithLossCell(net, CrossEntropyLoss()), 4)``, SGD 1e-2,
``value_and_grad`` + ``PipelineGradReducer`` in an ``ms.jit`` step, batches of 32 MNIST images,
10 epochs); its MNIST folder is replaced by 64 random images in MNIST's file format, so the 10
epochs are 20 steps.
"""

import glob
import json
import math
import os
import shutil
import struct
import sys
import tempfile
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np

import deepsink as ms
import deepsink.dataset as ds
from deepsink import Parameter, nn, ops
from deepsink._core import pipeline
from deepsink.common.initializer import HeUniform, initializer


def write_mnist(folder: Path, n: int) -> None:
    rng = np.random.RandomState(7)
    images = rng.randint(0, 256, (n, 28, 28)).astype(np.uint8)
    labels = rng.randint(0, 10, (n,)).astype(np.uint8)
    for name, arr, magic in (
        ("train-images-idx3-ubyte", images, 2051),
        ("train-labels-idx1-ubyte", labels, 2049),
    ):
        head = struct.pack(">I", magic) + b"".join(struct.pack(">I", d) for d in arr.shape)
        (folder / name).write_bytes(head + arr.tobytes())


class MatMulCell(nn.Cell):
    def __init__(self, param=None, shape=None):
        super().__init__()
        if shape is None:
            shape = [28 * 28, 512]
        self.param = Parameter(initializer(HeUniform(math.sqrt(5)), shape), name="param")
        if param is not None:
            self.param = param
        self.print = ops.Print()
        self.matmul = ops.MatMul()

    def construct(self, x):
        out = self.matmul(x, self.param)
        self.print("out is:", out.shape)
        return out


class Network(nn.Cell):
    def __init__(self):
        super().__init__()
        self.flatten = nn.Flatten()
        self.layer1 = MatMulCell()
        self.relu1 = nn.ReLU()
        self.layer2 = nn.Dense(512, 512)
        self.relu2 = nn.ReLU()
        self.layer3 = nn.Dense(512, 10)

    def construct(self, x):
        x = self.flatten(x)
        x = self.layer1(x)
        x = self.relu1(x)
        x = self.layer2(x)
        x = self.relu2(x)
        return self.layer3(x)


def create_dataset(path, batch_size):
    dataset = ds.MnistDataset(str(path))
    image_transforms = [
        ds.vision.Rescale(1.0 / 255.0, 0),
        ds.vision.Normalize(mean=(0.1307,), std=(0.3081,)),
        ds.vision.HWC2CHW(),
    ]
    dataset = dataset.map(image_transforms, "image")
    dataset = dataset.map(ds.transforms.TypeCast(ms.int32), "label")
    return dataset.batch(batch_size)


def _context(stages, scheduler):
    ms.reset_auto_parallel_context()
    ms.set_context(mode=ms.GRAPH_MODE)
    if stages > 1:
        ms.set_auto_parallel_context(
            parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL,
            pipeline_stages=stages,
            pipeline_config={
                "pipeline_interleave": scheduler == "gpipe",
                "pipeline_scheduler": scheduler,
            },
        )
    ms.set_seed(1)


def _staged_network():
    net = Network()
    net.layer1.pipeline_stage = 0
    net.relu1.pipeline_stage = 0
    net.layer2.pipeline_stage = 0
    net.relu2.pipeline_stage = 1
    net.layer3.pipeline_stage = 1
    return net


def functional_sample(data, stages, scheduler="1f1b"):
    """The sample's functional training loop; every step's loss."""
    _context(stages, scheduler)
    net = _staged_network()
    data_set = create_dataset(data, 32)
    optimizer = nn.SGD(net.trainable_params(), 1e-2)
    net_with_loss = nn.PipelineCell(nn.WithLossCell(net, nn.CrossEntropyLoss()), 4)
    net_with_loss.set_train()

    def forward_fn(inputs, target):
        return net_with_loss(inputs, target)

    grad_fn = ops.value_and_grad(forward_fn, None, optimizer.parameters)
    pp_grad_reducer = nn.PipelineGradReducer(optimizer.parameters)

    @ms.jit
    def train_one_step(inputs, target):
        loss, grads = grad_fn(inputs, target)
        grads = pp_grad_reducer(grads)
        optimizer(grads)
        return loss, grads

    losses = []
    with pipeline.recording() as records:
        for _ in range(10):
            for image, label in data_set:
                loss_value, _ = train_one_step(image, label)
                losses.append(float(loss_value.asnumpy()))
    ms.reset_auto_parallel_context()
    return losses, records


def model_sample(data, stages):
    """The sample's earlier form: ``Model(PipelineCell(...), optimizer)`` in sink mode."""
    _context(stages, "1f1b")
    net = _staged_network()
    optimizer = nn.SGD(net.trainable_params(), 1e-2)
    net_with_grads = nn.PipelineCell(nn.WithLossCell(net, nn.CrossEntropyLoss()), 4)
    model = ms.Model(net_with_grads, optimizer=optimizer)
    losses = []

    class Record(ms.train.Callback):
        def on_train_step_end(self, run_context):
            losses.append(float(run_context.original_args().net_outputs.asnumpy()))

    model.train(10, create_dataset(data, 32), callbacks=[Record()], dataset_sink_mode=True)
    ms.reset_auto_parallel_context()
    return losses


class SharedNet(nn.Cell):
    """A weight used by stage 0 and stage 3 (4 stages)."""

    def __init__(self):
        super().__init__()
        self.layer1 = MatMulCell(shape=[32, 32])
        self.layer2 = nn.Dense(32, 32)
        self.layer3 = nn.Dense(32, 32)
        self.layer4 = MatMulCell(param=self.layer1.param)
        self.relu = nn.ReLU()
        self.head = nn.Dense(32, 10)

    def construct(self, x):
        x = self.relu(self.layer1(x))
        x = self.relu(self.layer2(x))
        x = self.relu(self.layer3(x))
        return self.head(self.layer4(x))


def shared_parameters(stages, scheduler):
    _context(stages, scheduler)
    net = SharedNet()
    if stages > 1:
        for k, cell in enumerate((net.layer1, net.layer2, net.layer3, net.layer4)):
            cell.pipeline_stage = k
    opt = nn.Momentum(net.trainable_params(), 1e-2, 0.9)
    step = nn.TrainOneStepCell(nn.PipelineCell(nn.WithLossCell(net, nn.CrossEntropyLoss()), 8), opt)
    rng = np.random.RandomState(3)
    losses = []
    for _ in range(5):
        x = ms.Tensor(rng.rand(32, 32).astype(np.float32))
        y = ms.Tensor(rng.randint(0, 10, (32,)).astype(np.int32))
        losses.append(float(step(x, y).asnumpy()))
    ms.reset_auto_parallel_context()
    return losses, len(net.trainable_params())


def auto_parallel_pipeline(stages):
    """2.10's form: ``AutoParallel(train_one_step).pipeline(stages)`` with
    ``parallel.nn.Pipeline(..., stage_config=...)``."""
    from deepsink.parallel.auto_parallel import AutoParallel
    from deepsink.parallel.nn import Pipeline, PipelineGradReducer

    ms.reset_auto_parallel_context()
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(1)
    net = nn.SequentialCell([nn.Dense(32, 32), nn.ReLU(), nn.Dense(32, 10)])
    stage_config = {"_backbone.0": 0, "_backbone.1": 0, "_backbone.2": 1}
    net_with_loss = Pipeline(nn.WithLossCell(net, nn.CrossEntropyLoss()), 2, stage_config)
    opt = nn.SGD(net.trainable_params(), 1e-2)
    grad_fn = ops.value_and_grad(
        lambda a, b: net_with_loss(a, b), None, net_with_loss.trainable_params()
    )
    reducer = PipelineGradReducer(opt.parameters)

    @ms.jit
    def train_one_step(inputs, target):
        loss, grads = grad_fn(inputs, target)
        opt(reducer(grads))
        return loss, grads

    step = AutoParallel(train_one_step, parallel_mode="semi_auto")
    step.pipeline(stages=stages, scheduler="gpipe")
    rng = np.random.RandomState(5)
    x = ms.Tensor(rng.rand(16, 32).astype(np.float32))
    y = ms.Tensor(rng.randint(0, 10, (16,)).astype(np.int32))
    with pipeline.recording() as records:
        losses = [float(step(x, y)[0].asnumpy()) for _ in range(5)]
    return losses, [r["stages"] for r in records if "stages" in r]


class SplitStage0(nn.Cell):
    """Stage 0 on 4 devices: a row x column split, then a split contraction."""

    def __init__(self):
        super().__init__()
        self.w1 = Parameter(initializer(HeUniform(math.sqrt(5)), [32, 64]), name="w1")
        self.w2 = Parameter(initializer(HeUniform(math.sqrt(5)), [64, 64]), name="w2")
        self.mm1 = ops.MatMul().shard(((2, 1), (1, 2)))
        self.relu = ops.ReLU().shard(((2, 2),))
        self.mm2 = ops.MatMul().shard(((1, 2), (2, 1)))

    def construct(self, x):
        return self.mm2(self.relu(self.mm1(x, self.w1)), self.w2)


class SplitStage1(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w3 = Parameter(initializer(HeUniform(math.sqrt(5)), [64, 10]), name="w3")
        self.mm3 = ops.MatMul().shard(((4, 1), (1, 1)))
        self.relu = ops.ReLU()

    def construct(self, x):
        return self.mm3(self.relu(x), self.w3)


def _collectives(text):
    """Per collective of the stages' computation (inside the pipeline's loop): its kind and its
    groups of device ids."""
    out = []
    for line in text.splitlines():
        kind = next((k for k in ("all-gather", "all-reduce", "reduce-scatter", "all-to-all")
                     if f" {k}(" in line or f" {k}-start(" in line), None)  # fmt: skip
        if kind is None or "shard_map/while/body" not in line:
            continue
        text_groups = line.split("replica_groups=")[1]
        if text_groups.startswith("{"):
            inner = text_groups[2 : text_groups.index("}}")]
            groups = [[int(v) for v in g.split(",")] for g in inner.split("},{")]
        else:  # iota form: [n,k]<=[dims] or [n,k]<=[dims]T(perm)
            shape_txt, rest = text_groups.split("<=")
            shape = [int(v) for v in shape_txt.strip("[]").split(",")]
            dims_txt = rest[1 : rest.index("]")]
            dims = [int(v) for v in dims_txt.split(",")]
            ids = np.arange(math.prod(dims)).reshape(dims)
            after = rest[rest.index("]") + 1 :]
            if after.startswith("T("):
                perm = [int(v) for v in after[2 : after.index(")")].split(",")]
                ids = ids.transpose(perm)
            groups = ids.reshape(shape).tolist()
        out.append([kind, groups])
    return out


def split_stage(stages, scheduler="1f1b", dataset=None):
    """Operator and data parallel inside the stages of a 2-stage pipeline on 8 devices."""
    _context(stages, scheduler)
    if dataset is not None:
        ms.set_auto_parallel_context(dataset_strategy=dataset)
    ms.set_seed(2)
    net = nn.SequentialCell([SplitStage0(), SplitStage1()])
    net[0].pipeline_stage = 0
    net[1].pipeline_stage = 1
    opt = nn.Momentum(net.trainable_params(), 1e-2, 0.9)
    cell = nn.PipelineCell(nn.WithLossCell(net, nn.CrossEntropyLoss()), 2)
    grad_fn = ops.value_and_grad(lambda a, b: cell(a, b), None, opt.parameters)
    reducer = nn.PipelineGradReducer(opt.parameters)

    @ms.jit
    def step(x, y):
        loss, grads = grad_fn(x, y)
        opt(reducer(grads))
        return loss

    folder = tempfile.mkdtemp()
    ms.set_context(save_graphs=1, save_graphs_path=folder)
    rng = np.random.RandomState(11)
    losses = []
    for _ in range(20):
        x = ms.Tensor(rng.rand(16, 32).astype(np.float32))
        y = ms.Tensor(rng.randint(0, 10, (16,)).astype(np.int32))
        losses.append(float(step(x, y).asnumpy()))
    ms.set_context(save_graphs=0)
    text = "".join(
        open(f).read()
        for f in glob.glob(os.path.join(folder, "**", "02_optimized_hlo_*"), recursive=True)
    )
    shutil.rmtree(folder)  # the program dumps, read above
    ms.reset_auto_parallel_context()
    return {"losses": losses, "collectives": _collectives(text)}


def hlo_counts():
    """The compiled gradient of a 2-stage pipeline: the micro-batches' activations and their
    gradients move between the stages by collective-permutes."""

    def micro(params, xs):
        w1, w2 = params
        with jax.named_scope("pipeline_stage=0"):
            h = jnp.tanh(xs[0] @ w1)
        with jax.named_scope("pipeline_stage=1"):
            return jnp.sum((h @ w2) ** 2)

    w = [jnp.ones((16, 16)), jnp.ones((16, 4))]
    x = jnp.ones((8, 16))

    def loss(ps, x):
        return pipeline.pipeline_loss(micro, ps, [x], 4, jax.devices(), 2, "1f1b")

    text = jax.jit(jax.grad(loss)).lower(w, x).compile().as_text()
    return {"collective-permute": text.count("collective-permute")}


def _error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the test compares the type and the message
        return [type(e).__name__, str(e).split("\n")[0]]
    return None


def errors():
    out = {}
    out["config_type"] = _error(lambda: ms.set_auto_parallel_context(pipeline_config=[1]))
    out["config_key"] = _error(
        lambda: ms.set_auto_parallel_context(pipeline_config={"pipeline_stage": 2})
    )
    out["gpipe_without_interleave"] = _error(
        lambda: ms.set_auto_parallel_context(pipeline_config={"pipeline_scheduler": "gpipe"})
    )
    out["seqpipe"] = _error(
        lambda: ms.set_auto_parallel_context(
            pipeline_config={"pipeline_interleave": True, "pipeline_scheduler": "seqpipe"}
        )
    )

    def stage_too_large():
        _context(2, "1f1b")
        net = Network()
        net.layer3.pipeline_stage = 2
        cell = nn.PipelineCell(nn.WithLossCell(net, nn.CrossEntropyLoss()), 2)
        ms.jit(lambda a, b: cell(a, b))(
            ms.Tensor(np.ones((4, 1, 28, 28), np.float32)), ms.Tensor(np.zeros(4, np.int32))
        )

    def stage_order():
        _context(2, "1f1b")
        net = Network()
        net.layer1.pipeline_stage = 1
        net.layer2.pipeline_stage = 0
        cell = nn.PipelineCell(nn.WithLossCell(net, nn.CrossEntropyLoss()), 2)
        ms.jit(lambda a, b: cell(a, b))(
            ms.Tensor(np.ones((4, 1, 28, 28), np.float32)), ms.Tensor(np.zeros(4, np.int32))
        )

    def not_scalar():
        _context(2, "1f1b")
        net = Network()
        net.layer3.pipeline_stage = 1
        cell = nn.PipelineCell(net, 2)
        ms.jit(lambda a: cell(a))(ms.Tensor(np.ones((4, 1, 28, 28), np.float32)))

    def stages_not_dividing():
        ms.reset_auto_parallel_context()
        ms.set_auto_parallel_context(
            parallel_mode="semi_auto_parallel", device_num=8, pipeline_stages=3
        )
        cell = nn.PipelineCell(nn.WithLossCell(Network(), nn.CrossEntropyLoss()), 2)
        ms.jit(lambda a, b: cell(a, b))(
            ms.Tensor(np.ones((4, 1, 28, 28), np.float32)), ms.Tensor(np.zeros(4, np.int32))
        )

    for name, fn in (
        ("stage_too_large", stage_too_large),
        ("stage_order", stage_order),
        ("not_scalar", not_scalar),
        ("stages_not_dividing", stages_not_dividing),
    ):
        out[name] = _error(fn)
        ms.reset_auto_parallel_context()
    out["stage_config_unknown"] = _error(
        lambda: nn.PipelineCell(nn.Dense(2, 2), 2, stage_config={"nope": 1})
    )
    return out


def sample_part(data):
    """The sample's 20 steps (stand-alone, 1F1B, GPipe), the HLO, the operators split inside the
    stages and the errors."""
    standalone, _ = functional_sample(data, 1)
    f1b, records = functional_sample(data, 2, "1f1b")
    gpipe, gpipe_records = functional_sample(data, 2, "gpipe")
    return {
        "processes": jax.process_count(),
        "devices": len(jax.devices()),
        "sample": {
            "standalone": standalone,
            "1f1b": f1b,
            "gpipe": gpipe,
            "program": records[0],
            "ticks": [r for r in records[1:] if "stage" in r][:8],
            "gpipe_program": gpipe_records[0],
        },
        "hlo": hlo_counts(),
        "split": {
            "standalone": split_stage(1),
            "1f1b": split_stage(2),
            "gpipe": split_stage(2, "gpipe"),
            "full_batch": split_stage(2, dataset="full_batch"),
            "tuple": split_stage(2, dataset=((4, 1), (4,))),
        },
        "errors": errors(),
    }


def more_part(data):
    """The Model sink form, shared parameters over 4 stages and AutoParallel.pipeline."""
    return {
        "model_sample": {
            "standalone": model_sample(data, 1),
            "pipelined": model_sample(data, 2),
        },
        "shared": {
            "standalone": shared_parameters(1, "1f1b"),
            "1f1b": shared_parameters(4, "1f1b"),
            "gpipe": shared_parameters(4, "gpipe"),
        },
        "auto_parallel": {
            "standalone": auto_parallel_pipeline(1),
            "pipelined": auto_parallel_pipeline(2),
        },
    }


def main():
    """``pipeline_worker.py OUT PARTS``: PARTS ``sample``, ``more`` or ``sample,more`` (both in
    this one process: JAX starts once)."""
    result = {}
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        write_mnist(data, 64)
        for part in sys.argv[2].split(","):
            result[part] = {"sample": sample_part, "more": more_part}[part](data)
    Path(sys.argv[1]).write_text(json.dumps(result))


if __name__ == "__main__":
    main()
