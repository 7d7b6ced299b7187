"""MindSpore's ``mindspore.ops``: functional ops, primitive classes and gradient transforms.

An import list over ``deepsink.ops.function`` (plain functions over jnp/lax), ``operations``
(MindSpore's primitive classes, also importable as ``P``), ``composite`` (``C``: gradients,
HyperMap) and ``functional`` (``F``). Result dtypes follow ``deepsink.common.dtype_rules``.
Importing this package binds the op methods onto ``Tensor`` (``tensor_methods``).
"""

from deepsink._compile.vmap import vmap as vmap  # noqa: E402
from deepsink._core.public import public_names as _public_names
from deepsink.ops import composite as composite
from deepsink.ops import function as function
from deepsink.ops import functional as functional
from deepsink.ops import operations as operations
from deepsink.ops import tensor_methods as _tensor_methods  # noqa: E402
from deepsink.ops.comm_ops import AllGather as AllGather
from deepsink.ops.comm_ops import AllReduce as AllReduce
from deepsink.ops.comm_ops import Broadcast as Broadcast
from deepsink.ops.comm_ops import ReduceOp as ReduceOp
from deepsink.ops.composite import GradOperation as GradOperation
from deepsink.ops.composite import HyperMap as HyperMap
from deepsink.ops.composite import Map as Map
from deepsink.ops.composite import MultitypeFuncGraph as MultitypeFuncGraph
from deepsink.ops.composite import grad as grad
from deepsink.ops.composite import partial as partial
from deepsink.ops.composite import value_and_grad as value_and_grad
from deepsink.ops.function.activation_func import celu as celu
from deepsink.ops.function.activation_func import glu as glu
from deepsink.ops.function.activation_func import hardshrink as hardshrink
from deepsink.ops.function.activation_func import hardsigmoid as hardsigmoid
from deepsink.ops.function.activation_func import hardtanh as hardtanh
from deepsink.ops.function.activation_func import logsigmoid as logsigmoid
from deepsink.ops.function.activation_func import mish as mish
from deepsink.ops.function.activation_func import prelu as prelu
from deepsink.ops.function.activation_func import selu as selu
from deepsink.ops.function.activation_func import softmin as softmin
from deepsink.ops.function.activation_func import softshrink as softshrink
from deepsink.ops.function.activation_func import tanhshrink as tanhshrink
from deepsink.ops.function.activation_func import threshold as threshold

# the breadth of mindspore.ops: each module lists its names in __all__
from deepsink.ops.function.array_ext_func import *  # noqa: E402,F403
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

