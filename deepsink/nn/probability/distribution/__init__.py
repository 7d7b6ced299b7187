"""MindSpore's ``mindspore.nn.probability.distribution``: the distributions as Cells, each with
``prob``/``log_prob``/``cdf``/``survival_function`` (and their logs), ``mean``/``sd``/``var``/
``mode``/``entropy``, ``kl_loss``/``cross_entropy`` and ``sample``."""

from deepsink.nn.probability.distribution.bernoulli import Bernoulli as Bernoulli
from deepsink.nn.probability.distribution.beta import Beta as Beta
from deepsink.nn.probability.distribution.categorical import Categorical as Categorical
from deepsink.nn.probability.distribution.cauchy import Cauchy as Cauchy
from deepsink.nn.probability.distribution.distribution import Distribution as Distribution
from deepsink.nn.probability.distribution.exponential import Exponential as Exponential
from deepsink.nn.probability.distribution.gamma import Gamma as Gamma
from deepsink.nn.probability.distribution.geometric import Geometric as Geometric
from deepsink.nn.probability.distribution.gumbel import Gumbel as Gumbel
from deepsink.nn.probability.distribution.log_normal import LogNormal as LogNormal
from deepsink.nn.probability.distribution.logistic import Logistic as Logistic
from deepsink.nn.probability.distribution.normal import Normal as Normal
from deepsink.nn.probability.distribution.poisson import Poisson as Poisson
from deepsink.nn.probability.distribution.transformed_distribution import (
    TransformedDistribution as TransformedDistribution,
)
from deepsink.nn.probability.distribution.uniform import Uniform as Uniform

__all__ = [
    "Bernoulli",
    "Beta",
    "Categorical",
    "Cauchy",
    "Distribution",
    "Exponential",
    "Gamma",
    "Geometric",
    "Gumbel",
    "Logistic",
    "LogNormal",
    "Normal",
    "Poisson",
    "TransformedDistribution",
    "Uniform",
]
