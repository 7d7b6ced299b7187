"""MindSpore's ``mindspore.nn.probability.bijector``: invertible transformations with their log
Jacobians, the building blocks of ``TransformedDistribution``."""

from deepsink.nn.probability.bijector.bijector import Bijector as Bijector
from deepsink.nn.probability.bijector.exp import Exp as Exp
from deepsink.nn.probability.bijector.gumbel_cdf import GumbelCDF as GumbelCDF
from deepsink.nn.probability.bijector.invert import Invert as Invert
from deepsink.nn.probability.bijector.power_transform import PowerTransform as PowerTransform
from deepsink.nn.probability.bijector.scalar_affine import ScalarAffine as ScalarAffine
from deepsink.nn.probability.bijector.softplus import Softplus as Softplus

__all__ = ["Bijector", "Exp", "GumbelCDF", "Invert", "PowerTransform", "ScalarAffine", "Softplus"]