# the ops behind nn layers: band diagonals, LRN, fractional pooling, bilinear form, and the
# primitives over them and over existing functions
from deepsink.ops.function.conv_transpose_func import conv3d_transpose as conv3d_transpose
from deepsink.ops.function.conv_transpose_func import conv_transpose2d as conv_transpose2d
from deepsink.ops.function.debug_func import print_ as print_
from deepsink.ops.function.detection_func import crop_and_resize as crop_and_resize
from deepsink.ops.function.detection_func import ctc_greedy_decoder as ctc_greedy_decoder
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
from deepsink.ops.function.grid_func import affine_grid as affine_grid
from deepsink.ops.function.grid_func import grid_sample as grid_sample
from deepsink.ops.function.image_func import bounding_box_decode as bounding_box_decode
from deepsink.ops.function.image_func import bounding_box_encode as bounding_box_encode
from deepsink.ops.function.image_func import check_valid as check_valid
from deepsink.ops.function.image_func import col2im as col2im
from deepsink.ops.function.image_func import mirror_pad as mirror_pad
from deepsink.ops.function.image_func import padding as padding
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
from deepsink.ops.function.linalg_func import *  # noqa: E402,F403
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
from deepsink.ops.function.loss_func import cosine_embedding_loss as cosine_embedding_loss
from deepsink.ops.function.loss_func import cosine_similarity as cosine_similarity
from deepsink.ops.function.loss_func import ctc_loss as ctc_loss
from deepsink.ops.function.loss_func import gaussian_nll_loss as gaussian_nll_loss
from deepsink.ops.function.loss_func import hinge_embedding_loss as hinge_embedding_loss
from deepsink.ops.function.loss_func import huber_loss as huber_loss
from deepsink.ops.function.loss_func import kl_div as kl_div
from deepsink.ops.function.loss_func import margin_ranking_loss as margin_ranking_loss
from deepsink.ops.function.loss_func import multi_margin_loss as multi_margin_loss
from deepsink.ops.function.loss_func import multilabel_margin_loss as multilabel_margin_loss
from deepsink.ops.function.loss_func import (
    multilabel_soft_margin_loss as multilabel_soft_margin_loss,
)
from deepsink.ops.function.loss_func import smooth_l1_loss as smooth_l1_loss
from deepsink.ops.function.loss_func import soft_margin_loss as soft_margin_loss
from deepsink.ops.function.loss_func import triplet_margin_loss as triplet_margin_loss
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
from deepsink.ops.function.matrix_diag_func import matrix_diag as matrix_diag
from deepsink.ops.function.matrix_diag_func import matrix_diag_part as matrix_diag_part
from deepsink.ops.function.matrix_diag_func import matrix_set_diag as matrix_set_diag
from deepsink.ops.function.nn_ext_func import *  # noqa: E402,F403
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
from deepsink.ops.function.nn_func import mse_loss as mse_loss_ext  # noqa: F401
from deepsink.ops.function.nn_func import nll_loss as nll_loss
from deepsink.ops.function.nn_func import relu as relu
from deepsink.ops.function.nn_func import relu6 as relu6
from deepsink.ops.function.nn_func import silu as silu
from deepsink.ops.function.nn_func import softmax as softmax
from deepsink.ops.function.nn_func import softplus as softplus
from deepsink.ops.function.nn_func import softsign as softsign
from deepsink.ops.function.nn_pool_norm_func import avg_pool1d as avg_pool1d  # noqa: E402
from deepsink.ops.function.nn_pool_norm_func import avg_pool2d as avg_pool2d
from deepsink.ops.function.nn_pool_norm_func import avg_pool3d as avg_pool3d  # noqa: E402
from deepsink.ops.function.nn_pool_norm_func import batch_norm as batch_norm  # noqa: E402
from deepsink.ops.function.nn_pool_norm_func import (  # noqa: E402
    binary_cross_entropy as binary_cross_entropy,
)
from deepsink.ops.function.nn_pool_norm_func import conv3d as conv3d  # noqa: E402
from deepsink.ops.function.nn_pool_norm_func import layer_norm as layer_norm  # noqa: E402
from deepsink.ops.function.nn_pool_norm_func import max_pool3d as max_pool3d  # noqa: E402
from deepsink.ops.function.nn_window_func import bidense as bidense
from deepsink.ops.function.nn_window_func import fractional_max_pool2d as fractional_max_pool2d
from deepsink.ops.function.nn_window_func import fractional_max_pool3d as fractional_max_pool3d
from deepsink.ops.function.nn_window_func import lrn as lrn
from deepsink.ops.function.parameter_func import assign as assign
from deepsink.ops.function.parameter_func import assign_add as assign_add
from deepsink.ops.function.parameter_func import assign_sub as assign_sub
from deepsink.ops.function.parameter_func import depend as depend
from deepsink.ops.function.parameter_func import identity as identity
from deepsink.ops.function.parameter_func import stop_gradient as stop_gradient
from deepsink.ops.function.parameter_scatter_func import *  # noqa: E402,F403
from deepsink.ops.function.random_func import *  # noqa: E402,F403
from deepsink.ops.function.random_func import rand as rand
from deepsink.ops.function.random_func import rand_like as rand_like
from deepsink.ops.function.random_func import randint as randint
from deepsink.ops.function.random_func import randint_like as randint_like
from deepsink.ops.function.random_func import randn as randn
from deepsink.ops.function.random_func import randn_like as randn_like
from deepsink.ops.function.random_func import rrelu as rrelu
from deepsink.ops.function.sampling_func import adaptive_avg_pool1d as adaptive_avg_pool1d
from deepsink.ops.function.sampling_func import adaptive_avg_pool2d as adaptive_avg_pool2d
from deepsink.ops.function.sampling_func import adaptive_avg_pool3d as adaptive_avg_pool3d
from deepsink.ops.function.sampling_func import adaptive_max_pool1d as adaptive_max_pool1d
from deepsink.ops.function.sampling_func import adaptive_max_pool2d as adaptive_max_pool2d
from deepsink.ops.function.sampling_func import adaptive_max_pool3d as adaptive_max_pool3d
from deepsink.ops.function.sampling_func import fold as fold
from deepsink.ops.function.sampling_func import interpolate as interpolate
from deepsink.ops.function.sampling_func import pad as pad
from deepsink.ops.function.sampling_func import pixel_shuffle as pixel_shuffle
from deepsink.ops.function.sampling_func import pixel_unshuffle as pixel_unshuffle
from deepsink.ops.function.sampling_func import unfold as unfold
from deepsink.ops.function.sampling_func import upsample as upsample
from deepsink.ops.function.scalar_func import *  # noqa: E402,F403
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
from deepsink.ops.function.special_math_func import *  # noqa: E402,F403
from deepsink.ops.function.spectral_func import *  # noqa: E402,F403
from deepsink.ops.operations import Abs as Abs
from deepsink.ops.operations import Add as Add
from deepsink.ops.operations import AddN as AddN
from deepsink.ops.operations import Argmax as Argmax
from deepsink.ops.operations import ArgMaxWithValue as ArgMaxWithValue
from deepsink.ops.operations import Argmin as Argmin
from deepsink.ops.operations import ArgMinWithValue as ArgMinWithValue
from deepsink.ops.operations import Assign as Assign
from deepsink.ops.operations import AssignAdd as AssignAdd
from deepsink.ops.operations import AssignSub as AssignSub
from deepsink.ops.operations import Atan2 as Atan2
from deepsink.ops.operations import AvgPool as AvgPool
from deepsink.ops.operations import BatchMatMul as BatchMatMul
from deepsink.ops.operations import BiasAdd as BiasAdd
from deepsink.ops.operations import BroadcastTo as BroadcastTo
from deepsink.ops.operations import Cast as Cast
from deepsink.ops.operations import Ceil as Ceil
from deepsink.ops.operations import Complex as Complex
from deepsink.ops.operations import Concat as Concat
from deepsink.ops.operations import Conv2D as Conv2D
from deepsink.ops.operations import Cos as Cos
from deepsink.ops.operations import CumSum as CumSum
from deepsink.ops.operations import Depend as Depend
from deepsink.ops.operations import Div as Div
from deepsink.ops.operations import Dropout as Dropout
from deepsink.ops.operations import DType as DType
from deepsink.ops.operations import Equal as Equal
from deepsink.ops.operations import Erf as Erf
from deepsink.ops.operations import Exp as Exp
from deepsink.ops.operations import ExpandDims as ExpandDims
from deepsink.ops.operations import FastGeLU as FastGeLU
from deepsink.ops.operations import Fill as Fill
from deepsink.ops.operations import Flatten as Flatten
from deepsink.ops.operations import Floor as Floor
from deepsink.ops.operations import FloorDiv as FloorDiv
from deepsink.ops.operations import FloorMod as FloorMod
from deepsink.ops.operations import Gather as Gather
from deepsink.ops.operations import GatherD as GatherD
from deepsink.ops.operations import GatherV2 as GatherV2
from deepsink.ops.operations import GeLU as GeLU
from deepsink.ops.operations import GetNext as GetNext
from deepsink.ops.operations import Greater as Greater
from deepsink.ops.operations import GreaterEqual as GreaterEqual
from deepsink.ops.operations import HSwish as HSwish
from deepsink.ops.operations import Identity as Identity
from deepsink.ops.operations import Inv as Inv
from deepsink.ops.operations import Invert as Invert
from deepsink.ops.operations import IsFinite as IsFinite
from deepsink.ops.operations import IsInf as IsInf
from deepsink.ops.operations import IsNan as IsNan
from deepsink.ops.operations import Less as Less
from deepsink.ops.operations import LessEqual as LessEqual
from deepsink.ops.operations import Log as Log
from deepsink.ops.operations import LogicalAnd as LogicalAnd
from deepsink.ops.operations import LogicalNot as LogicalNot
from deepsink.ops.operations import LogicalOr as LogicalOr
from deepsink.ops.operations import LogSoftmax as LogSoftmax
from deepsink.ops.operations import MaskedFill as MaskedFill
from deepsink.ops.operations import MatMul as MatMul
from deepsink.ops.operations import Maximum as Maximum
from deepsink.ops.operations import MaxPool as MaxPool
from deepsink.ops.operations import Minimum as Minimum
from deepsink.ops.operations import Mul as Mul
from deepsink.ops.operations import Neg as Neg
from deepsink.ops.operations import NotEqual as NotEqual
from deepsink.ops.operations import OneHot as OneHot
from deepsink.ops.operations import Ones as Ones
from deepsink.ops.operations import OnesLike as OnesLike
from deepsink.ops.operations import Pack as Pack
from deepsink.ops.operations import Pad as Pad
from deepsink.ops.operations import Pow as Pow
from deepsink.ops.operations import Print as Print
from deepsink.ops.operations import Rank as Rank
from deepsink.ops.operations import RealDiv as RealDiv
from deepsink.ops.operations import Reciprocal as Reciprocal
from deepsink.ops.operations import ReduceAll as ReduceAll
from deepsink.ops.operations import ReduceAny as ReduceAny
from deepsink.ops.operations import ReduceMax as ReduceMax
from deepsink.ops.operations import ReduceMean as ReduceMean
from deepsink.ops.operations import ReduceMin as ReduceMin
from deepsink.ops.operations import ReduceProd as ReduceProd
from deepsink.ops.operations import ReduceSum as ReduceSum
from deepsink.ops.operations import ReLU as ReLU
from deepsink.ops.operations import ReLU6 as ReLU6
from deepsink.ops.operations import Reshape as Reshape
from deepsink.ops.operations import Rint as Rint
from deepsink.ops.operations import Round as Round
from deepsink.ops.operations import Rsqrt as Rsqrt
from deepsink.ops.operations import Select as Select
from deepsink.ops.operations import Shape as Shape
from deepsink.ops.operations import Sigmoid as Sigmoid
from deepsink.ops.operations import Sign as Sign
from deepsink.ops.operations import Sin as Sin
from deepsink.ops.operations import Size as Size
from deepsink.ops.operations import Slice as Slice
from deepsink.ops.operations import Softmax as Softmax
from deepsink.ops.operations import SoftmaxCrossEntropyWithLogits as SoftmaxCrossEntropyWithLogits
from deepsink.ops.operations import Softsign as Softsign
from deepsink.ops.operations import Sort as Sort
from deepsink.ops.operations import (
    SparseSoftmaxCrossEntropyWithLogits as SparseSoftmaxCrossEntropyWithLogits,
)
from deepsink.ops.operations import Split as Split
from deepsink.ops.operations import Sqrt as Sqrt
from deepsink.ops.operations import Square as Square
from deepsink.ops.operations import Squeeze as Squeeze
from deepsink.ops.operations import Stack as Stack
from deepsink.ops.operations import StopGradient as StopGradient
from deepsink.ops.operations import StridedSlice as StridedSlice
from deepsink.ops.operations import Sub as Sub
from deepsink.ops.operations import Tanh as Tanh
from deepsink.ops.operations import Tile as Tile
from deepsink.ops.operations import TopK as TopK
from deepsink.ops.operations import Transpose as Transpose
from deepsink.ops.operations import Unique as Unique
from deepsink.ops.operations import Unstack as Unstack
from deepsink.ops.operations import Zeros as Zeros
from deepsink.ops.operations import ZerosLike as ZerosLike
from deepsink.ops.operations.array_ops import Diag as Diag
from deepsink.ops.operations.array_ops import GatherNd as GatherNd
from deepsink.ops.operations.array_ops import MaskedSelect as MaskedSelect
from deepsink.ops.operations.array_ops import Meshgrid as Meshgrid
from deepsink.ops.operations.array_ops import NonZero as NonZero
from deepsink.ops.operations.array_ops import ReverseV2 as ReverseV2
from deepsink.ops.operations.array_ops import Roll as Roll
from deepsink.ops.operations.array_ops import ScatterNd as ScatterNd
from deepsink.ops.operations.array_ops import TensorScatterAdd as TensorScatterAdd
from deepsink.ops.operations.array_ops import TensorScatterDiv as TensorScatterDiv
from deepsink.ops.operations.array_ops import TensorScatterMax as TensorScatterMax
from deepsink.ops.operations.array_ops import TensorScatterMin as TensorScatterMin
from deepsink.ops.operations.array_ops import TensorScatterMul as TensorScatterMul
from deepsink.ops.operations.array_ops import TensorScatterSub as TensorScatterSub
from deepsink.ops.operations.array_ops import TensorScatterUpdate as TensorScatterUpdate
from deepsink.ops.operations.array_ops import Trace as Trace
from deepsink.ops.operations.array_ops import Tril as Tril
from deepsink.ops.operations.array_ops import Triu as Triu
from deepsink.ops.operations.array_ops import UnsortedSegmentMax as UnsortedSegmentMax
from deepsink.ops.operations.array_ops import UnsortedSegmentMin as UnsortedSegmentMin
from deepsink.ops.operations.array_ops import UnsortedSegmentProd as UnsortedSegmentProd
from deepsink.ops.operations.array_ops import UnsortedSegmentSum as UnsortedSegmentSum
from deepsink.ops.operations.bridge_ops import *  # noqa: E402,F403
from deepsink.ops.operations.math_ops import ACos as ACos
from deepsink.ops.operations.math_ops import Acosh as Acosh
from deepsink.ops.operations.math_ops import Angle as Angle
from deepsink.ops.operations.math_ops import Asin as Asin
from deepsink.ops.operations.math_ops import Asinh as Asinh
from deepsink.ops.operations.math_ops import Atan as Atan
from deepsink.ops.operations.math_ops import Atanh as Atanh
from deepsink.ops.operations.math_ops import BitwiseAnd as BitwiseAnd
from deepsink.ops.operations.math_ops import BitwiseOr as BitwiseOr
from deepsink.ops.operations.math_ops import BitwiseXor as BitwiseXor
from deepsink.ops.operations.math_ops import Conj as Conj
from deepsink.ops.operations.math_ops import Cosh as Cosh
from deepsink.ops.operations.math_ops import Cross as Cross
from deepsink.ops.operations.math_ops import Cummax as Cummax
from deepsink.ops.operations.math_ops import Digamma as Digamma
from deepsink.ops.operations.math_ops import DivNoNan as DivNoNan
from deepsink.ops.operations.math_ops import Einsum as Einsum
from deepsink.ops.operations.math_ops import Erfc as Erfc
from deepsink.ops.operations.math_ops import Erfinv as Erfinv
from deepsink.ops.operations.math_ops import Expm1 as Expm1
from deepsink.ops.operations.math_ops import Fmax as Fmax
from deepsink.ops.operations.math_ops import Fmin as Fmin
from deepsink.ops.operations.math_ops import Gcd as Gcd
from deepsink.ops.operations.math_ops import Heaviside as Heaviside
from deepsink.ops.operations.math_ops import Hypot as Hypot
from deepsink.ops.operations.math_ops import Imag as Imag
from deepsink.ops.operations.math_ops import IsClose as IsClose
from deepsink.ops.operations.math_ops import Lcm as Lcm
from deepsink.ops.operations.math_ops import LeftShift as LeftShift
from deepsink.ops.operations.math_ops import Lerp as Lerp
from deepsink.ops.operations.math_ops import Lgamma as Lgamma
from deepsink.ops.operations.math_ops import Log1p as Log1p
from deepsink.ops.operations.math_ops import LogicalXor as LogicalXor
from deepsink.ops.operations.math_ops import MatrixDeterminant as MatrixDeterminant
from deepsink.ops.operations.math_ops import MatrixInverse as MatrixInverse
from deepsink.ops.operations.math_ops import Mod as Mod
from deepsink.ops.operations.math_ops import MulNoNan as MulNoNan
from deepsink.ops.operations.math_ops import NextAfter as NextAfter
from deepsink.ops.operations.math_ops import Real as Real
from deepsink.ops.operations.math_ops import RightShift as RightShift
from deepsink.ops.operations.math_ops import Sinc as Sinc
from deepsink.ops.operations.math_ops import Sinh as Sinh
from deepsink.ops.operations.math_ops import SquaredDifference as SquaredDifference
from deepsink.ops.operations.math_ops import Tan as Tan
from deepsink.ops.operations.math_ops import Trunc as Trunc
from deepsink.ops.operations.math_ops import TruncateDiv as TruncateDiv
from deepsink.ops.operations.math_ops import TruncateMod as TruncateMod
from deepsink.ops.operations.math_ops import Xdivy as Xdivy
from deepsink.ops.operations.math_ops import Xlogy as Xlogy
from deepsink.ops.operations.nn_layer_ops import *  # noqa: F403
from deepsink.ops.operations.nn_ops import ApplyMomentum as ApplyMomentum
from deepsink.ops.operations.nn_ops import AvgPool3D as AvgPool3D
from deepsink.ops.operations.nn_ops import BinaryCrossEntropy as BinaryCrossEntropy
from deepsink.ops.operations.nn_ops import Conv3D as Conv3D
from deepsink.ops.operations.nn_ops import Dense as Dense
from deepsink.ops.operations.nn_ops import LayerNorm as LayerNorm
from deepsink.ops.operations.nn_ops import MaxPool3D as MaxPool3D
from deepsink.ops.operations.optimizer_ops import (
    SGD as SGD,
)

