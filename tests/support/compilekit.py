"""How the tests have XLA compile: counting compilations (JAX's own monitoring event), XLA's quick
compile options for the test process and the tests that keep XLA's defaults."""

import contextlib
import os

import jax
import jax.extend.backend

# XLA:CPU's options that make it compile quickly, each with its value then and XLA's default: LLVM
# code generation without optimization, and fusions emitted by XLA's elemental emitter rather than
# its MLIR fusion emitters. On the convolution-lowering tests the two cut XLA's compile time from
# 14.3 to 4.1 CPU seconds; a program computes what it computes with XLA's defaults only up to
# rounding (no multiply-add contraction, other reduction orders).
QUICK_XLA = {
    "xla_backend_optimization_level": (0, 3),
    "xla_cpu_use_fusion_emitters": (False, True),
}
# the environment variable naming the flags compile_quickly added to the test process's XLA flags
QUICK_ENV = "DEEPSINK_TEST_XLA_QUICK"
# whether JAX's in-memory caches may hold programs compiled with the quick options
_quick_programs_cached = [True]


def quick_test() -> None:
    """Notes that a test ran with the quick options (its programs stay in JAX's caches)."""
    _quick_programs_cached[0] = True


COMPILE_EVENT = "/jax/core/compile/backend_compile_duration"


@contextlib.contextmanager
def counting_compiles():
    """The list of XLA compilations while the block runs (one entry per compilation)."""
    seen: list[str] = []

    def listener(event, secs, **kw):
        if event == COMPILE_EVENT:
            seen.append(event)

    jax.monitoring.register_event_duration_secs_listener(listener)
    try:
        yield seen
    finally:
        jax.monitoring.unregister_event_duration_listener(listener)


@contextlib.contextmanager
def quick_codegen():
    """deepsink's programs compiled while the block runs get XLA's LLVM code generation without
    optimization (``xla_backend_optimization_level`` 0, through deepsink's compiler options,
    ``graphs.compiler_options``; JAX's op-by-op programs keep the default). XLA's HLO passes are
    unchanged, so a program computes what it computes at the default level up to rounding (no
    multiply-add contraction); it compiles in about half the time, and its fused loops run slower.
    For tests whose big programs run once or a few steps (a model zoo's forwards and training
    steps), where compiling is most of the time. Measured on the distributed samples (small
    networks on 8 simulated devices), it saves nothing."""
    from deepsink._core import graphs

    options = graphs._CPU_OPTIONS
    options["xla_backend_optimization_level"] = 0
    try:
        yield
    finally:
        del options["xla_backend_optimization_level"]


def _flag(name: str, value) -> str:
    return f"--{name}={str(value).lower() if isinstance(value, bool) else value}"


def compile_quickly() -> list[str]:
    """This process's XLA programs, JAX's op-by-op ones included, compiled with :data:`QUICK_XLA`
    (an option ``XLA_FLAGS`` already names is kept as given); the programs it starts keep XLA's
    defaults. XLA reads ``XLA_FLAGS`` once per process, when the first compile options are built
    (here, before any backend starts), so the flags are in the environment only while it does. The
    added flags are returned and named in :data:`QUICK_ENV` (``launchkit`` gives them to the
    workers on simulated devices)."""
    given = os.environ.get("XLA_FLAGS")
    flags = (given or "").split()
    named = {f.split("=", 1)[0].lstrip("-") for f in flags}
    added = [_flag(n, quick) for n, (quick, _) in QUICK_XLA.items() if n not in named]
    os.environ["XLA_FLAGS"] = " ".join([*flags, *added])
    try:
        options = jax.extend.backend.get_compile_options(num_replicas=1, num_partitions=1)
    finally:
        if given is None:
            del os.environ["XLA_FLAGS"]
        else:
            os.environ["XLA_FLAGS"] = given
    level = options.executable_build_options.debug_options.xla_backend_optimization_level
    if "xla_backend_optimization_level" not in named and level != 0:
        raise RuntimeError("XLA read its flags before the tests set them (a plugin compiled?)")
    os.environ[QUICK_ENV] = " ".join(added)
    return added


@contextlib.contextmanager
def xla_defaults():
    """Every program compiled while the block runs, JAX's op-by-op ones included, gets XLA's
    defaults for the options :func:`compile_quickly` changed: for the tests that train or iterate
    against MindSpore's recorded values, which the quick options' rounding moves past their
    tolerance. JAX builds every compile's options in one function (jax 0.10); the block adds XLA's
    defaults to the overrides it is given, so a program's own options (``quick_codegen``'s
    ``-O0``) are kept. The programs compiled since a test without the block ran are dropped from
    JAX's in-memory caches first (compiled again, or read from the persistent cache under their own
    options)."""
    from jax._src import compiler

    added = {f.split("=", 1)[0].lstrip("-") for f in os.environ.get(QUICK_ENV, "").split()}
    defaults = {n: default for n, (_, default) in QUICK_XLA.items() if n in added}
    if not defaults:
        yield
        return
    build = compiler.get_compile_options

    def with_defaults(*args, env_options_overrides=None, **kwargs):
        overrides = {**defaults, **(env_options_overrides or {})}
        return build(*args, env_options_overrides=overrides, **kwargs)

    if _quick_programs_cached[0]:
        jax.clear_caches()
        _quick_programs_cached[0] = False
    compiler.get_compile_options = with_defaults
    try:
        yield
    finally:
        compiler.get_compile_options = build
