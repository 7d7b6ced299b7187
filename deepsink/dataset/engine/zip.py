"""``mindspore.dataset.zip``."""

from __future__ import annotations

from collections.abc import Sequence

from deepsink._core.validate import fail_arg
from deepsink.dataset.engine.datasets import Dataset


def zip(datasets: Sequence[Dataset]) -> Dataset:  # noqa: A001 - MindSpore's name
    """The rows of ``datasets`` side by side (their column names must differ); as long as the
    shortest.

    Args:
        datasets (tuple[Dataset]): the datasets.

    Returns:
        Dataset, the zipped pipeline.

    Raises:
        TypeError: an element is not a Dataset.
        ValueError: column names clash.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> a = ds.NumpySlicesDataset({'a': np.arange(3)}, shuffle=False)
        >>> b = ds.NumpySlicesDataset({'b': np.arange(5)}, shuffle=False)
        >>> zipped = ds.zip((a, b))
        >>> print(zipped.get_col_names(), zipped.get_dataset_size())
        ['a', 'b'] 3
    """
    if not isinstance(datasets, list | tuple) or len(datasets) < 1:
        fail_arg("zip", "datasets", "a tuple of Datasets", datasets, TypeError)
    return datasets[0].zip(list(datasets[1:]))