# --- optimizer primitives (ApplyFtrl, SparseApplyAdagrad, Adam, ...) ---------------------------
from deepsink.ops.operations.optimizer_ops import (
    Adam as Adam,
)
from deepsink.ops.operations.optimizer_ops import (
    AdamNoUpdateParam as AdamNoUpdateParam,
)
from deepsink.ops.operations.optimizer_ops import (
    AdamWeightDecay as AdamWeightDecay,
)
from deepsink.ops.operations.optimizer_ops import (
    ApplyAdadelta as ApplyAdadelta,
)
from deepsink.ops.operations.optimizer_ops import (
    ApplyAdagrad as ApplyAdagrad,
)
from deepsink.ops.operations.optimizer_ops import (
    ApplyAdagradDA as ApplyAdagradDA,
)
from deepsink.ops.operations.optimizer_ops import (
    ApplyAdagradV2 as ApplyAdagradV2,
)
from deepsink.ops.operations.optimizer_ops import (
    ApplyAdaMax as ApplyAdaMax,
)
from deepsink.ops.operations.optimizer_ops import (
    ApplyAdamWithAmsgrad as ApplyAdamWithAmsgrad,
)
from deepsink.ops.operations.optimizer_ops import (
    ApplyAdamWithAmsgradV2 as ApplyAdamWithAmsgradV2,
)
from deepsink.ops.operations.optimizer_ops import (
    ApplyAddSign as ApplyAddSign,
)
from deepsink.ops.operations.optimizer_ops import (
    ApplyCenteredRMSProp as ApplyCenteredRMSProp,
)
from deepsink.ops.operations.optimizer_ops import (
    ApplyFtrl as ApplyFtrl,
)
from deepsink.ops.operations.optimizer_ops import (
    ApplyGradientDescent as ApplyGradientDescent,
)
from deepsink.ops.operations.optimizer_ops import (
    ApplyKerasMomentum as ApplyKerasMomentum,
)
from deepsink.ops.operations.optimizer_ops import (
    ApplyPowerSign as ApplyPowerSign,
)
from deepsink.ops.operations.optimizer_ops import (
    ApplyProximalAdagrad as ApplyProximalAdagrad,
)
from deepsink.ops.operations.optimizer_ops import (
    ApplyProximalGradientDescent as ApplyProximalGradientDescent,
)
from deepsink.ops.operations.optimizer_ops import (
    ApplyRMSProp as ApplyRMSProp,
)
from deepsink.ops.operations.optimizer_ops import (
    FusedAdaFactor as FusedAdaFactor,
)
from deepsink.ops.operations.optimizer_ops import (
    FusedAdaFactorWithGlobalNorm as FusedAdaFactorWithGlobalNorm,
)
from deepsink.ops.operations.optimizer_ops import (
    FusedCastAdamWeightDecay as FusedCastAdamWeightDecay,
)
from deepsink.ops.operations.optimizer_ops import (
    FusedSparseAdam as FusedSparseAdam,
)
from deepsink.ops.operations.optimizer_ops import (
    FusedSparseFtrl as FusedSparseFtrl,
)
from deepsink.ops.operations.optimizer_ops import (
    FusedSparseLazyAdam as FusedSparseLazyAdam,
)
from deepsink.ops.operations.optimizer_ops import (
    FusedSparseProximalAdagrad as FusedSparseProximalAdagrad,
)
from deepsink.ops.operations.optimizer_ops import (
    FusedWeightScaleApplyMomentum as FusedWeightScaleApplyMomentum,
)
from deepsink.ops.operations.optimizer_ops import (
    LARSUpdate as LARSUpdate,
)
from deepsink.ops.operations.optimizer_ops import (
    SparseApplyAdadelta as SparseApplyAdadelta,
)
from deepsink.ops.operations.optimizer_ops import (
    SparseApplyAdagrad as SparseApplyAdagrad,
)
from deepsink.ops.operations.optimizer_ops import (
    SparseApplyAdagradV2 as SparseApplyAdagradV2,
)
from deepsink.ops.operations.optimizer_ops import (
    SparseApplyFtrl as SparseApplyFtrl,
)
from deepsink.ops.operations.optimizer_ops import (
    SparseApplyFtrlV2 as SparseApplyFtrlV2,
)
from deepsink.ops.operations.optimizer_ops import (
    SparseApplyProximalAdagrad as SparseApplyProximalAdagrad,
)
from deepsink.ops.operations.optimizer_ops import (
    SparseApplyRMSProp as SparseApplyRMSProp,
)
from deepsink.ops.primitive import Primitive as Primitive
from deepsink.ops.primitive import PrimitiveWithCheck as PrimitiveWithCheck
from deepsink.ops.primitive import PrimitiveWithInfer as PrimitiveWithInfer
from deepsink.ops.primitive import constexpr as constexpr
from deepsink.ops.primitive import prim_attr_register as prim_attr_register

