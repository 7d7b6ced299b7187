"""Dataset tests: fresh dataset config per test, a leak check; helpers in dataset_support.py."""

from __future__ import annotations

import multiprocessing
import sys
import threading
from pathlib import Path

import pytest
from faultkit import HANG_S

from deepsink.dataset import config

sys.path.insert(0, str(Path(__file__).parent))  # for ``import dataset_support`` (importlib mode)


@pytest.fixture(autouse=True)
def _dataset_config():
    """Every test starts unseeded with the default workers, and ends with it."""
    saved = dict(config._state)
    yield
    config._state.clear()
    config._state.update(saved)


@pytest.fixture
def no_leaks():
    """Fails the test if a thread or a worker process outlives it."""
    threads = set(threading.enumerate())
    yield
    for t in threading.enumerate():
        if t not in threads:
            t.join(timeout=HANG_S)
    leaked = [t for t in threading.enumerate() if t not in threads and t.is_alive()]
    assert not leaked, f"threads outlived the test: {leaked}"
    children = multiprocessing.active_children()
    assert not children, f"worker processes outlived the test: {children}"
