"""``mindspore.mint.special``: special functions (the ``mint`` ones under their
``torch.special`` names)."""

from typing import Any as _Any

from deepsink import ops
from deepsink.common.tensor import Tensor as _Tensor
from deepsink.mint.nn.functional import log_softmax as log_softmax

erfc = ops.erfc
exp2 = ops.exp2
expm1 = ops.expm1
log1p = ops.log1p


def round(input: _Any) -> _Tensor:  # noqa: A001
    """Round half to even (``ops.round``; mint's takes no ``decimals``)."""
    return ops.round(input)


sinc = ops.sinc
