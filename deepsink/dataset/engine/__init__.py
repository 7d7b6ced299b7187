"""The pipeline engine (internal; see README.md). Public names live in ``deepsink.dataset``."""

import importlib as _importlib

# MindSpore's modules of dataset classes, reached as attributes (ms.dataset.engine.datasets_vision)
_MINDSPORE_MODULES = (
    "datasets_audio",
    "datasets_standard_format",
    "datasets_text",
    "datasets_user_defined",
    "datasets_vision",
)


def __getattr__(name: str):
    if name in _MINDSPORE_MODULES:
        return _importlib.import_module(f"{__name__}.{name}")
    # MindSpore's ``dataset.engine`` namespace holds its dataset classes too (``Dataset``,
    # ``TakeDataset``, ``GeneratorDataset``, the samplers...), which libraries import from there
    found = getattr(_importlib.import_module("deepsink.dataset"), name, None)
    if isinstance(found, type) and not name.startswith("_"):
        return found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
