"""``mindspore.scipy.optimize``: ``minimize`` (BFGS, L-BFGS), the strong-Wolfe ``line_search``
and ``linear_sum_assignment``."""

from deepsink.scipy.optimize.line_search import line_search
from deepsink.scipy.optimize.linear_sum_assignment import linear_sum_assignment
from deepsink.scipy.optimize.minimize import minimize

__all__ = ["line_search", "linear_sum_assignment", "minimize"]

from deepsink._core.public import missing_names as _missing_names  # noqa: E402

__getattr__ = _missing_names(__name__)
