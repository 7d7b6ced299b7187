"""Where the test suite's CPU goes, per test file (a pytest plugin, on with ``DEEPSINK_TEST_CPU``).

For each file: the CPU seconds of the test process while its tests ran (set-up, call and
tear-down, ``time.process_time``), those of the programs they started and waited for
(``RUSAGE_CHILDREN``), the CPU seconds of importing it at collection (which every pytest-xdist
worker pays for every file), and JAX's compile events (``/jax/core/compile/...``: XLA compile
seconds and count, tracing and lowering) seen in the test process. Written as JSON to the path
``DEEPSINK_TEST_CPU`` names (``1``: ``cpu.json`` under pytest's cache folder), and the top files
printed in the terminal summary. Under pytest-xdist each worker writes its part next to it and the
main process merges them.
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


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _new_entry() -> dict:
    return {
        "tests": 0,
        "self_s": 0.0,
        "children_s": 0.0,
        "collect_s": 0.0,
        "wall_s": 0.0,
        "jax": {},
    }


class CpuProfile:
    """Counts per test file in this process; the main process merges the workers' counts."""

    def __init__(self, config: pytest.Config, out: Path) -> None:
        self.config = config
        self.out = out
        self.files: dict[str, dict] = {}
        self.events: dict[str, list] = {}  # event -> [count, seconds], this process since start
        self.worker = getattr(config, "workerinput", {}).get("workerid", "main")
        self.parts: list[dict] = []
        self.start_cpu = time.process_time()
        self.start_children = _children_cpu()
        import jax

        def listener(event, secs, **kw):
            if event.startswith("/jax/core/compile/"):
                slot = self.events.setdefault(event, [0, 0.0])
                slot[0] += 1
                slot[1] += secs

        jax.monitoring.register_event_duration_secs_listener(listener)
        if self.worker == "main" and self._part_dir().is_dir():  # left by a run that stopped
            for part in self._part_dir().glob("*.json"):
                part.unlink()

    def _entry(self, path) -> dict:
        rel = os.path.relpath(str(path), str(self.config.rootpath))
        return self.files.setdefault(rel, _new_entry())

    def _snapshot(self) -> tuple:
        return (
            time.process_time(),
            _children_cpu(),
            time.perf_counter(),
            {k: tuple(v) for k, v in self.events.items()},
        )

    def _add(self, entry: dict, before: tuple, key: str) -> None:
        cpu, children, wall, events = self._snapshot()
        entry[key] += cpu - before[0]
        entry["children_s"] += children - before[1]
        entry["wall_s"] += wall - before[2]
        for name, (n, s) in events.items():
            n0, s0 = before[3].get(name, (0, 0.0))
            if n != n0:
                slot = entry["jax"].setdefault(name, [0, 0.0])
                slot[0] += n - n0
                slot[1] += s - s0

    @pytest.hookimpl(hookwrapper=True)
    def pytest_make_collect_report(self, collector):
        if not isinstance(collector, pytest.Module):
            yield
            return
        before = self._snapshot()
        yield
        self._add(self._entry(collector.path), before, "collect_s")

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        before = self._snapshot()
        yield
        entry = self._entry(item.path)
        entry["tests"] += 1
        self._add(entry, before, "self_s")

    def _part_dir(self) -> Path:
        return self.out.with_name(self.out.name + ".parts")

    def _process_totals(self) -> dict:
        """This process's CPU seconds since it started (start-up and collection included) and
        those of the programs it waited for (the main process of pytest-xdist: not its workers,
        which report their own)."""
        usage = resource.getrusage(resource.RUSAGE_SELF)
        children = 0.0 if self.worker == "main" and self.parts else _children_cpu()
        return {"self_s": usage.ru_utime + usage.ru_stime, "children_s": children}

    def pytest_sessionfinish(self, session):
        if self.worker != "main":
            part = self._part_dir() / f"{self.worker}.json"
            part.parent.mkdir(parents=True, exist_ok=True)
            part.write_text(json.dumps({"files": self.files, "process": self._process_totals()}))
            return
        self.parts = []
        if self._part_dir().is_dir():
            for part in sorted(self._part_dir().glob("*.json")):
                self.parts.append(json.loads(part.read_text()))
                part.unlink()
            self._part_dir().rmdir()
        parts = self.parts
        parts.append({"files": self.files, "process": self._process_totals()})
        merged: dict[str, dict] = {}
        for part in parts:
            for path, e in part["files"].items():
                m = merged.setdefault(path, _new_entry())
                for key in ("tests", "self_s", "children_s", "collect_s", "wall_s"):
                    m[key] += e[key]
                for name, (n, s) in e["jax"].items():
                    slot = m["jax"].setdefault(name, [0, 0.0])
                    slot[0] += n
                    slot[1] += s
        for m in merged.values():
            m["cpu_s"] = m["self_s"] + m["children_s"] + m["collect_s"]
        processes = {
            "self_s": sum(p["process"]["self_s"] for p in parts),
            "children_s": sum(p["process"]["children_s"] for p in parts),
        }
        self.result = {"files": merged, "processes": processes}
        self.out.parent.mkdir(parents=True, exist_ok=True)
        self.out.write_text(json.dumps(self.result, indent=1, sort_keys=True))

    def pytest_terminal_summary(self, terminalreporter):
        result = getattr(self, "result", None)
        if result is None or not result["files"]:
            return
        files = result["files"]
        compile_key = "/jax/core/compile/backend_compile_duration"
        top = sorted(files.items(), key=lambda kv: -kv[1]["cpu_s"])[:TOP]
        write = terminalreporter.write_line
        terminalreporter.write_sep("=", f"CPU seconds, top {len(top)} test files ({self.out})")
        write(
            f"{'cpu':>8} {'tests':>8} {'children':>8} {'import':>8} {'xla':>8} {'n xla':>6}  file"
        )

        def line(e, name):
            n, s = e["jax"].get(compile_key, (0, 0.0))
            write(
                f"{e['cpu_s']:8.1f} {e['self_s']:8.1f} {e['children_s']:8.1f} "
                f"{e['collect_s']:8.1f} {s:8.1f} {n:6d}  {name}"
            )

        for path, e in top:
            line(e, path)
        total = _new_entry()
        for e in files.values():
            for key in ("self_s", "children_s", "collect_s"):
                total[key] += e[key]
            for name, (n, s) in e["jax"].items():
                slot = total["jax"].setdefault(name, [0, 0.0])
                slot[0] += n
                slot[1] += s
        total["cpu_s"] = total["self_s"] + total["children_s"] + total["collect_s"]
        line(total, f"all {len(files)} files")
        p = result["processes"]
        write(
            f"test processes in all (start-up to end): {p['self_s']:.1f} s CPU, programs they "
            f"waited for {p['children_s']:.1f} s; the files above: {total['cpu_s']:.1f} s"
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
