"""``mindspore.experimental``: PyTorch-style optimizers and learning-rate schedulers
(``experimental.optim``, ``experimental.optim.lr_scheduler``)."""

from deepsink.experimental import optim as optim
