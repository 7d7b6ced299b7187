"""Recurrent layers: ``RNN``, ``LSTM``, ``GRU`` (MindSpore's ``nn/layer/rnns.py``).

Parameter names, shapes and gate orders are MindSpore's (``weight_ih_l{k}[_reverse]``,
``weight_hh_l{k}``, ``bias_ih_l{k}``, ``bias_hh_l{k}``; LSTM gates ``i, f, g, o``, GRU ``r, z, n``),
so checkpoints interchange. The time loop is one ``lax.scan`` per layer and direction; the input
projection of every step is one matmul before the scan.

``seq_length`` (batch,) gives each sequence's valid length: steps past it output zeros and keep the
state, the reverse direction reads each sequence backwards from its own last valid step, and the
final state is the state at the last valid step (MindSpore's rule).
"""

from __future__ import annotations

import math
from typing import Any

import jax.numpy as jnp
import numpy as np

from deepsink import ops
from deepsink._core.validate import check_bool, check_positive_int, fail_arg
from deepsink.common import dtype as mstype
from deepsink.common.initializer import Uniform, initializer
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell
from deepsink.nn.layer.basic import Dropout
from deepsink.ops.function.rnn_func import GATES as _GATES
from deepsink.ops.function.rnn_func import cell_step as _cell_step
from deepsink.ops.function.rnn_func import run_layers


class _RNNBase(Cell):
    """The stack shared by RNN, LSTM and GRU."""

    def __init__(
        self,
        mode: str,
        input_size: int,
        hidden_size: int,
        num_layers: int = 1,
        has_bias: bool = True,
        batch_first: bool = False,
        dropout: float = 0.0,
        bidirectional: bool = False,
        dtype: Any = mstype.float32,
    ) -> None:
        super().__init__()
        api = {"RNN_TANH": "RNN", "RNN_RELU": "RNN"}.get(mode, mode)
        self.input_size = check_positive_int(input_size, "input_size", api)
        self.hidden_size = check_positive_int(hidden_size, "hidden_size", api)
        self.num_layers = check_positive_int(num_layers, "num_layers", api)
        self.has_bias = check_bool(has_bias, "has_bias", api)
        self.batch_first = check_bool(batch_first, "batch_first", api)
        self.bidirectional = check_bool(bidirectional, "bidirectional", api)
        if isinstance(dropout, bool) or not isinstance(dropout, int | float):
            fail_arg(api, "dropout", "a float", dropout, TypeError)
        if not 0 <= dropout < 1:
            fail_arg(api, "dropout", "in range [0.0, 1.0)", dropout)
        self.dropout = float(dropout)
        # MindSpore's layer between the recurrent layers: built always, so it takes its seeds
        # from the dropout counter as there, and draws MindSpore's masks
        self.dropout_op = Dropout(p=self.dropout)
        self.mode = mode
        self._api = api
        self.num_directions = 2 if bidirectional else 1
        gate = _GATES[mode] * hidden_size
        stdv = 1 / math.sqrt(hidden_size)
        suffixes = ["", "_reverse"][: self.num_directions]
        # MindSpore's order: all weight_ih, then weight_hh, then bias_ih, then bias_hh
        layout = []
        for layer in range(num_layers):
            in_size = input_size if layer == 0 else hidden_size * self.num_directions
            for s in suffixes:
                layout.append((layer, s, in_size))
        kinds = [("weight_ih", lambda n: (gate, n)), ("weight_hh", lambda n: (gate, hidden_size))]
        if has_bias:
            kinds += [("bias_ih", lambda n: (gate,)), ("bias_hh", lambda n: (gate,))]
        # 2.10 draws each layer's and direction's four tensors in turn from NumPy's global
        # generator (float64 uniform, stored as float32): the same draws give the same weights
        values = {}
        for layer, s, in_size in layout:
            for kind, shape in kinds:
                draw = np.random.uniform(-stdv, stdv, shape(in_size)).astype(np.float32)
                values[f"{kind}_l{layer}{s}"] = draw
        for kind, _ in kinds:
            for layer, s, _ in layout:
                name = f"{kind}_l{layer}{s}"
                setattr(self, name, Parameter(Tensor(values[name], dtype=dtype), name=name))

    def _layer_params(self, layer: int, suffix: str, dtype: Any) -> tuple:
        """A layer's weights and biases in the input's ``dtype``, as MindSpore 2.10's RNNs cast
        them (a float16 input under AMP O3 runs the recurrence in float16)."""
        get = lambda k: getattr(self, f"{k}_l{layer}{suffix}")._data.astype(dtype)  # noqa: E731
        b_ih = get("bias_ih") if self.has_bias else None
        b_hh = get("bias_hh") if self.has_bias else None
        return get("weight_ih"), get("weight_hh"), b_ih, b_hh

    def construct(self, x: Tensor, hx: Any = None, seq_length: Any = None) -> tuple:
        a = unwrap(x)
        api = self._api
        if a.ndim != 3:
            fail_arg(
                api,
                "x",
                "a 3-D Tensor (seq_len, batch, input_size), or (batch, seq_len, "
                "input_size) with batch_first",
                f"shape {list(a.shape)}",
            )
        if self.batch_first:
            a = ops.swapaxes(Tensor._from(a), 0, 1)._data
        if a.shape[-1] != self.input_size:
            fail_arg(
                api,
                "x",
                f"last dimension input_size={self.input_size}",
                f"shape {list(unwrap(x).shape)}",
            )
        batch = a.shape[1]
        n_state = self.num_layers * self.num_directions
        lengths = None if seq_length is None else jnp.asarray(unwrap(seq_length)).astype(jnp.int32)
        if lengths is not None and lengths.shape != (batch,):
            fail_arg(
                api,
                "seq_length",
                f"shape [{batch}] (one length per batch element)",
                f"shape {list(lengths.shape)}",
            )
        zeros = jnp.zeros((n_state, batch, self.hidden_size), a.dtype)
        if self.mode == "LSTM":
            h0, c0 = (zeros, zeros) if hx is None else (unwrap(hx[0]), unwrap(hx[1]))
        else:
            h0, c0 = (zeros if hx is None else unwrap(hx)), None
        if h0.shape != zeros.shape:
            fail_arg(api, "hx", f"shape {list(zeros.shape)}", f"shape {list(h0.shape)}")
        suffixes = ("", "_reverse")

        def params(layer: int, d: int, dtype: Any) -> tuple:
            return self._layer_params(layer, suffixes[d], dtype)

        def between(inp: Any) -> Any:
            return unwrap(self.dropout_op(Tensor._from(inp)))

        dirs = self.num_directions
        out, h, c, _ = run_layers(
            self.mode,
            a,
            h0,
            c0,
            params,
            self.num_layers,
            dirs,
            lengths,
            between if self.dropout else None,
        )
        out = ops.swapaxes(Tensor._from(out), 0, 1) if self.batch_first else Tensor._from(out)
        if self.mode == "LSTM":
            return out, (Tensor._from(h), Tensor._from(c))
        return out, Tensor._from(h)

    def extend_repr(self) -> str:
        return (
            f"input_size={self.input_size}, hidden_size={self.hidden_size}, "
            f"num_layers={self.num_layers}, has_bias={self.has_bias}, "
            f"batch_first={self.batch_first}, dropout={self.dropout}, "
            f"bidirectional={self.bidirectional}"
        )


