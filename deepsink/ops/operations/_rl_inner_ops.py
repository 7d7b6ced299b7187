"""MindSpore's ``mindspore/ops/operations/_rl_inner_ops.py``: the cuDNN-layout recurrent
primitives of its reinforcement-learning kernels. Libraries import them at module level (mindnlp's
``rnns`` imports ``CudnnGRU`` and uses it on GPU only). ``CudnnGRU`` and ``LSTMV2`` have no kernel
in MindSpore 2.10's CPU build, which raises a RuntimeError when they run; deepsink refuses them the
same way, on every device. ``GRUV2`` (which 2.10's CPU build runs) is not implemented: reading it
raises the not-implemented AttributeError."""

from __future__ import annotations

from typing import Any

from deepsink._core.public import missing_names as _missing_names
from deepsink.ops.primitive import Primitive, prim_attr_register


class _CudnnRecurrent(Primitive):
    @prim_attr_register
    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        num_layers: int,
        has_bias: bool,
        bidirectional: bool,
        dropout: float,
    ) -> None:
        pass

    def __call__(self, *args: Any) -> Any:
        raise RuntimeError(
            f"{type(self).__name__} runs on cuDNN in MindSpore's GPU build only: MindSpore 2.10's "
            "CPU build has no kernel for it, and deepsink does not implement it; use nn.GRU / "
            "nn.LSTM"
        )


class CudnnGRU(_CudnnRecurrent):
    """A multi-layer GRU over cuDNN's flat weight layout (MindSpore's GPU build only).

    Args:
        input_size (int): the input features.
        hidden_size (int): the hidden features.
        num_layers (int): the layers.
        has_bias (bool): whether the gates have biases.
        bidirectional (bool): whether it runs both ways.
        dropout (float): the dropout between layers.

    Inputs:
        - **input**, **hx**, **w** (Tensor) - the sequence, the initial state, the flat weights.

    Outputs:
        Never: calling it raises.

    Raises:
        RuntimeError: when called (no CPU kernel in MindSpore 2.10; not implemented here).

    Examples:
        >>> from deepsink.ops.operations._rl_inner_ops import CudnnGRU
        >>> gru = CudnnGRU(4, 5, 1, True, False, 0.0)
        >>> print(gru.hidden_size)
        5
    """


class LSTMV2(_CudnnRecurrent):
    """A multi-layer LSTM over cuDNN's flat weight layout (MindSpore's GPU build only).

    Args:
        input_size (int): the input features.
        hidden_size (int): the hidden features.
        num_layers (int): the layers.
        has_bias (bool): whether the gates have biases.
        bidirectional (bool): whether it runs both ways.
        dropout (float): the dropout between layers.

    Inputs:
        - **input**, **h**, **c**, **w**, **seq_lengths** (Tensor) - the sequence, the initial
          states, the flat weights, the lengths.

    Outputs:
        Never: calling it raises.

    Raises:
        RuntimeError: when called (no CPU kernel in MindSpore 2.10; not implemented here).

    Examples:
        >>> from deepsink.ops.operations._rl_inner_ops import LSTMV2
        >>> print(LSTMV2(4, 5, 1, True, False, 0.0).num_layers)
        1
    """

    @prim_attr_register
    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        num_layers: int,
        has_bias: bool,
        bidirectional: bool,
        dropout: float,
        is_train: bool = True,
    ) -> None:
        pass


__getattr__ = _missing_names(__name__)
