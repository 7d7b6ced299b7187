"""MindSpore's ``nn.grad``: the deprecated ``Jvp`` and ``Vjp`` Cells (use ``ops.jvp``/``ops.vjp``)."""

from deepsink.nn.grad.cell_grad import Jvp as Jvp
from deepsink.nn.grad.cell_grad import Vjp as Vjp
