"""Where the test suite's CPU goes, per test file (a pytest plugin, on with ``DEEPSINK_TEST_CPU``).

For each file: the CPU seconds of the test process while its tests ran (set-up, call and
tear-down, ``time.process_time``: every thread, XLA's compiler included), those of the programs
they started and waited for (``RUSAGE_CHILDREN``), the CPU seconds of importing it at collection
(which every pytest-xdist worker pays for every file), and the counts and seconds of JAX's compile
events seen in the test process (``/jax/core/compile/...``: XLA's compile, tracing, lowering;
wall-clock seconds). Each test's counts travel with its reports, so the main process has every
finished file's even when the run is stopped (Ctrl-C). Written as JSON to the path
``DEEPSINK_TEST_CPU`` names (``1``: ``deepsink/cpu.json`` under pytest's cache folder), and the
top files printed in the terminal summary.
"""

from __future__ import annotations

import json
import os
import resource
import time
from pathlib import Path

import pytest

ENV = "DEEPSINK_TEST_CPU"
TOP = 25
XLA_COMPILE = "/jax/core/compile/backend_compile_duration"
_SUMS = ("tests", "self_s", "children_s", "collect_s")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _new_entry() -> dict:
    return {"tests": 0, "self_s": 0.0, "children_s": 0.0, "collect_s": 0.0, "jax": {}}


def _add_into(entry: dict, counts: dict) -> None:
    for key in _SUMS:
        entry[key] += counts.get(key, 0)
    for name, (n, s) in counts.get("jax", {}).items():
        slot = entry["jax"].setdefault(name, [0, 0.0])
        slot[0] += n
        slot[1] += s


class CpuProfile:
    def __init__(self, config: pytest.Config, out: Path) -> None:
        self.config = config
        self.out = out
        self.worker = getattr(config, "workerinput", {}).get("workerid", "main")
        self.files: dict[str, dict] = {}  # merged, in the process that reports
        self.collected: dict[str, dict] = {}  # this process's imports at collection
        self.events: dict[str, list] = {}  # event -> [count, seconds] in this process
        self.last: tuple | None = None
        import jax

        def listener(event, secs, **kw):
            if event.startswith("/jax/core/compile/"):
                slot = self.events.setdefault(event, [0, 0.0])
                slot[0] += 1
                slot[1] += secs

        jax.monitoring.register_event_duration_secs_listener(listener)
        if self.worker == "main":  # parts left by a run that stopped
            for part in self._parts():
                part.unlink()

    def _parts_dir(self) -> Path:
        return self.out.with_name(self.out.name + ".parts")

    def _parts(self) -> list[Path]:
        folder = self._parts_dir()
        return sorted(folder.glob("*.json")) if folder.is_dir() else []

    def _snapshot(self) -> tuple:
        events = {k: tuple(v) for k, v in self.events.items()}
        return time.process_time(), _children_cpu(), events

    def _since(self, before: tuple) -> tuple[dict, tuple]:
        now = self._snapshot()
        jax_counts = {}
        for name, (n, s) in now[2].items():
            n0, s0 = before[2].get(name, (0, 0.0))
            if n != n0:
                jax_counts[name] = [n - n0, s - s0]
        counts = {"self_s": now[0] - before[0], "children_s": now[1] - before[1]}
        return {**counts, "jax": jax_counts}, now

    def _rel(self, path) -> str:
        return os.path.relpath(str(path), str(self.config.rootpath))

    @pytest.hookimpl(hookwrapper=True)
    def pytest_make_collect_report(self, collector):
        if not isinstance(collector, pytest.Module):
            yield
            return
        before = self._snapshot()
        yield
        counts, _ = self._since(before)
        entry = self.collected.setdefault(self._rel(collector.path), _new_entry())
        entry["collect_s"] += counts["self_s"] + counts["children_s"]
        _add_into(entry, {"jax": counts["jax"]})

    def pytest_collection_finish(self, session):
        if self.worker != "main":
            part = self._parts_dir() / f"{self.worker}.json"
            part.parent.mkdir(parents=True, exist_ok=True)
            part.write_text(json.dumps(self.collected))

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        self.last = self._snapshot()
        yield

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        if self.last is None:
            return
        counts, self.last = self._since(self.last)
        counts["tests"] = 1 if call.when == "setup" else 0
        outcome.get_result().deepsink_cpu = counts

    def pytest_runtest_logreport(self, report):
        counts = getattr(report, "deepsink_cpu", None)
        if counts is not None and self.worker == "main":
            path = report.nodeid.split("::", 1)[0]
            _add_into(self.files.setdefault(path, _new_entry()), counts)

    def pytest_sessionfinish(self, session):
        if self.worker != "main":
            return
        collected = [self.collected] + [json.loads(p.read_text()) for p in self._parts()]
        for part in self._parts():
            part.unlink()
        if self._parts_dir().is_dir():
            self._parts_dir().rmdir()
        for per_file in collected:
            for path, counts in per_file.items():
                _add_into(self.files.setdefault(path, _new_entry()), counts)
        for entry in self.files.values():
            entry["cpu_s"] = entry["self_s"] + entry["children_s"] + entry["collect_s"]
        self.out.parent.mkdir(parents=True, exist_ok=True)
        self.out.write_text(json.dumps(self.files, indent=1, sort_keys=True))

    def pytest_terminal_summary(self, terminalreporter):
        if self.worker != "main" or not self.files:
            return
        write = terminalreporter.write_line
        top = sorted(self.files.items(), key=lambda kv: -kv[1]["cpu_s"])[:TOP]
        terminalreporter.write_sep("=", f"CPU seconds, top {len(top)} test files ({self.out})")
        write(f"{'cpu':>7} {'tests':>7} {'progs':>7} {'import':>7} {'xla s':>7} {'xla n':>6}  file")

        def line(e, name):
            n, s = e["jax"].get(XLA_COMPILE, (0, 0.0))
            write(
                f"{e['cpu_s']:7.1f} {e['self_s']:7.1f} {e['children_s']:7.1f} "
                f"{e['collect_s']:7.1f} {s:7.1f} {n:6d}  {name}"
            )

        for path, e in top:
            line(e, path)
        total = _new_entry()
        for e in self.files.values():
            _add_into(total, e)
        total["cpu_s"] = total["self_s"] + total["children_s"] + total["collect_s"]
        line(total, f"all {len(self.files)} files, {total['tests']} tests")
        write(
            "cpu = tests (the test process) + progs (programs they started) + import (collection, "
            "every worker); xla s: XLA compile seconds (wall clock), xla n: compiles"
        )


def configure(config: pytest.Config) -> None:
    """Registers the plugin when ``DEEPSINK_TEST_CPU`` is set (a path, or ``1``)."""
    value = os.environ.get(ENV, "")
    if not value or value == "0":
        return
    if value == "1":
        cache = getattr(config, "cache", None)
        base = cache.mkdir("deepsink") if cache is not None else config.rootpath / ".pytest_cache"
        out = Path(base) / "cpu.json"
    else:
        out = Path(value).absolute()
    config.pluginmanager.register(CpuProfile(config, out), "deepsink-cpu-profile")