_tensor_methods.bind()

# functional transforms beside grad, and the loop primitives
from deepsink._compile.grad_transforms import derivative as derivative  # noqa: E402
from deepsink._compile.grad_transforms import get_grad as get_grad  # noqa: E402
from deepsink._compile.grad_transforms import jacfwd as jacfwd  # noqa: E402
from deepsink._compile.grad_transforms import jacrev as jacrev  # noqa: E402
from deepsink._compile.grad_transforms import jet as jet  # noqa: E402
from deepsink._compile.grad_transforms import jvp as jvp  # noqa: E402
from deepsink._compile.grad_transforms import linearize as linearize  # noqa: E402
from deepsink._compile.grad_transforms import vjp as vjp  # noqa: E402

# sparse tensors' ops (coo_*/csr_* element-wise ops come from one table)
from deepsink.ops.function import sparse_func as _sparse_func  # noqa: E402
from deepsink.ops.function import sparse_unary_func as _sparse_unary_func  # noqa: E402
from deepsink.ops.operations.debug_ops import HookBackward as HookBackward  # noqa: E402
from deepsink.ops.operations.debug_ops import InsertGradientOf as InsertGradientOf  # noqa: E402
from deepsink.ops.operations.loop_ops import ForiLoop as ForiLoop  # noqa: E402
from deepsink.ops.operations.loop_ops import Scan as Scan  # noqa: E402
from deepsink.ops.operations.loop_ops import WhileLoop as WhileLoop  # noqa: E402
from deepsink.ops.operations.loop_ops import switch_layer as switch_layer  # noqa: E402
from deepsink.ops.operations.sparse_ops import Coalesce as Coalesce  # noqa: E402
from deepsink.ops.operations.sparse_ops import SparseGatherV2 as SparseGatherV2  # noqa: E402
from deepsink.ops.operations.sparse_ops import SparseSlice as SparseSlice  # noqa: E402
from deepsink.ops.operations.sparse_ops import SparseTensorDenseAdd as SparseTensorDenseAdd  # noqa: E402, E501
from deepsink.ops.operations.sparse_ops import (  # noqa: E402
    SparseTensorDenseMatmul as SparseTensorDenseMatmul,
)
from deepsink.ops.operations.sparse_ops import SparseToDense as SparseToDense  # noqa: E402

