"""``Dataset.split``: disjoint parts of one dataset, MindSpore's size rules.

A random-access source splits by index: each part is a copy of the source reading its own slice
of one index order (a permutation drawn once, at split time, when ``randomize``). Any other
dataset splits as ``skip``/``take`` over the rows; with ``randomize`` over a shuffle whose order is
fixed at split time, so the parts never overlap and keep their rows every epoch.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from deepsink.dataset import config
from deepsink.dataset.engine import datasets as _datasets
from deepsink.dataset.engine.shuffle import SamplerDraws, sampler_permutation


def absolute_sizes(sizes: Any, total: int) -> list[int]:
    """Row counts from ``sizes``: ints summing to ``total`` or fractions in (0, 1] summing to 1."""
    if not isinstance(sizes, list | tuple) or not sizes:
        raise TypeError(f"Argument sizes with value {sizes} is not of type [<class 'list'>].")
    if all(isinstance(s, int) and not isinstance(s, bool) for s in sizes):
        if any(s <= 0 for s in sizes):
            raise ValueError(f"sizes must be positive ints, but got {sizes}.")
        if sum(sizes) != total:
            raise RuntimeError(
                f"Sum of split sizes {sum(sizes)} is not equal to dataset size {total}."
            )
        return list(sizes)
    if not all(isinstance(s, float) for s in sizes):
        raise TypeError("sizes must be a list of ints or a list of floats.")
    if any(not 0 < s <= 1 for s in sizes) or not math.isclose(sum(sizes), 1.0, abs_tol=1e-6):
        raise ValueError(f"Floats in sizes must be in (0, 1] and sum to 1, but got {sizes}.")
    out = [round(s * total) for s in sizes]
    if any(n == 0 for n in out):
        raise RuntimeError(
            f"Split sizes {sizes} of a dataset of {total} rows give a split with 0 rows."
        )
    diff = total - sum(out)
    if diff > 0:
        out[0] += diff
    elif diff < 0:
        for i, n in enumerate(out):
            if n + diff >= 1:
                out[i] += diff
                break
    return out


def _order_seed() -> int:
    if config._state["seed_set"]:
        return config.get_seed()
    return int(np.random.SeedSequence().entropy % (2**32))


def split(dataset: Any, sizes: Sequence[int | float], randomize: bool) -> tuple:
    from deepsink.dataset.engine.nodes import ShuffleDataset
    from deepsink.dataset.engine.samplers import (
        DistributedSampler,
        SubsetRandomSampler,
        SubsetSampler,
        sample_ids,
    )
    from deepsink.dataset.engine.sources import GeneratorDataset, _Source

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
            part.sampler = kind(order[a:b].tolist())
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
