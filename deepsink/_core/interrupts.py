"""Ctrl-C (SIGINT) while XLA compiles or computes: the process ends by SIGINT, every time.

Python runs a SIGINT handler only between the main thread's bytecodes. XLA compiles and runs
programs in C++ with the GIL released, so a Ctrl-C during a compile or a computation would wait
until the call returns: never for an endless ``while`` compiled by ``ms.jit``, the rest of a large
compile otherwise; the ``KeyboardInterrupt`` then raised can land in a garbage collection callback
that swallows it (training goes on), and the interpreter's exit, which destroys the XLA client,
waits forever behind a computation still running or crashes (SIGSEGV) under a thread still inside
XLA. XLA cannot cancel a computation or a compile, so deepsink ends the process, as MindSpore does
(MindSpore's handler sends the process SIGTERM; deepsink exits by SIGINT, the status of an uncaught
``KeyboardInterrupt``: 130 in a shell, -2 from ``subprocess``).

:func:`install` (at import, from the main thread, when SIGINT still has Python's default handler
and no one uses the signal wakeup fd):

- routes SIGINT through :func:`_on_sigint`, which counts the signals Python handled and raises
  ``KeyboardInterrupt`` as Python's default handler does: Ctrl-C in Python code still raises there;
- points the signal wakeup fd at a pipe a daemon thread reads (C's handler writes to it at once,
  even while the main thread is in C++). A Ctrl-C not handled within :data:`GRACE_S` while the
  main thread's innermost Python frame is JAX's or deepsink's means the main thread waits inside
  XLA: the thread says so on stderr and ends the process;
- ends the process on an uncaught ``KeyboardInterrupt`` after the traceback and the ``atexit``
  handlers, without the interpreter's teardown of XLA; and on one Python swallowed ("Exception
  ignored in") instead of losing it.

Nothing runs per step: the thread sleeps in ``os.read`` until a signal arrives.
"""

from __future__ import annotations

import atexit
import ctypes
import functools
import os
import signal
import sys
import threading
import time
from typing import Any

# How long a Ctrl-C may wait for the main thread's handler before a main thread in a call of JAX or
# deepsink is taken to wait inside XLA. Python runs the handler within milliseconds when the main
# thread executes bytecode; the margin covers a loaded machine.
GRACE_S = 1.0

_handled = [0]  # SIGINTs whose Python handler ran
_installed_in: list[int] = []  # the pid of the process that installed the handler
_wakeup: list[int] = []  # the pipe's write end, the signal wakeup fd

_IN_XLA = (
    "KeyboardInterrupt: Ctrl-C arrived while an XLA compile or computation was running, which XLA "
    "cannot interrupt; deepsink ends the process (as MindSpore does) without running finally "
    "blocks or atexit handlers."
)
_SWALLOWED = (
    "KeyboardInterrupt: Ctrl-C arrived inside a callback that cannot raise it (above); deepsink "
    "ends the process instead of losing it, without running finally blocks or atexit handlers."
)


def install() -> None:
    """Watch SIGINT in this process; does nothing when called from a thread other than the main
    one, when SIGINT has a handler other than Python's default, or when the wakeup fd is in use
    (an asyncio loop's signal handlers)."""
    if _installed_in and _installed_in[0] == os.getpid():
        return
    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return
    read, write = os.pipe()
    os.set_blocking(write, False)
    try:
        previous = signal.set_wakeup_fd(write, warn_on_full_buffer=False)
    except ValueError:
        previous = None
    if previous != -1:  # someone else reads the signals (or not the main interpreter)
        if previous is not None:
            signal.set_wakeup_fd(previous)
        os.close(read)
        os.close(write)
        return
    _installed_in[:] = [os.getpid()]
    _wakeup[:] = [write]
    signal.signal(signal.SIGINT, _on_sigint)
    sys.unraisablehook = _unraisable_hook(sys.unraisablehook)
    sys.excepthook = _excepthook(sys.excepthook)
    threading.Thread(target=_watch, args=(read,), name="deepsink-sigint", daemon=True).start()


def _on_sigint(sig: int, frame: Any) -> None:
    _handled[0] += 1
    signal.default_int_handler(sig, frame)


def _watch(fd: int) -> None:
    acked = 0
    while True:
        try:
            data = os.read(fd, 256)
        except OSError:
            return
        if not data:
            return
        if signal.SIGINT not in data:
            continue
        deadline = time.monotonic() + GRACE_S
        while _handled[0] <= acked and signal.getsignal(signal.SIGINT) is _on_sigint:
            if time.monotonic() >= deadline and _main_thread_in_xla():
                _exit_by_sigint(_IN_XLA)
            time.sleep(0.02)  # in other native code (a long numpy call): Python raises after it
        acked = _handled[0]


