"""``mindspore.dataset.engine.datasets_standard_format``: MindSpore's module of its standard-format (CSV, MindRecord, TFRecord)
dataset classes, under MindSpore's name, for code such as
``type(ds) == ms.dataset.engine.datasets_standard_format.<Class>``; they are ``deepsink.dataset``'s classes.
"""

from __future__ import annotations

from deepsink.dataset.engine.file_sources import (
    CSVDataset,
)
from deepsink.dataset.engine.manifest_random_sources import (
    OBSMindDataset,
)
from deepsink.dataset.engine.minddata import (
    MindDataset,
)
from deepsink.dataset.engine.sources import (
    TFRecordDataset,
)

__all__ = ["CSVDataset", "MindDataset", "OBSMindDataset", "TFRecordDataset"]
