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

from deepsink._core.pipeline_schedules import (
    BIN,
    BWD,
    FWD,
    IDLE,
    SCHEDULERS,
    WGT,
    Layout,
    Schedule,
    build_schedule,
    check,
    receives,
)
from deepsink._core.stage_mesh import StageMesh

__all__ = ["SCHEDULERS", "Schedule", "build_schedule", "pipeline_loss", "recording"]

SCOPE = "pipeline_stage="
SEGMENT = "_segment="
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


# --- cutting the traced micro-batch into stages ---------------------------------------------------
def _digits(text: str) -> str:
    out = ""
    for ch in text:
        if not ch.isdigit():
            break
        out += ch
    return out


def _stage_of_eqn(eqn: Any) -> tuple | None:
    """``(pipeline_stage, pipeline_segment)`` of the innermost staged Cell around ``eqn``."""
    text = str(eqn.source_info.name_stack)
    k = text.rfind(SCOPE)
    if k < 0:
        return None
    digits = _digits(text[k + len(SCOPE) :])
    rest = text[k + len(SCOPE) + len(digits) :]
    segment = int(_digits(rest[len(SEGMENT) :])) if rest.startswith(SEGMENT) else 0
    return int(digits), segment


@dataclass
class Staged:
    """One micro-batch's computation cut into virtual stages (``pipeline_schedules.Layout``)."""

    jaxpr: Any  # the micro-batch jaxpr (params, consts and inputs as its invars)
    stage_eqns: list  # per virtual stage: its equations, in order
    boundary: list  # per boundary b (virtual stage b -> b+1): the vars crossing it
    stage_params: list  # per virtual stage: indices of the params it reads
    out_stage: int


def chunks_of(jaxpr: Any, interleave: bool) -> int:
    """The number of chunks a device stage holds: with ``pipeline_interleave`` one more than the
    largest ``pipeline_segment`` (2.10 counts its chunks so), else 1."""
    if not interleave:
        return 1
    tags = [_stage_of_eqn(e) for e in jaxpr.eqns]
    return 1 + max([t[1] for t in tags if t is not None] + [0])


