"""Which ranks of a split run hold the same slice of each Parameter (``get_parameter_redundancy``)
and which Parameters each rank then saves once (``remove_param_redundancy``): MindSpore 2.10's
``mindspore.train._utils`` functions that ``remove_redundancy`` checkpoints are planned with.

A layout is MindSpore's ``(dev_matrix, tensor_map)``: rank ``r`` sits at ``r``'s row-major
coordinates in the device matrix, and tensor-map entry ``m`` (not -1) splits a dimension over
device axis ``len(dev_matrix) - 1 - m``. Ranks that agree on every split axis hold the same slice.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np


def _groups(dev_matrix: list, tensor_map: list, initial_rank: int) -> tuple:
    """The rank groups holding one slice each, ordered by the slice's coordinates on the split
    axes (the last device axis first), each group's ranks ascending."""
    n = len(dev_matrix)
    split = {n - 1 - m for m in tensor_map if m != -1}
    groups: dict[tuple, list] = {}
    for r in range(math.prod(dev_matrix)):
        coords = np.unravel_index(r, dev_matrix) if dev_matrix else ()
        key = tuple(int(coords[a]) if a in split else 0 for a in reversed(range(n)))
        groups.setdefault(key, []).append(r + initial_rank)
    return tuple(tuple(g) for _, g in sorted(groups.items()))


def _shard_for_optimizer(groups: tuple, parts: int) -> tuple:
    """Each group split into ``parts`` interleaved groups (the optimizer shards the copies);
    a group that ``parts`` does not divide is dropped, as 2.10 drops it."""
    return tuple(g[i::parts] for g in groups if len(g) % parts == 0 for i in range(parts))


def get_parameter_redundancy(layout_obj: Any, initial_rank: int | None = None) -> dict:
    """``{name: ((ranks holding one slice), ...)}`` for a layout: a JSON strategy file's name, a
    Cell (each Parameter whole on every rank of the world group) or a
    ``parameter_layout_dict``-style dict (``{name: [dev_matrix, tensor_map, ..., opt_group]}``).

    Args:
        layout_obj (Union[str, Cell, dict]): the layouts.
        initial_rank (int, optional): the first rank of the device matrix; ``None``: the start
            of this rank's block. Default: ``None``.

    Returns:
        dict, the rank groups per Parameter name, names sorted.

    Examples:
        >>> from deepsink.train._utils import get_parameter_redundancy
        >>> layout = {"w": [[2, 4], [1, -1], [], 0, True, ""]}
        >>> print(get_parameter_redundancy(layout, initial_rank=0))
        {'w': ((0, 1, 2, 3), (4, 5, 6, 7))}
    """
    from deepsink.nn.cell import Cell

    if isinstance(layout_obj, Cell):
        from deepsink.communication.management import get_process_group_ranks

        ranks = (tuple(get_process_group_ranks()),)
        return {p.name: ranks for p in sorted(layout_obj.get_parameters(), key=lambda p: p.name)}
    opt_parts: dict[str, int] = {}
    if isinstance(layout_obj, str):
        from deepsink.train.distributed_checkpoints import build_searched_strategy

        layouts = {}
        for name, lay in build_searched_strategy(layout_obj).items():
            layouts[name] = (lay["dev_matrix"], lay["tensor_map"])
            step, size = lay.get("opt_weight_shard_step", 0), lay.get("opt_weight_shard_size", 0)
            if size:
                opt_parts[name] = size if size != -1 else -step  # -step: copies // step
    else:
        from deepsink.communication.management import get_group_size

        layouts = {k: (v[0], v[1]) for k, v in layout_obj.items()}
        opt_parts = {k: get_group_size(v[5]) for k, v in layout_obj.items() if len(v) > 5 and v[5]}
    if initial_rank is None:
        from deepsink.communication.management import get_rank

        dev_num = math.prod(next(iter(layouts.values()))[0]) if layouts else 1
        initial_rank = get_rank() // dev_num * dev_num
    result = {}
    for name, (dev_matrix, tensor_map) in layouts.items():
        groups = _groups(list(dev_matrix), list(tensor_map), initial_rank)
        parts = opt_parts.get(name)
        if parts is not None and parts < 0:  # an optimizer step of -parts over all the copies
            parts = len(groups) * len(groups[0]) // -parts
        result[name] = _shard_for_optimizer(groups, parts) if parts else groups
    return dict(sorted(result.items()))


def remove_param_redundancy(param_redundancy_dict: dict, keep_redundancy: int = 1) -> dict:
    """``{rank: {names}}``: which Parameters each rank saves so that every slice is saved
    ``keep_redundancy`` times. The Parameters that one rank group shares are dealt out over its
    ranks in turn; each further copy starts one rank later.

    Args:
        param_redundancy_dict (dict): :func:`get_parameter_redundancy`'s result.
        keep_redundancy (int): copies of each slice. Default: ``1``.

    Returns:
        dict, the set of Parameter names per rank.

    Examples:
        >>> from deepsink.train._utils import remove_param_redundancy
        >>> print(remove_param_redundancy({"a": ((0, 1),), "b": ((0, 1),)}))
        {0: {'a'}, 1: {'b'}}
    """
    shared: dict[tuple, list] = {}
    for name, groups in param_redundancy_dict.items():
        for ranks in groups:
            shared.setdefault(tuple(ranks), []).append(name)
    result: dict[int, set] = {}
    for i in range(keep_redundancy):
        rotated = {
            ranks[i % len(ranks) :] + ranks[: i % len(ranks)]: n for ranks, n in shared.items()
        }
        for ranks, names in rotated.items():
            for k, name in enumerate(names):
                result.setdefault(ranks[k % len(ranks)], set()).add(name)
    return result
