"""MindSpore's ``ops.functional`` (``F``): the functional ops plus a few older aliases."""

from functools import partial as partial

from deepsink._core.public import public_names as _public_names
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
from deepsink.ops.function.array_func import strided_slice as strided_slice
from deepsink.ops.function.array_func import swapaxes as swapaxes
from deepsink.ops.function.array_func import tile as tile
from deepsink.ops.function.array_func import topk as topk
from deepsink.ops.function.array_func import transpose as transpose
from deepsink.ops.function.array_func import unbind as unbind
from deepsink.ops.function.array_func import unique as unique
from deepsink.ops.function.array_func import unsqueeze as unsqueeze
from deepsink.ops.function.array_func import unstack as unstack
from deepsink.ops.function.array_func import where as where
from deepsink.ops.function.array_func import zeros as zeros
from deepsink.ops.function.array_func import zeros_like as zeros_like
from deepsink.ops.function.debug_func import print_ as print_
from deepsink.ops.function.elementwise_func import acosh as acosh
from deepsink.ops.function.elementwise_func import approximate_equal as approximate_equal
from deepsink.ops.function.elementwise_func import arccosh as arccosh
from deepsink.ops.function.elementwise_func import arcsinh as arcsinh
from deepsink.ops.function.elementwise_func import arctanh as arctanh
from deepsink.ops.function.elementwise_func import asinh as asinh
from deepsink.ops.function.elementwise_func import atanh as atanh
from deepsink.ops.function.elementwise_func import bitwise_left_shift as bitwise_left_shift
from deepsink.ops.function.elementwise_func import bitwise_right_shift as bitwise_right_shift
from deepsink.ops.function.elementwise_func import copysign as copysign
from deepsink.ops.function.elementwise_func import deg2rad as deg2rad
from deepsink.ops.function.elementwise_func import digamma as digamma
from deepsink.ops.function.elementwise_func import erfinv as erfinv
from deepsink.ops.function.elementwise_func import float_power as float_power
from deepsink.ops.function.elementwise_func import fmax as fmax
from deepsink.ops.function.elementwise_func import fmin as fmin
from deepsink.ops.function.elementwise_func import fmod as fmod
from deepsink.ops.function.elementwise_func import frac as frac
from deepsink.ops.function.elementwise_func import gcd as gcd
from deepsink.ops.function.elementwise_func import heaviside as heaviside
from deepsink.ops.function.elementwise_func import hypot as hypot
from deepsink.ops.function.elementwise_func import i0 as i0
from deepsink.ops.function.elementwise_func import isneginf as isneginf
from deepsink.ops.function.elementwise_func import isposinf as isposinf
from deepsink.ops.function.elementwise_func import isreal as isreal
from deepsink.ops.function.elementwise_func import lcm as lcm
from deepsink.ops.function.elementwise_func import ldexp as ldexp
from deepsink.ops.function.elementwise_func import lerp as lerp
from deepsink.ops.function.elementwise_func import lgamma as lgamma
from deepsink.ops.function.elementwise_func import logaddexp as logaddexp
from deepsink.ops.function.elementwise_func import logaddexp2 as logaddexp2
from deepsink.ops.function.elementwise_func import logit as logit
from deepsink.ops.function.elementwise_func import nan_to_num as nan_to_num
from deepsink.ops.function.elementwise_func import nextafter as nextafter
from deepsink.ops.function.elementwise_func import positive as positive
from deepsink.ops.function.elementwise_func import rad2deg as rad2deg
from deepsink.ops.function.elementwise_func import sgn as sgn
from deepsink.ops.function.elementwise_func import signbit as signbit
from deepsink.ops.function.elementwise_func import sinc as sinc
from deepsink.ops.function.elementwise_func import truncate_div as truncate_div
from deepsink.ops.function.elementwise_func import truncate_mod as truncate_mod
from deepsink.ops.function.elementwise_func import xdivy as xdivy
from deepsink.ops.function.elementwise_func import xlogy as xlogy
from deepsink.ops.function.layout_func import atleast_1d as atleast_1d
from deepsink.ops.function.layout_func import atleast_2d as atleast_2d
from deepsink.ops.function.layout_func import atleast_3d as atleast_3d
from deepsink.ops.function.layout_func import column_stack as column_stack
from deepsink.ops.function.layout_func import diag as diag
from deepsink.ops.function.layout_func import diag_embed as diag_embed
from deepsink.ops.function.layout_func import diagflat as diagflat
from deepsink.ops.function.layout_func import diagonal as diagonal
from deepsink.ops.function.layout_func import dsplit as dsplit
from deepsink.ops.function.layout_func import dstack as dstack
from deepsink.ops.function.layout_func import fliplr as fliplr
from deepsink.ops.function.layout_func import flipud as flipud
from deepsink.ops.function.layout_func import hsplit as hsplit
from deepsink.ops.function.layout_func import hstack as hstack
from deepsink.ops.function.layout_func import meshgrid as meshgrid
from deepsink.ops.function.layout_func import moveaxis as moveaxis
from deepsink.ops.function.layout_func import movedim as movedim
from deepsink.ops.function.layout_func import ravel as ravel
from deepsink.ops.function.layout_func import repeat_elements as repeat_elements
from deepsink.ops.function.layout_func import repeat_interleave as repeat_interleave
from deepsink.ops.function.layout_func import roll as roll
from deepsink.ops.function.layout_func import rot90 as rot90
from deepsink.ops.function.layout_func import row_stack as row_stack
from deepsink.ops.function.layout_func import swapdims as swapdims
from deepsink.ops.function.layout_func import t as t
from deepsink.ops.function.layout_func import tensor_split as tensor_split
from deepsink.ops.function.layout_func import trace as trace
from deepsink.ops.function.layout_func import tril as tril
from deepsink.ops.function.layout_func import tril_indices as tril_indices
from deepsink.ops.function.layout_func import triu as triu
from deepsink.ops.function.layout_func import triu_indices as triu_indices
from deepsink.ops.function.layout_func import vsplit as vsplit
from deepsink.ops.function.layout_func import vstack as vstack
from deepsink.ops.function.linalg_reduce_func import aminmax as aminmax
from deepsink.ops.function.linalg_reduce_func import count_nonzero as count_nonzero
from deepsink.ops.function.linalg_reduce_func import cross as cross
from deepsink.ops.function.linalg_reduce_func import cummax as cummax
from deepsink.ops.function.linalg_reduce_func import cummin as cummin
from deepsink.ops.function.linalg_reduce_func import det as det
from deepsink.ops.function.linalg_reduce_func import diff as diff
from deepsink.ops.function.linalg_reduce_func import einsum as einsum
from deepsink.ops.function.linalg_reduce_func import inner as inner
from deepsink.ops.function.linalg_reduce_func import inverse as inverse
from deepsink.ops.function.linalg_reduce_func import kron as kron
from deepsink.ops.function.linalg_reduce_func import logcumsumexp as logcumsumexp
from deepsink.ops.function.linalg_reduce_func import matrix_power as matrix_power
from deepsink.ops.function.linalg_reduce_func import median as median
from deepsink.ops.function.linalg_reduce_func import mv as mv
from deepsink.ops.function.linalg_reduce_func import nanmean as nanmean
from deepsink.ops.function.linalg_reduce_func import nansum as nansum
from deepsink.ops.function.linalg_reduce_func import slogdet as slogdet
from deepsink.ops.function.linalg_reduce_func import std_mean as std_mean
from deepsink.ops.function.linalg_reduce_func import tensor_dot as tensor_dot
from deepsink.ops.function.linalg_reduce_func import var_mean as var_mean
from deepsink.ops.function.linalg_reduce_func import vecdot as vecdot
from deepsink.ops.function.math_func import abs as abs
from deepsink.ops.function.math_func import absolute as absolute
from deepsink.ops.function.math_func import acos as acos
from deepsink.ops.function.math_func import add as add
from deepsink.ops.function.math_func import addn as addn
from deepsink.ops.function.math_func import all as all
from deepsink.ops.function.math_func import amax as amax
from deepsink.ops.function.math_func import amin as amin
from deepsink.ops.function.math_func import angle as angle
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
from deepsink.ops.function.math_func import conj as conj
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
from deepsink.ops.function.math_func import exp2 as exp2
from deepsink.ops.function.math_func import expm1 as expm1
from deepsink.ops.function.math_func import floor as floor
from deepsink.ops.function.math_func import floor_div as floor_div
from deepsink.ops.function.math_func import floor_divide as floor_divide
from deepsink.ops.function.math_func import floor_mod as floor_mod
from deepsink.ops.function.math_func import ge as ge
from deepsink.ops.function.math_func import greater as greater
from deepsink.ops.function.math_func import greater_equal as greater_equal
from deepsink.ops.function.math_func import gt as gt
from deepsink.ops.function.math_func import imag as imag
from deepsink.ops.function.math_func import inv as inv
from deepsink.ops.function.math_func import invert as invert
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
from deepsink.ops.function.math_func import log10 as log10
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
from deepsink.ops.function.math_func import real as real
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
from deepsink.ops.function.nn_func import softsign as softsign
from deepsink.ops.function.nn_pool_norm_func import avg_pool2d as avg_pool2d
from deepsink.ops.function.parameter_func import assign as assign
from deepsink.ops.function.parameter_func import assign_add as assign_add
from deepsink.ops.function.parameter_func import assign_sub as assign_sub
from deepsink.ops.function.parameter_func import depend as depend
from deepsink.ops.function.parameter_func import identity as identity
from deepsink.ops.function.parameter_func import stop_gradient as stop_gradient
from deepsink.ops.function.scatter_func import argwhere as argwhere
from deepsink.ops.function.scatter_func import gather_nd as gather_nd
from deepsink.ops.function.scatter_func import masked_select as masked_select
from deepsink.ops.function.scatter_func import nonzero as nonzero
from deepsink.ops.function.scatter_func import scatter as scatter
from deepsink.ops.function.scatter_func import scatter_nd as scatter_nd
from deepsink.ops.function.scatter_func import scatter_nd_add as scatter_nd_add
from deepsink.ops.function.scatter_func import scatter_nd_div as scatter_nd_div
from deepsink.ops.function.scatter_func import scatter_nd_max as scatter_nd_max
from deepsink.ops.function.scatter_func import scatter_nd_min as scatter_nd_min
from deepsink.ops.function.scatter_func import scatter_nd_mul as scatter_nd_mul
from deepsink.ops.function.scatter_func import scatter_nd_sub as scatter_nd_sub
from deepsink.ops.function.scatter_func import scatter_nd_update as scatter_nd_update
from deepsink.ops.function.scatter_func import tensor_scatter_add as tensor_scatter_add
from deepsink.ops.function.scatter_func import tensor_scatter_div as tensor_scatter_div
from deepsink.ops.function.scatter_func import tensor_scatter_elements as tensor_scatter_elements
from deepsink.ops.function.scatter_func import tensor_scatter_max as tensor_scatter_max
from deepsink.ops.function.scatter_func import tensor_scatter_min as tensor_scatter_min
from deepsink.ops.function.scatter_func import tensor_scatter_mul as tensor_scatter_mul
from deepsink.ops.function.scatter_func import tensor_scatter_sub as tensor_scatter_sub
from deepsink.ops.function.scatter_func import tensor_scatter_update as tensor_scatter_update
from deepsink.ops.function.scatter_func import unsorted_segment_max as unsorted_segment_max
from deepsink.ops.function.scatter_func import unsorted_segment_min as unsorted_segment_min
from deepsink.ops.function.scatter_func import unsorted_segment_prod as unsorted_segment_prod
from deepsink.ops.function.scatter_func import unsorted_segment_sum as unsorted_segment_sum

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


