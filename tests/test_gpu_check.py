"""bench/gpu_check.sh on the CPU: its arguments, its plan (GPU-only stages "skipped: no GPU"), its
time boxes, the output folder's layout, and (slow) the whole quick run."""

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from faultkit import wait_until

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "bench" / "gpu_check.sh"
NO_GPU = shutil.which("nvidia-smi") is None
cpu_only = pytest.mark.skipif(not NO_GPU, reason="this machine has a GPU: the plan differs")
STAGES = [
    "install",
    "device",
    "tests",
    "main job",
    "host overhead",
    "lenet",
    "jpeg pipeline",
    "resnet",
    "peak GPU memory",
]


def _run(*args, env=None, timeout=120):
    full = {k: v for k, v in os.environ.items() if k != "OUT"}  # OUT would pick the folder
    full.update(PYTHON=sys.executable, **(env or {}))
    return subprocess.run(
        ["bash", str(SCRIPT), *args],
        capture_output=True,
        text=True,
        env=full,
        timeout=timeout,
        cwd=ROOT,
    )


def _helper():
    spec = importlib.util.spec_from_file_location("gpu_check", ROOT / "bench" / "gpu_check.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["gpu_check"] = mod  # dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


def test_help_lists_the_stages():
    p = _run("--help")
    assert p.returncode == 0
    for word in ("pytest -m gpu", "reduce-overhead", "TimeBreakdown", "--budget", "--quick"):
        assert word in p.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["--bogus"], "unknown option '--bogus'"),
        (["--budget", "10"], "--budget must be a whole number of seconds >= 60, got '10'"),
        (["--budget=abc"], "got 'abc'"),
        (["--budget"], "--budget needs a value"),
        (["a", "b"], "one output folder expected, got 'a' and 'b'"),
    ],
)
def test_bad_arguments_exit_2_with_the_reason(args, message):
    p = _run(*args)
    assert p.returncode == 2
    assert message in p.stderr


@cpu_only
def test_dry_run_on_a_cpu_plans_quick_runs_and_skips_the_gpu_stages(tmp_path):
    p = _run("--dry-run", str(tmp_path / "out"))
    assert p.returncode == 0, p.stderr
    for stage in ("tests", "resnet", "peak GPU memory"):
        assert f"== {stage}: skipped: no GPU" in p.stdout
    assert "--epochs 1 --sink-size 100" in p.stdout  # the main job's quick run
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert [s["name"] for s in summary["stages"]] == STAGES
    status = {s["name"]: (s["status"], s["reason"]) for s in summary["stages"]}
    assert status["resnet"] == ("skipped", "no GPU")
    assert status["lenet"] == ("planned", "")
    assert summary["device"] == "CPU only" and summary["mode"] == "quick"
    assert (tmp_path / "out" / "summary.md").read_text().startswith("# gpu_check on CPU only")


@cpu_only
def test_stages_selects_what_runs(tmp_path):
    p = _run("--dry-run", "--stages", "device,lenet", str(tmp_path))
    assert p.returncode == 0, p.stderr
    status = {
        s["name"]: s["reason"]
        for s in json.loads((tmp_path / "summary.json").read_text())["stages"]
    }
    assert status["lenet"] == "" and status["main job"] == "not in --stages"
    p = _run("--dry-run", "--stages", "lenet,bogus", str(tmp_path))
    assert p.returncode == 2 and "--stages: unknown ['bogus']" in p.stderr


@cpu_only
def test_out_environment_variable_wins_over_the_argument(tmp_path):
    p = _run("--dry-run", str(tmp_path / "arg"), env={"OUT": str(tmp_path / "env")})
    assert p.returncode == 0, p.stderr
    assert (tmp_path / "env" / "summary.json").exists()
    assert not (tmp_path / "arg").exists()


def test_a_stage_past_its_time_box_is_killed_and_reported(tmp_path):
    gc = _helper()
    (tmp_path / "logs").mkdir()
    stage = gc.Stage("sleeper", "sleeps", ["{py}", "-c", "import time; time.sleep(3600)"], 1)
    t0 = time.monotonic()
    gc.run_stage(stage, sys.executable, tmp_path, time.time() + 3600, quick=False, min_s=0)
    # the time box is a deadline: 1 s, then the kill, with a margin for a loaded machine (the
    # stage itself would run an hour)
    assert time.monotonic() - t0 < 60
    assert (stage.status, stage.reason) == ("timeout", "killed after its 1 s time box")


def test_failures_and_lack_of_time_are_reported(tmp_path):
    gc = _helper()
    (tmp_path / "logs").mkdir()
    fails = gc.Stage("fails", "exits 3", ["{py}", "-c", "print('{out}'); raise SystemExit(3)"], 30)
    gc.run_stage(fails, sys.executable, tmp_path, time.time() + 100, quick=False, min_s=0)
    assert (fails.status, fails.reason) == ("failed", "exit status 3 (see logs/fails.log)")
    assert str(tmp_path) in (tmp_path / "logs" / "fails.log").read_text()  # {out} filled in
    late = gc.Stage("late", "never runs", ["{py}", "-c", "pass"], 30)
    gc.run_stage(late, sys.executable, tmp_path, time.time() + 10, quick=False)
    assert late.status == "skipped" and late.reason.startswith("out of time")


