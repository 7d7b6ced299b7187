"""MindSpore 2.10's pipeline schedules as tables ``tick x device -> work``.

A network cut into ``stages`` device stages, each holding ``chunks`` model chunks (MindSpore's
``pipeline_segment``, with ``pipeline_interleave=True``), has ``stages * chunks`` virtual stages.
Chunk ``c`` of device stage ``s`` is virtual stage ``c * stages + s``; with ``zero_bubble_v`` the
chunks form a V: chunk 0 runs up the devices and chunk 1 back down (virtual stage
``2 * stages - 1 - s`` for chunk 1), so the last virtual stage is on device 0.

Each schedule is a per-device order of work, ``(action, chunk, micro-batch)``, following 2.10's
schedulers (``pipeline_scheduler``):

- ``1f1b`` without interleave: ``stages - s - 1`` warm-up forwards, then one forward and one
  backward in turn;
- ``1f1b`` with interleave (2.10's interleaved scheduler): the forwards sorted by round of
  ``stages`` micro-batches, then chunk, then micro-batch (backwards: chunk descending),
  ``(stages + M % stages) * (chunks - 1) + 2 * (stages - s - 1)`` warm-up forwards, then in turn;
- ``gpipe``: every forward, then every backward, in the same sorted order;
- ``seqpipe`` / ``seqvpp`` / ``seqsmartvpp``: 2.10's sequence-pipeline execute order (micro-batches
  in cycles of ``stages``, chunk by chunk; backwards first-in-first-out by micro-batch, last chunk
  first) with ``(stages - 1 - s) * bias + (chunks - 1) * cycle`` warm-up forwards (bias 2 with
  several chunks, 1 for seqsmartvpp); deepsink's micro-batches are whole sequences (one sequence
  chunk each);
- ``zero_bubble_v``: the V-shaped schedule whose backwards are split into the input gradient
  (``BIN``, sent back at once) and the weight gradient (``WGT``, run later to fill the bubbles).

The table runs each device's order as early as its inputs allow (a forward after the previous
virtual stage's forward of the micro-batch, a backward after the next virtual stage's backward, a
weight gradient after its own input gradient), one action per tick.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np

IDLE, FWD, BWD, BIN, WGT = 0, 1, 2, 3, 4
ACTIONS = ("idle", "forward", "backward", "backward_input", "backward_weight")
SCHEDULERS = ("1f1b", "gpipe", "seqpipe", "seqvpp", "seqsmartvpp", "zero_bubble_v")


@dataclass(frozen=True)
class Layout:
    """Where each virtual stage runs: ``stages`` devices, ``chunks`` chunks each."""

    stages: int
    chunks: int = 1
    vee: bool = False  # zero_bubble_v: chunk 1 runs from the last device back to device 0

    @property
    def n(self) -> int:
        return self.stages * self.chunks

    def device(self, vs: int) -> int:
        c, s = divmod(vs, self.stages)
        return self.stages - 1 - s if self.vee and c % 2 else s

    def chunk(self, vs: int) -> int:
        return vs // self.stages

    def vstage(self, device: int, chunk: int) -> int:
        s = self.stages - 1 - device if self.vee and chunk % 2 else device
        return chunk * self.stages + s


@dataclass(frozen=True)
class Schedule:
    """Per tick and device: ``action``, the virtual stage ``vstage`` and micro-batch ``micro``;
    ``slots``: the stage inputs (and output gradients) a chunk keeps at once."""

    action: np.ndarray
    vstage: np.ndarray
    micro: np.ndarray
    slots: int
    layout: Layout

    @property
    def bubble(self) -> float:
        """The idle share of the device-ticks."""
        return float((self.action == IDLE).mean())


# --- each device's order of work ------------------------------------------------------------------
def _loop_key(m: int, stages: int, offset: int) -> int:
    """2.10's round of micro-batch ``m``: the first ``stages + M % stages`` form round 0."""
    return 0 if m // (stages + offset) == 0 else (m - offset) // stages


def _sorted(stages: int, chunks: int, micro: int, backward: bool) -> list:
    off = micro % stages
    work = [(c, m) for c in range(chunks) for m in range(micro)]
    sign = -1 if backward else 1
    return sorted(work, key=lambda cm: (_loop_key(cm[1], stages, off), sign * cm[0], cm[1]))


def _interleaved(s: int, stages: int, chunks: int, micro: int, kind: str) -> list:
    fwd = [(FWD, c, m) for c, m in _sorted(stages, chunks, micro, False)]
    bwd = [(BWD, c, m) for c, m in _sorted(stages, chunks, micro, True)]
    if kind == "gpipe":
        return fwd + bwd
    if chunks == 1 and kind == "1f1b-plain":
        warm = min(stages - s - 1, micro)
    else:
        warm = (stages + micro % stages) * (chunks - 1) + 2 * (stages - s - 1)
    warm = min(warm, len(fwd))
    out = fwd[:warm]
    for i in range(warm, len(fwd)):
        out += [fwd[i], bwd[i - warm]]
    return out + bwd[len(fwd) - warm :]


