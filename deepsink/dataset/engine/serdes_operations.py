"""The JSON form of a map's operations, as MindSpore 2.10 writes and reads it.

A C++-style operation is ``{"tensor_op_name": <MindSpore's kernel name>, "tensor_op_params": {...}}``
with MindSpore's parameter names and encodings (float parameters as the float32 its kernel holds,
``Inter``/``Border``/``Relational`` as the C++ enum numbers, tensors as ``{"data", "shape",
"type"}``). A Python-style operation (a vision operation on PIL images, ``ToPIL``, ``ToNumpy``,
``FiveCrop``, ...) is ``{"python_module", "tensor_op_name", "tensor_op_params"}``, and a run of
them is written inside one ``Compose``, as 2.10's ``map`` groups them. A user's Python function is
``{"python_module", "tensor_op_name"}`` (its module and name only): 2.10 cannot rebuild it, and a
rebuilt pipeline fails on first use with 2.10's message.

``_SPECS`` lists each operation's parameters; those whose ``rebuild`` is False are written but,
as in 2.10, refused by ``deserialize`` (``Invalid data, unsupported operation: <name>``).
"""

from __future__ import annotations

import inspect
from typing import Any

import numpy as np

# MindSpore's C++ enums
_INTER = {"BILINEAR": 0, "NEAREST": 1, "BICUBIC": 2, "AREA": 3, "PILCUBIC": 4}
_BORDER = {"CONSTANT": 0, "EDGE": 1, "REFLECT": 2, "SYMMETRIC": 3}
_RELATIONAL = {"EQ": 0, "NE": 1, "LT": 2, "LE": 3, "GT": 4, "GE": 5}
_DE_TYPES = [
    "unknown", "bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
    "float16", "float32", "float64", "string",
]  # fmt: skip
_MS_MODULE = {
    "vision": "mindspore.dataset.vision.transforms",
    "transforms": "mindspore.dataset.transforms.transforms",
}
# operations that only run on PIL images or convert between the two forms (2.10's Python ones)
_PY_ONLY = {"ToPIL", "ToNumpy", "FiveCrop", "TenCrop", "Grayscale", "RandomGrayscale",
            "LinearTransformation", "RandomErasing", "RandomPerspective"}  # fmt: skip
_PIL_CAPABLE = {"CenterCrop", "Pad", "RandomCrop", "RandomRotation", "RandomAffine", "RandomResizedCrop",
                "Resize", "RandomHorizontalFlip", "RandomVerticalFlip", "RandomColorAdjust", "RandomSharpness",
                "RandomColor", "Invert", "AutoContrast", "Equalize", "RandomPosterize", "Decode",
                "HorizontalFlip", "VerticalFlip", "Rotate", "Perspective", "RandomSolarize"}  # fmt: skip
_PYFUNC_MODULE = "mindspore.dataset.transforms.py_transforms_util"
PYFUNC_MISSING = (
    "Failed to find key 'tensor_op_params' in PyFuncOp' JSON file or input dict, "
    "check input content of deserialize()."
)


def f32(v: Any) -> Any:
    """A float parameter (or list of them) as the float32 MindSpore's kernel holds and writes."""
    if isinstance(v, list | tuple):
        return [f32(x) for x in v]
    return float(np.float32(v))


def _ints(v: Any, n: int = 0) -> list:
    v = list(v) if isinstance(v, list | tuple) else [v] * (n or 1)
    return [int(x) for x in v]


def tensor_json(v: Any) -> dict:
    a = np.asarray(v)
    if a.dtype.kind == "U":
        return {"data": a.ravel().tolist(), "shape": list(a.shape), "type": "string"}
    return {"data": a.ravel().tolist(), "shape": list(a.shape), "type": a.dtype.name}


def tensor_value(j: dict) -> Any:
    a = np.array(j["data"], dtype=None if j["type"] == "string" else j["type"])
    return a.reshape(j["shape"]) if j["shape"] else a.reshape(()).item()


def _listed(v: Any, conv: Any) -> list:
    """A number or sequence argument as the list 2.10 writes (as given: ``3`` -> ``[3]``)."""
    if v is None:
        return []
    return [conv(x) for x in (v if isinstance(v, list | tuple) else [v])]


