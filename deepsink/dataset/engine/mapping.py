"""``map``: the node, and running its operations on a block of rows.

Per operation:

- a batched op on a stacked column runs once for the whole block (an op that takes ragged
  columns, ``ragged_batch``, also on a column whose rows differ in shape);
- anything else (Python callables, ragged rows) runs row by row, in worker processes when the map
  asks for ``python_multiprocessing``.

Both give the same values as calling the ops on each sample. A failure names the operation, the
column and the sample's index (its position in the map's input for this pass, and its source row
when known); the original exception is chained as the cause.
"""

from __future__ import annotations

import pickle
import threading
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing
from typing import Any

import numpy as np

from deepsink._core.validate import check_bool, fail_arg
from deepsink.dataset import config
from deepsink.dataset.engine import block as blk
from deepsink.dataset.engine import datasets as _datasets
from deepsink.dataset.engine.block import Block
from deepsink.dataset.engine.context import ExecContext
from deepsink.dataset.engine.datasets import Dataset, View, column_indices, column_names_arg
from deepsink.dataset.engine.parallel import ProcessRunner, RemoteTraceback, ordered_map
from deepsink.dataset.engine.worker_streams import RowDrawError, WorkerStreams
from deepsink.dataset.transforms.transforms import TensorOperation, flatten

Uniforms = Callable[..., np.ndarray | None]  # (op index, draws[, the op's input columns])
# rows per task when a map's per-row ops are spread over its worker threads: a batch of up to 32
# rows is one task, whose output is the batch itself (no join of chunks in the consumer thread)
CHUNK_ROWS = 32
PROCESS_BLOCK_BYTES = 32 << 20  # a block's output size for maps run in worker processes


class MapError(RuntimeError):
    """A map operation failed on one sample."""


class Failure(Exception):
    """Internal: op ``op_index`` failed on row ``row`` (with the cause and its traceback text)."""

    def __init__(self, op_index: int, row: int, cause: BaseException, text: str = "") -> None:
        super().__init__(op_index, row)
        self.op_index, self.row, self.cause, self.text = op_index, row, cause, text


def _as_tuple(out: Any) -> tuple[np.ndarray, ...]:
    return tuple(out) if isinstance(out, tuple) else (out,)


def run_rows(
    ops: Sequence[TensorOperation], first: int, rows: list[tuple], us: list
) -> list[tuple]:
    """Ops ``first..`` on each row (``us[k][r]``: the uniforms of op ``first + k`` for row r)."""
    out = []
    for r, args in enumerate(rows):
        for k, op in enumerate(ops[first:]):
            u = us[k]
            try:
                args = _as_tuple(op.apply_one(*args, u=None if u is None else u[r]))
            except Exception as e:
                raise Failure(first + k, r, e) from e
        out.append(args)
    return out


def _sequential(op: TensorOperation) -> bool:
    """An op whose seeded draws depend on its input (``seeded_draw = "sequence"``): it draws
    in this process, from the rows it is given (``worker_streams``)."""
    return getattr(op, "seeded_draw", None) == "sequence"


class RowWorker:
    """A worker process's job: the ops (inherited at fork) on rows; failures return as data."""

    def __init__(self, ops: Sequence[TensorOperation]) -> None:
        self.ops = list(ops)

    def __call__(self, task: tuple) -> Any:
        first, rows, us = task
        try:
            return "ok", run_rows(self.ops, first, rows, us)
        except Failure as f:
            text = "".join(traceback.format_exception(f.cause))
            cause = f.cause
            try:
                pickle.dumps(cause)
            except Exception:
                cause = RuntimeError(f"{type(cause).__name__}: {cause}")
            return "fail", (f.op_index, f.row, cause, text)