globals().update({n: getattr(_sparse_func, n) for n in _sparse_func.__all__})
globals().update({n: getattr(_sparse_unary_func, n) for n in _sparse_unary_func.__all__})
_tensor_methods.bind(  # Tensor.to_coo / Tensor.to_csr (2-D)
    {"to_coo": _sparse_func.dense_to_sparse_coo, "to_csr": _sparse_func.dense_to_sparse_csr}
)

# functional collectives (mindspore.ops.communication) and the collective primitives
from deepsink.ops import comm_ops as _comm_ops  # noqa: E402
from deepsink.ops.function import comm_func as _comm_func  # noqa: E402

globals().update({n: getattr(_comm_func, n) for n in _comm_func.__all__})
globals().update({n: getattr(_comm_ops, n) for n in _comm_ops.__all__})

# the Bessel functions, the Householder QR factors, the *_ext twins and their primitives
from deepsink.ops.function import inplace_func as _inplace_func  # noqa: E402
from deepsink.ops.function.bessel_func import *  # noqa: E402,F403
from deepsink.ops.function.candidate_sampler_func import *  # noqa: E402,F403
from deepsink.ops.function.fused_norm_func import *  # noqa: E402,F403
from deepsink.ops.function.inplace_func import *  # noqa: E402,F403
from deepsink.ops.function.math_alias_func import *  # noqa: E402,F403
from deepsink.ops.function.qr_func import *  # noqa: E402,F403
from deepsink.ops.function.stft_func import *  # noqa: E402,F403
from deepsink.ops.operations.ascend_ops import *  # noqa: E402,F403
from deepsink.ops.operations.ascend_ops import AiCPURegOp as AiCPURegOp  # noqa: E402
from deepsink.ops.operations.ascend_ops import AkgAscendRegOp as AkgAscendRegOp  # noqa: E402
from deepsink.ops.operations.ascend_ops import TBERegOp as TBERegOp  # noqa: E402
from deepsink.ops.operations.standalone_ops import *  # noqa: E402,F403

