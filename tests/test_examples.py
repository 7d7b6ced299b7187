"""The documentation programs in examples/, run as a user runs them (subprocesses, real MNIST)."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run(script: str, *args: str, timeout: int = 600) -> str:
    p = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert p.returncode == 0, p.stderr[-3000:]
    return p.stdout


def test_seed004_mode_switch_prints_a_float32_tensor():
    out = run("seed004_mode_switch.py")
    assert out.startswith("Tensor(shape=[1, 4, 5, 5], dtype=Float32, value=\n[[[[")


def test_seed003_custom_train_network_prints_32_zeros():
    """MindSpore 2.10's line, -0. included (fixtures/ms/seed/program1_pynative)."""
    out = run("seed003_custom_train_network.py")
    assert out == (
        "-------loss------ [-0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0.\n"
        " -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0.]\n"
    )


def test_seed003_dataset_helper_loop_prints_once_per_epoch():
    out = run("seed003_dataset_helper.py").splitlines()
    assert out[0] == "============== Starting Training =============="
    lines = out[1:]
    assert len(lines) == 10
    for k, line in enumerate(lines, 1):
        assert re.fullmatch(rf"epoch: {k}/10, losses: \d+\.\d+(e-\d+)?", line), line


@pytest.mark.slow
def test_seed000_prints_ten_sink_lines():
    out = run("seed000_sink_mode.py").splitlines()
    assert out[0] == "============== Starting Training =============="
    assert len(out) == 11
    for k, line in enumerate(out[1:], 1):
        assert re.fullmatch(rf"epoch: {k} step: 1000, loss is \d+\.\d+(e-\d+)?", line), line


@pytest.mark.slow
def test_main_job_reaches_98_percent():
    out = run("lenet_mnist_sink.py")
    losses = re.findall(r"^epoch: (\d+) step: 1000, loss is (\S+)$", out, re.M)
    assert [int(e) for e, _ in losses] == list(range(1, 11))
    acc = float(re.search(r"Accuracy:\{'acc': (?:np\.float64\()?([0-9.]+)", out).group(1))
    assert acc >= 0.98


@pytest.mark.slow
def test_without_sink_the_monitor_prints_every_step():
    out = run("lenet_mnist_sink.py", "--no-sink", "--epochs", "1")
    steps = re.findall(r"^epoch: 1 step: (\d+), loss is \S+$", out, re.M)
    assert [int(s) for s in steps] == list(range(1, 1876))