from deepsink._compile.grad import grad as grad  # noqa: E402 - MindSpore's F.grad
from deepsink._compile.grad import value_and_grad as value_and_grad  # noqa: E402

# the functional transforms MindSpore's ops.functional also exports (from ops.function.grad)
from deepsink._compile.grad_transforms import derivative as derivative  # noqa: E402
from deepsink._compile.grad_transforms import get_grad as get_grad  # noqa: E402
from deepsink._compile.grad_transforms import jacfwd as jacfwd  # noqa: E402
from deepsink._compile.grad_transforms import jacrev as jacrev  # noqa: E402
from deepsink._compile.grad_transforms import jet as jet  # noqa: E402
from deepsink._compile.grad_transforms import jvp as jvp  # noqa: E402
from deepsink._compile.grad_transforms import linearize as linearize  # noqa: E402
from deepsink._compile.grad_transforms import vjp as vjp  # noqa: E402
from deepsink._compile.vmap import vmap as vmap  # noqa: E402

# the breadth of mindspore.ops: each module lists its names in __all__
from deepsink.ops.function.array_ext_func import *  # noqa: E402,F403
from deepsink.ops.function.linalg_func import *  # noqa: E402,F403
from deepsink.ops.function.nn_ext_func import *  # noqa: E402,F403
from deepsink.ops.function.nn_pool_norm_func import avg_pool1d as avg_pool1d  # noqa: E402
from deepsink.ops.function.nn_pool_norm_func import avg_pool3d as avg_pool3d  # noqa: E402
from deepsink.ops.function.nn_pool_norm_func import batch_norm as batch_norm  # noqa: E402
from deepsink.ops.function.nn_pool_norm_func import (  # noqa: E402
    binary_cross_entropy as binary_cross_entropy,
)
from deepsink.ops.function.nn_pool_norm_func import conv3d as conv3d  # noqa: E402
from deepsink.ops.function.nn_pool_norm_func import layer_norm as layer_norm  # noqa: E402
from deepsink.ops.function.nn_pool_norm_func import max_pool3d as max_pool3d  # noqa: E402
from deepsink.ops.function.parameter_scatter_func import *  # noqa: E402,F403
from deepsink.ops.function.random_func import *  # noqa: E402,F403
from deepsink.ops.function.scalar_func import *  # noqa: E402,F403

