"""``import mindspore`` resolves to deepsink: the finder of ``deepsink run``, and the same in every
Python process a script run by it starts.

``deepsink run`` installs :class:`MindSporeAlias` in its own process and puts this folder in front of
``PYTHONPATH``, so that every child interpreter (``multiprocessing`` with ``spawn`` or
``forkserver``, the dataset's worker processes, ``subprocess`` running ``sys.executable``) imports
this file as its ``sitecustomize`` at startup and installs the finder too; a spawned child that
re-imports the script (whose first line is ``import mindspore``) then finds deepsink. Nothing of
deepsink is imported until a ``mindspore`` module is; an interpreter without deepsink keeps its own
``mindspore``. The ``sitecustomize`` this file shadows (an environment's own) still runs after it.
"""

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import types

FOLDER = os.path.dirname(os.path.abspath(__file__))
# the Python environment (``sys.prefix``) of the ``deepsink run`` that exported the alias: another
# interpreter started from the script (e.g. one with the real MindSpore) keeps its own mindspore
PREFIX_VARIABLE = "DEEPSINK_ALIAS_PREFIX"

MINDSPORE_VERSION = "2.10.0"  # the MindSpore API version deepsink implements


class MindSporePackage(types.ModuleType):
    """``mindspore`` under the alias: deepsink's top-level package in every name it reads, binds
    or lists, except ``__version__``, which is the MindSpore version deepsink implements (so a
    program's ``mindspore.__version__`` checks take MindSpore 2.10's branch), while
    ``deepsink.__version__`` stays deepsink's own. Submodules (``mindspore.nn``) are deepsink's
    module objects themselves."""

    def __init__(self, package: types.ModuleType) -> None:
        super().__init__("mindspore", package.__doc__)
        object.__setattr__(self, "deepsink_package", package)
        object.__setattr__(self, "__version__", MINDSPORE_VERSION)

    def __getattr__(self, name: str):
        return getattr(self.deepsink_package, name)

    def __setattr__(self, name: str, value) -> None:
        # the import machinery's own attributes (__spec__, __loader__, ...) stay on this module
        if name.startswith("__"):
            object.__setattr__(self, name, value)
        else:
            setattr(self.deepsink_package, name, value)

    def __delattr__(self, name: str) -> None:
        delattr(self.deepsink_package, name)

    def __dir__(self):
        return dir(self.deepsink_package)


class MindSporeAlias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Resolve ``mindspore`` and its submodules to deepsink's modules of the same path."""

    deepsink_alias = True  # marks the finder whichever copy of this module defined it

    def find_spec(self, fullname, path=None, target=None):
        if fullname == "mindspore" or fullname.startswith("mindspore."):
            target_name = "deepsink" + fullname[len("mindspore") :]
            try:
                if importlib.util.find_spec(target_name) is None:
                    return None
            except ModuleNotFoundError:  # no deepsink in this interpreter
                return None
            return importlib.util.spec_from_loader(fullname, self)
        return None

    def create_module(self, spec):
        module = importlib.import_module("deepsink" + spec.name[len("mindspore") :])
        _alias_loaded_modules()
        if spec.name != "mindspore":
            return module
        # MindSpore 2.10's programs run on NumPy 1 (it requires numpy<2): its removed names too
        importlib.import_module("deepsink._core.numpy1_names").install()
        return MindSporePackage(module)  # mindspore.__version__ is 2.10's

    def exec_module(self, module):
        pass


def _alias_loaded_modules() -> None:
    """Enter every loaded ``deepsink.X`` in ``sys.modules`` as ``mindspore.X`` too.

    Importing a module Python has not seen under that name binds it on its parent package: a
    later ``import mindspore.common.seed`` would rebind ``mindspore.common.seed`` (the function,
    as in MindSpore) to the module. MindSpore loads that module before binding the function, so
    its import finds it loaded and binds nothing; so does deepsink's once the module is entered
    under its ``mindspore`` name here."""
    for name, module in list(sys.modules.items()):
        if module is not None and name.startswith("deepsink."):
            sys.modules.setdefault("mindspore" + name[len("deepsink") :], module)


def install() -> None:
    """Make ``import mindspore...`` import deepsink in this process (idempotent)."""
    if not any(getattr(f, "deepsink_alias", False) for f in sys.meta_path):
        sys.meta_path.insert(0, MindSporeAlias())


def export_to_children() -> None:
    """Put this folder first on ``PYTHONPATH`` so that child interpreters install the alias."""
    parts = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    if FOLDER not in parts:
        os.environ["PYTHONPATH"] = os.pathsep.join([FOLDER, *parts])
    os.environ[PREFIX_VARIABLE] = sys.prefix


def _run_shadowed_sitecustomize() -> None:
    """Import the ``sitecustomize`` that this one hides further down ``sys.path``, if any."""
    path = [p for p in sys.path if os.path.abspath(p or os.curdir) != FOLDER]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", path)
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    sys.modules["sitecustomize"] = module
    spec.loader.exec_module(module)


if __name__ == "sitecustomize":  # a child interpreter's startup
    if os.environ.get(PREFIX_VARIABLE, sys.prefix) == sys.prefix:
        install()
    _run_shadowed_sitecustomize()
