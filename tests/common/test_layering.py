"""deepsink's import structure: the layers import only downwards, and no module is in an import
cycle.

Layers, bottom to top (a module may import its own layer and the layers below it):

0. ``deepsink._core``, ``deepsink.context``, ``deepsink.log``, ``deepsink._checkparam``: what sits
   below Tensor (the functionalization point, RNG, argument checks and MindSpore's module path for
   them, the tuned lowerings, the context options);
1. ``deepsink.common``: Tensor, Parameter, dtypes, initializers (what builds on Tensor registers
   itself there: ``register_methods``, ``register_provider``);
2. ``deepsink._compile``: the compile layer over Tensor (jit, grad, source-to-graph conversion,
   PyNative capture), and ``deepsink.common.api``, MindSpore's module path for ``jit``;
3. ``deepsink.ops``, ``deepsink.communication``: the operators and collectives;
4. ``deepsink.dataset``, ``deepsink.mindrecord``: the input pipeline and its record format;
5. ``deepsink.nn``, ``deepsink.train``, ``deepsink.amp``, ``deepsink.profiler``: layers, training;
6. ``deepsink`` itself, ``deepsink.__main__``, ``deepsink.launcher``: the package and the CLI.

A module's layer is that of the longest name in ``LAYERS`` it starts with.

Cycles are found on the import graph of every ``import`` statement, at module level or inside a
function (a deferred import is still a dependency). Importing ``a.b.c`` runs the package
``a.b``'s ``__init__`` too, so that counts as importing ``a.b``; a module's own enclosing packages
are not counted (Python loads them first anyway), nor is ``deepsink``'s ``__init__``, the top. A base class learns about
its subclasses by registration (``Dataset``'s ``register``), not by importing them.
"""

from __future__ import annotations

import ast
import functools
import json
import subprocess
import sys
from pathlib import Path

import pytest
from faultkit import HANG_S

REPO = Path(__file__).resolve().parents[2]
ROOT = REPO / "deepsink"
LAYERS = {
    "deepsink._core": 0,
    "deepsink.context": 0,
    "deepsink.log": 0,
    "deepsink._checkparam": 0,
    "deepsink.common": 1,
    "deepsink._compile": 2,
    "deepsink.common.api": 2,
    "deepsink.ops": 3,
    "deepsink.communication": 3,
    "deepsink.dataset": 4,
    "deepsink.mindrecord": 4,
    "deepsink.nn": 5,
    "deepsink.train": 5,
    "deepsink.amp": 5,
    "deepsink.profiler": 5,
    "deepsink.__main__": 6,
    "deepsink.launcher": 6,
    "deepsink": 6,
}
COMPILE = LAYERS["deepsink._compile"]


def layer(module: str) -> int:
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        if ".".join(parts[:n]) in LAYERS:
            return LAYERS[".".join(parts[:n])]
    return LAYERS["deepsink"]


def _modules() -> dict[str, Path]:
    mods = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(REPO).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        mods[".".join(parts)] = path
    return mods


MODULES = _modules()


