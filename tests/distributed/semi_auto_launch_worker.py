"""The operator-parallel sample (``semi_auto_worker.py``'s network and Model.train loop) under
``deepsink launch`` with 2 processes of 4 CPU devices each, or in one process of 8 devices.

Run as ``worker.py OUT launch`` (under ``deepsink launch``, XLA_FLAGS giving 4 devices per
process) or ``worker.py OUT single`` (8 devices); writes OUT/<mode>_rank<rank>.json with the
losses of the non-sink and the sink run and the weight's sharding, with ``full_batch=True``, and
the losses with ``full_batch=False``: under ``deepsink launch`` each process reads its own shard
of the dataset (``num_shards=2, shard_id=rank``), in one process the network gets both shards'
batches joined (the whole batch).
"""

import json
import sys
from pathlib import Path

import jax
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from semi_auto_worker import SampleNet, _model_losses  # noqa: E402

import deepsink as ms  # noqa: E402
from deepsink import nn  # noqa: E402
from deepsink.communication import get_group_size, get_rank, init  # noqa: E402

SHARD_STEPS = 4
_rows = np.random.default_rng(2)
XS = _rows.random((SHARD_STEPS * 16, 32), np.float32)
YS = _rows.random((SHARD_STEPS * 16, 16), np.float32)


def _shard(shard_id):
    return ms.dataset.NumpySlicesDataset(
        (XS, YS), ["input", "label"], shuffle=False, num_shards=2, shard_id=shard_id
    ).batch(8)


def _whole():
    """Each step's batch: the two shards' batches of that step, joined."""
    parts = [list(_shard(i).create_tuple_iterator(output_numpy=True)) for i in (0, 1)]

    def gen():
        for (x0, y0), (x1, y1) in zip(*parts):
            yield np.concatenate([x0, x1]), np.concatenate([y0, y1])

    return ms.dataset.GeneratorDataset(gen, ["input", "label"], shuffle=False)


def _sharded_losses(rank, sink, dataset_strategy):
    """``full_batch=False``: ``rank`` None reads the whole batch, else that rank's shard."""
    ms.reset_auto_parallel_context()
    ms.set_auto_parallel_context(
        parallel_mode="semi_auto_parallel", device_num=8, dataset_strategy=dataset_strategy
    )
    ms.set_seed(1)
    net = SampleNet()
    opt = nn.Momentum(net.trainable_params(), 0.001, 0.1)
    model = ms.Model(net, nn.SoftmaxCrossEntropyWithLogits(reduction="mean"), opt)
    losses = []

    class Record(ms.train.Callback):
        def on_train_step_end(self, run_context):
            losses.append(float(np.mean(run_context.original_args().net_outputs.asnumpy())))

    data = _whole() if rank is None else _shard(rank)
    # sink: one step per sink (an epoch), so that the callback sees every step's loss
    epochs = SHARD_STEPS if sink else 1
    model.train(
        epochs, data, callbacks=[Record()], dataset_sink_mode=sink, sink_size=1 if sink else -1
    )
    ms.reset_auto_parallel_context()
    return losses


def main():
    out, mode = Path(sys.argv[1]), sys.argv[2]
    ms.set_context(mode=ms.GRAPH_MODE)
    rank, size = 0, 1
    if mode == "launch":
        init()
        rank, size = get_rank(), get_group_size()
    losses, sharding = _model_losses(True, False)
    sink, _ = _model_losses(True, True)
    shard = rank if mode == "launch" else None
    sharded = {
        "data_parallel": _sharded_losses(shard, False, "data_parallel"),
        "data_parallel_sink": _sharded_losses(shard, True, "data_parallel"),
        # the batch dimension split in 2: the devices of each process hold one half
        "strategy": _sharded_losses(shard, False, ((2, 1), (2, 1))),
    }
    result = {
        "processes": jax.process_count(),
        "devices": len(jax.devices()),
        "local_devices": len(jax.local_devices()),
        "group_size": size,
        "losses": losses,
        "sink": sink,
        "weight_sharding": sharding,
        "sharded": sharded,
    }
    (out / f"{mode}_rank{rank}.json").write_text(json.dumps(result))


if __name__ == "__main__":
    main()
