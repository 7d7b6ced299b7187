"""Dataset transform cases whose results MindSpore 2.10 fixes exactly: ``BatchInfo``'s batch and
epoch numbers under ``repeat`` and several iterator epochs, eager ``Compose`` mixing C++-style ops,
PIL images and Python functions, the output type of each vision op given a PIL image,
``Concatenate`` of several columns and its errors, ``Duplicate``'s arity, and text ops given
bytes instead of strings. ``scripts/record_transform_parity_fixtures.py`` records 2.10's outcomes
(``tests/fixtures/ms/transform_parity.json``); ``tests/dataset/test_transform_parity.py`` replays
them on deepsink."""

from __future__ import annotations

import numpy as np

# a PIL image of random pixels (fixed) for the vision cases
_PIXELS = np.random.default_rng(0).integers(0, 255, (20, 24, 3), dtype=np.uint8)
BYTES = b"/x56/x34/x78/x66"


def describe(value) -> object:
    """A result as JSON: arrays by dtype, shape and values (or their sum), PIL images by mode and
    size, tuples item by item, errors by type and MindSpore's message line."""
    if isinstance(value, tuple | list):
        return {"seq": type(value).__name__, "items": [describe(v) for v in value]}
    if hasattr(value, "getbands"):
        return {"pil": value.mode, "size": list(value.size)}
    arr = np.asarray(value)
    out = {"dtype": str(arr.dtype), "shape": list(arr.shape)}
    if arr.dtype.kind in "biuf" and arr.size > 16:
        out["sum"] = float(arr.astype(np.float64).sum())
    else:
        out["values"] = arr.astype(str).tolist() if arr.dtype.kind in "SU" else arr.tolist()
    return out


def error_line(e: Exception) -> str:
    """MindSpore's own words: the ``[ERROR]`` line of a pipeline error, else the first line."""
    text = str(e)
    if "[ERROR] " in text:
        text = text.split("[ERROR] ", 1)[1]
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()] or [""]
    # a Python error inside the pipeline: MindSpore prints its traceback, the error is last
    line = lines[-1] if lines[0].startswith("Traceback") else lines[0]
    return line.replace("map operation: [", "").split("] failed. ")[-1].strip()


# an error by the built-in type MindSpore raises (a library's subclass counts as its base)
_BUILTIN_ERRORS = (TypeError, ValueError, IndexError, KeyError, AttributeError, RuntimeError)


def _try(fn) -> object:
    try:
        return describe(fn())
    except Exception as e:  # noqa: BLE001 - the outcome is the exception
        kind = next((t for t in _BUILTIN_ERRORS if isinstance(e, t)), type(e))
        return {"error": kind.__name__, "message": error_line(e)}


def _gen(n):
    def rows():
        for i in range(n):
            yield (np.array([i]),)

    return rows


def batch_info_outcomes(ds) -> dict:
    """(epoch, batch) that a callable batch size and per_batch_map see, batch below and above
    repeat, over two iterator epochs."""
    out = {}

    def numbers(data_fn):
        seen = {"size": [], "map": []}

        def size(info):
            seen["size"].append([info.get_epoch_num(), info.get_batch_num()])
            return 2

        def pbm(col, info):
            seen["map"].append([info.get_epoch_num(), info.get_batch_num()])
            return (col,)

        data = data_fn(size, pbm)
        it = data.create_tuple_iterator(num_epochs=2, output_numpy=True)
        rows = [[r[0].ravel().tolist() for r in it] for _ in range(2)]
        return {"rows": rows, "map": sorted(seen["map"]), "size": sorted(seen["size"])}

    out["batch_then_repeat"] = numbers(
        lambda size, pbm: (
            ds.GeneratorDataset(_gen(5), ["n"])
            .batch(size, input_columns=["n"], per_batch_map=pbm)
            .repeat(3)
        )
    )
    out["repeat_then_batch"] = numbers(
        lambda size, pbm: (
            ds.GeneratorDataset(_gen(5), ["n"])
            .repeat(2)
            .batch(2, input_columns=["n"], per_batch_map=pbm)
        )
    )
    return out


