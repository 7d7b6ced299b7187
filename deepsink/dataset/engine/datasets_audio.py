"""``mindspore.dataset.engine.datasets_audio``: MindSpore's module of its audio
dataset classes, under MindSpore's name, for code such as
``type(ds) == ms.dataset.engine.datasets_audio.<Class>``; they are ``deepsink.dataset``'s classes.
"""

from __future__ import annotations

from deepsink.dataset.engine.audio_sources import (
    CMUArcticDataset,
    GTZANDataset,
    LibriTTSDataset,
    LJSpeechDataset,
    SpeechCommandsDataset,
    TedliumDataset,
    YesNoDataset,
)

__all__ = [
    "CMUArcticDataset",
    "GTZANDataset",
    "LJSpeechDataset",
    "LibriTTSDataset",
    "SpeechCommandsDataset",
    "TedliumDataset",
    "YesNoDataset",
]
