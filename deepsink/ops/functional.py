"""MindSpore's ``ops.functional`` (``F``): the functional ops plus a few older aliases."""

from functools import partial as partial

from deepsink.ops.function.array_func import arange as arange
from deepsink.ops.function.array_func import argsort as argsort
from deepsink.ops.function.array_func import broadcast_to as broadcast_to
from deepsink.ops.function.array_func import cast as cast
from deepsink.ops.function.array_func import cat as cat
from deepsink.ops.function.array_func import chunk as chunk
from deepsink.ops.function.array_func import concat as concat
from deepsink.ops.function.array_func import dtype as dtype
from deepsink.ops.function.array_func import expand_dims as expand_dims
from deepsink.ops.function.array_func import eye as eye
from deepsink.ops.function.array_func import fill as fill
from deepsink.ops.function.array_func import flatten as flatten
from deepsink.ops.function.array_func import flip as flip
from deepsink.ops.function.array_func import full as full
from deepsink.ops.function.array_func import full_like as full_like
from deepsink.ops.function.array_func import gather as gather
from deepsink.ops.function.array_func import gather_elements as gather_elements
from deepsink.ops.function.array_func import index_select as index_select
from deepsink.ops.function.array_func import is_floating_point as is_floating_point
from deepsink.ops.function.array_func import is_tensor as is_tensor
from deepsink.ops.function.array_func import linspace as linspace
from deepsink.ops.function.array_func import masked_fill as masked_fill
from deepsink.ops.function.array_func import narrow as narrow
from deepsink.ops.function.array_func import numel as numel
from deepsink.ops.function.array_func import one_hot as one_hot
from deepsink.ops.function.array_func import ones as ones
from deepsink.ops.function.array_func import ones_like as ones_like
from deepsink.ops.function.array_func import permute as permute
from deepsink.ops.function.array_func import rank as rank
from deepsink.ops.function.array_func import reshape as reshape
from deepsink.ops.function.array_func import select as select
from deepsink.ops.function.array_func import shape as shape
from deepsink.ops.function.array_func import size as size
from deepsink.ops.function.array_func import sort as sort
from deepsink.ops.function.array_func import split as split
from deepsink.ops.function.array_func import squeeze as squeeze
from deepsink.ops.function.array_func import stack as stack
from deepsink.ops.function.array_func import swapaxes as swapaxes
from deepsink.ops.function.array_func import tile as tile
from deepsink.ops.function.array_func import topk as topk
from deepsink.ops.function.array_func import transpose as transpose
from deepsink.ops.function.array_func import unbind as unbind
from deepsink.ops.function.array_func import unsqueeze as unsqueeze
from deepsink.ops.function.array_func import unstack as unstack
from deepsink.ops.function.array_func import where as where
from deepsink.ops.function.array_func import zeros as zeros
from deepsink.ops.function.array_func import zeros_like as zeros_like
from deepsink.ops.function.debug_func import print_ as print_
from deepsink.ops.function.math_func import abs as abs
from deepsink.ops.function.math_func import absolute as absolute
from deepsink.ops.function.math_func import acos as acos
from deepsink.ops.function.math_func import add as add
from deepsink.ops.function.math_func import addn as addn
from deepsink.ops.function.math_func import all as all
from deepsink.ops.function.math_func import amax as amax
from deepsink.ops.function.math_func import amin as amin
from deepsink.ops.function.math_func import any as any
from deepsink.ops.function.math_func import argmax as argmax
from deepsink.ops.function.math_func import argmin as argmin
from deepsink.ops.function.math_func import asin as asin
from deepsink.ops.function.math_func import atan as atan
from deepsink.ops.function.math_func import atan2 as atan2
from deepsink.ops.function.math_func import bitwise_and as bitwise_and
from deepsink.ops.function.math_func import bitwise_or as bitwise_or
from deepsink.ops.function.math_func import bitwise_xor as bitwise_xor
from deepsink.ops.function.math_func import bmm as bmm
from deepsink.ops.function.math_func import ceil as ceil
from deepsink.ops.function.math_func import clamp as clamp
from deepsink.ops.function.math_func import clip as clip
from deepsink.ops.function.math_func import clip_by_value as clip_by_value
from deepsink.ops.function.math_func import cos as cos
from deepsink.ops.function.math_func import cosh as cosh
from deepsink.ops.function.math_func import cumprod as cumprod
from deepsink.ops.function.math_func import cumsum as cumsum
from deepsink.ops.function.math_func import div as div
from deepsink.ops.function.math_func import divide as divide
from deepsink.ops.function.math_func import dot as dot
from deepsink.ops.function.math_func import eq as eq
from deepsink.ops.function.math_func import equal as equal
from deepsink.ops.function.math_func import erf as erf
from deepsink.ops.function.math_func import erfc as erfc
from deepsink.ops.function.math_func import exp as exp
from deepsink.ops.function.math_func import expm1 as expm1
from deepsink.ops.function.math_func import floor as floor
from deepsink.ops.function.math_func import floor_div as floor_div
from deepsink.ops.function.math_func import floor_divide as floor_divide
from deepsink.ops.function.math_func import floor_mod as floor_mod
from deepsink.ops.function.math_func import ge as ge
from deepsink.ops.function.math_func import greater as greater
from deepsink.ops.function.math_func import greater_equal as greater_equal
from deepsink.ops.function.math_func import gt as gt
from deepsink.ops.function.math_func import isclose as isclose
from deepsink.ops.function.math_func import isfinite as isfinite
from deepsink.ops.function.math_func import isinf as isinf
from deepsink.ops.function.math_func import isnan as isnan
from deepsink.ops.function.math_func import le as le
from deepsink.ops.function.math_func import less as less
from deepsink.ops.function.math_func import less_equal as less_equal
from deepsink.ops.function.math_func import log as log
from deepsink.ops.function.math_func import log1p as log1p
from deepsink.ops.function.math_func import log2 as log2
from deepsink.ops.function.math_func import logical_and as logical_and
from deepsink.ops.function.math_func import logical_not as logical_not
from deepsink.ops.function.math_func import logical_or as logical_or
from deepsink.ops.function.math_func import logical_xor as logical_xor
from deepsink.ops.function.math_func import logsumexp as logsumexp
from deepsink.ops.function.math_func import lt as lt
from deepsink.ops.function.math_func import matmul as matmul
from deepsink.ops.function.math_func import max as max
from deepsink.ops.function.math_func import maximum as maximum
from deepsink.ops.function.math_func import mean as mean
from deepsink.ops.function.math_func import min as min
from deepsink.ops.function.math_func import minimum as minimum
from deepsink.ops.function.math_func import mm as mm
from deepsink.ops.function.math_func import mul as mul
from deepsink.ops.function.math_func import multiply as multiply
from deepsink.ops.function.math_func import ne as ne
from deepsink.ops.function.math_func import neg as neg
from deepsink.ops.function.math_func import negative as negative
from deepsink.ops.function.math_func import norm as norm
from deepsink.ops.function.math_func import not_equal as not_equal
from deepsink.ops.function.math_func import outer as outer
from deepsink.ops.function.math_func import pow as pow
from deepsink.ops.function.math_func import prod as prod
from deepsink.ops.function.math_func import reciprocal as reciprocal
from deepsink.ops.function.math_func import reduce_mean as reduce_mean
from deepsink.ops.function.math_func import reduce_sum as reduce_sum
from deepsink.ops.function.math_func import remainder as remainder
from deepsink.ops.function.math_func import round as round
from deepsink.ops.function.math_func import rsqrt as rsqrt
from deepsink.ops.function.math_func import sigmoid as sigmoid
from deepsink.ops.function.math_func import sign as sign
from deepsink.ops.function.math_func import sin as sin
from deepsink.ops.function.math_func import sinh as sinh
from deepsink.ops.function.math_func import sqrt as sqrt
from deepsink.ops.function.math_func import square as square
from deepsink.ops.function.math_func import std as std
from deepsink.ops.function.math_func import sub as sub
from deepsink.ops.function.math_func import subtract as subtract
from deepsink.ops.function.math_func import sum as sum
from deepsink.ops.function.math_func import tan as tan
from deepsink.ops.function.math_func import tanh as tanh
from deepsink.ops.function.math_func import true_divide as true_divide
from deepsink.ops.function.math_func import trunc as trunc
from deepsink.ops.function.math_func import var as var
from deepsink.ops.function.nn_func import avg_pool2d as avg_pool2d
from deepsink.ops.function.nn_func import bias_add as bias_add
from deepsink.ops.function.nn_func import (
    binary_cross_entropy_with_logits as binary_cross_entropy_with_logits,
)
from deepsink.ops.function.nn_func import conv2d as conv2d
from deepsink.ops.function.nn_func import cross_entropy as cross_entropy
from deepsink.ops.function.nn_func import dense as dense
from deepsink.ops.function.nn_func import dropout as dropout
from deepsink.ops.function.nn_func import elu as elu
from deepsink.ops.function.nn_func import fast_gelu as fast_gelu
from deepsink.ops.function.nn_func import gelu as gelu
from deepsink.ops.function.nn_func import hardswish as hardswish
from deepsink.ops.function.nn_func import l1_loss as l1_loss
from deepsink.ops.function.nn_func import leaky_relu as leaky_relu
from deepsink.ops.function.nn_func import log_softmax as log_softmax
from deepsink.ops.function.nn_func import max_pool2d as max_pool2d
from deepsink.ops.function.nn_func import mse_loss as mse_loss
from deepsink.ops.function.nn_func import nll_loss as nll_loss
from deepsink.ops.function.nn_func import relu as relu
from deepsink.ops.function.nn_func import relu6 as relu6
from deepsink.ops.function.nn_func import silu as silu
from deepsink.ops.function.nn_func import softmax as softmax
from deepsink.ops.function.nn_func import softplus as softplus
from deepsink.ops.function.parameter_func import assign as assign
from deepsink.ops.function.parameter_func import assign_add as assign_add
from deepsink.ops.function.parameter_func import assign_sub as assign_sub
from deepsink.ops.function.parameter_func import depend as depend
from deepsink.ops.function.parameter_func import identity as identity
from deepsink.ops.function.parameter_func import stop_gradient as stop_gradient