class Chain:
    """Operations applied one after another to some columns of a block."""

    def __init__(self, ops: Sequence[TensorOperation], in_names: Sequence[str]) -> None:
        self.ops = list(ops)
        self.in_names = list(in_names)

    # -- running -------------------------------------------------------------------------------
    def run(
        self,
        cols: list,
        n: int,
        u_for: Uniforms,
        runner: ProcessRunner | None = None,
        workers: int = 1,
    ) -> list:
        """The ops on a block's input columns; returns the output columns."""
        cur = list(cols)
        i = 0
        while i < len(self.ops):
            if runner is not None and not all(op.batched for op in self.ops[i:]):
                if not any(_sequential(op) for op in self.ops[i:]):
                    return self._run_in_workers(i, cur, n, u_for, runner, workers)
            op = self.ops[i]
            try:
                u = u_for(i, op.random_draws, cur)
            except RowDrawError as e:
                raise Failure(i, e.row, e.cause) from e.cause
            fused = self._normalize_chw(i, cur)
            if fused is not None:
                cur = [fused]
                i += 2
                continue
            if op.batched and (op.ragged_batch or all(isinstance(c, np.ndarray) for c in cur)):
                try:
                    cur = list(_as_tuple(op.apply_batch(*cur, u=u)))
                except Exception as e:
                    run_rows(self.ops[: i + 1], i, self._rows(cur, n), [u])  # finds the bad row
                    raise Failure(i, -1, e) from e
            else:
                out = run_rows(self.ops[: i + 1], i, self._rows(cur, n), [u])
                cur = self._columns(out, i)
            i += 1
        return cur

    def _normalize_chw(self, i: int, cur: list) -> np.ndarray | None:
        """Normalize followed by HWC2CHW on a stacked batch, fused into one pass."""
        from deepsink.dataset.vision.transforms import HWC2CHW, Normalize

        op = self.ops[i]
        if not (isinstance(op, Normalize) and i + 1 < len(self.ops)):
            return None
        if type(self.ops[i + 1]) is not HWC2CHW or len(cur) != 1:
            return None
        if not isinstance(cur[0], np.ndarray):
            return None
        try:
            return op.to_chw(cur[0])
        except Exception:  # noqa: BLE001 - the ops run one by one and report the error
            return None

    @staticmethod
    def _rows(cur: list, n: int) -> list[tuple]:
        return [tuple(c[r] for c in cur) for r in range(n)]

    def _columns(self, out: list[tuple], op_index: int) -> list:
        arity = len(out[0])
        if any(len(r) != arity for r in out):
            raise Failure(
                op_index,
                next(r for r, o in enumerate(out) if len(o) != arity),
                ValueError(
                    f"the operation returned {arity} and then a different number of columns"
                ),
            )
        return [blk.stack([r[k] for r in out]) for k in range(arity)]

    def _run_in_workers(
        self, i: int, cur: list, n: int, u_for: Uniforms, runner: ProcessRunner, workers: int
    ) -> list:
        rows = self._rows(cur, n)
        us = [u_for(k, op.random_draws) for k, op in enumerate(self.ops) if k >= i]
        futures = []
        for w, pos in runner.deal(n):  # row by row to the workers in turn, as MindSpore
            part = [None if u is None else u[pos] for u in us]
            futures.append((pos, runner.submit((i, [rows[p] for p in pos], part), w)))
        out: list[Any] = [None] * n
        for pos, fut in futures:
            status, value = runner.result(fut)
            if status == "fail":
                op_index, row, cause, text = value
                raise Failure(op_index, int(pos[row]) if row >= 0 else row, cause, text)
            for p, r in zip(pos, value):
                out[p] = r
        return self._columns(out, len(self.ops) - 1)


def describe_failure(
    f: Failure,
    chain: Chain,
    positions: np.ndarray,
    ids: np.ndarray | None,
    api: str = "map",
    row_file: Callable[[int], str | None] | None = None,
) -> MapError:
    """The user-facing error for a failure inside ``Chain.run`` (``row_file``: the file a source
    row was read from, named as MindSpore names "the corresponding data file")."""
    op = chain.ops[f.op_index]
    cols = chain.in_names[0] if len(chain.in_names) == 1 else chain.in_names
    path = None
    if f.row < 0:
        where = f"on one of the samples {int(positions[0])}..{int(positions[-1])}"
    else:
        where = f"at sample index {int(positions[f.row])}"
        if ids is not None:
            where += f" (source row {int(ids[f.row])})"
            path = row_file(int(ids[f.row])) if row_file is not None else None
    worker = " in a worker process" if f.text else ""
    msg = (
        f"For '{api}', operation '{op.name}' failed on column {cols!r} {where}{worker}: "
        f"{type(f.cause).__name__}: {f.cause}"
    )
    if path is not None:  # MindSpore's line naming the source file of the row
        kind = op.name.split("(")[0]
        msg += f"\n{api} operation: [{kind}] failed. The corresponding data file is: {path}."
    err = MapError(msg)
    err.__cause__ = RemoteTraceback(f.text) if f.text else f.cause
    return err