def compose_outcomes(transforms, vision) -> dict:
    from PIL import Image

    a = np.ones((31, 102, 3), np.uint8)
    p = Image.fromarray(a)
    to_pil = lambda x: Image.fromarray(transforms.Compose([vision.HorizontalFlip()])(x))  # noqa: E731
    cases = {
        "c_numpy": lambda: transforms.Compose([vision.HorizontalFlip()])(a),
        "c_pil": lambda: transforms.Compose([vision.HorizontalFlip()])(p),
        "py_ops_pil": lambda: transforms.Compose([vision.Resize((30, 30)), vision.CenterCrop(20)])(
            p
        ),
        "c_and_func_numpy": lambda: transforms.Compose([vision.HorizontalFlip(), lambda x: x])(a),
        "c_and_func_pil": lambda: transforms.Compose([vision.HorizontalFlip(), lambda x: x])(p),
        "func_returns_pil": lambda: transforms.Compose([to_pil])(a),
        "func_returns_pil_then_func": lambda: transforms.Compose([to_pil, lambda x: x[:2]])(a),
        "to_pil_then_flip": lambda: transforms.Compose([vision.ToPIL(), vision.HorizontalFlip()])(
            a
        ),
        "duplicate_then_concatenate": lambda: transforms.Compose(
            [transforms.Duplicate(), transforms.Concatenate()] * 2
        )(np.array([1, 0])),
        "duplicate_then_func": lambda: transforms.Compose(
            [transforms.Duplicate(), lambda x, y: x + y]
        )(np.array([1, 0])),
    }
    cases["called_without_input"] = lambda: transforms.Compose([lambda x: x + x])()
    cases["refuses_int_item"] = lambda: transforms.Compose([1, transforms.Fill(1)]) and "built"
    cases["refuses_empty"] = lambda: transforms.Compose([]) and "built"
    cases["refuses_tuple"] = lambda: transforms.Compose((abs,)) and "built"
    return {k: _try(f) for k, f in cases.items()}


def pil_input_outcomes(vision) -> dict:
    """Deterministic vision ops on a PIL image: MindSpore's ops without a PIL implementation return
    numpy arrays; those with one return PIL images."""
    from PIL import Image

    p = Image.fromarray(_PIXELS)
    ops = {
        "HorizontalFlip": vision.HorizontalFlip(),
        "VerticalFlip": vision.VerticalFlip(),
        "Rotate": vision.Rotate(30),
        "Crop": vision.Crop((0, 0), 5),
        "Posterize": vision.Posterize(4),
        "Solarize": vision.Solarize(100),
        "AdjustSharpness": vision.AdjustSharpness(2.0),
        "Affine": vision.Affine(10, [1, 1], 1.0, [0, 0]),
        "PadToSize": vision.PadToSize((30, 30)),
        "ResizedCrop": vision.ResizedCrop(0, 0, 5, 5, (8, 8)),
        "RandomInvert": vision.RandomInvert(1.0),
        "RandomEqualize": vision.RandomEqualize(1.0),
        "RandomAutoContrast": vision.RandomAutoContrast(prob=1.0),
        "RandomAdjustSharpness": vision.RandomAdjustSharpness(2.0, 1.0),
        "Resize": vision.Resize((8, 8)),
        "CenterCrop": vision.CenterCrop(5),
        "Invert": vision.Invert(),
        "RandomVerticalFlip": vision.RandomVerticalFlip(1.0),
        "HWC2CHW": vision.HWC2CHW(),
        "Erase": vision.Erase(0, 0, 2, 2),
        "ConvertColor": vision.ConvertColor(vision.ConvertMode.COLOR_RGB2GRAY),
        "RgbToHsv": vision.RgbToHsv(),
        "HsvToRgb": vision.HsvToRgb(),
    }
    # random ops: only the kind of result (their draws are another matter)
    kinds = {
        "RandomPosterize": vision.RandomPosterize(),
        "AutoAugment": vision.AutoAugment(),
        "RandAugment": vision.RandAugment(),
        "TrivialAugmentWide": vision.TrivialAugmentWide(),
    }
    out = {k: _try(lambda op=op: op(p)) for k, op in ops.items()}
    for k, op in kinds.items():
        res = _try(lambda op=op: op(p))
        out[k] = {key: v for key, v in res.items() if key not in ("sum", "values")}
    return out


