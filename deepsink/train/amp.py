"""``mindspore.train.amp``: MindSpore 2.10 exposes its mixed-precision module under ``train`` too.

The names are deepsink.amp's own objects (one implementation), re-exported here.
"""

from deepsink.amp import *  # noqa: F403
from deepsink.amp import __all__ as __all__
