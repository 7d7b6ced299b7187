"""``mindspore.dataset.engine.datasets_user_defined``: MindSpore's module of its user-defined (Python source)
dataset classes, under MindSpore's name, for code such as
``type(ds) == ms.dataset.engine.datasets_user_defined.<Class>``; they are ``deepsink.dataset``'s classes.
"""

from __future__ import annotations

from deepsink.dataset.engine.sources import (
    GeneratorDataset,
    NumpySlicesDataset,
)
from deepsink.dataset.engine.synthetic import (
    PaddedDataset,
)

__all__ = ["GeneratorDataset", "NumpySlicesDataset", "PaddedDataset"]