class RNN(_RNNBase):
    r"""A multi-layer Elman RNN: ``h_t = act(x_t W_ih^T + b_ih + h_{t-1} W_hh^T + b_hh)`` with
    ``act`` tanh or ReLU, run over the whole sequence with ``lax.scan``.

    Args:
        input_size (int): the feature size of the input.
        hidden_size (int): the feature size of the hidden state.
        num_layers (int): stacked layers. Default: ``1``.
        has_bias (bool): add the biases ``b_ih`` and ``b_hh``. Default: ``True``.
        batch_first (bool): the input and output are (batch, seq, feature) instead of (seq, batch,
            feature). Default: ``False``.
        dropout (float): dropout on the outputs of each layer but the last, in [0, 1). Default: ``0.0``.
        bidirectional (bool): run a second, backward pass and concatenate. Default: ``False``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.
        nonlinearity (str): ``'tanh'`` or ``'relu'``. Default: ``'tanh'``.

    Inputs:
        - **x** (Tensor) - shape :math:`(L, N, input\_size)`, or :math:`(N, L, input\_size)` with
          ``batch_first``.
        - **hx** (Tensor, optional) - the initial hidden state, shape
          :math:`(num\_directions \cdot num\_layers, N, hidden\_size)`. Default: zeros.
        - **seq_length** (Tensor, optional) - int, shape :math:`(N,)`: each sequence's valid length;
          steps beyond it do not update the state and output zeros.

    Outputs:
        Tuple of Tensors ``(output, h_n)``: ``output`` of shape :math:`(L, N, num\_directions \cdot hidden\_size)`,
        ``h_n`` the final state, shaped like ``hx``.

    Raises:
        TypeError: a size or ``num_layers`` is not an int, a flag not a bool, or ``dropout`` not a float.
        ValueError: a size is not positive, ``dropout`` is outside [0, 1), or an input's shape does not match.
        ValueError: ``nonlinearity`` is not 'tanh' or 'relu'.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> rnn = nn.RNN(3, 4, num_layers=2, batch_first=True)
        >>> out, h = rnn(ms.Tensor(np.ones((2, 5, 3), np.float32)))
        >>> print(out.shape, h.shape)
        (2, 5, 4) (2, 2, 4)
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        nonlinearity = kwargs.pop("nonlinearity", "tanh")
        if nonlinearity not in ("tanh", "relu"):
            fail_arg("RNN", "nonlinearity", "'tanh' or 'relu'", nonlinearity)
        super().__init__("RNN_TANH" if nonlinearity == "tanh" else "RNN_RELU", *args, **kwargs)
        self.nonlinearity = nonlinearity


class LSTM(_RNNBase):
    r"""A multi-layer long short-term memory network: each step updates a cell state ``c`` through
    input, forget and output gates and emits ``h = o * tanh(c)``.

    Args:
        input_size (int): the feature size of the input.
        hidden_size (int): the feature size of the hidden state.
        num_layers (int): stacked layers. Default: ``1``.
        has_bias (bool): add the biases ``b_ih`` and ``b_hh``. Default: ``True``.
        batch_first (bool): the input and output are (batch, seq, feature) instead of (seq, batch,
            feature). Default: ``False``.
        dropout (float): dropout on the outputs of each layer but the last, in [0, 1). Default: ``0.0``.
        bidirectional (bool): run a second, backward pass and concatenate. Default: ``False``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **x** (Tensor) - shape :math:`(L, N, input\_size)`, or :math:`(N, L, input\_size)` with
          ``batch_first``.
        - **hx** (tuple[Tensor], optional) - ``(h_0, c_0)``, each of shape
          :math:`(num\_directions \cdot num\_layers, N, hidden\_size)`. Default: zeros.
        - **seq_length** (Tensor, optional) - int, shape :math:`(N,)`: each sequence's valid length;
          steps beyond it do not update the state and output zeros.

    Outputs:
        Tuple ``(output, (h_n, c_n))``: ``output`` of shape :math:`(L, N, num\_directions \cdot hidden\_size)`,
        ``h_n`` and ``c_n`` the final states.

    Raises:
        TypeError: a size or ``num_layers`` is not an int, a flag not a bool, or ``dropout`` not a float.
        ValueError: a size is not positive, ``dropout`` is outside [0, 1), or an input's shape does not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> lstm = nn.LSTM(3, 4, batch_first=True, bidirectional=True)
        >>> out, (h, c) = lstm(ms.Tensor(np.ones((2, 5, 3), np.float32)))
        >>> print(out.shape, h.shape, c.shape)
        (2, 5, 8) (2, 2, 4) (2, 2, 4)
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__("LSTM", *args, **kwargs)


