"""Samplers: which source rows a pass reads, in which order (MindSpore's semantics).

A sampler maps the source length ``n`` to an index array per pass. Random samplers draw from the
generator the engine hands them (seeded per source node and pass), so each epoch reshuffles and a
fixed ``config.set_seed`` repeats the run.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Sequence

import numpy as np

from deepsink._core.validate import check_bool, fail_arg
from deepsink.dataset.engine.shuffle import SamplerDraws, sampler_draws, sampler_permutation


def _num_samples(value, api: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        fail_arg(api, "num_samples", "None or a non-negative int", value)
    return value or None  # MindSpore: 0 means all


_INT64_MAX = 2**63 - 1


def _iterable(obj) -> bool:
    try:
        iter(obj)
    except TypeError:
        return False
    return True


def _cap(idx: np.ndarray, num_samples: int | None) -> np.ndarray:
    return idx if num_samples is None else idx[:num_samples]


class Sampler:
    """The base class of samplers, which choose the source rows of each pass and their order. A user
    sampler subclasses it and defines ``__iter__`` yielding row indices (MindSpore's Python sampler):
    each pass iterates it afresh, with ``self.dataset_size`` set to the source's length; ``num_samples``
    (``len(self)`` when it has a length) caps what it yields. Each iterator runs its own deep copy
    of a user sampler, as MindSpore copies the pipeline per iterator. ``add_child`` chains a sampler
    whose output the parent samples from.

    Args:
        num_samples (int, optional): the most rows to give per pass. Default: ``None`` (all).

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> class EvenRows(ds.Sampler):
        ...     def __iter__(self):
        ...         return iter(range(0, 6, 2))
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6)}, sampler=EvenRows())
        >>> print([int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)])
        [0, 2, 4]
    """

    random = False
    _builtin = False  # the library's samplers; user samplers are iterated afresh each pass
    child_sampler = None

    def __init__(self, num_samples: int | None = None) -> None:
        if num_samples is None and hasattr(self, "__len__"):
            num_samples = len(self)
        self.num_samples = _num_samples(num_samples, type(self).__name__)
        self.dataset_size = 0

    def indices(self, n: int, rng: np.random.Generator | None) -> np.ndarray:
        if type(self).__iter__ is Sampler.__iter__:
            raise NotImplementedError(f"{type(self).__name__} defines no __iter__ of indices")
        self.dataset_size = n
        limit = getattr(self, "num_samples", None)
        got = []
        for i in self:
            if limit is not None and len(got) >= limit:
                break
            got.append(int(i))
        idx = np.asarray(got, np.int64)
        _check_ids(idx, n)
        return idx

    def __iter__(self):
        raise NotImplementedError(f"{type(self).__name__} defines no __iter__ of indices")

    def count(self, n: int) -> int:
        if not self._builtin and getattr(self, "num_samples", None) is not None:
            return self.num_samples  # MindSpore trusts a user sampler's num_samples (or length)
        probe = self if self._builtin else fresh_copy(self)  # leave the user's RNG state alone
        return len(probe.indices(n, np.random.default_rng(0)))

    def reset(self) -> None:
        """Called on a user sampler before each pass after an iterator's first (each epoch and
        repeat), as MindSpore does; override it to change what the next pass yields."""

    def parse(self) -> Sampler:
        """Validates the sampler and returns the object the engine runs (the sampler itself)."""
        return self

    def add_child(self, sampler: Sampler) -> None:
        """Chains ``sampler``: this sampler then samples among the rows ``sampler`` selects."""
        if self.child_sampler is not None:
            raise RuntimeError("Cannot add child sampler, this sampler already has a child.")
        if sampler is not None and not isinstance(sampler, Sampler):
            fail_arg(type(self).__name__, "sampler", "a Sampler", sampler, TypeError)
        self.child_sampler = sampler

    def get_child(self) -> Sampler | None:
        """The chained child sampler, or None."""
        return self.child_sampler

    def get_num_samples(self) -> int | None:
        """``num_samples``, combined with the child's as MindSpore does (the smaller of both)."""
        own = getattr(self, "num_samples", None)
        if self.child_sampler is not None:
            child = self.child_sampler.get_num_samples()
            return child if own is None else own if child is None else min(own, child)
        return own

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"{type(self).__name__}({args})"


def fresh_copy(sampler: Sampler) -> Sampler:
    """A deep copy of a user sampler (MindSpore copies it per iterator and to count it)."""
    try:
        return copy.deepcopy(sampler)
    except (TypeError, copy.Error) as e:
        raise RuntimeError(
            f"Init Python sampler failed: the sampler must be copyable, as each iterator and "
            f"get_dataset_size run a copy of it (a list of indices or a class with __iter__ "
            f"works; a generator object does not): {type(e).__name__}: {e}"
        ) from e