def concatenate_outcomes(ds, transforms) -> dict:
    a, b = np.array([1, 2]), np.array([3, 4, 5])
    cat = transforms.Concatenate
    cases = {
        "two_inputs": lambda: cat()(a, b),
        "two_inputs_prepend_append": lambda: cat(0, np.array([0]), np.array([9]))(a, b),
        "axis_minus_one": lambda: cat(-1)(a, b),
        "strings": lambda: cat()(np.array(["a"]), np.array(["bc"])),
        "dtypes_differ": lambda: cat()(a, np.array([1.5])),
        "int32_int64": lambda: cat()(a.astype(np.int32), b),
        "string_and_number": lambda: cat()(a, np.array(["x"])),
        "rank2_second": lambda: cat()(a, np.array([[1]])),
        "rank0": lambda: cat()(np.array(5)),
        "prepend_dtype": lambda: cat(0, np.array([1.0]))(a),
        "duplicate_two_inputs": lambda: transforms.Duplicate()(a, b),
    }
    out = {k: _try(f) for k, f in cases.items()}

    def pipe(op, cols, out_cols):
        data = ds.NumpySlicesDataset({"x": [[1, 2], [3, 4]], "y": [[5], [6]]}, shuffle=False)
        data = data.map(op, input_columns=cols, output_columns=out_cols)
        return [r for r in data.create_tuple_iterator(output_numpy=True)]

    out["map_two_columns"] = _try(lambda: pipe(cat(), ["x", "y"], ["z"]))
    out["map_duplicate_two_columns"] = _try(
        lambda: pipe(transforms.Duplicate(), ["x", "y"], ["z", "w"])
    )
    return out


def bytes_outcomes(ds, text, mstype) -> dict:
    """Text ops given bytes (a Python ``bytes`` or a numpy ``S`` array): 2.10's string kernels
    refuse them; PythonTokenizer (Python-implemented) decodes them."""
    ops = {
        "BasicTokenizer": text.BasicTokenizer(),
        "CaseFold": text.CaseFold(),
        "FilterWikipediaXML": text.FilterWikipediaXML(),
        "Ngram": text.Ngram([3]),
        "NormalizeUTF8": text.NormalizeUTF8(),
        "RegexReplace": text.RegexReplace("/x56", "/x78"),
        "ToNumber": text.ToNumber(mstype.int8),
        "UnicodeCharTokenizer": text.UnicodeCharTokenizer(),
        "UnicodeScriptTokenizer": text.UnicodeScriptTokenizer(),
        "WhitespaceTokenizer": text.WhitespaceTokenizer(),
        "RegexTokenizer": text.RegexTokenizer(r"\s+"),
        "SlidingWindow": text.SlidingWindow(2),
        "Truncate": text.Truncate(2),
        "PythonTokenizer": text.PythonTokenizer(lambda s: s.split()),
        "AddToken": text.AddToken("x"),
        "WordpieceTokenizer": text.WordpieceTokenizer(text.Vocab.from_list(["a"])),
        "Lookup": text.Lookup(text.Vocab.from_list(["a"]), "a"),
    }
    out = {}
    for name, op in ops.items():
        out[f"{name}_scalar"] = _try(lambda op=op: op(BYTES))
        out[f"{name}_array"] = _try(lambda op=op: op(np.array([BYTES, BYTES])))
    out["CaseFold_str"] = _try(lambda: text.CaseFold()("AbC"))
    out["CaseFold_numpy_bytes"] = _try(lambda: text.CaseFold()(np.array(b"AbC")))

    def pipe(op):
        data = ds.NumpySlicesDataset([b"Ab c", b"D e"], shuffle=False).map(op)
        return [r for r in data.create_tuple_iterator(output_numpy=True)]

    out["map_CaseFold_bytes"] = _try(lambda: pipe(text.CaseFold()))
    out["map_WhitespaceTokenizer_bytes"] = _try(lambda: pipe(text.WhitespaceTokenizer()))
    out["map_source_bytes_dtype"] = _try(
        lambda: [
            r[0]
            for r in ds.NumpySlicesDataset([b"Ab"], shuffle=False).create_tuple_iterator(
                output_numpy=True
            )
        ]
    )
    return out