def _cycles(stages: int, micro: int, kind: str) -> list:
    """2.10's cycle list of the sequence schedulers: micro-batches in cycles of ``stages``, the
    remainder spread over the cycles."""
    if kind == "seqpipe" and micro < stages:
        return [micro]
    size = micro // stages
    cycles = [stages] * size
    for i in range(micro - size * stages):
        cycles[i % size] += 1
    return cycles


def _seq(s: int, stages: int, chunks: int, micro: int, kind: str) -> list:
    cycles = _cycles(stages, micro, kind)
    fwd: list = []
    start = 0
    for length in cycles:
        fwd += [(c, start + m) for c in range(chunks) for m in range(length)]
        start += length
    bias = 1 if kind == "seqsmartvpp" or chunks == 1 else 2
    warm = min((stages - 1 - s) * bias + (chunks - 1) * cycles[0], len(fwd) - 1)
    out: list = []
    queue: deque = deque()
    stacks: dict = {}

    def pop_backward() -> None:
        m = queue.popleft()
        out.append((BWD, stacks[m].pop(), m))

    for i, (c, m) in enumerate(fwd):
        queue.append(m)
        stacks.setdefault(m, []).append(c)
        out.append((FWD, c, m))
        if i >= warm and queue:
            pop_backward()
    while queue:
        pop_backward()
    return out


def _zero_bubble_v(s: int, stages: int, micro: int) -> list:
    """The V schedule of device ``s``: forwards of chunk 0 fill the pipe, chunk 1 turns at the
    last device; in the steady phase a forward and a backward of each chunk alternate; at both
    ends a backward computes only the input gradient and its weight gradient runs later."""
    out: list = []
    nxt = {("f", 0): 0, ("f", 1): 0, ("b", 0): 0, ("b", 1): 0}
    weights: deque = deque()

    def f(c: int) -> None:
        out.append((FWD, c, nxt["f", c]))
        nxt["f", c] += 1

    def b(c: int, split: bool) -> None:
        m = nxt["b", c]
        nxt["b", c] += 1
        if split:
            out.append((BIN, c, m))
            weights.append((c, m))
        else:
            out.append((BWD, c, m))

    def w() -> None:
        c, m = weights.popleft()
        out.append((WGT, c, m))

    rest = stages - s - 1
    for _ in range(2 * rest):
        f(0)
    for _ in range(s + 1):
        f(0)
        f(1)
    for _ in range(rest):
        b(1, True)
        w()
        f(1)
    for _ in range(micro - 2 * stages + s + 1):
        f(0)
        b(1, False)
        f(1)
        b(0, False)
    for _ in range(rest):
        b(1, False)
        f(1)
        b(0, False)
    steps = s + 1
    split = False
    for i in range(steps):
        if i == steps // 2 and s % 2 == 1:
            split = True
        b(1, split)
        if i == steps // 2 and s % 2 == 0:
            split = True
        b(0, split)
    for _ in range(rest):
        w()
        b(0, True)
    while weights:
        w()
    return out


def check(kind: str, stages: int, chunks: int, micro: int, interleave: bool) -> None:
    """2.10's restrictions of each scheduler (its own messages)."""
    if kind == "zero_bubble_v" and chunks != 2:
        raise RuntimeError(
            f"Zero Bubble V scheduler only support chunk_num is 2, but got:{chunks} (set "
            "'pipeline_segment' 0 and 1 on the Cells, or Pipeline's segment_config)"
        )
    if kind == "zero_bubble_v" and micro < 2 * stages:
        raise RuntimeError(
            f"For zero_bubble_v scheduler, MicroBatch num must be at least 2 * StageNum, but got "
            f"MicroBatch:{micro} StageNum:{stages}"
        )
    if kind in ("seqvpp", "seqsmartvpp") and chunks <= 1:
        raise RuntimeError("For seq vpp scheduler, vpp should large than 1.")
    if kind in ("seqvpp", "seqsmartvpp") and micro < stages:
        raise RuntimeError(
            "For seq vpp scheduler, micro_num * seq_chunk_size should large than pp."
        )
    if kind == "seqsmartvpp" and stages % 2:
        raise RuntimeError(
            f"When applying seqsmartvpp, the pipeline parallel must be an even number, but got "
            f"pipeline_stages {stages}"
        )
    if kind == "1f1b" and interleave and micro < stages:
        raise RuntimeError(
            "For 1F1B Scheduler, MicroBatch num must be larger or equal than StageNum, but got "
            f"MicroBatch:{micro} StageNum:{stages}"
        )


def orders(kind: str, layout: Layout, micro: int, interleave: bool, backward: bool) -> list:
    """Each device's order of work ``[(action, chunk, micro-batch), ...]``."""
    s_n, c_n = layout.stages, layout.chunks
    out = []
    for s in range(s_n):
        if kind == "zero_bubble_v":
            work = _zero_bubble_v(s, s_n, micro)
        elif kind.startswith("seq"):
            work = _seq(s, s_n, c_n, micro, kind)
        elif kind == "1f1b" and not interleave:
            work = _interleaved(s, s_n, c_n, micro, "1f1b-plain")
        else:
            work = _interleaved(s, s_n, c_n, micro, kind)
        if not backward:  # a forward-only run: the same forwards in the same order
            work = [w for w in work if w[0] == FWD]
        out.append(work)
    return out