# the sparse tensors' ops (MindSpore's ops.functional has them too)
from deepsink.ops.function.sparse_func import *  # noqa: E402,F403
from deepsink.ops.function.sparse_unary_func import *  # noqa: E402,F403
from deepsink.ops.function.special_math_func import *  # noqa: E402,F403
from deepsink.ops.function.spectral_func import *  # noqa: E402,F403


def _bind_from_ops() -> None:
    """Names MindSpore's ``ops.functional`` shares with ``ops`` (the nn functional ops, the
    functional transforms, a few primitive classes): bound once ``deepsink.ops`` has them."""
    import deepsink.ops as _ops

    for n in _FROM_OPS:
        globals()[n] = getattr(_ops, n)
    globals()["auto_generate"] = _ops.auto_generate
    globals()["P"] = _ops.operations


_FROM_OPS = (
    "AdaptiveMaxPool2D",
    "Primitive",
    "Median",
    "Roll",
    "UniqueConsecutive",
    "adaptive_max_pool3d",
    "affine_grid",
    "bidense",
    "bounding_box_decode",
    "bounding_box_encode",
    "check_valid",
    "col2im",
    "conv3d_transpose",
    "conv_transpose2d",
    "crop_and_resize",
    "ctc_greedy_decoder",
    "ctc_loss",
    "derivative",
    "get_grad",
    "grid_sample",
    "interpolate",
    "jacfwd",
    "jacrev",
    "jet",
    "jvp",
    "linearize",
    "lrn",
    "matrix_diag",
    "matrix_diag_part",
    "matrix_set_diag",
    "mirror_pad",
    "mse_loss_ext",
    "pad",
    "padding",
    "switch_layer",
    "upsample",
    "vjp",
)
# the type queries, the dump and the graph compiler's helpers ops.functional shares with ops
_FROM_OPS += (
    "J",
    "SliceGetItem",
    "DtypeToEnum",
    "array_reduce",
    "array_to_scalar",
    "broadcast_gradient_args",
    "cond",
    "embed",
    "environ_add",
    "environ_create",
    "environ_get",
    "environ_set",
    "geswitch",
    "hastype",
    "is_dynamic_sequence_element_unknown",
    "is_sequence_shape_unknown",
    "is_sequence_value_unknown",
    "is_tensor_bool_cond",
    "isconstant",
    "make_map_parameter",
    "merge",
    "mixed_precision_cast",
    "reduced_shape",
    "ref_to_embed",
    "switch",
    "tensor_operator_registry",
    "tensordump",
    "typeof",
)

