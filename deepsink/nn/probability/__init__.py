"""MindSpore's ``mindspore.nn.probability``: probability distributions
(``nn.probability.distribution``)."""

from deepsink.nn.probability import distribution as distribution
