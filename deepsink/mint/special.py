"""``mindspore.mint.special``: special functions (the ``mint`` ones under their
``torch.special`` names)."""

from deepsink import ops
from deepsink.mint.nn.functional import log_softmax as log_softmax

erfc = ops.erfc
exp2 = ops.exp2
expm1 = ops.expm1
log1p = ops.log1p
round = ops.round  # noqa: A001
sinc = ops.sinc
