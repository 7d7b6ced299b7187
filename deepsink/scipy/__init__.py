"""``mindspore.scipy``: SciPy-like linear algebra (``linalg``), optimisation (``optimize``) and
discrete cosine transforms (``fft``) on ``jax.scipy``, taking and returning Tensors."""

from deepsink.scipy import fft, linalg, optimize

__all__ = ["fft", "linalg", "optimize"]

from deepsink._core.public import missing_names as _missing_names  # noqa: E402

__getattr__ = _missing_names(__name__)