def _unlisted(v: list) -> Any:
    return None if not v else v[0] if len(v) == 1 else v


def _code(table: dict, member: Any) -> int:
    return table[member.name]


def _member(enum: Any, table: dict, code: int) -> Any:
    return enum[{v: k for k, v in table.items()}[code]]


def _specs() -> dict[str, tuple]:
    """MindSpore name -> (deepsink class, to_params(op), from_params(params) or None)."""
    from deepsink.common import dtype as mstype
    from deepsink.dataset import text as X
    from deepsink.dataset import transforms as T
    from deepsink.dataset import vision as V

    def inter(op, attr="interpolation"):
        return _code(_INTER, getattr(op, attr))

    def I(c):  # noqa: E743
        return _member(V.Inter, _INTER, c)

    def B(c):
        return _member(V.Border, _BORDER, c)

    cpu = {"device_target": "CPU"}
    plain = {
        name: (getattr(V, name), lambda op: dict(cpu), lambda p, name=name: getattr(V, name)())
        for name in ("Equalize", "HorizontalFlip", "Invert", "VerticalFlip")
    }
    nested = lambda op: [op_json(t) for t in op.transforms]  # noqa: E731
    rebuilt = lambda p: [op_from_json(t) for t in p["transforms"]]  # noqa: E731
    return {
        **plain,
        "AdjustBrightness": (V.AdjustBrightness, lambda op: {"brightness_factor": f32(op.brightness_factor), **cpu}, None),
        # 2.10 writes the factor a second time as the device target
        "AdjustContrast": (V.AdjustContrast, lambda op: {"contrast_factor": f32(op.contrast_factor), "device_target": f32(op.contrast_factor)}, None),
        "AdjustGamma": (V.AdjustGamma, lambda op: {"gain": f32(op.gain), "gamma": f32(op.gamma)},
                        lambda p: V.AdjustGamma(p["gamma"], p["gain"])),
        "Affine": (V.Affine, lambda op: {"degrees": f32(op.degrees), **cpu, "fill_value": _ints(op.fill_value, 3),
                                         "resample": inter(op, "resample"), "scale": f32(op.scale),
                                         "shear": f32(op.shear), "translate": f32(op.translate)},
                   lambda p: V.Affine(p["degrees"], p["translate"], p["scale"], p["shear"], I(p["resample"]), tuple(p["fill_value"]))),
        "AutoContrast": (V.AutoContrast, lambda op: {"cutoff": f32(op.cutoff), **cpu, "ignore": _ints(op.ignore or [])},
                         lambda p: V.AutoContrast(p["cutoff"], p["ignore"])),
        "CenterCrop": (V.CenterCrop, lambda op: {"size": _ints(op.size, 2)}, lambda p: V.CenterCrop(p["size"])),
        "ConvertColor": (V.ConvertColor, lambda op: {"convert_mode": int(op.convert_mode.value), **cpu}, None),
        "Crop": (V.Crop, lambda op: {"coordinates": _ints(op.coordinates)[::-1], **cpu, "size": _ints(op.size, 2)},
                 lambda p: V.Crop(p["coordinates"][::-1], p["size"])),
        "CutMixBatch": (V.CutMixBatch, lambda op: {"alpha": f32(op.alpha), "image_batch_format": int(op.image_batch_format.value), "prob": f32(op.prob)},
                        lambda p: V.CutMixBatch(V.ImageBatchFormat(p["image_batch_format"]), p["alpha"], p["prob"])),
        "CutOut": (V.CutOut, lambda op: {"is_hwc": op.is_hwc, "length": op.length, "num_patches": op.num_patches},
                   lambda p: V.CutOut(p["length"], p["num_patches"], p["is_hwc"])),
        "Decode": (V.Decode, lambda op: {**cpu, "rgb": True}, lambda p: V.Decode()),
        "GaussianBlur": (V.GaussianBlur, lambda op: {**cpu, "kernel_size": _listed(op.given[0], int), "sigma": _listed(op.given[1], f32)},
                         lambda p: V.GaussianBlur(_unlisted(p["kernel_size"]), _unlisted(p["sigma"]))),
        "HwcToChw": (V.HWC2CHW, lambda op: None, lambda p: V.HWC2CHW()),
        "MixUpBatch": (V.MixUpBatch, lambda op: {"alpha": f32(op.alpha)}, lambda p: V.MixUpBatch(p["alpha"])),
        "Normalize": (V.Normalize, lambda op: {**cpu, "is_hwc": op.is_hwc, "mean": f32(op.mean), "std": f32(op.std)},
                      lambda p: V.Normalize(p["mean"], p["std"], p["is_hwc"])),
        "NormalizePad": (V.NormalizePad, lambda op: {"dtype": str(op.dtype), "is_hwc": op.is_hwc, "mean": f32(op.mean), "std": f32(op.std)},
                         lambda p: V.NormalizePad(p["mean"], p["std"], p["dtype"], p["is_hwc"])),
        "Pad": (V.Pad, lambda op: {**cpu, "fill_value": _ints(op.fill_value, 3), "padding": _ints(op.padding, 4), "padding_mode": _code(_BORDER, op.padding_mode)},
                lambda p: V.Pad(p["padding"], tuple(p["fill_value"]), B(p["padding_mode"]))),
        "Perspective": (V.Perspective, lambda op: {**cpu, "end_points": [list(x) for x in op.end_points], "interpolation": inter(op), "start_points": [list(x) for x in op.start_points]}, None),
        "RandomAffine": (V.RandomAffine, lambda op: {"degrees": f32(op.degrees), "fill_value": _ints(op.fill_value, 3), "resample": inter(op, "resample"),
                                                     "scale": f32(op.scale or (1.0, 1.0)), "shear": f32(op.shear), "translate": f32(op.translate)},
                         lambda p: V.RandomAffine(p["degrees"], p["translate"], p["scale"], p["shear"], I(p["resample"]), tuple(p["fill_value"]))),
        "RandomColor": (V.RandomColor, lambda op: {"degrees": f32(op.degrees)}, lambda p: V.RandomColor(tuple(p["degrees"]))),
        "RandomColorAdjust": (V.RandomColorAdjust, lambda op: {k: f32(getattr(op, k)) for k in ("brightness", "contrast", "hue", "saturation")},
                              lambda p: V.RandomColorAdjust(tuple(p["brightness"]), tuple(p["contrast"]), tuple(p["saturation"]), tuple(p["hue"]))),
        "RandomCrop": (V.RandomCrop, lambda op: {"fill_value": _ints(op.fill_value, 3), "pad_if_needed": op.pad_if_needed, "padding": _ints(op.padding or 0, 4),
                                                 "padding_mode": _code(_BORDER, op.padding_mode), "size": _ints(op.size, 2)},
                       lambda p: V.RandomCrop(p["size"], p["padding"], p["pad_if_needed"], tuple(p["fill_value"]), B(p["padding_mode"]))),
        "RandomCropDecodeResize": (V.RandomCropDecodeResize, lambda op: {"interpolation": inter(op), "max_attempts": op.max_attempts, "ratio": f32(op.ratio), "scale": f32(op.scale), "size": _ints(op.size, 2)},
                                   lambda p: V.RandomCropDecodeResize(p["size"], tuple(p["scale"]), tuple(p["ratio"]), I(p["interpolation"]), p["max_attempts"])),
        "RandomHorizontalFlip": (V.RandomHorizontalFlip, lambda op: {"prob": f32(op.prob)}, lambda p: V.RandomHorizontalFlip(p["prob"])),
        "RandomPosterize": (V.RandomPosterize, lambda op: {"bits": _ints(op.bits, 2)}, lambda p: V.RandomPosterize(tuple(p["bits"]))),
        "RandomResize": (V.RandomResize, lambda op: {"size": _ints(op.size)}, lambda p: V.RandomResize(p["size"][0] if len(p["size"]) == 1 else p["size"])),
        "RandomResizedCrop": (V.RandomResizedCrop, lambda op: {"interpolation": inter(op), "max_attempts": op.max_attempts, "ratio": f32(op.ratio), "scale": f32(op.scale), "size": _ints(op.size, 2)},
                              lambda p: V.RandomResizedCrop(p["size"], tuple(p["scale"]), tuple(p["ratio"]), I(p["interpolation"]), p["max_attempts"])),
        "RandomRotation": (V.RandomRotation, lambda op: {"center": f32(list(op.center or [])), "degrees": f32(op.degrees), "expand": op.expand, "fill_value": _ints(op.fill_value, 3), "resample": inter(op, "resample")},
                           lambda p: V.RandomRotation(tuple(p["degrees"]), I(p["resample"]), p["expand"], tuple(p["center"]) or None, tuple(p["fill_value"]))),
        "RandomSelectSubpolicy": (V.RandomSelectSubpolicy, lambda op: {"policy": [[{"prob": f32(pr), "tensor_op": op_json(t)} for t, pr in sub] for sub in op.policy]},
                                  lambda p: V.RandomSelectSubpolicy([[(op_from_json(x["tensor_op"]), x["prob"]) for x in sub] for sub in p["policy"]])),
        "RandomSharpness": (V.RandomSharpness, lambda op: {"degrees": f32(op.degrees)}, lambda p: V.RandomSharpness(tuple(p["degrees"]))),
        "RandomSolarize": (V.RandomSolarize, lambda op: {"threshold": _ints(op.threshold, 2)}, lambda p: V.RandomSolarize(tuple(p["threshold"]))),
        "RandomVerticalFlip": (V.RandomVerticalFlip, lambda op: {"prob": f32(op.prob)}, lambda p: V.RandomVerticalFlip(p["prob"])),
        "Rescale": (V.Rescale, lambda op: {"rescale": f32(op.rescale), "shift": f32(op.shift)}, lambda p: V.Rescale(p["rescale"], p["shift"])),
        "Resize": (V.Resize, lambda op: {**cpu, "interpolation": inter(op), "size": _ints(op.size)},
                   lambda p: V.Resize(p["size"][0] if len(p["size"]) == 1 else p["size"], I(p["interpolation"]))),
        "Rotate": (V.Rotate, lambda op: {"center": f32(list(op.center or [])), "degree": f32(op.degrees), **cpu, "expand": op.expand, "fill_value": _ints(op.fill_value, 3), "resample": inter(op, "resample")},
                   lambda p: V.Rotate(p["degree"], I(p["resample"]), p["expand"], tuple(p["center"]) or None, tuple(p["fill_value"]))),
        "SlicePatches": (V.SlicePatches, lambda op: {"fill_value": op.fill_value, "num_height": op.num_height, "num_width": op.num_width, "slice_mode": int(op.slice_mode.value)},
                         lambda p: V.SlicePatches(p["num_height"], p["num_width"], V.SliceMode(p["slice_mode"]), p["fill_value"])),
        "UniformAugment": (V.UniformAugment, lambda op: {"num_ops": op.num_ops, "transforms": nested(op)}, lambda p: V.UniformAugment(rebuilt(p), p["num_ops"])),
        "ToTensor": (V.ToTensor, lambda op: {"output_type": np.dtype(op.output_type).name}, lambda p: V.ToTensor(p["output_type"])),
        "Concatenate": (T.Concatenate, lambda op: {"append": tensor_json(op.append), "axis": op.axis, "prepend": tensor_json(op.prepend)}, None),
        "Duplicate": (T.Duplicate, lambda op: None, None),
        "Fill": (T.Fill, lambda op: tensor_json(op.fill_value), lambda p: T.Fill(tensor_value(p))),
        "Mask": (T.Mask, lambda op: {"constant": tensor_json(op.constant), "dtype": _DE_TYPES.index(np.dtype(op._np).name), "op": _code(_RELATIONAL, op.operator)}, None),
        "OneHot": (T.OneHot, lambda op: {"num_classes": op.num_classes, "smoothing_rate": float(op.smoothing_rate)}, lambda p: T.OneHot(p["num_classes"], p["smoothing_rate"])),
        "PadEnd": (T.PadEnd, lambda op: {"pad_shape": list(op.pad_shape), "pad_value": tensor_json(op.pad_value)}, None),
        "RandomApply": (T.RandomApply, lambda op: {"prob": op.prob, "transforms": nested(op)}, None),
        "RandomChoice": (T.RandomChoice, lambda op: {"transforms": nested(op)}, None),
        "Slice": (T.Slice, lambda op: None, None),
        "TypeCast": (T.TypeCast, lambda op: {"data_type": np.dtype(op.data_type).name}, lambda p: T.TypeCast(np.dtype(p["data_type"]).type)),
        "Unique": (T.Unique, lambda op: None, None),
        "ToNumber": (X.ToNumber, lambda op: {"data_type": np.dtype(op._np).name}, lambda p: X.ToNumber(getattr(mstype, p["data_type"]))),
        "Truncate": (X.Truncate, lambda op: {"max_seq_len": op.max_seq_len}, None),
        "WhitespaceTokenizer": (X.WhitespaceTokenizer, lambda op: None, None),
        "Lookup": (X.Lookup, lambda op: None, None),
    }  # fmt: skip


