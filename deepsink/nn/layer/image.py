"""Image layers (MindSpore's ``nn/layer/image.py``): ``ImageGradients``, ``PSNR``, ``SSIM``,
``MSSSIM`` and ``CentralCrop``. The SSIM family filters each channel with a Gaussian window held,
as in MindSpore, by a non-trainable convolution Parameter (``conv.weight``), so checkpoints and
parameter listings match."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink import ops
from deepsink._core.validate import fail_arg
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell
from deepsink.nn.layer.container import CellList
from deepsink.ops.function import image_quality_func as IQ


def _check_4d(a: jax.Array, arg: str, api: str) -> None:
    if a.ndim != 4:
        raise ValueError(f"For '{api}', the dimension of '{arg}' must be 4d, but got {a.ndim}.")


def _images(img1: Tensor, img2: Tensor, api: str) -> tuple[jax.Array, jax.Array, float]:
    """Both images, checked, and the scale that brings them to [0, 1]: an integer dtype's
    maximum, else 1.0."""
    a, b = unwrap(img1), unwrap(img2)
    _check_4d(a, "img1", api)
    _check_4d(b, "img2", api)
    if a.shape != b.shape or a.dtype != b.dtype:
        raise TypeError(
            f"For '{api}', 'img1' and 'img2' must have the same shape and dtype, but "
            f"got {a.shape} {a.dtype} and {b.shape} {b.dtype}"
        )
    top = float(np.iinfo(a.dtype).max) if jnp.issubdtype(a.dtype, jnp.integer) else 1.0
    return a, b, top


def _max_val(max_val: Any, api: str) -> float:
    if isinstance(max_val, bool) or not isinstance(max_val, int | float):
        fail_arg(api, "max_val", "an int or float", max_val, TypeError)
    if max_val <= 0:
        fail_arg(api, "max_val", "greater than 0", max_val)
    return max_val


class ImageGradients(Cell):
    r"""The forward differences of images :math:`(N, C, H, W)`: ``dy[i] = x[i+1] - x[i]`` along H
    and ``dx`` along W, the last row/column zero.

    Inputs:
        - **images** (Tensor) - shape :math:`(N, C, H, W)`.

    Outputs:
        Tuple ``(dy, dx)`` of Tensors of the input's shape.

    Raises:
        ValueError: ``images`` is not 4-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> dy, dx = nn.ImageGradients()(ms.Tensor([[[[1.0, 2.0], [3.0, 4.0]]]]))
        >>> print(dy, dx)
        [[[[2. 2.]
           [0. 0.]]]] [[[[1. 0.]
           [1. 0.]]]]
    """

    def construct(self, images: Tensor) -> tuple[Tensor, Tensor]:
        a = unwrap(images)
        _check_4d(a, "images", "ImageGradients")
        dy = ops.concat([a[:, :, 1:] - a[:, :, :-1], ops.zeros_like(a[:, :, :1])], 2)
        dx = ops.concat([a[..., 1:] - a[..., :-1], ops.zeros_like(a[..., :1])], 3)
        return dy, dx


class PSNR(Cell):
    r"""Peak signal-to-noise ratio per image: :math:`10 \log_{10}(max\_val^2 / MSE)`, the mean
    over (C, H, W).

    Args:
        max_val (Union[int, float]): the dynamic range of the pixels. Default: ``1.0``.

    Inputs:
        - **img1** (Tensor) - shape :math:`(N, C, H, W)`.
        - **img2** (Tensor) - the shape and dtype of ``img1``.

    Outputs:
        Tensor of shape :math:`(N,)`.

    Raises:
        TypeError: ``max_val`` is not a number, or the images differ in shape or dtype.
        ValueError: ``max_val`` is not positive, or the images are not 4-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> img1 = ms.Tensor(np.full((1, 1, 2, 2), 0.5, np.float32))
        >>> img2 = ms.Tensor(np.full((1, 1, 2, 2), 0.6, np.float32))
        >>> print(nn.PSNR()(img1, img2))
        [19.999998]
    """

    def __init__(self, max_val: Any = 1.0) -> None:
        super().__init__()
        self.max_val = _max_val(max_val, "PSNR")

    def construct(self, img1: Tensor, img2: Tensor) -> Tensor:
        a, b, top = _images(img1, img2, "PSNR")
        return Tensor._from(IQ.psnr(a, b, top=top, max_val=self.max_val))


def _gaussian_window(size: int, sigma: float) -> np.ndarray:
    """A normalized ``size`` x ``size`` Gaussian, shape (1, 1, size, size)."""
    r = np.arange(-size // 2 + 1, size // 2 + 1, dtype=np.float32)
    g = np.exp(-(r[:, None] ** 2 + r[None, :] ** 2) / (2 * sigma**2))
    return (g / g.sum()).astype(np.float32)[None, None]


class _Window(Cell):
    """The Gaussian filter as a non-trainable ``weight`` (MindSpore's ``Conv2d`` child)."""

    def __init__(self, size: int, sigma: float) -> None:
        super().__init__()
        self.weight = Parameter(
            Tensor(_gaussian_window(size, sigma)), name="weight", requires_grad=False
        )


def _ssim_args(
    api: str, max_val: Any, filter_size: Any, filter_sigma: Any, k1: Any, k2: Any
) -> None:
    _max_val(max_val, api)
    if isinstance(filter_size, bool) or not isinstance(filter_size, int):
        fail_arg(api, "filter_size", "an int", filter_size, TypeError)
    if filter_size < 1:
        fail_arg(api, "filter_size", "at least 1", filter_size)
    if isinstance(filter_sigma, bool) or not isinstance(filter_sigma, float):
        fail_arg(api, "filter_sigma", "a float", filter_sigma, TypeError)
    if filter_sigma <= 0:
        fail_arg(api, "filter_sigma", "greater than 0", filter_sigma)
    for name, v in (("k1", k1), ("k2", k2)):
        if isinstance(v, bool) or not isinstance(v, float):
            fail_arg(api, name, "a float", v, TypeError)


class SSIM(Cell):
    r"""Structural similarity per image: the mean over channels and positions of
    :math:`\frac{(2\mu_x\mu_y+C_1)(2\sigma_{xy}+C_2)}{(\mu_x^2+\mu_y^2+C_1)(\sigma_x^2+\sigma_y^2+C_2)}`
    with Gaussian-weighted local statistics (valid filtering), :math:`C_i = (k_i\,max\_val)^2`.

    Args:
        max_val (Union[int, float]): the dynamic range of the pixels. Default: ``1.0``.
        filter_size (int): the Gaussian window's size, at least 1. Default: ``11``.
        filter_sigma (float): its standard deviation, positive. Default: ``1.5``.
        k1 (float): the luminance constant. Default: ``0.01``.
        k2 (float): the contrast constant. Default: ``0.03``.

    Inputs:
        - **img1** (Tensor) - shape :math:`(N, C, H, W)`, float16 or float32, H and W at least
          ``filter_size``.
        - **img2** (Tensor) - the shape and dtype of ``img1``.

    Outputs:
        Tensor of shape :math:`(N,)`.

    Raises:
        TypeError: an argument has the wrong type, or the images differ.
        ValueError: an argument is out of range, or the images are too small or not 4-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> img = ms.Tensor(np.ones((1, 3, 16, 16), np.float32))
        >>> print(nn.SSIM()(img, img))
        [1.]
    """

    def __init__(
        self,
        max_val: Any = 1.0,
        filter_size: int = 11,
        filter_sigma: float = 1.5,
        k1: float = 0.01,
        k2: float = 0.03,
    ) -> None:
        super().__init__()
        _ssim_args("SSIM", max_val, filter_size, filter_sigma, k1, k2)
        self.max_val, self.filter_size, self.filter_sigma = max_val, filter_size, filter_sigma
        self.k1, self.k2 = k1, k2
        self.conv = _Window(filter_size, filter_sigma)

    def construct(self, img1: Tensor, img2: Tensor) -> Tensor:
        a0 = unwrap(img1)
        if a0.dtype not in (jnp.float32, jnp.float16):
            raise TypeError(
                f"For 'SSIM', the dtype of 'img1' must be float16 or float32, but got {a0.dtype}"
            )
        if a0.ndim == 4 and min(a0.shape[2:]) < self.filter_size:
            fail_arg(
                "SSIM", "img1", f"H and W at least filter_size {self.filter_size}", tuple(a0.shape)
            )
        a, b, top = _images(img1, img2, "SSIM")
        c1, c2 = (self.k1 * self.max_val) ** 2, (self.k2 * self.max_val) ** 2
        return Tensor._from(IQ.ssim(a, b, self.conv.weight._data, top=top, c1=c1, c2=c2))


class MSSSIM(Cell):
    r"""Multi-scale structural similarity per image: at each of ``len(power_factors)`` scales
    (each half the last, by 2x2 average pooling) the contrast-structure term, and at the last the
    SSIM, raised to the scale's power factor and multiplied; averaged over channels.

    Args:
        max_val (Union[int, float]): the dynamic range of the pixels. Default: ``1.0``.
        power_factors (Union[tuple, list]): the weight of each scale.
            Default: ``(0.0448, 0.2856, 0.3001, 0.2363, 0.1333)``.
        filter_size (int): the Gaussian window's size. Default: ``11``.
        filter_sigma (float): its standard deviation. Default: ``1.5``.
        k1 (float): the luminance constant. Default: ``0.01``.
        k2 (float): the contrast constant. Default: ``0.03``.

    Inputs:
        - **img1** (Tensor) - shape :math:`(N, C, H, W)`, large enough for every scale.
        - **img2** (Tensor) - the shape and dtype of ``img1``.

    Outputs:
        Tensor of shape :math:`(N,)`.

    Raises:
        TypeError: an argument has the wrong type, or the images differ.
        ValueError: an argument is out of range, or the images are too small or not 4-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> img = ms.Tensor(np.ones((1, 3, 32, 32), np.float32))
        >>> print(nn.MSSSIM(power_factors=(0.5, 0.5), filter_size=5)(img, img))
        [1.]
    """

    def __init__(
        self,
        max_val: Any = 1.0,
        power_factors: Any = (0.0448, 0.2856, 0.3001, 0.2363, 0.1333),
        filter_size: int = 11,
        filter_sigma: float = 1.5,
        k1: float = 0.01,
        k2: float = 0.03,
    ) -> None:
        super().__init__()
        _ssim_args("MSSSIM", max_val, filter_size, filter_sigma, k1, k2)
        if not isinstance(power_factors, tuple | list):
            fail_arg("MSSSIM", "power_factors", "a tuple or list", power_factors, TypeError)
        self.max_val, self.filter_size, self.filter_sigma = max_val, filter_size, filter_sigma
        self.k1, self.k2, self.power_factors = k1, k2, tuple(power_factors)
        self.level = len(power_factors)
        self.multi_convs_list = CellList(
            [_Window(filter_size, filter_sigma) for _ in range(self.level)]
        )

    def construct(self, img1: Tensor, img2: Tensor) -> Tensor:
        a, b, top = _images(img1, img2, "MSSSIM")
        c1, c2 = (self.k1 * self.max_val) ** 2, (self.k2 * self.max_val) ** 2
        need = self.filter_size * 2 ** (self.level - 1)
        if min(a.shape[2:]) < need:
            fail_arg(
                "MSSSIM",
                "img1",
                f"H and W at least {need} for {self.level} scales of a "
                f"{self.filter_size}-pixel window",
                tuple(a.shape),
            )
        windows = tuple(conv.weight._data for conv in self.multi_convs_list)
        return Tensor._from(
            IQ.msssim(a, b, windows, top=top, c1=c1, c2=c2, power_factors=self.power_factors)
        )


class CentralCrop(Cell):
    r"""The central ``central_fraction`` of each image (H and W), :math:`(C, H, W)` or
    :math:`(N, C, H, W)`.

    Args:
        central_fraction (float): the kept fraction, in (0, 1].

    Inputs:
        - **image** (Tensor) - 3-D or 4-D.

    Outputs:
        Tensor of the input's rank.

    Raises:
        TypeError: ``central_fraction`` is not a float.
        ValueError: ``central_fraction`` is not in (0, 1], or the image is not 3-D or 4-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> image = ms.Tensor(np.random.random((4, 3, 4, 4)), ms.float32)
        >>> print(nn.CentralCrop(central_fraction=0.5)(image).shape)
        (4, 3, 2, 2)
    """

    def __init__(self, central_fraction: float) -> None:
        super().__init__()
        if isinstance(central_fraction, bool) or not isinstance(central_fraction, float):
            fail_arg("CentralCrop", "central_fraction", "a float", central_fraction, TypeError)
        if not 0.0 < central_fraction <= 1.0:
            fail_arg("CentralCrop", "central_fraction", "in range (0.0, 1.0]", central_fraction)
        self.central_fraction = central_fraction

    def construct(self, image: Tensor) -> Tensor:
        a = unwrap(image)
        if a.ndim not in (3, 4):
            raise ValueError(f"CentralCrop image must be 3d or 4d, but got shape {a.shape}")
        if self.central_fraction == 1.0:
            return image
        h, w = a.shape[-2:]
        top = int((float(h) - float(h * self.central_fraction)) / 2)
        left = int((float(w) - float(w * self.central_fraction)) / 2)
        return Tensor._from(a[..., top : h - top, left : w - left])
