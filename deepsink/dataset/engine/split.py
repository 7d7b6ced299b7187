"""``Dataset.split``: disjoint parts of one dataset, MindSpore's size rules.

A random-access source splits by index: each part is a copy of the source reading its own slice
of one index order (a permutation drawn once, at split time, when ``randomize``). Any other
dataset splits as ``skip``/``take`` over the rows; with ``randomize`` over a shuffle whose order is
fixed at split time, so the parts never overlap and keep their rows every epoch.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import numpy as np

from deepsink.dataset import config
from deepsink.dataset.core.validator_helpers import type_check
from deepsink.dataset.engine import datasets as _datasets
from deepsink.dataset.engine.shuffle import SamplerDraws, sampler_permutation


def check_sizes(sizes: Any, randomize: Any) -> None:
    """MindSpore's checks of ``split``'s arguments: a non-empty list of positive ints, or of
    floats in (0, 1] summing to 1, and a bool ``randomize``."""
    type_check(sizes, (list,), "sizes")
    type_check(randomize, (bool,), "randomize")
    if not sizes:
        raise ValueError("sizes cannot be empty.")
    all_int = all(isinstance(s, int) for s in sizes)
    all_float = all(isinstance(s, float) for s in sizes)
    if not (all_int or all_float):
        raise ValueError("sizes should be list of int or list of float.")
    if all_int and not all(s > 0 for s in sizes):
        raise ValueError("sizes is a list of int, but there should be no negative or zero numbers.")
    if all_float:
        if not all(0 < s <= 1 for s in sizes):
            raise ValueError(
                "sizes is a list of float, but there should be no numbers outside the range (0, 1]."
            )
        if not abs(sum(sizes) - 1) < 1e-5:
            raise ValueError("sizes is a list of float, but the percentages do not sum up to 1.")


def absolute_sizes(sizes: list, total: int) -> list[int]:
    """Row counts from checked ``sizes`` (``check_sizes``): ints summing to ``total``, or
    fractions rounded, the first split that can taking the difference."""
    if all(isinstance(s, int) for s in sizes):
        if sum(sizes) != total:
            raise RuntimeError(
                f"Sum of split sizes {sum(sizes)} is not equal to dataset size {total}."
            )
        return list(sizes)
    out = []
    for s in sizes:
        n = int(round(s * total))
        if n == 0:
            raise RuntimeError(f"Split percentage {s} is too small.")
        out.append(n)
    first_sum = sum(out)
    diff = total - first_sum
    if diff > 0:
        out[0] += diff
    else:
        for i, n in enumerate(out):
            if n + diff > 0:
                out[i] += diff
                break
    if sum(out) != total:
        raise RuntimeError(
            f"Sum of calculated split sizes {first_sum} is not equal to dataset size {total}."
        )
    return out


def _order_seed() -> int:
    if config._state["seed_set"]:
        return config.get_seed()
    return int(np.random.SeedSequence().entropy % (2**32))


def split(dataset: Any, sizes: Sequence[int | float], randomize: bool) -> tuple:
    from deepsink.dataset.engine.nodes import ShuffleDataset
    from deepsink.dataset.engine.samplers import (
        DistributedSampler,
        SequentialSampler,
        SubsetRandomSampler,
        SubsetSampler,
        sample_ids,
    )
    from deepsink.dataset.engine.sources import GeneratorDataset, _Source

    check_sizes(sizes, randomize)
    if isinstance(getattr(dataset, "sampler", None), DistributedSampler) or getattr(
        dataset, "num_shards", None
    ):
        raise RuntimeError("Dataset should not be sharded before split.")
    total = dataset.get_dataset_size()
    counts = absolute_sizes(sizes, total)
    batched = isinstance(dataset, GeneratorDataset) and dataset.batch_sampler is not None
    mappable = isinstance(dataset, _Source) and dataset._random_access() and not batched
    starts = np.cumsum([0, *counts])
    parts = []
    if mappable:
        # MindSpore puts a RandomSampler (the seed's pass-0 order, see shuffle.sampler_permutation)
        # over the source's sampler and slices what it gives
        seed = _order_seed()
        rng = SamplerDraws(np.random.default_rng(seed), seed, 0)
        base = sample_ids(dataset.sampler, dataset._length(), rng)
        order = base[sampler_permutation(len(base), seed, 0)] if randomize else base
        for a, b in zip(starts[:-1], starts[1:]):
            part = copy.copy(dataset)
            kind = SubsetRandomSampler if dataset.sampler.random else SubsetSampler
            # a sequential sampler on top, as MindSpore chains it: use_sampler replaces that one
            part.sampler = SequentialSampler()
            part.sampler.add_child(kind(order[a:b].tolist()))
            part._size, part._first_row = None, None
            if hasattr(part, "_mapped"):
                part._mapped = None
            parts.append(part)
        return tuple(parts)
    source = dataset
    if randomize:
        source = ShuffleDataset(dataset, 10000)
        source.fixed_seed = _order_seed()  # one order for every part and every epoch
    consumers = source._consumers
    for a, n in zip(starts[:-1], counts):
        part = source.skip(int(a)) if a else source
        parts.append(part.take(int(n)))
    # each part reads its own copy of the pipeline in MindSpore: one consumer each, not a shared node
    source._consumers = consumers + 1
    return tuple(parts)


_datasets.register(split)  # found by the Dataset base class
