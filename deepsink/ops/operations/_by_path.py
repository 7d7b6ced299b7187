"""The module ``__getattr__`` of MindSpore's ``ops.operations.*_ops`` paths (``nn_ops``,
``math_ops``, ...): the primitives ``deepsink.ops.operations`` defines, by those paths too."""

from __future__ import annotations

from typing import Any


def operations_getattr(module: str) -> Any:
    def __getattr__(name: str) -> Any:
        from deepsink.ops import operations

        if name.startswith("__") or not hasattr(operations, name):
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        return getattr(operations, name)

    return __getattr__
