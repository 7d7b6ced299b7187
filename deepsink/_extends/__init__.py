"""``mindspore._extends``: ``cell_attr_register``, the decorator of a Cell's ``__init__`` that
MindSpore's libraries import (mindocr's layers)."""

from __future__ import annotations

import functools
import inspect

__all__ = ["cell_attr_register"]


def cell_attr_register(fn=None, attrs=None):
    """Record a Cell's construction arguments as ``cell_init_args``: the class name followed by
    the bound ``__init__`` arguments (``attrs=None``), by the values of the attributes named in
    ``attrs`` (a list of str; absent ones skipped) or by the one attribute ``attrs`` names (a
    str). Usable bare (``@cell_attr_register``) or called (``@cell_attr_register(attrs=...)``)."""

    def wrap_cell(init):
        @functools.wraps(init)
        def deco(self, *args, **kwargs):
            arguments = []
            if attrs is None:
                bound = inspect.signature(init).bind(self, *args, **kwargs).arguments
                del bound["self"]
                arguments = bound.values()
            init(self, *args, **kwargs)
            if isinstance(attrs, list):
                for item in attrs:
                    if not isinstance(item, str):
                        raise ValueError("attr must be a string")
                    if hasattr(self, item):
                        arguments.append(getattr(self, item))
            elif isinstance(attrs, str):
                if hasattr(self, attrs):
                    arguments = getattr(self, attrs)
            elif attrs is not None:
                raise ValueError("attrs must be list or string")
            self.cell_init_args = type(self).__name__ + str(arguments)

        return deco

    return wrap_cell(fn) if fn is not None else wrap_cell
