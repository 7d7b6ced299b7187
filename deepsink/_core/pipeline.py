"""MindSpore's pipeline parallel as one SPMD program: stages on device sub-meshes, micro-batches
moved between them by ``ppermute``, run by a GPipe or 1F1B schedule.

A network whose Cells carry ``pipeline_stage`` (or a ``PipelineCell`` ``stage_config``) is traced
once per micro-batch into a jaxpr; every Cell with a stage wraps its ops in a named scope
``pipeline_stage=K``, so each equation knows its stage (an equation outside every staged Cell
runs in the latest stage of its inputs). The equations are cut into one function per stage; the
values a later stage reads cross the boundaries between (packed into one flat buffer per dtype).

The devices (``device_num``) form a mesh ``(stage, inner...)``: stage ``s`` owns the devices of
row ``s``. Each stage's Parameters are packed into row ``s`` of a ``(stages, n)`` buffer split over
the ``stage`` axis, so a device holds only its stage's weights during the step (a Parameter used
by two stages, a shared one, is in both rows and its gradients are added). Inside a stage the
operators are split over the stage's devices by their strategies, and each micro-batch's inputs
by the dataset strategy (``_core/stage_mesh.py``): the program is manual over ``stage`` only.

The schedule is a table ``tick x stage -> forward(m) | backward(m) | idle``, built by running
each stage's order of work (GPipe: every forward, then every backward; 1F1B: ``stages - s - 1``
warm-up forwards, then one forward and one backward in turn) as early as its inputs allow. The
program is a ``lax.scan`` over the ticks inside ``shard_map``: a device's stage and action pick
its ``lax.switch`` branch; after each tick the forward outputs move one stage on and the input
gradients one stage back. A backward recomputes its stage's forward from the saved stage input
(only stage inputs are kept: ``M`` of them with GPipe, at most ``stages`` with 1F1B).

The loss (the sum of the micro-batch outputs, as ``PipelineCell`` returns) is differentiated by a
``custom_vjp`` whose forward runs the whole schedule, backward included, and keeps the parameter
gradients; gradients flow to the Parameters only (not to the network's inputs).
"""

from __future__ import annotations

import functools
import math
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax.extend.core import Literal
from jax.sharding import PartitionSpec as P

from deepsink._core.stage_mesh import StageMesh

SCOPE = "pipeline_stage="
IDLE, FWD, BWD = 0, 1, 2
SCHEDULERS = ("1f1b", "gpipe")
_local = threading.local()


@contextmanager
def recording() -> Iterator[list]:
    """Programs traced inside the block report themselves: at trace time a dict (stages,
    schedule, the parameter bytes each device holds, ...) is appended to the yielded list, and
    each run of the program appends, per device, the ticks it spent idle, in forwards and in
    backwards (``{"device": stage, "idle": n, "forward": n, "backward": n}``)."""
    prev = getattr(_local, "records", None)
    _local.records = records = []
    try:
        yield records
    finally:
        _local.records = prev


# --- the schedule ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Schedule:
    """``action[t, s]`` (IDLE / FWD / BWD) and ``micro[t, s]`` (its micro-batch) per tick and
    stage; ``slots``: the stage inputs a stage keeps at once."""

    action: np.ndarray
    micro: np.ndarray
    slots: int

    @property
    def bubble(self) -> float:
        """The idle share of the stage-ticks of a forward+backward run."""
        return float((self.action == IDLE).mean())


def _order(kind: str, s: int, stages: int, micro: int, backward: bool) -> list:
    if not backward:
        return [(FWD, m) for m in range(micro)]
    if kind == "gpipe":
        return [(FWD, m) for m in range(micro)] + [(BWD, m) for m in range(micro)]
    warm = min(stages - s - 1, micro)
    ops = [(FWD, m) for m in range(warm)]
    for i in range(micro - warm):
        ops += [(FWD, warm + i), (BWD, i)]
    return ops + [(BWD, m) for m in range(micro - warm, micro)]


