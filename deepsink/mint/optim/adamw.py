"""``mint.optim.AdamW``: Adam with decoupled weight decay (``p *= 1 - lr * weight_decay``
before the Adam step), PyTorch's rule; and ``FusedAdamW``, the same update."""

from __future__ import annotations

from typing import Any

from deepsink.mint.optim.adam import Adam


class AdamW(Adam):
    """AdamW (weight decay 0.01 by default). State as :class:`Adam`."""

    _decoupled = True

    def __init__(
        self,
        params: Any,
        lr: float = 1e-3,
        betas: Any = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 1e-2,
        amsgrad: bool = False,
        *,
        maximize: bool = False,
    ) -> None:
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize=maximize)


class FusedAdamW(AdamW):
    """AdamW as one fused kernel on Ascend; the update is AdamW's (XLA fuses it anyway)."""
