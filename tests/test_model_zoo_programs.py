"""Condensed versions of MindSpore model-zoo training programs (mindspore-ai/models: official/nlp
LSTM, Transformer, Bert; official/recommend DeepFM, Wide&Deep; official/cv ResNet, UNet), each the
program's distinctive code paths on a small synthetic dataset of the program's shapes and columns,
run unchanged (``import mindspore``) through ``deepsink run`` as the full programs are.

Each script follows its program: the MindRecord writers and readers (4-shard IMDB records, 21-shard
Criteo lines opened as ``...00``, Bert's files read with ``Shuffle.FILES``), the networks' own
training cells (DeepFM's loss-scaled TrainStepWrap, Transformer's TrainOneStepWithLossScaleCell
subclass with ``start_overflow_check``, Bert's optimizer mapping over ``decay_flags`` and
``optim_filter``), the context options they set (``op_timeout``, ``reserve_class_name_in_scope``,
``graph_kernel_flags``, ``get_context('enable_ge')``) and the names they import
(``train_thor.ConvertModelUtils``, ``P.FloatStatus``, ``P.identity``, ``C.add_flags``,
``Primitive.shard``). Printed flags, not losses, are compared: the losses depend on random
initialisation, which MindSpore draws differently.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from forkrun import ForkRunner

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def programs():
    """The server the programs' processes fork from (``tests/support/forkrun``), started with the
    programs' environment."""
    env = {"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin", "JAX_PLATFORMS": "cpu"}
    runner = ForkRunner(env)
    yield runner
    runner.close()


