"""Attention and Transformer layers (MindSpore's ``nn/layer/transformer.py``).

``MultiheadAttention`` keeps MindSpore's parameters (``in_proj_weight``/``in_proj_bias`` packed
q, k, v, or ``q_proj_weight``/``k_proj_weight``/``v_proj_weight`` when ``kdim``/``vdim`` differ,
``bias_k``/``bias_v``, ``out_proj``), and the Transformer layers MindSpore's sub-cell names
(``self_attn``, ``multihead_attn``, ``dense1``, ``dense2``, ``norm1..3``), so checkpoints
interchange. Masks are MindSpore's two kinds: a bool mask (True = not attended) or a float mask
added to the attention logits; a ``key_padding_mask`` (batch, source) combines with either.
"""

from __future__ import annotations

import copy
import math
from typing import Any

import jax
import jax.numpy as jnp

from deepsink import ops
from deepsink._core import random as _random
from deepsink._core.validate import check_bool, check_positive_int, fail_arg
from deepsink.common import dtype as mstype
from deepsink.common.initializer import (
    HeUniform,
    Uniform,
    XavierNormal,
    XavierUniform,
    initializer,
)
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell
from deepsink.nn.layer.basic import Dropout
from deepsink.nn.layer.container import CellList
from deepsink.nn.layer.dense import Dense
from deepsink.nn.layer.normalization import LayerNorm
from deepsink.ops.function import attention_func as ops_attention


def _mask(mask: Any, api: str, arg: str) -> jax.Array | None:
    """A mask as given (bool, or float), uint8 read as bool; other dtypes are refused."""
    if mask is None:
        return None
    m = jnp.asarray(unwrap(mask))
    if m.dtype == jnp.uint8:
        m = m.astype(bool)
    if m.dtype != jnp.bool_ and not jnp.issubdtype(m.dtype, jnp.floating):
        fail_arg(
            api, arg, "a bool or floating Tensor", f"dtype {mstype.from_np(m.dtype)}", TypeError
        )
    return m