# isort: split
# user-defined operators, their registration information, the summary and dump primitives
from deepsink.ops.op_info_register import AkgGpuRegOp as AkgGpuRegOp  # noqa: E402
from deepsink.ops.op_info_register import CpuRegOp as CpuRegOp  # noqa: E402
from deepsink.ops.op_info_register import CustomRegOp as CustomRegOp  # noqa: E402
from deepsink.ops.op_info_register import DataType as DataType  # noqa: E402
from deepsink.ops.op_info_register import custom_info_register as custom_info_register  # noqa: E402
from deepsink.ops.op_info_register import op_info_register as op_info_register  # noqa: E402
from deepsink.ops.operations.custom_ops import *  # noqa: E402,F403
from deepsink.ops.operations.custom_ops import CustomOpBuilder as CustomOpBuilder  # noqa: E402
from deepsink.ops.operations.graph_ops import *  # noqa: E402,F403
from deepsink.ops.operations.ir_ops import *  # noqa: E402,F403
from deepsink.ops.operations.summary_ops import *  # noqa: E402,F403
from deepsink.ops.vm_impl_registry import get_vm_impl_fn as get_vm_impl_fn  # noqa: E402
from deepsink.ops.vm_impl_registry import vm_impl_registry as vm_impl_registry  # noqa: E402