def _by_class() -> dict:
    return {spec[0]: (name, spec) for name, spec in _specs().items()}


def _py_json(op: Any) -> dict:
    """A Python-style operation: its class's MindSpore module and constructor arguments."""
    group = (
        "transforms" if type(op).__module__.startswith("deepsink.dataset.transforms") else "vision"
    )
    params: dict[str, Any] = {}
    for name in inspect.signature(type(op).__init__).parameters:
        if name == "self" or not hasattr(op, name):
            continue
        v = getattr(op, name)
        if name == "transforms":
            v = [op_json(t, python=True) for t in v]
        elif hasattr(v, "name") and hasattr(v, "value"):
            v = v.name
        elif isinstance(v, np.dtype | type):
            v = np.dtype(v).name
        elif isinstance(v, tuple):
            v = list(v)
        params[name] = v
    params["implementation"] = 1
    return {
        "python_module": _MS_MODULE[group],
        "tensor_op_name": type(op).__name__,
        "tensor_op_params": params,
    }


def _py_from_json(j: dict) -> Any:
    from deepsink.dataset import transforms as T
    from deepsink.dataset import vision as V

    group = T if j["python_module"].startswith("mindspore.dataset.transforms") else V
    cls = getattr(group, j["tensor_op_name"], None)
    if cls is None:
        raise RuntimeError(f"Invalid data, unsupported operation: {j['tensor_op_name']}")
    sig = inspect.signature(cls.__init__).parameters
    kwargs = {}
    for k, v in j["tensor_op_params"].items():
        if k not in sig:
            continue
        if k == "transforms":
            v = [op_from_json(t) for t in v]
        elif isinstance(v, str) and k in ("interpolation", "resample"):
            v = V.Inter[v]
        elif isinstance(v, str) and k == "padding_mode":
            v = V.Border[v]
        elif isinstance(v, list):
            v = tuple(v)
        kwargs[k] = v
    return cls(**kwargs)


