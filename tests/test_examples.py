"""The programs in examples/, run as a user runs them (subprocesses, real MNIST): each reaches the
result its header states, with its defaults (the slow tests) or with small settings."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from forkrun import ForkRunner
from launchkit import free_port

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


@pytest.fixture(scope="module")
def programs():
    """The server the examples' processes fork from (``tests/support/forkrun``)."""
    runner = ForkRunner(dict(os.environ))
    yield runner
    runner.close()


def run(programs: ForkRunner, script: str, *args: str, timeout: int = 600) -> str:
    p = programs.run(str(EXAMPLES / script), list(args), cwd=Path.cwd(), timeout=timeout)
    assert p.returncode == 0, p.stderr[-3000:]
    return p.stdout


def test_seed004_mode_switch_prints_a_float32_tensor(programs):
    out = run(programs, "seed004_mode_switch.py")
    assert out.startswith("Tensor(shape=[1, 4, 5, 5], dtype=Float32, value=\n[[[[")


def test_seed003_custom_train_network_prints_32_zeros(programs):
    """MindSpore 2.10's line, -0. included (fixtures/ms/seed/program1_pynative)."""
    out = run(programs, "seed003_custom_train_network.py")
    assert out == (
        "-------loss------ [-0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0.\n"
        " -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0. -0.]\n"
    )


def test_seed003_dataset_helper_loop_prints_once_per_epoch(programs):
    out = run(programs, "seed003_dataset_helper.py").splitlines()
    assert out[0] == "============== Starting Training =============="
    lines = out[1:]
    assert len(lines) == 10
    for k, line in enumerate(lines, 1):
        assert re.fullmatch(rf"epoch: {k}/10, losses: \d+\.\d+(e-\d+)?", line), line


@pytest.mark.slow
def test_seed000_prints_ten_sink_lines(programs):
    out = run(programs, "seed000_sink_mode.py").splitlines()
    assert out[0] == "============== Starting Training =============="
    assert len(out) == 11
    for k, line in enumerate(out[1:], 1):
        assert re.fullmatch(rf"epoch: {k} step: 1000, loss is \d+\.\d+(e-\d+)?", line), line


@pytest.mark.slow
def test_main_job_reaches_98_percent(programs):
    out = run(programs, "lenet_mnist_sink.py")
    losses = re.findall(r"^epoch: (\d+) step: 1000, loss is (\S+)$", out, re.M)
    assert [int(e) for e, _ in losses] == list(range(1, 11))
    acc = float(re.search(r"Accuracy:\{'acc': (?:np\.float64\()?([0-9.]+)", out).group(1))
    assert acc >= 0.98


@pytest.mark.slow
def test_without_sink_the_monitor_prints_every_step(programs):
    out = run(programs, "lenet_mnist_sink.py", "--no-sink", "--epochs", "1")
    steps = re.findall(r"^epoch: 1 step: (\d+), loss is \S+$", out, re.M)
    assert [int(s) for s in steps] == list(range(1, 1876))


def test_every_example_states_its_expected_output_and_is_run_here():
    this = Path(__file__).read_text()
    for program in sorted(EXAMPLES.glob("*.py")):
        assert "Expected output" in program.read_text(), program.name
        assert program.name in this, f"no test runs {program.name}"


def test_main_job_with_short_sinks_prints_a_loss_per_sink_and_the_accuracy(programs):
    out = run(programs, "lenet_mnist_sink.py", "--epochs", "2", "--sink-size", "50")
    losses = re.findall(r"^epoch: (\d+) step: 50, loss is \S+$", out, re.M)
    assert [int(e) for e in losses] == [1, 2]
    assert re.search(r"^============== Accuracy:\{'acc': [0-9.]+\} ==============$", out, re.M)


@pytest.mark.slow
def test_seed003_model_sink_prints_ten_sink_lines(programs):
    out = run(programs, "seed003_model_sink.py").splitlines()
    assert out[0] == "============== Starting Training =============="
    assert len(out) == 11
    for k, line in enumerate(out[1:], 1):
        assert re.fullmatch(rf"epoch: {k} step: 1000, loss is \d+\.\d+(e-\d+)?", line), line
    assert float(out[-1].rsplit(" ", 1)[1]) < 0.5  # trained, not at chance (2.30)


@pytest.mark.slow
def test_resnet_cifar_short_run_prints_a_loss_per_sink_and_the_time(programs):
    out = run(programs, "resnet_cifar.py", "--steps", "4", "--sink-size", "2")
    losses = [float(x) for x in re.findall(r"^epoch: \d+ step: 2, loss is (\S+)$", out, re.M)]
    assert len(losses) == 2 and all(1.5 < x < 3.0 for x in losses)  # near chance (2.30)
    assert re.search(r"^training took [0-9.]+ s$", out, re.M)


def _launch(*args: str, log_dir: Path) -> str:
    # a free port, not the launcher's default 8118: another job on the machine (a second test run)
    # may hold that one, and the launcher then refuses to start
    p = subprocess.run(
        [sys.executable, "-m", "deepsink", "launch", "--worker_num", "2", "--local_worker_num",
         "2", "--master_port", str(free_port()), "--log_dir", str(log_dir), "--join", "True",
         "examples/lenet_data_parallel.py", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=1800,
    )  # fmt: skip
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-3000:]
    return p.stdout


@pytest.mark.slow
def test_lenet_data_parallel_defaults_reach_98_percent_on_each_shard(tmp_path):
    """Its defaults (3 epochs) train past the first epoch's plateau at chance (loss 2.30)."""
    out = _launch(log_dir=tmp_path)
    accs = [float(a) for a in re.findall(r"rank \d: accuracy on its test shard ([0-9.]+)", out)]
    assert len(accs) == 2 and min(accs) >= 0.97, out[-3000:]