def _run(programs: ForkRunner, tmp_path: Path, body: str) -> list[str]:
    script = tmp_path / "train.py"
    script.write_text(textwrap.dedent(body))
    out = tmp_path / "out"
    out.mkdir()
    proc = programs.run("deepsink", ["run", str(script), str(out)], tmp_path, 600, module=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout.splitlines()


LSTM = r"""
import os, sys
import numpy as np
import mindspore.dataset as ds
from mindspore import Tensor, nn, Model, context, ops
from mindspore.common import set_seed, JitConfig
from mindspore.mindrecord import FileWriter
from mindspore.nn import Accuracy
from mindspore.ops import operations as P
from mindspore.train.callback import LossMonitor, CheckpointConfig, ModelCheckpoint, TimeMonitor, Callback
from mindspore.train.serialization import load_param_into_net, load_checkpoint

out = sys.argv[1]
set_seed(1)
context.set_context(mode=context.GRAPH_MODE, save_graphs=False, device_target="CPU", op_timeout=600)
rng = np.random.default_rng(0)
# --- LSTM: 4-shard mindrecord, frozen embedding, bidirectional 2-layer LSTM
w = FileWriter(os.path.join(out, "imdb.mindrecord"), shard_num=4)
w.add_schema({"id": {"type": "int32"}, "label": {"type": "int32"},
              "feature": {"type": "int32", "shape": [-1]}}, "nlp_schema")
w.add_index(["id", "label"])
w.write_raw_data([{"id": i, "label": int(i % 2), "feature": rng.integers(0, 20, 12).astype(np.int32)}
                  for i in range(16)])
w.commit()
ds.config.set_seed(1)
data = ds.MindDataset(os.path.join(out, "imdb.mindrecord0"), columns_list=["feature", "label"],
                      num_parallel_workers=2, num_shards=1, shard_id=0)
data = data.shuffle(buffer_size=data.get_dataset_size()).batch(4, drop_remainder=True)


class SentimentNet(nn.Cell):
    def __init__(self, weight):
        super().__init__()
        self.embedding = nn.Embedding(20, 6, embedding_table=weight)
        self.embedding.embedding_table.requires_grad = False
        self.trans = P.Transpose()
        self.encoder = nn.LSTM(input_size=6, hidden_size=5, num_layers=2, has_bias=True,
                               bidirectional=True, dropout=0.0)
        self.concat = P.Concat(1)
        self.squeeze = P.Squeeze(axis=0)
        self.decoder = nn.Dense(20, 2)

    def construct(self, inputs):
        e = self.trans(self.embedding(inputs), (1, 0, 2))
        output, _ = self.encoder(e)
        enc = self.concat((self.squeeze(output[0:1:1]), self.squeeze(output[11:12:1])))
        return self.decoder(enc)


net = SentimentNet(Tensor(rng.standard_normal((20, 6)).astype(np.float32)))
net.set_jit_config(JitConfig(jit_level="O2"))
model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
              nn.Momentum(net.trainable_params(), 0.1, 0.9), {"acc": Accuracy()})


class EvalCallBack(Callback):
    def epoch_end(self, run_context):
        print("acc", model.eval(data)["acc"] >= 0.0)


ck = ModelCheckpoint(prefix="lstm", directory=os.path.join(out, "ckpt"),
                     config=CheckpointConfig(save_checkpoint_steps=4, keep_checkpoint_max=1))
model.train(2, data, callbacks=[TimeMonitor(data_size=4), LossMonitor(), ck, EvalCallBack()],
            dataset_sink_mode=False)
names = sorted(os.listdir(os.path.join(out, "ckpt")))
print("ckpt", [n for n in names if n.endswith(".ckpt")])
params = load_checkpoint(os.path.join(out, "ckpt", "lstm-2_4.ckpt"))
print("not loaded", load_param_into_net(SentimentNet(Tensor(np.zeros((20, 6), np.float32))), params))
print("frozen", not net.embedding.embedding_table.requires_grad)

"""

DEEPFM = r"""
import os, sys
import numpy as np
import mindspore.dataset as ds
from mindspore import Tensor, nn, Model, context, ops
from mindspore.common import set_seed, JitConfig
from mindspore.mindrecord import FileWriter
from mindspore.nn import Accuracy
from mindspore.ops import operations as P
from mindspore.train.callback import LossMonitor, CheckpointConfig, ModelCheckpoint, TimeMonitor, Callback
from mindspore.train.serialization import load_param_into_net, load_checkpoint

out = sys.argv[1]
set_seed(1)
context.set_context(mode=context.GRAPH_MODE, save_graphs=False, device_target="CPU", op_timeout=600)
rng = np.random.default_rng(0)
# --- DeepFM: 21-shard mindrecord of 1000-row lines opened as '...00', sink mode, loss-scaled step
w = FileWriter(os.path.join(out, "train_input_part.mindrecord"), 21)
w.add_schema({"label": {"type": "float32", "shape": [-1]}, "feat_vals": {"type": "float32", "shape": [-1]},
              "feat_ids": {"type": "int32", "shape": [-1]}}, "CRITEO_TRAIN")
w.write_raw_data([{"label": rng.integers(0, 2, 10).astype(np.float32),
                   "feat_vals": rng.random(390).astype(np.float32),
                   "feat_ids": rng.integers(0, 50, 390).astype(np.int32)} for _ in range(42)])
w.commit()
crit = ds.MindDataset(os.path.join(out, "train_input_part.mindrecord00"),
                      columns_list=["feat_ids", "feat_vals", "label"], shuffle=True, num_parallel_workers=2)
crit = crit.batch(2, drop_remainder=True)
crit = crit.map(operations=(lambda x, y, z: (np.array(x).flatten().reshape(20, 39),
                                             np.array(y).flatten().reshape(20, 39),
                                             np.array(z).flatten().reshape(20, 1))),
                input_columns=["feat_ids", "feat_vals", "label"], num_parallel_workers=2)
print("criteo steps", crit.get_dataset_size())


class FM(nn.Cell):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(50, 4)
        self.fc = nn.Dense(39 * 4, 1)
        self.loss = ops.SigmoidCrossEntropyWithLogits()

    def construct(self, ids, vals, label):
        x = self.emb(ids) * ops.expand_dims(vals, -1)
        logit = self.fc(x.reshape((x.shape[0], -1)))
        return ops.reduce_mean(self.loss(logit, label))


class TrainStepWrap(nn.Cell):
    def __init__(self, network, sens=1024.0):
        super().__init__(auto_prefix=False)
        self.network = network
        self.weights = network.trainable_params()
        self.optimizer = nn.Adam(self.weights, learning_rate=1e-3, eps=1e-8, loss_scale=sens)
        self.grad = ops.GradOperation(get_by_list=True, sens_param=True)
        self.sens = sens

    def construct(self, ids, vals, label):
        loss = self.network(ids, vals, label)
        sens = ops.fill(loss.dtype, loss.shape, self.sens)
        grads = self.grad(self.network, self.weights)(ids, vals, label, sens)
        return ops.depend(loss, self.optimizer(grads))


fm = Model(TrainStepWrap(FM()))


class LossCallBack(Callback):
    def step_end(self, run_context):
        cb = run_context.original_args()
        print("deepfm step", cb.cur_epoch_num, cb.cur_step_num, float(cb.net_outputs.asnumpy()) > 0)


fm.train(2, crit, callbacks=[LossCallBack()], dataset_sink_mode=True)
"""

TRANSFORMER_BERT = r"""
import os, sys
import numpy as np
import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn, ops, Tensor, Parameter, context
from mindspore.ops import composite as C, functional as F, operations as P
from mindspore.mindrecord import FileWriter
from mindspore.train.model import Model
from mindspore.train.loss_scale_manager import DynamicLossScaleManager
from mindspore.train.callback import Callback
from mindspore.train.train_thor import ConvertModelUtils

out = sys.argv[1]
ms.set_seed(1)
context.set_context(mode=context.GRAPH_MODE, device_target="CPU")
context.set_context(reserve_class_name_in_scope=False)
context.set_context(enable_graph_kernel=False, graph_kernel_flags="--enable_parallel_fusion")
grad_overflow = P.FloatStatus()  # built at import by Transformer's training module
rng = np.random.default_rng(0)
for k in range(2):  # Bert's pre-training files, read with Shuffle.FILES
    w = FileWriter(os.path.join(out, f"wiki{k}.mindrecord"), 1)
    w.add_schema({"x": {"type": "float32", "shape": [-1]}, "y": {"type": "float32", "shape": [-1]}}, "b")
    w.write_raw_data([{"x": rng.random(3).astype(np.float32), "y": rng.random(1).astype(np.float32)}
                      for _ in range(8)])
    w.commit()
files = sorted(os.path.join(out, f) for f in os.listdir(out) if not f.endswith(".db"))
data = ds.MindDataset(files, columns_list=["x", "y"], shuffle=ds.Shuffle.FILES).batch(4, drop_remainder=True)
print("steps", data.get_dataset_size())

_adam_opt = C.MultitypeFuncGraph("adam_opt")


@_adam_opt.register("Tensor", "Tensor", "Tensor", "Bool", "Bool")
def _update(lr, weight_decay, param, gradient, decay_flag, optim_filter):
    if optim_filter:
        upd = gradient + weight_decay * param if decay_flag else gradient
        return F.depend(ops.assign(param, param - lr * upd), gradient)
    return gradient


_adam_opt.register("Tensor", "Tensor", "Tensor", "Tensor", "Bool", "Bool")(_update)


class SGDForBert(nn.Optimizer):
    def __init__(self, params, learning_rate=0.1, weight_decay=0.01):
        super().__init__(learning_rate, params, weight_decay)
        assert self.cls_name == "SGDForBert"

    def construct(self, gradients):
        lr = self.get_lr()
        return self.hyper_map(F.partial(_adam_opt, lr, self.weight_decay), self.parameters, gradients,
                              self.decay_flags, self.optim_filter)


class NetWithLoss(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 1)

    def construct(self, x, y):
        return ops.reduce_mean((self.dense(x) - y) ** 2)


GRADIENT_CLIP_VALUE = 1.0


class TrainOneStepWithLossScaleCell(nn.TrainOneStepWithLossScaleCell):
    def __init__(self, network, optimizer, scale_update_cell=None):
        super().__init__(network, optimizer, scale_update_cell)
        self.loss_scale = Parameter(Tensor(scale_update_cell.get_loss_scale(), dtype=ms.float32))
        self.loss_scaling_manager = scale_update_cell

    @C.add_flags(has_effect=True)
    def clip(self, scale, grads):
        grads = self.hyper_map(F.partial(lambda s, g: g / s, scale), grads)
        return self.hyper_map(F.partial(ops.clip_by_value, clip_value_min=-GRADIENT_CLIP_VALUE,
                                        clip_value_max=GRADIENT_CLIP_VALUE), grads)

    def construct(self, x, y, sens=None):
        loss = self.network(x, y)
        scaling_sens = self.loss_scale if sens is None else sens
        status, scaling_sens = self.start_overflow_check(loss, scaling_sens)
        grads = self.grad(self.network, self.weights)(x, y, ops.cast(scaling_sens, ms.float32))
        grads = self.clip(scaling_sens, self.grad_reducer(grads))
        cond = self.get_overflow_status(status, grads)
        overflow = self.loss_scaling_manager(self.loss_scale, cond)
        if not overflow:
            self.optimizer(grads)
        return (loss, cond, scaling_sens.value())


net = NetWithLoss()
opt = SGDForBert(net.trainable_params())
manager = DynamicLossScaleManager(init_loss_scale=2 ** 10, scale_factor=2, scale_window=2)
step = TrainOneStepWithLossScaleCell(net, opt, manager.get_update_cell())
step.set_train(True)
model = ConvertModelUtils().convert_to_thor_model(Model(step), network=step, optimizer=opt)


class LossCallBack(Callback):
    def step_end(self, run_context):
        loss, overflow, scale = run_context.original_args().net_outputs
        print("step", run_context.original_args().cur_step_num, bool(overflow.asnumpy()), float(scale.asnumpy()))


before = net.dense.weight.asnumpy().copy()
model.train(1, data, callbacks=[LossCallBack()], dataset_sink_mode=False)
print("moved", not np.allclose(before, net.dense.weight.asnumpy()))
print("status", grad_overflow(Tensor(np.array([1.0, np.inf], np.float32))))
"""

CV_AND_WIDE_DEEP = r"""
import numpy as np
import mindspore
import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn, ops, Model, context, Tensor
from mindspore.ops import operations as P
from mindspore.train.train_thor import ConvertModelUtils  # noqa: F401  (ResNet's train.py)
from mindspore.train.callback import Callback, LossMonitor
from mindspore.parallel import set_algo_parameters  # noqa: F401
from mindspore.communication.management import init, get_rank, get_group_size  # noqa: F401
from mindspore.context import ParallelMode

ms.set_seed(1)
context.set_context(mode=context.GRAPH_MODE, device_target="CPU", save_graphs=False, op_timeout=600)
print("parallel", context.get_auto_parallel_context("parallel_mode") == ParallelMode.STAND_ALONE)
rng = np.random.default_rng(0)


class ResumeCallback(Callback):  # ResNet's src/callback.py reads enable_ge at each epoch end
    def on_train_epoch_end(self, run_context):
        if ms.context.get_context("enable_ge"):
            raise AssertionError("GE is Ascend's")
        print("epoch", run_context.original_args().cur_epoch_num)


class TempLoss(nn.Cell):  # UNet's src/utils.py
    def __init__(self):
        super().__init__()
        self.identity = P.identity()

    def construct(self, logits, label):
        return self.identity(logits)


class Seg(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3, pad_mode="same")
        self.bn = nn.BatchNorm2d(2)

    def construct(self, x):
        return self.bn(self.conv(x))


class CrossEntropyWithLogits(nn.Cell):
    def construct(self, logits, label):
        logits = ops.transpose(logits, (0, 2, 3, 1)).reshape((-1, 2))
        label = ops.transpose(label, (0, 2, 3, 1)).reshape((-1, 2))
        return ops.reduce_mean(-(label * ops.log_softmax(logits.astype(ms.float32), -1)).sum(-1))


img = rng.random((8, 1, 16, 16)).astype(np.float32)
mask = np.eye(2, dtype=np.float32)[(rng.random((8, 16, 16)) > 0.5).astype(int)].transpose(0, 3, 1, 2)
seg_ds = ds.NumpySlicesDataset({"image": img, "mask": mask}, shuffle=False).batch(4, drop_remainder=True)
net = Seg()
opt = nn.Adam(params=net.trainable_params(), learning_rate=1e-3, weight_decay=5e-4, loss_scale=1024.0)
scale = mindspore.train.loss_scale_manager.FixedLossScaleManager(1024.0, False)
model = Model(net, loss_fn=CrossEntropyWithLogits(), loss_scale_manager=scale, optimizer=opt, amp_level="O3")
model.train(2, seg_ds, callbacks=[LossMonitor(), ResumeCallback()], dataset_sink_mode=False)
print("fp16", net.conv.weight.dtype == ms.float32, net(Tensor(img[:1])).dtype)
eval_model = Model(net, loss_fn=TempLoss(), metrics={"dice": nn.Dice()})
print("eval", sorted(eval_model.eval(seg_ds, dataset_sink_mode=False)))


class WideDeep(nn.Cell):  # Wide&Deep: sharded Unique, sparse EmbeddingLookup tables
    def __init__(self):
        super().__init__()
        self.unique = ops.Unique().shard(((1,),))
        self.wide = nn.EmbeddingLookup(100, 1, target="DEVICE", sparse=True)
        self.deep = nn.EmbeddingLookup(100, 4, target="CPU", sparse=True)
        self.dense = nn.Dense(39 * 4, 1)
        self.mul = ops.Mul().shard(((1, 1), (1, 1)))

    def construct(self, ids, vals):
        w = self.wide(ids).reshape(ids.shape) * vals
        d = self.mul(self.deep(ids), ops.expand_dims(vals, -1)).reshape((ids.shape[0], -1))
        return ops.ReduceSum(keep_dims=True)(w, 1) + self.dense(d)


wd = WideDeep()
print("unique", wd.unique(Tensor(np.array([3, 1, 3], np.int32)))[0])
class NetWithLossClass(nn.Cell):
    def __init__(self, network):
        super().__init__(auto_prefix=False)
        self.network = network
        self.loss = ops.SigmoidCrossEntropyWithLogits()

    def construct(self, ids, vals, label):
        return ops.reduce_mean(self.loss(self.network(ids, vals), label))


loss_net = NetWithLossClass(wd)
train = nn.TrainOneStepCell(loss_net, nn.FTRL(wd.trainable_params(), learning_rate=0.05))
ids = Tensor(rng.integers(0, 100, (8, 39)).astype(np.int32))
vals = Tensor(rng.random((8, 39)).astype(np.float32))
label = Tensor((rng.random((8, 1)) > 0.5).astype(np.float32))
losses = [float(train(ids, vals, label).asnumpy()) for _ in range(3)]
print("ftrl", losses[-1] < losses[0])
"""


def test_lstm_sentiment_on_sharded_mindrecord(tmp_path: Path, programs) -> None:
    lines = _run(programs, tmp_path, LSTM)
    assert lines.count("acc True") == 2
    assert sum(line.startswith("epoch: 2 step: 4, loss is") for line in lines) == 1
    assert "ckpt ['lstm-2_4.ckpt']" in lines
    assert any(line.startswith("not loaded ([], ['global_step', 'learning_rate'") for line in lines)
    assert "frozen True" in lines


def test_deepfm_criteo_lines_in_sink_mode(tmp_path: Path, programs) -> None:
    lines = _run(programs, tmp_path, DEEPFM)
    assert "criteo steps 21" in lines
    # deepsink sinks on CPU too: one step_end per sink of 21 steps (MindSpore on CPU falls back
    # to one per step; on GPU/Ascend it sinks as here)
    assert [line for line in lines if line.startswith("deepfm step")] == [
        "deepfm step 1 21 True",
        "deepfm step 2 42 True",
    ]


def test_transformer_and_bert_loss_scale_cells(tmp_path: Path, programs) -> None:
    lines = _run(programs, tmp_path, TRANSFORMER_BERT)
    assert "steps 4" in lines
    # scale_window 2: the dynamic scale doubles after every two steps without overflow
    assert [line for line in lines if line.startswith("step ")] == [
        "step 1 False 1024.0",
        "step 2 False 2048.0",
        "step 3 False 2048.0",
        "step 4 False 4096.0",
    ]
    assert "moved True" in lines
    assert "status [1.]" in lines


def test_resnet_unet_and_wide_deep_paths(tmp_path: Path, programs) -> None:
    lines = _run(programs, tmp_path, CV_AND_WIDE_DEEP)
    assert "parallel True" in lines
    assert "epoch 1" in lines and "epoch 2" in lines
    assert any(line.startswith("fp16 ") and line.endswith("Float16") for line in lines)
    assert "eval ['dice']" in lines
    assert "unique [3 1]" in lines
    assert "ftrl True" in lines