def _main_thread_in_xla() -> bool:
    """True when the main thread's innermost Python frame is JAX's or deepsink's: it waits for
    XLA (a compile, a computation, a result); not in a C extension the program called itself."""
    frame = sys._current_frames().get(threading.main_thread().ident)  # noqa: SLF001 - no other API
    return frame is not None and frame.f_code.co_filename.startswith(_xla_callers())


@functools.cache
def _xla_callers() -> tuple[str, ...]:
    import jax
    import jaxlib

    import deepsink

    return tuple(os.path.dirname(m.__file__) + os.sep for m in (jax, jaxlib, deepsink))


def _unraisable_hook(previous: Any) -> Any:
    def hook(unraisable: Any) -> None:
        ours = unraisable.exc_type is KeyboardInterrupt and _installed_in == [os.getpid()]
        if ours and unraisable.exc_traceback is not None:
            _without_handler(unraisable.exc_traceback)
        previous(unraisable)
        if ours:
            _exit_by_sigint(_SWALLOWED)

    return hook


def _excepthook(previous: Any) -> Any:
    def hook(exc_type: type, exc: BaseException, tb: Any) -> None:
        ours = (
            issubclass(exc_type, KeyboardInterrupt)
            and _installed_in == [os.getpid()]
            and threading.current_thread() is threading.main_thread()
        )
        previous(exc_type, exc, _without_handler(tb) if ours else tb)
        if ours:
            _end_after_keyboard_interrupt()

    return hook


def _without_handler(tb: Any) -> Any:
    """The traceback without :func:`_on_sigint`'s frame, where Python's own handler shows none."""
    head = tb
    while tb is not None and tb.tb_next is not None:
        if tb.tb_next.tb_frame.f_code is _on_sigint.__code__:
            tb.tb_next = None
            break
        tb = tb.tb_next
    return head


def _end_after_keyboard_interrupt() -> None:
    """An uncaught ``KeyboardInterrupt`` ends the process by SIGINT, as Python's own exit does, but
    without the interpreter's teardown: the XLA client's destructor joins its threads (forever,
    behind a computation that does not end) and a thread still inside XLA (the sink's device queue
    putting a chunk) crashes when the client goes (SIGSEGV). The ``atexit`` handlers run first,
    except JAX's own, which destroy the client and wait for pending computations."""
    try:
        from jax._src import api, dispatch

        atexit.unregister(api.clean_up)
        atexit.unregister(dispatch.wait_for_tokens)
    except (ImportError, AttributeError):  # another jax: its handlers run (the exit may then hang)
        pass
    atexit._run_exitfuncs()  # noqa: SLF001 - Python's exit runs them here; it has no public name
    _exit_by_sigint(None)


def _exit_by_sigint(message: str | None) -> None:
    """Say why on stderr, flush stdout (bounded: its lock may be held), and end the process by
    SIGINT's default action; ``os._exit(130)`` where that is not possible."""
    if message is not None:
        try:
            os.write(2, (message + "\n").encode())
        except OSError:
            pass
    flush = threading.Thread(target=_flush_stdout, name="deepsink-sigint-flush", daemon=True)
    flush.start()
    flush.join(timeout=1.0)
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.signal.argtypes = [ctypes.c_int, ctypes.c_void_p]
        libc.signal.restype = ctypes.c_void_p
        libc.signal(signal.SIGINT, None)  # SIG_DFL; signal.signal works only on the main thread
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1.0)
    finally:
        os._exit(128 + signal.SIGINT)


def _flush_stdout() -> None:
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:  # noqa: BLE001 - a closed or broken stdout must not keep the process alive
        pass


def _after_fork_in_child() -> None:
    """A forked child has no thread reading the pipe and shares it with its parent: its signals
    must not reach the parent's reader. The write end becomes /dev/null (this may run on any
    thread; ``set_wakeup_fd`` only on the main one), and SIGINT gets Python's default handler."""
    if not _installed_in or _installed_in[0] == os.getpid():
        return
    _installed_in.clear()
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, _wakeup[0], inheritable=False)
        os.close(null)
    except OSError:
        pass
    if threading.current_thread() is threading.main_thread():
        signal.set_wakeup_fd(-1)
        if signal.getsignal(signal.SIGINT) is _on_sigint:
            signal.signal(signal.SIGINT, signal.default_int_handler)


os.register_at_fork(after_in_child=_after_fork_in_child)
