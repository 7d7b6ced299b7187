"""MindSpore's ``mindspore.ops._register_for_op``: the registries that map primitives to functions.

``Registry`` is a dict keyed by a primitive class (stored under ``id(cls)``) or by a name; looking
a primitive instance up tries its class first, then its ``name``. ``vm_impl_registry`` (Python
reference implementations of primitives) is one.
"""

from __future__ import annotations

from collections import UserDict
from collections.abc import Callable
from typing import Any

from deepsink.ops.primitive import Primitive


class Registry(UserDict):
    """Registry class for registry functions for grad and vm_impl on Primitive."""

    def register(self, prim: str | type) -> Callable:
        """Register the decorated function under ``prim`` (a Primitive class or a name)."""

        def deco(fn: Callable) -> Callable:
            if isinstance(prim, str):
                self[prim] = fn
            elif issubclass(prim, Primitive):
                self[id(prim)] = fn
            return fn

        return deco

    def get(self, prim_obj: Any, default: Any) -> Any:  # type: ignore[override]
        """The function for a name or a primitive instance (its class, then its name), else ``default``."""
        fn = default
        if isinstance(prim_obj, str) and prim_obj in self:
            fn = self[prim_obj]
        elif isinstance(prim_obj, Primitive):
            key = id(prim_obj.__class__)
            if key in self:
                fn = self[key]
            elif prim_obj.name in self:
                fn = self[prim_obj.name]
        return fn


class PyFuncRegistry(UserDict):
    """Python functions by key; getting an unregistered key raises ``ValueError``."""

    def register(self, key: Any, value: Any) -> None:
        self[key] = value

    def get(self, key: Any) -> Any:  # type: ignore[override]
        if key not in self:
            raise ValueError(f"Python function with key{key} not registered.")
        return self[key]
