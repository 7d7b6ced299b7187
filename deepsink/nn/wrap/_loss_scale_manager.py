"""Loss-scale managers (MindSpore's ``mindspore.amp``/``mindspore.train`` ``LossScaleManager``,
``FixedLossScaleManager``, ``DynamicLossScaleManager``).

A manager holds the policy; ``get_update_cell()`` gives the Cell that applies it inside the
compiled training step (``nn.TrainOneStepWithLossScaleCell``). ``update_loss_scale`` is the same
policy applied in Python, for hand-written loops.
"""

from __future__ import annotations

from typing import Any

from deepsink._core.validate import fail_arg


def _number(api: str, name: str, v: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, int | float):
        fail_arg(api, name, "a number", v, TypeError)
    return v


class LossScaleManager:
    """Base class of the loss-scale managers.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> class Constant(ms.amp.LossScaleManager):
        ...     def get_loss_scale(self):
        ...         return 8.0
        ...     def update_loss_scale(self, overflow):
        ...         pass
        ...     def get_update_cell(self):
        ...         return None
        >>> print(Constant().get_loss_scale())
        8.0
    """

    def get_loss_scale(self) -> Any:
        """The current loss scale."""
        raise NotImplementedError(f"For '{type(self).__name__}', implement 'get_loss_scale'")

    def update_loss_scale(self, overflow: bool) -> None:
        """Update the loss scale after a step that did (or did not) overflow."""
        raise NotImplementedError(f"For '{type(self).__name__}', implement 'update_loss_scale'")

    def get_update_cell(self) -> Any:
        """The Cell that updates the loss scale inside the training step (or None)."""
        raise NotImplementedError(f"For '{type(self).__name__}', implement 'get_update_cell'")


class FixedLossScaleManager(LossScaleManager):
    """A fixed loss scale. With ``drop_overflow_update`` (default) an overflowing step skips the
    optimizer update; without it the optimizer always runs (give the optimizer the same
    ``loss_scale`` so it divides the gradients).

    Args:
        loss_scale (Union[float, int]): the scale, >= 1. Default: ``128.0``.
        drop_overflow_update (bool): skip the optimizer update on overflow. Default: ``True``.

    Raises:
        TypeError: ``loss_scale`` is not a number.
        ValueError: ``loss_scale`` is below 1.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> manager = ms.amp.FixedLossScaleManager(1024.0)
        >>> print(manager.get_loss_scale(), manager.get_drop_overflow_update())
        1024.0 True
        >>> print(type(manager.get_update_cell()).__name__)
        FixedLossScaleUpdateCell
    """

    def __init__(self, loss_scale: float = 128.0, drop_overflow_update: bool = True) -> None:
        _number("FixedLossScaleManager", "loss_scale", loss_scale)
        if loss_scale < 1:
            raise ValueError(f"The argument 'loss_scale' must be >= 1, but got {loss_scale}")
        self._loss_scale = loss_scale
        self._drop_overflow_update = drop_overflow_update

    def get_loss_scale(self) -> float:
        return self._loss_scale

    def get_drop_overflow_update(self) -> bool:
        return self._drop_overflow_update

    def update_loss_scale(self, overflow: bool) -> None:
        """A fixed scale does not change."""

    def get_update_cell(self) -> Any:
        from deepsink.nn.wrap.loss_scale import FixedLossScaleUpdateCell

        if not self._drop_overflow_update:
            return None
        return FixedLossScaleUpdateCell(self._loss_scale)


class DynamicLossScaleManager(LossScaleManager):
    """A loss scale divided by ``scale_factor`` on overflow (not below 1) and multiplied by it
    after ``scale_window`` steps without overflow.

    Args:
        init_loss_scale (float): the initial scale. Default: ``2**24``.
        scale_factor (int): the factor to divide or multiply by, > 0. Default: ``2``.
        scale_window (int): the overflow-free steps before the scale grows. Default: ``2000``.

    Raises:
        TypeError: an argument is not a number.
        ValueError: ``init_loss_scale`` is below 1, ``scale_factor`` not positive, or ``scale_window`` not a positive int.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> manager = ms.amp.DynamicLossScaleManager(init_loss_scale=1024, scale_factor=2, scale_window=2)
        >>> manager.update_loss_scale(True)
        >>> print(manager.get_loss_scale())
        512.0
        >>> manager.update_loss_scale(False)
        >>> manager.update_loss_scale(False)
        >>> print(manager.get_loss_scale())
        1024.0
    """

    def __init__(
        self, init_loss_scale: float = 2**24, scale_factor: int = 2, scale_window: int = 2000
    ) -> None:
        api = "DynamicLossScaleManager"
        _number(api, "init_loss_scale", init_loss_scale)
        if init_loss_scale < 1.0:
            raise ValueError(
                f"The argument 'init_loss_scale' must be > 1, but got {init_loss_scale}"
            )
        if isinstance(scale_window, bool) or not isinstance(scale_window, int) or scale_window <= 0:
            fail_arg(api, "scale_window", "a positive int", scale_window)
        _number(api, "scale_factor", scale_factor)
        if scale_factor <= 0:
            raise ValueError(f"The argument 'scale_factor' must be > 0, but got {scale_factor}")
        self.loss_scale = init_loss_scale
        self.scale_window = scale_window
        self.scale_factor = scale_factor
        self.increase_ratio = scale_factor
        self.decrease_ratio = 1 / scale_factor
        self.cur_iter = 1
        self.last_overflow_iter = 0
        self.bad_step_max = 1000
        self.bad_step = 0

    def get_loss_scale(self) -> float:
        return self.loss_scale

    def update_loss_scale(self, overflow: bool) -> None:
        if overflow:
            self.loss_scale = max(self.loss_scale * self.decrease_ratio, 1)
            self.last_overflow_iter = self.cur_iter
            self.bad_step += 1
        else:
            if (self.cur_iter - self.last_overflow_iter) % self.scale_window == 0:
                self.loss_scale *= self.increase_ratio
            self.bad_step = 0
        if self.bad_step > self.bad_step_max:
            raise RuntimeError(
                f"Dynamic loss scale: {self.bad_step} overflowing steps in a row exceed the "
                f"maximum {self.bad_step_max}"
            )
        self.cur_iter += 1

    def get_drop_overflow_update(self) -> bool:
        return True

    def get_update_cell(self) -> Any:
        from deepsink.nn.wrap.loss_scale import DynamicLossScaleUpdateCell

        return DynamicLossScaleUpdateCell(self.loss_scale, self.scale_factor, self.scale_window)
