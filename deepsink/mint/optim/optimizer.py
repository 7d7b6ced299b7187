"""The base of ``mint.optim``: ``experimental.optim.Optimizer`` (as in MindSpore 2.10, whose
``mint.optim`` classes build on it), with the groups' options checked up front.

Parameters come as an iterable of Parameters or of group dicts; each group's ``lr`` is a
Parameter a scheduler rewrites (a compiled step reads it without recompiling), or a number
assigned to ``param_groups[i]['lr']``. The state (moments, the step count) is Parameters under
MindSpore's mint names (``exp_avg.<param>``, ``state_step``, ...), threaded through compiled steps
and saved in checkpoints. Subclasses write :meth:`apply`, given each group's learning rate.
"""

from __future__ import annotations

from typing import Any

from deepsink.experimental.optim.optimizer import Optimizer as _Base
from deepsink.experimental.optim.optimizer import write as write


class Optimizer(_Base):
    """PyTorch-style optimizer base (``defaults``: the per-group hyper-parameters)."""

    def __init__(self, params: Any, defaults: dict) -> None:
        api = type(self).__name__
        items = params if isinstance(params, list | tuple) else None
        if items and isinstance(items[0], dict):
            for g in items:
                unknown = set(g) - set(defaults) - {"params"}
                if unknown:
                    raise ValueError(f"For '{api}', unknown group keys {sorted(unknown)}")
        super().__init__(params, defaults)
        self.group_of = tuple(i for i, g in enumerate(self.param_groups) for _ in g["params"])

    def update(self, grads: list) -> None:
        self.apply(grads, tuple(self.group_lr(i) for i in range(len(self.param_groups))))

    def apply(self, grads: list, lrs: tuple) -> None:
        """Write the new parameter and state values (``lrs``: each group's learning rate)."""
        raise NotImplementedError(type(self).__name__)
