"""MindSpore's ``mindspore.common.api``: where MindSpore programs import ``jit`` from."""

from deepsink._core.jit import jit as jit