# the Bessel functions, the Householder QR factors and the *_ext twins
from deepsink.ops.function.bessel_func import *  # noqa: E402,F403
from deepsink.ops.function.candidate_sampler_func import *  # noqa: E402,F403
from deepsink.ops.function.fused_norm_func import *  # noqa: E402,F403

# the deformable convolution and the gradient shape helpers
from deepsink.ops.function.grad_shape_func import (  # noqa: E402
    broadcast_gradient_args as broadcast_gradient_args,
)
from deepsink.ops.function.grad_shape_func import reduced_shape as reduced_shape  # noqa: E402
from deepsink.ops.function.inplace_func import *  # noqa: E402,F403
from deepsink.ops.function.math_alias_func import *  # noqa: E402,F403
from deepsink.ops.function.patch_func import deformable_conv2d as deformable_conv2d  # noqa: E402
from deepsink.ops.function.qr_func import *  # noqa: E402,F403
from deepsink.ops.function.stft_func import *  # noqa: E402,F403

# ``from deepsink.ops.functional import *``: the functions, not this module's imports (MindSpore
# 2.10's ops.functional has no Tensor)
__all__ = [n for n in _public_names(globals(), also=("partial",)) if n != "Tensor"]

# MindSpore 2.10 keeps other public objects here too: aliases, looked up on use
from deepsink.ops._path_aliases import path_aliases as _path_aliases  # noqa: E402

__getattr__ = _path_aliases(__name__)
