"""2.10's pipeline schedules: interleaved 1F1B and GPipe (``pipeline_interleave`` with
``pipeline_segment`` chunks), seqpipe, seqvpp, seqsmartvpp and zero_bubble_v.

The schedule tables are checked directly (no devices): every schedule runs the same work, each
micro-batch's forward and backward once per virtual stage, in 2.10's order. One subprocess
(``pipeline_schedules_worker.py``, 8 simulated devices) trains a small MLP with each schedule
and checks it against the un-pipelined losses and against the table it was built from.
"""

from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from launchkit import run_on_devices

from deepsink._core.pipeline_schedules import (
    BIN,
    BWD,
    FWD,
    IDLE,
    WGT,
    Layout,
    build_schedule,
    orders,
)

WORKER = Path(__file__).with_name("pipeline_schedules_worker.py")

# (name, pipeline_scheduler, pipeline_interleave, stages, chunks, micro)
KINDS = [
    ("1f1b", "1f1b", False, 4, 1, 8),
    ("gpipe", "gpipe", True, 4, 1, 8),
    ("interleaved_1f1b", "1f1b", True, 4, 2, 8),
    ("interleaved_gpipe", "gpipe", True, 4, 2, 8),
    ("seqpipe", "seqpipe", True, 4, 2, 8),
    ("seqvpp", "seqvpp", True, 4, 2, 8),
    ("seqsmartvpp", "seqsmartvpp", True, 4, 2, 8),
    ("zero_bubble_v", "zero_bubble_v", True, 4, 2, 8),
]


def _work(sched):
    """Each (action, virtual stage, micro-batch) the table runs, with its tick and device."""
    out = []
    for t, d in zip(*np.nonzero(sched.action != IDLE)):
        out.append((int(sched.action[t, d]), int(sched.vstage[t, d]), int(sched.micro[t, d]), t, d))
    return out


@pytest.mark.parametrize("name,kind,interleave,stages,chunks,micro", KINDS)
def test_every_schedule_runs_the_same_work_in_dependency_order(
    name, kind, interleave, stages, chunks, micro
):
    sched = build_schedule(kind, stages, micro, True, chunks, interleave)
    lay = sched.layout
    work = _work(sched)
    fwd = {(vs, m): (t, d) for a, vs, m, t, d in work if a == FWD}
    back = {(vs, m): (t, d) for a, vs, m, t, d in work if a in (BWD, BIN)}
    weight = {(vs, m): t for a, vs, m, t, _ in work if a in (BWD, WGT)}
    every = {(vs, m) for vs in range(lay.n) for m in range(micro)}
    assert set(fwd) == set(back) == set(weight) == every
    assert len(work) == len(set((a, vs, m) for a, vs, m, _, _ in work))  # nothing twice
    for (vs, m), (t, d) in fwd.items():
        assert d == lay.device(vs)
        if vs:
            assert fwd[vs - 1, m][0] < t
        tb, db = back[vs, m]
        assert db == d and tb > t and weight[vs, m] >= tb
        if vs < lay.n - 1:
            assert back[vs + 1, m][0] < tb


def test_schedules_differ_in_order_and_bubble():
    tables = {name: build_schedule(k, s, m, True, c, i) for name, k, i, s, c, m in KINDS}
    bubble = {name: t.bubble for name, t in tables.items()}
    # plain 1F1B and GPipe both idle (S - 1) / (M + S - 1) of the ticks
    assert bubble["1f1b"] == pytest.approx(2 * 3 / (2 * (8 + 3)))
    assert bubble["gpipe"] == pytest.approx(bubble["1f1b"])
    # two chunks a stage halve the ramp; the V schedule with split backwards fills most of it
    assert bubble["interleaved_1f1b"] < bubble["1f1b"]
    assert bubble["zero_bubble_v"] < bubble["interleaved_1f1b"] / 2
    # 1F1B keeps fewer stage inputs than GPipe, which keeps every micro-batch's
    assert tables["1f1b"].slots == 4 and tables["gpipe"].slots == 8
    runs = {name: [tuple(w[:3]) for w in _work(t)] for name, t in tables.items()}
    # with whole sequences a micro-batch (one sequence chunk), seqpipe and seqvpp run the
    # interleaved 1F1B order (2.10 differs there only in when receives are issued)
    assert runs["seqpipe"] == runs["seqvpp"] == runs["interleaved_1f1b"]
    distinct = [v for k, v in runs.items() if k not in ("seqpipe", "seqvpp")]
    assert len({tuple(v) for v in distinct}) == len(distinct)


