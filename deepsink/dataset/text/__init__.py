"""``mindspore.dataset.text``: text transforms on string arrays (deepsink implements a part of
MindSpore's module so far; the other names raise an AttributeError that says so)."""

from deepsink._core.public import missing_names as _missing_names
from deepsink.dataset.text import transforms as transforms
from deepsink.dataset.text.transforms import ToNumber as ToNumber
from deepsink.dataset.text.transforms import UnicodeCharTokenizer as UnicodeCharTokenizer

__getattr__ = _missing_names(__name__)