class MultiheadAttention(Cell):
    r"""Multi-head attention: queries attend to keys and values in ``num_heads`` subspaces of size
    ``embed_dim / num_heads``; the heads' outputs are concatenated and projected.

    Args:
        embed_dim (int): the model size E.
        num_heads (int): the number of heads; ``embed_dim`` must divide by it.
        dropout (float): dropout on the attention weights. Default: ``0.0``.
        has_bias (bool): biases in the projections. Default: ``True``.
        add_bias_kv (bool): append a learned bias row to the keys and values. Default: ``False``.
        add_zero_attn (bool): append a zero row to the keys and values. Default: ``False``.
        kdim (int, optional): the key size. Default: ``None`` (E).
        vdim (int, optional): the value size. Default: ``None`` (E).
        batch_first (bool): inputs are (N, L, E) instead of (L, N, E). Default: ``False``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **query** (Tensor) - :math:`(L, N, E)`, :math:`(N, L, E)` with ``batch_first``, or unbatched :math:`(L, E)`.
        - **key** (Tensor) - :math:`(S, N, kdim)`.
        - **value** (Tensor) - :math:`(S, N, vdim)`.
        - **key_padding_mask** (Tensor, optional) - :math:`(N, S)`, True (or a float added) marks padding.
        - **need_weights** (bool) - also return the attention weights. Default: ``True``.
        - **attn_mask** (Tensor, optional) - :math:`(L, S)` or :math:`(N \cdot num\_heads, L, S)`.
        - **average_attn_weights** (bool) - average the weights over the heads. Default: ``True``.

    Outputs:
        Tuple ``(output, weights)``: ``output`` shaped like ``query``; ``weights`` :math:`(N, L, S)`
        (per head :math:`(N, num\_heads, L, S)`), or None without ``need_weights``.

    Raises:
        TypeError: a size is not an int, a flag not a bool, or a mask neither bool nor float.
        ValueError: ``embed_dim`` does not divide by ``num_heads``, or a shape does not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> attn = nn.MultiheadAttention(8, 2)
        >>> q = ms.Tensor(np.ones((3, 1, 8), np.float32))
        >>> out, w = attn(q, q, q)
        >>> print(out.shape, w.shape)
        (3, 1, 8) (1, 3, 3)
    """

    def __init__(
        self,
        embed_dim: int,
        num_heads: int,
        dropout: float = 0.0,
        has_bias: bool = True,
        add_bias_kv: bool = False,
        add_zero_attn: bool = False,
        kdim: int | None = None,
        vdim: int | None = None,
        batch_first: bool = False,
        dtype: Any = mstype.float32,
    ) -> None:
        super().__init__()
        api = "MultiheadAttention"
        self.embed_dim = check_positive_int(embed_dim, "embed_dim", api)
        self.num_heads = check_positive_int(num_heads, "num_heads", api)
        if embed_dim % num_heads:
            fail_arg(api, "embed_dim", f"divisible by num_heads={num_heads}", embed_dim)
        self.kdim = embed_dim if kdim is None else check_positive_int(kdim, "kdim", api)
        self.vdim = embed_dim if vdim is None else check_positive_int(vdim, "vdim", api)
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.head_dim = embed_dim // num_heads
        self.dropout = float(dropout)
        self.batch_first = check_bool(batch_first, "batch_first", api)
        self.add_zero_attn = check_bool(add_zero_attn, "add_zero_attn", api)
        xavier = XavierUniform()
        if self._qkv_same_embed_dim:
            self.in_proj_weight = Parameter(
                initializer(xavier, (3 * embed_dim, embed_dim), dtype), name="in_proj_weight"
            )
            self.q_proj_weight = self.k_proj_weight = self.v_proj_weight = None
        else:
            self.q_proj_weight = Parameter(
                initializer(xavier, (embed_dim, embed_dim), dtype), name="q_proj_weight"
            )
            self.k_proj_weight = Parameter(
                initializer(xavier, (embed_dim, self.kdim), dtype), name="k_proj_weight"
            )
            self.v_proj_weight = Parameter(
                initializer(xavier, (embed_dim, self.vdim), dtype), name="v_proj_weight"
            )
            self.in_proj_weight = None
        if has_bias:
            self.in_proj_bias = Parameter(
                initializer("zeros", (3 * embed_dim,), dtype), name="in_proj_bias"
            )
        else:
            self.in_proj_bias = None
        # 2.10's out_proj: HeUniform(sqrt 5) weight and a U(+-1/sqrt(fan_in)) bias, drawn before
        # bias_k/bias_v (XavierNormal), so set_seed gives 2.10's values
        self.out_proj = Dense(
            embed_dim,
            embed_dim,
            has_bias=has_bias,
            weight_init=HeUniform(math.sqrt(5)),
            bias_init=Uniform(1 / math.sqrt(embed_dim)),
            dtype=dtype,
        )
        if add_bias_kv:
            normal = XavierNormal()
            self.bias_k = Parameter(initializer(normal, (1, 1, embed_dim), dtype), name="bias_k")
            self.bias_v = Parameter(initializer(normal, (1, 1, embed_dim), dtype), name="bias_v")
        else:
            self.bias_k = self.bias_v = None

    def construct(
        self,
        query: Tensor,
        key: Tensor,
        value: Tensor,
        key_padding_mask: Any = None,
        need_weights: bool = True,
        attn_mask: Any = None,
        average_attn_weights: bool = True,
    ) -> tuple:
        api = "MultiheadAttention"
        q, k, v = unwrap(query), unwrap(key), unwrap(value)
        batched = q.ndim == 3
        e = q.shape[-1]
        if e != self.embed_dim:
            fail_arg(api, "query", f"last dimension embed_dim={self.embed_dim}", f"shape {q.shape}")
        bsz = (q.shape[0] if self.batch_first else q.shape[1]) if batched else 1
        src_len = (k.shape[1] if self.batch_first else k.shape[0]) if batched else k.shape[0]
        mask = _mask(attn_mask, api, "attn_mask")
        kpm = _mask(key_padding_mask, api, "key_padding_mask")
        h = self.num_heads
        if mask is not None and not (
            mask.ndim == 2 or (mask.ndim == 3 and mask.shape[0] == bsz * h)
        ):
            fail_arg(
                api, "attn_mask", f"shape (L, S) or ({bsz * h}, L, S)", f"shape {list(mask.shape)}"
            )
        if kpm is not None and kpm.shape != ((bsz, src_len) if batched else (src_len,)):
            want = [bsz, src_len] if batched else [src_len]
            fail_arg(api, "key_padding_mask", f"shape {want}", f"shape {list(kpm.shape)}")
        if self._qkv_same_embed_dim:
            in_weights = (self.in_proj_weight._data,)
        else:
            in_weights = tuple(
                p._data for p in (self.q_proj_weight, self.k_proj_weight, self.v_proj_weight)
            )
        drop = self.dropout if self.training else 0.0
        out, weights = ops_attention.multi_head_attention(
            q,
            k,
            v,
            in_weights,
            None if self.in_proj_bias is None else self.in_proj_bias._data,
            None if self.bias_k is None else (self.bias_k._data, self.bias_v._data),
            self.out_proj.weight._data,
            None if self.out_proj.bias is None else self.out_proj.bias._data,
            mask,
            kpm,
            _random.next_key() if drop else None,
            num_heads=h,
            batch_first=self.batch_first,
            add_zero_attn=self.add_zero_attn,
            dropout=drop,
            need_weights=bool(need_weights),
            average=bool(average_attn_weights),
        )
        return Tensor._from(out), None if weights is None else Tensor._from(weights)


