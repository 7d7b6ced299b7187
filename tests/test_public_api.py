"""``__all__`` of the public packages: what ``help()`` and ``from ... import *`` show a user."""

import importlib
import pydoc

import pytest

from deepsink._core.public import public_names

PACKAGES = [
    "deepsink",
    "deepsink.nn",
    "deepsink.ops",
    "deepsink.train",
    "deepsink.dataset",
    "deepsink.common",
    "deepsink.context",
    "deepsink.scipy",
    "deepsink.scipy.linalg",
    "deepsink.scipy.optimize",
    "deepsink.scipy.fft",
]


@pytest.mark.parametrize("name", PACKAGES)
def test_all_lists_resolvable_deepsink_names(name):
    mod = importlib.import_module(name)
    assert mod.__all__ == sorted(set(mod.__all__))
    for n in mod.__all__:
        value = getattr(mod, n)  # every listed name exists
        if callable(value) and n != "partial":
            assert getattr(value, "__module__", "").startswith("deepsink"), n


@pytest.mark.parametrize("name", [p for p in PACKAGES if p != "deepsink.context"])
def test_all_is_complete(name):
    # a name imported into the package after its ``__all__`` line would be missing from it
    mod = importlib.import_module(name)
    assert set(public_names(vars(mod))) <= set(mod.__all__)


def test_top_level_api_is_listed_and_shown_by_help():
    import deepsink

    expected = {"Model", "Tensor", "Parameter", "set_context", "get_context", "GRAPH_MODE",
                "PYNATIVE_MODE", "Callback", "LossMonitor", "TimeMonitor", "float32", "int32",
                "set_seed", "jit", "value_and_grad", "DatasetHelper", "data_sink"}  # fmt: skip
    assert expected <= set(deepsink.__all__)
    text = pydoc.render_doc(deepsink, renderer=pydoc.plaintext)
    for n in ("class Model", "class Tensor", "set_context(", "class LossMonitor"):
        assert n in text, n


def test_star_import_gives_the_api_without_shadowing_builtins():
    ns = {}
    exec("from deepsink import *", ns)
    assert {"Model", "Tensor", "set_context", "float32"} <= set(ns)
    assert "bool" not in ns and "np" not in ns and "annotations" not in ns


def test_subpackages_list_their_main_names():
    import deepsink

    assert {"Dense", "Conv2d", "Cell", "Momentum", "SoftmaxCrossEntropyWithLogits"} <= set(
        deepsink.nn.__all__
    )
    assert {"Model", "LossMonitor", "Accuracy"} <= set(deepsink.train.__all__)
    assert {"MnistDataset", "GeneratorDataset", "NumpySlicesDataset"} <= set(
        deepsink.dataset.__all__
    )
    assert {"reshape", "ReLU", "GradOperation", "partial"} <= set(deepsink.ops.__all__)
    assert {"Tensor", "Parameter", "float32", "set_seed"} <= set(deepsink.common.__all__)
    assert {"set_context", "GRAPH_MODE"} <= set(deepsink.context.__all__)
