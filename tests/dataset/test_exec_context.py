"""A pipeline run's context is closed by iterator finalizers, which the garbage collector can run
on any thread at any allocation, including on a thread that is inside the context's own lock."""

import threading

from deepsink.dataset.engine.context import ExecContext


def _finishes(fn, timeout=10.0):
    t = threading.Thread(target=fn, daemon=True)
    t.start()
    t.join(timeout)
    return not t.is_alive()


def test_closing_the_run_from_inside_its_lock_does_not_hang():
    ctx = ExecContext(seed=1)
    closed = []
    ctx.resource("a", lambda: "A", closed.append)

    def factory():
        ctx.close()  # what a finalizer run by a collection inside the factory does
        return "B"

    assert _finishes(lambda: ctx.resource("b", factory, closed.append))
    assert closed == ["A"]
    assert ctx.cancelled.is_set()
