"""The base of the audio transforms and the checks of their input tensors, with MindSpore 2.10's
RuntimeError wording ("<Op>: the shape of input tensor does not match the requirement of
operator. ...")."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from deepsink.dataset.audio.validators import checked
from deepsink.dataset.transforms.transforms import TensorOperation


class AudioTensorOperation(TensorOperation):
    """Base of the ``mindspore.dataset.audio`` transforms: one sample (a NumPy array) at a time,
    eagerly (``op(waveform)``) or in ``Dataset.map``.

    Random transforms (``random_draws`` > 0) seed a NumPy generator from the sample's uniform, so
    their draws follow ``mindspore.dataset.config.set_seed`` in both modes.
    """

    batched: ClassVar[bool] = False
    # the constructor's argument rules (``validators``), applied before ``__init__`` runs
    arg_rules: ClassVar[dict] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "arg_rules" in vars(cls) and "__init__" in vars(cls):
            cls.__init__ = checked(cls.__init__, cls.arg_rules)

    def __call__(self, *inputs: Any) -> Any:
        for tensor in inputs:
            if not isinstance(tensor, np.ndarray):
                raise TypeError(f"Input should be NumPy audio, got {type(tensor)}.")
        return super().__call__(*inputs)

    def apply(self, *xs: np.ndarray, u: np.ndarray | None = None) -> Any:
        return self.compute(*xs, rng=None if u is None else rng_of(u))

    def compute(self, x: np.ndarray, rng: np.random.Generator | None = None) -> Any:
        raise NotImplementedError


def rng_of(u: np.ndarray) -> np.random.Generator:
    """A generator seeded from a sample's uniform draw."""
    return np.random.default_rng(int(float(np.asarray(u).ravel()[0]) * 2**53))


def fail(api: str, message: str) -> None:
    raise RuntimeError(f"{api}: {message}")


def check_float_input(api: str, x: np.ndarray, keep_double: bool = True) -> np.ndarray:
    """``x`` as a float array: float64 stays (when ``keep_double``), the other real types become
    float32; a string or complex tensor is an error."""
    if x.dtype.kind not in "fiub":
        fail(
            api,
            "the data type of input tensor does not match the requirement of operator. Expecting "
            f"tensor in type of [int, float, double]. But got type {x.dtype}.",
        )
    if x.dtype == np.float64 and keep_double:
        return x
    return x.astype(np.float32)


def check_strict_float(api: str, x: np.ndarray) -> np.ndarray:
    """``x`` must already be float16/32/64 (float16 is computed in float32)."""
    if x.dtype.kind != "f":
        fail(
            api,
            "the data type of input tensor does not match the requirement of operator. Expecting "
            f"tensor in type of [float, double]. But got type {x.dtype}.",
        )
    return x


def check_rank(api: str, x: np.ndarray, rank: int, shape: str) -> None:
    if x.ndim < rank:
        fail(
            api,
            "the shape of input tensor does not match the requirement of operator. Expecting "
            f"tensor in shape of {shape}. But got tensor with dimension {x.ndim}.",
        )


def check_complex(api: str, x: np.ndarray) -> None:
    if x.ndim < 1 or x.shape[-1] != 2:
        fail(
            api,
            "the shape of input tensor does not match the requirement of operator. Expecting "
            "tensor in shape of <..., complex=2>.",
        )


def out_dtype(x: np.ndarray) -> type:
    """float64 for a float64 input, float32 otherwise."""
    return np.float64 if x.dtype == np.float64 else np.float32