def build_schedule(kind: str, stages: int, micro: int, backward: bool = True) -> Schedule:
    """Each stage's order of work, run as early as its inputs allow: ``F(m)`` at stage ``s``
    after ``F(m)`` at ``s - 1``; ``B(m)`` after ``F(m)`` at ``s`` and ``B(m)`` at ``s + 1``
    (each finished on an earlier tick)."""
    orders = [_order(kind, s, stages, micro, backward) for s in range(stages)]
    pos = [0] * stages
    done: dict = {}
    acts, mbs = [], []
    t = 0
    while any(pos[s] < len(orders[s]) for s in range(stages)):
        row_a, row_m = [IDLE] * stages, [0] * stages
        for s in range(stages):
            if pos[s] == len(orders[s]):
                continue
            a, m = orders[s][pos[s]]
            if a == FWD:
                ready = s == 0 or done.get((FWD, m, s - 1), t) < t
            else:
                ready = done.get((FWD, m, s), t) < t and (
                    s == stages - 1 or done.get((BWD, m, s + 1), t) < t
                )
            if ready:
                row_a[s], row_m[s] = a, m
        for s in range(stages):
            if row_a[s] != IDLE:
                done[(row_a[s], row_m[s], s)] = t
                pos[s] += 1
        acts.append(row_a)
        mbs.append(row_m)
        t += 1
    action, micro_t = np.array(acts, np.int32), np.array(mbs, np.int32)
    return Schedule(action, micro_t, _slots(action, micro_t, stages, micro, backward))


def _slots(action: np.ndarray, micro_t: np.ndarray, stages: int, micro: int, bwd: bool) -> int:
    """The fewest ring slots (slot ``m % R``) such that no stage input is overwritten before its
    backward has read it: a stage input lives from its arrival to its backward."""
    for r in range(1, micro + 1):
        ok = True
        for s in range(1, stages):
            live: dict = {}
            for t in range(action.shape[0]):
                if action[t, s - 1] == FWD:  # arrives at stage s after tick t
                    m = int(micro_t[t, s - 1])
                    if live.get(m % r, m) != m:
                        ok = False
                        break
                    live[m % r] = m
                done_kind = BWD if bwd else FWD
                if action[t, s] == done_kind:
                    live.pop(int(micro_t[t, s]) % r, None)
            if not ok:
                break
        if ok:
            return r
    return micro


# --- cutting the traced micro-batch into stages ---------------------------------------------------
def _stage_of_eqn(eqn: Any) -> int | None:
    text = str(eqn.source_info.name_stack)
    k = text.rfind(SCOPE)
    if k < 0:
        return None
    digits = ""
    for ch in text[k + len(SCOPE) :]:
        if not ch.isdigit():
            break
        digits += ch
    return int(digits)


@dataclass
class Staged:
    """One micro-batch's computation cut into stages."""

    jaxpr: Any  # the micro-batch jaxpr (params, consts and inputs as its invars)
    stage_eqns: list  # per stage: its equations, in order
    boundary: list  # per boundary b (stage b -> b+1): the vars crossing it
    stage_params: list  # per stage: indices of the params it reads
    out_stage: int


def cut(jaxpr: Any, n_params: int, stages: int) -> Staged:
    """Assign every equation a stage and find the values crossing each boundary."""
    invars = set(jaxpr.invars)
    where: dict = {v: -1 for v in jaxpr.invars}  # -1: an input, read where needed
    stage_eqns: list = [[] for _ in range(stages)]
    for eqn in jaxpr.eqns:
        tag = _stage_of_eqn(eqn)
        after = max(
            [where[v] for v in eqn.invars if not isinstance(v, Literal) and v in where] + [0]
        )
        if tag is None:
            tag = after
        elif tag < after:
            raise RuntimeError(
                f"For pipeline parallel, an operator of pipeline_stage {tag} reads a value "
                f"computed in pipeline_stage {after}: the stages must run in increasing order"
            )
        if tag >= stages:
            raise RuntimeError(
                f"For pipeline parallel, a Cell has pipeline_stage {tag}, but pipeline_stages is "
                f"{stages}: the stage must be less than pipeline_stages"
            )
        stage_eqns[tag].append(eqn)
        for v in eqn.outvars:
            where[v] = tag
    # the last stage read of each var (the network's output is read after the last stage)
    last: dict = {}
    for s, eqns in enumerate(stage_eqns):
        for eqn in eqns:
            for v in eqn.invars:
                if not isinstance(v, Literal):
                    last[v] = max(last.get(v, -1), s)
    outs = [v for v in jaxpr.outvars if not isinstance(v, Literal)]
    for v in outs:
        last[v] = stages - 1
    boundary: list = [[] for _ in range(stages - 1)]
    for v, s_read in last.items():
        if v in invars:
            continue
        for b in range(where[v], s_read):
            boundary[b].append(v)
    stage_params = []
    pvars = jaxpr.invars[:n_params]
    for eqns in stage_eqns:
        used = {v for e in eqns for v in e.invars if not isinstance(v, Literal)}
        stage_params.append([i for i, v in enumerate(pvars) if v in used])
    out_stage = max((where.get(v, -1) for v in outs), default=-1)
    return Staged(jaxpr, stage_eqns, boundary, stage_params, max(out_stage, 0))


