"""MindSpore's per-worker random streams of a map's random ops, for pipelines with a set seed.

MindSpore's map builds one copy of each operation per worker and seeds each random operation's
``std::mt19937`` with ``seed + worker``. Rows go to the workers in turn: the k-th row the map sends
goes to worker ``k % num_parallel_workers``, and the end of each pass (epoch, repeat) takes a turn
too, so the next pass starts one worker later. The generators never restart within an iterator.

So the draws of a row are a function of its place in the map's input over the whole run: which
worker ran it and how many rows that worker ran before. This module turns (pass, position) into
that worker and ordinal and reads the op's draws from the worker's stream, however the engine
groups or orders the rows. Operations that name their C++ distribution in ``seeded_draw``
draw this way; the others keep the engine's counter-based uniforms.

Distributions (libstdc++):

- ``"bernoulli"``: ``std::bernoulli_distribution`` compares ``generate_canonical<double>`` with
  ``p``; that double is built from two 32-bit outputs, ``(r0 + r1 * 2**32) / 2**64``.
- ``"real32"``: ``std::uniform_real_distribution<float>`` reads one output, ``float(r) / 2**32``
  (the op scales it to its range in float arithmetic, ``std_random.scale32``).
- ``"sequence"``: the op reads its worker's outputs in order through :class:`Draws` (its
  ``seeded_params(draws, row)``), as many as it needs: a crop's retries and its positions depend on
  the image's size, so a row's first output depends on every earlier row of its worker. Those rows
  must be drawn first: :meth:`WorkerStreams.params` takes each worker's rows in order, and the map
  runs the rows of a pass in order (it runs skipped earlier rows first when asked out of order).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from deepsink.dataset.core.std_random import Draws, canonical_float

_U32 = 0xFFFFFFFF
_CHUNK = 1 << 16  # 32-bit outputs per cached piece of a stream
_KEEP = 4  # pieces kept per stream; others regenerate from the saved generator state
# 32-bit outputs each distribution takes per row
WORDS = {"bernoulli": 2, "real32": 1}
_WINDOW = 1 << 16  # ordinals per worker whose drawn parameters stay readable again


def canonical_double(words: np.ndarray) -> np.ndarray:
    """libstdc++'s ``generate_canonical<double, 53>`` from rows of two 32-bit outputs."""
    w = words.astype(np.float64)
    u = (w[:, 0] + w[:, 1] * 4294967296.0) / 18446744073709551616.0
    return np.minimum(u, np.nextafter(1.0, 0.0))


def canonical(draw: str, words: np.ndarray) -> np.ndarray:
    """A distribution's canonical value in [0, 1) from each row of its 32-bit outputs."""
    if draw == "real32":
        return canonical_float(words[:, 0]).astype(np.float64)
    return canonical_double(words)


def first_draw(seed: int, draw: str) -> np.ndarray:
    """The draw of a freshly seeded op, shape (1,): MindSpore runs an eager call (``op(image)``)
    through a new copy of the op seeded with the pipeline seed, so under ``set_seed`` every eager
    call of a random op draws the first value of ``mt19937(seed)``."""
    gen = np.random.MT19937(0)
    gen._legacy_seeding(seed & _U32)
    words = gen.random_raw(WORDS[draw]).astype(np.uint32)
    return canonical(draw, words[None, :])


class _Stream:
    """The outputs of ``std::mt19937(seed)``, readable at any index (pieces regenerate from the
    saved generator state at their start, so a long run keeps a few pieces, not the stream)."""

    def __init__(self, seed: int) -> None:
        gen = np.random.MT19937(0)
        gen._legacy_seeding(seed & _U32)
        self._states = [gen.state]  # the generator's state at the start of each piece
        self._pieces: dict[int, np.ndarray] = {}

    def _piece(self, c: int) -> np.ndarray:
        if c in self._pieces:
            return self._pieces[c]
        start = min(c, len(self._states) - 1)
        gen = np.random.MT19937(0)
        gen.state = self._states[start]
        for k in range(start, c + 1):
            data = gen.random_raw(_CHUNK).astype(np.uint32)
            if k + 1 == len(self._states):
                self._states.append(gen.state)
        if len(self._pieces) >= _KEEP:
            self._pieces.pop(next(iter(self._pieces)))
        self._pieces[c] = data
        return data

    def words(self, index: np.ndarray) -> np.ndarray:
        out = np.empty(index.shape, np.uint32)
        piece = index // _CHUNK
        for c in np.unique(piece):
            m = piece == c
            out[m] = self._piece(int(c))[index[m] % _CHUNK]
        return out


