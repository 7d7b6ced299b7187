"""MindSpore's ``mindspore/ops/operations/_rl_inner_ops.py``: the cuDNN-layout recurrent
primitives of its reinforcement-learning kernels. Libraries import them at module level (mindnlp's
``rnns`` imports ``CudnnGRU`` and uses it on GPU only). ``CudnnGRU`` and ``LSTMV2`` have no kernel
in MindSpore 2.10's CPU build, which raises a RuntimeError when they run; deepsink refuses them the
same way, on every device. ``GRUV2`` runs as 2.10's CPU build runs it (oneDNN's GRU, measured
on 2.10: ``scripts/record_gruv2.py``)."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink._core import validate as _V
from deepsink._core.public import missing_names as _missing_names
from deepsink.common import dtype as _mstype
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops._table_primitive import REQUIRED, TablePrimitive
from deepsink.ops.function import rnn_func as _RNN


class _CudnnRecurrent(TablePrimitive):
    _params = (
        ("input_size", REQUIRED),
        ("hidden_size", REQUIRED),
        ("num_layers", REQUIRED),
        ("has_bias", REQUIRED),
        ("bidirectional", REQUIRED),
        ("dropout", REQUIRED),
    )

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


class _RecurrentV2(TablePrimitive):
    """``GRUV2``'s and ``LSTMV2``'s arguments, checked as MindSpore 2.10 checks them."""

    _params = (
        ("input_size", REQUIRED),
        ("hidden_size", REQUIRED),
        ("num_layers", REQUIRED),
        ("has_bias", REQUIRED),
        ("bidirectional", REQUIRED),
        ("dropout", REQUIRED),
        ("is_train", True),
    )

    def _init(self) -> None:
        for arg, value in (
            ("input_size", self.input_size),
            ("hidden_size", self.hidden_size),
            ("num_layers", self.num_layers),
        ):
            _V.check_positive_int(value, arg, self.name)
        for arg, value in (("has_bias", self.has_bias), ("bidirectional", self.bidirectional)):
            _V.check_bool(value, arg, self.name)
        if not isinstance(self.dropout, float):
            _V.fail_arg(self.name, "dropout", "a float", self.dropout, TypeError)
        _V.check_range(self.dropout, 0.0, 1.0, "dropout", self.name)
        _V.check_bool(self.is_train, "is_train", self.name)
        self.num_directions = 2 if self.bidirectional else 1


class LSTMV2(_RecurrentV2):
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

    __call__ = _CudnnRecurrent.__call__


class GRUV2(_RecurrentV2):
    """A stacked GRU over a time-major sequence and one flat weight, as MindSpore 2.10's CPU
    build runs it (oneDNN's GRU, measured on 2.10).

    ``w`` holds every layer's and direction's input weight ``(3 * hidden_size, input_size)``,
    then every hidden weight ``(3 * hidden_size, hidden_size)``, then (with ``has_bias``) one
    bias ``(3 * hidden_size,)`` each, layer-major and row-major, the gates in the order update
    ``z``, reset ``r``, candidate ``n``; ``n = tanh(W_n x + b_n + U_n (r * h))`` (the reset
    scales the state before its matmul) and ``h' = (1 - z) * n + z * h``. Each direction runs
    its own stack of layers; the output joins the last layers' outputs. As on 2.10's CPU,
    ``seq_lengths`` and ``dropout`` do not change the result, a ``w`` longer than the weights
    is read up to their end, and more than one layer needs ``input_size == hidden_size``.

    Args:
        input_size (int): the input features.
        hidden_size (int): the hidden features.
        num_layers (int): the layers.
        has_bias (bool): whether each layer and direction has a bias.
        bidirectional (bool): whether it also runs backwards in time.
        dropout (float): in [0, 1]; recorded, no effect (as on 2.10's CPU).
        is_train (bool, optional): recorded, no effect. Default: ``True``.

    Inputs:
        - **input** (Tensor) - ``(seq_len, batch_size, input_size)``, float16 or float32.
        - **h** (Tensor) - ``(num_directions * num_layers, batch_size, hidden_size)``.
        - **w** (Tensor) - the flat weights, at least as many as the layout above holds.
        - **seq_lengths** (Tensor) - ``(batch_size,)`` int32.

    Outputs:
        Tuple of ``output`` ``(seq_len, batch_size, num_directions * hidden_size)``, ``h_n``
        (the shape of ``h``), and ``reserve`` and ``state``, each ``(1, 1)`` (2.10's
        placeholders for cuDNN's workspace; zeros here).

    Raises:
        TypeError: If an argument or an input has the wrong type or dtype.
        ValueError: If a size is not positive, ``dropout`` is outside [0, 1], an input's shape
            does not fit or ``w`` is too short.
        RuntimeError: If ``num_layers > 1`` and ``input_size != hidden_size`` (oneDNN's limit).
        NotImplementedError: If ``bidirectional`` with ``num_layers > 1`` (2.10's stacking of
            that case is not reproduced).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.ops.operations._rl_inner_ops import GRUV2
        >>> x = ms.Tensor(np.ones((5, 2, 3)), ms.float32)
        >>> h = ms.Tensor(np.zeros((1, 2, 2)), ms.float32)
        >>> w = ms.Tensor(np.full((36, 1, 1), 0.1), ms.float32)
        >>> out, hn, _, _ = GRUV2(3, 2, 1, True, False, 0.0)(x, h, w, ms.Tensor([5, 5], ms.int32))
        >>> print(out.shape, hn.shape)
        (5, 2, 2) (1, 2, 2)
    """

    def _check(self, a: Any, h0: Any, w: Any, lengths: Any) -> None:
        api, dirs = self.name, self.num_directions
        for arg, v in (("input", a), ("h", h0), ("w", w)):
            if v.dtype not in (jnp.float16, jnp.float32):
                _V.fail_arg(
                    api, arg, "a float16 or float32 Tensor", _mstype.from_np(v.dtype), TypeError
                )
        if not a.dtype == h0.dtype == w.dtype:
            U.fail(
                api,
                f"'input', 'h' and 'w' must have one dtype, but got {[str(_mstype.from_np(v.dtype)) for v in (a, h0, w)]}",
                TypeError,
            )
        if lengths.dtype != jnp.int32:
            _V.fail_arg(
                api, "seq_lengths", "an int32 Tensor", _mstype.from_np(lengths.dtype), TypeError
            )
        want = {
            "input": (a, (a.shape[0] if a.ndim else 0, None, self.input_size)),
            "h": (h0, (self.num_layers * dirs, None, self.hidden_size)),
            "seq_lengths": (lengths, (None,)),
        }
        batch = a.shape[1] if a.ndim == 3 else None
        for arg, (v, shape) in want.items():
            shape = tuple(batch if d is None else d for d in shape)
            if v.shape != shape:
                _V.fail_arg(api, arg, f"of shape {list(shape)}", _V.shown(str(list(v.shape))))
        if self.num_layers > 1 and self.input_size != self.hidden_size:
            U.fail(
                api,
                f"more than one layer needs 'input_size' == 'hidden_size' (oneDNN's GRU, as in "
                f"MindSpore 2.10's CPU build), but got {self.input_size} and {self.hidden_size}",
                RuntimeError,
            )
        if self.num_layers > 1 and dirs == 2:
            raise NotImplementedError(
                f"For '{api}', a bidirectional GRUV2 with more than one layer is not built in "
                "deepsink (MindSpore 2.10's CPU stacking of that case is not reproduced)"
            )

    def __call__(self, input: Any, h: Any, w: Any, seq_lengths: Any) -> tuple:
        api = self.name
        a, h0 = U.array(input, api, "input"), U.array(h, api, "h")
        wa, lengths = U.array(w, api, "w"), U.array(seq_lengths, api, "seq_lengths")
        if a.ndim != 3:
            _V.fail_arg(api, "input", "3-D", _V.shown(f"shape {list(a.shape)}"))
        self._check(a, h0, wa, lengths)
        gates, hs, layers = 3 * self.hidden_size, self.hidden_size, self.num_layers
        per = gates * (self.input_size + hs + (1 if self.has_bias else 0))
        size = per * layers * self.num_directions
        if wa.size < size:
            _V.fail_arg(api, "w", f"at least {size} weights", _V.shown(f"{wa.size}"))
        out, h_n = _RNN.gru_v2_flat(
            a, h0, wa.reshape(-1)[:size], layers, self.has_bias, self.num_directions
        )
        pad = Tensor._from(jnp.zeros((1, 1), a.dtype))
        return Tensor._from(out), Tensor._from(h_n), pad, pad


__getattr__ = _missing_names(__name__)
