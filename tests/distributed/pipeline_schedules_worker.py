"""2.10's pipeline schedules on simulated CPU devices: every check in one process (JAX starts once).

Run as ``XLA_FLAGS=--xla_force_host_platform_device_count=8 python pipeline_schedules_worker.py
OUT``; writes OUT (JSON): per case, the losses of a few training steps of a small MLP (4 Dense
layers) pipelined by one schedule and stand-alone, the program's records (schedule ticks, slots,
parameter bytes per device) and each device's counted ticks; plus the errors 2.10 gives for a
schedule it restricts.
"""

import json
import sys

import numpy as np

import deepsink as ms
from deepsink import nn, ops
from deepsink._core import pipeline
from deepsink.parallel.auto_parallel import AutoParallel
from deepsink.parallel.nn import Pipeline, PipelineGradReducer

STEPS = 3
WIDTH = 8


class Net(nn.Cell):
    def __init__(self, layers):
        super().__init__()
        self.blocks = nn.CellList(
            [nn.Dense(WIDTH, WIDTH, activation="tanh") for _ in range(layers)]
        )

    def construct(self, x):
        for block in self.blocks:
            x = block(x)
        return x


def place(net, stages, chunks, vee):
    """Layer ``i`` in chunk ``i // stages``; chunk 1 of a V runs back down the stages."""
    for i, block in enumerate(net.blocks):
        chunk, s = divmod(i, stages)
        block.pipeline_stage = stages - 1 - s if vee and chunk % 2 else s
        if chunks > 1:
            block.pipeline_segment = chunk


def train(stages, scheduler, interleave, chunks, micro, device_num, auto=False, config=False):
    """Losses of STEPS steps, and the pipeline's records; ``stages=1``: the stand-alone run of
    the network of ``chunks`` layers."""
    ms.reset_auto_parallel_context()
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(1)
    net = Net(stages * chunks)  # stand-alone: stages 1, chunks = the layers
    if stages > 1:
        place(net, stages, chunks, scheduler == "zero_bubble_v")
    else:
        chunks = 1
    if stages > 1 and not auto:
        ms.set_auto_parallel_context(
            parallel_mode="semi_auto_parallel",
            device_num=device_num,
            full_batch=True,
            pipeline_stages=stages,
            pipeline_config={"pipeline_interleave": interleave, "pipeline_scheduler": scheduler},
        )
    segment_config = None
    if config:  # the segments given to Pipeline instead of set on the Cells
        segment_config = {f"_backbone.blocks.{i}": i // stages for i in range(len(net.blocks))}
        for block in net.blocks:
            block.__dict__.pop("_pipeline_segment", None)
    with_loss = Pipeline(nn.WithLossCell(net, nn.MSELoss()), micro, segment_config=segment_config)
    opt = nn.SGD(net.trainable_params(), 0.1)
    grad_fn = ops.value_and_grad(with_loss, None, opt.parameters)
    reducer = PipelineGradReducer(opt.parameters)

    def step(x, y):
        loss, grads = grad_fn(x, y)
        opt(reducer(grads))
        return loss

    if auto and stages > 1:
        parallel = AutoParallel(step, "semi_auto")
        parallel.pipeline(stages=stages, interleave=interleave, scheduler=scheduler)
        parallel.dataset_strategy("full_batch")
        run = parallel
    else:
        run = ms.jit(step)
    rng = np.random.RandomState(0)
    x = ms.Tensor(rng.randn(4 * micro, WIDTH).astype(np.float32))
    y = ms.Tensor(rng.randn(4 * micro, WIDTH).astype(np.float32))
    losses = []
    with pipeline.recording() as records:
        for _ in range(STEPS):
            losses.append(float(run(x, y).asnumpy()))
    ms.reset_auto_parallel_context()
    return losses, records


def error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the test reads the type and the message
        return [type(e).__name__, str(e)]
    return None


# (name, stages, scheduler, interleave, chunks, micro, device_num)
CASES = [
    ("1f1b", 2, "1f1b", False, 1, 4, 2),
    ("interleaved_1f1b", 2, "1f1b", True, 2, 4, 2),
    ("interleaved_1f1b_4", 4, "1f1b", True, 2, 4, 4),
    ("gpipe_interleaved", 2, "gpipe", True, 2, 4, 2),
    ("seqpipe_chunks", 2, "seqpipe", True, 2, 4, 2),
    ("seqsmartvpp", 2, "seqsmartvpp", True, 2, 4, 2),
    ("zero_bubble_v", 2, "zero_bubble_v", True, 2, 4, 2),
    ("zero_bubble_v_4", 4, "zero_bubble_v", True, 2, 8, 4),
]


def main() -> None:
    out: dict = {"cases": {}}
    base: dict = {}
    for name, stages, sched, inter, chunks, micro, dev in CASES:
        key = (stages * chunks, micro)
        if key not in base:
            base[key] = train(1, "1f1b", False, key[0], micro, 1)[0]
        losses, records = train(stages, sched, inter, chunks, micro, dev)
        program = [r for r in records if "scheduler" in r]
        ticks = [r for r in records if "idle" in r]
        out["cases"][name] = {
            "standalone": base[key],
            "losses": losses,
            "program": program[0] if program else None,
            "ticks": ticks[:dev],
        }
    # the same schedule through AutoParallel.pipeline, with Pipeline's segment_config
    losses, _ = train(2, "seqvpp", True, 2, 4, 2, auto=True, config=True)
    out["auto_seqvpp"] = {"losses": losses, "standalone": base[(4, 4)]}
    out["errors"] = {
        "zbv_one_chunk": error(lambda: train(2, "zero_bubble_v", True, 1, 4, 2)),
        "zbv_few_micro": error(lambda: train(2, "zero_bubble_v", True, 2, 2, 2)),
        "seqvpp_one_chunk": error(lambda: train(2, "seqvpp", True, 1, 4, 2)),
        "seqsmartvpp_odd": error(lambda: train(3, "seqsmartvpp", True, 2, 3, 3)),
        "interleaved_few_micro": error(lambda: train(4, "1f1b", True, 2, 2, 4)),
    }
    with open(sys.argv[1], "w") as f:
        json.dump(out, f)


if __name__ == "__main__":
    main()
