"""The elementwise backward kernels behind MindSpore's ``ops.operations._grad_ops`` primitives
(``SqrtGrad``, ``SigmoidGrad``, ``ReluGrad``, ...): each takes the forward output (or input) and
the incoming gradient, with MindSpore's argument order, and keeps the inputs' float dtype."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U


def _kernel(api: str, first: str, second: str, fn: Callable[[Any, Any], Any]):
    def f(a: Any, b: Any) -> Tensor:
        x, y = U.array(a, api, first), U.array(b, api, second)
        for arg, v in ((first, x), (second, y)):
            if not jnp.issubdtype(v.dtype, jnp.floating):
                U.fail(api, f"'{arg}' must be a float Tensor, but got {v.dtype}", TypeError)
        U.check_broadcast(api, x.shape, y.shape, first, second)
        return U.out(fn(x, y).astype(jnp.result_type(x.dtype, y.dtype)))

    f.__name__ = f.__qualname__ = api
    f.__doc__ = f"MindSpore's ``{api}({first}, {second})`` backward kernel."
    return f


# (output or input, incoming gradient) -> gradient of the input
sqrt_grad = _kernel("SqrtGrad", "y", "dy", lambda y, dy: dy / (2 * y))
rsqrt_grad = _kernel("RsqrtGrad", "y", "dy", lambda y, dy: -0.5 * dy * y * y * y)
inv_grad = _kernel("InvGrad", "y", "dy", lambda y, dy: -dy * y * y)
sigmoid_grad = _kernel("SigmoidGrad", "y", "dy", lambda y, dy: dy * y * (1 - y))
tanh_grad = _kernel("TanhGrad", "y", "dy", lambda y, dy: dy * (1 - y * y))
acosh_grad = _kernel("AcoshGrad", "y", "dy", lambda y, dy: dy / jnp.sinh(y))
asinh_grad = _kernel("AsinhGrad", "y", "dy", lambda y, dy: dy / jnp.cosh(y))
atan_grad = _kernel("AtanGrad", "x", "dout", lambda x, dy: dy / (1 + x * x))
asin_grad = _kernel("AsinGrad", "x", "dout", lambda x, dy: dy * jax.lax.rsqrt(1 - x * x))
acos_grad = _kernel("ACosGrad", "x", "dout", lambda x, dy: -dy * jax.lax.rsqrt(1 - x * x))
# (incoming gradient, forward input) -> gradient of the input
relu_grad = _kernel("ReluGrad", "dy", "x", lambda dy, x: jnp.where(x > 0, dy, 0))
relu6_grad = _kernel("ReLU6Grad", "dy", "x", lambda dy, x: jnp.where((x > 0) & (x < 6), dy, 0))
softplus_grad = _kernel("SoftplusGrad", "dy", "x", lambda dy, x: dy * jax.nn.sigmoid(x))
