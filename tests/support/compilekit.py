"""Counting XLA compilations in a test, with JAX's own monitoring event."""

import contextlib

import jax

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
