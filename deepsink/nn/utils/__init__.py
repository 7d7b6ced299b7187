"""MindSpore's ``mindspore.nn.utils``."""

from deepsink.nn.utils.init import no_init_parameters as no_init_parameters

__all__ = ["no_init_parameters"]
