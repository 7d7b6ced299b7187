"""The recurrence of MindSpore's RNN, LSTM and GRU: one cell step and one ``lax.scan`` over time
per layer and direction, shared by ``nn.RNN``/``nn.LSTM``/``nn.GRU``, their cells and the
``LSTM`` and ``GRUV2`` primitives (gate orders ``i, f, g, o`` and ``r, z, n``; ``GRUV2``'s
oneDNN GRU: ``z, r, n`` with the reset applied before the hidden matmul)."""

from __future__ import annotations

import functools
from typing import Any

import jax
import jax.numpy as jnp
from jax import lax

GATES = {"RNN_TANH": 1, "RNN_RELU": 1, "LSTM": 4, "GRU": 3, "GRU_V2": 3}


def cell_step(mode: str, gi: jax.Array, h: Any, w_hh: jax.Array, b_hh: Any) -> Any:
    """One step given the input projection ``gi`` (batch, gates*hidden); returns the new state
    (``(h, c)`` for LSTM, else ``h``)."""
    if mode == "LSTM":
        h, c = h
        gates = gi + h @ w_hh.T + (0 if b_hh is None else b_hh)
        i, f, g, o = jnp.split(gates, 4, axis=-1)
        c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
        return jax.nn.sigmoid(o) * jnp.tanh(c), c
    if mode == "GRU_V2":  # oneDNN's GRU: one bias (in gi), r scales h before its matmul
        hs = h.shape[-1]
        iz, ir, in_ = jnp.split(gi, 3, axis=-1)
        hz, hr = jnp.split(h @ w_hh[: 2 * hs].T, 2, axis=-1)
        z = jax.nn.sigmoid(iz + hz)
        r = jax.nn.sigmoid(ir + hr)
        n = jnp.tanh(in_ + (r * h) @ w_hh[2 * hs :].T)
        return (1 - z) * n + z * h
    gh = h @ w_hh.T + (0 if b_hh is None else b_hh)
    if mode == "GRU":
        ir, iz, in_ = jnp.split(gi, 3, axis=-1)
        hr, hz, hn = jnp.split(gh, 3, axis=-1)
        r = jax.nn.sigmoid(ir + hr)
        z = jax.nn.sigmoid(iz + hz)
        n = jnp.tanh(in_ + r * hn)
        return (1 - z) * n + z * h
    pre = gi + gh
    return jnp.tanh(pre) if mode == "RNN_TANH" else jax.nn.relu(pre)


def reverse_valid(x: jax.Array, lengths: jax.Array | None) -> jax.Array:
    """Reverse time (axis 0) of each sequence within its valid length (the padding stays put)."""
    if lengths is None:
        return x[::-1]
    t = jnp.arange(x.shape[0])[:, None]
    src = jnp.where(t < lengths[None, :], lengths[None, :] - 1 - t, t)  # (T, B)
    return jnp.take_along_axis(x, src.reshape(src.shape + (1,) * (x.ndim - 2)), axis=0)


@functools.partial(jax.jit, static_argnames=("mode", "reverse"))
def run_direction(mode, x, h0, w_ih, w_hh, b_ih, b_hh, lengths, reverse):
    """One layer, one direction over time-major ``x`` (T, B, in): (outputs (T, B, H), final).
    Jitted so eager calls reuse one compiled scan per signature."""
    if reverse:
        x = reverse_valid(x, lengths)
    gi = x @ w_ih.T + (0 if b_ih is None else b_ih)
    steps = jnp.arange(x.shape[0])

    def body(state, inp):
        g, t = inp
        new = cell_step(mode, g, state, w_hh, b_hh)
        if lengths is not None:
            valid = (t < lengths)[:, None]
            new = jax.tree_util.tree_map(lambda n, o: jnp.where(valid, n, o), new, state)
            h = new[0] if mode == "LSTM" else new
            return new, jnp.where(valid, h, 0)
        return new, new[0] if mode == "LSTM" else new

    final, out = lax.scan(body, h0, (gi, steps))
    if reverse:
        out = reverse_valid(out, lengths)
    return out, final