tensor_add = add
tensor_sub = sub
tensor_mul = mul
tensor_div = div


def scalar_to_tensor(input_x, dtype=None):
    """MindSpore's ``F.scalar_to_tensor``: a 0-d Tensor (Float32 unless ``dtype`` is given)."""
    from deepsink.common import dtype as mstype

    return full((), input_x, dtype=dtype or mstype.float32)


def tuple_to_array(input_x):
    """MindSpore's ``F.tuple_to_array``: a 1-D Tensor from a tuple of numbers."""
    from deepsink.common.tensor import Tensor

    return Tensor(input_x)


from deepsink._core.grad import grad as grad  # noqa: E402 - MindSpore's F.grad
from deepsink._core.grad import value_and_grad as value_and_grad  # noqa: E402
from deepsink._core.vmap import vmap as vmap  # noqa: E402
from deepsink.ops.function.nn_pool_norm_func import avg_pool1d as avg_pool1d  # noqa: E402
from deepsink.ops.function.nn_pool_norm_func import avg_pool3d as avg_pool3d  # noqa: E402
from deepsink.ops.function.nn_pool_norm_func import batch_norm as batch_norm  # noqa: E402
from deepsink.ops.function.nn_pool_norm_func import (  # noqa: E402
    binary_cross_entropy as binary_cross_entropy,
)
from deepsink.ops.function.nn_pool_norm_func import conv3d as conv3d  # noqa: E402
from deepsink.ops.function.nn_pool_norm_func import layer_norm as layer_norm  # noqa: E402
from deepsink.ops.function.nn_pool_norm_func import max_pool3d as max_pool3d  # noqa: E402
