"""``Dataset.device_que`` as MindSpore 2.10 runs it on the CPU target
(``tests/fixtures/ms/device_que.json``, recorded by ``scripts/record_device_que_fixtures.py`` from
``tests/support/device_que_cases.py``), and what its sender does with the rows."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import deepsink.dataset as ds

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "support"))
import device_que_cases  # noqa: E402

FIXTURE = json.loads((HERE / "fixtures" / "ms" / "device_que.json").read_text())


@pytest.fixture(scope="module")
def got():
    return json.loads(json.dumps(device_que_cases.outcomes(ds)))


@pytest.mark.parametrize("name", sorted(FIXTURE))
def test_outcome_is_mindspores(got, name):
    assert got[name] == FIXTURE[name]


def _wait(cond, limit: float = 20.0) -> None:
    end = time.monotonic() + limit
    while not cond():
        assert time.monotonic() < end, "the sender did not get there in time"
        time.sleep(0.01)


def test_send_reads_every_epoch_then_stops():
    t = ds.NumpySlicesDataset({"x": np.arange(7)}, shuffle=False).batch(2).device_que()
    t.send(3)
    _wait(lambda: not t._to_device._thread.is_alive())
    assert t._to_device.batches == 12  # 4 batches an epoch
    t.release()
    with pytest.raises(RuntimeError, match="Device queue is not init"):
        t.get_mbuf_queue_size()


def test_stop_send_ends_an_endless_send():
    t = ds.NumpySlicesDataset({"x": np.arange(4)}, shuffle=False).device_que()
    t.send()
    _wait(lambda: t._to_device.batches > 10)
    t.stop_send()
    _wait(lambda: not t._to_device._thread.is_alive())
    t.release()


def test_a_failing_pipeline_surfaces_on_the_next_query():
    def bad(x):
        raise ValueError("bad row")

    t = ds.NumpySlicesDataset({"x": np.arange(4)}, shuffle=False).map(bad, "x").device_que()
    t.send(1)
    _wait(lambda: not t._to_device._thread.is_alive())
    with pytest.raises(RuntimeError, match="DataQueueOp thread had been interrupted") as info:
        t.get_mbuf_queue_size()
    assert "bad row" in str(info.value.__cause__)


def test_data_info_is_never_fed_on_cpu():
    t = ds.NumpySlicesDataset({"x": np.arange(4)}, shuffle=False).device_que(
        create_data_info_queue=True, queue_name="info"
    )
    t.send(1)
    with pytest.raises(RuntimeError, match="queue 'info' is never fed on target CPU"):
        t.get_data_info()
    t.release()