class WorkerStreams:
    """One map's streams for one run: op ``k`` on worker ``w`` draws from ``mt19937(seed + w)``.

    ``pass_rows(p)`` gives the rows of pass ``p`` when the map knows it (``None`` otherwise: the
    rows seen in that pass count).
    """

    def __init__(self, seed: int, workers: int, pass_rows: Callable[[int], int | None]) -> None:
        self.seed, self.workers, self._pass_rows = seed, max(1, workers), pass_rows
        self._streams: dict[tuple[int, int], _Stream] = {}
        self._cursors: dict[tuple[int, int], _Cursor] = {}
        self._seen: dict[int, int] = {}  # rows seen so far per pass
        self._rows: dict[int, int] = {}  # rows of the finished passes
        self._lock = threading.Lock()

    def _ends(self, pass_no: int) -> np.ndarray:
        """The dispatch indices of the end-of-pass markers before pass ``pass_no`` starts."""
        ends, offset = [], 0
        for q in range(pass_no):
            if q not in self._rows:  # an earlier pass: finished, its count final
                rows = self._pass_rows(q)
                self._rows[q] = self._seen.get(q, 0) if rows is None else rows
            offset += self._rows[q]
            ends.append(offset)
            offset += 1
        return np.array(ends, np.int64)

    def dispatch(self, pass_no: int, positions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each row's worker and how many rows that worker ran before it."""
        positions = np.asarray(positions, np.int64)
        with self._lock:
            if len(positions):
                last = int(positions.max()) + 1
                self._seen[pass_no] = max(self._seen.get(pass_no, 0), last)
            ends = self._ends(pass_no)
        offset = int(ends[-1]) + 1 if len(ends) else 0
        g = offset + positions
        worker = g % self.workers
        ordinal = g // self.workers
        if len(ends):
            ordinal = ordinal - (ends[None, :] % self.workers == worker[:, None]).sum(axis=1)
        return worker, ordinal

    def uniforms(self, op_index: int, draw: str, pass_no: int, positions: np.ndarray) -> np.ndarray:
        """The op's draws for these rows, as the ``u`` its ``seeded_draw`` reads, shape (n, 1)."""
        words = WORDS[draw]
        worker, ordinal = self.dispatch(pass_no, positions)
        raw = np.empty((len(worker), words), np.uint32)
        with self._lock:
            for w in np.unique(worker):
                key = (op_index, int(w))
                if key not in self._streams:
                    self._streams[key] = _Stream(self.seed + int(w))
                m = worker == w
                index = ordinal[m][:, None] * words + np.arange(words)
                raw[m] = self._streams[key].words(index)
        return canonical(draw, raw)[:, None]

    def params(
        self, op_index: int, op: Any, pass_no: int, positions: np.ndarray, rows: Sequence[Any]
    ) -> np.ndarray:
        """A ``"sequence"`` op's parameters for these rows (``op.seeded_params(draws, row)``),
        shape (n, k), int64. Each worker's rows are drawn in the order that worker runs them;
        a row whose worker has not drawn the rows before it is an error (the map prevents it)."""
        worker, ordinal = self.dispatch(pass_no, positions)
        out: list[Any] = [None] * len(worker)
        with self._lock:
            for i in np.lexsort((ordinal, worker)).tolist():
                w, k = int(worker[i]), int(ordinal[i])
                key = (op_index, w)
                if key not in self._cursors:
                    self._streams[key] = _Stream(self.seed + w)
                    self._cursors[key] = _Cursor()
                cur = self._cursors[key]
                if k not in cur.params:
                    if k != cur.next:
                        raise RuntimeError(
                            f"worker {w}'s random stream of {type(op).__name__} was asked for row "
                            f"{k} while row {cur.next} is next (rows must be drawn in order)"
                        )
                    draws = Draws(
                        lambda s, c, st=self._streams[key]: st.words(np.arange(s, s + c)),
                        cur.pos,
                        cur.saved,
                    )
                    try:
                        cur.params[k] = tuple(op.seeded_params(draws, rows[i]))
                    except Exception as e:  # a row the op cannot read (an empty file)
                        raise RowDrawError(i, e) from e
                    cur.pos, cur.next, cur.saved = draws.pos, k + 1, draws.saved
                    cur.params.pop(k - _WINDOW, None)
                out[i] = cur.params[k]
        return np.array(out, np.int64).reshape(len(out), -1)


class RowDrawError(Exception):
    """Row ``row`` of the block failed while its op read its draws' inputs (``cause``): the map
    reports it as that op's failure on that row."""

    def __init__(self, row: int, cause: BaseException) -> None:
        super().__init__(row, cause)
        self.row, self.cause = row, cause


class _Cursor:
    """Where a worker's stream stands for one op: the next row and its first output, the state
    its distributions carry between rows, and the parameters drawn for the last rows."""

    def __init__(self) -> None:
        self.next, self.pos = 0, 0
        self.saved: Any = None  # a normal distribution's spare value (Draws.saved)
        self.params: dict[int, tuple] = {}
