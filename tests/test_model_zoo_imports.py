"""The module paths MindSpore's model-zoo training scripts import from (``mindspore.parallel``,
``mindspore.parallel._utils``, ``mindspore.train.amp``, ``mindspore.common.seed``,
``mindspore.ops._primitive_cache``, ``nn.layer.basic.Dense``, the initializer's fan helper),
run through ``deepsink run`` as unchanged scripts do. Values are MindSpore 2.10's in a
non-distributed process (device_num 1, gradients_mean False, 'stand_alone', rank 0).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _run(tmp_path: Path, body: str) -> str:
    script = tmp_path / "train.py"
    script.write_text(textwrap.dedent(body))
    env = {"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin", "JAX_PLATFORMS": "cpu"}
    proc = subprocess.run(
        [sys.executable, "-m", "deepsink", "run", str(script)],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout


def test_model_zoo_import_paths(tmp_path: Path) -> None:
    out = _run(
        tmp_path,
        """
        import mindspore as ms
        from mindspore import ops
        from mindspore.parallel import set_algo_parameters, get_algo_parameters
        from mindspore.parallel._utils import (_get_device_num, _get_gradients_mean,
                                               _get_parallel_mode, _get_global_rank)
        from mindspore.train.amp import build_train_network
        from mindspore.common.seed import set_seed, get_seed
        from mindspore.ops._primitive_cache import _get_cache_prim
        from mindspore.nn.layer.basic import Dense
        from mindspore.common.initializer import _calculate_fan_in_and_fan_out
        print(set_algo_parameters is ms.set_algo_parameters, build_train_network is ms.amp.build_train_network)
        print(_get_device_num(), _get_gradients_mean(), _get_parallel_mode(), _get_global_rank())
        set_seed(7)
        print(get_seed(), Dense is ms.nn.Dense)
        a = _get_cache_prim(ops.ReduceSum)(keep_dims=True)
        b = _get_cache_prim(ops.ReduceSum)(keep_dims=True)
        c = _get_cache_prim(ops.ReduceSum)(keep_dims=False)
        print(a is b, a is c, a(ms.Tensor([[1.0, 2.0]]), 1).shape)
        print(_calculate_fan_in_and_fan_out((8, 4, 3, 3)), _calculate_fan_in_and_fan_out((5, 2)))
    """,
    )
    assert out.splitlines() == [
        "True True",
        "1 False stand_alone 0",
        "7 True",
        "True False (1, 1)",
        "(36, 72) (2, 5)",
    ]
