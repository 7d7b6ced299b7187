"""``mindspore.rewrite.common``: the rules rewrite follows (``namespace``)."""

from deepsink.rewrite.common import namespace as namespace

__all__ = ["namespace"]