def _pyfunc_json(fn: Any) -> dict:
    """A user's function: 2.10 writes the module of its wrapper and the function's name."""
    name = getattr(fn, "__name__", None) or type(fn).__name__
    return {"python_module": _PYFUNC_MODULE, "tensor_op_name": name}


class UnresolvedPyFunc:
    """A user's Python function read back from JSON: 2.10 keeps only its module and name, so the
    rebuilt pipeline fails where 2.10's does, when it is serialized again or run."""

    def __init__(self, j: dict) -> None:
        self.json = dict(j)

    def __call__(self, *args: Any) -> Any:
        raise RuntimeError(PYFUNC_MISSING)


def op_json(op: Any, python: bool = False) -> dict:
    """One operation's JSON (``python``: it runs on PIL images, written as 2.10's Python op)."""
    from deepsink.dataset.transforms.transforms import PyFunc

    if isinstance(op, UnresolvedPyFunc) or isinstance(getattr(op, "fn", None), UnresolvedPyFunc):
        raise RuntimeError(PYFUNC_MISSING)
    if isinstance(op, PyFunc):
        return _pyfunc_json(op.fn)
    name = type(op).__name__
    if name == "ToType":  # 2.10 runs it as its TypeCast kernel
        return {
            "tensor_op_name": "TypeCast",
            "tensor_op_params": {"data_type": np.dtype(op._np).name},
        }
    if python or name in _PY_ONLY:
        if type(op).__module__.startswith("deepsink."):
            return _py_json(op)
    hit = _by_class().get(type(op))
    if hit is not None:
        return {"tensor_op_name": hit[0], "tensor_op_params": hit[1][1](op)}
    if type(op).__module__.startswith("deepsink."):
        return _py_json(op)
    if callable(op):
        return _pyfunc_json(op)
    raise TypeError(f"serialize: {op!r} is not an operation")


