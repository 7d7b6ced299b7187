"""Shared test setup: every test starts in PYNATIVE_MODE with default context and a fixed seed."""

import logging
import threading

import pytest
from faultkit import HANG_S

from deepsink import context
from deepsink._core import random as _random


@pytest.fixture(autouse=True)
def _fresh_context():
    context.reset_context()
    _random.set_seed(0)
    yield
    context.reset_context()


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