def _check_arity(produced: int, ops: list, output_columns: list[str]) -> None:
    if produced != len(output_columns):
        raise RuntimeError(
            "Invalid columns, the number of columns returned in 'map' operations should match the "
            f"number of 'output_columns', but got the number of columns returned in 'map' "
            f"operations: {produced}, the number of 'output_columns': {len(output_columns)} "
            f"({output_columns}; operations {[op.name for op in ops]})."
        )


# -- map ---------------------------------------------------------------------------------------
class MapDataset(Dataset):
    """The node that applies per-row operations.

    Users do not build it directly: ``Dataset.map`` returns it.

    Args:
        child (Dataset): the input.
        operations, input_columns, output_columns, num_parallel_workers, python_multiprocessing:
            as in ``Dataset.map``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
        >>> print(type(data.map(abs, 'x')).__name__)
        MapDataset
    """

    def __init__(
        self,
        child: Dataset,
        operations: Any,
        input_columns: Any,
        output_columns: Any,
        num_parallel_workers: int | None,
        python_multiprocessing: bool,
        callbacks: Any = None,
    ) -> None:
        ops = flatten(operations)
        self.callbacks = _callback_list(callbacks)
        available = child._column_names()
        inputs = column_names_arg(input_columns, "input_columns", "map") or available[:1]
        self._in_idx = column_indices(inputs, available, "input_columns", "map")
        outputs = column_names_arg(output_columns, "output_columns", "map") or inputs
        if len(outputs) == len(inputs):  # outputs replace the inputs in place
            names = list(available)
            for i, name in zip(self._in_idx, outputs):
                names[i] = name
            self._layout = [
                ("out", self._in_idx.index(i)) if i in self._in_idx else ("keep", i)
                for i in range(len(available))
            ]
        else:  # outputs first, then the untouched columns
            kept = [i for i in range(len(available)) if i not in self._in_idx]
            names = outputs + [available[i] for i in kept]
            self._layout = [("out", k) for k in range(len(outputs))] + [("keep", i) for i in kept]
        self._clash = len(set(names)) != len(names)
        if self._clash:
            if len(set(outputs)) != len(outputs):
                fail_arg("map", "output_columns", "names without duplicates", outputs)
            names = self._resolve_clash(names, len(outputs) == len(inputs))
        self._names, self.input_columns, self.output_columns = names, inputs, outputs
        self.python_multiprocessing = check_bool(
            python_multiprocessing, "python_multiprocessing", "map"
        )
        tag = (tuple(op.name for op in ops), tuple(inputs), tuple(outputs))
        super().__init__([child], num_parallel_workers, tag)
        self.chain = Chain(ops, inputs)
        self._fused: tuple[list[MapDataset], list[tuple]] | None = None

    def _copy_node(self, children: list[Dataset]) -> Dataset:
        new = super()._copy_node(children)
        new._fused = None  # the fused chain names the nodes it was built from
        return new

    def _resolve_clash(self, names: list[str], in_place: bool) -> list[str]:
        """An output named like a column the map leaves alone: one column of that name remains,
        as in MindSpore's column map. Outputs that replace their inputs in place win over the
        other column; outputs put first lose to it (the map's value is dropped)."""
        winner: dict[str, int] = {}
        for pos, (name, (kind, _)) in enumerate(zip(names, self._layout)):
            if name not in winner or (kind == "out") == in_place:
                winner[name] = pos
        keep = sorted(winner.values())
        self._layout = [self._layout[p] for p in keep]
        return [names[p] for p in keep]

    def _check_runnable(self) -> None:
        if self._clash and config.get_debug_mode():  # MindSpore's pull mode refuses the clash
            raise RuntimeError("[ERROR] Invalid column id encountered.")

    @property
    def operations(self) -> list:
        return self.chain.ops

    def _column_names(self) -> list[str]:
        return self._names

    def _num_rows(self) -> int | None:
        return self.children[0]._num_rows()

    def _random_access(self) -> bool:
        # a map with callbacks streams its rows one by one, in order, calling the hooks
        return not self.callbacks and self.children[0]._random_access()

    def _runner(self, ctx: ExecContext) -> ProcessRunner | None:
        # a getter (output_shapes, output_types) runs the map here, starting no process (MindSpore)
        if not self.python_multiprocessing or self._workers() <= 1 or ctx.getter:
            return None
        if all(op.batched for op in self.chain.ops):
            return None
        return ctx.resource(
            ("map", id(self)),
            lambda: ProcessRunner(
                RowWorker(self.chain.ops),
                self._workers(),
                config.get_multiprocessing_start_method(),
            ),
            lambda r: r.close(),
        )

    def _uniforms(
        self,
        ctx: ExecContext,
        op_index: int,
        pass_no: int,
        positions: np.ndarray,
        draws: int,
        inputs: list | None = None,
    ) -> np.ndarray | None:
        """Op ``op_index``'s uniforms for these rows: under a set seed, an op that names its C++
        distribution (``seeded_draw``) draws MindSpore's per-worker streams (a ``"sequence"`` op
        its parameters for the rows of ``inputs``, its input columns); otherwise the engine's
        counter-based ones."""
        if not draws:
            return None
        op = self.chain.ops[op_index]
        draw = getattr(op, "seeded_draw", None)
        if ctx.seeded and draw is not None:
            streams = ctx.resource(
                ("worker streams", id(self)),
                lambda: WorkerStreams(ctx.seed, self._workers(), self._pass_rows),
                lambda _: None,
            )
            if draw == "sequence":
                return streams.params(op_index, op, pass_no, positions, inputs[0])
            return streams.uniforms(op_index, draw, pass_no, positions)
        return ctx.uniforms(self._tag, op_index, pass_no, positions, draws)

    def _pass_rows(self, pass_no: int) -> int | None:
        """The rows of one pass of the map, when known before running it."""
        return self.children[0]._num_rows()

    def _apply(self, ctx: ExecContext, b: Block, positions: np.ndarray, pass_no: int) -> Block:
        def u_for(op_index: int, draws: int, inputs: list | None = None) -> np.ndarray | None:
            return self._uniforms(ctx, op_index, pass_no, positions, draws, inputs)

        runner = self._runner(ctx)
        if runner is not None:
            runner.skip_per_pass(pass_no)
        try:
            out = self.chain.run(
                [b.cols[i] for i in self._in_idx], b.n, u_for, runner, self._workers()
            )
        except Failure as f:
            err = describe_failure(f, self.chain, positions, b.ids, row_file=self._row_file)
            raise err from err.__cause__
        out = [blk.materialize(c) for c in out]
        _check_arity(len(out), self.chain.ops, self.output_columns)
        cols = tuple(out[k] if kind == "out" else b.cols[k] for kind, k in self._layout)
        return Block(cols, b.n, b.ids)

    def _fusable(self) -> bool:
        """One column in, the same column out, run in this process: fuses with adjacent maps."""
        single = len(self.input_columns) == 1 and self.output_columns == self.input_columns
        return (
            single
            and not self.callbacks
            and (not self.python_multiprocessing or all(op.batched for op in self.chain.ops))
        )

    def _program(self) -> tuple[list[MapDataset], list[tuple]]:
        """The maps run together with this one (bottom first) and their fused steps.

        Consecutive single-column maps merge per column into one op chain (e.g. Resize, two Rescales
        and HWC2CHW on 'image' run back to back on each block, one node's worth of overhead). Other
        maps run as themselves, in order.
        """
        if self._fused is None:
            nodes: list[MapDataset] = [self]
            while not nodes[-1].callbacks and isinstance(nodes[-1].children[0], MapDataset):
                if nodes[-1].children[0].callbacks:  # runs as its own streaming node
                    break
                nodes.append(nodes[-1].children[0])
            nodes.reverse()
            steps: list[tuple] = []
            pending: dict[int, tuple[list, list]] = {}

            def flush() -> None:
                if pending:
                    steps.append(
                        (
                            "columns",
                            {
                                ci: (Chain(ops, [o[0][0].input_columns[0]]), o)
                                for ci, (ops, o) in pending.items()
                            },
                        )
                    )
                    pending.clear()

            for node in nodes:
                if node._fusable():
                    ops, origins = pending.setdefault(node._in_idx[0], ([], []))
                    ops.extend(node.chain.ops)
                    origins.extend((node, k) for k in range(len(node.chain.ops)))
                else:
                    flush()
                    steps.append(("node", node))
            flush()
            self._fused = (nodes, steps)
        return self._fused

    def _row_parallel(self) -> int:
        """Threads that split a block's rows when the program runs per-row ops (Decode, the
        OpenCV warps: they release the GIL); 0 when the block runs whole (all ops batched, or
        a Python-multiprocessing map, which has its own workers)."""
        nodes = self._program()[0]
        if any(n.python_multiprocessing for n in nodes):
            return 0
        if all(op.batched for n in nodes for op in n.chain.ops):
            return 0
        return max(n._workers() for n in nodes)

    def _draws_in_order(self, ctx: ExecContext) -> bool:
        """Whether a seeded op of the program draws its worker's stream row after row (its
        draws depend on the rows before: ``worker_streams``), so the rows of a pass run in order."""
        nodes = self._program()[0]
        return ctx.seeded and any(_sequential(op) for n in nodes for op in n.chain.ops)

    def _run_program(
        self, ctx: ExecContext, b: Block, positions: np.ndarray, passes: dict[int, int]
    ) -> Block:
        workers = self._row_parallel()
        if workers and b.n > CHUNK_ROWS and not self._draws_in_order(ctx):
            # chunks of a few rows: small enough to stay in cache between the ops, spread over
            # the map's workers; every random draw is keyed by the row's position, so the
            # result does not depend on the split
            starts = range(0, b.n, CHUNK_ROWS)
            parts = ordered_map(
                lambda s: self._run_chunk(
                    ctx,
                    blk.slice_block(b, s, min(b.n, s + CHUNK_ROWS)),
                    positions[s : s + CHUNK_ROWS],
                    passes,
                ),
                starts,
                workers,
            )
            return blk.concat_blocks(list(parts))
        return self._run_chunk(ctx, b, positions, passes)

    def _run_chunk(
        self, ctx: ExecContext, b: Block, positions: np.ndarray, passes: dict[int, int]
    ) -> Block:
        for kind, payload in self._program()[1]:
            if kind == "node":
                b = payload._apply(ctx, b, positions, passes[id(payload)])
                continue
            cols = list(b.cols)
            for ci, (chain, origins) in payload.items():

                def u_for(
                    k: int, draws: int, inputs: list | None = None, origins: list = origins
                ) -> np.ndarray | None:
                    if not draws:
                        return None
                    node, op_index = origins[k]
                    return node._uniforms(ctx, op_index, passes[id(node)], positions, draws, inputs)

                try:
                    out = chain.run([cols[ci]], b.n, u_for)
                except Failure as f:
                    err = describe_failure(f, chain, positions, b.ids, row_file=self._row_file)
                    raise err from err.__cause__
                _check_arity(len(out), chain.ops, [chain.in_names[0]])
                cols[ci] = blk.materialize(out[0])
            b = Block(tuple(cols), b.n, b.ids)
        return b

    def _start(self, ctx: ExecContext) -> tuple[Dataset, dict[int, int]]:
        nodes = self._program()[0]
        return nodes[0].children[0], {id(n): ctx.next_pass(n) for n in nodes}

    def _open(self, ctx: ExecContext) -> View:
        self._check_runnable()
        base, passes = self._start(ctx)
        view = _MapView(self, base._open(ctx), ctx, passes)
        if view._in_order:
            # MindSpore's map runs every row of a pass, also those a batch's drop_remainder
            # leaves: the rows the last pass left unasked draw before this pass's rows
            last = ctx.resource(("in-order view", id(self)), lambda: [None], lambda _: None)
            if last[0] is not None:
                last[0].finish()
            last[0] = view
        return view

    def _in_processes(self) -> bool:
        """Whether the map's Python ops run in worker processes."""
        nodes = self._program()[0]
        return any(
            n.python_multiprocessing
            and n._workers() > 1
            and not all(op.batched for op in n.chain.ops)
            for n in nodes
        )

    def _process_blocks(self, view: View, ctx: ExecContext, size: int) -> Iterator[Block]:
        """Blocks for maps run in worker processes, sized by the bytes their rows come out as.

        The first block holds one row per worker (a getter such as ``output_shapes``, which
        needs only the first row, takes blocks of one row); the next ones as many rows as fit
        ``PROCESS_BLOCK_BYTES`` (at most ``size``, at least one per worker). Small rows then
        cross to the workers in blocks of hundreds, one message each, while rows of hundreds of
        MB go a few at a time: a fixed block of hundreds of rows made a pipeline that yields
        big rows compute (and hold) hundreds of them before its first row came out.
        """
        workers = max(n._workers() for n in self._program()[0])
        rows = 1 if ctx.getter else workers
        start = 0
        while start < view.n:
            b = view.gather(np.arange(start, min(view.n, start + rows)))
            start += b.n
            yield b
            if not ctx.getter:
                per_row = max(1, blk.nbytes(b) // max(1, b.n))
                rows = int(min(size, max(workers, PROCESS_BLOCK_BYTES // per_row)))

    def _blocks(self, ctx: ExecContext, size: int) -> Iterator[Block]:
        self._check_runnable()
        if self.callbacks and not ctx.getter:  # getters run without them, as in MindSpore
            yield from self._blocks_with_callbacks(ctx)
            return
        if self._random_access():
            view = self._open(ctx)
            if self._in_processes():
                yield from self._process_blocks(view, ctx, size)
            else:
                yield from view.blocks(size)
            return
        base, passes = self._start(ctx)

        def numbered(blocks: Iterator[Block]) -> Iterator[tuple[Block, np.ndarray]]:
            start = 0
            for b in blocks:
                yield b, np.arange(start, start + b.n)
                start += b.n

        nodes = self._program()[0]
        # a sync_wait below waits on the consumer: no read-ahead past the rows it lets through
        # (and seeded draws that depend on the rows before: the blocks run in order)
        serial = any(n.python_multiprocessing for n in nodes) or base.is_sync()
        serial = serial or self._draws_in_order(ctx)
        workers = 1 if serial else max(n._workers() for n in nodes)
        with closing(base._blocks(ctx, size)) as src:
            yield from ordered_map(
                lambda item: self._run_program(ctx, item[0], item[1], passes),
                numbered(src),
                workers,
            )

    def _blocks_with_callbacks(self, ctx: ExecContext) -> Iterator[Block]:
        """One pass, a row at a time: the epoch hooks around the iterator's epoch (all the passes
        a repeat above makes of this map in it), the step hooks around the rows that start a step
        (rows 1, 1 + step_size, ... of the epoch)."""
        from deepsink.dataset.callback import DSRunContext

        pass_no = ctx.next_pass(self)
        hooks = [(cb.step_size, cb._hooks()) for cb in self.callbacks]

        def call(name: str, run: DSRunContext, row: int | None = None) -> None:
            for step_size, hk in hooks:
                if name in hk and (row is None or (row - 1) % step_size == 0):
                    try:
                        hk[name](run)
                    except Exception as e:
                        # MindSpore quotes the user's exception as "Type: message"
                        owner = type(hk[name].__self__).__name__
                        raise RuntimeError(
                            f"For 'map', the dataset callback {owner}.{name} raised "
                            f"{type(e).__name__}: {e}"
                        ) from e

        # per run: the open epoch (None before the first), its rows so far, rows overall
        state = ctx.resource(
            ("map callbacks", id(self)),
            lambda: {"epoch": None, "in_epoch": 0, "total": 0},
            lambda _: None,
        )

        def epoch_end() -> None:
            if state["epoch"] is not None and not state.get("ended"):
                state["ended"] = True
                call(
                    "ds_epoch_end", DSRunContext(state["epoch"], state["in_epoch"], state["total"])
                )

        if state["epoch"] is None:
            call("ds_begin", DSRunContext(0, 0, 0))
            ctx.on_epoch_end(epoch_end)
        if state["epoch"] != ctx.epoch + 1:
            state.update(epoch=ctx.epoch + 1, in_epoch=0, ended=False)
            call("ds_epoch_begin", DSRunContext(state["epoch"], 0, state["total"]))
        epoch = state["epoch"]
        with closing(self.children[0]._blocks(ctx, 1)) as src:
            for b in src:
                for r in range(b.n):
                    row = blk.slice_block(b, r, r + 1) if b.n > 1 else b
                    state["in_epoch"] += 1
                    state["total"] += 1
                    in_epoch = state["in_epoch"]
                    run = DSRunContext(epoch, in_epoch, state["total"])
                    call("ds_step_begin", run, in_epoch)
                    out = self._apply(ctx, row, np.array([in_epoch - 1]), pass_no)
                    call("ds_step_end", run, in_epoch)
                    yield out


def _callback_list(callbacks: Any) -> list:
    from deepsink.dataset.callback import DSCallback
    from deepsink.dataset.core.validator_helpers import check_independent_mode, type_check

    if callbacks is None:
        return []
    if isinstance(callbacks, list | tuple):
        items = list(callbacks)
        for i, cb in enumerate(items):
            type_check(cb, (DSCallback,), f"callbacks[{i}]")
    else:
        type_check(callbacks, (DSCallback,), "callbacks")
        items = [callbacks]
    check_independent_mode("Dataset Callbacks")
    for cb in items:
        cb._hooks()  # a callback that overrides no hook is refused now, as MindSpore does
    return items


class _MapView(View):
    def __init__(self, node: MapDataset, child: View, ctx: ExecContext, passes: dict) -> None:
        self.node, self.child, self.ctx, self.passes, self.n = node, child, ctx, passes, child.n
        self._in_order = node._draws_in_order(ctx)
        self._next = 0  # rows [0, _next) of the pass have run (seeded draws in order only)
        self._lock = threading.Lock()

    def gather(self, pos: np.ndarray) -> Block:
        if not self._in_order:
            return self.node._run_program(self.ctx, self.child.gather(pos), pos, self.passes)
        # the rows' draws depend on the rows before them: one gather at a time, running the
        # pass's rows in order, the skipped earlier ones too (their parameters are kept, so a
        # row asked again gets the same)
        pos = np.asarray(pos, np.int64)
        with self._lock:
            top = int(pos.max()) + 1 if len(pos) else 0
            run = np.union1d(pos, np.arange(self._next, max(self._next, top), dtype=np.int64))
            if len(run) == len(pos) and np.array_equal(run, pos):
                b = self.node._run_program(self.ctx, self.child.gather(pos), pos, self.passes)
                self._next = max(self._next, top)
                return b
            b = self.node._run_program(self.ctx, self.child.gather(run), run, self.passes)
            self._next = max(self._next, top)
        idx = np.searchsorted(run, pos)
        ids = None if b.ids is None else b.ids[idx]
        return Block(tuple(blk.take(c, idx) for c in b.cols), len(idx), ids)

    def finish(self) -> None:
        """Run the pass's rows not asked for yet (their draws come before the next pass's)."""
        if self._next < self.n:
            self.gather(np.arange(self._next, self.n))


_datasets.register(MapDataset)  # found by the Dataset base class