def _check_ids(idx: np.ndarray, n: int) -> None:
    bad = (idx < 0) | (idx >= n)
    if bad.any():
        raise RuntimeError(
            f"Sample ID ({int(idx[bad][0])}) is out of bound, expected range [0, {n - 1}]"
        )


def sample_ids(sampler: Sampler, n: int, rng: np.random.Generator | None) -> np.ndarray:
    """One pass's source rows of ``sampler`` over ``n`` rows, through its child chain."""
    child = sampler.child_sampler
    if child is None:
        return sampler.indices(n, rng)
    base = sample_ids(child, n, rng)
    return base[sampler.indices(len(base), rng)]


def chain(sampler: Sampler) -> list[Sampler]:
    """``sampler`` and its child samplers, parent first."""
    out = []
    while sampler is not None:
        out.append(sampler)
        sampler = sampler.child_sampler
    return out


def chain_draws(sampler: Sampler) -> bool:
    """Whether a sampler of the chain draws random numbers (a random child under a sequential
    parent draws too)."""
    return any(s.random for s in chain(sampler))


def sample_count(sampler: Sampler, n: int) -> int:
    """How many rows ``sample_ids`` gives, without drawing them where the sampler knows."""
    child = sampler.child_sampler
    return sampler.count(n if child is None else sample_count(child, n))


class SequentialSampler(Sampler):
    """Rows ``start_index, start_index + 1, ...`` in order.

    Args:
        start_index (int, optional): the first row. Default: ``None`` (0).
        num_samples (int, optional): the most rows to give per pass. Default: ``None`` (all).

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6)}, sampler=ds.SequentialSampler(start_index=2, num_samples=3))
        >>> print([int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)])
        [2, 3, 4]
    """

    _builtin = True

    def __init__(self, start_index: int | None = None, num_samples: int | None = None) -> None:
        start = 0 if start_index is None else start_index
        if isinstance(start, bool) or not isinstance(start, int) or start < 0:
            fail_arg("SequentialSampler", "start_index", "None or a non-negative int", start_index)
        self.start_index = start
        self.num_samples = _num_samples(num_samples, "SequentialSampler")

    def indices(self, n: int, rng: np.random.Generator | None) -> np.ndarray:
        return _cap(np.arange(min(self.start_index, n), n), self.num_samples)

    def count(self, n: int) -> int:
        return len(self.indices(n, None))


class RandomSampler(Sampler):
    """A fresh random permutation of the rows each pass (or draws with ``replacement``), following
    the global seed.

    Args:
        replacement (bool): draw with replacement. Default: ``False``.
        num_samples (int, optional): the most rows to give per pass. Default: ``None`` (all).

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6)}, sampler=ds.RandomSampler())
        >>> print(sorted(int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)))
        [0, 1, 2, 3, 4, 5]
    """

    _builtin = True

    random = True

    def __init__(self, replacement: bool = False, num_samples: int | None = None) -> None:
        self.replacement = check_bool(replacement, "replacement", "RandomSampler")
        self.num_samples = _num_samples(num_samples, "RandomSampler")

    def indices(self, n: int, rng: np.random.Generator | None) -> np.ndarray:
        if isinstance(rng, SamplerDraws):  # a source's pass: MindSpore's orders for the seed
            if self.replacement:
                return (
                    sampler_draws(n, self.count(n), rng.seed, rng.pass_no)
                    if n
                    else (np.zeros(0, np.int64))
                )
            return _cap(sampler_permutation(n, rng.seed, rng.pass_no), self.num_samples)
        if self.replacement:
            return rng.integers(0, n, self.count(n)) if n else np.zeros(0, np.int64)
        return _cap(rng.permutation(n), self.num_samples)

    def count(self, n: int) -> int:
        # MindSpore's sampler takes at most the source's rows, with replacement too
        return min(n, self.num_samples or n)


