"""``mindspore.scipy``: SciPy-like linear algebra (``linalg``), optimisation (``optimize``) and
discrete cosine transforms (``fft``) on ``jax.scipy``, taking and returning Tensors."""

from deepsink.scipy import fft, linalg, optimize

__all__ = ["fft", "linalg", "optimize"]
