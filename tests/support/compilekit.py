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
