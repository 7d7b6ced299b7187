"""``recompute``: run a block so that its activations are recomputed in the backward pass instead
of kept (``jax.checkpoint``), trading compute for memory."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax

from deepsink._core import functional
from deepsink.common.tensor import Tensor


def _dynamic(x: Any) -> bool:
    return isinstance(x, Tensor | jax.Array)


def recompute(
    block: Callable,
    *args: Any,
    use_reentrant: bool = True,
    output_recompute: bool = False,
    early_stop: bool = True,
    context_fn: Any = None,
    **kwargs: Any,
) -> Any:
    """Call ``block(*args, **kwargs)`` without keeping its intermediate activations for the
    gradient: the backward pass runs ``block`` again to get them (``jax.checkpoint``). The
    outputs and gradients are those of ``block`` itself.

    State the block updates (BatchNorm statistics, the random key) is carried through, so the
    recomputation repeats the same random draws.

    Args:
        block (Callable): a Cell or function.
        args (tuple): its positional inputs; Tensors are differentiated, others are constants.
        use_reentrant (bool): MindSpore's PyNative implementation choice; both give the same
            values here. Default: ``True``.
        output_recompute (bool): also recompute the block's outputs; XLA decides where the
            outputs live, so only False is accepted. Default: ``False``.
        early_stop (bool): MindSpore's PyNative option; the whole block is recomputed here.
            Default: ``True``.
        context_fn (Callable): MindSpore's selective-recompute policy; not supported, must be
            None. Default: ``None``.
        kwargs (dict): keyword inputs of ``block``.

    Returns:
        The outputs of ``block``.

    Raises:
        TypeError: if ``block`` is not callable.
        NotImplementedError: for ``output_recompute=True`` or a ``context_fn``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn, ops
        >>> block = nn.SequentialCell([nn.Dense(3, 3), nn.ReLU()])
        >>> x = ms.Tensor(np.ones((2, 3), np.float32))
        >>> fn = lambda x: ms.recompute(block, x).sum()
        >>> g1 = ms.grad(fn)(x)
        >>> g2 = ms.grad(lambda x: block(x).sum())(x)
        >>> print(np.allclose(g1.asnumpy(), g2.asnumpy()))
        True
    """
    if not callable(block):
        raise TypeError(
            f"For 'recompute', 'block' must be a Cell or function, but got {type(block).__name__}"
        )
    if output_recompute:
        raise NotImplementedError(
            "For 'recompute', output_recompute=True is not supported: XLA "
            "decides where a block's outputs are kept"
        )
    if context_fn is not None:
        raise NotImplementedError(
            "For 'recompute', 'context_fn' (selective recompute policies) is not supported"
        )
    for name, value in (("use_reentrant", use_reentrant), ("early_stop", early_stop)):
        if not isinstance(value, bool):
            raise TypeError(
                f"For 'recompute', '{name}' must be bool, but got {type(value).__name__}"
            )
    positions = [i for i, a in enumerate(args) if _dynamic(a)]

    def call(*dynamic: Any) -> Any:
        full = list(args)
        for i, value in zip(positions, dynamic):
            full[i] = value
        return block(*full, **kwargs)

    dynamic = [args[i] for i in positions]
    boxes = functional.discover(call, *dynamic)
    pure = functional.pure(call, boxes)

    def step(state: tuple, *dyn: Any) -> tuple[Any, tuple]:
        out, new_state, _ = pure(state, *dyn)
        return out, new_state

    out, new_state = jax.checkpoint(step)(functional.values(boxes), *dynamic)
    functional.update(boxes, new_state)
    return out