class GRU(_RNNBase):
    r"""A multi-layer gated recurrent unit network: reset and update gates decide how much of the
    previous state each step keeps.

    Args:
        input_size (int): the feature size of the input.
        hidden_size (int): the feature size of the hidden state.
        num_layers (int): stacked layers. Default: ``1``.
        has_bias (bool): add the biases ``b_ih`` and ``b_hh``. Default: ``True``.
        batch_first (bool): the input and output are (batch, seq, feature) instead of (seq, batch,
            feature). Default: ``False``.
        dropout (float): dropout on the outputs of each layer but the last, in [0, 1). Default: ``0.0``.
        bidirectional (bool): run a second, backward pass and concatenate. Default: ``False``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **x** (Tensor) - shape :math:`(L, N, input\_size)`, or :math:`(N, L, input\_size)` with
          ``batch_first``.
        - **hx** (Tensor, optional) - the initial hidden state, shape
          :math:`(num\_directions \cdot num\_layers, N, hidden\_size)`. Default: zeros.
        - **seq_length** (Tensor, optional) - int, shape :math:`(N,)`: each sequence's valid length;
          steps beyond it do not update the state and output zeros.

    Outputs:
        Tuple of Tensors ``(output, h_n)``: ``output`` of shape :math:`(L, N, num\_directions \cdot hidden\_size)`,
        ``h_n`` the final state.

    Raises:
        TypeError: a size or ``num_layers`` is not an int, a flag not a bool, or ``dropout`` not a float.
        ValueError: a size is not positive, ``dropout`` is outside [0, 1), or an input's shape does not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> gru = nn.GRU(3, 4)
        >>> out, h = gru(ms.Tensor(np.ones((5, 2, 3), np.float32)))
        >>> print(out.shape, h.shape)
        (5, 2, 4) (1, 2, 4)
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__("GRU", *args, **kwargs)


class RNNCellBase(Cell):
    r"""The base of the recurrent cells (MindSpore's ``nn.layer.rnn_cells.RNNCellBase``): holds
    ``weight_ih`` ``(num_chunks * hidden_size, input_size)``, ``weight_hh``
    ``(num_chunks * hidden_size, hidden_size)`` and, with ``has_bias``, ``bias_ih`` and ``bias_hh``
    ``(num_chunks * hidden_size,)``, each drawn from ``Uniform(1 / sqrt(hidden_size))``.
    Subclasses (a library's own cells among them) write ``construct``.

    Args:
        input_size (int): the feature size of the input.
        hidden_size (int): the feature size of the hidden state.
        has_bias (bool): hold the biases.
        num_chunks (int): the gates stacked in each weight (1 RNN, 3 GRU, 4 LSTM).
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Raises:
        TypeError: a size is not an int or ``has_bias`` not a bool.
        ValueError: a size is not positive.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.nn.layer.rnn_cells import RNNCellBase
        >>> print(RNNCellBase(3, 2, True, num_chunks=3).weight_ih.shape)
        (6, 3)
    """

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        has_bias: bool,
        num_chunks: int,
        dtype: Any = mstype.float32,
    ) -> None:
        super().__init__()
        api = type(self).__name__
        self.has_bias = check_bool(has_bias, "has_bias", api)
        self.hidden_size = check_positive_int(hidden_size, "hidden_size", api)
        self.input_size = check_positive_int(input_size, "input_size", api)
        gate = check_positive_int(num_chunks, "num_chunks", api) * hidden_size
        init = Uniform(1 / math.sqrt(hidden_size))
        shapes = [(gate, input_size), (gate, hidden_size)] + [(gate,), (gate,)] * has_bias
        for shape in shapes:  # 2.10 first fills them from np.random.randn, then draws again below:
            np.random.randn(*shape)  # those draws advance NumPy's global generator all the same
        self.weight_ih = Parameter(initializer(init, (gate, input_size), dtype), name="weight_ih")
        self.weight_hh = Parameter(initializer(init, (gate, hidden_size), dtype), name="weight_hh")
        if has_bias:
            self.bias_ih = Parameter(initializer(init, (gate,), dtype), name="bias_ih")
            self.bias_hh = Parameter(initializer(init, (gate,), dtype), name="bias_hh")
        else:
            self.bias_ih = self.bias_hh = None


class _RNNCellBase(RNNCellBase):
    def __init__(
        self,
        mode: str,
        input_size: int,
        hidden_size: int,
        has_bias: bool = True,
        dtype: Any = mstype.float32,
    ) -> None:
        super().__init__(input_size, hidden_size, has_bias, _GATES[mode], dtype)
        self.mode = mode
        self._api = type(self).__name__

    def construct(self, x: Tensor, hx: Any = None) -> Any:
        a = unwrap(x)
        if a.ndim not in (1, 2) or a.shape[-1] != self.input_size:
            fail_arg(
                self._api,
                "x",
                f"shape (batch, {self.input_size}) or ({self.input_size},)",
                f"shape {list(a.shape)}",
            )
        single = a.ndim == 1
        if single:
            a = a[None]
        zeros = jnp.zeros((a.shape[0], self.hidden_size), a.dtype)
        if self.mode == "LSTM":
            state = (zeros, zeros) if hx is None else tuple(unwrap(v) for v in hx)
            if single:
                state = tuple(s[None] for s in state)
        else:
            state = zeros if hx is None else unwrap(hx)
            if single:
                state = state[None]
        b_ih = None if self.bias_ih is None else self.bias_ih._data
        b_hh = None if self.bias_hh is None else self.bias_hh._data
        gi = a @ self.weight_ih._data.T + (0 if b_ih is None else b_ih)
        new = _cell_step(self.mode, gi, state, self.weight_hh._data, b_hh)
        if self.mode == "LSTM":
            h, c = (v[0] for v in new) if single else new
            return Tensor._from(h), Tensor._from(c)
        return Tensor._from(new[0] if single else new)

    def extend_repr(self) -> str:
        return f"input_size={self.input_size}, hidden_size={self.hidden_size}"


class RNNCell(_RNNCellBase):
    r"""One step of an Elman RNN: ``h' = act(x W_ih^T + b_ih + h W_hh^T + b_hh)``.

    Args:
        input_size (int): the feature size of the input.
        hidden_size (int): the feature size of the hidden state.
        has_bias (bool): add the biases. Default: ``True``.
        nonlinearity (str): ``'tanh'`` or ``'relu'``. Default: ``'tanh'``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, input\_size)` or :math:`(input\_size,)`.
        - **hx** (Tensor, optional) - shape :math:`(N, hidden\_size)`. Default: zeros.

    Outputs:
        Tensor ``h'`` of shape :math:`(N, hidden\_size)`.

    Raises:
        TypeError: a size is not an int or ``has_bias`` not a bool.
        ValueError: a size is not positive, ``nonlinearity`` is invalid, or ``x``'s shape does not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> cell = nn.RNNCell(3, 2)
        >>> print(cell(ms.Tensor(np.ones((4, 3), np.float32)), ms.Tensor(np.ones((4, 2), np.float32))).shape)
        (4, 2)
    """

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        has_bias: bool = True,
        nonlinearity: str = "tanh",
        dtype: Any = mstype.float32,
    ) -> None:
        if nonlinearity not in ("tanh", "relu"):
            fail_arg("RNNCell", "nonlinearity", "'tanh' or 'relu'", nonlinearity)
        mode = "RNN_TANH" if nonlinearity == "tanh" else "RNN_RELU"
        super().__init__(mode, input_size, hidden_size, has_bias, dtype)
        self.nonlinearity = nonlinearity


class LSTMCell(_RNNCellBase):
    r"""One LSTM step: from ``x`` and ``(h, c)`` computes the gates and returns ``(h', c')``.

    Args:
        input_size (int): the feature size of the input.
        hidden_size (int): the feature size of the hidden state.
        has_bias (bool): add the biases. Default: ``True``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, input\_size)` or :math:`(input\_size,)`.
        - **hx** (tuple[Tensor], optional) - ``(h, c)``, each :math:`(N, hidden\_size)`. Default: zeros.

    Outputs:
        Tuple of Tensors ``(h', c')``, each :math:`(N, hidden\_size)`.

    Raises:
        TypeError: a size is not an int or ``has_bias`` not a bool.
        ValueError: a size is not positive, or ``x``'s shape does not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> cell = nn.LSTMCell(3, 2)
        >>> h, c = cell(ms.Tensor(np.ones((4, 3), np.float32)), (ms.Tensor(np.ones((4, 2), np.float32)), ms.Tensor(np.ones((4, 2), np.float32))))
        >>> print(h.shape, c.shape)
        (4, 2) (4, 2)
    """

    def __init__(
        self, input_size: int, hidden_size: int, has_bias: bool = True, dtype: Any = mstype.float32
    ) -> None:
        super().__init__("LSTM", input_size, hidden_size, has_bias, dtype)


class GRUCell(_RNNCellBase):
    r"""One GRU step: from ``x`` and ``h`` computes the reset and update gates and returns ``h'``.

    Args:
        input_size (int): the feature size of the input.
        hidden_size (int): the feature size of the hidden state.
        has_bias (bool): add the biases. Default: ``True``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, input\_size)` or :math:`(input\_size,)`.
        - **hx** (Tensor, optional) - shape :math:`(N, hidden\_size)`. Default: zeros.

    Outputs:
        Tensor ``h'`` of shape :math:`(N, hidden\_size)`.

    Raises:
        TypeError: a size is not an int or ``has_bias`` not a bool.
        ValueError: a size is not positive, or ``x``'s shape does not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> cell = nn.GRUCell(3, 2)
        >>> print(cell(ms.Tensor(np.ones((4, 3), np.float32)), ms.Tensor(np.ones((4, 2), np.float32))).shape)
        (4, 2)
    """

    def __init__(
        self, input_size: int, hidden_size: int, has_bias: bool = True, dtype: Any = mstype.float32
    ) -> None:
        super().__init__("GRU", input_size, hidden_size, has_bias, dtype)
