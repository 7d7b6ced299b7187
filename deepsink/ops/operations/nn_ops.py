"""MindSpore's ``mindspore.ops.operations.nn_ops``: the neural-network primitive classes.

Defined here: ``Dense``, ``BinaryCrossEntropy``, ``LayerNorm``, ``AvgPool3D``, ``MaxPool3D``,
``Conv3D`` and ``ApplyMomentum`` (each calls a functional op, as every deepsink primitive does).
The older nn primitives (``Conv2D``, ``MaxPool``, ``Softmax``, ...) live in
``deepsink.ops.operations`` and resolve here too, so ``from mindspore.ops.operations import
nn_ops`` finds every one of them.
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink._core import validate as V
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops._table_primitive import REQUIRED, TablePrimitive
from deepsink.ops.function import nn_pool_norm_func as NF
from deepsink.ops.function import optimizer_func as R
from deepsink.ops.operations._by_path import operations_getattr
from deepsink.ops.primitive import Primitive

__all__ = [
    "ApplyMomentum",
    "AvgPool3D",
    "BinaryCrossEntropy",
    "Conv3D",
    "Dense",
    "LayerNorm",
    "MaxPool3D",
]


class Dense(TablePrimitive):
    """``Dense()(x, w, b)``: ``x @ w.T + b`` (1-D ``x`` and ``w`` give their dot product)."""

    def __call__(self, x: Any, w: Any, b: Any = None) -> Tensor:
        a, wa = U.array(x, "Dense", "x"), U.array(w, "Dense", "w")
        if a.shape[-1] != wa.shape[-1]:
            U.fail(
                "Dense",
                f"the last dimension of 'x' {list(a.shape)} must equal that of 'w' "
                f"{list(wa.shape)}",
            )
        y = jnp.matmul(a, wa.T) if wa.ndim == 2 else jnp.matmul(a, wa)
        if b is not None:
            y = y + U.array(b, "Dense", "b").astype(y.dtype)
        return Tensor._from(y)


class BinaryCrossEntropy(TablePrimitive):
    """``BinaryCrossEntropy(reduction='mean')(logits, labels, weight=None)``; ``logits`` are
    probabilities (MindSpore's naming)."""

    _params = (("reduction", "mean"),)

    def _init(self) -> None:
        V.check_one_of(self.reduction, ["none", "mean", "sum"], "reduction", "BinaryCrossEntropy")

    def __call__(self, logits: Any, labels: Any, weight: Any = None) -> Tensor:
        return NF.binary_cross_entropy(logits, labels, weight, self.reduction)


class LayerNorm(TablePrimitive):
    """``LayerNorm(begin_norm_axis=1, begin_params_axis=1, epsilon=1e-7)(x, gamma, beta)``
    ``-> (y, mean, variance)``; mean and variance keep the normalized axes as size 1."""

    _params = (("begin_norm_axis", 1), ("begin_params_axis", 1), ("epsilon", 1e-7))

    def _init(self) -> None:
        for n, v in (
            ("begin_norm_axis", self.begin_norm_axis),
            ("begin_params_axis", self.begin_params_axis),
        ):
            if isinstance(v, bool) or not isinstance(v, int):
                U.fail("LayerNorm", f"'{n}' must be an int, but got {v!r}", TypeError)

    def __call__(self, x: Any, gamma: Any, beta: Any) -> tuple[Tensor, Tensor, Tensor]:
        a = U.floating(U.array(x, "LayerNorm", "input_x"))
        g, b = U.array(gamma, "LayerNorm", "gamma"), U.array(beta, "LayerNorm", "beta")
        y, mean, var = NF.layer_norm_stats(
            a, g, b, self.begin_norm_axis, self.begin_params_axis, self.epsilon, "LayerNorm"
        )
        return Tensor._from(y), Tensor._from(mean), Tensor._from(var)


def _check_format(api: str, data_format: str) -> None:
    if data_format != "NCDHW":
        U.fail(api, f"'data_format' must be 'NCDHW', but got {data_format!r}")


def _pool3d(prim: Primitive, x: Any, kind: str, pad: Any, *avg: Any) -> Tensor:
    """``AvgPool3D``/``MaxPool3D``'s call: a 5-D ``x`` pooled with the primitive's attributes."""
    a = U.array(x, prim.name, "x")
    if a.ndim != 5:
        U.fail(prim.name, f"'x' must be 5-D (NCDHW), but got shape {list(a.shape)}")
    args = (prim.kernel_size, prim.strides, prim.pad_mode, pad, bool(prim.ceil_mode), *avg)
    return Tensor._from(NF.pool_nd(a, 3, kind, *args, api=prim.name))


class AvgPool3D(TablePrimitive):
    """``AvgPool3D(kernel_size, strides, pad_mode, pad, ceil_mode, count_include_pad,
    divisor_override)(x)`` over NCDHW."""

    _params = (
        ("kernel_size", 1),
        ("strides", 1),
        ("pad_mode", "valid"),
        ("pad", 0),
        ("ceil_mode", False),
        ("count_include_pad", True),
        ("divisor_override", 0),
        ("data_format", "NCDHW"),
    )

    def _init(self) -> None:
        _check_format("AvgPool3D", self.data_format)
        if str(self.pad_mode).upper() != "PAD" and self.pad not in (0, (0,) * 6, [0] * 6):
            U.fail(
                "AvgPool3D",
                f"'pad' must be 0 when 'pad_mode' is {self.pad_mode!r}, but got {self.pad!r}",
            )

    def __call__(self, x: Any) -> Tensor:
        return _pool3d(self, x, "avg", self.pad, self.count_include_pad, self.divisor_override)


class MaxPool3D(TablePrimitive):
    """``MaxPool3D(kernel_size, strides, pad_mode, pad_list, ceil_mode)(x)`` over NCDHW."""

    _params = (
        ("kernel_size", 1),
        ("strides", 1),
        ("pad_mode", "VALID"),
        ("pad_list", 0),
        ("ceil_mode", None),
        ("data_format", "NCDHW"),
    )

    def _init(self) -> None:
        _check_format("MaxPool3D", self.data_format)

    def __call__(self, x: Any) -> Tensor:
        return _pool3d(self, x, "max", self.pad_list)


class Conv3D(TablePrimitive):
    """``Conv3D(out_channel, kernel_size, mode=1, pad_mode='valid', pad=0, stride=1, dilation=1,
    group=1)(x, weight)`` over NCDHW input and OIDHW weight."""

    _params = (
        ("out_channel", REQUIRED),
        ("kernel_size", REQUIRED),
        ("mode", 1),
        ("pad_mode", "valid"),
        ("pad", 0),
        ("stride", 1),
        ("dilation", 1),
        ("group", 1),
        ("data_format", "NCDHW"),
    )

    def _init(self) -> None:
        _check_format("Conv3D", self.data_format)
        if str(self.pad_mode).lower() not in ("valid", "same", "pad"):
            U.fail(
                "Conv3D",
                f"'pad_mode' must be one of ['valid', 'same', 'pad'], but got {self.pad_mode!r}",
            )

    def __call__(self, x: Any, weight: Any) -> Tensor:
        w = U.conv_weight(weight, self.out_channel, "Conv3D")
        return NF.conv3d(
            x, w, None, self.stride, self.pad_mode, self.pad, self.dilation, self.group
        )


class ApplyMomentum(TablePrimitive):
    """``ApplyMomentum(use_nesterov=False)(variable, accumulation, learning_rate, gradient,
    momentum)``: ``accumulation = accumulation * momentum + gradient``, then ``variable -= lr *
    accumulation`` (Nesterov: ``lr * (gradient + momentum * accumulation)``). Both Parameters are
    updated in place; returns ``variable``."""

    _params = (("use_nesterov", False), ("use_locking", False), ("gradient_scale", 1.0))

    def _init(self) -> None:
        V.check_bool(self.use_nesterov, "use_nesterov", "ApplyMomentum")

    def __call__(
        self, variable: Any, accumulation: Any, learning_rate: Any, gradient: Any, momentum: Any
    ) -> Parameter:
        for n, p in (("variable", variable), ("accumulation", accumulation)):
            if not isinstance(p, Parameter):
                U.fail(
                    "ApplyMomentum",
                    f"'{n}' must be a Parameter, but got {type(p).__name__}",
                    TypeError,
                )
        var, acc = variable._data, accumulation._data
        g = U.array(gradient, "ApplyMomentum", "gradient").astype(var.dtype)
        if self.gradient_scale != 1.0:
            g = g * jnp.asarray(self.gradient_scale, var.dtype)
        lr = U.array(learning_rate, "ApplyMomentum", "learning_rate").astype(var.dtype)
        mom = U.array(momentum, "ApplyMomentum", "momentum").astype(var.dtype)
        new_var, acc = R.momentum(var, acc, lr, g, mom, self.use_nesterov)
        accumulation._data = acc.astype(accumulation._data.dtype)
        variable._data = new_var
        return variable


__getattr__ = operations_getattr(__name__)


# --- fractional pools, Dilation2D, LSTM, MaxPool3DWithArgmax, RNNTLoss, accidental hits, ----------
# --- DeformableOffsets ---------------------------------------------------------------------------

from deepsink._core import random as _random  # noqa: E402
from deepsink.common import dtype as _mstype  # noqa: E402
from deepsink.ops.function import fractional_pool_func as _FP  # noqa: E402
from deepsink.ops.function import patch_func as _PF  # noqa: E402
from deepsink.ops.function import rnn_func as _RNN  # noqa: E402
from deepsink.ops.function import sequence_func as _SQ  # noqa: E402


def _type(api: str, arg: str, value: Any, types: tuple) -> None:
    if isinstance(value, bool) and bool not in types or not isinstance(value, types):
        names = ", ".join(t.__name__ for t in types)
        U.fail(
            api,
            f"the type of '{arg}' should be '{names}', but got type '{type(value).__name__}'.",
            TypeError,
        )


class _FractionalPool(TablePrimitive):
    _mode = "max"

    _params = (
        ("pooling_ratio", REQUIRED),
        ("pseudo_random", False),
        ("overlapping", False),
        ("deterministic", False),
        ("seed", 0),
        ("seed2", 0),
    )

    def _init(self) -> None:
        _type(self.name, "pooling_ratio", self.pooling_ratio, (list,))
        for item in self.pooling_ratio:
            _type(self.name, "pooling_ratio_item", item, (float,))
        for arg in ("pseudo_random", "overlapping", "deterministic"):
            _type(self.name, arg, getattr(self, arg), (bool,))
        for arg in ("seed", "seed2"):
            _type(self.name, arg, getattr(self, arg), (int,))
        if (
            len(self.pooling_ratio) != 4
            or self.pooling_ratio[0] != 1.0
            or self.pooling_ratio[3] != 1.0
            or any(r < 1.0 for r in self.pooling_ratio)
        ):
            U.fail(
                self.name,
                f"'pooling_ratio' must be [1.0, row_ratio, col_ratio, 1.0] with ratios >= 1.0, but got {self.pooling_ratio}",
            )

    def __call__(self, x: Any) -> tuple:
        seed = _FP.pool_seed(self.deterministic, self.seed, self.seed2, self.name)
        return _FP.fractional_pool(
            x, self.pooling_ratio, self.pseudo_random, self.overlapping, seed, self._mode, self.name
        )


_FRACTIONAL_DOC = """{kind} pooling with fractional windows (TensorFlow's ``Fractional{name}``):
    an NHWC input pooled to ``floor(H / ratio_h) x floor(W / ratio_w)`` over windows bounded by
    random (or pseudo-random) cumulative sequences, which are also returned.

    Args:
        pooling_ratio (list[float]): ``[1.0, ratio_h, ratio_w, 1.0]``, ratios >= 1.0.
        pseudo_random (bool, optional): Pseudo-random sequences instead of shuffled steps.
            Default: ``False``.
        overlapping (bool, optional): Windows also take the next window's first row/column.
            Default: ``False``.
        deterministic (bool, optional): Draw the sequences from ``seed`` (``seed2`` when ``seed``
            is 0; fresh entropy at every call when both are 0). Otherwise both seeds must be 0
            and every call draws from the engine's seed 0, as MindSpore's CPU kernel does.
            Default: ``False``.
        seed (int, optional): The engine seed when ``deterministic``. Default: ``0``.
        seed2 (int, optional): Default: ``0``.

    Inputs:
        - **x** (Tensor) - ``(N, H, W, C)``.

    Outputs:
        - **y** (Tensor) - ``(N, H', W', C)``, ``x``'s dtype.
        - **row_pooling_sequence** (Tensor) - Int64 ``(H' + 1,)``.
        - **col_pooling_sequence** (Tensor) - Int64 ``(W' + 1,)``.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If ``pooling_ratio`` is malformed, ``x`` is not 4-D, or a seed is set
            without ``deterministic``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(16.0).reshape(1, 4, 4, 1), ms.float32)
        >>> y, rows, cols = ops.Fractional{name}([1.0, 2.0, 2.0, 1.0])(x)
        >>> print(y.reshape(-1), rows, cols)
        {example} [0 2 4] [0 2 4]
"""


class FractionalMaxPool(_FractionalPool):
    __doc__ = _FRACTIONAL_DOC.format(kind="Max", name="MaxPool", example="[ 5.  7. 13. 15.]")
    _mode = "max"


class FractionalAvgPool(_FractionalPool):
    __doc__ = _FRACTIONAL_DOC.format(
        kind="Average", name="AvgPool", example="[ 2.5  4.5 10.5 12.5]"
    )
    _mode = "avg"


def _stride4(api: str, arg: str, value: Any) -> tuple:
    _type(api, arg, value, (int, tuple))
    if isinstance(value, int):
        out = (1, 1, value, value)
    elif len(value) == 2:
        out = (1, 1) + tuple(value)
    elif len(value) == 4:
        if value[0] != 1 or value[1] != 1:
            U.fail(
                api,
                f"attr '{arg}' should be [1, 1, {arg}_height, {arg}_weigth]when "
                f"data_format is 'NCHW', but got {value}",
            )
        out = tuple(value)
    else:
        out = None
    if out is None or any(isinstance(v, bool) or not isinstance(v, int) or v <= 0 for v in out):
        U.fail(
            api,
            f"attr '{arg}' should be an positive int number or a tuple of two or four "
            f"positive int numbers, but got {value}",
        )
    return out


class Dilation2D(TablePrimitive):
    """Grey-scale morphological dilation of an NCHW input by a per-channel structuring element:
    ``y[n, c, i, j] = max_{p, q} x[n, c, i*sh + p*dh, j*sw + q*dw] + filter[c, p, q]``.

    Args:
        stride (Union[int, tuple[int]]): An int, ``(sh, sw)`` or ``(1, 1, sh, sw)``.
        dilation (Union[int, tuple[int]]): An int, ``(dh, dw)`` or ``(1, 1, dh, dw)``.
        pad_mode (str, optional): ``"SAME"`` or ``"VALID"`` (either case). Default: ``"SAME"``.
        data_format (str, optional): Only ``"NCHW"``. Default: ``"NCHW"``.

    Inputs:
        - **x** (Tensor) - ``(N, C, H, W)``.
        - **filter** (Tensor) - ``(C, kh, kw)``, ``x``'s dtype.

    Outputs:
        Tensor ``(N, C, H', W')``.

    Raises:
        TypeError: If ``stride`` or ``dilation`` is not an int or tuple.
        ValueError: If they are malformed, ``pad_mode`` is not SAME/VALID or ``data_format``
            is ``"NHWC"``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(9.0).reshape(1, 1, 3, 3), ms.float32)
        >>> f = ms.Tensor(np.zeros((1, 2, 2)), ms.float32)
        >>> print(ops.Dilation2D(1, 1, "VALID")(x, f))
        [[[[4. 5.]
           [7. 8.]]]]
    """

    _params = (
        ("stride", REQUIRED),
        ("dilation", REQUIRED),
        ("pad_mode", "SAME"),
        ("data_format", "NCHW"),
    )

    def _init(self) -> None:
        if self.data_format == "NHWC":
            U.fail(self.name, "NHWC format is not supported at present.")
        V.check_one_of(self.data_format, ["NCHW", "NHWC"], "data_format", self.name)
        V.check_one_of(self.pad_mode, ["VALID", "SAME", "valid", "same"], "pad_mode", self.name)
        self.add_prim_attr("pad_mode", self.pad_mode.upper())
        self.add_prim_attr("stride", _stride4(self.name, "stride", self.stride))
        self.add_prim_attr("dilation", _stride4(self.name, "dilation", self.dilation))

    def __call__(self, x: Any, filter: Any) -> Tensor:
        return _PF.dilation2d(x, filter, self.stride, self.dilation, self.pad_mode)


class LSTM(TablePrimitive):
    """A stacked (optionally bidirectional) LSTM over time-major input with all weights in one
    flat Tensor (the primitive behind ``nn.LSTM`` on CPU and GPU).

    Args:
        input_size (int): The input's features.
        hidden_size (int): The hidden state's features.
        num_layers (int): The stacked layers.
        has_bias (bool): Whether ``w`` ends with biases.
        bidirectional (bool): Also run each layer backwards.
        dropout (float): Dropout between layers, in [0, 1].
        proj_size (int, optional): Must be 0 (projections are not built). Default: ``0``.

    Inputs:
        - **x** (Tensor) - ``(T, B, input_size)``.
        - **h** (Tensor) - ``(num_layers * dirs, B, hidden_size)``.
        - **c** (Tensor) - ``(num_layers * dirs, B, hidden_size)``.
        - **w** (Tensor) - ``(size, 1, 1)``: every layer's and direction's ``w_ih`` (4H, in),
          then every ``w_hh`` (4H, H), then every bias ``b_ih + b_hh`` (4H,); gates ``i, f, g, o``.

    Outputs:
        Tuple of ``output`` (T, B, dirs*H), ``h_n``, ``c_n``, ``reserve`` (every layer's output,
        flattened to (-1, 1)) and ``state`` (a (1, 1) zero Tensor; MindSpore's backend workspace
        has no content defined).

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If a size is not positive, ``dropout`` is outside [0, 1] or the shapes do not
            fit.
        NotImplementedError: If ``proj_size`` is positive.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((2, 1, 1)), ms.float32)
        >>> h = ms.Tensor(np.zeros((1, 1, 1)), ms.float32)
        >>> w = ms.Tensor(np.full((12, 1, 1), 0.5), ms.float32)
        >>> out = ops.LSTM(1, 1, 1, True, False, 0.0)(x, h, h, w)
        >>> print(out[0].shape, out[1].shape)
        (2, 1, 1) (1, 1, 1)
    """

    _params = (
        ("input_size", REQUIRED),
        ("hidden_size", REQUIRED),
        ("num_layers", REQUIRED),
        ("has_bias", REQUIRED),
        ("bidirectional", REQUIRED),
        ("dropout", REQUIRED),
        ("proj_size", 0),
    )

    def _init(self) -> None:
        V.check_positive_int(self.input_size, "input_size", self.name)
        V.check_positive_int(self.hidden_size, "hidden_size", self.name)
        if isinstance(self.proj_size, bool) or not isinstance(self.proj_size, int):
            V.fail_arg(self.name, "proj_size", "an int", self.proj_size, TypeError)
        if not 0 <= self.proj_size < self.hidden_size:
            U.fail(
                self.name,
                f"the 'proj_size' must be in range of [0, {self.hidden_size}), but got {self.proj_size} with type 'int'.",
            )
        V.check_positive_int(self.num_layers, "num_layers", self.name)
        _type(self.name, "has_bias", self.has_bias, (bool,))
        _type(self.name, "bidirectional", self.bidirectional, (bool,))
        _type(self.name, "dropout", self.dropout, (float,))
        V.check_range(self.dropout, 0, 1, "dropout", self.name)
        if self.proj_size:
            raise NotImplementedError(
                f"For '{self.name}', 'proj_size' > 0 (LSTM projections) is not built in deepsink"
            )

    def __call__(self, x: Any, h: Any, c: Any, w: Any) -> tuple:
        api = self.name
        a = U.array(x, api, "x")
        h0, c0, wa = U.array(h, api, "h"), U.array(c, api, "c"), U.array(w, api, "w")
        dirs = 2 if self.bidirectional else 1
        if a.ndim != 3 or a.shape[-1] != self.input_size:
            U.fail(api, f"'x' must be (T, B, {self.input_size}), but got {list(a.shape)}")
        want = (self.num_layers * dirs, a.shape[1], self.hidden_size)
        if h0.shape != want or c0.shape != want:
            U.fail(
                api,
                f"'h' and 'c' must have shape {list(want)}, but got {list(h0.shape)} and "
                f"{list(c0.shape)}",
            )
        size = _RNN.lstm_weight_size(
            self.input_size, self.hidden_size, self.num_layers, self.has_bias, self.bidirectional
        )
        if wa.size != size:
            U.fail(api, f"'w' must hold {size} weights, but got shape {list(wa.shape)}")
        key = _random.next_key() if self.dropout else None
        out, hn, cn, layers = _RNN.lstm_flat(
            a,
            h0,
            c0,
            wa.astype(a.dtype),
            self.input_size,
            self.hidden_size,
            self.num_layers,
            self.has_bias,
            self.bidirectional,
            self.dropout,
            key,
        )
        return (
            Tensor._from(out),
            Tensor._from(hn),
            Tensor._from(cn),
            Tensor._from(layers.reshape(-1, 1)),
            Tensor._from(jnp.zeros((1, 1), a.dtype)),
        )


def _three(api: str, arg: str, value: Any, positive: bool = True) -> tuple:
    v = (value,) * 3 if isinstance(value, int) and not isinstance(value, bool) else value
    if isinstance(v, tuple | list) and len(v) == 5 and arg == "dilation":
        v = tuple(v[2:])
    if (
        not isinstance(v, tuple | list)
        or len(v) != 3
        or any(
            isinstance(i, bool) or not isinstance(i, int) or (i <= 0 if positive else i < 0)
            for i in v
        )
    ):
        V.fail_arg(
            api,
            arg,
            f"an int or a tuple of 3 {'positive' if positive else 'non-negative'} ints",
            value,
            TypeError if not isinstance(value, int | tuple | list) else ValueError,
        )
    return tuple(v)


class MaxPool3DWithArgmax(TablePrimitive):
    """3-D max pooling over NCDHW that also returns where each maximum is (its flat index in the
    D*H*W plane; the first on ties).

    Args:
        ksize (Union[int, tuple[int]]): The window (d, h, w).
        strides (Union[int, tuple[int]]): The strides.
        pads (Union[int, tuple[int]]): Zero padding on both sides of each axis.
        dilation (Union[int, tuple[int]], optional): Must be 1. Default: ``(1, 1, 1)``.
        ceil_mode (bool, optional): Round the output size up. Default: ``False``.
        data_format (str, optional): Only ``"NCDHW"``. Default: ``"NCDHW"``.
        argmax_type (mindspore.dtype, optional): ``mstype.int32`` or ``mstype.int64``.
            Default: ``mstype.int64``.

    Inputs:
        - **x** (Tensor) - ``(N, C, D, H, W)``.

    Outputs:
        Tuple of the pooled Tensor and the indices (``argmax_type``), of one shape.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If a size is malformed or ``dilation`` is not 1.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(8.0).reshape(1, 1, 2, 2, 2), ms.float32)
        >>> y, idx = ops.MaxPool3DWithArgmax(2, 2, 0)(x)
        >>> print(y.reshape(-1), idx.reshape(-1))
        [7.] [7]
    """

    _params = (
        ("ksize", REQUIRED),
        ("strides", REQUIRED),
        ("pads", REQUIRED),
        ("dilation", (1, 1, 1)),
        ("ceil_mode", False),
        ("data_format", "NCDHW"),
        ("argmax_type", _mstype.int64),
    )

    def _init(self) -> None:
        _type(self.name, "ceil_mode", self.ceil_mode, (bool,))
        _type(self.name, "data_format", self.data_format, (str,))
        if self.argmax_type not in (_mstype.int32, _mstype.int64):
            U.fail(
                self.name,
                f"the 'argmax_type' must be mstype.int32 or mstype.int64, but got {self.argmax_type}.",
                TypeError,
            )
        V.check_one_of(self.data_format, ["NCDHW"], "data_format", self.name)
        self.add_prim_attr("ksize", _three(self.name, "ksize", self.ksize))
        self.add_prim_attr("strides", _three(self.name, "strides", self.strides))
        self.add_prim_attr("pads", _three(self.name, "pads", self.pads, positive=False))
        self.add_prim_attr("dilation", _three(self.name, "dilation", self.dilation))
        if self.dilation != (1, 1, 1):
            U.fail(self.name, f"only 'dilation' 1 is built, but got {self.init_attrs['dilation']}")

    def __call__(self, x: Any) -> tuple:
        a = U.array(x, self.name, "x")
        if a.ndim != 5:
            U.fail(self.name, f"'x' must be 5-D (NCDHW), but got shape {list(a.shape)}")
        y, idx = NF.max_pool3d(a, self.ksize, self.strides, self.pads, 1, self.ceil_mode, True)
        return y, Tensor._from(idx._data.astype(_mstype.to_np(self.argmax_type)))


class RNNTLoss(TablePrimitive):
    """The RNN-Transducer loss (Graves 2012) of each batch entry and its gradient with respect
    to ``acts``, which are logits normalized by ``log_softmax`` over the vocabulary.

    Args:
        blank_label (int, optional): The blank's index. Default: ``0``.

    Inputs:
        - **acts** (Tensor) - Float16/Float32 ``(B, T, U + 1, V)``.
        - **labels** (Tensor) - Int32 ``(B, U)``.
        - **input_length** (Tensor) - Int32 ``(B,)``, each entry's frames.
        - **label_length** (Tensor) - Int32 ``(B,)``, each entry's labels.

    Outputs:
        - **costs** (Tensor) - ``(B,)``, ``acts``' dtype.
        - **grads** (Tensor) - ``acts``' shape and dtype.

    Raises:
        TypeError: If ``blank_label`` is not an int or a dtype is wrong.
        ValueError: If the shapes do not fit.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> acts = ms.Tensor(np.zeros((1, 1, 2, 2)), ms.float32)
        >>> i32 = lambda v: ms.Tensor(np.array(v, np.int32))
        >>> costs, grads = ops.RNNTLoss()(acts, i32([[1]]), i32([1]), i32([1]))
        >>> print(costs)
        [1.3862944]
    """

    _params = (("blank_label", 0),)

    def _init(self) -> None:
        _type(self.name, "blank_label", self.blank_label, (int,))

    def __call__(self, acts: Any, labels: Any, input_length: Any, label_length: Any) -> tuple:
        for arg, v in (
            ("labels", labels),
            ("input_length", input_length),
            ("label_length", label_length),
        ):
            if U.array(v, self.name, arg).dtype != jnp.int32:
                U.fail(
                    self.name,
                    f"'{arg}' must be an int32 Tensor, but got {U.array(v, self.name, arg).dtype}",
                    TypeError,
                )
        return _SQ.rnnt_loss(acts, labels, input_length, label_length, self.blank_label)


class ComputeAccidentalHits(TablePrimitive):
    """The accidental hits of a candidate sampler: where a sampled candidate equals one of a
    row's true classes.

    Args:
        num_true (int, optional): The true classes per row. Default: ``1``.

    Inputs:
        - **true_classes** (Tensor) - Int32/Int64 ``(batch, num_true)``.
        - **sampled_candidates** (Tensor) - Int32/Int64 ``(num_sampled,)``.

    Outputs:
        Tuple of ``indices`` (Int32, the rows), ``ids`` (the candidates' positions) and
        ``weights`` (Float32, ``-FLOAT_MAX``), one entry per hit.

    Raises:
        TypeError: If ``num_true`` is not an int or the inputs are not integer Tensors.
        ValueError: If the shapes do not fit.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> tc = ms.Tensor(np.array([[1, 2], [0, 4]], np.int64))
        >>> sc = ms.Tensor(np.array([0, 1, 2, 3], np.int64))
        >>> indices, ids, weights = ops.ComputeAccidentalHits(2)(tc, sc)
        >>> print(indices, ids)
        [0 0 1] [1 2 0]
    """

    _params = (("num_true", 1),)

    def _init(self) -> None:
        _type(self.name, "num_true", self.num_true, (int,))
        V.check_positive_int(self.num_true, "num_true", self.name)

    def __call__(self, true_classes: Any, sampled_candidates: Any) -> tuple:
        return _SQ.compute_accidental_hits(true_classes, sampled_candidates, self.num_true)


class DeformableOffsets(TablePrimitive):
    """The sampling step of a deformable convolution: for every output position and kernel tap,
    the input bilinearly sampled at the tap's place plus its learned offset, times its mask,
    laid out as ``(N, C, H_out * kh, W_out * kw)`` for a ``kh x kw``-strided convolution.

    Args:
        strides (tuple[int]): ``(1, 1, sh, sw)``.
        pads (tuple[int]): ``(top, bottom, left, right)``.
        ksize (tuple[int]): ``(kh, kw)``.
        dilations (tuple[int], optional): ``(1, 1, dh, dw)``. Default: ``(1, 1, 1, 1)``.
        data_format (str, optional): ``"NCHW"`` (``"NHWC"`` is rejected). Default: ``"NCHW"``.
        deformable_groups (int, optional): Channel groups sharing offsets. Default: ``1``.
        modulated (bool, optional): Must be ``True``. Default: ``True``.

    Inputs:
        - **x** (Tensor) - ``(N, C, H, W)``.
        - **offsets** (Tensor) - ``(N, 3 * deformable_groups * kh * kw, H_out, W_out)``: the x
          offsets, the y offsets, then the masks.

    Outputs:
        Tensor ``(N, C, H_out * kh, W_out * kw)``, ``x``'s dtype.

    Raises:
        TypeError: If a tuple argument is not a tuple of ints.
        ValueError: If the N/C strides or dilations are not 1, ``modulated`` is ``False`` or the
            shapes do not fit.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(4.0).reshape(1, 1, 2, 2), ms.float32)
        >>> off = ms.Tensor(np.concatenate([np.zeros((1, 8, 1, 1)), np.ones((1, 4, 1, 1))], 1),
        ...                 ms.float32)
        >>> print(ops.DeformableOffsets((1, 1, 1, 1), (0, 0, 0, 0), (2, 2))(x, off))
        [[[[0. 1.]
           [2. 3.]]]]
    """

    _params = (
        ("strides", REQUIRED),
        ("pads", REQUIRED),
        ("ksize", REQUIRED),
        ("dilations", (1, 1, 1, 1)),
        ("data_format", "NCHW"),
        ("deformable_groups", 1),
        ("modulated", True),
    )

    def _init(self) -> None:
        _PF.check_deformable_args(
            self.name,
            self.strides,
            self.pads,
            self.ksize,
            self.dilations,
            self.data_format,
            self.deformable_groups,
            self.modulated,
        )

    def __call__(self, x: Any, offsets: Any) -> Tensor:
        return _PF.deformable_offsets(
            x,
            offsets,
            tuple(self.strides),
            tuple(self.pads),
            tuple(self.ksize),
            tuple(self.dilations),
            self.deformable_groups,
        )


# --- DynamicRNN and BasicLSTMCell (TensorFlow's LSTM block cell) ------------------------------
def _lstm_block_inputs(api: str, x: Any, w: Any, b: Any, h: Any, c: Any, lead: tuple) -> tuple:
    a, wa, ba = U.array(x, api, "x"), U.array(w, api, "w"), U.array(b, api, "b")
    ha, ca = U.array(h, api, "h"), U.array(c, api, "c")
    n_in, hid = a.shape[-1], wa.shape[-1] // 4
    if wa.shape != (n_in + hid, 4 * hid) or ba.shape != (4 * hid,):
        U.fail(
            api,
            f"'w' must be (input_size + hidden_size, 4 * hidden_size) and 'b' "
            f"(4 * hidden_size,), but got {list(wa.shape)} and {list(ba.shape)}",
        )
    want = lead + (a.shape[-2], hid)
    if ha.shape != want or ca.shape != want:
        U.fail(
            api,
            f"the initial 'h' and 'c' must have shape {list(want)}, but got "
            f"{list(ha.shape)} and {list(ca.shape)}",
        )
    return a, wa.astype(a.dtype), ba.astype(a.dtype), ha.astype(a.dtype), ca.astype(a.dtype)


def _only_values(api: str, *checks: tuple[str, Any, Any]) -> None:
    """Each ``(arg, value, only)``: a bool or number (as ``only`` is) equal to MindSpore's only
    supported value."""
    for arg, v, only in checks:
        if isinstance(only, bool):
            V.check_bool(v, arg, api)
        else:
            V.check_number(v, arg, api)
        if v != only:
            V.fail_arg(api, arg, f"{only!r} (MindSpore's only value)", v)


class DynamicRNN(TablePrimitive):
    """An LSTM over a time-major sequence with TensorFlow's block-cell layout (MindSpore's Ascend
    LSTM kernel): one weight ``(input_size + hidden_size, 4 * hidden_size)`` with gates
    ``i, j, f, o`` (``j`` the candidate), returning every step's state and gates.

    Args:
        cell_type (str, optional): Only ``"LSTM"``. Default: ``"LSTM"``.
        direction (str, optional): Only ``"UNIDIRECTIONAL"``. Default: ``"UNIDIRECTIONAL"``.
        cell_depth (int, optional): Only 1. Default: ``1``.
        use_peephole (bool, optional): Only ``False``. Default: ``False``.
        keep_prob (float, optional): Only 1.0. Default: ``1.0``.
        cell_clip (float, optional): Only -1.0. Default: ``-1.0``.
        num_proj (int, optional): Only 0. Default: ``0``.
        time_major (bool, optional): Only ``True``. Default: ``True``.
        activation (str, optional): Only ``"tanh"``. Default: ``"tanh"``.
        forget_bias (float, optional): Added to the forget gate. Default: ``0.0``.
        is_training (bool, optional): Default: ``True``.

    Inputs:
        - **x** (Tensor) - ``(T, B, input_size)``.
        - **w** (Tensor) - ``(input_size + hidden_size, 4 * hidden_size)``.
        - **b** (Tensor) - ``(4 * hidden_size,)``.
        - **seq_length** (None) - Must be ``None``.
        - **init_h** (Tensor) - ``(1, B, hidden_size)``.
        - **init_c** (Tensor) - ``(1, B, hidden_size)``.

    Outputs:
        Tuple of ``y``, ``output_h``, ``output_c``, ``i``, ``j``, ``f``, ``o``, ``tanhc``, each
        ``(T, B, hidden_size)``.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If an attribute is not MindSpore's only value or the shapes do not fit.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((2, 1, 3)), ms.float32)
        >>> w = ms.Tensor(np.full((5, 8), 0.1), ms.float32)
        >>> b = ms.Tensor(np.zeros(8), ms.float32)
        >>> h = ms.Tensor(np.zeros((1, 1, 2)), ms.float32)
        >>> out = ops.DynamicRNN()(x, w, b, None, h, h)
        >>> print(len(out), out[0].shape)
        8 (2, 1, 2)
    """

    _params = (
        ("cell_type", "LSTM"),
        ("direction", "UNIDIRECTIONAL"),
        ("cell_depth", 1),
        ("use_peephole", False),
        ("keep_prob", 1.0),
        ("cell_clip", -1.0),
        ("num_proj", 0),
        ("time_major", True),
        ("activation", "tanh"),
        ("forget_bias", 0.0),
        ("is_training", True),
    )

    def _init(self) -> None:
        V.check_one_of(self.cell_type, ["LSTM"], "cell_type", self.name)
        V.check_one_of(self.direction, ["UNIDIRECTIONAL"], "direction", self.name)
        V.check_one_of(self.activation, ["tanh"], "activation", self.name)
        _only_values(
            self.name,
            ("cell_depth", self.cell_depth, 1),
            ("use_peephole", self.use_peephole, False),
            ("keep_prob", self.keep_prob, 1.0),
            ("cell_clip", self.cell_clip, -1.0),
            ("num_proj", self.num_proj, 0),
            ("time_major", self.time_major, True),
        )
        V.check_number(self.forget_bias, "forget_bias", self.name)
        V.check_bool(self.is_training, "is_training", self.name)

    def __call__(self, x: Any, w: Any, b: Any, seq_length: Any, init_h: Any, init_c: Any) -> tuple:
        if seq_length is not None:
            U.fail(self.name, "'seq_length' must be None, as in MindSpore 2.10")
        a, wa, ba, h0, c0 = _lstm_block_inputs(self.name, x, w, b, init_h, init_c, (1,))
        if a.ndim != 3:
            U.fail(self.name, f"'x' must be (T, B, input_size), but got {list(a.shape)}")
        outs = _RNN.dynamic_rnn(a, wa, ba, h0[0], c0[0], float(self.forget_bias))
        return tuple(Tensor._from(o) for o in outs)


class BasicLSTMCell(TablePrimitive):
    """One step of TensorFlow's LSTM block cell (weight ``(input_size + hidden_size,
    4 * hidden_size)``, gates ``i, j, f, o``).

    Args:
        keep_prob (float, optional): Must be 1.0 (no dropout is built). Default: ``1.0``.
        forget_bias (float, optional): Added to the forget gate. Default: ``1.0``.
        state_is_tuple (bool, optional): Only ``True``. Default: ``True``.
        activation (str, optional): Only ``"tanh"``. Default: ``"tanh"``.

    Inputs:
        - **x** (Tensor) - ``(B, input_size)``.
        - **h** (Tensor) - ``(B, hidden_size)``.
        - **c** (Tensor) - ``(B, hidden_size)``.
        - **w** (Tensor) - ``(input_size + hidden_size, 4 * hidden_size)``.
        - **b** (Tensor) - ``(4 * hidden_size,)``.

    Outputs:
        Tuple of ``ct``, ``ht``, ``it``, ``jt``, ``ft``, ``ot``, ``tanhct``, each
        ``(B, hidden_size)``.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If an attribute is out of range or the shapes do not fit.
        NotImplementedError: If ``keep_prob`` is below 1.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((1, 2)), ms.float32)
        >>> h = ms.Tensor(np.zeros((1, 2)), ms.float32)
        >>> w = ms.Tensor(np.zeros((4, 8)), ms.float32)
        >>> ct, ht, *_ = ops.BasicLSTMCell()(x, h, h, w, ms.Tensor(np.zeros(8), ms.float32))
        >>> print(ct)
        [[0. 0.]]
    """

    _params = (
        ("keep_prob", 1.0),
        ("forget_bias", 1.0),
        ("state_is_tuple", True),
        ("activation", "tanh"),
    )

    def _init(self) -> None:
        V.check_range(self.keep_prob, 0.0, 1.0, "keep_prob", self.name)
        V.check_number(self.forget_bias, "forget_bias", self.name)
        V.check_bool(self.state_is_tuple, "state_is_tuple", self.name)
        if not self.state_is_tuple:
            V.fail_arg(self.name, "state_is_tuple", "True", self.state_is_tuple)
        V.check_one_of(self.activation, ["tanh"], "activation", self.name)
        if self.keep_prob < 1.0:
            raise NotImplementedError(
                f"For '{self.name}', 'keep_prob' < 1 (dropout inside the cell) is not built in deepsink"
            )

    def __call__(self, x: Any, h: Any, c: Any, w: Any, b: Any) -> tuple:
        a, wa, ba, ha, ca = _lstm_block_inputs(self.name, x, w, b, h, c, ())
        if a.ndim != 2:
            U.fail(self.name, f"'x' must be (B, input_size), but got {list(a.shape)}")
        outs = _RNN.lstm_block_step(a, ha, ca, wa, ba, float(self.forget_bias))
        return tuple(Tensor._from(o) for o in outs)


class DynamicGRUV2(TablePrimitive):
    """A GRU over a time-major sequence in MindSpore's Ascend layout (reset applied after the
    hidden matmul), returning every step's state and gates.

    Args:
        direction (str, optional): Only ``"UNIDIRECTIONAL"``. Default: ``"UNIDIRECTIONAL"``.
        cell_depth (int, optional): Only 1. Default: ``1``.
        keep_prob (float, optional): Only 1.0. Default: ``1.0``.
        cell_clip (float, optional): Only -1.0. Default: ``-1.0``.
        num_proj (int, optional): Only 0. Default: ``0``.
        time_major (bool, optional): Only ``True``. Default: ``True``.
        activation (str, optional): Only ``"tanh"``. Default: ``"tanh"``.
        gate_order (str, optional): ``"rzh"`` or ``"zrh"``, the gates' order in the weights.
            Default: ``"rzh"``.
        reset_after (bool, optional): Only ``True``. Default: ``True``.
        is_training (bool, optional): Default: ``True``.

    Inputs:
        - **x** (Tensor) - ``(T, B, input_size)``.
        - **weight_input** (Tensor) - ``(input_size, 3 * hidden_size)``.
        - **weight_hidden** (Tensor) - ``(hidden_size, 3 * hidden_size)``.
        - **bias_input** (Tensor) - ``(3 * hidden_size,)`` or ``None``.
        - **bias_hidden** (Tensor) - ``(3 * hidden_size,)`` or ``None``.
        - **seq_length** (None) - Must be ``None``.
        - **init_h** (Tensor) - ``(B, hidden_size)``.

    Outputs:
        Tuple of ``y``, ``output_h``, ``update``, ``reset``, ``new``, ``hidden_new``, each
        ``(T, B, hidden_size)``.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If an attribute is not an accepted value or the shapes do not fit.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((2, 1, 3)), ms.float32)
        >>> wi = ms.Tensor(np.full((3, 6), 0.1), ms.float32)
        >>> wh = ms.Tensor(np.full((2, 6), 0.1), ms.float32)
        >>> h = ms.Tensor(np.zeros((1, 2)), ms.float32)
        >>> out = ops.DynamicGRUV2()(x, wi, wh, None, None, None, h)
        >>> print(len(out), out[0].shape)
        6 (2, 1, 2)
    """

    _params = (
        ("direction", "UNIDIRECTIONAL"),
        ("cell_depth", 1),
        ("keep_prob", 1.0),
        ("cell_clip", -1.0),
        ("num_proj", 0),
        ("time_major", True),
        ("activation", "tanh"),
        ("gate_order", "rzh"),
        ("reset_after", True),
        ("is_training", True),
    )

    def _init(self) -> None:
        V.check_one_of(self.direction, ["UNIDIRECTIONAL"], "direction", self.name)
        V.check_one_of(self.activation, ["tanh"], "activation", self.name)
        V.check_one_of(self.gate_order, ["zrh", "rzh"], "gate_order", self.name)
        _only_values(
            self.name,
            ("cell_depth", self.cell_depth, 1),
            ("keep_prob", self.keep_prob, 1.0),
            ("cell_clip", self.cell_clip, -1.0),
            ("num_proj", self.num_proj, 0),
            ("time_major", self.time_major, True),
            ("reset_after", self.reset_after, True),
        )
        V.check_bool(self.is_training, "is_training", self.name)

    def __call__(
        self,
        x: Any,
        weight_input: Any,
        weight_hidden: Any,
        bias_input: Any,
        bias_hidden: Any,
        seq_length: Any,
        init_h: Any,
    ) -> tuple:
        api = self.name
        if seq_length is not None:
            U.fail(api, "'seq_length' must be None, as in MindSpore 2.10")
        a = U.array(x, api, "x")
        wi, wh = (
            U.array(weight_input, api, "weight_input"),
            U.array(weight_hidden, api, "weight_hidden"),
        )
        h0 = U.array(init_h, api, "init_h")
        hid = wh.shape[0] if wh.ndim == 2 else -1
        if (
            a.ndim != 3
            or wi.shape != (a.shape[-1], 3 * hid)
            or wh.shape != (hid, 3 * hid)
            or h0.shape != (a.shape[1], hid)
        ):
            U.fail(
                api,
                f"'x' (T, B, in), 'weight_input' (in, 3H), 'weight_hidden' (H, 3H) and "
                f"'init_h' (B, H) do not fit: {list(a.shape)}, {list(wi.shape)}, "
                f"{list(wh.shape)}, {list(h0.shape)}",
            )
        bs = [
            None if v is None else U.array(v, api, n).astype(a.dtype)
            for n, v in (("bias_input", bias_input), ("bias_hidden", bias_hidden))
        ]
        for n, v in zip(("bias_input", "bias_hidden"), bs):
            if v is not None and v.shape != (3 * hid,):
                U.fail(api, f"'{n}' must have shape ({3 * hid},), but got {list(v.shape)}")
        outs = _RNN.dynamic_gru_v2(
            a,
            wi.astype(a.dtype),
            wh.astype(a.dtype),
            bs[0],
            bs[1],
            h0.astype(a.dtype),
            self.gate_order,
        )
        return tuple(Tensor._from(o) for o in outs)
