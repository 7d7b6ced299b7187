"""Dataset.sync_wait / sync_update: the gate, its errors (MindSpore 2.10's types and wording), and
that a blocked gate never outlives its iterator."""

import sys
import threading

import numpy as np
import pytest
from faultkit import HANG_S, wait_until

import deepsink.dataset as ds


def _waiting_at_the_gate() -> bool:
    """True while some thread is inside the sync_wait gate's blocking wait (an event, not a
    guess at how long the pipeline thread takes to get there)."""
    return any(
        f.f_code.co_name == "block_func" and f.f_code.co_filename.endswith("sync.py")
        for top in sys._current_frames().values()
        for f in _stack(top)
    )


def _stack(frame):
    while frame is not None:
        yield frame
        frame = frame.f_back


def gen():
    for i in range(20):
        yield (np.array(i),)


def test_gate_follows_updates_and_calls_back():
    seen = []
    data = ds.GeneratorDataset(gen, ["x"]).sync_wait("step", callback=seen.append).batch(4)
    firsts = []
    for i, row in enumerate(data.create_dict_iterator(num_epochs=1, output_numpy=True)):
        firsts.append(int(row["x"][0]))
        data.sync_update("step", data=i)
    assert firsts == [0, 4, 8, 12, 16]
    assert seen == [0, 1, 2, 3, 4]


def test_gate_blocks_until_update():
    data = ds.GeneratorDataset(gen, ["x"]).sync_wait("step", num_batch=1).batch(2)
    it = data.create_tuple_iterator(num_epochs=1, output_numpy=True)
    next(it)
    got = []
    t = threading.Thread(target=lambda: got.append(next(it)), daemon=True)
    t.start()
    wait_until(_waiting_at_the_gate, "the pipeline waiting at the gate")
    assert t.is_alive() and not got  # the second batch waits for sync_update
    data.sync_update("step")
    t.join(HANG_S)
    assert [int(v) for v in got[0][0]] == [2, 3]
    it.stop()


def test_blocked_gate_stops_with_its_iterator():
    data = ds.GeneratorDataset(gen, ["x"]).sync_wait("step").batch(2)
    before = {t.ident for t in threading.enumerate()}
    it = data.create_tuple_iterator(num_epochs=1, output_numpy=True)
    next(it)
    wait_until(_waiting_at_the_gate, "the pipeline waiting at the gate")
    it.stop()

    def extra():
        return [t for t in threading.enumerate() if t.ident not in before and t.is_alive()]

    wait_until(lambda: not extra(), "the pipeline's threads ending after stop()")


def test_num_batch_in_update_and_getters_do_not_block():
    data = ds.GeneratorDataset(gen, ["x"]).sync_wait("step").batch(5)
    assert data.get_dataset_size() == 4
    assert data.output_shapes() == [[5]]
    out = []
    for row in data.create_tuple_iterator(num_epochs=1, output_numpy=True):
        out.append(int(row[0][0]))
        if len(out) == 1:
            data.sync_update("step", num_batch=3)
    assert out == [0, 5, 10, 15]


def test_sync_wait_argument_errors():
    data = ds.GeneratorDataset(gen, ["x"])
    with pytest.raises(
        TypeError, match=r"num_batch with value 123 is not of type \[<class 'int'>\]"
    ):
        data.sync_wait("a", num_batch="123")
    with pytest.raises(TypeError, match="condition_name"):
        data.sync_wait(1)
    with pytest.raises(ValueError, match="num_batch need to be greater than 0."):
        data.sync_wait("a", num_batch=0)
    gated = data.sync_wait("a")
    with pytest.raises(RuntimeError, match="Condition name is already in use"):
        gated.map(lambda x: x, "x").sync_wait("a")
    with pytest.raises(RuntimeError, match="No shuffle after sync operators"):
        gated.shuffle(4)


def test_sync_update_errors_disable_the_gate():
    data = ds.GeneratorDataset(gen, ["x"]).sync_wait("a").batch(2)
    with pytest.raises(RuntimeError, match="Condition name not found."):
        data.sync_update("b")
    with pytest.raises(RuntimeError, match="can only be positive integer, got: -1"):
        data.sync_update("a", num_batch=-1)
    # disabled: the whole run passes without updates
    assert len(list(data.create_tuple_iterator(num_epochs=1))) == 10


def test_independent_mode_refuses(monkeypatch):
    monkeypatch.setenv("MS_INDEPENDENT_DATASET", "True")
    with pytest.raises(
        RuntimeError, match="Dataset sync wait is not supported in Dataset Independent"
    ):
        ds.GeneratorDataset(gen, ["x"]).sync_wait("a")


@pytest.mark.parametrize(
    "build", [lambda d: d + d, lambda d: d.concat(d), lambda d: d.zip(d.rename("a", "b"))]
)
def test_one_node_two_consumers_is_refused(build):
    d = ds.NumpySlicesDataset([1, 2, 3], "a", shuffle=False)
    pipeline = build(d)
    msg = r"The data pipeline is not a tree \(i.e., one node has 2 consumers\)"
    with pytest.raises(ValueError, match=msg):
        list(pipeline.create_tuple_iterator(num_epochs=1))
    with pytest.raises(ValueError, match=msg):
        pipeline.get_dataset_size()
    with pytest.raises(ValueError, match=msg):
        pipeline.get_col_names()