def test_the_summary_table_has_each_stages_numbers_and_skipped_peers(tmp_path):
    gc = _helper()
    (tmp_path / "lenet.json").write_text(
        json.dumps(
            {
                "median_ms_per_step": {"deepsink sink (graph)": 0.05, "pytorch eager": 1.0},
                "skipped": {"torch.compile": "torch is not installed"},
            }
        )
    )
    stage = next(s for s in gc.stages(quick=True) if s.name == "lenet")
    stage.status = "ok"
    gc.collect(stage, tmp_path)
    assert stage.numbers["sink steps/s"] == 20000
    row = gc.table([stage]).splitlines()[-1]
    assert row.startswith("| lenet | ok |")
    assert "deepsink sink (graph) 0.05" in row
    assert "torch.compile skipped: torch is not installed" in row


@pytest.mark.slow
@cpu_only
def test_quick_run_on_the_cpu_writes_every_result_naming_the_device(tmp_path):
    out = tmp_path / "out"
    p = _run("--no-venv", "--budget", "400", str(out), timeout=450)
    assert p.returncode == 0, p.stdout[-4000:] + p.stderr[-2000:]
    summary = json.loads((out / "summary.json").read_text())
    status = {s["name"]: s["status"] for s in summary["stages"]}
    assert status == {
        "install": "skipped",
        "device": "ok",
        "tests": "skipped",
        "main job": "ok",
        "host overhead": "ok",
        "lenet": "ok",
        "resnet": "skipped",
        "jpeg pipeline": "ok",
        "peak GPU memory": "skipped",
    }
    device = json.loads((out / "device.json").read_text())
    assert device["jax_backend"] == "cpu" and device["matmul_precision"] == "highest"
    for name in ("main_job", "host_overhead", "lenet"):
        result = json.loads((out / f"{name}.json").read_text())
        assert result["machine"]["devices"], name
    assert json.loads((out / "jpeg_sink.json").read_text())["machine"]["device"]
    main = json.loads((out / "main_job.json").read_text())
    assert 0.0 <= main["accuracy"] <= 1.0
    assert (out / "summary.md").exists() and (out / "logs" / "lenet.log").exists()


FAKE_SMI = """#!/bin/bash
case "$*" in
  *query-gpu=name*) echo "Fake GPU" ;;
  *query-gpu=memory*) echo "1234, 80000" ;;
esac
"""


def test_gpu_names_and_the_memory_sampler_read_nvidia_smi(tmp_path, monkeypatch):
    gc = _helper()
    (tmp_path / "nvidia-smi").write_text(FAKE_SMI)
    (tmp_path / "nvidia-smi").chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    assert gc.gpu_names() == ["Fake GPU"]
    sampler = gc.MemorySampler()
    sampler.stage = "lenet"
    try:
        wait_until(lambda: "lenet" in sampler.peaks, "a memory sample of the stage")
    finally:
        sampler.stop()
    assert sampler.peaks == {"lenet": 1234} and sampler.total_mb == 80000


def test_pytest_results_are_counted_from_junit_xml(tmp_path):
    gc = _helper()
    (tmp_path / "pytest_gpu.xml").write_text(
        '<testsuites><testsuite tests="3" failures="1" errors="0" skipped="1">'
        '<testcase name="test_a"/><testcase name="test_b"><failure/></testcase>'
        '<testcase name="test_c"><skipped/></testcase></testsuite></testsuites>'
    )
    stage = next(s for s in gc.stages(quick=False) if s.name == "tests")
    gc.collect(stage, tmp_path)
    assert stage.numbers == {
        "tests": 3,
        "failures": 1,
        "errors": 0,
        "skipped": 1,
        "failed": ["test_b"],
    }
    assert json.loads((tmp_path / "pytest_gpu.json").read_text()) == stage.numbers


def test_with_a_gpu_every_stage_is_planned_in_full_mode(tmp_path, monkeypatch, capsys):
    gc = _helper()
    monkeypatch.setattr(gc, "gpu_names", lambda: ["NVIDIA H100 80GB HBM3"])
    monkeypatch.setattr(gc, "jax_sees_gpu", lambda py: True)
    assert gc.main(["--out", str(tmp_path), "--dry-run"]) == 0
    printed = capsys.readouterr().out
    assert "skipped" not in printed
    assert "bench/bench_lenet.py --steps 2000" in printed
    assert "--skip reduce-overhead" in printed  # ResNet: reduce-overhead is the LeNet table's
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["device"] == "NVIDIA H100 80GB HBM3" and summary["mode"] == "full"
    assert {s["status"] for s in summary["stages"]} == {"planned"}


def test_the_goals_are_checked_against_the_results(tmp_path):
    gc = _helper()
    (tmp_path / "lenet.json").write_text(
        json.dumps(
            {
                "median_ms_per_step": {
                    "deepsink sink (graph)": 0.08,
                    "pytorch eager": 1.0,
                    'torch.compile mode="reduce-overhead"': 0.12,
                }
            }
        )
    )
    (tmp_path / "host_overhead.json").write_text(
        json.dumps({"median_us_per_step": {"overhead_us": 3.5}})
    )
    got = {g["goal"]: (g["value"], g["met"]) for g in gc.goals(tmp_path)}
    assert got == {
        "LeNet sink >= 10,000 steps/s": (12500.0, True),
        "LeNet sink >= 10x pytorch eager": (12.5, True),
        'LeNet sink >= 2x torch.compile mode="reduce-overhead"': (1.5, False),
        "loop-sink host overhead <= 5 us/step": (3.5, True),
    }  # no ResNet result: no ResNet goal