def _activation(activation: Any, api: str) -> Any:
    if isinstance(activation, str):
        if activation == "relu":
            return lambda a: ops.relu(a)._data
        if activation == "gelu":
            return lambda a: ops.gelu(a)._data
        fail_arg(api, "activation", "'relu', 'gelu' or a callable", activation)
    if callable(activation):
        return lambda a: unwrap(activation(Tensor._from(a)))
    fail_arg(api, "activation", "'relu', 'gelu' or a callable", activation, TypeError)


class TransformerEncoderLayer(Cell):
    """One Transformer encoder layer: self-attention, then a feed-forward block, each with a
    residual connection and LayerNorm (after the block, or before it with ``norm_first``).

    Args:
        d_model (int): the feature size E.
        nhead (int): the number of attention heads; ``d_model`` must divide by it.
        dim_feedforward (int): the hidden size of the feed-forward block. Default: ``2048``.
        dropout (float): the dropout rate. Default: ``0.1``.
        activation (Union[str, Cell, callable]): ``'relu'``, ``'gelu'`` or a callable. Default: ``'relu'``.
        layer_norm_eps (float): the LayerNorms' epsilon. Default: ``1e-5``.
        batch_first (bool): inputs are (N, L, E) instead of (L, N, E). Default: ``False``.
        norm_first (bool): LayerNorm before each block (pre-norm) instead of after. Default: ``False``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **src** (Tensor) - :math:`(L, N, E)`, or :math:`(N, L, E)` with ``batch_first``.
        - **src_mask** (Tensor, optional) - an attention mask, (L, L) or (N * nhead, L, L), bool
          (True = masked) or float (added).
        - **src_key_padding_mask** (Tensor, optional) - bool (N, L): True marks padding.

    Outputs:
        Tensor, shaped like ``src``.

    Raises:
        TypeError: ``norm_first`` is not a bool or ``activation`` not a str or callable.
        ValueError: ``d_model`` does not divide by ``nhead``, or ``activation`` is an unknown name.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16)
        >>> print(layer(ms.Tensor(np.ones((5, 2, 8), np.float32))).shape)
        (5, 2, 8)
    """

    def __init__(
        self,
        d_model: int,
        nhead: int,
        dim_feedforward: int = 2048,
        dropout: float = 0.1,
        activation: Any = "relu",
        layer_norm_eps: float = 1e-5,
        batch_first: bool = False,
        norm_first: bool = False,
        dtype: Any = mstype.float32,
    ) -> None:
        super().__init__()
        self.self_attn = MultiheadAttention(
            d_model, nhead, dropout=dropout, batch_first=batch_first, dtype=dtype
        )
        self.dense1 = Dense(d_model, dim_feedforward, dtype=dtype)
        self.dropout = Dropout(p=dropout)
        self.dense2 = Dense(dim_feedforward, d_model, dtype=dtype)
        self.norm_first = check_bool(norm_first, "norm_first", "TransformerEncoderLayer")
        self.norm1 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.norm2 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.dropout1 = Dropout(p=dropout)
        self.dropout2 = Dropout(p=dropout)
        self.activation = activation
        self._act = _activation(activation, "TransformerEncoderLayer")

    def _sa(self, x, mask, kpm):
        out = self.self_attn(x, x, x, attn_mask=mask, key_padding_mask=kpm, need_weights=False)[0]
        return self.dropout1(out)

    def _ff(self, x):
        h = self.dropout(Tensor._from(self._act(unwrap(self.dense1(x)))))
        return self.dropout2(self.dense2(h))

    def construct(self, src: Tensor, src_mask: Any = None, src_key_padding_mask: Any = None):
        x = src
        if self.norm_first:
            x = x + self._sa(self.norm1(x), src_mask, src_key_padding_mask)
            return x + self._ff(self.norm2(x))
        x = self.norm1(x + self._sa(x, src_mask, src_key_padding_mask))
        return self.norm2(x + self._ff(x))