def lstm_flat(
    x: jax.Array,
    h0: jax.Array,
    c0: jax.Array,
    w: jax.Array,
    input_size: int,
    hidden_size: int,
    num_layers: int,
    has_bias: bool,
    bidirectional: bool,
    dropout: float,
    key: Any = None,
) -> tuple:
    """A stacked LSTM over time-major ``x`` (T, B, input_size) with all weights in one flat
    ``w``: every layer's and direction's ``w_ih`` (4H, in) in order, then every ``w_hh``
    (4H, H), then (with ``has_bias``) every combined bias ``b_ih + b_hh`` (4H,). Returns the
    last layer's output (T, B, dirs*H), the final ``h`` and ``c`` (layers*dirs, B, H) and every
    layer's output stacked (layers, T, B, dirs*H)."""
    dirs = 2 if bidirectional else 1
    ins = [input_size if layer == 0 else hidden_size * dirs for layer in range(num_layers)]
    w_ih, w_hh, bias = split_flat(w, 4 * hidden_size, hidden_size, ins, dirs, has_bias)

    def params(layer: int, d: int, dtype: Any) -> tuple:
        k = layer * dirs + d
        return w_ih[k], w_hh[k], bias[k] if has_bias else None, None

    def drop(inp: jax.Array) -> jax.Array:
        nonlocal key
        key, sub = jax.random.split(key)
        keep = 1.0 - dropout
        return jnp.where(jax.random.bernoulli(sub, keep, inp.shape), inp / keep, 0).astype(x.dtype)

    between = drop if dropout and key is not None else None
    out, h_n, c_n, layers = run_layers("LSTM", x, h0, c0, params, num_layers, dirs, None, between)
    return out, h_n, c_n, jnp.stack(layers)


def run_layers(
    mode: str,
    x: jax.Array,
    h0: jax.Array,
    c0: jax.Array | None,
    params: Any,
    num_layers: int,
    dirs: int,
    lengths: jax.Array | None = None,
    between: Any = None,
) -> tuple:
    """A stacked (``dirs`` 2: bidirectional) recurrence over time-major ``x`` (T, B, in) from the
    states ``h0`` (and ``c0`` for LSTM), (layers*dirs, B, H): ``params(layer, d, dtype)`` gives a
    layer's and direction's ``(w_ih, w_hh, b_ih, b_hh)``, ``between(out)`` (dropout) runs between
    layers. Returns the last layer's output (T, B, dirs*H), the final ``h`` and ``c`` (None but
    for LSTM) and every layer's output. The one stacking of ``nn.RNN/LSTM/GRU`` and the ``LSTM``
    primitive."""
    inp, h_n, c_n, layers = x, [], [], []
    for layer in range(num_layers):
        outs = []
        for d in range(dirs):
            k = layer * dirs + d
            state = (h0[k], c0[k]) if mode == "LSTM" else h0[k]
            w = params(layer, d, inp.dtype)
            out, final = run_direction(mode, inp, state, *w, lengths, reverse=d == 1)
            outs.append(out)
            h_n.append(final[0] if mode == "LSTM" else final)
            if mode == "LSTM":
                c_n.append(final[1])
        inp = outs[0] if dirs == 1 else jnp.concatenate(outs, axis=-1)
        layers.append(inp)
        if between is not None and layer < num_layers - 1:
            inp = between(inp)
    return inp, jnp.stack(h_n), jnp.stack(c_n) if c_n else None, layers


def split_flat(
    w: jax.Array, gates: int, hidden_size: int, ins: list, dirs: int, has_bias: bool
) -> tuple:
    """The per-layer-and-direction weights of a flat ``w`` laid out as every ``w_ih``
    (gates, in) for ``ins[layer]``, then every ``w_hh`` (gates, hidden), then (with
    ``has_bias``) every bias (gates,), layer-major: three lists of ``len(ins) * dirs``."""
    flat, pos, w_ih, w_hh, bias = w.reshape(-1), 0, [], [], []
    for n_in in ins:
        for _ in range(dirs):
            w_ih.append(flat[pos : pos + gates * n_in].reshape(gates, n_in))
            pos += gates * n_in
    for _ in range(len(ins) * dirs):
        w_hh.append(flat[pos : pos + gates * hidden_size].reshape(gates, hidden_size))
        pos += gates * hidden_size
    for _ in range(len(ins) * dirs if has_bias else 0):
        bias.append(flat[pos : pos + gates])
        pos += gates
    return w_ih, w_hh, bias


