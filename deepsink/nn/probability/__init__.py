"""MindSpore's ``mindspore.nn.probability``: probability distributions
(``nn.probability.distribution``) and the bijectors that transform them
(``nn.probability.bijector``)."""

from deepsink.nn.probability import bijector as bijector
from deepsink.nn.probability import distribution as distribution