# calls whose body runs inline inside a split stage: its strategies and Prints are the stage's,
# and a custom derivative's rules were traced over the trace's own meshes, which the stage's
# program cannot mix with its own (the gradient is then the body's own)
_CALLS = {"jit": "jaxpr", "pjit": "jaxpr", "closed_call": "call_jaxpr", "core_call": "call_jaxpr",
          "custom_jvp_call": "call_jaxpr", "custom_vjp_call": "call_jaxpr"}  # fmt: skip


def _body(eqn: Any) -> Any:
    """The closed jaxpr of a call ``eqn`` that runs inline, else None."""
    key = _CALLS.get(eqn.primitive.name)
    return None if key is None else eqn.params[key]


def _constraints(eqns: Sequence[Any]) -> list:
    """The shardings of the strategies among ``eqns`` and the calls they make (each over one
    stage's devices)."""
    out = []
    for e in eqns:
        if e.primitive.name == "sharding_constraint":
            out.append(e.params["sharding"])
        elif _body(e) is not None:
            out += _constraints(_body(e).jaxpr.eqns)
    return out


def _eval(eqns: Sequence[Any], env: dict, inner: StageMesh | None) -> None:
    def read(v: Any) -> Any:
        return v.val if isinstance(v, Literal) else env[v]

    for eqn in eqns:
        if eqn.primitive.name == "sharding_constraint":
            # a strategy over the stage's devices: on the stage's axes (none: one device a stage)
            x = read(eqn.invars[0])
            if inner is not None:
                if inner.hop:  # see StageMesh.hop
                    x = jax.lax.with_sharding_constraint(x, P())
                x = jax.lax.with_sharding_constraint(x, inner.spec(eqn.params["sharding"]))
            env[eqn.outvars[0]] = x
            continue
        body = None if inner is None else _body(eqn)
        if body is not None:
            sub = dict(zip(body.jaxpr.constvars, body.consts))
            sub.update(zip(body.jaxpr.invars, map(read, eqn.invars)))
            _eval(body.jaxpr.eqns, sub, inner)
            env.update(zip(eqn.outvars, (sub[v] if not isinstance(v, Literal) else v.val
                                         for v in body.jaxpr.outvars)))  # fmt: skip
            continue
        if inner is not None and eqn.primitive.name == "debug_callback":  # ops.Print in a stage
            params = eqn.primitive.get_bind_params(eqn.params)
            inner.on_each_device(functools.partial(eqn.primitive.bind, **params),
                                  *map(read, eqn.invars))  # fmt: skip
            continue
        params = eqn.primitive.get_bind_params(eqn.params)
        with eqn.ctx.manager:
            ans = eqn.primitive.bind(*map(read, eqn.invars), **params)
        if eqn.primitive.multiple_results:
            env.update(zip(eqn.outvars, ans))
        else:
            env[eqn.outvars[0]] = ans


# --- packing values of mixed shapes into one flat buffer per dtype --------------------------------
class Packing:
    """Places for lists of (shape, dtype) values in per-dtype flat buffers of fixed widths."""

    def __init__(self, groups: Sequence[Sequence[tuple]]) -> None:
        self.width: dict = {}
        self.places: list = []
        for group in groups:
            used: dict = {}
            places = []
            for shape, dtype in group:
                key = np.dtype(dtype).name
                n = math.prod(shape)
                places.append((key, used.get(key, 0), shape))
                used[key] = used.get(key, 0) + n
            for key, n in used.items():
                self.width[key] = max(self.width.get(key, 0), n)
            self.places.append(places)
        self.keys = sorted(self.width)

    def zeros(self) -> dict:
        return {k: jnp.zeros((self.width[k],), k) for k in self.keys}

    def pack(self, g: int, values: Sequence[Any]) -> dict:
        parts: dict = {k: [] for k in self.keys}
        for (key, _, _), v in zip(self.places[g], values):
            parts[key].append(jnp.ravel(v).astype(key))
        out = {}
        for k in self.keys:
            flat = jnp.concatenate(parts[k]) if parts[k] else jnp.zeros((0,), k)
            out[k] = jnp.pad(flat, (0, self.width[k] - flat.shape[0]))
        return out

    def unpack(self, g: int, bufs: dict) -> list:
        return [
            jax.lax.dynamic_slice_in_dim(bufs[key], off, math.prod(shape)).reshape(shape)
            for key, off, shape in self.places[g]
        ]