def cut(jaxpr: Any, n_params: int, layout: Layout, interleave: bool = False) -> Staged:
    """Assign every equation a virtual stage and find the values crossing each boundary."""
    stages, n = layout.stages, layout.n
    invars = set(jaxpr.invars)
    where: dict = {v: -1 for v in jaxpr.invars}  # -1: an input, read where needed
    stage_eqns: list = [[] for _ in range(n)]
    for eqn in jaxpr.eqns:
        got = _stage_of_eqn(eqn)
        after = max(
            [where[v] for v in eqn.invars if not isinstance(v, Literal) and v in where] + [0]
        )
        if got is None:
            tag = after
        else:
            stage, segment = got
            if stage >= stages:
                raise RuntimeError(
                    f"For pipeline parallel, a Cell has pipeline_stage {stage}, but "
                    f"pipeline_stages is {stages}: the stage must be less than pipeline_stages"
                )
            tag = layout.vstage(stage, segment if interleave else 0)
            if tag < after:
                raise RuntimeError(
                    f"For pipeline parallel, an operator of pipeline_stage {stage} (segment "
                    f"{segment}) reads a value computed in a later stage: the stages (segment by "
                    "segment with pipeline_interleave) must run in increasing order"
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
        last[v] = n - 1
    boundary: list = [[] for _ in range(n - 1)]
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
            env.update(
                zip(
                    eqn.outvars,
                    (sub[v] if not isinstance(v, Literal) else v.val for v in body.jaxpr.outvars),
                )
            )
            continue
        if inner is not None and eqn.primitive.name == "debug_callback":  # ops.Print in a stage
            params = eqn.primitive.get_bind_params(eqn.params)
            inner.on_each_device(
                functools.partial(eqn.primitive.bind, **params), *map(read, eqn.invars)
            )
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
    interleave: bool = False,
) -> Any:
    """``sum over micro-batches m of micro_fn(params, inputs[m])`` (a scalar), computed as a
    pipeline over ``stages`` sub-meshes of ``devices`` with ``scheduler``'s schedule (with
    ``interleave``, each device stage holds one chunk per ``pipeline_segment``);
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
    chunks = chunks_of(closed.jaxpr, interleave)
    check(scheduler, stages, chunks, micro, interleave)
    layout = Layout(stages, chunks, scheduler == "zero_bubble_v")
    staged = cut(closed.jaxpr, len(params), layout, interleave)
    ins = list(input_shardings) + [None] * (len(micro_in) - len(input_shardings))
    inner = StageMesh(
        devices, stages, _constraints(closed.jaxpr.eqns) + [sh for sh in ins if sh is not None]
    )
    plan = _Plan(scheduler, interleave, layout, micro)
    return _run(staged, closed.consts, params, micro_in, inner, ins, plan)


@dataclass(frozen=True)
class _Plan:
    scheduler: str
    interleave: bool
    layout: Layout
    micro: int

    def schedule(self, backward: bool) -> Schedule:
        lay = self.layout
        return build_schedule(
            self.scheduler, lay.stages, self.micro, backward, lay.chunks, self.interleave
        )


def _keep(ring: Any, value: Any, where: tuple) -> Any:
    """``ring`` with ``value`` at ``[chunk, slot]`` where this device receives it this tick."""
    got, chunk, slot = where
    return jnp.where(got, ring.at[chunk, slot].set(value), ring)


def _rows(pack_p: Packing, groups: list, values: Sequence[Any]) -> dict:
    """The packed parameter rows, one per device stage (its chunks' Parameters)."""
    return {
        k: jnp.stack([pack_p.pack(d, [values[i] for i in idx])[k] for d, idx in enumerate(groups)])
        for k in pack_p.keys
    }


def _run(staged: Staged, consts, params, micro_in, inner, ins, plan: _Plan) -> Any:
    jaxpr = staged.jaxpr
    lay = plan.layout
    stages, n_v = lay.stages, lay.n
    n_p = len(params)
    pvars = jaxpr.invars[:n_p]
    cvars = jaxpr.constvars
    xvars = jaxpr.invars[n_p:]
    aval = lambda v: (tuple(v.aval.shape), v.aval.dtype)  # noqa: E731
    carry = Packing([[aval(v) for v in b] for b in staged.boundary] or [[]])
    cot_groups = [[aval(v) for v in b if _float(v.aval.dtype)] for b in staged.boundary]
    cots = Packing(cot_groups or [[]])
    # a device's row holds the Parameters of all its chunks (a Parameter once per device)
    groups = [
        sorted({i for vs in range(n_v) if lay.device(vs) == d for i in staged.stage_params[vs]})
        for d in range(stages)
    ]
    pack_p = Packing([[(params[i].shape, params[i].dtype) for i in idx] for idx in groups])
    out_var = jaxpr.outvars[0]
    split = inner if inner.names else None
    last_device = lay.device(n_v - 1)

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
        sched = plan.schedule(True)
        records.append(
            {
                "stages": stages,
                "chunks": lay.chunks,
                "scheduler": plan.scheduler,
                "interleave": plan.interleave,
                "micro": plan.micro,
                "devices_per_stage": inner.cuts[-1],
                "slots": sched.slots,
                "ticks": int(sched.action.shape[0]),
                "schedule_bubble": sched.bubble,
                "param_bytes": int(sum(nbytes)),
                "stage_param_bytes": [int(sum(nbytes[i] for i in idx)) for idx in groups],
                "device_param_bytes": int(
                    sum(w * np.dtype(k).itemsize for k, w in pack_p.width.items())
                ),
            }
        )

    consts_local: list = []

    def stage_fn(vs: int, prow: dict, x: Sequence[Any], carry_in: Sequence[Any]) -> Any:
        env = dict(zip(cvars, consts_local))
        env.update(zip(xvars, x))
        d = lay.device(vs)
        mine = dict(zip(groups[d], whole(pack_p.unpack(d, whole(prow)))))
        for i in staged.stage_params[vs]:
            env[pvars[i]] = mine[i]
        if vs > 0:
            env.update(zip(staged.boundary[vs - 1], carry_in))
        _eval(staged.stage_eqns[vs], env, split)
        if vs == n_v - 1:
            return env[out_var] if not isinstance(out_var, Literal) else out_var.val
        return [env[v] for v in staged.boundary[vs]]

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
        sched = plan.schedule(backward)
        ring_in = {
            k: jnp.zeros((lay.chunks, sched.slots) + b.shape, k) for k, b in carry.zeros().items()
        }
        ring_ct = {
            k: jnp.zeros((lay.chunks, sched.slots) + b.shape, k) for k, b in cots.zeros().items()
        }
        gacc = {k: jnp.zeros_like(v) for k, v in prow.items()}
        loss0 = jnp.zeros((), out_dtype)

        def branch(vs: int, a: int):
            c = lay.chunk(vs)

            def run(state_t):
                m, x, ring_in, ring_ct = state_t
                slot = m % sched.slots
                carry_in = (
                    whole(carry.unpack(vs - 1, whole({k: v[c, slot] for k, v in ring_in.items()})))
                    if vs
                    else []
                )
                send_f, send_b = carry.zeros(), cots.zeros()
                loss = jnp.zeros((), out_dtype)
                grads = {k: jnp.zeros_like(v) for k, v in prow.items()}
                if a == FWD:
                    out = stage_fn(vs, prow, x, carry_in)
                    if vs == n_v - 1:
                        loss = out.astype(out_dtype)
                    else:
                        send_f = whole(carry.pack(vs, out))
                elif a in (BWD, BIN, WGT):
                    fl = [i for i, v in enumerate(carry_in) if _float(v.dtype)]

                    def f(p, fx):
                        ci = list(carry_in)
                        for i, v in zip(fl, fx):
                            ci[i] = v
                        out = stage_fn(vs, p, x, ci)
                        if vs == n_v - 1:
                            return out
                        return [o for o in out if _float(o.dtype)]

                    if vs == n_v - 1:
                        ct = jnp.ones((), out_dtype)
                    else:
                        ct = whole(
                            cots.unpack(vs, whole({k: v[c, slot] for k, v in ring_ct.items()}))
                        )
                    fx0 = [carry_in[i] for i in fl]
                    if a == BIN:  # the input gradient only (its weight gradient runs later)
                        _, vjp = jax.vjp(lambda fx: f(prow, fx), fx0)
                        (gx,) = vjp(ct)
                    elif a == WGT:
                        _, vjp = jax.vjp(lambda p: f(p, fx0), prow)
                        (gp,) = vjp(ct)
                        grads = whole(gp)
                    else:
                        _, vjp = jax.vjp(f, prow, fx0)
                        gp, gx = vjp(ct)
                        grads = whole(gp)
                    if vs and a != WGT:
                        send_b = whole(cots.pack(vs - 1, gx))
                return send_f, send_b, loss, grads

            return run

        idle = branch(0, IDLE)
        branches = [idle] + [branch(vs, a) for vs in range(n_v) for a in (FWD, BWD, BIN, WGT)]
        pick = np.where(sched.action == IDLE, 0, 1 + sched.vstage * 4 + sched.action - 1)
        pick_t = jnp.asarray(pick.astype(np.int32))
        act_t = jnp.asarray(sched.action)
        mb_t = jnp.asarray(sched.micro)
        recv = [
            (ring, delta, [jnp.asarray(tab) for tab in tabs])
            for ring in ("x", "g")
            for delta, *tabs in receives(sched, ring)
        ]

        def tick(state, t):
            ring_in, ring_ct, gacc, loss, counts = state
            a = act_t[t, s_idx]
            counts = counts.at[a].add(1)
            m = mb_t[t, s_idx]
            send_f, send_b, l_add, g_add = jax.lax.switch(
                pick_t[t, s_idx], branches, (m, [xm[m] for xm in xs], ring_in, ring_ct)
            )
            loss = loss + l_add
            gacc = {k: gacc[k] + g_add[k] for k in gacc}
            for ring, delta, (ok, ch, sl) in recv:
                sent = send_f if ring == "x" else send_b
                if delta:
                    pairs = [(i, (i + delta) % stages) for i in range(stages)]
                    sent = {k: jax.lax.ppermute(v, "stage", pairs) for k, v in sent.items()}
                where = (ok[t, s_idx], ch[t, s_idx], sl[t, s_idx])
                if ring == "x":
                    ring_in = {k: _keep(v, sent[k], where) for k, v in ring_in.items()}
                else:
                    ring_ct = {k: _keep(v, sent[k], where) for k, v in ring_ct.items()}
            return (ring_in, ring_ct, gacc, loss, counts), None

        (_, _, gacc, loss, counts), _ = jax.lax.scan(
            tick,
            (ring_in, ring_ct, gacc, loss0, jnp.zeros((5,), jnp.int32)),
            jnp.arange(sched.action.shape[0]),
        )
        if records is not None:

            def report(stage: Any, c: Any) -> None:
                rec = {"stage": int(stage), "idle": int(c[IDLE]), "forward": int(c[FWD])}
                rec["backward"] = int(c[BWD]) + int(c[BIN])
                rec["backward_weight"] = int(c[WGT])
                records.append(rec)

            if split is None:
                jax.debug.callback(report, s_idx, counts)
            else:
                split.on_each_device(report, s_idx, counts)
        # the loss lives on the last virtual stage's device; every device returns the total
        loss = jax.lax.psum(jnp.where(s_idx == last_device, loss, 0), "stage")
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
        for d, idx in enumerate(groups):
            vals = pack_p.unpack(d, {k: v[d] for k, v in grow.items()})
            for i, g in zip(idx, vals):
                out[i] = out[i] + g.astype(params[i].dtype)
        return out

    @jax.custom_vjp
    def loss_of(ps: list) -> Any:
        return program(False)(_rows(pack_p, groups, ps), list(consts), *micro_in)[0]

    def fwd(ps: list) -> tuple:
        loss, grow = program(True)(_rows(pack_p, groups, ps), list(consts), *micro_in)
        return loss, grads_of(grow)

    def bwd(grads: list, g: Any) -> tuple:
        return ([x * g.astype(x.dtype) for x in grads],)

    loss_of.defvjp(fwd, bwd)
    return loss_of(list(params))
