"""deepsink.nn: Cells, layers, losses, optimizers and wrappers (MindSpore's mindspore.nn)."""

from deepsink._core.public import public_names as _public_names
from deepsink.nn.cell import Cell as Cell
from deepsink.nn.dynamic_lr import cosine_decay_lr as cosine_decay_lr
from deepsink.nn.dynamic_lr import exponential_decay_lr as exponential_decay_lr
from deepsink.nn.dynamic_lr import inverse_decay_lr as inverse_decay_lr
from deepsink.nn.dynamic_lr import natural_exp_decay_lr as natural_exp_decay_lr
from deepsink.nn.dynamic_lr import piecewise_constant_lr as piecewise_constant_lr
from deepsink.nn.dynamic_lr import polynomial_decay_lr as polynomial_decay_lr
from deepsink.nn.dynamic_lr import warmup_lr as warmup_lr
from deepsink.nn.grad import Jvp as Jvp
from deepsink.nn.grad import Vjp as Vjp
from deepsink.nn.layer.activation import CELU as CELU
from deepsink.nn.layer.activation import ELU as ELU
from deepsink.nn.layer.activation import GELU as GELU
from deepsink.nn.layer.activation import GLU as GLU
from deepsink.nn.layer.activation import LRN as LRN  # noqa: E402
from deepsink.nn.layer.activation import FastGelu as FastGelu
from deepsink.nn.layer.activation import Hardtanh as Hardtanh
from deepsink.nn.layer.activation import HShrink as HShrink
from deepsink.nn.layer.activation import HSigmoid as HSigmoid
from deepsink.nn.layer.activation import HSwish as HSwish
from deepsink.nn.layer.activation import LeakyReLU as LeakyReLU
from deepsink.nn.layer.activation import LogSigmoid as LogSigmoid
from deepsink.nn.layer.activation import LogSoftmax as LogSoftmax
from deepsink.nn.layer.activation import Mish as Mish
from deepsink.nn.layer.activation import PReLU as PReLU
from deepsink.nn.layer.activation import ReLU as ReLU
from deepsink.nn.layer.activation import ReLU6 as ReLU6
from deepsink.nn.layer.activation import RReLU as RReLU
from deepsink.nn.layer.activation import SeLU as SeLU
from deepsink.nn.layer.activation import Sigmoid as Sigmoid
from deepsink.nn.layer.activation import SiLU as SiLU
from deepsink.nn.layer.activation import Softmax as Softmax
from deepsink.nn.layer.activation import Softmax2d as Softmax2d
from deepsink.nn.layer.activation import Softmin as Softmin
from deepsink.nn.layer.activation import SoftShrink as SoftShrink
from deepsink.nn.layer.activation import Softsign as Softsign
from deepsink.nn.layer.activation import Tanh as Tanh
from deepsink.nn.layer.activation import Tanhshrink as Tanhshrink
from deepsink.nn.layer.activation import Threshold as Threshold
from deepsink.nn.layer.activation import get_activation as get_activation
from deepsink.nn.layer.adaptive_unpool import AdaptiveAvgPool1d as AdaptiveAvgPool1d
from deepsink.nn.layer.adaptive_unpool import AdaptiveMaxPool1d as AdaptiveMaxPool1d
from deepsink.nn.layer.adaptive_unpool import MaxUnpool1d as MaxUnpool1d
from deepsink.nn.layer.adaptive_unpool import MaxUnpool2d as MaxUnpool2d
from deepsink.nn.layer.adaptive_unpool import MaxUnpool3d as MaxUnpool3d
from deepsink.nn.layer.basic import ClipByNorm as ClipByNorm  # noqa: E402
from deepsink.nn.layer.basic import Dropout as Dropout
from deepsink.nn.layer.basic import Dropout1d as Dropout1d
from deepsink.nn.layer.basic import Dropout2d as Dropout2d
from deepsink.nn.layer.basic import Dropout3d as Dropout3d
from deepsink.nn.layer.basic import Flatten as Flatten
from deepsink.nn.layer.basic import Identity as Identity
from deepsink.nn.layer.basic import L1Regularizer as L1Regularizer
from deepsink.nn.layer.basic import MatrixDiag as MatrixDiag  # noqa: E402
from deepsink.nn.layer.basic import MatrixDiagPart as MatrixDiagPart  # noqa: E402
from deepsink.nn.layer.basic import MatrixSetDiag as MatrixSetDiag  # noqa: E402
from deepsink.nn.layer.basic import OneHot as OneHot
from deepsink.nn.layer.basic import PixelShuffle as PixelShuffle
from deepsink.nn.layer.basic import PixelUnshuffle as PixelUnshuffle
from deepsink.nn.layer.basic import Unfold as Unfold
from deepsink.nn.layer.basic import Upsample as Upsample
from deepsink.nn.layer.combined import Conv2dBnAct as Conv2dBnAct  # noqa: E402
from deepsink.nn.layer.combined import DenseBnAct as DenseBnAct  # noqa: E402
from deepsink.nn.layer.container import CellDict as CellDict
from deepsink.nn.layer.container import CellList as CellList
from deepsink.nn.layer.container import SequentialCell as SequentialCell
from deepsink.nn.layer.conv import Conv1d as Conv1d
from deepsink.nn.layer.conv import Conv1dTranspose as Conv1dTranspose
from deepsink.nn.layer.conv import Conv2d as Conv2d
from deepsink.nn.layer.conv import Conv2dTranspose as Conv2dTranspose
from deepsink.nn.layer.conv import Conv3d as Conv3d
from deepsink.nn.layer.conv import Conv3dTranspose as Conv3dTranspose
from deepsink.nn.layer.dense import BiDense as BiDense  # noqa: E402
from deepsink.nn.layer.dense import Dense as Dense
from deepsink.nn.layer.embedding import Embedding as Embedding
from deepsink.nn.layer.embedding import EmbeddingLookup as EmbeddingLookup  # noqa: E402
from deepsink.nn.layer.embedding import (  # noqa: E402
    MultiFieldEmbeddingLookup as MultiFieldEmbeddingLookup,
)
from deepsink.nn.layer.ext import Dropout2dExt as Dropout2dExt  # noqa: E402
from deepsink.nn.layer.ext import DropoutExt as DropoutExt  # noqa: E402
from deepsink.nn.layer.ext import EmbeddingExt as EmbeddingExt  # noqa: E402
from deepsink.nn.layer.ext import LayerNormExt as LayerNormExt  # noqa: E402
from deepsink.nn.layer.ext import MaxPool2dExt as MaxPool2dExt  # noqa: E402
from deepsink.nn.layer.image import MSSSIM as MSSSIM  # noqa: E402
from deepsink.nn.layer.image import PSNR as PSNR  # noqa: E402
from deepsink.nn.layer.image import SSIM as SSIM  # noqa: E402
from deepsink.nn.layer.image import CentralCrop as CentralCrop  # noqa: E402
from deepsink.nn.layer.image import ImageGradients as ImageGradients  # noqa: E402
from deepsink.nn.layer.math import ChannelShuffle as ChannelShuffle
from deepsink.nn.layer.math import DiGamma as DiGamma
from deepsink.nn.layer.math import IGamma as IGamma  # noqa: E402
from deepsink.nn.layer.math import LBeta as LBeta  # noqa: E402
from deepsink.nn.layer.math import LGamma as LGamma
from deepsink.nn.layer.math import MatDet as MatDet
from deepsink.nn.layer.math import MatInverse as MatInverse
from deepsink.nn.layer.math import MatMul as MatMul
from deepsink.nn.layer.math import Moments as Moments
from deepsink.nn.layer.math import Norm as Norm
from deepsink.nn.layer.math import Range as Range
from deepsink.nn.layer.math import ReduceLogSumExp as ReduceLogSumExp
from deepsink.nn.layer.math import Roll as Roll
from deepsink.nn.layer.math import Tril as Tril
from deepsink.nn.layer.math import Triu as Triu
from deepsink.nn.layer.math import Unflatten as Unflatten
from deepsink.nn.layer.normalization import BatchNorm1d as BatchNorm1d
from deepsink.nn.layer.normalization import BatchNorm2d as BatchNorm2d
from deepsink.nn.layer.normalization import BatchNorm3d as BatchNorm3d
from deepsink.nn.layer.normalization import GroupNorm as GroupNorm
from deepsink.nn.layer.normalization import InstanceNorm1d as InstanceNorm1d
from deepsink.nn.layer.normalization import InstanceNorm2d as InstanceNorm2d
from deepsink.nn.layer.normalization import InstanceNorm3d as InstanceNorm3d
from deepsink.nn.layer.normalization import LayerNorm as LayerNorm
from deepsink.nn.layer.normalization import SyncBatchNorm as SyncBatchNorm
from deepsink.nn.layer.padding import ConstantPad1d as ConstantPad1d
from deepsink.nn.layer.padding import ConstantPad2d as ConstantPad2d
from deepsink.nn.layer.padding import ConstantPad3d as ConstantPad3d
from deepsink.nn.layer.padding import Pad as Pad
from deepsink.nn.layer.padding import ReflectionPad1d as ReflectionPad1d
from deepsink.nn.layer.padding import ReflectionPad2d as ReflectionPad2d
from deepsink.nn.layer.padding import ReflectionPad3d as ReflectionPad3d
from deepsink.nn.layer.padding import ReplicationPad1d as ReplicationPad1d
from deepsink.nn.layer.padding import ReplicationPad2d as ReplicationPad2d
from deepsink.nn.layer.padding import ReplicationPad3d as ReplicationPad3d
from deepsink.nn.layer.padding import ZeroPad2d as ZeroPad2d
from deepsink.nn.layer.pooling import AdaptiveAvgPool2d as AdaptiveAvgPool2d
from deepsink.nn.layer.pooling import AdaptiveAvgPool3d as AdaptiveAvgPool3d
from deepsink.nn.layer.pooling import AdaptiveMaxPool2d as AdaptiveMaxPool2d
from deepsink.nn.layer.pooling import AdaptiveMaxPool3d as AdaptiveMaxPool3d
from deepsink.nn.layer.pooling import AvgPool1d as AvgPool1d
from deepsink.nn.layer.pooling import AvgPool2d as AvgPool2d
from deepsink.nn.layer.pooling import AvgPool3d as AvgPool3d
from deepsink.nn.layer.pooling import FractionalMaxPool2d as FractionalMaxPool2d  # noqa: E402
from deepsink.nn.layer.pooling import FractionalMaxPool3d as FractionalMaxPool3d  # noqa: E402
from deepsink.nn.layer.pooling import LPPool1d as LPPool1d  # noqa: E402
from deepsink.nn.layer.pooling import LPPool2d as LPPool2d  # noqa: E402
from deepsink.nn.layer.pooling import MaxPool1d as MaxPool1d
from deepsink.nn.layer.pooling import MaxPool2d as MaxPool2d
from deepsink.nn.layer.pooling import MaxPool3d as MaxPool3d
from deepsink.nn.layer.rnns import GRU as GRU
from deepsink.nn.layer.rnns import LSTM as LSTM
from deepsink.nn.layer.rnns import RNN as RNN
from deepsink.nn.layer.rnns import GRUCell as GRUCell
from deepsink.nn.layer.rnns import LSTMCell as LSTMCell
from deepsink.nn.layer.rnns import RNNCell as RNNCell
from deepsink.nn.layer.sparse import SparseTensorDenseMatmul as SparseTensorDenseMatmul
from deepsink.nn.layer.sparse import SparseToDense as SparseToDense
from deepsink.nn.layer.thor_layer import *  # noqa: E402, F403
from deepsink.nn.layer.timedistributed import TimeDistributed as TimeDistributed  # noqa: E402
from deepsink.nn.layer.transformer import MultiheadAttention as MultiheadAttention
from deepsink.nn.layer.transformer import Transformer as Transformer
from deepsink.nn.layer.transformer import TransformerDecoder as TransformerDecoder
from deepsink.nn.layer.transformer import TransformerDecoderLayer as TransformerDecoderLayer
from deepsink.nn.layer.transformer import TransformerEncoder as TransformerEncoder
from deepsink.nn.layer.transformer import TransformerEncoderLayer as TransformerEncoderLayer
from deepsink.nn.learning_rate_schedule import CosineDecayLR as CosineDecayLR
from deepsink.nn.learning_rate_schedule import ExponentialDecayLR as ExponentialDecayLR
from deepsink.nn.learning_rate_schedule import InverseDecayLR as InverseDecayLR
from deepsink.nn.learning_rate_schedule import NaturalExpDecayLR as NaturalExpDecayLR
from deepsink.nn.learning_rate_schedule import PolynomialDecayLR as PolynomialDecayLR
from deepsink.nn.learning_rate_schedule import WarmUpLR as WarmUpLR
from deepsink.nn.loss.loss import BCELoss as BCELoss
from deepsink.nn.loss.loss import BCEWithLogitsLoss as BCEWithLogitsLoss
from deepsink.nn.loss.loss import CosineEmbeddingLoss as CosineEmbeddingLoss
from deepsink.nn.loss.loss import CrossEntropyLoss as CrossEntropyLoss
from deepsink.nn.loss.loss import CTCLoss as CTCLoss
from deepsink.nn.loss.loss import DiceLoss as DiceLoss
from deepsink.nn.loss.loss import FocalLoss as FocalLoss
from deepsink.nn.loss.loss import GaussianNLLLoss as GaussianNLLLoss
from deepsink.nn.loss.loss import HingeEmbeddingLoss as HingeEmbeddingLoss
from deepsink.nn.loss.loss import HuberLoss as HuberLoss
from deepsink.nn.loss.loss import KLDivLoss as KLDivLoss
from deepsink.nn.loss.loss import L1Loss as L1Loss
from deepsink.nn.loss.loss import LossBase as LossBase
from deepsink.nn.loss.loss import MAELoss as MAELoss
from deepsink.nn.loss.loss import MarginRankingLoss as MarginRankingLoss
from deepsink.nn.loss.loss import MSELoss as MSELoss
from deepsink.nn.loss.loss import MultiClassDiceLoss as MultiClassDiceLoss  # noqa: E402
from deepsink.nn.loss.loss import MultilabelMarginLoss as MultilabelMarginLoss
from deepsink.nn.loss.loss import MultiLabelSoftMarginLoss as MultiLabelSoftMarginLoss
from deepsink.nn.loss.loss import MultiMarginLoss as MultiMarginLoss
from deepsink.nn.loss.loss import NLLLoss as NLLLoss
from deepsink.nn.loss.loss import PoissonNLLLoss as PoissonNLLLoss
from deepsink.nn.loss.loss import RMSELoss as RMSELoss
from deepsink.nn.loss.loss import SampledSoftmaxLoss as SampledSoftmaxLoss  # noqa: E402
from deepsink.nn.loss.loss import SmoothL1Loss as SmoothL1Loss
from deepsink.nn.loss.loss import SoftMarginLoss as SoftMarginLoss
from deepsink.nn.loss.loss import SoftmaxCrossEntropyWithLogits as SoftmaxCrossEntropyWithLogits
from deepsink.nn.loss.loss import TripletMarginLoss as TripletMarginLoss
from deepsink.nn.loss.loss import (  # noqa: E402
    TripletMarginWithDistanceLoss as TripletMarginWithDistanceLoss,
)
from deepsink.nn.optim.ada_grad import Adagrad as Adagrad
from deepsink.nn.optim.adadelta import Adadelta as Adadelta
from deepsink.nn.optim.adafactor import AdaFactor as AdaFactor
from deepsink.nn.optim.adam import Adam as Adam
from deepsink.nn.optim.adam import AdamOffload as AdamOffload
from deepsink.nn.optim.adam import AdamWeightDecay as AdamWeightDecay
from deepsink.nn.optim.adamax import AdaMax as AdaMax
from deepsink.nn.optim.asgd import ASGD as ASGD
from deepsink.nn.optim.ftrl import FTRL as FTRL
from deepsink.nn.optim.lamb import Lamb as Lamb
from deepsink.nn.optim.lars import LARS as LARS
from deepsink.nn.optim.lazyadam import LazyAdam as LazyAdam
from deepsink.nn.optim.momentum import Momentum as Momentum
from deepsink.nn.optim.optimizer import Optimizer as Optimizer
from deepsink.nn.optim.proximal_ada_grad import ProximalAdagrad as ProximalAdagrad
from deepsink.nn.optim.rmsprop import RMSProp as RMSProp
from deepsink.nn.optim.rprop import Rprop as Rprop
from deepsink.nn.optim.sgd import SGD as SGD
from deepsink.nn.optim.thor import thor as thor
from deepsink.nn.utils.init import no_init_parameters as no_init_parameters  # noqa: E402
from deepsink.nn.wrap.cell_wrapper import ForwardValueAndGrad as ForwardValueAndGrad
from deepsink.nn.wrap.cell_wrapper import ParameterUpdate as ParameterUpdate  # noqa: E402
from deepsink.nn.wrap.cell_wrapper import TrainOneStepCell as TrainOneStepCell
from deepsink.nn.wrap.cell_wrapper import VirtualDatasetCellTriple as VirtualDatasetCellTriple  # noqa: E402
from deepsink.nn.wrap.cell_wrapper import WithEvalCell as WithEvalCell
from deepsink.nn.wrap.cell_wrapper import WithGradCell as WithGradCell  # noqa: E402
from deepsink.nn.wrap.cell_wrapper import WithLossCell as WithLossCell
from deepsink.nn.wrap.grad_reducer import DistributedGradReducer as DistributedGradReducer
from deepsink.nn.wrap.graph_cell import GraphCell as GraphCell  # noqa: E402
from deepsink.nn.wrap.loss_scale import DynamicLossScaleUpdateCell as DynamicLossScaleUpdateCell
from deepsink.nn.wrap.loss_scale import FixedLossScaleUpdateCell as FixedLossScaleUpdateCell
from deepsink.nn.wrap.loss_scale import (
    TrainOneStepWithLossScaleCell as TrainOneStepWithLossScaleCell,
)
from deepsink.nn.wrap.micro_batch import GradAccumulationCell as GradAccumulationCell  # noqa: E402
from deepsink.nn.wrap.micro_batch import MicroBatchInterleaved as MicroBatchInterleaved  # noqa: E402
from deepsink.nn.wrap.micro_batch import PipelineCell as PipelineCell  # noqa: E402
from deepsink.nn.wrap.micro_batch import PipelineGradReducer as PipelineGradReducer  # noqa: E402
from deepsink.nn.wrap.unsupported_cells import *  # noqa: E402, F403

# keep last: the public names of everything imported above
__all__ = _public_names(globals())

# MindSpore 2.10 still exports the metrics from mindspore.nn (Accuracy, Loss, ...); they live in
# deepsink.train.metrics, which builds on nn, so that package binds them here. Likewise nn's
# LogSoftmaxExt, PReLUExt, Linear, L1LossExt and AvgPool1d/2d/3dExt are mint.nn's classes, bound
# here by deepsink.mint.nn (mint builds on nn; nn does not import it).

# ops.MaxPoolWithArgmax(V2) and ops.ExtractImagePatches are computed by nn's Cells: bound into ops
# a name deepsink lacks: an AttributeError that says so and where the coverage list is
from deepsink._core.public import missing_names as _missing_names  # noqa: E402
from deepsink.nn import probability as probability  # noqa: E402 (bound, as in 2.10)
from deepsink.nn.layer import pool_primitives as _pool_primitives  # noqa: E402, F401

__getattr__ = _missing_names(__name__)