_COMPOUND = ("RandomApply", "RandomChoice", "RandomOrder")


def _flags(ops: list, pil: bool) -> tuple[list[bool], bool]:
    """Which operations run as Python ones (on PIL images), and whether images are PIL after them:
    after ``Decode(to_pil=True)`` or ``ToPIL`` until ``ToNumpy``/``ToTensor``; a compound
    operation is a Python one when any operation in it is."""
    out = []
    for op in ops:
        name = type(op).__name__
        if name == "Decode":
            pil = python = bool(getattr(op, "to_pil", False))
        elif name == "ToPIL":
            pil = python = True
        elif name in ("ToNumpy", "ToTensor"):
            python, pil = False, False
        elif name in _COMPOUND:
            inner, after = _flags(list(op.transforms), pil)
            python, pil = pil or any(inner), after if name == "RandomApply" else pil or any(inner)
        else:
            python = name in _PY_ONLY or (pil and name in _PIL_CAPABLE)
        out.append(python)
    return out, pil


def _decomposed(ops: list) -> list:
    """A map's operations with every ``Compose`` opened into its operations (2.10's map does)."""
    out = []
    for op in ops:
        if type(op).__name__ == "Compose":
            out.extend(_decomposed(list(op.transforms)))
        else:
            out.append(op)
    return out


