"""``_get_cache_prim``: one primitive instance per class and init arguments, so a function that
builds ``_get_cache_prim(ops.ReduceSum)(keep_dims=True)`` on every call reuses one object
(MindSpore's ``ops/_primitive_cache.py``; model-zoo code imports it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_CACHE: dict[Any, Any] = {}


def _get_cache_prim(cls: type) -> Callable[..., Any]:
    """A constructor of ``cls`` that returns the same instance for the same init arguments
    (arguments that cannot be hashed get a new instance each call)."""

    def _new(*args: Any, **kwargs: Any) -> Any:
        try:
            key = (cls, args, tuple(sorted(kwargs.items())))
            hash(key)
        except TypeError:
            return cls(*args, **kwargs)
        if key not in _CACHE:
            _CACHE[key] = cls(*args, **kwargs)
        return _CACHE[key]

    return _new
