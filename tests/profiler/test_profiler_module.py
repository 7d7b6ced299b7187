"""mindspore.profiler 2.10: schedule, tensorboard_trace_handler, profile, mstx, the enums,
DynamicProfilerMonitor and EnvProfiler, on top of jax.profiler."""

from __future__ import annotations

import glob
import gzip
import json
import os

import pytest

import deepsink as ms
from deepsink import profiler as P

FIXTURE = os.path.join(os.path.dirname(__file__), "..", "fixtures", "ms", "profiler_module.json")


def _recorded():
    with open(FIXTURE) as f:
        return json.load(f)


def _work(i=0):
    ms.ops.add(ms.Tensor([1.0]), ms.Tensor([float(i)])).asnumpy()


def _trace_names(run_dir):
    (path,) = glob.glob(os.path.join(run_dir, "plugins", "profile", "*", "*.trace.json.gz"))
    with gzip.open(path) as f:
        events = json.load(f)["traceEvents"]
    return [(e.get("name"), e.get("args", {})) for e in events]


def test_enums_have_mindsporess_members_and_values():
    rec = _recorded()["enums"]
    for name, members in rec.items():
        assert [[m.name, m.value] for m in getattr(P, name)] == members


def test_schedule_actions_match_mindspore():
    rec = _recorded()["schedules"]
    for case in rec:
        s = P.schedule(**case["args"])
        assert [s(i).name for i in range(len(case["actions"]))] == case["actions"]
        assert repr(s) == case["repr"]
    with pytest.raises(ValueError, match="not less than 0"):
        P.schedule(wait=0, active=1)(-1)
    assert P.schedule(wait=-1, active=0).to_dict()["active"] == 1  # reset, as MindSpore does


def test_scheduled_profile_saves_one_run_per_cycle(tmp_path, capsys):
    ready = []
    handler = P.tensorboard_trace_handler(str(tmp_path), worker_name="w0", analyse_flag=False)

    def on_ready(prof):
        ready.append((prof._step_num, prof.run_dir))
        handler(prof)

    handler_dir = P.tensorboard_trace_handler(str(tmp_path), worker_name="w0")
    sched = P.schedule(wait=1, warmup=1, active=2, repeat=2)
    prof = P.Profiler(schedule=sched, on_trace_ready=on_ready, output_path=handler_dir.dir_name)
    for i in range(10):
        _work(i)
        prof.step()
    prof.stop()
    # cycles end at steps 3 and 7 (RECORD_AND_SAVE); step() moves past them at 4 and 8
    assert [n for n, _ in ready] == [4, 8]
    runs = [r for _, r in ready]
    assert len(set(runs)) == 2 and all(os.path.isdir(r) for r in runs)
    steps = sorted(
        int(args["step_num"])
        for name, args in _trace_names(runs[0])
        if name == "deepsink.user_step" and "step_num" in args
    )
    assert steps == [1, 2, 3]  # the warm-up step and the two recorded ones


def test_tensorboard_handler_names_the_runs_and_analyses(tmp_path, capsys):
    with P.profile(
        schedule=P.schedule(wait=0, warmup=0, active=1, repeat=1),
        on_trace_ready=P.tensorboard_trace_handler(str(tmp_path), worker_name="me"),
    ) as prof:
        for i in range(3):
            _work(i)
            prof.step()
    (run,) = os.listdir(tmp_path)
    assert run.startswith("me_") and run.endswith("_deepsink")
    assert "this run's files are in" in capsys.readouterr().out  # analyse() ran
    with pytest.raises(TypeError, match="'dir_name' must be a non-empty str"):
        P.tensorboard_trace_handler(3)


def test_mstx_ranges_and_marks_land_in_the_trace(tmp_path, capsys):
    prof = P.profile(on_trace_ready=P.tensorboard_trace_handler(str(tmp_path), analyse_flag=False))
    rid = P.mstx.range_start("forward", domain="net")
    _work()
    P.mstx.range_end(rid)
    P.mstx.mark("checkpoint")
    prof.stop()
    names = {name for name, _ in _trace_names(prof.run_dir)}
    assert {"net::forward", "checkpoint"} <= names
    assert P.mstx.range_start("") == 0


def test_profile_checks_its_arguments():
    with pytest.raises(TypeError, match="'activities' must be a list of ProfilerActivity"):
        P.profile(activities=["CPU"], start_profile=False)
    with pytest.raises(TypeError, match="'experimental_config'"):
        P.profile(experimental_config={}, start_profile=False)
    with pytest.raises(TypeError, match="'profiler_level' must be a ProfilerLevel"):
        P._ExperimentalConfig(profiler_level="Level1")
    with pytest.raises(TypeError, match="'schedule' must be a callable"):
        P.profile(schedule=3, start_profile=False)


def test_dynamic_monitor_profiles_the_steps_the_file_names(tmp_path, capsys):
    monitor = P.DynamicProfilerMonitor(cfg_path=str(tmp_path / "cfg"), output_path=str(tmp_path))
    cfg_file = tmp_path / "cfg" / "profiler_config.json"
    cfg = json.loads(cfg_file.read_text())
    assert cfg["start_step"] == -1 and cfg["stop_step"] == -1
    cfg.update(start_step=2, stop_step=3, analyse=False)
    cfg_file.write_text(json.dumps(cfg))
    monitor._poll_interval = 0  # read the file at every step (the test edits it at once)
    for i in range(6):
        _work(i)
        monitor.step()
    (run,) = glob.glob(str(tmp_path / "rank0_start2_stop3" / "*_deepsink"))
    assert glob.glob(os.path.join(run, "plugins", "profile", "*", "*.xplane.pb"))
    assert monitor._profiler is None
    cfg.update(start_step=5, stop_step=4)
    cfg_file.write_text(json.dumps(cfg))
    with pytest.raises(RuntimeError, match="'start_step' \\(5\\) must not be after"):
        monitor.step()


def test_env_profiler_starts_from_the_environment(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(
        "MS_PROFILER_OPTIONS", json.dumps({"start": True, "output_path": str(tmp_path)})
    )
    monkeypatch.setattr(P.EnvProfiler, "profiler", None)
    P.EnvProfiler.init_profiler()
    _work()
    P.EnvProfiler().analyse()
    assert len(os.listdir(tmp_path)) == 1