def operations_json(ops: list) -> list:
    """A map's operations as 2.10 writes them: ``Compose`` opened, the Python operations (see
    ``_flags``) written as such, and each run of more than one of them inside a ``Compose``."""
    ops = _decomposed(list(ops))
    flags, _ = _flags(ops, False)
    items = [(py, op_json(op, python=py)) for py, op in zip(flags, ops)]
    out: list[dict] = []
    i = 0
    while i < len(items):
        j = i
        while j < len(items) and items[j][0]:
            j += 1
        if j - i > 1:
            out.append(
                {
                    "python_module": _MS_MODULE["transforms"],
                    "tensor_op_name": "Compose",
                    "tensor_op_params": {
                        "implementation": 1,
                        "transforms": [x for _, x in items[i:j]],
                    },
                }
            )
            i = j
            continue
        out.append(items[i][1])
        i += 1
    return out


def op_from_json(j: dict) -> Any:
    """One operation rebuilt from its JSON; RuntimeError with 2.10's text for those it refuses."""
    name = j.get("tensor_op_name")
    if "python_module" in j:
        if "tensor_op_params" not in j:
            return UnresolvedPyFunc(j)
        if name == "Compose" or j["python_module"].startswith("mindspore.dataset."):
            if name == "Compose":
                from deepsink.dataset import transforms as T

                return T.Compose([op_from_json(t) for t in j["tensor_op_params"]["transforms"]])
            return _py_from_json(j)
        raise RuntimeError("Invalid json content, try to serialzie dataset again.")
    if name is None:
        raise RuntimeError("Failed to find tensor_op_name")
    if "tensor_op_params" not in j:
        raise RuntimeError("Failed to find tensor_op_params")
    spec = _specs().get(name)
    if spec is None or spec[2] is None:
        raise RuntimeError(f"Invalid data, unsupported operation: {name}")
    return spec[2](j["tensor_op_params"] or {})


def operations_from_json(items: list) -> list:
    """A map's operations, ``Compose`` groups opened again into their operations."""
    out = []
    for j in items:
        if (
            j.get("tensor_op_name") == "Compose"
            and "python_module" in j
            and "tensor_op_params" in j
        ):
            out.extend(op_from_json(t) for t in j["tensor_op_params"]["transforms"])
        else:
            out.append(op_from_json(j))
    return out