# --- running the orders as early as their inputs allow --------------------------------------------
def build_schedule(
    kind: str,
    stages: int,
    micro: int,
    backward: bool = True,
    chunks: int = 1,
    interleave: bool = False,
) -> Schedule:
    """The table of ``kind`` for ``stages`` device stages of ``chunks`` chunks and ``micro``
    micro-batches (``backward=False``: the forwards only)."""
    check(kind, stages, chunks, micro, interleave)
    layout = Layout(stages, chunks, kind == "zero_bubble_v")
    work = orders(kind, layout, micro, interleave, backward)
    last = layout.n - 1
    pos = [0] * stages
    done: dict = {}
    acts, vss, mbs = [], [], []
    t = 0
    while any(pos[d] < len(work[d]) for d in range(stages)):
        row = [(IDLE, 0, 0)] * stages
        for d in range(stages):
            if pos[d] == len(work[d]):
                continue
            a, c, m = work[d][pos[d]]
            vs = layout.vstage(d, c)
            if a == FWD:
                ready = vs == 0 or done.get(("F", m, vs - 1), t) < t
            elif a == WGT:
                ready = done.get(("B", m, vs), t) < t
            else:
                ready = done.get(("F", m, vs), t) < t and (
                    vs == last or done.get(("B", m, vs + 1), t) < t
                )
            if ready:
                row[d] = (a, vs, m)
        if all(r[0] == IDLE for r in row):
            raise RuntimeError(f"the {kind!r} schedule of {stages} stages cannot proceed at {t}")
        for d, (a, vs, m) in enumerate(row):
            if a != IDLE:
                done[({FWD: "F", WGT: "W"}.get(a, "B"), m, vs)] = t
                pos[d] += 1
        acts.append([r[0] for r in row])
        vss.append([r[1] for r in row])
        mbs.append([r[2] for r in row])
        t += 1
    action = np.array(acts, np.int32)
    vstage = np.array(vss, np.int32)
    micro_t = np.array(mbs, np.int32)
    slots = _slots(action, vstage, micro_t, layout, micro)
    return Schedule(action, vstage, micro_t, slots, layout)


def _slots(action, vstage, micro_t, layout: Layout, micro: int) -> int:
    """The fewest ring slots (slot ``m % R`` per chunk) such that no stage input or output
    gradient is overwritten before its last reader: each lives from the tick it arrives (written
    at the end of the tick) to the last tick that reads it."""
    arrive: dict = {}
    used: dict = {}
    for t in range(action.shape[0]):
        for d in range(action.shape[1]):
            a, vs, m = int(action[t, d]), int(vstage[t, d]), int(micro_t[t, d])
            if a == IDLE:
                continue
            if a == FWD and vs < layout.n - 1:
                arrive[("x", vs + 1, m)] = t
            if a in (BWD, BIN) and vs > 0:
                arrive[("g", vs - 1, m)] = t
            for ring in ("x", "g"):
                used[(ring, vs, m)] = t
    spans: dict = {}
    for key, a_t in arrive.items():
        ring, vs, m = key
        spans.setdefault((ring, vs), []).append((a_t, used.get(key, a_t), m))
    for r in range(1, micro + 1):
        if all(_fits(items, r) for items in spans.values()):
            return r
    return micro


def _fits(items: list, r: int) -> bool:
    for i, (a1, l1, m1) in enumerate(items):
        for a2, l2, m2 in items[i + 1 :]:
            if m1 % r == m2 % r and a2 < l1 and a1 < l2:
                return False
    return True


def receives(sched: Schedule, ring: str) -> list:
    """Per direction ``delta`` (the receiver is ``(sender + delta) % stages``): tables
    ``(delta, ok[t, d], chunk[t, d], slot[t, d])`` saying what device ``d`` keeps after tick
    ``t`` of the values sent forward (``ring="x"``) or back (``"g"``)."""
    lay = sched.layout
    shape = sched.action.shape
    tables: dict = {}
    for t in range(shape[0]):
        for d in range(shape[1]):
            a, vs, m = int(sched.action[t, d]), int(sched.vstage[t, d]), int(sched.micro[t, d])
            if ring == "x" and a == FWD and vs < lay.n - 1:
                to = vs + 1
            elif ring == "g" and a in (BWD, BIN) and vs > 0:
                to = vs - 1
            else:
                continue
            rd = lay.device(to)
            delta = (rd - d) % lay.stages
            if delta not in tables:
                tables[delta] = (np.zeros(shape, bool), np.zeros(shape, np.int32),
                                 np.zeros(shape, np.int32))  # fmt: skip
            ok, ch, sl = tables[delta]
            ok[t, rd], ch[t, rd], sl[t, rd] = True, lay.chunk(to), m % sched.slots
    return [(delta, *tables[delta]) for delta in sorted(tables)]
