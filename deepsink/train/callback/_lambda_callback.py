"""LambdaCallback: a callback built from plain functions."""

from __future__ import annotations

from collections.abc import Callable

from deepsink.train.callback._callback import Callback, RunContext

_Fn = Callable[[RunContext], object] | None

_HOOKS = (
    "on_train_epoch_begin", "on_train_epoch_end", "on_train_step_begin", "on_train_step_end",
    "on_train_begin", "on_train_end",
    "on_eval_epoch_begin", "on_eval_epoch_end", "on_eval_step_begin", "on_eval_step_end",
    "on_eval_begin", "on_eval_end",
)  # fmt: skip


def _noop(run_context: RunContext) -> None:
    return None


class LambdaCallback(Callback):
    """A callback whose hooks are the given functions, each called as ``fn(run_context)``.

    Hooks left as None do nothing (they do not fall back to the 1.x aliases).

    Args:
        on_train_epoch_begin, on_train_epoch_end, on_train_step_begin, on_train_step_end,
        on_train_begin, on_train_end, on_eval_epoch_begin, on_eval_epoch_end,
        on_eval_step_begin, on_eval_step_end, on_eval_begin, on_eval_end (Callable, optional):
            the function for that hook. Default: ``None``.

    Raises:
        TypeError: if a hook is neither None nor callable.

    Examples:
        >>> cb = LambdaCallback(
        ...     on_train_epoch_end=lambda rc: print("loss:", rc.original_args().net_outputs))
    """

    def __init__(
        self,
        on_train_epoch_begin: _Fn = None,
        on_train_epoch_end: _Fn = None,
        on_train_step_begin: _Fn = None,
        on_train_step_end: _Fn = None,
        on_train_begin: _Fn = None,
        on_train_end: _Fn = None,
        on_eval_epoch_begin: _Fn = None,
        on_eval_epoch_end: _Fn = None,
        on_eval_step_begin: _Fn = None,
        on_eval_step_end: _Fn = None,
        on_eval_begin: _Fn = None,
        on_eval_end: _Fn = None,
    ) -> None:
        super().__init__()
        given = locals()
        for hook in _HOOKS:
            fn = given[hook]
            if fn is not None and not callable(fn):
                raise TypeError(
                    f"For 'LambdaCallback', '{hook}' must be None or callable, "
                    f"but got {type(fn).__name__}"
                )
            setattr(self, hook, fn if fn is not None else _noop)