def _resolve(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _imports(module: str) -> set[str]:
    """The deepsink modules ``module`` imports (top level or inside functions)."""
    path = MODULES[module]
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    deps = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            deps |= {_resolve(a.name) for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for a in node.names:
                full = f"{source}.{a.name}"
                deps.add(full if full in MODULES else _resolve(source))
    # importing ``a.b.c`` runs the package ``a.b`` first (its ``__init__`` imports are deps too)
    for d in list(deps):
        while d and d.count(".") > 1:
            d = d.rpartition(".")[0]
            deps.add(d)
    return {d for d in deps if d and d != module and not module.startswith(d + ".")}


@functools.cache
def _graph() -> dict[str, set[str]]:
    """Every module's imports, parsed when a test first asks (not by every worker's collection)."""
    return {m: _imports(m) for m in MODULES}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    component = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        component.append(w)
                        if w == v:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert _cycles(graph) == [["a", "b", "c"]]


def test_no_import_cycles() -> None:
    assert _cycles(_graph()) == []


def test_imports_point_down_the_layers() -> None:
    bad = sorted(
        f"{m} (layer {layer(m)}) imports {d} (layer {layer(d)})"
        for m, deps in _graph().items()
        for d in deps
        if layer(d) > layer(m)
    )
    assert not bad, bad


# Each module imported alone, in a process of its own: the ``deepsink`` package ``__init__`` is
# bypassed (a bare package object stands in for it), so what gets loaded is what the module itself
# needs. One parent imports the third-party libraries once (every one a deepsink module imports at
# its top level: JAX, NumPy, OpenCV, optax, ...; none of deepsink) and forks from there.
#
# A fresh ``import deepsink.a.b.c`` imports ``deepsink.a``, then ``deepsink.a.b``, then the module,
# each in the state its predecessor left, which is the same in every process. So the forks follow
# the package tree: the child that imported ``deepsink.a`` (alone, from the bare parent) forks the
# children for what ``deepsink.a`` holds, each of them in exactly the state a fresh interpreter
# would be in when its own import starts. A package is imported once, not once per module in it;
# a module that its package's import already loaded gets that import's report, as a fresh import
# of it would. Children import at most as many at a time as the machine has cores (a jobserver
# pipe of tokens); each writes its report to a file of its own.
_ALONE = r"""
import compileall, importlib, json, os, select, shutil, sys, tempfile, traceback, types
root, layers, modules, libraries = sys.argv[1], *map(json.loads, sys.argv[2:5])
for library in libraries:  # loaded once, before the forks; an optional one may be missing
    try:
        importlib.import_module(library)
    except Exception:
        pass
loaded = sorted(m for m in sys.modules if m.split(".")[0] == "deepsink")
assert not loaded, f"the libraries loaded deepsink modules before the forks: {loaded}"
# deepsink's bytecode, brought up to date once: each child then reads it instead of compiling its
# share of the package again. Where bytecode is not to be written (PYTHONDONTWRITEBYTECODE), it goes
# to a folder of this run's, removed at the end (the libraries the children load are kept there on
# first use), not into the source tree
scratch = sys.dont_write_bytecode
if scratch:
    sys.pycache_prefix, sys.dont_write_bytecode = tempfile.mkdtemp(), False
compileall.compile_dir(root, quiet=1)
reports = tempfile.mkdtemp()

def layer(m):
    parts = m.split(".")
    for n in range(len(parts), 0, -1):
        if ".".join(parts[:n]) in layers:
            return layers[".".join(parts[:n])]
    return layers["deepsink"]

# the import tree: every package on the way to a module, then the module
below = {"deepsink": set()}
for module in modules:
    parts = module.split(".")
    for n in range(2, len(parts) + 1):
        below.setdefault(".".join(parts[:n]), set())
        below[".".join(parts[: n - 1])].add(".".join(parts[:n]))

def subtree(node):
    return [node] + [m for kid in sorted(below[node]) for m in subtree(kid)]

def write(module, report):
    with open(os.path.join(reports, module), "w") as f:
        json.dump(report, f)

def loaded_report(module):
    loaded = [m for m in sys.modules if m.startswith("deepsink.")]
    return {"above": sorted(m for m in loaded if layer(m) > layer(module))}

tokens_r, tokens_w = os.pipe()
os.write(tokens_w, b"x" * max(1, len(os.sched_getaffinity(0))))
running = set()  # this process's children

def reap(block):
    while running:
        pid, status = os.waitpid(-1, 0 if block else os.WNOHANG)
        if pid == 0:
            return
        running.discard(pid)
        if os.WIFSIGNALED(status):  # killed, most likely while importing: its token back
            os.write(tokens_w, b"x")

def acquire():
    while not select.select([tokens_r], [], [], 0.2)[0]:
        reap(block=False)
    os.read(tokens_r, 1)

def serve(node):
    # in a process where ``node`` is imported (alone): each module and package in it
    for kid in sorted(below[node]):
        if kid in sys.modules:  # loaded by ``node``'s import: importing it changes nothing
            write(kid, loaded_report(kid))
            serve(kid)
            continue
        acquire()
        pid = os.fork()
        if pid == 0:
            running.clear()
            try:
                importlib.import_module(kid)
                write(kid, loaded_report(kid))
            except BaseException:
                error = traceback.format_exc()
                for m in subtree(kid):  # importing anything inside it fails the same way
                    write(m, {"error": error})
                below[kid] = set()
            os.write(tokens_w, b"x")
            try:
                serve(kid)
                reap(block=True)
            finally:
                os._exit(0)
        running.add(pid)
        reap(block=False)

package = types.ModuleType("deepsink")
package.__path__ = [root]
sys.modules["deepsink"] = package
serve("deepsink")
reap(block=True)
report = {}
for module in modules:
    try:
        with open(os.path.join(reports, module)) as f:
            report[module] = json.load(f)
    except FileNotFoundError:
        report[module] = {"error": "child died"}
shutil.rmtree(reports, ignore_errors=True)
if scratch:
    shutil.rmtree(sys.pycache_prefix, ignore_errors=True)
print(json.dumps(report))
"""


def _top_level_imports(path: Path) -> set[str]:
    """The absolute imports a module runs when it is imported (its body's, a class body's, a
    ``try``'s or an ``if``'s; not a function's)."""
    names: set[str] = set()
    body = list(ast.parse(path.read_text()).body)
    while body:
        node = body.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names.add(node.module)
        for field in ("body", "orelse", "finalbody", "handlers"):
            body += getattr(node, field, None) or []
    return names


def _libraries(root: Path) -> list[str]:
    """Every library (not deepsink) the modules under ``root`` import at their top level."""
    names = set().union(*(_top_level_imports(p) for p in root.rglob("*.py")))
    return sorted(n for n in names if n.split(".")[0] not in ("deepsink", "__future__"))


def _import_alone(modules: list[str], root: Path = ROOT) -> dict[str, dict]:
    args = [str(root), json.dumps(LAYERS), json.dumps(modules), json.dumps(_libraries(root))]
    out = subprocess.run(
        [sys.executable, "-c", _ALONE, *args],
        capture_output=True,
        text=True,
        timeout=HANG_S,  # a hang guard only: every module takes about a minute at load 15
        cwd=REPO,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def _check_alone(reports: dict[str, dict], modules: list[str]) -> None:
    report = {m: reports[m] for m in modules}
    errors = {m: r["error"] for m, r in report.items() if "error" in r}
    above = {m: r["above"] for m, r in report.items() if r.get("above")}
    assert not errors, "\n".join(f"{m} does not import alone:\n{e}" for m, e in errors.items())
    assert not above, above


def test_a_module_that_needs_another_imported_first_is_caught(tmp_path):
    """The check itself, on a scratch package: a module that reads a sibling it never imports
    (loaded only when something else imported it first) fails, named, with its traceback, also
    inside a subpackage whose ``__init__`` loads other modules first; every module inside a
    package whose ``__init__`` fails gets that failure; a low layer's module that loads a higher
    layer is reported with what it loaded; the modules that import what they use pass."""
    package = tmp_path / "deepsink"
    files = {
        "__init__.py": "from deepsink import early, late\n",
        "early.py": "import numpy\nVALUE = numpy.int8(1)\n",
        "late.py": "import deepsink\n\nVALUE = deepsink.early.VALUE + 1\n",
        "fine.py": "from deepsink import early\n\nVALUE = early.VALUE\n",
        "sub/__init__.py": "from deepsink.sub import inner\n",
        "sub/inner.py": "VALUE = 2\n",
        "sub/lonely.py": "import deepsink.sub\n\nVALUE = deepsink.early.VALUE\n",
        "sub/user.py": "import deepsink.sub\n\nVALUE = deepsink.sub.inner.VALUE\n",
        "broken/__init__.py": "raise ImportError('broken on purpose')\n",
        "broken/leaf.py": "VALUE = 1\n",
        "_core/__init__.py": "",
        "_core/low.py": "from deepsink.nn import top\n",
        "nn/__init__.py": "",
        "nn/top.py": "VALUE = 1\n",
    }
    for name, text in files.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text)
    modules = sorted(
        ".".join(("deepsink", *Path(name).with_suffix("").parts)).removesuffix(".__init__")
        for name in files
        if name != "__init__.py"
    )
    report = _import_alone(modules, root=package)
    assert set(report) == set(modules)
    fine = ("early", "fine", "sub", "sub.inner", "sub.user", "nn", "nn.top", "_core")
    assert all(report[f"deepsink.{m}"] == {"above": []} for m in fine), report
    for module, line in (("late", 'late.py", line 3'), ("sub.lonely", 'lonely.py", line 3')):
        error = report[f"deepsink.{module}"]["error"]
        assert "AttributeError" in error and "early" in error, error
        assert line in error and "Traceback" in error, error
    for module in ("broken", "broken.leaf"):
        assert "ImportError: broken on purpose" in report[f"deepsink.{module}"]["error"]
    assert report["deepsink._core.low"] == {"above": ["deepsink.nn", "deepsink.nn.top"]}


_SKIP_ALONE = {
    "deepsink",  # the package itself: bypassed on purpose
    "deepsink.__main__",  # the CLI entry point, run as a script
    "deepsink.launcher",
}


# the modules each import-alone test checks
_ALONE_TESTS = {
    "test_base_layer_imports_alone_without_upper_layers": sorted(
        m for m in MODULES if layer(m) <= COMPILE
    ),
    "test_every_module_imports_alone": sorted(m for m in MODULES if m not in _SKIP_ALONE),
}


@pytest.fixture(scope="module")
def alone_reports(request) -> dict[str, dict]:
    """The reports of every module that the selected import-alone tests check, from one run (the
    libraries imported and the bytecode checked once)."""
    here = Path(__file__).resolve()
    selected = {i.name for i in request.session.items if Path(i.path).resolve() == here}
    return _import_alone(
        sorted(set().union(*(_ALONE_TESTS[t] for t in selected & _ALONE_TESTS.keys())))
    )


def test_base_layer_imports_alone_without_upper_layers(alone_reports) -> None:
    """Each module of the bottom floor (_core, context, log; common; the compile layer) loads on
    its own and leaves every layer above its own unloaded: ``_core`` loads no Tensor, ``common``
    no compiler."""
    _check_alone(alone_reports, _ALONE_TESTS["test_base_layer_imports_alone_without_upper_layers"])


@pytest.mark.slow
def test_every_module_imports_alone(alone_reports) -> None:
    """Every module loads on its own (no import-order dependence) and loads nothing above its
    layer (ops does not load dataset/nn/train; dataset does not load nn/train)."""
    _check_alone(alone_reports, _ALONE_TESTS["test_every_module_imports_alone"])


def test_common_and_core_work_without_ops() -> None:
    """Loaded on their own, the lower layers work: Tensor arithmetic, Parameter, ``init=``."""
    code = f"""
import sys, types
pkg = types.ModuleType("deepsink"); pkg.__path__ = [{str(ROOT)!r}]
sys.modules["deepsink"] = pkg
import numpy as np
from deepsink.common.tensor import Tensor
from deepsink.common.parameter import Parameter
from deepsink.common import initializer
import deepsink._core.functional, deepsink._compile.grad
t = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
assert float((t * 2).sum()) == 30.0 and str(Tensor([1, 2]).dtype) == "Int64"
Parameter(t, name="w")
assert float(Tensor(shape=(2,), dtype=np.float32, init="ones").sum()) == 2.0
loaded = sorted(m for m in sys.modules if m.startswith(("deepsink.ops", "deepsink.nn", "deepsink.train")))
assert not loaded, loaded
"""
    subprocess.run([sys.executable, "-c", code], check=True, timeout=HANG_S)
