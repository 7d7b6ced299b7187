"""Shared test setup: every test starts in PYNATIVE_MODE with default context and a fixed seed;
XLA's compiled programs are kept in JAX's persistent compilation cache (``.jax_cache/`` at the
repository root, or ``JAX_COMPILATION_CACHE_DIR``), shared by the tests, the Python processes they
start and later runs; XLA compiles the test process's programs quickly unless
``DEEPSINK_TEST_XLA_OPT=default`` (``compilekit.QUICK_XLA``); ``DEEPSINK_TEST_CPU=1`` (or a path
for the JSON) records each test file's CPU seconds and XLA compiles (``cpu_profile``)."""

import logging
import os
import signal
import threading
from pathlib import Path

# Set before JAX is imported, so the processes the tests start (which inherit the environment)
# read and fill the same cache. Every program is kept, however quick its compile: the tests
# compile thousands of small programs, many of them more than once (a new network per test, a new
# interpreter per subprocess test), and a hit costs a file read.
os.environ.setdefault(
    "JAX_COMPILATION_CACHE_DIR", str(Path(__file__).resolve().parents[1] / ".jax_cache")
)
# made now, not by the first compile: a test that compares the repository root before and after a
# program it starts (tests/test_docs.py) must not see the cache appear; an empty value turns it off
if os.environ["JAX_COMPILATION_CACHE_DIR"]:
    os.makedirs(os.environ["JAX_COMPILATION_CACHE_DIR"], exist_ok=True)
os.environ["JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS"] = "0"
os.environ["JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES"] = "0"

# A shell starts a background job with SIGINT ignored, and a process inherits that: the tests that
# press Ctrl-C on a program they start (tests/faults) need it delivered as a terminal delivers it.
# A handler here is reset to the default in every program the tests start.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

import compilekit  # noqa: E402
import cpu_profile  # noqa: E402
import jax  # noqa: E402
import pytest  # noqa: E402
from compilekit import quick_codegen as _quick_codegen  # noqa: E402
from faultkit import HANG_S  # noqa: E402

# XLA compiles the test process's programs quickly (compilekit.QUICK_XLA, about a third of XLA's
# default compile time): the tests compile thousands of small programs and run most of them once,
# so compiling is most of their CPU time. The programs the tests start keep XLA's defaults (the
# README's main job trains for minutes); the tests that train against MindSpore's recorded losses
# are marked ``xla_defaults``. DEEPSINK_TEST_XLA_OPT=default keeps XLA's defaults everywhere.
if os.environ.get("DEEPSINK_TEST_XLA_OPT", "quick") == "quick":
    compilekit.compile_quickly()
else:
    os.environ[compilekit.QUICK_ENV] = ""

jax.config.update("jax_compilation_cache_dir", os.environ["JAX_COMPILATION_CACHE_DIR"])
jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)
jax.config.update("jax_persistent_cache_min_entry_size_bytes", 0)

from deepsink import context  # noqa: E402
from deepsink._core import random as _random  # noqa: E402


@pytest.fixture(autouse=True)
def _fresh_context():
    context.reset_context()
    _random.set_seed(0)
    yield
    context.reset_context()


@pytest.fixture(autouse=True)
def _xla_defaults(request):
    """A test marked ``xla_defaults`` compiles every program with XLA's defaults (``compilekit``)."""
    if request.node.get_closest_marker("xla_defaults") is None:
        compilekit.quick_test()
        yield
        return
    with compilekit.xla_defaults():
        yield


@pytest.fixture(scope="module")
def quick_codegen():
    """The module's deepsink programs compiled by ``compilekit.quick_codegen``: for files whose big
    programs run once or a few steps (``pytestmark = pytest.mark.usefixtures("quick_codegen")``)."""
    with _quick_codegen():
        yield


@pytest.fixture
def no_leaked_threads():
    """Fails the test if it leaves a thread running."""
    before = set(threading.enumerate())
    yield
    leaked = [t for t in threading.enumerate() if t not in before and t.is_alive()]
    for t in leaked:
        t.join(timeout=HANG_S)
    leaked = [t for t in leaked if t.is_alive()]
    assert not leaked, f"threads outlived the call: {leaked}"


