"""MindSpore's parallel samples (``tests/fixtures/parallel_samples``, unchanged) in one worker.

A ``deepsink launch`` task: ``parallel_samples_worker.py OUT MODES`` in a folder that holds the
samples. Their MNIST folder (``DATA_PATH``, which each sample's run.sh downloads) is 64 random
images in MNIST's file format, written into OUT. For each sample it runs the sample's own task as
the launcher runs it (``deepsink._core.alias.run_task``: ``python SCRIPT`` / ``pytest ...`` /
``SCRIPT``) and writes ``OUT/rank<rank>.json``: per sample and mode, the losses the sample
printed and the collectives of the optimized HLO of every program it compiled (``save_graphs=1``,
set before the sample starts; ``train.py`` sets its own level 2).

MODES: ``parallel`` (the sample as published), optionally ``standalone``: the same sample with
its parallel settings left out, the stand-alone run it is compared with (its
``set_auto_parallel_context`` calls do nothing and ``AutoParallel(fn)`` is ``ms.jit(fn)``, so
every strategy is ignored, as in stand-alone mode; the program runs on one device).
"""

import contextlib
import io
import json
import os
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pipeline_worker import write_mnist  # noqa: E402

import deepsink as ms  # noqa: E402
from deepsink import context  # noqa: E402
from deepsink._core.alias import run_task  # noqa: E402
from deepsink.communication import get_rank  # noqa: E402
from deepsink.parallel import auto_parallel  # noqa: E402
from deepsink.runtime import executor  # noqa: E402

SAMPLES = {  # name: the task its run.sh starts (train.py's: one python process per device)
    "operator_parallel": ["train.py"],
    "distributed_operator_parallel": [
        "pytest",
        "-s",
        "-v",
        "distributed_operator_parallel.py::test_distributed_operator_parallel",
    ],
    "distributed_optimizer_parallel": ["python", "distributed_optimizer_parallel.py"],
    "distributed_pipeline_parallel": ["python", "distributed_pipeline_parallel.py"],
}
COLLECTIVE = re.compile(
    r"= \S+ (all-reduce|all-gather|reduce-scatter|all-to-all|collective-permute)(?:-start)?\("
)
LOSS = re.compile(r"loss is ([-+0-9.eE]+|nan|inf)")


@contextlib.contextmanager
def standalone():
    """The parallel settings of a sample left out, for as long as it runs."""
    saved = (ms.set_auto_parallel_context, context.set_auto_parallel_context,
             auto_parallel.AutoParallel)  # fmt: skip

    def no_parallel_context(**kwargs):
        pass

    def no_auto_parallel(fn, parallel_mode="semi_auto"):
        return ms.jit(fn)

    ms.set_auto_parallel_context = context.set_auto_parallel_context = no_parallel_context
    auto_parallel.AutoParallel = no_auto_parallel
    try:
        yield
    finally:
        (ms.set_auto_parallel_context, context.set_auto_parallel_context,
         auto_parallel.AutoParallel) = saved  # fmt: skip


def collectives(graphs: Path) -> dict:
    """Per collective, how many the compiled programs hold."""
    counts: dict = {}
    for hlo in sorted(graphs.glob("02_optimized_hlo_*.ir")):
        for line in hlo.read_text().splitlines():
            m = COLLECTIVE.search(line)
            if m:
                counts[m.group(1)] = counts.get(m.group(1), 0) + 1
    return counts


def run(name: str, mode: str, out: Path) -> dict:
    task = SAMPLES[name]
    context.reset_context()  # each sample starts as in a new process
    executor._configured.clear()  # runtime settings are set once per process
    ms.reset_auto_parallel_context()
    graphs = out / f"graphs_{name}_{mode}_{get_rank()}"
    ms.set_context(save_graphs=1, save_graphs_path=str(graphs))
    text, start = io.StringIO(), time.perf_counter()
    with contextlib.redirect_stdout(text):
        with standalone() if mode == "standalone" else contextlib.nullcontext():
            code = run_task(task[0], task[1:])
    sys.modules.pop(Path(task[-1].split("::")[0]).stem, None)  # pytest imported it as a module
    printed = text.getvalue()
    assert code == 0, f"{name} ({mode}) exited with {code}:\n{printed[-3000:]}"
    return {
        "losses": [float(x) for x in LOSS.findall(printed)],
        "collectives": collectives(graphs),
        "seconds": time.perf_counter() - start,
    }


def main():
    out, modes = Path(sys.argv[1]), sys.argv[2].split(",")
    data = out / f"MNIST_Data_{get_rank()}" / "train"
    data.mkdir(parents=True)
    write_mnist(data, 64)
    os.environ["DATA_PATH"] = str(data)
    result = {name: {mode: run(name, mode, out) for mode in modes} for name in SAMPLES}
    (out / f"rank{get_rank()}.json").write_text(json.dumps(result))


if __name__ == "__main__":
    main()
