"""The order in which MindSpore 2.10's CPU TopK kernel returns a row's ``k`` largest entries.

The kernel sorts index arrays with a "greater value first" comparison, using the C++ standard
library (GCC's libstdc++): ``std::nth_element`` (introselect) puts the ``k`` largest first, in the
order its partitioning leaves them; with ``sorted=True`` a ``std::stable_sort`` of those ``k``
follows (of the whole row when ``k`` is more than half of it). Among equal values the winners and
their order are therefore those of introselect's swaps, which this module replays step by step on
NumPy index arrays (one row at a time, on the host).
"""

from __future__ import annotations

import numpy as np

from deepsink._core.lowering import Forced

# "kernel": ties resolved as 2.10's CPU kernel does (replayed on the host); "xla": lax.top_k's
# order only (a MindIR export writes TopK itself, which runs the kernel where it is loaded)
LOWERING = Forced(("kernel", "xla"), "DEEPSINK_TOPK_LOWERING")


def _move_median_to_first(v, idx, result, a, b, c) -> None:
    def gt(i, j):
        return v[idx[i]] > v[idx[j]]

    if gt(a, b):
        if gt(b, c):
            pick = b
        elif gt(a, c):
            pick = c
        else:
            pick = a
    elif gt(a, c):
        pick = a
    elif gt(b, c):
        pick = c
    else:
        pick = b
    idx[result], idx[pick] = idx[pick], idx[result]


def _unguarded_partition(v, idx, first: int, last: int, pivot: int) -> int:
    pv = v[idx[pivot]]
    while True:
        while v[idx[first]] > pv:
            first += 1
        last -= 1
        while pv > v[idx[last]]:
            last -= 1
        if not first < last:
            return first
        idx[first], idx[last] = idx[last], idx[first]
        first += 1


def _adjust_heap(v, idx, first: int, hole: int, length: int, value: int) -> None:
    """libstdc++'s ``__adjust_heap`` on ``idx[first:first+length]`` (a heap under "greater")."""
    top = hole
    child = hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if v[idx[first + child]] > v[idx[first + child - 1]]:
            child -= 1
        idx[first + hole] = idx[first + child]
        hole = child
    if (length & 1) == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        idx[first + hole] = idx[first + child - 1]
        hole = child - 1
    parent = (hole - 1) // 2
    while hole > top and v[idx[first + parent]] > v[value]:
        idx[first + hole] = idx[first + parent]
        hole = parent
        parent = (hole - 1) // 2
    idx[first + hole] = value


def _heap_select(v, idx, first: int, middle: int, last: int) -> None:
    length = middle - first
    if length >= 2:
        parent = (length - 2) // 2
        while True:
            _adjust_heap(v, idx, first, parent, length, idx[first + parent])
            if parent == 0:
                break
            parent -= 1
    for i in range(middle, last):
        if v[idx[i]] > v[idx[first]]:
            value = idx[i]
            idx[i] = idx[first]
            _adjust_heap(v, idx, first, 0, length, value)


def _insertion_sort(v, idx, first: int, last: int) -> None:
    for i in range(first + 1, last):
        val = idx[i]
        if v[val] > v[idx[first]]:
            idx[first + 1 : i + 1] = idx[first:i].copy()
            idx[first] = val
        else:
            j = i
            while v[val] > v[idx[j - 1]]:
                idx[j] = idx[j - 1]
                j -= 1
            idx[j] = val


def nth_element(v: np.ndarray, nth: int) -> np.ndarray:
    """The index permutation ``std::nth_element(idx, idx + nth, idx + n, greater)`` leaves."""
    n = len(v)
    idx = np.arange(n)
    if n == 0 or nth == n:
        return idx
    first, last = 0, n
    depth = 2 * (n.bit_length() - 1)
    while last - first > 3:
        if depth == 0:
            _heap_select(v, idx, first, nth + 1, last)
            idx[first], idx[nth] = idx[nth], idx[first]
            return idx
        depth -= 1
        mid = first + (last - first) // 2
        _move_median_to_first(v, idx, first, first + 1, mid, last - 1)
        cut = _unguarded_partition(v, idx, first + 1, last, first)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(v, idx, first, last)
    return idx


def _stable_desc(v: np.ndarray) -> np.ndarray:
    """Indices of ``v`` by decreasing value, equal values in their order (``std::stable_sort``)."""
    return np.array(sorted(range(len(v)), key=v.__getitem__, reverse=True), dtype=np.int64)


def row_order(v: np.ndarray, k: int, sorted_: bool) -> np.ndarray:
    """The ``k`` indices MindSpore 2.10's CPU TopK returns for the row ``v``, in its order."""
    if sorted_ and k > int(len(v) * 0.5):
        return _stable_desc(v)[:k]
    idx = nth_element(v, k)[:k]
    return idx[_stable_desc(v[idx])] if sorted_ else idx


def topk_indices(rows: np.ndarray, k: int, sorted_: bool) -> np.ndarray:
    """``row_order`` for each row of a 2-D array (rows: the last axis), as Int32."""
    out = np.empty((rows.shape[0], k), np.int32)
    for r in range(rows.shape[0]):
        out[r] = row_order(rows[r], k, sorted_)
    return out