def vision_argument_outcomes(vision) -> dict:
    """Vision ops' argument checks, by MindSpore's validators' types and words."""
    aff = dict(degrees=15, translate=[1, 1], scale=1.5, shear=10)
    cases = {
        "affine_scale_zero": {**aff, "scale": 0.0},
        "affine_scale_negative": {**aff, "scale": -0.2},
        "affine_shear_three": {**aff, "shear": [1.5, 3.5, 3.5]},
        "affine_shear_out_of_range": {**aff, "shear": 200},
        "affine_shear_item_out_of_range": {**aff, "shear": [1, 200]},
        "affine_shear_string": {**aff, "shear": "a"},
    }
    out = {k: _try(lambda kw=kw: vision.Affine(**kw) and "built") for k, kw in cases.items()}
    makers = {
        "AutoAugment": lambda i: vision.AutoAugment(interpolation=i),
        "RandAugment": lambda i: vision.RandAugment(interpolation=i),
        "TrivialAugmentWide": lambda i: vision.TrivialAugmentWide(interpolation=i),
        "Resize": lambda i: vision.Resize(5, i),
        "Rotate": lambda i: vision.Rotate(5, i),
        "RandomRotation": lambda i: vision.RandomRotation(5, i),
        "ResizedCrop": lambda i: vision.ResizedCrop(0, 0, 2, 2, 2, i),
        "Affine": lambda i: vision.Affine(1, [0, 0], 1, 1, i),
        "RandomResizedCrop": lambda i: vision.RandomResizedCrop(2, interpolation=i),
    }
    for name, make in makers.items():
        out[f"{name}_interpolation_string"] = _try(lambda make=make: make("invalid") and "built")
    return out


def nd_image_outcomes(ds, vision) -> dict:
    """Vision ops on <..., H, W, C> inputs (a batch, a video): some of MindSpore's kernels run
    each image, the others refuse the rank (RuntimeError); CenterCrop's padding limit."""
    x = np.random.default_rng(1).integers(0, 255, (2, 3, 10, 12, 3), dtype=np.uint8)
    ops = {
        "CenterCrop": vision.CenterCrop(4),
        "CenterCrop_pad": vision.CenterCrop((14, 16)),
        "HorizontalFlip": vision.HorizontalFlip(),
        "VerticalFlip": vision.VerticalFlip(),
        "Rotate": vision.Rotate(90),
        "Resize": vision.Resize((5, 6)),
        "Crop": vision.Crop((1, 1), 4),
        "HWC2CHW": vision.HWC2CHW(),
        "Pad": vision.Pad(1),
        "Invert": vision.Invert(),
        "GaussianBlur": vision.GaussianBlur(3),
        "RandomVerticalFlip": vision.RandomVerticalFlip(1.0),
    }
    out = {}
    for name, op in ops.items():
        out[f"{name}_4d"] = _try(lambda op=op: op(x[0]))
        out[f"{name}_5d"] = _try(lambda op=op: op(x))

    def mapped(op):  # rows that are <N, H, W, C> batches
        data = ds.NumpySlicesDataset({"x": x}, shuffle=False).map(op, input_columns=["x"])
        return [r[0] for r in data.create_tuple_iterator(output_numpy=True)]

    for name in ("CenterCrop", "HorizontalFlip", "Rotate"):
        out[f"{name}_map_rows_4d"] = _try(lambda name=name: mapped(ops[name]))
    for name in ("HorizontalFlip", "VerticalFlip", "Rotate"):
        out[f"{name}_1d"] = _try(lambda name=name: ops[name](np.array([1], np.uint8)))
    img = x[0, 0]
    for size in ((40, 5), (39, 5), (5, 48), (5, 47), (16777216, 16777216)):
        out[f"CenterCrop_size_{size[0]}x{size[1]}"] = _try(
            lambda size=size: vision.CenterCrop(size)(img).shape
        )
    return out


