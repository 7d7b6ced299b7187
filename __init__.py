"""Not part of deepsink's package (that is ``deepsink/deepsink``): this file is for Python started
in the folder that HOLDS a clone of this repository.

There, ``import deepsink`` finds the clone's folder before the installed package; without this file
Python would import the folder as an empty namespace package, and the program would fail later with
``module 'deepsink' has no attribute 'Model'``. With it, the import loads the installed deepsink as
from any other folder, or, where deepsink is not installed, fails with a hint that says so.
"""

import importlib.machinery
import importlib.util
import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))


def _installed_spec():
    """The spec the import system would find for the installed deepsink, the clone's holder left
    out of the search."""
    holder = os.path.dirname(_HERE)
    path = [p for p in sys.path if os.path.abspath(p or os.curdir) != holder]
    for finder in sys.meta_path:
        if finder is importlib.machinery.PathFinder:
            spec = finder.find_spec("deepsink", path)
        else:
            find = getattr(finder, "find_spec", None)
            spec = find("deepsink", None) if find is not None else None
        origin = getattr(spec, "origin", None)
        if (
            origin
            and spec.loader is not None
            and os.path.abspath(origin) != os.path.abspath(__file__)
        ):
            return spec
    return None


if __name__ == "deepsink":
    _spec = _installed_spec()
    if _spec is None:
        raise ImportError(
            f"'import deepsink' found {_HERE}, a clone of deepsink's repository, in the folder "
            "Python runs from, and no installed deepsink: install it "
            f"(python3 -m pip install {_HERE}) or run from inside the clone"
        )
    _module = importlib.util.module_from_spec(_spec)
    sys.modules["deepsink"] = _module  # the import statement returns this module
    _spec.loader.exec_module(_module)
