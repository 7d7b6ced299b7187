"""MindSpore's ``mindspore.ops.vm_impl_registry``: Python reference implementations of primitives.

A function registered for a primitive (``@vm_impl_registry.register(P.ReLU)`` or a name) takes the
primitive and returns a function of the op's inputs; ``get_vm_impl_fn(prim)`` builds it. As on
MindSpore 2.10's CPU build, the registry is for debugging and tests: registering a function does
not change how the primitive computes (its kernel still runs), and a primitive without a kernel
is not run through its registered function.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deepsink.ops._register_for_op import Registry
from deepsink.ops.primitive import Primitive


class VmImplRegistry(Registry):
    """Registry class for registry functions for vm_impl on Primitive or string."""

    def register(self, prim: str | type) -> Callable:
        """Register the decorated function under ``prim``: a name, or a Primitive class (stored
        under the class and under its name)."""

        def deco(fn: Callable) -> Callable:
            if isinstance(prim, str):
                self[prim] = fn
            elif issubclass(prim, Primitive):
                self[id(prim)] = fn
                self[prim.__name__] = fn
            return fn

        return deco


vm_impl_registry = VmImplRegistry()
"""The registry of Python implementations of primitives.

Examples:
    >>> from deepsink.ops import vm_impl_registry, get_vm_impl_fn
    >>> @vm_impl_registry.register("Type")
    ... def vm_impl_dtype(self):
    ...     def vm_impl(x):
    ...         return type(x)
    ...     return vm_impl
    >>> print(get_vm_impl_fn("Type")(1.0))
    <class 'float'>
"""


def get_vm_impl_fn(prim: Primitive | str) -> Callable | None:
    """The Python implementation registered for a primitive object or a primitive name.

    Args:
        prim (Union[Primitive, str]): the primitive, or its name.

    Returns:
        function, the implementation built by the registered function for ``prim``; ``None`` when
        nothing is registered.

    Examples:
        >>> from deepsink.ops import get_vm_impl_fn
        >>> print(get_vm_impl_fn("NotRegistered"))
        None
    """
    out: Any = vm_impl_registry.get(prim, None)
    if out:
        return out(prim)
    return None
