"""The NumPy 1.x names that NumPy 2 removed, restored for programs run as MindSpore programs.

MindSpore 2.10 requires ``numpy<2``, so its programs and test files use names such as
``numpy.NINF``, ``numpy.sometrue`` or ``numpy.in1d``; under NumPy 2 (deepsink's environment) such
a file fails when it is imported. Importing ``mindspore`` through deepsink's alias (``deepsink run``,
``deepsink launch``) calls :func:`install`, which adds each missing name as NumPy 1.26 defined it;
a name NumPy still has is never touched, and ``import deepsink`` alone changes nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def _in1d(ar1: Any, ar2: Any, assume_unique: bool = False, invert: bool = False, **kw: Any):
    """NumPy 1's ``in1d``: ``isin`` on the flattened ``ar1``."""
    return np.isin(np.ravel(ar1), ar2, assume_unique=assume_unique, invert=invert, **kw)


def names() -> dict[str, Any]:
    """The NumPy 1 names and their values (NumPy 2 equivalents)."""
    return {
        "NINF": -np.inf,
        "PINF": np.inf,
        "NZERO": -0.0,
        "PZERO": 0.0,
        "Inf": np.inf,
        "Infinity": np.inf,
        "infty": np.inf,
        "NaN": np.nan,
        "float_": np.float64,
        "complex_": np.complex128,
        "longfloat": np.longdouble,
        "singlecomplex": np.complex64,
        "cfloat": np.complex128,
        "string_": np.bytes_,
        "unicode_": np.str_,
        "sometrue": np.any,
        "alltrue": np.all,
        "product": np.prod,
        "cumproduct": np.cumprod,
        "in1d": _in1d,
        "trapz": getattr(np, "trapezoid", None),
        "row_stack": np.vstack,
    }


def install() -> list[str]:
    """Add the NumPy 1 names NumPy lacks; returns the names added."""
    added = []
    for name, value in names().items():
        if value is not None and name not in np.__dict__:
            setattr(np, name, value)
            added.append(name)
    return added
