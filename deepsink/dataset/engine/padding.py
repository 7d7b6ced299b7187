"""``padded_batch``: rows of different shapes padded per column before they are stacked.

``pad_info`` maps a column to ``(pad_shape, pad_value)`` (or None: the batch's largest shape,
value 0); a None dimension of ``pad_shape`` takes the batch's largest size along it, a smaller one
cuts the row (as ``transforms.PadEnd``). Columns left out of ``pad_info`` are batched as they are;
an empty ``pad_info`` pads every column, ``pad_info=None`` pads nothing, as in MindSpore 2.10.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from deepsink.dataset.core.validator_helpers import type_check
from deepsink.dataset.engine import datasets as _datasets


def check_pad_info(pad_info: Any, names: Sequence[str]) -> dict[str, tuple]:
    if pad_info is None:
        return {}
    type_check(pad_info, (dict,), "pad_info")
    if not pad_info:  # MindSpore pads every column to the batch's largest shape
        return {name: (None, None) for name in names}
    out = {}
    for col, spec in pad_info.items():
        type_check(col, (str,), "pad_info key")
        if col not in names:
            raise ValueError(f"pad_info key {col!r} is not a column of the dataset ({list(names)})")
        if spec is None:
            out[col] = (None, None)
            continue
        type_check(spec, (tuple, list), f"pad_info[{col!r}]")
        if len(spec) != 2:
            raise ValueError(f"pad_info[{col!r}] must be (pad_shape, pad_value), got {spec!r}")
        shape, value = spec
        if shape is not None:
            type_check(shape, (list, tuple), f"pad_info[{col!r}] pad_shape")
            for d in shape:
                if d is not None and (isinstance(d, bool) or not isinstance(d, int) or d <= 0):
                    raise ValueError(
                        f"pad_info[{col!r}] pad_shape must hold positive ints or None, got {shape}"
                    )
        if value is not None:
            type_check(value, (int, float, str, bytes), f"pad_info[{col!r}] pad_value")
        out[col] = (None if shape is None else list(shape), value)
    return out


def pad_rows(
    rows: Sequence[np.ndarray], shape: list | None, value: Any, column: str
) -> list[np.ndarray]:
    """``rows`` padded (or cut) at the end of each axis to one shape."""
    arrays = [np.asarray(r) for r in rows]
    ranks = {a.ndim for a in arrays}
    if len(ranks) != 1:
        raise RuntimeError(
            f"padded_batch: rows of column {column!r} have different ranks {sorted(ranks)}"
        )
    rank = ranks.pop()
    target = shape if shape is not None else [None] * rank
    if len(target) != rank:
        raise RuntimeError(
            f"padded_batch: pad_shape {shape} of column {column!r} has rank {len(target)}, its rows rank {rank}"
        )
    widest = [max(a.shape[k] for a in arrays) for k in range(rank)]
    full = [w if t is None else t for w, t in zip(widest, target)]
    text = arrays[0].dtype.kind in "US"
    if value is not None and isinstance(value, str | bytes) != text:
        raise RuntimeError(
            f"For 'padded_batch', PadEnd can not pad numeric and string tensors together: column "
            f"{column!r} holds {arrays[0].dtype} values, but its pad_value is {value!r} "
            f"({type(value).__name__}); give a {'string' if text else 'number'} in pad_info"
        )
    fill = value if value is not None else ("" if text else 0)
    out = []
    for a in arrays:
        dtype = np.result_type(a.dtype, np.array(fill).dtype) if text else a.dtype
        buf = np.full(full, fill, dtype=dtype)
        region = tuple(slice(0, min(s, f)) for s, f in zip(a.shape, full))
        buf[region] = a[region]
        out.append(buf)
    return out


def padded_batch_map(names: Sequence[str], pad_info: dict[str, tuple]) -> Callable:
    """A ``per_batch_map`` padding the columns named in ``pad_info``."""

    def pad(*cols_and_info: Any) -> tuple:
        cols = cols_and_info[:-1]
        out = []
        for name, rows in zip(names, cols):
            if name in pad_info:
                shape, value = pad_info[name]
                rows = pad_rows(rows, shape, value, name)
            out.append(list(rows))
        return tuple(out)

    import inspect

    params = [
        inspect.Parameter(f"col{k}", inspect.Parameter.POSITIONAL_ONLY)
        for k in range(len(names) + 1)
    ]
    pad.__signature__ = inspect.Signature(params)  # one per column, then batch_info
    pad.__name__ = "padded_batch"
    pad._deepsink_own = True  # errors pass through batch as raised (they name the column)
    return pad


_datasets.register(check_pad_info, padded_batch_map)  # found by Dataset.padded_batch