# --- the program ----------------------------------------------------------------------------------
def _float(dtype: Any) -> bool:
    return jnp.issubdtype(dtype, jnp.inexact)


def pipeline_loss(
    micro_fn: Callable[[Sequence[Any], Sequence[Any]], Any],
    params: Sequence[Any],
    inputs: Sequence[Any],
    micro: int,
    devices: Sequence[Any],
    stages: int,
    scheduler: str,
    input_shardings: Sequence[Any] = (),
) -> Any:
    """``sum over micro-batches m of micro_fn(params, inputs[m])`` (a scalar), computed as a
    pipeline over ``stages`` sub-meshes of ``devices`` with ``scheduler``'s schedule;
    differentiable in ``params``. ``micro_fn`` is traced as it runs on one stage's devices: its
    sharding constraints are over those devices (``_core/stage_mesh.py``), and so are
    ``input_shardings`` (per input, one micro-batch's sharding or None)."""
    n = len(devices)
    if n % stages:
        raise RuntimeError(
            f"For pipeline parallel, the device number {n} cannot be divided evenly by "
            f"pipeline_stages {stages}"
        )
    params = [jnp.asarray(p) for p in params]
    micro_in = [jnp.reshape(x, (micro, x.shape[0] // micro) + x.shape[1:]) for x in inputs]
    one = [jax.ShapeDtypeStruct(x.shape[1:], x.dtype) for x in micro_in]
    closed = jax.make_jaxpr(micro_fn)([jax.ShapeDtypeStruct(p.shape, p.dtype) for p in params], one)
    if len(closed.out_avals) != 1 or closed.out_avals[0].shape != ():
        raise NotImplementedError(
            "For pipeline parallel, the network (with its loss) must return one scalar; it "
            f"returns {[a.str_short() for a in closed.out_avals]}"
        )
    if not _float(closed.out_avals[0].dtype):
        raise TypeError("For pipeline parallel, the network's output must be a float scalar")
    staged = cut(closed.jaxpr, len(params), stages)
    ins = list(input_shardings) + [None] * (len(micro_in) - len(input_shardings))
    inner = StageMesh(
        devices, stages, _constraints(closed.jaxpr.eqns) + [sh for sh in ins if sh is not None]
    )
    return _run(staged, closed.consts, params, micro_in, inner, ins, stages, micro, scheduler)


def _run(staged: Staged, consts, params, micro_in, inner, ins, stages, micro, scheduler) -> Any:
    jaxpr = staged.jaxpr
    n_p = len(params)
    pvars = jaxpr.invars[:n_p]
    cvars = jaxpr.constvars
    xvars = jaxpr.invars[n_p:]
    aval = lambda v: (tuple(v.aval.shape), v.aval.dtype)  # noqa: E731
    carry = Packing([[aval(v) for v in b] for b in staged.boundary] or [[]])
    cot_groups = [[aval(v) for v in b if _float(v.aval.dtype)] for b in staged.boundary]
    cots = Packing(cot_groups or [[]])
    pack_p = Packing([[(p.shape, p.dtype) for p in (params[i] for i in idx)] for idx in
                      staged.stage_params])  # fmt: skip
    rows = {
        k: jnp.stack(
            [pack_p.pack(s, [params[i] for i in staged.stage_params[s]])[k] for s in range(stages)]
        )  # fmt: skip
        for k in pack_p.keys
    }
    out_var = jaxpr.outvars[0]
    split = inner if inner.names else None

    def whole(bufs: Any) -> Any:
        """Flat buffers whole on each device of a split stage: packing a split value into one or
        slicing one out is then local (XLA:CPU cannot run the collective-permutes it would use
        otherwise inside one stage's branch, which the other stages do not take)."""
        if split is None:
            return bufs
        return jax.tree_util.tree_map(lambda v: jax.lax.with_sharding_constraint(v, P()), bufs)

    records = getattr(_local, "records", None)
    if records is not None:
        nbytes = [p.size * p.dtype.itemsize for p in params]
        sched = build_schedule(scheduler, stages, micro)
        records.append(
            {
                "stages": stages,
                "scheduler": scheduler,
                "micro": micro,
                "devices_per_stage": inner.cuts[-1],
                "slots": sched.slots,
                "ticks": int(sched.action.shape[0]),
                "schedule_bubble": sched.bubble,
                "param_bytes": int(sum(nbytes)),
                "stage_param_bytes": [
                    int(sum(nbytes[i] for i in idx)) for idx in staged.stage_params
                ],  # fmt: skip
                "device_param_bytes": int(
                    sum(v.shape[1] * v.dtype.itemsize for v in rows.values())
                ),
            }
        )

    def stage_fn(s: int, prow: dict, x: Sequence[Any], carry_in: Sequence[Any]) -> Any:
        env = dict(zip(cvars, consts_local))
        env.update(zip(xvars, x))
        for i, v in zip(staged.stage_params[s], whole(pack_p.unpack(s, whole(prow)))):
            env[pvars[i]] = v
        if s > 0:
            env.update(zip(staged.boundary[s - 1], carry_in))
        _eval(staged.stage_eqns[s], env, split)
        if s == stages - 1:
            return env[out_var] if not isinstance(out_var, Literal) else out_var.val
        return [env[v] for v in staged.boundary[s]]

    consts_local: list = []

    def body(backward, rows_l, consts_l, *xs):
        consts_local[:] = consts_l
        prow = {k: v[0] for k, v in rows_l.items()}
        if split is not None:  # each micro-batch's inputs split over the stage's devices
            xs = [
                x if sh is None else jax.lax.with_sharding_constraint(x, split.spec(sh, 1))
                for x, sh in zip(xs, ins)
            ]
        s_idx = jax.lax.axis_index("stage")
        return _ticks(stage_fn, prow, xs, s_idx, backward)

    def _ticks(stage_fn, prow, xs, s_idx, backward):
        sched = build_schedule(scheduler, stages, micro, backward=backward)
        ring_in = {k: jnp.zeros((sched.slots,) + b.shape, k) for k, b in carry.zeros().items()}
        ring_ct = {k: jnp.zeros((sched.slots,) + b.shape, k) for k, b in cots.zeros().items()}
        gacc = {k: jnp.zeros_like(v) for k, v in prow.items()}
        loss0 = jnp.zeros((), out_dtype)

        def branch(s: int, a: int):
            def run(state_t):
                m, x, ring_in, ring_ct = state_t
                slot = m % sched.slots
                carry_in = (
                    whole(carry.unpack(s - 1, whole({k: v[slot] for k, v in ring_in.items()})))
                    if s
                    else []
                )
                send_f, send_b = carry.zeros(), cots.zeros()
                loss = jnp.zeros((), out_dtype)
                grads = {k: jnp.zeros_like(v) for k, v in prow.items()}
                if a == FWD:
                    out = stage_fn(s, prow, x, carry_in)
                    if s == stages - 1:
                        loss = out.astype(out_dtype)
                    else:
                        send_f = whole(carry.pack(s, out))
                elif a == BWD:
                    fl = [i for i, v in enumerate(carry_in) if _float(v.dtype)]

                    def f(p, fx):
                        ci = list(carry_in)
                        for i, v in zip(fl, fx):
                            ci[i] = v
                        out = stage_fn(s, p, x, ci)
                        if s == stages - 1:
                            return out
                        return [o for o in out if _float(o.dtype)]

                    _, vjp = jax.vjp(f, prow, [carry_in[i] for i in fl])
                    if s == stages - 1:
                        ct = jnp.ones((), out_dtype)
                    else:
                        ct = whole(cots.unpack(s, whole({k: v[slot] for k, v in ring_ct.items()})))
                    gp, gx = vjp(ct)
                    grads = whole(gp)
                    if s:
                        send_b = whole(cots.pack(s - 1, gx))
                return send_f, send_b, loss, grads

            return run

        branches = [branch(s, a) for s in range(stages) for a in (IDLE, FWD, BWD)]
        act_t = jnp.asarray(sched.action)
        mb_t = jnp.asarray(sched.micro)
        fwd_pairs = [(i, i + 1) for i in range(stages - 1)]
        bwd_pairs = [(i + 1, i) for i in range(stages - 1)]

        def tick(state, t):
            ring_in, ring_ct, gacc, loss, counts = state
            a = act_t[t, s_idx]
            counts = counts.at[a].add(1)
            m = mb_t[t, s_idx]
            send_f, send_b, l_add, g_add = jax.lax.switch(
                s_idx * 3 + a, branches, (m, [xm[m] for xm in xs], ring_in, ring_ct)
            )
            loss = loss + l_add
            gacc = {k: gacc[k] + g_add[k] for k in gacc}
            if stages > 1:
                recv_f = {k: jax.lax.ppermute(v, "stage", fwd_pairs) for k, v in send_f.items()}
                recv_b = {k: jax.lax.ppermute(v, "stage", bwd_pairs) for k, v in send_b.items()}
                prev = jnp.maximum(s_idx - 1, 0)
                nxt = jnp.minimum(s_idx + 1, stages - 1)
                got_f = (s_idx > 0) & (act_t[t, prev] == FWD)
                got_b = (s_idx < stages - 1) & (act_t[t, nxt] == BWD)
                slot_f = mb_t[t, prev] % sched.slots
                slot_b = mb_t[t, nxt] % sched.slots
                ring_in = {
                    k: jnp.where(got_f, v.at[slot_f].set(recv_f[k]), v) for k, v in ring_in.items()
                }
                ring_ct = {
                    k: jnp.where(got_b, v.at[slot_b].set(recv_b[k]), v) for k, v in ring_ct.items()
                }
            return (ring_in, ring_ct, gacc, loss, counts), None

        (_, _, gacc, loss, counts), _ = jax.lax.scan(
            tick,
            (ring_in, ring_ct, gacc, loss0, jnp.zeros((3,), jnp.int32)),
            jnp.arange(sched.action.shape[0]),
        )
        if records is not None:

            def report(stage: Any, c: Any) -> None:
                records.append(
                    {
                        "stage": int(stage),
                        "idle": int(c[IDLE]),
                        "forward": int(c[FWD]),
                        "backward": int(c[BWD]),
                    }
                )

            if split is None:
                jax.debug.callback(report, s_idx, counts)
            else:
                split.on_each_device(report, s_idx, counts)
        # the loss lives on the last stage; every device returns the total
        loss = jax.lax.psum(jnp.where(s_idx == stages - 1, loss, 0), "stage")
        return loss, {k: v[None] for k, v in gacc.items()}

    out_dtype = out_var.aval.dtype

    def program(backward: bool) -> Callable:
        # manual over the stages; the stage's own devices (if several) are left to GSPMD
        return jax.shard_map(
            functools.partial(body, backward),
            mesh=inner.mesh,
            in_specs=(P("stage"), P(), *([P()] * len(micro_in))),
            out_specs=(P(), P("stage")),
            axis_names={"stage"},
            check_vma=False,
        )

    def grads_of(grow: dict) -> list:
        out = [jnp.zeros_like(p) for p in params]
        for s in range(stages):
            vals = pack_p.unpack(s, {k: v[s] for k, v in grow.items()})
            for i, g in zip(staged.stage_params[s], vals):
                out[i] = out[i] + g.astype(params[i].dtype)
        return out

    @jax.custom_vjp
    def loss_of(ps: list) -> Any:
        r = {k: jnp.stack([pack_p.pack(s, [ps[i] for i in staged.stage_params[s]])[k]
                           for s in range(stages)]) for k in pack_p.keys}  # fmt: skip
        return program(False)(r, list(consts), *micro_in)[0]

    def fwd(ps: list) -> tuple:
        r = {k: jnp.stack([pack_p.pack(s, [ps[i] for i in staged.stage_params[s]])[k]
                           for s in range(stages)]) for k in pack_p.keys}  # fmt: skip
        loss, grow = program(True)(r, list(consts), *micro_in)
        return loss, grads_of(grow)

    def bwd(grads: list, g: Any) -> tuple:
        return ([x * g.astype(x.dtype) for x in grads],)

    loss_of.defvjp(fwd, bwd)
    del rows
    return loss_of(list(params))