class TransformerDecoderLayer(Cell):
    """One Transformer decoder layer: self-attention over ``tgt``, attention over the encoder's
    ``memory``, then a feed-forward block, each with a residual connection and LayerNorm.

    Args:
        d_model (int): the feature size E.
        nhead (int): the number of attention heads; ``d_model`` must divide by it.
        dim_feedforward (int): the hidden size of the feed-forward block. Default: ``2048``.
        dropout (float): the dropout rate. Default: ``0.1``.
        activation (Union[str, Cell, callable]): ``'relu'``, ``'gelu'`` or a callable. Default: ``'relu'``.
        layer_norm_eps (float): the LayerNorms' epsilon. Default: ``1e-5``.
        batch_first (bool): inputs are (N, L, E) instead of (L, N, E). Default: ``False``.
        norm_first (bool): LayerNorm before each block (pre-norm) instead of after. Default: ``False``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **tgt** (Tensor) - :math:`(T, N, E)`, or :math:`(N, T, E)` with ``batch_first``.
        - **memory** (Tensor) - the encoder output, :math:`(S, N, E)`.
        - **tgt_mask**, **memory_mask** (Tensor, optional) - attention masks.
        - **tgt_key_padding_mask**, **memory_key_padding_mask** (Tensor, optional) - bool, True marks padding.

    Outputs:
        Tensor, shaped like ``tgt``.

    Raises:
        TypeError: ``norm_first`` is not a bool or ``activation`` not a str or callable.
        ValueError: ``d_model`` does not divide by ``nhead``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.TransformerDecoderLayer(d_model=8, nhead=2, dim_feedforward=16)
        >>> print(layer(ms.Tensor(np.ones((4, 2, 8), np.float32)), ms.Tensor(np.ones((5, 2, 8), np.float32))).shape)
        (4, 2, 8)
    """

    def __init__(
        self,
        d_model: int,
        nhead: int,
        dim_feedforward: int = 2048,
        dropout: float = 0.1,
        activation: Any = "relu",
        layer_norm_eps: float = 1e-5,
        batch_first: bool = False,
        norm_first: bool = False,
        dtype: Any = mstype.float32,
    ) -> None:
        super().__init__()
        self.self_attn = MultiheadAttention(
            d_model, nhead, dropout=dropout, batch_first=batch_first, dtype=dtype
        )
        self.multihead_attn = MultiheadAttention(
            d_model, nhead, dropout=dropout, batch_first=batch_first, dtype=dtype
        )
        self.dense1 = Dense(d_model, dim_feedforward, dtype=dtype)
        self.dropout = Dropout(p=dropout)
        self.dense2 = Dense(dim_feedforward, d_model, dtype=dtype)
        self.norm_first = check_bool(norm_first, "norm_first", "TransformerDecoderLayer")
        self.norm1 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.norm2 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.norm3 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.dropout1 = Dropout(p=dropout)
        self.dropout2 = Dropout(p=dropout)
        self.dropout3 = Dropout(p=dropout)
        self.activation = activation
        self._act = _activation(activation, "TransformerDecoderLayer")

    def _sa(self, x, mask, kpm):
        out = self.self_attn(x, x, x, attn_mask=mask, key_padding_mask=kpm, need_weights=False)[0]
        return self.dropout1(out)

    def _mha(self, x, mem, mask, kpm):
        out = self.multihead_attn(
            x, mem, mem, attn_mask=mask, key_padding_mask=kpm, need_weights=False
        )[0]
        return self.dropout2(out)

    def _ff(self, x):
        h = self.dropout(Tensor._from(self._act(unwrap(self.dense1(x)))))
        return self.dropout3(self.dense2(h))

    def construct(
        self,
        tgt: Tensor,
        memory: Tensor,
        tgt_mask: Any = None,
        memory_mask: Any = None,
        tgt_key_padding_mask: Any = None,
        memory_key_padding_mask: Any = None,
    ):
        x = tgt
        if self.norm_first:
            x = x + self._sa(self.norm1(x), tgt_mask, tgt_key_padding_mask)
            x = x + self._mha(self.norm2(x), memory, memory_mask, memory_key_padding_mask)
            return x + self._ff(self.norm3(x))
        x = self.norm1(x + self._sa(x, tgt_mask, tgt_key_padding_mask))
        x = self.norm2(x + self._mha(x, memory, memory_mask, memory_key_padding_mask))
        return self.norm3(x + self._ff(x))


