"""``mindspore.common.seed``: the module MindSpore's global seed functions live in (scripts import
``from mindspore.common.seed import set_seed``); deepsink keeps them in ``_core.random``.
"""

from __future__ import annotations

from deepsink._core.random import get_seed as get_seed
from deepsink._core.random import graph_seed as _graph_seed
from deepsink._core.random import set_seed as set_seed

# MindSpore's private name, which libraries' own random layers import (mindnlp's Dropout)
_get_graph_seed = _graph_seed