def ngram_outcomes(text) -> dict:
    """Ngram pads each n-gram size with at most n - 1 pad words a side; an input too short for a
    size gives one empty string for it."""
    cases = {
        "short_for_all": (["Lone", "Star"], [2, 3, 4, 5], ("", 0), ("", 0)),
        "one_word_n3": (["a"], [3], ("", 0), ("", 0)),
        "mixed_sizes": (["a"], [1, 3, 2], ("", 0), ("", 0)),
        "pads_not_enough": (["a", "b"], [4], ("L", 1), ("R", 0)),
        "pads_per_size": (["a", "b"], [5, 1], ("L", 1), ("R", 1)),
        "pads_two": (["x", "y", "z"], [1, 2, 3], ("_", 2), ("_", 2)),
    }
    return {
        k: _try(lambda c=c: text.Ngram(c[1], c[2], c[3])(np.array(c[0]))) for k, c in cases.items()
    }


def mask_pad_outcomes(ds, transforms, mstype) -> dict:
    """Mask compares a number in the input's type; Mask and PadEnd refuse mixed kinds (numbers,
    strings, bytes) with MindSpore's words; PadEnd keeps bytes bytes."""
    rel = transforms.Relational

    def pipe(arr, op):
        data = ds.NumpySlicesDataset([arr], shuffle=False).map(operations=op)
        return [r[0] for r in data.create_tuple_iterator(num_epochs=1, output_numpy=True)]

    out = {}
    for dt in ("int8", "uint8", "int32", "uint64", "float16", "float64"):
        ints = np.array([1, 2, 3, 4, 5]).astype(dt)
        out[f"mask_lt_3.5_{dt}"] = _try(lambda x=ints: pipe(x, transforms.Mask(rel.LT, 3.5)))
        out[f"mask_eager_ge_3.5_{dt}"] = _try(lambda x=ints: transforms.Mask(rel.GE, 3.5)(x))
    cases = {
        "mask_int8_output": lambda: pipe([1, 2, 3], transforms.Mask(rel.EQ, 2, mstype.int8)),
        "mask_string_constant": lambda: pipe([1, 2, 3], transforms.Mask(rel.EQ, "3.5")),
        "mask_string_input": lambda: pipe(["1", "2"], transforms.Mask(rel.EQ, 3.5)),
        "mask_string_output": lambda: pipe(
            ["1", "2"], transforms.Mask(rel.EQ, "3.5", mstype.string)
        ),
        "mask_strings_equal": lambda: pipe(["1", "2"], transforms.Mask(rel.EQ, "2")),
        "pad_bytes": lambda: pipe([b"1", b"2"], transforms.PadEnd([3], b"-1")),
        "pad_bytes_default": lambda: pipe([b"1", b"2"], transforms.PadEnd([4])),
        "pad_numbers_with_string": lambda: pipe([1, 2], transforms.PadEnd([3], "-1")),
        "pad_bytes_with_number": lambda: pipe([b"1", b"2"], transforms.PadEnd([3], 1)),
        "pad_strings": lambda: pipe(["1", "2"], transforms.PadEnd([3], "x")),
        "pad_strings_with_bytes": lambda: pipe(["1", "2"], transforms.PadEnd([3], b"x")),
        "pad_eager_bytes": lambda: transforms.PadEnd([3], b"-1")(np.array([b"1", b"2"])),
        "pad_eager_numbers_with_string": lambda: transforms.PadEnd([3], "-1")(np.array([1, 2])),
        "pad_float_value": lambda: pipe([1, 2], transforms.PadEnd([3], 1.7)),
    }
    out.update({k: _try(f) for k, f in cases.items()})
    return out


def outcomes(ds, transforms, vision, text, mstype) -> dict:
    out = {}
    for prefix, res in (
        ("batch_info", batch_info_outcomes(ds)),
        ("compose", compose_outcomes(transforms, vision)),
        ("pil_input", pil_input_outcomes(vision)),
        ("concatenate", concatenate_outcomes(ds, transforms)),
        ("bytes", bytes_outcomes(ds, text, mstype)),
        ("vision_arguments", vision_argument_outcomes(vision)),
        ("ngram", ngram_outcomes(text)),
        ("mask_pad", mask_pad_outcomes(ds, transforms, mstype)),
        ("nd_images", nd_image_outcomes(ds, vision)),
    ):
        out.update({f"{prefix}/{k}": v for k, v in res.items()})
    return out