@pytest.fixture
def caplog(caplog):
    """pytest's ``caplog``, also attached to the ``deepsink`` logger: once configured (the first
    ``deepsink.log`` call, as MindSpore's logger) it does not propagate to the root logger that
    pytest listens on, so a test would see its records only if no earlier test had logged."""
    log = logging.getLogger("deepsink")
    propagate = log.propagate
    log.addHandler(caplog.handler)
    log.propagate = False
    yield caplog
    log.removeHandler(caplog.handler)
    log.propagate = propagate


def pytest_configure(config):
    # DEEPSINK_TEST_CPU=1 (or a path for its JSON): CPU seconds and XLA compiles per test file
    cpu_profile.configure(config)
    # pytest-xdist hands out test files in the order the workers collected them (below), not
    # sorted by their number of tests: a file of one end-to-end run would otherwise go last and
    # leave the other workers idle while it runs
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist, the files that hold end-to-end runs (``slow``) first, then the others
    from the most tests to the fewest (pytest-xdist's own order): the longest files start early,
    and the last ones to start are short, so the workers finish together. Each file's tests keep
    their order; a run in one process keeps pytest's order."""
    if not hasattr(config, "workerinput"):
        return
    by_file: dict = {}
    for item in items:
        by_file.setdefault(item.path, []).append(item)
    slow = {p for p, tests in by_file.items() if any(t.get_closest_marker("slow") for t in tests)}
    order = sorted(by_file, key=lambda p: (p not in slow, -len(by_file[p])))
    items[:] = [t for p in order for t in by_file[p]]


_FILE_SECONDS: dict = {}
# per worker ("gw0", ...; "main" without pytest-xdist) and file: [first start, last stop (epoch s),
# seconds of its tests there]
_SPANS: dict = {}


def pytest_runtest_logreport(report):
    """Each test file's time, summed over its tests' set-up, call and tear-down, and when each
    worker started and ended it (under pytest-xdist, the main process receives every worker's
    reports, each naming its worker)."""
    path = report.nodeid.split("::", 1)[0]
    _FILE_SECONDS[path] = _FILE_SECONDS.get(path, 0.0) + report.duration
    node = getattr(report, "node", None)
    worker = node.gateway.id if node is not None else "main"
    span = _SPANS.setdefault(worker, {}).setdefault(path, [report.start, report.stop, 0.0])
    span[0], span[1] = min(span[0], report.start), max(span[1], report.stop)
    span[2] += report.duration


def _worker_lines(spans: dict) -> list[str]:
    """Per worker: its busy seconds, when its last test ended (seconds after the first test of
    the run started) and its last files; then how long the workers that ended first waited."""
    t0 = min(s for files in spans.values() for s, _, _ in files.values())
    end = {w: max(e for _, e, _ in files.values()) for w, files in spans.items()}
    lines = []
    for worker, files in sorted(spans.items()):
        busy = sum(seconds for _, _, seconds in files.values())
        last = sorted(files.items(), key=lambda kv: kv[1][1])[-3:]
        tail = ", ".join(f"{p} {s - t0:.0f}-{e - t0:.0f}" for p, (s, e, _) in last)
        lines.append(
            f"{worker}: {len(files)} files, {busy:.1f} s of tests, last test ended at "
            f"{end[worker] - t0:.1f} s; last files: {tail}"
        )
    idle = sum(max(end.values()) - e for e in end.values())
    lines.append(f"idle at the end (workers that ended first, summed): {idle:.1f} s")
    return lines


def pytest_terminal_summary(terminalreporter):
    """The slowest test files, after pytest's slowest tests: where the suite's time goes; then
    each worker's share and the time the first to finish waited for the last."""
    if hasattr(terminalreporter.config, "workerinput") or not _FILE_SECONDS:
        return
    slowest = sorted(_FILE_SECONDS.items(), key=lambda kv: -kv[1])[:30]
    terminalreporter.write_sep("=", f"slowest {len(slowest)} test files (seconds, all workers)")
    for path, seconds in slowest:
        terminalreporter.write_line(f"{seconds:8.1f}  {path}")
    terminalreporter.write_line(f"{sum(_FILE_SECONDS.values()):8.1f}  in all")
    terminalreporter.write_sep("=", "workers (seconds after the first test started)")
    for line in _worker_lines(_SPANS):
        terminalreporter.write_line(line)
