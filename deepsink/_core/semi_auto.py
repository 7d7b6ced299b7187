"""MindSpore's semi-automatic parallel as GSPMD: strategies and layouts become ``jax.sharding``.

MindSpore 2.10 splits a network over ``device_num`` devices from the strategies users put on
operators (``ops.MatMul().shard(((2, 4), (4, 1)))``), on Cells and functions (``ms.shard``), on
Parameters (``parameter_plan``) and on the dataset (``dataset_strategy``). deepsink runs such a
network as one XLA program over a ``jax.sharding.Mesh`` of the process's first ``device_num``
devices, and every strategy is a ``jax.lax.with_sharding_constraint`` in that program: on an op's
inputs and outputs, on a Parameter where the program reads and writes it, on the network's inputs.
XLA's SPMD partitioner (GSPMD) then inserts the collectives between differently split tensors, as
MindSpore's tensor redistribution does (an all-gather between a row split and a column split, an
all-reduce after a split contraction).

A strategy is turned into a layout as MindSpore's operator infos do: the device matrix is the
op's split numbers (``MatMul``: ``(a, b, c)`` for ``((a, b), (b, c))``; an element-wise op: its
inputs' split numbers, aligned from the right), and when it covers fewer devices than
``device_num`` the repeated-calculation dimension ``device_num / product`` is appended on the
right of the device matrix (``repeated_num_in_dev_matrix_right_``): the devices that differ only
there hold the same slice. A ``Layout`` names its device matrix itself; its tensor map counts the
device-matrix dimensions from the right (``-1``: not split).

The plan in force is the auto-parallel context (``set_auto_parallel_context(parallel_mode=
"semi_auto_parallel" | "auto_parallel")``) or the one an ``AutoParallel`` cell sets while it runs.
Strategies only act inside compiled programs (GRAPH_MODE calls, ``jit``, the sink): an eager
(PyNative) op call checks its strategy and computes the whole tensor.
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
import math
import os
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import jax
import numpy as np
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P

_local = threading.local()

SEMI_AUTO = "semi_auto_parallel"
AUTO = "auto_parallel"


# --- Layout ---------------------------------------------------------------------------------------
class Layout:
    """MindSpore's ``Layout``: a device matrix with a name per dimension; calling it with one
    alias (or a tuple of aliases, or ``"None"``) per tensor dimension gives that tensor's layout.

    The tensor map counts the device-matrix dimensions from the right: with
    ``Layout((2, 4), ("dp", "mp"))``, ``"dp"`` is ``1`` and ``"mp"`` is ``0``; ``"None"`` is ``-1``.

    Args:
        device_matrix (tuple[int]): the shape of the device arrangement; its product must be the
            number of devices the network runs on (``device_num``).
        alias_name (tuple[str]): a name per device-matrix dimension.
        rank_list (list[int], optional): the devices in device-matrix order. Default: ``None``
            (``0 .. product-1``).

    Raises:
        TypeError: ``device_matrix`` / ``alias_name`` / ``rank_list`` or an element has the wrong type.
        ValueError: lengths differ, an alias is empty, ``"None"`` or repeated, ``rank_list`` has the
            wrong length.

    Examples:
        >>> import deepsink as ms
        >>> layout = ms.Layout((2, 2, 2), ("dp", "sp", "mp"))
        >>> print(layout("dp", "mp").to_dict()["tensor_map"])
        (2, 0)
        >>> print(layout(("dp", "sp"), "None").to_dict()["tensor_map"])
        ((2, 1), -1)
    """

    def __init__(self, device_matrix: tuple, alias_name: tuple, rank_list: list | None = None):
        if not isinstance(device_matrix, tuple):
            raise TypeError(f"device_matrix must be tuple type, but got:{type(device_matrix)}")
        if not isinstance(alias_name, tuple):
            raise TypeError(f"alias_name must be tuple type, but got:{type(alias_name)}")
        if len(device_matrix) != len(alias_name):
            raise ValueError("device_matrix length should be equal to alias_name length")
        for ele in device_matrix:
            if isinstance(ele, bool) or not isinstance(ele, int):
                raise TypeError(
                    f"The element of device_matrix must be int type, but got:{type(ele)}"
                )
        for ele in alias_name:
            if not isinstance(ele, str):
                raise TypeError(f"The element of alias_name must be str type, but got:{type(ele)}")
            if not ele:
                raise ValueError("The element of alias_name can not be empty.")
            if ele == "None":
                raise ValueError(
                    "The element of alias_name can not set 'None', because 'None' means no sharding."
                )
        if len(set(alias_name)) != len(alias_name):
            raise ValueError(f"Each element of alias_name {alias_name} should be different")
        inter = "interleaved_parallel"
        if inter in alias_name and alias_name.index(inter) != len(alias_name) - 1:
            raise ValueError(
                f"When alias_name {alias_name} contains keyword 'interleaved_parallel', it should "
                "be at the last dim of alias_name, which means the virtual sharding."
            )
        size = math.prod(device_matrix)
        self._device_shape = device_matrix
        self._alias_name = alias_name
        self._tensor_map: tuple | None = None
        self._rank_list = list(range(size))
        if rank_list is not None:
            if not isinstance(rank_list, list):
                raise TypeError(
                    f"The rank_list should be a list, but got {type(rank_list).__name__}."
                )
            for ele in rank_list:
                if isinstance(ele, bool) or not isinstance(ele, int):
                    raise TypeError(
                        f"The element of rank_list should be int, but got {type(ele).__name__}."
                    )
            if len(rank_list) != size:
                raise ValueError(
                    "The length of rank_list should be equal to the product of device_matrix, "
                    f"but got {len(rank_list)} and {size}."
                )
            self._rank_list = list(rank_list)

    def _index(self, name: str, written: list) -> int:
        if name not in self._alias_name:
            raise ValueError(f"The axis {name} is not found in {self._alias_name}")
        if name in written:
            raise ValueError(f"The axis {name} has been set more than one in {self._alias_name}")
        written.append(name)
        return len(self._alias_name) - 1 - self._alias_name.index(name)

    def __call__(self, *tensor_map: Any) -> Layout:
        written: list = []
        out: tuple = ()
        for ele in tensor_map:
            if isinstance(ele, tuple):
                out += (tuple(-1 if i == "None" else self._index(i, written) for i in ele),)
            elif ele == "None":
                out += (-1,)
            else:
                out += (self._index(ele, written),)
        result = copy.deepcopy(self)
        result._tensor_map = out
        return result

    def to_dict(self) -> dict:
        """The layout as MindSpore reports it: ``device_matrix``, ``tensor_map``,
        ``interleaved_parallel``, ``alias_name`` and ``rank_list``."""
        if self._tensor_map is None:
            raise ValueError("The tensor_map of layout is None")
        return {
            "device_matrix": self._device_shape,
            "tensor_map": self._tensor_map,
            "interleaved_parallel": "interleaved_parallel" in self._alias_name,
            "alias_name": self._alias_name,
            "rank_list": self._rank_list,
        }

    def __repr__(self) -> str:
        return (
            f"Layout(device_matrix={self._device_shape}, alias_name={self._alias_name}, "
            f"tensor_map={self._tensor_map})"
        )


# --- the plan in force ----------------------------------------------------------------------------
@dataclass
class Plan:
    """How the running network is split: its devices and the dataset's strategy."""

    devices: tuple
    mode: str = SEMI_AUTO
    # "data_parallel" | "full_batch" | a tuple of strategies / Layouts (one per network input)
    dataset: Any = "data_parallel"
    # optimizer-state sharding over the data axis (enable_parallel_optimizer / AutoParallel.hsdp)
    parallel_optimizer: bool = False
    optimizer_threshold_kb: int = 64
    # pipeline parallel (``_core/pipeline.py``): the stages, the schedule (one of 2.10's
    # ``pipeline_scheduler`` values) and whether a stage holds several chunks (segments)
    pipeline_stages: int = 1
    scheduler: str = "1f1b"
    # MindSpore's optimizer_level: "level1" (weights and optimizer states split), "level2"
    # (gradients too), "level3" (the gathered weights are gathered again for the backward pass)
    optimizer_level: str = "level1"
    # strategy files: the layouts read from a load_file ({name: MindSpore layout dict}); the
    # layouts of the Parameters the plan's programs held (written to a save_file)
    loaded: dict = field(default_factory=dict)
    layouts: dict = field(default_factory=dict)
    save_file: str = ""
    only_trainable: bool = True
    interleave: bool = False
    written: Any = None
    meshes: dict = field(default_factory=dict)
    staged: Any = None  # the plan of one pipeline stage (``stage_plan``)

    @property
    def size(self) -> int:
        return len(self.devices)

    def stage_plan(self) -> Plan:
        """The plan a pipeline stage's operators are split by: the first stage's
        ``device_num / pipeline_stages`` devices, the same settings otherwise (MindSpore checks
        a strategy inside a stage against "the device number of this stage")."""
        if self.pipeline_stages == 1:
            return self
        if self.staged is None:
            self.staged = dataclasses.replace(
                self,
                devices=self.devices[: self.size // self.pipeline_stages],
                pipeline_stages=1,
                meshes={},
            )
        return self.staged

    def mesh(self, shape: tuple, names: tuple) -> Mesh:
        key = (shape, names)
        m = self.meshes.get(key)
        if m is None:
            m = self.meshes[key] = Mesh(np.array(self.devices, dtype=object).reshape(shape), names)
        return m

    def replicated(self) -> NamedSharding:
        return NamedSharding(self.mesh((self.size,), ("_all",)), P())


_plans: dict = {}


def devices_for(device_num: int) -> tuple:
    """The first ``device_num`` devices of this process (rank ``i`` is device ``i``)."""
    devs = jax.devices()
    if device_num > len(devs):
        raise RuntimeError(
            f"For semi_auto_parallel, device_num is {device_num}, but this process has "
            f"{len(devs)} {devs[0].platform} device(s); deepsink runs the split network as one "
            "program over this process's devices (on a CPU host, set XLA_FLAGS="
            "--xla_force_host_platform_device_count=N before JAX starts)"
        )
    return tuple(devs[:device_num])


def plan_for(
    device_num: int,
    mode: str,
    dataset: Any,
    parallel_optimizer: bool = False,
    threshold_kb: int = 64,
    pipeline_stages: int = 1,
    scheduler: str = "1f1b",
    optimizer_level: str = "level1",
    strategy: tuple = ("", "", True),
    interleave: bool = False,
) -> Plan:
    """The plan of these settings (one object per settings, so its meshes are reused)."""
    key = (device_num, mode, repr(dataset), parallel_optimizer, threshold_kb)
    key += (pipeline_stages, scheduler, optimizer_level, strategy, interleave)
    plan = _plans.get(key)
    if plan is None:
        if device_num % pipeline_stages:
            raise RuntimeError(
                f"For pipeline parallel, the device number {device_num} cannot be divided evenly "
                f"by pipeline_stages {pipeline_stages}"
            )
        plan = _plans[key] = Plan(
            devices_for(device_num),
            mode,
            dataset,
            parallel_optimizer,
            threshold_kb,
            pipeline_stages,
            scheduler,
            optimizer_level,
        )
        plan.interleave = interleave
        load, plan.save_file, plan.only_trainable = strategy
        if load:
            plan.loaded = read_strategy_file(load)
    return plan


def _context_plan() -> Plan | None:
    from deepsink import context  # layer 0, and context imports nothing from here

    par = context.parallel_options()
    if par["parallel_mode"] not in (SEMI_AUTO, AUTO):
        return None
    n = par["device_num"] if context.device_num_is_set() else len(jax.devices())
    dataset = par.get("dataset_strategy")
    if dataset is None:
        dataset = "full_batch" if par["full_batch"] else "data_parallel"
    config = par.get("pipeline_config") or {}
    opt = par.get("parallel_optimizer_config") or {}
    return plan_for(
        n,
        par["parallel_mode"],
        dataset,
        par["enable_parallel_optimizer"],
        opt.get("parallel_optimizer_threshold", 64),
        pipeline_stages=par["pipeline_stages"],
        scheduler=config.get("pipeline_scheduler", "1f1b"),
        optimizer_level=opt.get("optimizer_level", "level1"),
        strategy=(
            par["strategy_ckpt_config"]["load_file"],
            par["strategy_ckpt_config"]["save_file"],
            par["strategy_ckpt_config"]["only_trainable_params"],
        ),
        interleave=config.get("pipeline_interleave", False),
    )


def active() -> Plan | None:
    """The plan in force: an ``AutoParallel`` cell's while it runs, else the auto-parallel
    context's in the semi-auto / auto modes, else None (strategies are only recorded)."""
    plan = getattr(_local, "plan", None)
    return plan if plan is not None else _context_plan()


@contextmanager
def using(plan: Plan) -> Iterator[Plan]:
    prev = getattr(_local, "plan", None)
    _local.plan = plan
    try:
        yield plan
    finally:
        _local.plan = prev


# --- strategies -> shardings ----------------------------------------------------------------------
def _fmt(strategy: Sequence) -> str:
    return "(" + ", ".join("(" + ", ".join(str(v) for v in s) + ")" for s in strategy) + ")"


def check_strategy(name: str, strategy: tuple, shapes: Sequence[tuple], size: int) -> None:
    """MindSpore's ``CheckStrategyValue``: one strategy per input, one split number per dimension,
    each positive, dividing the dimension, and (on a power-of-2 device count) a power of 2."""
    text = _fmt(strategy)
    if len(strategy) != len(shapes):
        raise RuntimeError(
            f"{name}: The strategy is {text}, strategy size: {len(strategy)} is not equal to "
            f"inputs size: {len(shapes)}"
        )
    for i, (s, shape) in enumerate(zip(strategy, shapes)):
        if len(s) != len(shape):
            raise RuntimeError(
                f"{name}: The strategy is {text}, strategy len: {len(s)} is not equal to inputs "
                f"len: {len(shape)}, index: {i}"
            )
        for v, dim in zip(s, shape):
            if v < 1:
                raise RuntimeError(
                    f"{name}: The strategy is {text}, the value of strategy must be larger than "
                    f"0, but get {v}"
                )
            if dim % v:
                raise RuntimeError(
                    f"{name}: The strategy is {text}, shape {dim} cannot be divisible by strategy "
                    f"value {v}"
                )
            if v & (v - 1) and not size & (size - 1):
                raise RuntimeError(
                    f"{name}: The strategy is {text}, the value of strategy must be the power of "
                    f"2, but get {v}"
                )


@dataclass(frozen=True)
class TensorLayout:
    """A device matrix, its axis names, and per tensor dimension the names splitting it."""

    device_matrix: tuple
    names: tuple
    spec: tuple  # per dimension: None, a name, or a tuple of names

    def sharding(self, plan: Plan) -> NamedSharding:
        return NamedSharding(plan.mesh(self.device_matrix, self.names), P(*self.spec))


def _with_repeat(name: str, strategy: tuple, dev_matrix: tuple, size: int) -> tuple:
    need = math.prod(dev_matrix)
    if size % need:
        raise RuntimeError(
            f"{name}: The strategy is {_fmt(strategy)}, it requires {need} devices, but the "
            f"device number of this stage is {size}, it can not be divisible by {need}"
        )
    return dev_matrix + ((size // need,) if size > need else ())


def _names(n: int) -> tuple:
    # device-matrix dimension k (counted from the left) is "d{k}"; the repeat one, if any, "rep"
    return tuple(f"d{k}" for k in range(n))


def _aligned(name: str, strategy: tuple, size: int) -> list[TensorLayout]:
    """An element-wise / generic op: the device matrix is the split numbers of its
    highest-rank input; every input maps its dimensions onto it aligned from the right (a
    broadcast dimension of size 1 is not split)."""
    rank = max(len(s) for s in strategy)
    base = next(s for s in strategy if len(s) == rank)
    for s in strategy:
        for k, v in enumerate(s):
            d = rank - len(s) + k
            if v != 1 and v != base[d]:
                raise RuntimeError(
                    f"{name}: The strategy is {_fmt(strategy)}, the split numbers of the inputs "
                    "must be equal in each dimension they share (or 1 for a broadcast one)"
                )
    dm = _with_repeat(name, strategy, tuple(base), size)
    names = _names(rank) + (("rep",) if len(dm) > rank else ())
    out = []
    for s in strategy:
        off = rank - len(s)
        spec = tuple(names[off + k] if v > 1 else None for k, v in enumerate(s))
        out.append(TensorLayout(dm, names, spec))
    return out


def _matmul(name: str, strategy: tuple, attrs: dict, size: int) -> tuple[list, TensorLayout]:
    """``MatMul`` / ``BatchMatMul``: device matrix ``(batch..., a, b, c)`` for
    ``((batch..., a, b), (batch..., b, c))`` (transposes read from the attributes); the
    output ``(batch..., a, c)``; a split ``b`` is summed by an all-reduce."""
    x, w = strategy
    ta = bool(attrs.get("transpose_a", attrs.get("transpose_x1", False)))
    tb = bool(attrs.get("transpose_b", attrs.get("transpose_x2", False)))
    xb, (a, b) = x[:-2], ((x[-1], x[-2]) if ta else (x[-2], x[-1]))
    wb, (b2, c) = w[:-2], ((w[-1], w[-2]) if tb else (w[-2], w[-1]))
    if b != b2:
        raise RuntimeError(
            f"{name}: The strategy is {_fmt(strategy)}, the split number of the reduce dimension "
            f"of input_x ({b}) and of input_y ({b2}) must be equal"
        )
    batch = tuple(xb) if len(xb) >= len(wb) else tuple(wb)
    nb = len(batch)
    dm = _with_repeat(name, strategy, batch + (a, b, c), size)
    names = _names(nb + 3) + (("rep",) if len(dm) > nb + 3 else ())
    na, nbk, nc = names[nb], names[nb + 1], names[nb + 2]

    def bspec(s: tuple) -> tuple:
        off = nb - len(s)
        return tuple(names[off + k] if v > 1 else None for k, v in enumerate(s))

    def pick(n: str, v: int) -> str | None:
        return n if v > 1 else None

    xs = (pick(nbk, b), pick(na, a)) if ta else (pick(na, a), pick(nbk, b))
    ws = (pick(nc, c), pick(nbk, b)) if tb else (pick(nbk, b), pick(nc, c))
    ins = [TensorLayout(dm, names, bspec(xb) + xs), TensorLayout(dm, names, bspec(wb) + ws)]
    out = TensorLayout(dm, names, bspec(batch) + (pick(na, a), pick(nc, c)))
    return ins, out


def layout_of(name: str, lay: dict, shape: tuple, size: int) -> TensorLayout:
    """A tensor's ``Layout`` (its ``to_dict``) as a ``TensorLayout``; the device matrix must hold
    exactly the devices the network runs on."""
    dm, alias, tmap = lay["device_matrix"], lay["alias_name"], lay["tensor_map"]
    if lay.get("interleaved_parallel"):
        raise NotImplementedError(
            f"For '{name}', a Layout with 'interleaved_parallel' (virtual splits on one device) "
            "is not supported by deepsink"
        )
    if "rank_list" in lay and lay["rank_list"] != list(range(math.prod(dm))):
        raise NotImplementedError(
            f"For '{name}', a Layout with a rank_list other than 0..n-1 is not supported by "
            "deepsink (every split tensor of a program uses the devices in rank order)"
        )
    if math.prod(dm) != size:
        raise RuntimeError(
            f"For '{name}', the device_matrix {dm} of the layout holds {math.prod(dm)} devices, "
            f"but the device number of this stage is {size}: their product must be equal"
        )
    if len(tmap) != len(shape):
        raise RuntimeError(
            f"For '{name}', the tensor_map {tmap} of the layout has {len(tmap)} dimensions, but "
            f"the tensor's shape is {shape}"
        )
    spec = []
    for k, m in enumerate(tmap):
        group = m if isinstance(m, tuple) else (m,)
        axes = tuple(alias[len(alias) - 1 - i] for i in group if i != -1)
        split = math.prod(dm[len(alias) - 1 - i] for i in group if i != -1)
        if shape[k] % split:
            raise RuntimeError(
                f"For '{name}', the layout splits dimension {k} (size {shape[k]}) into {split} "
                "slices: it cannot be divided evenly"
            )
        spec.append(None if not axes else axes[0] if len(axes) == 1 else axes)
    return TensorLayout(tuple(dm), tuple(alias), tuple(spec))


def is_layouts(strategy: Any) -> bool:
    return bool(strategy) and all(isinstance(s, dict) for s in strategy)


def op_layouts(
    name: str, strategy: tuple, attrs: dict, shapes: Sequence[tuple], size: int
) -> tuple[list[TensorLayout], TensorLayout | None]:
    """The input layouts of an op's ``in_strategy`` (split numbers or Layouts), and the
    output's when MindSpore's operator info fixes it (MatMul; an op whose output has its first
    input's shape); None leaves the output to XLA's propagation."""
    if is_layouts(strategy):
        if len(strategy) != len(shapes):
            raise RuntimeError(
                f"{name}: the layout size: {len(strategy)} is not equal to inputs size: "
                f"{len(shapes)}"
            )
        return [layout_of(name, lay, s, size) for lay, s in zip(strategy, shapes)], None
    check_strategy(name, strategy, shapes, size)
    if name in ("MatMul", "BatchMatMul") and len(strategy) == 2:
        return _matmul(name, strategy, attrs, size)
    ins = _aligned(name, strategy, size)
    return ins, None


def out_layouts(name: str, strategy: tuple, shapes: Sequence[tuple], size: int) -> list:
    """The layouts of an ``out_strategy`` (MindSpore allows one only with an ``in_strategy``)."""
    if is_layouts(strategy):
        return [layout_of(name, lay, s, size) for lay, s in zip(strategy, shapes)]
    check_strategy(name, strategy, shapes, size)
    return [_aligned(name, (s,), size)[0] for s in strategy]


def constrain(x: Any, lay: TensorLayout | NamedSharding, plan: Plan) -> Any:
    """``x`` (an array, traced or not) laid out as ``lay``."""
    sh = lay if isinstance(lay, NamedSharding) else lay.sharding(plan)
    return jax.lax.with_sharding_constraint(x, sh)


def strategy_sharding(name: str, strategy: Any, shape: tuple, plan: Plan) -> NamedSharding:
    """The sharding of one tensor from its own strategy (a tuple of split numbers, repeated
    calculation on the right) or Layout dict."""
    if isinstance(strategy, dict):
        return layout_of(name, strategy, shape, plan.size).sharding(plan)
    check_strategy(name, (tuple(strategy),), [shape], plan.size)
    return _aligned(name, (tuple(strategy),), plan.size)[0].sharding(plan)


# --- the network's inputs and its Parameters ------------------------------------------------------
def data_parallel_sharding(shape: tuple, plan: Plan) -> NamedSharding | None:
    """``dataset_strategy="data_parallel"``: the batch dimension split over every device (None
    when the tensor has no batch dimension that divides)."""
    if not shape or shape[0] % plan.size:
        return None
    return strategy_sharding(
        "dataset_strategy", (plan.size,) + (1,) * (len(shape) - 1), shape, plan
    )


def input_sharding(i: int, shape: tuple, plan: Plan) -> NamedSharding | None:
    """The sharding the dataset strategy gives the network's ``i``-th input (None: whole)."""
    ds = plan.dataset
    if ds == "full_batch":
        return None
    if ds == "data_parallel":
        return data_parallel_sharding(shape, plan)
    if i < len(ds):
        return strategy_sharding("dataset_strategy", ds[i], shape, plan)
    return None


def dataset_inputs(arrays: Sequence[Any], plan: Plan) -> list:
    """The network's input arrays laid out by the plan's dataset strategy."""
    if plan.dataset == "full_batch":
        return list(arrays)
    out = []
    for i, x in enumerate(arrays):
        sh = input_sharding(i, x.shape, plan) if isinstance(x, jax.Array) else None
        out.append(x if sh is None else jax.lax.with_sharding_constraint(x, sh))
    return out


def assemble_inputs(arrays: Sequence[Any], plan: Plan, lead: int = 0) -> list:
    """Several processes, inputs not ``full_batch``: each process holds its own part of the
    batch (its dataset shard, ``num_shards=rank_size, shard_id=rank_id``); the parts become one
    global array laid out by the dataset strategy, each process's part on its own devices.
    ``lead``: leading axes of each array that are not the input's (the sink's steps).

    With pipeline stages, ``"data_parallel"`` splits the batch over the devices of a stage (as
    MindSpore's does), and a strategy tuple (or Layout) is over a stage's devices; every stage
    reads the same batch: a process's part is the part of its stage's devices."""
    if jax.process_count() == 1 or plan.dataset == "full_batch":
        return list(arrays)
    out = []
    for i, x in enumerate(arrays):
        if isinstance(x, jax.core.Tracer) or not isinstance(x, jax.Array | np.ndarray):
            out.append(x)
            continue
        if isinstance(x, jax.Array) and not x.is_fully_addressable:
            out.append(x)  # already global
            continue
        shape = tuple(np.shape(x))[lead:]
        sh = _process_sharding(i, shape, plan)
        if sh is None:
            out.append(x)
            continue
        if lead:
            sh = NamedSharding(sh.mesh, P(*(None,) * lead, *sh.spec))
        out.append(jax.make_array_from_process_local_data(sh, np.asarray(x)))
    return out


def _process_sharding(i: int, local: tuple, plan: Plan) -> NamedSharding | None:
    """The sharding of the network's ``i``-th input assembled from this process's part of shape
    ``local``; a part that does not give whole slices to this process's devices raises the
    dataset strategy's error (before JAX's own)."""
    # a shape every split divides (each dimension split at most plan.size ways), to read which
    # slices the strategy gives this process's devices
    probe = tuple(plan.size for _ in local)
    if plan.pipeline_stages > 1 and plan.dataset != "data_parallel":
        sh = _every_stage(input_sharding(i, probe, plan.stage_plan()), plan)
        strategy = plan.dataset[i] if i < len(plan.dataset) else None
    elif plan.pipeline_stages > 1:
        per = plan.size // plan.pipeline_stages
        if not local or local[0] == 0:
            return None
        mesh = plan.mesh((plan.pipeline_stages, per), ("stage", "inner"))
        sh = NamedSharding(mesh, P("inner", *(None,) * (len(local) - 1)))
        strategy: Any = (per,) + (1,) * (len(local) - 1)
    elif plan.dataset == "data_parallel":
        if not local:
            return None
        sh = data_parallel_sharding(probe, plan)
        strategy = (plan.size,) + (1,) * (len(local) - 1)
    else:
        sh = input_sharding(i, probe, plan)
        strategy = plan.dataset[i] if i < len(plan.dataset) else None
    if sh is None:
        return None
    index = sh.devices_indices_map(probe)
    mine = [index[d] for d in sh.mesh.devices.flat if d.process_index == jax.process_index()]
    for d, n in enumerate(local):
        splits = len({index[dev][d].start for dev in sh.mesh.devices.flat})
        held = len({sl[d].start for sl in mine})
        if n % held:
            raise RuntimeError(
                f"For dataset_strategy {strategy}, the network's input {i} of shape {local} on "
                f"process {jax.process_index()} of {jax.process_count()} cannot be split: the "
                f"strategy splits its dimension {d} into {splits} slices over {plan.size} "
                f"devices, {held} of them on this process's {len(mine)} devices, so the "
                f"process's part of dimension {d} must be divisible by {held}, but it is {n}"
            )
    return sh


def _every_stage(sh: NamedSharding | None, plan: Plan) -> NamedSharding | None:
    """A sharding over the first stage's devices laid out the same way on every stage's devices
    (the stages' copies of an input), over a mesh ``(stage, *sh's axes)``."""
    if sh is None:
        return None
    per = plan.size // plan.pipeline_stages
    pos = {d: k for k, d in enumerate(plan.devices[:per])}
    grid = np.empty((plan.pipeline_stages,) + sh.mesh.devices.shape, dtype=object)
    for s in range(plan.pipeline_stages):
        for idx, d in np.ndenumerate(sh.mesh.devices):
            grid[(s,) + idx] = plan.devices[s * per + pos[d]]
    return NamedSharding(Mesh(grid, ("_stage",) + tuple(sh.mesh.axis_names)), sh.spec)


def state_sharding(box: Any, value: Any, plan: Plan) -> NamedSharding | None:
    """The sharding of a state box in the program: a Parameter's ``parameter_plan`` layout;
    else, with the parallel optimizer (``enable_parallel_optimizer`` / ``AutoParallel.hsdp``),
    every Parameter (weights and optimizer states: MindSpore's level1) of at least the threshold
    split over every device along its first dimension that divides; ops that need it whole get it
    by an all-gather XLA inserts."""
    shape = tuple(getattr(value, "shape", ()))
    name = getattr(box, "name", None)
    sh = _state_sharding(box, name, shape, value, plan)
    if (
        isinstance(name, str)
        and not name.startswith("_")  # deepsink's own state (RNG keys, data checks)
        and getattr(box, "requires_grad", None) is not None
    ):
        plan.layouts[name] = box  # a Parameter the plan's programs hold (strategy files)
    return sh


def _state_sharding(box: Any, name: Any, shape: tuple, value: Any, plan: Plan) -> Any:
    want = getattr(box, "_parallel_layout", None)
    if want is None and isinstance(name, str) and name in plan.loaded:
        lay = plan.loaded[name]
        dm = tuple(lay["dev_matrix"])
        want = {
            "device_matrix": dm,
            "alias_name": tuple(f"d{k}" for k in range(len(dm))),
            "tensor_map": tuple(lay["tensor_map"]),
        }
    if want is not None:
        return strategy_sharding(name or "parameter", want, shape, plan)
    if not plan.parallel_optimizer or not isinstance(name, str) or not shape:
        return None
    nbytes = math.prod(shape) * np.dtype(value.dtype).itemsize
    if nbytes < plan.optimizer_threshold_kb * 1024:
        return None
    for d, n in enumerate(shape):
        if n % plan.size == 0:
            spec = [None] * len(shape)
            spec[d] = "_all"
            return NamedSharding(plan.mesh((plan.size,), ("_all",)), P(*spec))
    return None


def array_layout(x: Any, plan: Plan) -> dict:
    """The layout of an array on the plan's devices as MindSpore's strategy file writes it: a
    device matrix over the plan's devices in rank order (row-major) and per tensor dimension the
    device-matrix dimension splitting it, counted from the right (-1: not split); the devices
    that differ only in a dimension no tensor dimension uses hold the same slice."""
    ndim = len(x.shape)
    if x.sharding.device_set != set(plan.devices) or x.sharding.is_fully_replicated:
        return {"dev_matrix": [plan.size], "tensor_map": [-1] * ndim}
    index = x.sharding.devices_indices_map(tuple(x.shape))
    blocks = []  # per rank: the block number along each dimension
    for d in plan.devices:
        sl = index[d]
        blocks.append(
            tuple(
                (s.start or 0) // max((s.stop or n) - (s.start or 0), 1)
                for s, n in zip(sl, x.shape)
            )
        )
    splits = [max(b[k] for b in blocks) + 1 for k in range(ndim)]
    rep = plan.size // max(math.prod(splits), 1)
    factors = [(k, n) for k, n in enumerate(splits) if n > 1] + ([(-1, rep)] if rep > 1 else [])
    for order in itertools.permutations(factors):
        dm = [n for _, n in order] or [plan.size]
        ok = True
        for rank, b in enumerate(blocks):
            coord = np.unravel_index(rank, dm)
            if any(coord[a] != b[k] for a, (k, _) in enumerate(order) if k >= 0):
                ok = False
                break
        if ok:
            tmap = [-1] * ndim
            for a, (k, _) in enumerate(order):
                if k >= 0:
                    tmap[k] = len(dm) - 1 - a
            return {"dev_matrix": dm, "tensor_map": tmap}
    raise NotImplementedError(
        f"The layout {x.sharding} cannot be written as a device matrix over the devices in rank "
        "order (MindSpore's strategy file format)"
    )


def rank_slice(x: Any, plan: Plan, rank: int) -> Any:
    """Rank ``rank``'s slice of an array split over the plan's devices (what that rank's
    checkpoint holds in MindSpore)."""
    device = plan.devices[rank]
    for shard in x.addressable_shards:
        if shard.device == device:
            return shard.data
    raise ValueError(f"rank {rank}'s slice is not held by this process")


def write_strategy_file(path: str, plan: Plan, only_trainable: bool = True) -> None:
    """MindSpore's JSON strategy file of the Parameters the plan's programs held."""
    import json

    if not path.endswith(".json"):
        raise NotImplementedError(
            f"For the strategy file '{path}', deepsink writes and reads MindSpore's JSON format "
            "(a file name ending in '.json'), not its ProtoBuf format"
        )
    items = {}
    for name, box in sorted(plan.layouts.items()):
        value = box._value
        if (only_trainable and not box.requires_grad) or not isinstance(value, jax.Array):
            continue
        if isinstance(value, jax.core.Tracer) or not value.shape:
            continue
        items[name] = dict(
            array_layout(value, plan),
            param_split_shape=[],
            indices_offset=[],
            field=0,
            opt_weight_shard_step=0,
            opt_weight_shard_size=0,
        )
    content = {"current_stage": 0, "parallel_strategy_item": {}, "parallel_layout_item": items}
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(content, f)


def save_strategy(plan: Plan) -> None:
    """After a program of the plan ran: its strategy file, when one is asked for and the
    layouts changed since it was last written."""
    if not plan.save_file:
        return
    state = (
        plan.save_file,
        tuple(
            (n, str(getattr(b._value, "sharding", None))) for n, b in sorted(plan.layouts.items())
        ),
    )
    if plan.written != state:
        write_strategy_file(plan.save_file, plan, plan.only_trainable)
        plan.written = state


def read_strategy_file(path: str, api: str = "strategy_ckpt_config") -> dict:
    """The ``parallel_layout_item`` of MindSpore's JSON strategy file: ``{name: layout}``."""
    import json

    if not isinstance(path, str) or not path.endswith(".json"):
        raise NotImplementedError(
            f"For '{api}', deepsink reads MindSpore's JSON strategy files (a name ending in "
            f"'.json'), not its ProtoBuf format, but got {path!r}"
        )
    if not os.path.isfile(path):
        raise ValueError(f"For '{api}', the strategy file {path} doesn't exist.")
    with open(path, encoding="utf-8") as f:
        content = json.load(f)
    return dict(content.get("parallel_layout_item", {}))


GATHERED = "deepsink_gathered_weight"


def constrain_state(box: Any, value: Any, read: bool = False) -> Any:
    """A state value read (``read``) or written inside a compiled program, laid out by its plan.
    With ``optimizer_level="level3"`` a split weight is read gathered whole under the name
    ``GATHERED``: the gradient's rematerialisation policy (``_compile/grad.py``) does not keep it
    for the backward pass, which gathers it again."""
    if not isinstance(value, jax.core.Tracer):  # eager values first: no plan lookup per call
        return value
    plan = active()
    if plan is None:
        return value
    sh = state_sharding(box, value, plan)
    if sh is None:
        return value
    value = jax.lax.with_sharding_constraint(value, sh)
    if read and plan.optimizer_level == "level3" and getattr(box, "requires_grad", False):
        from jax.ad_checkpoint import checkpoint_name

        whole = jax.lax.with_sharding_constraint(value, NamedSharding(sh.mesh, P()))
        return checkpoint_name(whole, GATHERED)
    return value


def remat_policy() -> Any:
    """The rematerialisation policy of a gradient under the plan in force: with
    ``optimizer_level="level3"``, every value is kept for the backward pass except the gathered
    weights; otherwise None (no rematerialisation)."""
    plan = active()
    if plan is None or not plan.parallel_optimizer or plan.optimizer_level != "level3":
        return None
    return jax.checkpoint_policies.save_anything_except_these_names(GATHERED)


def constrain_gradient(box: Any, grad: Any) -> Any:
    """With ``optimizer_level`` "level2" / "level3", a gradient reaching the optimizer is split
    as its Parameter is (XLA reduces it with a reduce-scatter instead of an all-reduce)."""
    if not isinstance(grad, jax.core.Tracer):
        return grad
    plan = active()
    if plan is None or plan.optimizer_level == "level1":
        return grad
    sh = state_sharding(box, grad, plan)
    return grad if sh is None else jax.lax.with_sharding_constraint(grad, sh)


_placed = False  # whether any array was ever put on a plan's devices (see ``unplace``)


def _replicate(x: Any, rep: NamedSharding) -> Any:
    if jax.process_count() == 1:
        return jax.device_put(x, rep)
    # several processes: each puts its own copy on its devices of the plan (every process holds
    # the same value: a replicated Parameter, or the whole batch with full_batch)
    parts = [jax.device_put(x, d) for d in rep.addressable_devices]
    return jax.make_array_from_single_device_arrays(np.shape(x), rep, parts)


def place(tree: Any, plan: Plan) -> Any:
    """Arrays not yet on the plan's devices, replicated onto them (a program's arguments must
    all live on its devices)."""
    global _placed
    _placed = True
    devs = set(plan.devices)
    rep = plan.replicated()

    def one(x: Any) -> Any:
        if isinstance(x, jax.Array) and not isinstance(x, jax.core.Tracer):
            if x.sharding.device_set != devs:
                return _replicate(x, rep)
        elif isinstance(x, np.ndarray | np.generic):
            return _replicate(x, rep)
        return x

    return jax.tree_util.tree_map(one, tree)


def whole_results(arrays: Sequence[Any], plan: Plan) -> list:
    """Several processes: a compiled program's results (not its Parameters' new values) made
    whole on every device at the end of the program (an all-gather where GSPMD left one split),
    so that each process reads the whole result, as one process of all the devices does (a
    per-sample loss that ``LossMonitor`` averages). With one process the results stay as GSPMD
    lays them out, and a host read gathers them."""
    if jax.process_count() == 1 or plan.pipeline_stages > 1:
        return list(arrays)
    whole = plan.replicated()
    return [
        jax.lax.with_sharding_constraint(x, whole) if isinstance(x, jax.Array) else x
        for x in arrays
    ]


def localize(tree: Any) -> Any:
    """Several processes: a program's whole (replicated) results as this process's own arrays,
    so that they can be read (a loss); split ones stay global (a split Parameter's next step
    takes it as it is)."""

    def one(x: Any) -> Any:
        if (
            isinstance(x, jax.Array)
            and not isinstance(x, jax.core.Tracer)
            and not x.is_fully_addressable
            and x.is_fully_replicated
        ):
            return x.addressable_data(0)
        return x

    return jax.tree_util.tree_map(one, tree)


def unplace(tree: Any) -> Any:
    """Outside a plan: arrays a split program left on several devices (a Parameter, the RNG key)
    gathered back onto the default device, so a stand-alone program can take them again."""
    if not _placed:
        return tree

    def one(x: Any) -> Any:
        if (
            isinstance(x, jax.Array)
            and not isinstance(x, jax.core.Tracer)
            and len(x.sharding.device_set) > 1
        ):
            from deepsink import context

            return jax.device_put(x, context.device())
        return x

    return jax.tree_util.tree_map(one, tree)


def top_level() -> bool:
    """True while the outermost compiled program of a split network is traced (its inputs are
    the dataset's)."""
    return getattr(_local, "program", 0) == 1


@contextmanager
def program() -> Iterator[None]:
    _local.program = getattr(_local, "program", 0) + 1
    try:
        yield
    finally:
        _local.program -= 1
