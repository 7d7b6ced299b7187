"""The update rules of MindSpore's optimizer primitives, written once over ``jax.Array``.

Each rule takes the current values (the variable, its state, the hyper-parameters, the gradient)
and returns the new values; it never touches a Parameter. The primitives in
``deepsink.ops.operations.optimizer_ops`` (``ops.ApplyFtrl``, ``ops.SparseApplyAdagrad``, ...)
and the optimizers in ``deepsink.nn.optim`` (``nn.FTRL``, ``nn.ProximalAdagrad``, ``nn.Lamb``,
``nn.AdaFactor``, ...) both call these functions, so one formula serves both.

The rules compute in the variable's dtype; hyper-parameters arrive as 0-d arrays of that dtype.
The ``sparse_*`` helpers run a dense row rule on the rows named by ``indices``: ``scatter_rows``
adds the gradients of repeated indices first (MindSpore's CPU kernels deduplicate that way) and
``sequential_rows`` applies the rule once per index in order (SparseApplyRMSProp's kernel).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import jax
import jax.numpy as jnp
import optax

Array = jax.Array


# --- dense rules ------------------------------------------------------------------------------


def dynamic_loss_scale(scale, overflow, factor, grow, keep_finite=False):
    """The dynamic loss-scale update of ``nn.DynamicLossScaleUpdateCell`` and
    ``amp.DynamicLossScaler``: on ``overflow`` the scale divided by ``factor`` (not below 1);
    otherwise multiplied by it where ``grow`` (``keep_finite``: only where the product is
    finite), else kept."""
    factor = jnp.asarray(factor, scale.dtype)
    up = scale * factor
    if keep_finite:
        up = jnp.where(jnp.isfinite(up), up, scale)
    down = jnp.maximum(scale / factor, jnp.ones_like(scale))
    return jnp.where(overflow, down, jnp.where(grow, up, scale))


def all_finite(arrays: Sequence[Array]) -> Array:
    """A bool scalar: every value of every float or complex array in ``arrays`` is finite (True
    when there is none); the overflow check of loss scaling."""
    flags = [jnp.all(jnp.isfinite(a)) for a in arrays if jnp.issubdtype(a.dtype, jnp.inexact)]
    return jnp.all(jnp.stack(flags)) if flags else jnp.asarray(True)


def flag(value: Any) -> Array:
    """``value`` as a bool scalar array."""
    return jnp.asarray(value, jnp.bool_).reshape(())


def no_overflow(overflow: Any) -> Array:
    """The negation of an overflow flag (the optimizer's writes are kept where it holds)."""
    return jnp.logical_not(jnp.asarray(overflow, jnp.bool_))


def keep_where(keep: Array, new: Array, old: Array) -> Array:
    """``new`` where the scalar ``keep`` is true, else ``old`` (a write undone as data)."""
    return jnp.where(keep, new, old)


def scale_window_step(cur: Array, last: Array, overflow: Array, window: int) -> tuple:
    """``(grow, last)`` of the dynamic loss-scale cell: ``grow`` when ``window`` steps passed
    since the last overflow; ``last`` moves to ``cur`` on overflow or growth."""
    grow = (cur - last) >= window
    return grow, jnp.where(overflow | grow, cur, last)


def scaled_sens(loss: Array, scale: Array) -> Array:
    """The initial gradient of a loss-scaled backward pass: ``scale`` in the loss's shape."""
    return jnp.full(loss.shape, scale, loss.dtype)


def unscale(grads: Sequence[Array], scale: Array) -> list:
    """The float gradients divided by ``scale`` (in their dtype); others unchanged."""
    return [
        (g / scale.astype(g.dtype)) if jnp.issubdtype(g.dtype, jnp.inexact) else g for g in grads
    ]


def ada_max(var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad):
    """``m = b1 m + (1-b1) g; v = max(b2 v, |g|); var -= lr / (1 - beta1_power) m / (v + eps)``."""
    m = beta1 * m + (1 - beta1) * grad
    v = jnp.maximum(beta2 * v, jnp.abs(grad))
    return var - lr / (1 - beta1_power) * (m / (v + epsilon)), m, v


def ada_max_torch(var, m, u, lr, beta1, beta2, epsilon, grad):
    """PyTorch's Adamax (``experimental.optim.Adamax``): ``m = b1 m + (1-b1) g``,
    ``u = max(b2 u, |g| + eps)``, ``var -= lr m / u`` (``lr`` already bias-corrected)."""
    m = beta1 * m + (1 - beta1) * grad
    u = jnp.maximum(beta2 * u, jnp.abs(grad) + epsilon)
    return var - lr * m / u, m, u


def adadelta(var, accum, accum_update, lr, rho, epsilon, grad):
    """Adadelta: ``accum`` and ``accum_update`` are running averages of ``g^2`` and ``update^2``."""
    accum = rho * accum + (1 - rho) * grad * grad
    update = jnp.sqrt(accum_update + epsilon) * grad / jnp.sqrt(accum + epsilon)
    accum_update = rho * accum_update + (1 - rho) * update * update
    return var - lr * update, accum, accum_update


def adagrad(var, accum, lr, grad, update_slots=True, epsilon=None):
    """``accum += g^2; var -= lr g / sqrt(accum)`` (``/ (sqrt(accum) + epsilon)`` when given).
    Without ``update_slots`` the accumulator is read but not updated."""
    new_accum = accum + grad * grad if update_slots else accum
    denom = jnp.sqrt(new_accum) if epsilon is None else jnp.sqrt(new_accum) + epsilon
    return var - lr * grad / denom, new_accum


def adagrad_da(var, grad_accum, grad_squared_accum, grad, lr, l1, l2, global_step):
    """Adagrad dual averaging: the variable is recomputed from the accumulated gradients."""
    grad_accum = grad_accum + grad
    grad_squared_accum = grad_squared_accum + grad * grad
    step = global_step.astype(var.dtype)
    shrunk = jnp.sign(grad_accum) * jnp.maximum(jnp.abs(grad_accum) - l1 * step, 0)
    tmp = jnp.where(l1 > 0, shrunk, grad_accum)
    var = -lr * tmp / (l2 * step * lr + jnp.sqrt(grad_squared_accum))
    return var, grad_accum, grad_squared_accum


def adam_moments(m, v, beta1, beta2, grad):
    """The first and second moment EMAs of Adam (optax's moment updates)."""
    return (
        optax.tree.update_moment(grad, m, beta1, 1),
        optax.tree.update_moment_per_elem_norm(grad, v, beta2, 2),
    )


def adam_delta(m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad, use_nesterov=False):
    """Adam's change of the variable (``-lr_t m / (sqrt(v) + eps)``) and the new moments."""
    m, v = adam_moments(m, v, beta1, beta2, grad)
    lr_t = lr * jnp.sqrt(1 - beta2_power) / (1 - beta1_power)
    numerator = beta1 * m + (1 - beta1) * grad if use_nesterov else m
    return -lr_t * numerator / (jnp.sqrt(v) + epsilon), m, v


def adam(var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad, use_nesterov=False):
    """Adam with the bias correction folded into the learning rate (MindSpore's ``ops.Adam``)."""
    delta, m, v = adam_delta(
        m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad, use_nesterov
    )
    return var + delta, m, v


def adam_with_amsgrad(var, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad):
    """Adam whose denominator uses the running maximum ``vhat`` of ``v``."""
    m, v = adam_moments(m, v, beta1, beta2, grad)
    vhat = jnp.maximum(vhat, v)
    lr_t = lr * jnp.sqrt(1 - beta2_power) / (1 - beta1_power)
    return var - lr_t * m / (jnp.sqrt(vhat) + epsilon), m, v, vhat


def adam_weight_decay(var, m, v, lr, beta1, beta2, epsilon, decay, grad):
    """Adam without bias correction, with decoupled weight decay ``decay * var`` in the update."""
    m, v = adam_moments(m, v, beta1, beta2, grad)
    update = m / (jnp.sqrt(v) + epsilon)
    update = jnp.where(decay > 0, update + decay * var, update)
    return var - lr * update, m, v


def adam_torch(var, m, v, vmax, step, lr, beta1, beta2, epsilon, decay, grad, amsgrad=False):
    """PyTorch's AdamW step (``mint.optim.Adam``/``AdamW``, ``experimental.optim.AdamW``):
    ``var *= 1 - lr decay`` (``decay=0``: Adam, whose L2 term the caller adds to ``grad``), the
    moment EMAs, then ``var -= lr/(1-b1^step) m / (sqrt(v')/sqrt(1-b2^step) + eps)`` where ``v'``
    is ``v`` or, with ``amsgrad``, its running maximum ``vmax``. Returns ``(var, m, v, vmax)``."""
    var = var * (1 - lr * decay)
    m, v = adam_moments(m, v, beta1, beta2, grad)
    if amsgrad:
        vmax = jnp.maximum(vmax, v)
    denom = jnp.sqrt(vmax if amsgrad else v) / jnp.sqrt(one_minus_power(beta2, step)) + epsilon
    return var - (lr / one_minus_power(beta1, step)) * m / denom, m, v, vmax


def one_minus_power(beta, step):
    """``1 - beta**step`` without float32's cancellation (``-expm1(step log beta)``, the log
    taken in double precision for a Python ``beta``): at ``beta=0.999, step=1`` it is ``0.001``
    as MindSpore's bias correction is, not float32's ``1 - 0.999f = 0.00100005``."""
    if isinstance(beta, int | float):
        return 1.0 - step * 0.0 if beta == 0 else -jnp.expm1(step * math.log(beta))
    return -jnp.expm1(step * jnp.log(beta))


def asgd(var, eta, mu, ax, lr, grad, step, lambd, alpha, t0):
    """PyTorch's averaged SGD (``experimental.optim.ASGD``): ``eta`` starts at ``lr``;
    ``var = var (1 - lambd eta) - eta g``; the average ``ax`` follows ``var`` with weight ``mu``;
    then ``eta = lr / (1 + lambd lr step)^alpha`` and ``mu = 1 / max(1, step - t0)``."""
    step = step.astype(jnp.float32)
    eta = jnp.where(step == 1, lr, eta)
    var = var * (1.0 - lambd * eta).astype(var.dtype) - eta.astype(var.dtype) * grad
    ax = jnp.where(mu != 1, ax + ((var - ax) * mu).astype(ax.dtype), var)
    eta = lr / (1.0 + lambd * lr * step) ** alpha
    mu = 1.0 / jnp.maximum(1.0, step - t0)
    return var, eta, mu, ax


def nadam(var, m, v, mu_product, step, lr, grad, beta1, beta2, momentum_decay, epsilon):
    """PyTorch's NAdam (``experimental.optim.NAdam``), with the momentum schedule
    ``mu_t = beta1 (1 - 0.5 * 0.96^(t momentum_decay))`` and its running product."""
    t = step.astype(jnp.float32)
    mu = beta1 * (1.0 - 0.5 * 0.96 ** (t * momentum_decay))
    mu_next = beta1 * (1.0 - 0.5 * 0.96 ** ((t + 1) * momentum_decay))
    mu_product = mu_product * mu
    m = m * beta1 + grad * (1 - beta1)
    v = v * beta2 + grad * grad * (1 - beta2)
    denom = jnp.sqrt(v / one_minus_power(beta2, t)) + epsilon
    var = var - lr * (1.0 - mu) / (1.0 - mu_product) * grad / denom
    var = var - (lr * mu_next) / (1.0 - mu_product * mu_next) * m / denom
    return var, m, v, mu_product


def radam(var, m, v, step, lr, grad, beta1, beta2, epsilon):
    """PyTorch's RAdam (``experimental.optim.RAdam``): the bias-corrected first moment, scaled by
    the variance rectification once ``rho_t > 5``, else plain SGD with momentum."""
    t = step.astype(jnp.float32)
    m = m * beta1 + grad * (1 - beta1)
    v = v * beta2 + grad * grad * (1 - beta2)
    c1, c2 = one_minus_power(beta1, t), one_minus_power(beta2, t)
    rho_inf = 2 / (1 - beta2) - 1
    rho_t = rho_inf - 2 * t * beta2**t / c2
    m_hat = m / c1
    rect = jnp.sqrt(
        jnp.maximum(
            (rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t), 0
        )
    )
    adaptive = m_hat * lr * (jnp.sqrt(c2) / (jnp.sqrt(v) + epsilon)) * rect
    return var - jnp.where(rho_t > 5.0, adaptive, m_hat * lr), m, v


def rprop(var, prev, step_size, step, lr, grad, etaminus, etaplus, step_size_min, step_size_max):
    """PyTorch's Rprop (``experimental.optim.Rprop``): each element's step size (``lr`` at the
    first step) grows by ``etaplus`` while the gradient keeps its sign and shrinks by
    ``etaminus`` when it flips (that step then skipped), clipped to the bounds;
    ``var -= sign(g) step_size``. Returns ``(var, prev, step_size)``."""
    size = jnp.where(step == 1, jnp.ones_like(step_size) * lr, step_size)
    s = jnp.sign(grad * prev)
    factor = jnp.where(s > 0, etaplus, jnp.where(s < 0, etaminus, 1.0)).astype(size.dtype)
    size = jnp.clip(size * factor, step_size_min, step_size_max)
    g = jnp.where(factor == jnp.asarray(etaminus, size.dtype), jnp.zeros_like(grad), grad)
    return var - jnp.sign(g) * size, g, size


def rprop_mindspore(var, prev, step_size, grad, etaminus, etaplus, step_size_min, step_size_max):
    """MindSpore's ``nn.Rprop``: each element's step size grows by ``etaplus`` (up to
    ``step_size_max``) while the gradient keeps its sign and shrinks by ``etaminus`` (down to
    ``step_size_min``) when it flips, that gradient then counted as 0; ``var -= sign(g) step``.
    Returns ``(var, prev, step_size)``."""
    sign = grad * prev
    step_size = jnp.where(
        sign > 0,
        jnp.minimum(step_size * etaplus, step_size_max),
        jnp.where(sign < 0, jnp.maximum(step_size * etaminus, step_size_min), step_size),
    )
    g = jnp.where(sign < 0, 0, grad)
    return var - jnp.sign(g) * step_size, g, step_size


def filled(shape, value, dtype):
    """An optimizer state array of ``shape`` filled with ``value`` (a hyper-parameter)."""
    return jnp.full(shape, value, dtype)


def float32s(*values):
    """The hyper-parameters ``values`` as float32 scalar arrays (one array for one value)."""
    out = [jnp.asarray(v, jnp.float32) for v in values]
    return out[0] if len(out) == 1 else out


def ada_factor_schedule(step, decay_rate, relative_lr, warmup_init):
    """AdaFactor's per-step values from the 1-based ``step``: ``(lr, beta2t)``, ``lr`` the
    relative step size ``min(1e-6 step if warmup_init else 1e-2, 1 / sqrt(step))`` when
    ``relative_lr``, else None; ``beta2t = 1 - step ** -decay_rate``."""
    lr = None
    if relative_lr:
        min_step = 1e-6 * step if warmup_init else jnp.asarray(1e-2, jnp.float32)
        lr = jnp.minimum(min_step, 1.0 / jnp.sqrt(step))
    return lr, 1.0 - jnp.power(step, -jnp.asarray(decay_rate, jnp.float32))


def add_sign(var, m, lr, alpha, sign_decay, beta, grad):
    """AddSign: the step is ``(alpha + sign_decay sign(g) sign(m)) g``."""
    m = beta * m + (1 - beta) * grad
    update = (alpha + sign_decay * jnp.sign(grad) * jnp.sign(m)) * grad
    return var - lr * update, m


def power_sign(var, m, lr, logbase, sign_decay, beta, grad):
    """PowerSign: the step is ``exp(logbase sign_decay sign(g) sign(m)) g``."""
    m = beta * m + (1 - beta) * grad
    update = jnp.exp(logbase * sign_decay * jnp.sign(grad) * jnp.sign(m)) * grad
    return var - lr * update, m


def rms_prop(var, mean_square, moment, lr, grad, decay, momentum, epsilon):
    """RMSProp: ``ms = d ms + (1-d) g^2; mom = momentum mom + lr g / sqrt(ms + eps); var -= mom``."""
    mean_square = decay * mean_square + (1 - decay) * grad * grad
    moment = momentum * moment + lr * grad / jnp.sqrt(mean_square + epsilon)
    return var - moment, mean_square, moment


def rms_prop_torch(
    var, mean_square, mean_grad, moment, lr, grad, alpha, momentum, epsilon, centered
):
    """PyTorch's RMSprop (``experimental.optim.RMSprop``): ``ms = a ms + (1-a) g^2``, the
    denominator ``sqrt(ms - mg^2) + eps`` (centered, ``mg = a mg + (1-a) g``) or
    ``sqrt(ms) + eps``; with momentum ``mom = momentum mom + g / denom, var -= lr mom``, else
    ``var -= lr g / denom``. Returns ``(var, mean_square, mean_grad, moment)``."""
    mean_square = mean_square * alpha + (1 - alpha) * grad * grad
    if centered:
        mean_grad = mean_grad * alpha + grad * (1 - alpha)
        avg = jnp.sqrt(mean_square - mean_grad * mean_grad) + epsilon
    else:
        avg = jnp.sqrt(mean_square) + epsilon
    if momentum > 0:
        moment = moment * momentum + grad / avg
        return var - moment * lr, mean_square, mean_grad, moment
    return var - lr * grad / avg, mean_square, mean_grad, moment


def centered_rms_prop(var, mean_grad, mean_square, moment, grad, lr, decay, momentum, epsilon):
    """Centered RMSProp: the denominator is the running variance ``ms - mg^2``."""
    mean_grad = decay * mean_grad + (1 - decay) * grad
    mean_square = decay * mean_square + (1 - decay) * grad * grad
    denom = jnp.sqrt(mean_square - mean_grad * mean_grad + epsilon)
    moment = momentum * moment + lr * grad / denom
    return var - moment, mean_grad, mean_square, moment


def ftrl(var, accum, linear, grad, lr, l1, l2, lr_power, l2_shrinkage=None):
    """FTRL-proximal (McMahan et al.); ``l2_shrinkage`` (FtrlV2) adds ``2 l2_shrinkage var`` to the
    gradient that enters ``linear``."""
    shrunk_grad = grad if l2_shrinkage is None else grad + 2 * l2_shrinkage * var
    accum_new = accum + grad * grad
    power = -lr_power
    sigma = (jnp.power(accum_new, power) - jnp.power(accum, power)) / lr
    linear = linear + shrunk_grad - sigma * var
    quadratic = jnp.power(accum_new, power) / lr + 2 * l2
    var = jnp.where(
        jnp.abs(linear) > l1, (jnp.sign(linear) * l1 - linear) / quadratic, jnp.zeros_like(var)
    )
    return var, accum_new, linear


def gradient_descent(var, alpha, delta):
    """``var - alpha * delta``."""
    return var - alpha * delta


def keras_momentum(var, accum, lr, grad, momentum, use_nesterov=False):
    """Keras' momentum: ``accum = momentum accum - lr g``; ``var += accum`` (Nesterov:
    ``var += momentum accum - lr g``)."""
    accum = accum * momentum - grad * lr
    var = var + accum * momentum - grad * lr if use_nesterov else var + accum
    return var, accum


def proximal(prox_v, lr, l1, l2):
    """The proximal step of L1/L2 regularization: soft-threshold by ``lr l1``, shrink by
    ``1 + lr l2``."""
    return jnp.sign(prox_v) / (1 + lr * l2) * jnp.maximum(jnp.abs(prox_v) - lr * l1, 0)


def proximal_adagrad(var, accum, lr, l1, l2, grad):
    """Adagrad's step then the proximal L1/L2 step, both with the per-element rate
    ``lr / sqrt(accum)`` (TensorFlow's rule, which MindSpore's kernels follow)."""
    accum = accum + grad * grad
    lr_t = lr / jnp.sqrt(accum)
    return proximal(var - lr_t * grad, lr_t, l1, l2), accum


def proximal_gradient_descent(var, alpha, l1, l2, delta):
    """A gradient step followed by the proximal L1/L2 step."""
    return proximal(var - alpha * delta, alpha, l1, l2)


def sgd(param, grad, lr, accum, momentum, stat, dampening, weight_decay, nesterov):
    """SGD with momentum (PyTorch's rule, MindSpore's ``ops.SGD``): with ``momentum > 0`` the
    first step (``stat > 0``) takes the gradient into a fresh velocity undamped and clears
    ``stat``; with ``momentum <= 0`` the step is the gradient and the state is left alone."""
    g = grad + weight_decay * param if weight_decay else grad
    use = momentum > 0
    new_accum = jnp.where(stat > 0, g, momentum * accum + (1 - dampening) * g)
    step = g + momentum * new_accum if nesterov else new_accum
    step = jnp.where(use, step, g)
    new_stat = jnp.where(use, jnp.zeros_like(stat), stat)
    return param - lr * step, jnp.where(use, new_accum, accum), new_stat


def momentum(var, accum, lr, grad, momentum, use_nesterov=False):
    """``accum = momentum accum + g; var -= lr accum`` (Nesterov: ``var -= lr (g + momentum
    accum)``): optax's ``trace``, as ``ops.ApplyMomentum`` and ``nn.Momentum`` compute it."""
    trace = optax.trace(decay=momentum, nesterov=use_nesterov)
    update, state = trace.update(grad, optax.TraceState(trace=accum))
    return optax.apply_updates(var, -lr * update), state.trace


def lars_update(
    weight,
    gradient,
    norm_weight,
    norm_gradient,
    weight_decay,
    learning_rate,
    epsilon,
    hyperpara,
    use_clip,
):
    """LARS: the gradient (plus ``weight_decay * weight``) scaled by the layer's trust ratio
    ``hyperpara ||w|| / (||g|| + weight_decay ||w|| + epsilon)`` (1 when a norm is zero); with
    ``use_clip`` the ratio is ``min(ratio / learning_rate, 1)``."""
    w_norm = jnp.sqrt(norm_weight)
    g_norm = jnp.sqrt(norm_gradient)
    ratio = hyperpara * w_norm / (g_norm + weight_decay * w_norm + epsilon)
    ratio = jnp.where((w_norm > 0) & (g_norm > 0), ratio, jnp.ones_like(ratio))
    if use_clip:
        ratio = jnp.minimum(ratio / learning_rate, 1)
    return ratio * (gradient + weight_decay * weight)


def weight_scale_momentum(weight_decay, loss_scale, var, accum, lr, grad, momentum):
    """Momentum on ``weight_decay * var + loss_scale * grad`` (FusedWeightScaleApplyMomentum)."""
    g = weight_decay * var + loss_scale * grad
    accum = momentum * accum + g
    return var - lr * accum, accum


def lamb(var, m, v, lr, beta1, beta2, epsilon, weight_decay, global_step, grad):
    """LAMB: the bias-corrected Adam direction plus ``weight_decay * var``, scaled by the trust
    ratio ``||var|| / ||update||`` (1 when either norm is zero)."""
    m, v = adam_moments(m, v, beta1, beta2, grad)
    step = global_step.astype(var.dtype)
    m_hat = m / (1 - jnp.power(beta1, step))
    v_hat = v / (1 - jnp.power(beta2, step))
    update = m_hat / (jnp.sqrt(v_hat) + epsilon) + weight_decay * var
    w_norm = jnp.linalg.norm(var.ravel())
    u_norm = jnp.linalg.norm(update.ravel())
    ratio = jnp.where((w_norm > 0) & (u_norm > 0), w_norm / u_norm, jnp.ones_like(w_norm))
    return var - lr * ratio * update, m, v


def _rms(x):
    return jnp.sqrt(jnp.mean(x * x))


def ada_factor(
    epsilon,
    clip_threshold,
    beta1,
    beta2t,
    weight_decay,
    learning_rate,
    grad,
    param,
    exp_avg,
    exp_avg_sq_row,
    exp_avg_sq_col,
    exp_avg_sq,
    *,
    scale_parameter=False,
    first_moment=False,
    use_weight_decay=False,
    global_norm=None,
):
    """AdaFactor (Shazeer & Stern): second moments kept as row and column means for parameters
    of rank >= 2 (a full ``exp_avg_sq`` otherwise), the update clipped to RMS ``clip_threshold``,
    the step scaled by ``max(eps2, RMS(param))`` with ``scale_parameter``. Returns the new
    ``(param, exp_avg, exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq)``; state not used by the
    parameter's rank is returned unchanged."""
    dtype = param.dtype
    g = grad.astype(jnp.float32)
    if global_norm is not None:
        g = g / jnp.maximum(global_norm, 1.0)
    p = param.astype(jnp.float32)
    lr = learning_rate * jnp.maximum(epsilon[1], _rms(p)) if scale_parameter else learning_rate
    update = g * g + epsilon[0]
    if g.ndim >= 2:
        row = exp_avg_sq_row * beta2t + jnp.mean(update, axis=-1) * (1 - beta2t)
        col = exp_avg_sq_col * beta2t + jnp.mean(update, axis=-2) * (1 - beta2t)
        r_factor = 1.0 / jnp.sqrt(row / jnp.mean(row, axis=-1, keepdims=True))
        c_factor = 1.0 / jnp.sqrt(col)
        update = r_factor[..., None] * c_factor[..., None, :] * g
        sq = exp_avg_sq
    else:
        sq = exp_avg_sq * beta2t + update * (1 - beta2t)
        update = g / jnp.sqrt(sq)
        row, col = exp_avg_sq_row, exp_avg_sq_col
    update = update / jnp.maximum(_rms(update) / clip_threshold, 1.0) * lr
    avg = exp_avg
    if first_moment:
        avg = exp_avg * beta1 + update * (1 - beta1)
        update = avg
    if use_weight_decay:
        p = p - p * weight_decay * lr
    p = p - update
    return (
        p.astype(dtype),
        avg.astype(exp_avg.dtype),
        row.astype(exp_avg_sq_row.dtype),
        col.astype(exp_avg_sq_col.dtype),
        sq.astype(exp_avg_sq.dtype),
    )


# --- sparse helpers -----------------------------------------------------------------------------
def scatter_rows(
    rule: Callable,
    states: Sequence[Array],
    grad: Array,
    indices: Array,
    *hyper: Any,
    lazy: bool = True,
    grad_last: bool = True,
) -> tuple:
    """Apply a dense row rule to the rows named by ``indices`` (repeated indices' gradients
    added first). ``states[0]`` is the variable; ``rule(*states, *hyper, grad)`` (or
    ``rule(*states, grad, *hyper)`` when not ``grad_last``) returns the new states.

    With ``lazy`` only the named rows are read, updated and written back (the unique indices,
    padded to a static length with an out-of-range index whose writes are dropped); otherwise
    the rule runs on every row with a zero gradient where none was given (FusedSparseAdam's
    non-lazy moments)."""
    var = states[0]
    if not lazy:
        dense = jnp.zeros_like(var).at[indices].add(grad.astype(var.dtype))
        args = (*states, *hyper, dense) if grad_last else (*states, dense, *hyper)
        new = rule(*args)
        return new if isinstance(new, tuple) else (new,)
    n, rows = indices.shape[0], var.shape[0]
    unique, inverse = jnp.unique(indices, size=n, fill_value=rows, return_inverse=True)
    g = (
        jnp.zeros((n,) + var.shape[1:], var.dtype)
        .at[inverse.reshape(-1)]
        .add(grad.astype(var.dtype))
    )
    picked = tuple(s.at[unique].get(mode="clip") for s in states)
    args = (*picked, *hyper, g) if grad_last else (*picked, g, *hyper)
    new = rule(*args)
    new = new if isinstance(new, tuple) else (new,)
    return tuple(s.at[unique].set(v.astype(s.dtype), mode="drop") for s, v in zip(states, new))


def sequential_rows(
    rule: Callable,
    states: Sequence[Array],
    grad: Array,
    indices: Array,
    *hyper: Any,
    grad_last: bool = True,
) -> tuple:
    """Apply a dense row rule once per index, in order (a repeated row is updated twice)."""

    def body(i, carry):
        row = indices[i]
        rows = tuple(s[row] for s in carry)
        g = grad[i].astype(carry[0].dtype)
        args = (*rows, *hyper, g) if grad_last else (*rows, g, *hyper)
        new = rule(*args)
        new = new if isinstance(new, tuple) else (new,)
        return tuple(s.at[row].set(n) for s, n in zip(carry, new))

    return jax.lax.fori_loop(0, indices.shape[0], body, tuple(states))
