"""The pipeline sample (``pipeline_worker.py``) under ``deepsink launch`` with 2 processes of 4
CPU devices each (the one-process run of 8 devices is ``pipeline_worker.py``'s).

Run as ``worker.py OUT launch`` (under ``deepsink launch``, XLA_FLAGS giving 4 devices per
process); writes OUT/launch_rank<rank>.json: the losses
of docs/sample_code/distributed_pipeline_parallel's functional loop (2 stages, 1F1B; every
process reads the whole MNIST folder, as the sample's ranks do, and a stage's devices split each
micro-batch), of the operators split inside the stages (with "data_parallel" and with a
dataset_strategy tuple), and the error
of a process batch that its devices cannot split.
"""

import json
import sys
import tempfile
from pathlib import Path

import jax
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pipeline_worker import functional_sample, split_stage, write_mnist  # noqa: E402

import deepsink as ms  # noqa: E402
from deepsink import nn  # noqa: E402
from deepsink.communication import get_rank, init  # noqa: E402


def wrong_batch():
    """``full_batch=False``, ``"data_parallel"``: a process's batch of 6 rows for its 4 devices."""
    ms.reset_auto_parallel_context()
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=8)
    net = nn.Dense(4, 2)
    step = ms.jit(lambda x: net(x))
    try:
        step(ms.Tensor(np.ones((6, 4), np.float32)))
    except Exception as e:  # noqa: BLE001 - the test compares the type and the message
        return [type(e).__name__, str(e).split("\n")[0]]
    finally:
        ms.reset_auto_parallel_context()
    return None


def main():
    out = Path(sys.argv[1])
    init()
    rank = get_rank()
    with tempfile.TemporaryDirectory() as tmp:
        write_mnist(Path(tmp), 64)
        sample, _ = functional_sample(Path(tmp), 2, "1f1b")
    split = split_stage(2)
    result = {
        "processes": jax.process_count(),
        "devices": len(jax.devices()),
        "sample": sample,
        "split": split["losses"],
        "split_collectives": split["collectives"],
        # a dataset_strategy tuple over a stage's 4 devices: each process's batch is its stage's
        "split_tuple": split_stage(2, dataset=((4, 1), (4,)))["losses"],
        "wrong_batch": wrong_batch(),
    }
    (out / f"launch_rank{rank}.json").write_text(json.dumps(result))


if __name__ == "__main__":
    main()