def _clones(layer: Cell, n: int, api: str) -> CellList:
    if not isinstance(layer, Cell):
        fail_arg(api, "layer", "a Cell", type(layer).__name__, TypeError)
    check_positive_int(n, "num_layers", api)
    return CellList([copy.deepcopy(layer) for _ in range(n)])


class TransformerEncoder(Cell):
    """A stack of ``num_layers`` copies of ``encoder_layer`` (children ``layers.0``, ``layers.1``, ...),
    then an optional final ``norm``.

    Args:
        encoder_layer (Cell): the layer to copy, e.g. a ``TransformerEncoderLayer``.
        num_layers (int): the number of copies.
        norm (Cell, optional): applied to the last layer's output. Default: ``None``.

    Inputs:
        - **src** (Tensor) - the input sequence.
        - **src_mask** (Tensor, optional) - an attention mask, (L, L) or (N * nhead, L, L), bool
          (True = masked) or float (added).
        - **src_key_padding_mask** (Tensor, optional) - bool (N, L): True marks padding.

    Outputs:
        Tensor, shaped like ``src``.

    Raises:
        TypeError: ``encoder_layer`` is not a Cell.
        ValueError: ``num_layers`` is not a positive int.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16)
        >>> encoder = nn.TransformerEncoder(layer, num_layers=2)
        >>> print(encoder(ms.Tensor(np.ones((5, 2, 8), np.float32))).shape)
        (5, 2, 8)
    """

    def __init__(self, encoder_layer: Cell, num_layers: int, norm: Cell | None = None) -> None:
        super().__init__()
        self.layers = _clones(encoder_layer, num_layers, "TransformerEncoder")
        self.num_layers = num_layers
        self.norm = norm

    def construct(self, src: Tensor, src_mask: Any = None, src_key_padding_mask: Any = None):
        x = src
        for layer in self.layers:
            x = layer(x, src_mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        return x if self.norm is None else self.norm(x)


class TransformerDecoder(Cell):
    """A stack of ``num_layers`` copies of ``decoder_layer`` (children ``layers.0``, ``layers.1``, ...),
    then an optional final ``norm``.

    Args:
        decoder_layer (Cell): the layer to copy, e.g. a ``TransformerDecoderLayer``.
        num_layers (int): the number of copies.
        norm (Cell, optional): applied to the last layer's output. Default: ``None``.

    Inputs:
        - **tgt** (Tensor) - the target sequence.
        - **memory** (Tensor) - the encoder output.
        - **tgt_mask**, **memory_mask**, **tgt_key_padding_mask**, **memory_key_padding_mask** (Tensor, optional) - masks.

    Outputs:
        Tensor, shaped like ``tgt``.

    Raises:
        TypeError: ``decoder_layer`` is not a Cell.
        ValueError: ``num_layers`` is not a positive int.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.TransformerDecoderLayer(d_model=8, nhead=2, dim_feedforward=16)
        >>> decoder = nn.TransformerDecoder(layer, num_layers=2)
        >>> print(decoder(ms.Tensor(np.ones((4, 2, 8), np.float32)), ms.Tensor(np.ones((5, 2, 8), np.float32))).shape)
        (4, 2, 8)
    """

    def __init__(self, decoder_layer: Cell, num_layers: int, norm: Cell | None = None) -> None:
        super().__init__()
        self.layers = _clones(decoder_layer, num_layers, "TransformerDecoder")
        self.num_layers = num_layers
        self.norm = norm

    def construct(
        self,
        tgt: Tensor,
        memory: Tensor,
        tgt_mask: Any = None,
        memory_mask: Any = None,
        tgt_key_padding_mask: Any = None,
        memory_key_padding_mask: Any = None,
    ):
        x = tgt
        for layer in self.layers:
            x = layer(
                x,
                memory,
                tgt_mask=tgt_mask,
                memory_mask=memory_mask,
                tgt_key_padding_mask=tgt_key_padding_mask,
                memory_key_padding_mask=memory_key_padding_mask,
            )
        return x if self.norm is None else self.norm(x)


class Transformer(Cell):
    """The encoder-decoder Transformer of "Attention Is All You Need": a ``TransformerEncoder`` over
    ``src`` and a ``TransformerDecoder`` over ``tgt`` attending to the encoder's output.

    Args:
        d_model (int): the feature size E. Default: ``512``.
        nhead (int): the number of heads. Default: ``8``.
        num_encoder_layers (int): encoder layers. Default: ``6``.
        num_decoder_layers (int): decoder layers. Default: ``6``.
        dim_feedforward (int): the feed-forward hidden size. Default: ``2048``.
        dropout (float): the dropout rate. Default: ``0.1``.
        activation (Union[str, Cell, callable]): ``'relu'``, ``'gelu'`` or a callable. Default: ``'relu'``.
        custom_encoder (Cell, optional): used instead of the built encoder. Default: ``None``.
        custom_decoder (Cell, optional): used instead of the built decoder. Default: ``None``.
        layer_norm_eps (float): the LayerNorms' epsilon. Default: ``1e-5``.
        batch_first (bool): inputs are (N, L, E). Default: ``False``.
        norm_first (bool): pre-norm layers. Default: ``False``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **src** (Tensor) - :math:`(S, N, E)`.
        - **tgt** (Tensor) - :math:`(T, N, E)`.
        - **src_mask**, **tgt_mask**, **memory_mask** (Tensor, optional) - attention masks.
        - **src_key_padding_mask**, **tgt_key_padding_mask**, **memory_key_padding_mask** (Tensor, optional) - padding masks.

    Outputs:
        Tensor of shape :math:`(T, N, E)`.

    Raises:
        ValueError: ``d_model`` does not divide by ``nhead``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> model = nn.Transformer(d_model=8, nhead=2, num_encoder_layers=1, num_decoder_layers=1,
        ...                        dim_feedforward=16)
        >>> print(model(ms.Tensor(np.ones((5, 2, 8), np.float32)), ms.Tensor(np.ones((4, 2, 8), np.float32))).shape)
        (4, 2, 8)
    """

    def __init__(
        self,
        d_model: int = 512,
        nhead: int = 8,
        num_encoder_layers: int = 6,
        num_decoder_layers: int = 6,
        dim_feedforward: int = 2048,
        dropout: float = 0.1,
        activation: Any = "relu",
        custom_encoder: Cell | None = None,
        custom_decoder: Cell | None = None,
        layer_norm_eps: float = 1e-5,
        batch_first: bool = False,
        norm_first: bool = False,
        dtype: Any = mstype.float32,
    ) -> None:
        super().__init__()
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            layer = TransformerEncoderLayer(
                d_model,
                nhead,
                dim_feedforward,
                dropout,
                activation,
                layer_norm_eps,
                batch_first,
                norm_first,
                dtype,
            )
            self.encoder = TransformerEncoder(
                layer, num_encoder_layers, LayerNorm((d_model,), epsilon=layer_norm_eps)
            )
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            layer = TransformerDecoderLayer(
                d_model,
                nhead,
                dim_feedforward,
                dropout,
                activation,
                layer_norm_eps,
                batch_first,
                norm_first,
                dtype,
            )
            self.decoder = TransformerDecoder(
                layer, num_decoder_layers, LayerNorm((d_model,), epsilon=layer_norm_eps)
            )
        self.d_model, self.nhead, self.batch_first = d_model, nhead, batch_first

    def construct(
        self,
        src: Tensor,
        tgt: Tensor,
        src_mask: Any = None,
        tgt_mask: Any = None,
        memory_mask: Any = None,
        src_key_padding_mask: Any = None,
        tgt_key_padding_mask: Any = None,
        memory_key_padding_mask: Any = None,
    ):
        memory = self.encoder(src, src_mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        return self.decoder(
            tgt,
            memory,
            tgt_mask=tgt_mask,
            memory_mask=memory_mask,
            tgt_key_padding_mask=tgt_key_padding_mask,
            memory_key_padding_mask=memory_key_padding_mask,
        )