# isort: split
# primitives with no functional twin: sequences, patches, fractional pools, image samplers, ...
from deepsink.ops.function.grad_shape_func import broadcast_gradient_args as broadcast_gradient_args  # noqa: E402
from deepsink.ops.function.grad_shape_func import reduced_shape as reduced_shape  # noqa: E402
from deepsink.ops.function.patch_func import deformable_conv2d as deformable_conv2d  # noqa: E402
from deepsink.ops.operations import LSTM as LSTM  # noqa: E402
from deepsink.ops.operations import BasicLSTMCell as BasicLSTMCell  # noqa: E402
from deepsink.ops.operations import CombinedNonMaxSuppression as CombinedNonMaxSuppression  # noqa: E402
from deepsink.ops.operations import ComputeAccidentalHits as ComputeAccidentalHits  # noqa: E402
from deepsink.ops.operations import CountNonZero as CountNonZero  # noqa: E402
from deepsink.ops.operations import DeformableOffsets as DeformableOffsets  # noqa: E402
from deepsink.ops.operations import Dilation2D as Dilation2D  # noqa: E402
from deepsink.ops.operations import DynamicGRUV2 as DynamicGRUV2  # noqa: E402
from deepsink.ops.operations import DynamicRNN as DynamicRNN  # noqa: E402
from deepsink.ops.operations import EditDistance as EditDistance  # noqa: E402
from deepsink.ops.operations import ExtractGlimpse as ExtractGlimpse  # noqa: E402
from deepsink.ops.operations import ExtractVolumePatches as ExtractVolumePatches  # noqa: E402
from deepsink.ops.operations import FFTWithSize as FFTWithSize  # noqa: E402
from deepsink.ops.operations import FractionalAvgPool as FractionalAvgPool  # noqa: E402
from deepsink.ops.operations import FractionalMaxPool as FractionalMaxPool  # noqa: E402
from deepsink.ops.operations import MapUniform as MapUniform  # noqa: E402
from deepsink.ops.operations import MatrixLogarithm as MatrixLogarithm  # noqa: E402
from deepsink.ops.operations import MaxPool3DWithArgmax as MaxPool3DWithArgmax  # noqa: E402
from deepsink.ops.operations import NoRepeatNGram as NoRepeatNGram  # noqa: E402
from deepsink.ops.operations import RandomChoiceWithMask as RandomChoiceWithMask  # noqa: E402
from deepsink.ops.operations import RNNTLoss as RNNTLoss  # noqa: E402
from deepsink.ops.operations import SampleDistortedBoundingBoxV2 as SampleDistortedBoundingBoxV2  # noqa: E402
from deepsink.ops.operations import ScaleAndTranslate as ScaleAndTranslate  # noqa: E402
from deepsink.ops.operations import SubAndFilter as SubAndFilter  # noqa: E402

P = operations  # MindSpore's short name of ops.operations
array_ops = operations.array_ops

_tensor_methods.bind(  # the in-place Tensor methods are the in-place functional ops
    {
        n: getattr(_inplace_func, n)
        for n in (
            "tanh_",
            "erfinv_",
            "put_",
            "bernoulli_",
            "exponential_",
            "normal_",
            "uniform_",
            "random_",
        )
    }
    | {"sigmoid_": _inplace_func.inplace_sigmoid}
)

# MindSpore's generated-op namespace re-exports the names above, so it is imported after them
from deepsink.ops import auto_generate as auto_generate  # noqa: E402
from deepsink.ops.auto_generate import gen_ops_def as gen_ops_def  # noqa: E402
from deepsink.ops.auto_generate import gen_ops_prim as gen_ops_prim  # noqa: E402

# ops.functional's names shared with ops (bound now that ops has them)
functional._bind_from_ops()

# keep last: the public names of everything imported above
__all__ = _public_names(globals(), also=("partial",))

# a name deepsink lacks: an AttributeError that says so and where the coverage list is
from deepsink._core.public import missing_names as _missing_names  # noqa: E402

__getattr__ = _missing_names(__name__)
