"""BatchNorm1d/2d, LayerNorm and GroupNorm (MindSpore's ``nn/layer/normalization.py``).

BatchNorm's moving statistics are Parameters (``requires_grad=False``) updated in training by
assigning ``param._data``: the functionalization in ``_core`` turns that into a state update in
GRAPH_MODE, under gradients and inside the sink loop.
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink._core.validate import check_bool, check_one_of, check_positive_int, fail_arg
from deepsink.common import dtype as mstype
from deepsink.common.initializer import initializer
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell
from deepsink.ops.amp_strategy import cast_arrays
from deepsink.ops.function import norm_core_func as NC


def _stat_dtype(a: Any) -> Any:
    """Statistics are computed in at least float32 (float16/bfloat16 inputs)."""
    return jnp.promote_types(a.dtype, jnp.float32)


class _BatchNorm(Cell):
    """Batch normalization over every axis but the channel axis.

    MindSpore's momentum convention: ``moving = momentum * moving + (1 - momentum) * batch``, with
    the unbiased batch variance for ``moving_variance`` and the biased one for normalising.
    """

    _api = "BatchNorm"
    _ranks: tuple[int, ...] = (4,)
    _layout = "(N, C, H, W)"

    def __init__(
        self,
        num_features: int,
        eps: float = 1e-5,
        momentum: float = 0.9,
        affine: bool = True,
        gamma_init: Any = "ones",
        beta_init: Any = "zeros",
        moving_mean_init: Any = "zeros",
        moving_var_init: Any = "ones",
        use_batch_statistics: bool | None = None,
        data_format: str = "NCHW",
        dtype: Any = mstype.float32,
    ) -> None:
        super().__init__()
        api = self._api
        check_positive_int(num_features, "num_features", api)
        if (
            isinstance(momentum, bool)
            or not isinstance(momentum, int | float)
            or not 0 <= momentum <= 1
        ):
            fail_arg(api, "momentum", "a number in range [0, 1]", momentum)
        if use_batch_statistics is not None and not isinstance(use_batch_statistics, bool):
            fail_arg(api, "use_batch_statistics", "a bool or None", use_batch_statistics, TypeError)
        check_bool(affine, "affine", api)
        self.format = check_one_of(data_format, ["NCHW", "NHWC"], "data_format", api)
        self.num_features = num_features
        self.eps = eps
        self.momentum = 1.0 - momentum  # stored as MindSpore does: the weight of the batch stat
        self.use_batch_statistics = use_batch_statistics
        self.gamma_init, self.beta_init = gamma_init, beta_init
        self.moving_mean_init, self.moving_var_init = moving_mean_init, moving_var_init
        n = (num_features,)
        self.moving_mean = Parameter(
            initializer(moving_mean_init, n, dtype), name="mean", requires_grad=False
        )
        self.moving_variance = Parameter(
            initializer(moving_var_init, n, dtype), name="variance", requires_grad=False
        )
        self.gamma = Parameter(
            initializer(gamma_init, n, dtype), name="gamma", requires_grad=affine
        )
        self.beta = Parameter(initializer(beta_init, n, dtype), name="beta", requires_grad=affine)

    def _check_input(self, a: Any) -> int:
        channel = 1 if self.format == "NCHW" else a.ndim - 1
        if a.ndim not in self._ranks or a.shape[channel] != self.num_features:
            raise ValueError(
                f"For '{self._api}', the input must be a {self._layout} tensor with "
                f"C={self.num_features}, but got shape {list(a.shape)}"
            )
        return channel

    def construct(self, x: Tensor) -> Tensor:
        (a,) = cast_arrays("BatchNorm", unwrap(x))
        channel = self._check_input(a)
        bshape = [1] * a.ndim
        bshape[channel] = self.num_features
        batch_stats = (
            self.training if self.use_batch_statistics is None else self.use_batch_statistics
        )
        xs = a.astype(_stat_dtype(a))
        if batch_stats:
            y, mean, var = NC.batch_norm_train(
                xs, self.gamma._data, self.beta._data, channel, self.eps
            )
            self._update_moving(mean, var, a.size // self.num_features)
            return Tensor._from(y.astype(a.dtype))
        mean, var = self.moving_mean._data, self.moving_variance._data
        y = NC.scale_shift(xs, self.gamma._data, self.beta._data, mean, var, self.eps, bshape)
        return Tensor._from(y.astype(a.dtype))

    def _update_moving(self, mean: Any, var: Any, count: int) -> None:
        mm, mv = self.moving_mean._data, self.moving_variance._data
        mm, mv = NC.moving_stats(mm, mv, mean, var, count, self.momentum)
        self.moving_mean._data, self.moving_variance._data = mm, mv

    def extend_repr(self) -> str:
        return (
            f"num_features={self.num_features}, eps={self.eps}, momentum={1.0 - self.momentum}, "
            f"gamma={self.gamma}, beta={self.beta}, moving_mean={self.moving_mean}, "
            f"moving_variance={self.moving_variance}"
        )


class BatchNorm1d(_BatchNorm):
    """Batch normalization of (N, C) or (N, C, L) input: ``gamma (x - mean) / sqrt(var + eps) + beta``
    per channel, with the batch's statistics in training (updating the running ones) and the
    running statistics in eval mode.

    Args:
        num_features (int): the channel count C.
        eps (float): added to the variance for stability. Default: ``1e-5``.
        momentum (float): the weight of the old running statistics when they are updated,
            ``running = momentum * running + (1 - momentum) * batch`` (MindSpore's convention, the
            complement of PyTorch's). Default: ``0.9``.
        affine (bool): learn ``gamma`` and ``beta``. Default: ``True``.
        gamma_init, beta_init, moving_mean_init, moving_var_init (Union[Tensor, str, Initializer]):
            initializers of the scale, shift and running statistics. Defaults: ``'ones'``, ``'zeros'``,
            ``'zeros'``, ``'ones'``.
        use_batch_statistics (bool, optional): True: always normalise with the batch's statistics;
            False: always with the running ones; None: batch statistics in training, running ones in
            eval. Default: ``None``.
        data_format (str): ``'NCHW'`` or ``'NHWC'``. Default: ``'NCHW'``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C)` or :math:`(N, C, L)`.

    Outputs:
        Tensor, the same shape.

    Raises:
        TypeError: ``affine`` is not a bool, or ``use_batch_statistics`` not a bool or None.
        ValueError: ``num_features`` is not positive, ``momentum`` is outside [0, 1], or the input's
            rank or channel count does not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> bn = nn.BatchNorm1d(2)
        >>> bn.set_train()
        BatchNorm1d(num_features=2, eps=1e-05, momentum=0.9, gamma=Parameter (name=gamma, shape=(2,), dtype=Float32, requires_grad=True), beta=Parameter (name=beta, shape=(2,), dtype=Float32, requires_grad=True), moving_mean=Parameter (name=mean, shape=(2,), dtype=Float32, requires_grad=False), moving_variance=Parameter (name=variance, shape=(2,), dtype=Float32, requires_grad=False))
        >>> print(bn(ms.Tensor(np.array([[1.0, 2.0], [3.0, 6.0]], np.float32))))
        [[-0.999995   -0.99999875]
         [ 0.999995    0.99999875]]
    """

    _api = "BatchNorm1d"
    _ranks = (2, 3)
    _layout = "2-D (N, C) or 3-D (N, C, L)"


class BatchNorm2d(_BatchNorm):
    """Batch normalization of (N, C, H, W) input: each channel is normalised with its mean and
    variance over (N, H, W) in training (and the running statistics are updated), with the
    running statistics in eval mode, then scaled by ``gamma`` and shifted by ``beta``.

    Args:
        num_features (int): the channel count C.
        eps (float): added to the variance for stability. Default: ``1e-5``.
        momentum (float): the weight of the old running statistics when they are updated,
            ``running = momentum * running + (1 - momentum) * batch`` (MindSpore's convention, the
            complement of PyTorch's). Default: ``0.9``.
        affine (bool): learn ``gamma`` and ``beta``. Default: ``True``.
        gamma_init, beta_init, moving_mean_init, moving_var_init (Union[Tensor, str, Initializer]):
            initializers of the scale, shift and running statistics. Defaults: ``'ones'``, ``'zeros'``,
            ``'zeros'``, ``'ones'``.
        use_batch_statistics (bool, optional): True: always normalise with the batch's statistics;
            False: always with the running ones; None: batch statistics in training, running ones in
            eval. Default: ``None``.
        data_format (str): ``'NCHW'`` or ``'NHWC'``. Default: ``'NCHW'``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, H, W)`.

    Outputs:
        Tensor, the same shape.

    Raises:
        TypeError: ``affine`` is not a bool, or ``use_batch_statistics`` not a bool or None.
        ValueError: ``num_features`` is not positive, ``momentum`` is outside [0, 1], or the input's
            rank or channel count does not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> bn = nn.BatchNorm2d(1)
        >>> bn.set_train()
        BatchNorm2d(num_features=1, eps=1e-05, momentum=0.9, gamma=Parameter (name=gamma, shape=(1,), dtype=Float32, requires_grad=True), beta=Parameter (name=beta, shape=(1,), dtype=Float32, requires_grad=True), moving_mean=Parameter (name=mean, shape=(1,), dtype=Float32, requires_grad=False), moving_variance=Parameter (name=variance, shape=(1,), dtype=Float32, requires_grad=False))
        >>> x = ms.Tensor(np.arange(4, dtype=np.float32).reshape(1, 1, 2, 2))
        >>> print(bn(x))
        [[[[-1.3416355 -0.4472118]
           [ 0.4472118  1.3416355]]]]
        >>> print(bn.moving_mean)
        Parameter (name=mean, shape=(1,), dtype=Float32, requires_grad=False)
    """

    _api = "BatchNorm2d"
    _ranks = (4,)
    _layout = "4-D (N, C, H, W)"


class LayerNorm(Cell):
    """Layer normalization: normalises over the axes from ``begin_norm_axis`` on, then scales by
    ``gamma`` and shifts by ``beta``, whose shape ``normalized_shape`` is the input's shape from
    ``begin_params_axis`` on. Note MindSpore's default ``epsilon`` is 1e-7.

    Args:
        normalized_shape (Union[tuple[int], list[int]]): the shape of ``gamma`` and ``beta``.
        begin_norm_axis (int): the first axis normalised over. Default: ``-1``.
        begin_params_axis (int): the first axis the parameters cover. Default: ``-1``.
        gamma_init, beta_init (Union[Tensor, str, Initializer]): their initializers. Defaults: ``'ones'``, ``'zeros'``.
        epsilon (float): added to the variance. Default: ``1e-7``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **x** (Tensor) - whose trailing shape matches ``normalized_shape``.

    Outputs:
        Tensor, the same shape and dtype.

    Raises:
        TypeError: ``normalized_shape`` is not a tuple or list of ints, or an axis not an int.
        ValueError: ``normalized_shape`` is empty, or the input's shape does not match it.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> norm = nn.LayerNorm((3,))
        >>> print(norm(ms.Tensor(np.array([[1.0, 2.0, 3.0], [2.0, 2.0, 2.0]], np.float32))))
        [[-1.2247447  0.         1.2247447]
         [ 0.         0.         0.       ]]
    """

    def __init__(
        self,
        normalized_shape: tuple[int, ...] | list[int],
        begin_norm_axis: int = -1,
        begin_params_axis: int = -1,
        gamma_init: Any = "ones",
        beta_init: Any = "zeros",
        epsilon: float = 1e-7,
        dtype: Any = mstype.float32,
    ) -> None:
        super().__init__()
        if not isinstance(normalized_shape, tuple | list):
            fail_arg(
                "LayerNorm",
                "normalized_shape",
                "a tuple or list of ints",
                normalized_shape,
                TypeError,
            )
        if not normalized_shape:
            fail_arg("LayerNorm", "normalized_shape", "non-empty", normalized_shape)
        for name, v in (
            ("begin_norm_axis", begin_norm_axis),
            ("begin_params_axis", begin_params_axis),
        ):
            if isinstance(v, bool) or not isinstance(v, int):
                fail_arg("LayerNorm", name, "an int", v, TypeError)
        self.normalized_shape = normalized_shape
        self.begin_norm_axis = begin_norm_axis
        self.begin_params_axis = begin_params_axis
        self.epsilon = epsilon
        self.gamma = Parameter(initializer(gamma_init, normalized_shape, dtype), name="gamma")
        self.beta = Parameter(initializer(beta_init, normalized_shape, dtype), name="beta")
        # the primitive, as in MindSpore (subclasses such as mindcv's ConvNextLayerNorm call it)
        from deepsink.ops.operations.nn_ops import LayerNorm as _LayerNormPrim

        self.layer_norm = _LayerNormPrim(begin_norm_axis, begin_params_axis, epsilon)

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        nd = a.ndim
        for name, v in (
            ("begin_norm_axis", self.begin_norm_axis),
            ("begin_params_axis", self.begin_params_axis),
        ):
            if not -nd <= v < nd:
                fail_arg(
                    "LayerNorm", name, f"in range [{-nd}, {nd}) for input shape {list(a.shape)}", v
                )
        params_axis = self.begin_params_axis % nd
        if tuple(a.shape[params_axis:]) != tuple(self.gamma.shape):
            raise ValueError(
                f"For 'LayerNorm', the input shape from 'begin_params_axis' on must equal "
                f"normalized_shape {list(self.gamma.shape)}, but got input shape {list(a.shape)}"
            )
        y, _, _ = self.layer_norm(x, self.gamma.astype(x.dtype), self.beta.astype(x.dtype))
        return y

    def extend_repr(self) -> str:
        return (
            f"normalized_shape={self.normalized_shape}, begin_norm_axis={self.begin_norm_axis}, "
            f"begin_params_axis={self.begin_params_axis}, gamma={self.gamma}, beta={self.beta}"
        )


class GroupNorm(Cell):
    """Group normalization of (N, C, *) input: the channels are split into ``num_groups`` groups and
    each sample's group is normalised with its own statistics, then scaled and shifted per channel.

    Args:
        num_groups (int): the number of groups; ``num_channels`` must divide by it.
        num_channels (int): the channel count C.
        eps (float): added to the variance. Default: ``1e-5``.
        affine (bool): learn per-channel ``gamma`` and ``beta``. Default: ``True``.
        gamma_init, beta_init (Union[Tensor, str, Initializer]): their initializers. Defaults: ``'ones'``, ``'zeros'``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, *)`.

    Outputs:
        Tensor, the same shape.

    Raises:
        TypeError: ``num_groups`` or ``num_channels`` is not an int, ``affine`` not a bool.
        ValueError: they are not positive, C does not divide by ``num_groups``, or the input's channel count differs.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> norm = nn.GroupNorm(2, 4)
        >>> x = ms.Tensor(np.arange(8, dtype=np.float32).reshape(1, 4, 2))
        >>> print(norm(x))
        [[[-1.3416355 -0.4472118]
          [ 0.4472118  1.3416355]
          [-1.3416355 -0.4472118]
          [ 0.4472118  1.3416355]]]
    """

    def __init__(
        self,
        num_groups: int,
        num_channels: int,
        eps: float = 1e-5,
        affine: bool = True,
        gamma_init: Any = "ones",
        beta_init: Any = "zeros",
        dtype: Any = mstype.float32,
    ) -> None:
        super().__init__()
        self.num_groups = check_positive_int(num_groups, "num_groups", "GroupNorm")
        self.num_channels = check_positive_int(num_channels, "num_channels", "GroupNorm")
        if num_channels % num_groups:
            raise ValueError(
                f"For 'GroupNorm', 'num_channels' must be divisible by 'num_groups', but got "
                f"num_channels={num_channels}, num_groups={num_groups}"
            )
        self.eps = eps
        self.affine = check_bool(affine, "affine", "GroupNorm")
        n = (num_channels,)
        self.gamma = Parameter(
            initializer(gamma_init, n, dtype), name="gamma", requires_grad=affine
        )
        self.beta = Parameter(initializer(beta_init, n, dtype), name="beta", requires_grad=affine)

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        if a.ndim < 2 or a.shape[1] != self.num_channels:
            raise ValueError(
                f"For 'GroupNorm', the input must be an (N, C, *) tensor with C={self.num_channels}, "
                f"but got shape {list(a.shape)}"
            )
        xs = a.astype(_stat_dtype(a))
        y = NC.group_norm(xs, self.num_groups, self.gamma._data, self.beta._data, self.eps)
        return Tensor._from(y.astype(a.dtype))

    def extend_repr(self) -> str:
        return f"num_groups={self.num_groups}, num_channels={self.num_channels}"


class _InstanceNorm(Cell):
    """Normalize each (sample, channel) over its spatial axes with its own mean and biased
    variance, then scale by ``gamma`` and shift by ``beta`` (per channel). In training the
    running ``moving_mean``/``moving_variance`` (kept for checkpoints, as in MindSpore) are updated
    with ``momentum`` from the batch average of the instance statistics (unbiased variance)."""

    _rank = 4

    def __init__(
        self,
        num_features: int,
        eps: float = 1e-5,
        momentum: float = 0.1,
        affine: bool = True,
        gamma_init: Any = "ones",
        beta_init: Any = "zeros",
        dtype: Any = mstype.float32,
    ) -> None:
        super().__init__()
        api = type(self).__name__
        self.num_features = check_positive_int(num_features, "num_features", api)
        if not 0 <= momentum <= 1:
            fail_arg(api, "momentum", "in range [0, 1]", momentum)
        self.eps, self.momentum = float(eps), float(momentum)
        self.affine = check_bool(affine, "affine", api)
        shape = (num_features,)
        # named "mean"/"variance" as in 2.10 (a parent Cell names them by attribute path)
        self.moving_mean = Parameter(
            initializer("zeros", shape, dtype), name="mean", requires_grad=False
        )
        self.moving_variance = Parameter(
            initializer("ones", shape, dtype), name="variance", requires_grad=False
        )
        self.gamma = Parameter(
            initializer(gamma_init, shape, dtype), name="gamma", requires_grad=affine
        )
        self.beta = Parameter(
            initializer(beta_init, shape, dtype), name="beta", requires_grad=affine
        )

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        api = type(self).__name__
        if a.ndim != self._rank or a.shape[1] != self.num_features:
            fail_arg(
                api,
                "x",
                f"a {self._rank}-D Tensor with {self.num_features} channels",
                f"shape {list(a.shape)}",
            )
        y, mean, var = NC.instance_norm(a, self.gamma._data, self.beta._data, self.eps)
        if self.training:
            mm, mv = NC.instance_moving_stats(
                self.moving_mean._data,
                self.moving_variance._data,
                mean,
                var,
                a.shape,
                self.momentum,
            )
            self.moving_mean.set_data(Tensor._from(mm))
            self.moving_variance.set_data(Tensor._from(mv))
        return Tensor._from(y.astype(a.dtype))

    def extend_repr(self) -> str:
        return (
            f"num_features={self.num_features}, eps={self.eps}, momentum={self.momentum}, "
            f"gamma={self.gamma}, beta={self.beta}, moving_mean={self.moving_mean}, "
            f"moving_variance={self.moving_variance}"
        )


class InstanceNorm1d(_InstanceNorm):
    """Instance normalization of (N, C, L): each sample's channel is normalised over L, then
    scaled by ``gamma`` and shifted by ``beta``.

    Args:
        num_features (int): the channel count C.
        eps (float): added to the variance for stability. Default: ``1e-5``.
        momentum (float): the update rate of the running ``moving_mean``/``moving_variance``,
            which are kept for checkpoints as in MindSpore (normalisation always uses the
            instance's own statistics). Default: ``0.1``.
        affine (bool): learn a per-channel ``gamma`` and ``beta``. Default: ``True``.
        gamma_init, beta_init (Union[Tensor, str, Initializer]): their initializers. Defaults: ``'ones'``, ``'zeros'``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, L)`.

    Outputs:
        Tensor, the same shape.

    Raises:
        TypeError: ``affine`` is not a bool.
        ValueError: ``num_features`` is not positive, ``momentum`` is outside [0, 1], or the input's
            rank or channel count does not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> norm = nn.InstanceNorm1d(1)
        >>> print(norm(ms.Tensor(np.array([[[1.0, 2.0, 3.0]]], np.float32))))
        [[[-1.2247356  0.         1.2247356]]]
    """

    _rank = 3


class InstanceNorm2d(_InstanceNorm):
    """Instance normalization of (N, C, H, W): each sample's channel is normalised over (H, W),
    then scaled by ``gamma`` and shifted by ``beta``.

    Args:
        num_features (int): the channel count C.
        eps (float): added to the variance for stability. Default: ``1e-5``.
        momentum (float): the update rate of the running ``moving_mean``/``moving_variance``,
            which are kept for checkpoints as in MindSpore (normalisation always uses the
            instance's own statistics). Default: ``0.1``.
        affine (bool): learn a per-channel ``gamma`` and ``beta``. Default: ``True``.
        gamma_init, beta_init (Union[Tensor, str, Initializer]): their initializers. Defaults: ``'ones'``, ``'zeros'``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, H, W)`.

    Outputs:
        Tensor, the same shape.

    Raises:
        TypeError: ``affine`` is not a bool.
        ValueError: ``num_features`` is not positive, ``momentum`` is outside [0, 1], or the input's
            rank or channel count does not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> norm = nn.InstanceNorm2d(1)
        >>> print(norm(ms.Tensor(np.array([[[[1.0, 3.0], [5.0, 7.0]]]], np.float32))))
        [[[[-1.3416395  -0.44721317]
           [ 0.44721317  1.3416395 ]]]]
    """

    _rank = 4


class InstanceNorm3d(_InstanceNorm):
    """Instance normalization of (N, C, D, H, W): each sample's channel is normalised over
    (D, H, W), then scaled by ``gamma`` and shifted by ``beta``.

    Args:
        num_features (int): the channel count C.
        eps (float): added to the variance for stability. Default: ``1e-5``.
        momentum (float): the update rate of the running ``moving_mean``/``moving_variance``,
            which are kept for checkpoints as in MindSpore (normalisation always uses the
            instance's own statistics). Default: ``0.1``.
        affine (bool): learn a per-channel ``gamma`` and ``beta``. Default: ``True``.
        gamma_init, beta_init (Union[Tensor, str, Initializer]): their initializers. Defaults: ``'ones'``, ``'zeros'``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, D, H, W)`.

    Outputs:
        Tensor, the same shape.

    Raises:
        TypeError: ``affine`` is not a bool.
        ValueError: ``num_features`` is not positive, ``momentum`` is outside [0, 1], or the input's
            rank or channel count does not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> norm = nn.InstanceNorm3d(2)
        >>> print(norm(ms.Tensor(np.ones((1, 2, 2, 2, 2), np.float32))).shape)
        (1, 2, 2, 2, 2)
    """

    _rank = 5


class BatchNorm3d(Cell):
    """Batch normalization of (N, C, D, H, W) input. As in MindSpore it wraps a ``BatchNorm2d``
    (child ``bn2d``, so the Parameters are named ``bn2d.moving_mean`` etc.) applied to the
    (N, C, D*H, W) view.

    Args:
        num_features (int): the channel count C.
        eps (float): added to the variance for stability. Default: ``1e-5``.
        momentum (float): the weight of the old running statistics when they are updated,
            ``running = momentum * running + (1 - momentum) * batch`` (MindSpore's convention, the
            complement of PyTorch's). Default: ``0.9``.
        affine (bool): learn ``gamma`` and ``beta``. Default: ``True``.
        gamma_init, beta_init, moving_mean_init, moving_var_init (Union[Tensor, str, Initializer]):
            initializers of the scale, shift and running statistics. Defaults: ``'ones'``, ``'zeros'``,
            ``'zeros'``, ``'ones'``.
        use_batch_statistics (bool, optional): True: always normalise with the batch's statistics;
            False: always with the running ones; None: batch statistics in training, running ones in
            eval. Default: ``None``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, D, H, W)`.

    Outputs:
        Tensor, the same shape.

    Raises:
        TypeError: ``affine`` is not a bool, or ``use_batch_statistics`` not a bool or None.
        ValueError: ``num_features`` is not positive, ``momentum`` is outside [0, 1], or the input's
            rank is not 5.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> bn = nn.BatchNorm3d(2)
        >>> print(bn(ms.Tensor(np.ones((1, 2, 2, 2, 2), np.float32))).shape)
        (1, 2, 2, 2, 2)
    """

    def __init__(
        self,
        num_features: int,
        eps: float = 1e-5,
        momentum: float = 0.9,
        affine: bool = True,
        gamma_init: Any = "ones",
        beta_init: Any = "zeros",
        moving_mean_init: Any = "zeros",
        moving_var_init: Any = "ones",
        use_batch_statistics: bool | None = None,
        dtype: Any = mstype.float32,
    ) -> None:
        super().__init__()
        self.bn2d = BatchNorm2d(
            num_features,
            eps,
            momentum,
            affine,
            gamma_init,
            beta_init,
            moving_mean_init,
            moving_var_init,
            use_batch_statistics,
            dtype=dtype,
        )

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        if a.ndim != 5:
            fail_arg("BatchNorm3d", "x", "a 5-D Tensor (N, C, D, H, W)", f"shape {list(a.shape)}")
        n, c, d, h, w = a.shape
        out = unwrap(self.bn2d(Tensor._from(a.reshape(n, c, d * h, w))))
        return Tensor._from(out.reshape(a.shape))


class SyncBatchNorm(_BatchNorm):
    """Batch normalization whose statistics are reduced across data-parallel ranks. In one process
    (one rank) it is exactly ``BatchNorm2d``; with several ranks, or with ``process_groups``, it
    raises ``NotImplementedError`` (the cross-rank reduction is not built).

    Args:
        num_features (int): the channel count C.
        eps (float): added to the variance for stability. Default: ``1e-5``.
        momentum (float): the weight of the old running statistics when they are updated,
            ``running = momentum * running + (1 - momentum) * batch`` (MindSpore's convention, the
            complement of PyTorch's). Default: ``0.9``.
        affine (bool): learn ``gamma`` and ``beta``. Default: ``True``.
        gamma_init, beta_init, moving_mean_init, moving_var_init (Union[Tensor, str, Initializer]):
            initializers of the scale, shift and running statistics. Defaults: ``'ones'``, ``'zeros'``,
            ``'zeros'``, ``'ones'``.
        use_batch_statistics (bool, optional): True: always normalise with the batch's statistics;
            False: always with the running ones; None: batch statistics in training, running ones in
            eval. Default: ``None``.
        process_groups (list, optional): rank groups to reduce over. Default: ``None``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, H, W)`.

    Outputs:
        Tensor, the same shape.

    Raises:
        TypeError: ``affine`` is not a bool, or ``use_batch_statistics`` not a bool or None.
        ValueError: ``num_features`` is not positive, ``momentum`` is outside [0, 1], or the input's
            rank or channel count does not match.
        NotImplementedError: several ranks, or ``process_groups`` given.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> bn = nn.SyncBatchNorm(2)
        >>> print(bn(ms.Tensor(np.ones((1, 2, 2, 2), np.float32))).shape)
        (1, 2, 2, 2)
    """

    _api = "SyncBatchNorm"
    _ranks = (2, 4)
    _layout = "2-D (N, C) or 4-D (N, C, H, W)"

    def __init__(
        self,
        num_features: int,
        eps: float = 1e-5,
        momentum: float = 0.9,
        affine: bool = True,
        gamma_init: Any = "ones",
        beta_init: Any = "zeros",
        moving_mean_init: Any = "zeros",
        moving_var_init: Any = "ones",
        use_batch_statistics: bool | None = None,
        process_groups: Any = None,
        dtype: Any = mstype.float32,
    ) -> None:
        if process_groups is not None:
            raise NotImplementedError(
                "For 'SyncBatchNorm', 'process_groups' (statistics over a subset of the ranks) "
                "is not supported; leave it None to reduce over every data-parallel rank"
            )
        super().__init__(
            num_features,
            eps,
            momentum,
            affine,
            gamma_init,
            beta_init,
            moving_mean_init,
            moving_var_init,
            use_batch_statistics,
            dtype=dtype,
        )

    def construct(self, x: Tensor) -> Tensor:
        from deepsink.communication.management import get_group_size

        if get_group_size() > 1:
            raise NotImplementedError(
                "For 'SyncBatchNorm', statistics reduced across several ranks are not supported "
                "yet; use BatchNorm2d (per-rank statistics) in a distributed run"
            )
        return super().construct(x)