def test_interleaved_1f1b_follows_2_10s_order():
    stages, chunks, micro = 4, 2, 6  # M % S = 2 micro-batches join the first round
    lay = Layout(stages, chunks)
    work = orders("1f1b", lay, micro, True, True)
    for s, ops in enumerate(work):
        warm = min((stages + micro % stages) * (chunks - 1) + 2 * (stages - s - 1), 12)
        assert [a for a, _, _ in ops[:warm]] == [FWD] * warm
        if warm < 12:  # then a forward and a backward in turn
            assert [a for a, _, _ in ops[warm : warm + 4]] == [FWD, BWD, FWD, BWD]
        else:
            assert ops[warm][0] == BWD
    fwd = [(c, m) for a, c, m in work[0] if a == FWD]
    # round 0 is micro-batches 0-5 (S + M % S); chunk 0 of the round, then chunk 1
    assert fwd == [(0, m) for m in range(6)] + [(1, m) for m in range(6)]
    bwd = [(c, m) for a, c, m in work[0] if a == BWD]
    assert bwd[:6] == [(1, m) for m in range(6)]  # backwards: the last chunk first


def test_gpipe_runs_every_forward_first():
    for ops in orders("gpipe", Layout(4, 2), 8, True, True):
        kinds = [a for a, _, _ in ops]
        assert kinds == [FWD] * 16 + [BWD] * 16


def test_seq_schedulers_warm_up_as_2_10():
    stages, micro = 4, 8
    lay = Layout(stages, 2)
    for kind, bias in (("seqvpp", 2), ("seqsmartvpp", 1)):
        for s, ops in enumerate(orders(kind, lay, micro, True, True)):
            warm = (stages - 1 - s) * bias + stages  # (chunks - 1) * the first cycle of S
            kinds = [a for a, _, _ in ops]
            assert kinds[: warm + 1] == [FWD] * (warm + 1), (kind, s)
            assert kinds[warm + 1] == BWD, (kind, s)
            # a backward pops the oldest micro-batch, its last chunk first
            assert ops[warm + 1][1:] == (1, 0), (kind, s)
    # one chunk: seqpipe with bias 1 is 1F1B's warm-up
    for s, ops in enumerate(orders("seqpipe", Layout(stages, 1), micro, True, True)):
        assert [a for a, _, _ in ops[: stages - s]] == [FWD] * (stages - s)
        assert ops[stages - s][0] == BWD


def test_zero_bubble_v_is_a_v_with_split_backwards():
    stages, micro = 4, 8
    sched = build_schedule("zero_bubble_v", stages, micro, True, 2, True)
    lay = sched.layout
    # chunk 0 runs up the devices, chunk 1 back down: the last virtual stage is on device 0
    assert [lay.device(vs) for vs in range(8)] == [0, 1, 2, 3, 3, 2, 1, 0]
    counts = Counter(int(a) for a in sched.action.ravel())
    assert counts[FWD] == counts[BWD] + counts[BIN] == 2 * stages * micro
    assert counts[WGT] == counts[BIN] > 0  # each split backward's weight gradient runs later
    # device 0 holds the first and the last virtual stage: its forwards start and end the V
    assert sched.vstage[0, 0] == 0


def test_backward_free_run_keeps_only_the_forwards():
    sched = build_schedule("zero_bubble_v", 2, 4, False, 2, True)
    assert set(np.unique(sched.action)) <= {IDLE, FWD}
    assert (sched.action == FWD).sum() == 2 * 2 * 4


# --- the schedules running on 8 simulated devices --------------------------------------------------
@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("schedules") / "result.json"
    return run_on_devices(WORKER, out, out)


