"""Record how MindSpore's ``mint`` is called and printed into ``tests/fixtures/ms/mint_signatures.json``.

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository
(MindSpore writes scratch files into the working directory)::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_mint_signatures.py

Two records:

* ``signatures``: for every public callable of ``mindspore.mint``, ``mint.nn``,
  ``mint.nn.functional``, ``mint.linalg``, ``mint.special``, ``mint.optim`` and
  ``mint.distributed`` (the names of the module's ``__all__`` that the module has), the
  ``inspect.signature`` of the function or of the class's constructor, as a list of
  ``[name, kind, repr(default) or null]`` (annotations are left out); where that signature is
  ``(*args, **kwargs)`` (MindSpore's overloaded functions), ``overloads`` lists the call forms
  its docstring documents;
* ``reprs``: ``repr(cell)`` of each ``mint.nn`` Cell built with the arguments in ``CELL_CASES``
  (the arguments are recorded with it; ``tests/mint/test_mint_signatures.py`` builds deepsink's
  Cell the same way and compares the text).
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
import re
import tempfile
from pathlib import Path

import mindspore

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "mint_signatures.json"

MODULES = [
    "mindspore.mint",
    "mindspore.mint.nn",
    "mindspore.mint.nn.functional",
    "mindspore.mint.linalg",
    "mindspore.mint.special",
    "mindspore.mint.optim",
    "mindspore.mint.distributed",
]

# class name -> list of (args, kwargs): simple constructor arguments (JSON values only)
CELL_CASES: dict[str, list[tuple[list, dict]]] = {
    "AdaptiveAvgPool1d": [([3], {})],
    "AdaptiveAvgPool2d": [([[3, 2]], {})],
    "AdaptiveAvgPool3d": [([2], {})],
    "AdaptiveMaxPool1d": [([3], {})],
    "AdaptiveMaxPool2d": [([[3, 2]], {"return_indices": True})],
    "AvgPool1d": [([3], {})],
    "AvgPool2d": [([3], {"stride": 2, "padding": 1})],
    "AvgPool3d": [([2], {})],
    "BCELoss": [([], {})],
    "BCEWithLogitsLoss": [([], {"reduction": "sum"})],
    "BatchNorm1d": [([4], {})],
    "BatchNorm2d": [([4], {}), ([8], {"eps": 1e-3, "momentum": 0.9, "affine": False})],
    "BatchNorm3d": [([4], {})],
    "ConstantPad1d": [([2, 1.5], {})],
    "ConstantPad2d": [([[1, 2, 3, 4], 0.0], {})],
    "ConstantPad3d": [([1, 0.5], {})],
    "Conv1d": [([3, 8, 3], {})],
    "Conv2d": [([3, 8, 3], {}), ([4, 6, [3, 5]], {"stride": 2, "padding": 1, "bias": False})],
    "Conv3d": [([2, 4, 3], {})],
    "ConvTranspose2d": [([3, 8, 3], {})],
    "CosineEmbeddingLoss": [([], {})],
    "Dropout": [([], {}), ([], {"p": 0.2})],
    "Dropout2d": [([], {})],
    "ELU": [([], {})],
    "Embedding": [([10, 3], {})],
    "Flatten": [([], {})],
    "Fold": [([[4, 5], [2, 2]], {})],
    "GELU": [([], {})],
    "GLU": [([], {})],
    "GroupNorm": [([2, 4], {})],
    "Hardshrink": [([], {})],
    "Hardsigmoid": [([], {})],
    "Hardswish": [([], {})],
    "Hardtanh": [([], {})],
    "Identity": [([], {})],
    "KLDivLoss": [([], {})],
    "L1Loss": [([], {})],
    "LayerNorm": [([[4]], {})],
    "Linear": [([784, 512], {}), ([4, 3], {"bias": False})],
    "LogSigmoid": [([], {})],
    "LogSoftmax": [([], {}), ([], {"dim": 1})],
    "MSELoss": [([], {})],
    "MaxPool2d": [([2], {})],
    "MaxUnpool2d": [([2], {})],
    "Mish": [([], {})],
    "NLLLoss": [([], {})],
    "PReLU": [([], {})],
    "PixelShuffle": [([2], {})],
    "ReLU": [([], {})],
    "ReLU6": [([], {})],
    "ReflectionPad1d": [([2], {})],
    "ReflectionPad2d": [([[1, 2, 3, 4]], {})],
    "ReflectionPad3d": [([1], {})],
    "ReplicationPad1d": [([2], {})],
    "ReplicationPad2d": [([[1, 2, 3, 4]], {})],
    "ReplicationPad3d": [([1], {})],
    "SELU": [([], {})],
    "SiLU": [([], {})],
    "Sigmoid": [([], {})],
    "SmoothL1Loss": [([], {})],
    "Softshrink": [([], {})],
    "SoftMarginLoss": [([], {})],
    "Softmax": [([], {}), ([], {"dim": -1})],
    "Tanh": [([], {})],
    "Threshold": [([0.1, 20.0], {})],
    "Unfold": [([[2, 3]], {})],
    "Upsample": [([], {"scale_factor": 2.0})],
    "UpsamplingBilinear2d": [([], {"scale_factor": 2.0})],
    "UpsamplingNearest2d": [([], {"size": [4, 4]})],
    "ZeroPad1d": [([2], {})],
    "ZeroPad2d": [([[1, 2, 3, 4]], {})],
    "ZeroPad3d": [([1], {})],
    "CrossEntropyLoss": [([], {})],
    "SyncBatchNorm": [([4], {})],
}


def tuplify(v):
    """JSON lists -> tuples (the constructors take sizes as tuples)."""
    return tuple(tuplify(x) for x in v) if isinstance(v, list) else v


def default_repr(p: inspect.Parameter):
    if p.default is inspect.Parameter.empty:
        return None
    text = repr(p.default)
    if " at 0x" in text:  # an object without a stable repr: its type is what can be compared
        text = f"<{type(p.default).__name__}>"
    return text


def signature_of(obj) -> dict:
    kind = "class" if isinstance(obj, type) else "function"
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError) as e:
        return {"kind": kind, "error": f"{type(e).__name__}: {e}"}
    params = [[p.name, p.kind.name, default_repr(p)] for p in sig.parameters.values()]
    out = {"kind": kind, "params": params}
    if [k for _, k, _ in params] == ["VAR_POSITIONAL", "VAR_KEYWORD"]:
        out["overloads"] = documented_overloads(obj)
    return out


def documented_overloads(obj) -> list[str]:
    """The call forms an overloaded ``(*args, **kwargs)`` function's docstring lists (its first
    line and each ``.. function::`` line), e.g. ``max(input, dim, keepdim=False)``."""
    name = obj.__name__
    forms = []
    for line in (obj.__doc__ or "").splitlines():
        form = rf"\s*(?:\.\. function:: )?({re.escape(name)}\([^)]*\))(?:\s*->.*)?$"
        m = re.match(form, line)
        if m and "==" not in line:
            forms.append(m.group(1))
    return forms


def public_names(module) -> list[str]:
    """The module's ``__all__``, plus (``mint.nn``) the Cells it has outside ``__all__``
    (``Dropout``, ``Embedding``, ``LayerNorm``, ...)."""
    names = set(getattr(module, "__all__", None) or [])
    for n in dir(module):
        obj = getattr(module, n)
        if (
            not n.startswith("_")
            and n != "Cell"
            and isinstance(obj, type)
            and issubclass(obj, mindspore.nn.Cell)
        ):
            names.add(n)
    return sorted(names)


def public_callables(module) -> dict:
    names = public_names(module)
    out = {}
    for name in sorted(set(names)):
        obj = getattr(module, name, None)
        if obj is None or not callable(obj) or inspect.ismodule(obj):
            continue
        out[name] = signature_of(obj)
    return out


def record_reprs() -> dict:
    from mindspore import mint

    out = {}
    for name in public_names(mint.nn):
        cls = getattr(mint.nn, name, None)
        if not isinstance(cls, type) or not issubclass(cls, mindspore.nn.Cell):
            continue
        cases = CELL_CASES.get(name)
        if cases is None:
            print(f"[skip] repr {name}: no constructor arguments in CELL_CASES")
            continue
        rows = []
        for args, kwargs in cases:
            row = {"args": args, "kwargs": kwargs}
            try:
                cell = cls(*tuplify(args), **{k: tuplify(v) for k, v in kwargs.items()})
                row["repr"] = repr(cell)
            except Exception as e:  # noqa: BLE001 - record what MindSpore raises
                row["error"] = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
            rows.append(row)
        out[name] = rows
    return out


def main() -> None:
    os.chdir(tempfile.mkdtemp(prefix="ms-record-"))
    mindspore.set_context(device_target="CPU")
    signatures = {}
    for name in MODULES:
        signatures[name] = public_callables(importlib.import_module(name))
        print(f"{name}: {len(signatures[name])} callables")
    reprs = record_reprs()
    print(f"reprs: {len(reprs)} Cells")
    data = {"mindspore_version": mindspore.__version__, "signatures": signatures, "reprs": reprs}
    OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