def gru_v2_flat(
    x: jax.Array, h0: jax.Array, w: jax.Array, num_layers: int, has_bias: bool, dirs: int
) -> tuple:
    """MindSpore 2.10's CPU ``GRUV2`` (oneDNN's GRU) over time-major ``x`` (T, B, H): ``w`` holds
    every layer's and direction's ``w_ih`` and ``w_hh`` (3H, H) with gates ``z, r, n``, then one
    bias (3H,) each; each direction runs its own stack of layers, the last layers' outputs
    concatenated. Returns (T, B, dirs*H) and the final states (layers*dirs, B, H)."""
    hs = h0.shape[-1]
    ins = [x.shape[-1]] * num_layers
    w_ih, w_hh, bias = split_flat(w, 3 * hs, hs, ins, dirs, has_bias)
    outs, h_n = [], [None] * (num_layers * dirs)
    for d in range(dirs):
        inp = x
        for layer in range(num_layers):
            k = layer * dirs + d
            b = bias[k] if has_bias else None
            inp, h_n[k] = run_direction(
                "GRU_V2", inp, h0[k], w_ih[k], w_hh[k], b, None, None, reverse=d == 1
            )
        outs.append(inp)
    return jnp.concatenate(outs, axis=-1), jnp.stack(h_n)


def lstm_weight_size(
    input_size: int, hidden_size: int, num_layers: int, has_bias: bool, bidirectional: bool
) -> int:
    """The length of ``lstm_flat``'s flat weight."""
    dirs = 2 if bidirectional else 1
    g = 4 * hidden_size
    ins = sum(input_size if layer == 0 else hidden_size * dirs for layer in range(num_layers))
    return dirs * g * (ins + num_layers * hidden_size + (num_layers if has_bias else 0))


def lstm_block_step(
    x: jax.Array, h: jax.Array, c: jax.Array, w: jax.Array, b: jax.Array, forget_bias: float
) -> tuple:
    """One step of TensorFlow's LSTM block cell: ``[i, j, f, o] = [x, h] @ w + b`` (gates in
    that order, ``j`` the candidate), ``c' = sigmoid(f + forget_bias) * c + sigmoid(i) *
    tanh(j)``, ``h' = sigmoid(o) * tanh(c')``. Returns ``(c', h', i, j, f, o, tanh(c'))`` with
    the gates after their activations."""
    gates = jnp.concatenate([x, h], axis=-1) @ w + b
    i, j, f, o = jnp.split(gates, 4, axis=-1)
    i, j, f, o = jax.nn.sigmoid(i), jnp.tanh(j), jax.nn.sigmoid(f + forget_bias), jax.nn.sigmoid(o)
    c_new = f * c + i * j
    tanhc = jnp.tanh(c_new)
    return c_new, o * tanhc, i, j, f, o, tanhc


def dynamic_rnn(
    x: jax.Array, w: jax.Array, b: jax.Array, h0: jax.Array, c0: jax.Array, forget_bias: float
) -> tuple:
    """The LSTM block cell over time-major ``x`` (T, B, in) in one ``lax.scan``: every step's
    ``y``, ``h``, ``c``, gates ``i, j, f, o`` and ``tanh(c)``, each (T, B, H)."""

    def body(state, xt):
        h, c = state
        c_new, h_new, i, j, f, o, tanhc = lstm_block_step(xt, h, c, w, b, forget_bias)
        return (h_new, c_new), (h_new, c_new, i, j, f, o, tanhc)

    _, (hs, cs, i, j, f, o, tanhc) = lax.scan(body, (h0, c0), x)
    return hs, hs, cs, i, j, f, o, tanhc


def dynamic_gru_v2(
    x: jax.Array,
    w_in: jax.Array,
    w_hid: jax.Array,
    b_in: Any,
    b_hid: Any,
    h0: jax.Array,
    gate_order: str,
) -> tuple:
    """A GRU (reset after the hidden matmul) over time-major ``x`` in one ``lax.scan``, weights
    ``(in, 3H)`` and ``(H, 3H)`` with gates in ``gate_order`` (``'rzh'`` or ``'zrh'``). Returns
    every step's ``y``, ``h``, update ``z``, reset ``r``, candidate ``n`` and the hidden part of
    the candidate ``h @ W_hn + b_hn``, each (T, B, H)."""
    order = ("r", "z", "h") if gate_order == "rzh" else ("z", "r", "h")
    gi_all = x @ w_in + (0 if b_in is None else b_in)

    def body(h, gi):
        gh = h @ w_hid + (0 if b_hid is None else b_hid)
        xi = dict(zip(order, jnp.split(gi, 3, axis=-1)))
        hh = dict(zip(order, jnp.split(gh, 3, axis=-1)))
        r = jax.nn.sigmoid(xi["r"] + hh["r"])
        z = jax.nn.sigmoid(xi["z"] + hh["z"])
        n = jnp.tanh(xi["h"] + r * hh["h"])
        h_new = (1 - z) * n + z * h
        return h_new, (h_new, z, r, n, hh["h"])

    _, (hs, z, r, n, hn) = lax.scan(body, h0, gi_all)
    return hs, hs, z, r, n, hn