CASES = {  # the worker's cases: (stages, scheduler, interleave, chunks, micro)
    "1f1b": (2, "1f1b", False, 1, 4),
    "interleaved_1f1b": (2, "1f1b", True, 2, 4),
    "interleaved_1f1b_4": (4, "1f1b", True, 2, 4),
    "gpipe_interleaved": (2, "gpipe", True, 2, 4),
    "seqpipe_chunks": (2, "seqpipe", True, 2, 4),
    "seqsmartvpp": (2, "seqsmartvpp", True, 2, 4),
    "zero_bubble_v": (2, "zero_bubble_v", True, 2, 4),
    "zero_bubble_v_4": (4, "zero_bubble_v", True, 2, 8),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_schedule_trains_to_the_unpipelined_losses_by_its_table(run, name):
    stages, kind, interleave, chunks, micro = CASES[name]
    case = run["cases"][name]
    np.testing.assert_allclose(case["losses"], case["standalone"], rtol=0, atol=1e-5)
    assert case["losses"][-1] < case["losses"][0]
    sched = build_schedule(kind, stages, micro, True, chunks, interleave)
    prog = case["program"]
    assert (prog["stages"], prog["chunks"], prog["scheduler"]) == (stages, chunks, kind)
    assert (prog["ticks"], prog["slots"]) == (sched.action.shape[0], sched.slots)
    # each device ran its column of the table: its idle, forward and backward ticks
    for tick in case["ticks"]:
        col = Counter(int(a) for a in sched.action[:, tick["stage"]])
        assert tick["idle"] == col[IDLE] and tick["forward"] == col[FWD], (name, tick)
        assert tick["backward"] == col[BWD] + col[BIN] and tick["backward_weight"] == col[WGT]
    assert sorted(t["stage"] for t in case["ticks"]) == list(range(stages))


def test_interleaved_stage_holds_its_chunks_parameters(run):
    # Dense(8, 8) layers, one per virtual stage: a device holds one layer per chunk
    one_layer = (8 * 8 + 8) * 4
    plain, two, four = (run["cases"][k]["program"] for k in
                        ("1f1b", "interleaved_1f1b", "interleaved_1f1b_4"))  # fmt: skip
    assert (plain["device_param_bytes"], plain["param_bytes"]) == (one_layer, 2 * one_layer)
    assert two["stage_param_bytes"] == [2 * one_layer] * 2
    assert (four["device_param_bytes"], four["param_bytes"]) == (2 * one_layer, 8 * one_layer)


def test_auto_parallel_pipeline_with_segment_config(run):
    a = run["auto_seqvpp"]
    np.testing.assert_allclose(a["losses"], a["standalone"], rtol=0, atol=1e-5)


def test_schedules_keep_2_10s_restrictions(run):
    e = run["errors"]
    assert e["zbv_one_chunk"][0] == "RuntimeError"
    assert "Zero Bubble V scheduler only support chunk_num is 2, but got:1" in e["zbv_one_chunk"][1]
    assert "MicroBatch:2 StageNum:2" in e["zbv_few_micro"][1]
    assert e["seqvpp_one_chunk"] == [
        "RuntimeError",
        "For seq vpp scheduler, vpp should large than 1.",
    ]
    assert "seqsmartvpp, the pipeline parallel must be an even number" in e["seqsmartvpp_odd"][1]
    assert e["interleaved_few_micro"] == [
        "RuntimeError",
        "For 1F1B Scheduler, MicroBatch num must be larger or equal than StageNum, but got "
        "MicroBatch:2 StageNum:4",
    ]


def test_pipeline_segment_and_segment_config_check_their_values():
    from deepsink import nn
    from deepsink.parallel.nn import Pipeline

    cell = nn.Dense(2, 2)
    with pytest.raises(ValueError, match="can not be less than 0, but got -2"):
        cell.pipeline_segment = -2
    with pytest.raises(TypeError, match="must be int type"):
        cell.pipeline_segment = True
    net = nn.SequentialCell([nn.Dense(2, 2), nn.Dense(2, 2)])
    Pipeline(net, 2, stage_config={"0": 0, "1": 1}, segment_config={"0": 0, "1": 1})
    assert (net[0].pipeline_segment, net[1].pipeline_segment) == (0, 1)
    with pytest.raises(KeyError, match="'segment_config' : {'nope': 1} is not found"):
        Pipeline(nn.Dense(2, 2), 2, segment_config={"nope": 1})
