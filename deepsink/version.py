"""``mindspore.version``: the MindSpore version whose API deepsink implements (mindocr's
``version.__version__ >= "2.3"`` checks take 2.10's branch); ``deepsink.__version__`` is
deepsink's own."""

from deepsink._core.alias_site.sitecustomize import MINDSPORE_VERSION as __version__

__all__ = ["__version__"]