class DistributedSampler(Sampler):
    """Shard ``shard_id`` of ``num_shards``: rows ``shard_id, shard_id + num_shards, ...`` of the
    (optionally shuffled) rows, wrapped around so that every shard has the same size.

    Args:
        num_shards (int): the number of shards (devices).
        shard_id (int): this shard, in [0, num_shards).
        shuffle (bool): shuffle the rows first (the same order on every shard). Default: ``True``.
        num_samples (int, optional): the most rows to give per pass. Default: ``None`` (all).
        offset (int): the shard the first row goes to. Default: ``-1``.

    Raises:
        ValueError: ``shard_id`` is outside [0, num_shards), or ``num_shards`` is not positive.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6)}, sampler=ds.DistributedSampler(num_shards=2, shard_id=1, shuffle=False))
        >>> print([int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)])
        [1, 3, 5]
    """

    _builtin = True

    def __init__(
        self,
        num_shards: int,
        shard_id: int,
        shuffle: bool = True,
        num_samples: int | None = None,
        offset: int = -1,
    ) -> None:
        for name, v in (("num_shards", num_shards), ("shard_id", shard_id)):
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"{name} must be integer but was: {v}.")
        if num_shards <= 0:
            fail_arg("DistributedSampler", "num_shards", "a positive int", num_shards)
        if (
            isinstance(shard_id, bool)
            or not isinstance(shard_id, int)
            or not 0 <= shard_id < num_shards
        ):
            fail_arg("DistributedSampler", "shard_id", f"an int in [0, {num_shards - 1}]", shard_id)
        self.num_shards, self.shard_id = num_shards, shard_id
        self.shuffle = check_bool(shuffle, "shuffle", "DistributedSampler")
        self.random = self.shuffle
        self.num_samples = _num_samples(num_samples, "DistributedSampler")
        if isinstance(offset, bool) or not isinstance(offset, int):
            raise TypeError(f"offset must be integer but was: {offset}.")
        self.offset = offset

    def parse(self) -> Sampler:
        """Validates the offset against ``num_shards`` (MindSpore checks it here)."""
        if self.offset > self.num_shards:
            raise RuntimeError(
                f"DistributedSampler: offset must be no more than num_shards({self.num_shards}), "
                f"but got: {self.offset}"
            )
        return self

    def indices(self, n: int, rng: np.random.Generator | None) -> np.ndarray:
        if n == 0:
            return np.zeros(0, np.int64)
        if not self.shuffle:
            base = np.arange(n)
        elif isinstance(rng, SamplerDraws):  # MindSpore's: its RandomSampler order, seed + 1
            base = sampler_permutation(n, rng.seed + 1, rng.pass_no)
        else:
            base = rng.permutation(n)
        total = -(-n // self.num_shards) * self.num_shards
        return _cap(base[np.arange(total) % n][self.shard_id :: self.num_shards], self.num_samples)

    def count(self, n: int) -> int:
        per = -(-n // self.num_shards) if n else 0
        return per if self.num_samples is None else min(per, self.num_samples)


class SubsetSampler(Sampler):
    """Exactly the rows ``indices``, in that order.

    Args:
        indices (Sequence[int]): the rows.
        num_samples (int, optional): the most rows to give per pass. Default: ``None`` (all).

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6)}, sampler=ds.SubsetSampler([4, 0, 2]))
        >>> print([int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)])
        [4, 0, 2]
    """

    _builtin = True

    def __init__(self, indices: Sequence[int], num_samples: int | None = None) -> None:
        if num_samples is not None:
            if isinstance(num_samples, bool) or not isinstance(num_samples, int):
                raise TypeError(f"num_samples must be integer but was: {num_samples}.")
            if not 0 <= num_samples <= _INT64_MAX:
                raise ValueError(
                    f"num_samples exceeds the boundary between 0 and {_INT64_MAX}(INT64_MAX)!"
                )
        if isinstance(indices, int) and not isinstance(indices, bool):
            indices = [indices]
        elif isinstance(indices, str) or not _iterable(indices):
            raise TypeError(f"Unsupported sampler object of type ({type(indices)})")
        ids = list(indices) if num_samples is None else list(itertools.islice(indices, num_samples))
        for i, item in enumerate(ids):
            if not isinstance(item, int | np.integer):
                raise TypeError(
                    f"SubsetSampler: Type of indices element must be int, but got list[{i}]: {item}, "
                    f"type: {type(item)}."
                )
        self.indices_ = np.asarray(ids, np.int64)
        self.num_samples = num_samples or None

    def indices(self, n: int, rng: np.random.Generator | None) -> np.ndarray:
        _check_ids(self.indices_, n)
        return _cap(self.order(self.indices_, rng), self.num_samples)

    @staticmethod
    def order(idx: np.ndarray, rng: np.random.Generator | None) -> np.ndarray:
        return idx

    def count(self, n: int) -> int:
        return len(_cap(self.indices_, self.num_samples))


class IterSampler(Sampler):
    """Any iterable of source indices (an object with ``__iter__`` or ``__getitem__``), in its
    order, iterated afresh each pass. A source wraps such an object in one itself.

    Args:
        sampler (iterable): yields the source indices of one pass.
        num_samples (int, optional): at most this many indices per pass. Default: ``None``, the
            sampler's ``len()`` when it has one, else all it yields.

    Raises:
        ValueError: If `num_samples` is negative.
        RuntimeError: If an index is outside the source (when the dataset is iterated).

    Examples:
        >>> import deepsink.dataset as ds
        >>> class Backwards:
        ...     def __iter__(self):
        ...         return iter(range(4, -1, -1))
        >>> data = ds.NumpySlicesDataset([10, 11, 12, 13, 14], sampler=ds.IterSampler(Backwards()))
        >>> print([int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)])
        [14, 13, 12, 11, 10]
    """

    def __init__(self, sampler, num_samples: int | None = None) -> None:
        if num_samples is None and hasattr(sampler, "__len__"):
            num_samples = len(sampler)
        self.sampler = sampler
        super().__init__(num_samples)

    def __iter__(self):
        return iter(self.sampler)


class WeightedRandomSampler(Sampler):
    """``num_samples`` row indices drawn with probabilities proportional to ``weights``.

    Args:
        weights (list[float]): one non-negative weight per row.
        num_samples (int, optional): the draws. Default: ``None`` (as many as weights).
        replacement (bool): draw with replacement. Default: ``True``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6)}, sampler=ds.WeightedRandomSampler([0, 0, 1, 0, 0, 0], num_samples=3))
        >>> print([int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)])
        [2, 2, 2]
    """

    _builtin = True

    random = True

    def __init__(self, weights, num_samples: int | None = None, replacement: bool = True) -> None:
        w = np.asarray(list(weights), np.float64)
        if w.ndim != 1 or not len(w):
            fail_arg("WeightedRandomSampler", "weights", "a non-empty list of numbers", weights)
        if (w < 0).any() or w.sum() <= 0:
            fail_arg("WeightedRandomSampler", "weights", "non-negative numbers, not all 0", weights)
        self.weights = w
        self.num_samples = _num_samples(num_samples, "WeightedRandomSampler")
        self.replacement = check_bool(replacement, "replacement", "WeightedRandomSampler")

    def indices(self, n: int, rng: np.random.Generator | None) -> np.ndarray:
        k = self.num_samples or len(self.weights)
        p = self.weights / self.weights.sum()
        if not self.replacement and k > np.count_nonzero(p):
            fail_arg(
                "WeightedRandomSampler", "num_samples", "at most the number of non-zero weights", k
            )
        idx = rng.choice(len(p), size=k, replace=self.replacement, p=p)
        bad = idx >= n
        if bad.any():
            fail_arg(
                "WeightedRandomSampler", "weights", f"at most {n} weights (one per row)", len(p)
            )
        return idx.astype(np.int64)

    def count(self, n: int) -> int:
        return self.num_samples or len(self.weights)


class SubsetRandomSampler(SubsetSampler):
    """The rows ``indices`` in a fresh random order each pass.

    Args:
        indices (Sequence[int]): the rows.
        num_samples (int, optional): the most rows to give per pass. Default: ``None`` (all).

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6)}, sampler=ds.SubsetRandomSampler([4, 0, 2]))
        >>> print(sorted(int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)))
        [0, 2, 4]
    """

    random = True

    @staticmethod
    def order(idx: np.ndarray, rng: np.random.Generator | None) -> np.ndarray:
        return rng.permutation(idx)


class PKSampler(Sampler):
    """``num_val`` rows of each class: per class (in sorted order), draws with replacement among the
    rows whose ``class_column`` holds that label.

    Args:
        num_val (int): rows per class.
        num_class (int, optional): kept for MindSpore's signature. Default: ``None``.
        shuffle (bool): shuffle the classes. Default: ``False``.
        class_column (str): the label column. Default: ``'label'``.
        num_samples (int, optional): the most rows to give per pass. Default: ``None`` (all).

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> sampler = ds.PKSampler(2, shuffle=True)  # e.g. ds.ImageFolderDataset(folder, sampler=sampler)
        >>> try:  # as in MindSpore 2.10, a source without class ids refuses it
        ...     ds.NumpySlicesDataset({'x': np.arange(6), 'label': np.arange(6)}, sampler=sampler)
        ... except ValueError as e:
        ...     print(e)
        GeneratorDataset doesn't support PKSampler.
    """

    _builtin = True

    random = True  # draws within a class, even when the class order is fixed

    def __init__(
        self,
        num_val: int,
        num_class: int | None = None,
        shuffle: bool = False,
        class_column: str = "label",
        num_samples: int | None = None,
    ) -> None:
        if isinstance(num_val, bool) or not isinstance(num_val, int) or num_val <= 0:
            fail_arg("PKSampler", "num_val", "a positive int", num_val)
        if num_class is not None:
            raise NotImplementedError(
                "PKSampler: num_class is not supported (MindSpore ignores it too)"
            )
        self.num_val = num_val
        self.shuffle = check_bool(shuffle, "shuffle", "PKSampler")
        if not isinstance(class_column, str):
            fail_arg("PKSampler", "class_column", "a column name (str)", class_column, TypeError)
        self.class_column = class_column
        self.num_samples = _num_samples(num_samples, "PKSampler")
        self._labels: np.ndarray | None = None

    def bind_labels(self, labels: np.ndarray) -> None:
        self._labels = np.asarray(labels).reshape(len(labels), -1)[:, 0]

    def indices(self, n: int, rng: np.random.Generator | None) -> np.ndarray:
        if self._labels is None:
            raise RuntimeError(
                "PKSampler: the source has no label column to sample by; use it with a source "
                f"that has the column {self.class_column!r}"
            )
        classes = np.unique(self._labels)
        if self.shuffle:
            classes = rng.permutation(classes)
        members = {c: np.flatnonzero(self._labels == c) for c in classes.tolist()}
        out = np.concatenate([rng.choice(members[c], self.num_val) for c in classes.tolist()])
        return _cap(out.astype(np.int64), self.num_samples)

    def count(self, n: int) -> int:
        total = self.num_val * (len(np.unique(self._labels)) if self._labels is not None else 0)
        return min(total, self.num_samples or total)


def resolve(
    api: str,
    sampler: Sampler | None,
    shuffle: bool | None,
    num_samples: int | None,
    num_shards: int | None,
    shard_id: int | None,
    default_shuffle: bool = True,
    exclusive: bool = True,
    mappable: bool = True,
) -> Sampler:
    """One sampler from a source's (sampler, shuffle, num_samples, num_shards, shard_id), with
    MindSpore's checks and messages. ``exclusive``: a file or image source refuses a sampler
    beside shuffle, sharding or num_samples (MindSpore's check before it builds the sampler);
    the generator sources (``exclusive=False``) let a list of indices take ``num_samples``.
    A ``mappable`` source (MindSpore's MappableDataset) shuffled without shards and given
    ``num_samples`` samples with replacement, as MindSpore's ``select_sampler`` builds it."""
    from deepsink.dataset.core import validator_helpers as vh

    if exclusive and sampler is not None:
        for what, given in (
            ("shuffle", shuffle is not None),
            ("sharding", num_shards is not None or shard_id is not None),
            ("num_samples", num_samples is not None),
        ):
            if given:
                raise RuntimeError(f"sampler and {what} cannot be specified at the same time.")

    if shuffle is not None:
        check_bool(shuffle, "shuffle", api)
    if num_samples is not None:
        vh.check_num_samples(num_samples)
    if sampler is not None:
        if not isinstance(sampler, Sampler):
            if isinstance(sampler, np.ndarray | list | tuple):  # MindSpore: a SubsetSampler
                return SubsetSampler(sampler, num_samples)
            if isinstance(sampler, int) and not isinstance(sampler, bool):
                return SubsetSampler([sampler])
            if isinstance(sampler, str) or not _iterable(sampler):
                raise TypeError(f"Unsupported sampler object of type ({type(sampler)})")
            return IterSampler(sampler, num_samples)  # any iterable of indices, each pass
        if shuffle is not None or num_shards is not None or shard_id is not None or num_samples:
            raise ValueError(
                f"Conflicting arguments during sampler assignments. num_samples: {num_samples}, "
                f"num_shards: {num_shards}, shard_id: {shard_id}, shuffle: {shuffle}."
            )
        return sampler
    if (num_shards is None) != (shard_id is None):
        raise ValueError("num_shards and shard_id need to be passed in together.")
    if num_shards is not None:
        vh.check_pos_int32(num_shards, "num_shards")
        vh.type_check(shard_id, (int,), "shard_id")
        if shard_id >= num_shards:
            raise ValueError("shard_id should be less than num_shards.")
        vh.check_value(shard_id, (0, num_shards - 1), "shard_id")
        shuf = default_shuffle if shuffle is None else shuffle
        return DistributedSampler(num_shards, shard_id, shuf, _num_samples(num_samples, api))
    if shuffle if shuffle is not None else default_shuffle:
        replacement = mappable and num_samples is not None
        return RandomSampler(replacement, _num_samples(num_samples, api))
    return SequentialSampler(num_samples=_num_samples(num_samples, api))
