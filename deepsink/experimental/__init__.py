"""``mindspore.experimental``: PyTorch-style optimizers and learning-rate schedulers
(``experimental.optim``, ``experimental.optim.lr_scheduler``)."""

from deepsink._core.public import missing_names as _missing_names
from deepsink.experimental import optim as optim

__getattr__ = _missing_names(__name__)
