"""Record MindSpore 2.10's exact initializer values into ``tests/fixtures/ms/init_streams/``
(NOT run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_init_stream_fixtures.py

- ``streams.npz``: the raw host streams (``_random_uniform``/``_random_normal``/
  ``_truncated_normal`` of MindSpore's C++ side) for a few seeds and sizes, with the initializer
  thread pool at 1 thread and, through ``MS_DEV_PARAM_INIT_WORKER_NUM``, at 3 (a buffer above 1024
  values is then split into tasks);
- ``initializers.npz``: every random initializer of ``mindspore.common.initializer`` after
  ``set_seed``, in float32 and float16;
- ``networks.npz``: the parameters of layers built after ``set_seed`` (their default
  initializers, the RNNs' NumPy draws), and NumPy's next draw after them.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "ms" / "init_streams"
sys.path.insert(0, str(ROOT / "tests" / "support"))

import init_cases  # noqa: E402

SEEDS = (1, 123456789012345, (1 << 63) - 5)
SIZES = (7, 1500)


def record_streams(path: Path) -> None:
    from mindspore._c_expression import _random_normal, _random_uniform, _truncated_normal

    out = {}
    for seed in SEEDS:
        for n in SIZES:
            a = np.empty(n, np.float32)
            _random_uniform(seed, a, -0.3, 0.7)
            out[f"uniform_{seed}_{n}"] = a.copy()
            _random_normal(seed, a, 0.1, 0.02)
            out[f"normal_{seed}_{n}"] = a.copy()
            _truncated_normal(seed, a, -2.0, 2.0, 0.0, 0.02)
            out[f"truncated_{seed}_{n}"] = a.copy()
            _truncated_normal(seed, a, -0.5, 1.0, 0.3, 0.7)
            out[f"truncatedwide_{seed}_{n}"] = a.copy()
    np.savez_compressed(path, **out)


def record_initializers(path: Path) -> None:
    import mindspore as ms

    out = {}
    for i, (name, make) in enumerate(init_cases.initializers(ms).items()):
        for shape in ((20, 64), (6, 3, 5, 5))[: 1 if name == "Sparse" else 2]:  # Sparse: 2-D
            for dtype in (ms.float32, ms.float16):
                ms.set_seed(100 + i)
                value = ms.common.initializer.initializer(make(), shape, dtype).asnumpy()
                out[f"{name}|{'x'.join(map(str, shape))}|{dtype}"] = value
    np.savez_compressed(path, **out)


def record_networks(path: Path) -> None:
    import mindspore as ms

    out = {}
    for i, (name, make) in enumerate(init_cases.networks(ms).items()):
        ms.set_seed(200 + i)
        net = make()
        for p in net.get_parameters():
            out[f"{name}|{p.name}"] = p.asnumpy()
        out[f"{name}|numpy_next"] = np.array(np.random.rand())
    np.savez_compressed(path, **out)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    if sys.argv[1:2] == ["--streams"]:  # one process per thread-pool size
        record_streams(Path(sys.argv[2]))
        return
    for threads in ("1", "3"):
        env = {**os.environ, "MS_DEV_PARAM_INIT_WORKER_NUM": threads}
        target = OUT / f"streams_threads{threads}.npz"
        subprocess.run([sys.executable, __file__, "--streams", str(target)], env=env, check=True)
    record_initializers(OUT / "initializers.npz")
    record_networks(OUT / "networks.npz")
    import mindspore

    (OUT / "versions.txt").write_text(
        f"mindspore {mindspore.__version__}\nnumpy {np.__version__}\n"
    )


if __name__ == "__main__":
    main()
