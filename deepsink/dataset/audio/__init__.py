"""``mindspore.dataset.audio``: audio transforms on waveforms of shape <..., time> (deepsink
implements a part of MindSpore's module so far; the other names raise an AttributeError that says
so)."""

from deepsink._core.public import missing_names as _missing_names
from deepsink.dataset.audio import transforms as transforms
from deepsink.dataset.audio.transforms import BassBiquad as BassBiquad

__getattr__ = _missing_names(__name__)
