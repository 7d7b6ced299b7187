"""``mindspore.dataset.engine.datasets_text``: MindSpore's module of its text
dataset classes, under MindSpore's name, for code such as
``type(ds) == ms.dataset.engine.datasets_text.<Class>``; they are ``deepsink.dataset``'s classes.
"""

from __future__ import annotations

from deepsink.dataset.engine.file_sources import (
    TextFileDataset,
)
from deepsink.dataset.engine.text_sources import (
    AGNewsDataset,
    AmazonReviewDataset,
    CLUEDataset,
    CoNLL2000Dataset,
    DBpediaDataset,
    EnWik9Dataset,
    IMDBDataset,
    IWSLT2016Dataset,
    IWSLT2017Dataset,
    Multi30kDataset,
    PennTreebankDataset,
    SogouNewsDataset,
    SQuADDataset,
    SST2Dataset,
    UDPOSDataset,
    WikiTextDataset,
    YahooAnswersDataset,
    YelpReviewDataset,
)

__all__ = [
    "AGNewsDataset",
    "AmazonReviewDataset",
    "CLUEDataset",
    "CoNLL2000Dataset",
    "DBpediaDataset",
    "EnWik9Dataset",
    "IMDBDataset",
    "IWSLT2016Dataset",
    "IWSLT2017Dataset",
    "Multi30kDataset",
    "PennTreebankDataset",
    "SQuADDataset",
    "SST2Dataset",
    "SogouNewsDataset",
    "TextFileDataset",
    "UDPOSDataset",
    "WikiTextDataset",
    "YahooAnswersDataset",
    "YelpReviewDataset",
]
