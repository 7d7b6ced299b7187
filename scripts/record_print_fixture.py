"""Record how MindSpore 2.10 prints (NOT run by CI; run with the MindSpore interpreter named by
``$DEEPSINK_MINDSPORE_PYTHON``).

``$DEEPSINK_MINDSPORE_PYTHON scripts/record_print_fixture.py`` writes a Print file serialized by
MindSpore's own ``print.proto`` classes: MindSpore 2.10's CPU build ignores ``print_file_path``
(Ascend only), so the file is built with the ``mindspore.train.print_pb2`` module MindSpore ships,
the way its Print kernel writes one message per call, to
``tests/fixtures/ms/print_file/mindspore_print.pb`` with the expected values beside it (``.npz``).

``$DEEPSINK_MINDSPORE_PYTHON scripts/record_print_fixture.py tensor`` writes
``tests/fixtures/ms/tensor/print_matrix.json``: ``repr``, ``str`` and ``print`` of a Tensor for
every dtype, shape class and magnitude class, of the same Tensor made with ``Tensor.from_numpy``,
and of a Tensor inside a dataset row.
"""

from pathlib import Path

import numpy as np
from mindspore.train.print_pb2 import Print

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "print_file"

CALLS = [
    ["print:", np.array([[1, 2, 3, 4], [5, 6, 7, 8]], np.float32)],
    ["step", np.array(3, np.int32), "loss", np.array(0.25, np.float32)],
    [np.array([True, False]), np.array([[1], [2]], np.uint8), np.array([1.5, -2], np.float16)],
]
NAMES = {
    np.float32: "Float32",
    np.int32: "Int32",
    np.bool_: "Bool",
    np.uint8: "UInt8",
    np.float16: "Float16",
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    data = b""
    expected = {}
    i = 0
    for call in CALLS:
        msg = Print()
        for item in call:
            value = msg.value.add()
            if isinstance(item, str):
                value.desc = item
                expected[f"{i:02d}_str"] = np.array(item)
            else:
                value.tensor.dims.extend(item.shape)
                value.tensor.tensor_type = NAMES[item.dtype.type]
                value.tensor.tensor_content = item.tobytes()
                expected[f"{i:02d}_tensor"] = item
            i += 1
        data += msg.SerializeToString()  # one message per Print call, appended
    (OUT / "mindspore_print.pb").write_bytes(data)
    np.savez(OUT / "mindspore_print_expected.npz", **expected)
    print(f"wrote {OUT}/mindspore_print.pb ({len(data)} bytes, {i} items)")


# --- Tensor printing: ``python scripts/record_print_fixture.py tensor`` -------------------------
# Every dtype x shape class x magnitude class: repr, str, what print() writes, and a Tensor inside a
# dataset row as MindSpore's dict iterator yields it. Each case is (source expression, dtype
# name); both frameworks build ``Tensor(eval(expression), dtype=<dtype>)`` (the test evaluates the
# same expression with numpy), so the recorded text is the printer's alone.
TENSOR_OUT = OUT.parent / "tensor" / "print_matrix.json"

SHAPES = {
    "scalar": "np.array(3)",
    "empty": "np.zeros((0,))",
    "empty_2d": "np.zeros((2, 0))",
    "1d": "np.arange(5) - 2",
    "2d": "np.arange(6).reshape(2, 3) - 2",
    "3d": "np.arange(24).reshape(2, 3, 4) - 5",
    "long_1d": "np.arange(30) - 7",
    "large_elided": "np.arange(2000) - 1000",
    "large_2d_elided": "np.arange(1600).reshape(40, 40) - 800",
}
FLOAT_VALUES = {
    "ones": "np.ones(2)",
    "small": "np.array([1e-5, 2.5e-6, -3.75e-7])",
    "huge": "np.array([1e10, -2.5e12, 3e15])",
    "mixed": "np.array([1e-3, 1.5, -2e5, 123.456])",
    "fractions": "np.array([0.1, 0.25, -0.3333333, 2.0])",
    "inf_nan": "np.array([np.inf, -np.inf, np.nan, 1.5])",
    "negative_zero": "np.array([-0.0, 0.0, -1.0])",
    "integral": "np.array([1.0, -2.0, 30.0])",
    "scalar_fraction": "np.array(0.1)",
    "matrix": "np.linspace(-1, 1, 12).reshape(3, 4)",
}
INT_VALUES = {"big": "np.array([2**31 - 1, -(2**31), 7])", "huge64": "np.array([2**40 + 3, -5])"}
FLOATS = ["float16", "float32", "float64", "bfloat16"]
INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
COMPLEX = ["complex64", "complex128"]


def tensor_cases() -> list[tuple[str, str, str]]:
    """(case id, expression, dtype name)."""
    cases = []
    for dt in ["bool", *INTS, *FLOATS, *COMPLEX]:
        for shape, expr in SHAPES.items():
            if dt == "bool":
                expr = f"({expr}) % 2 == 0"
            elif dt.startswith("uint"):
                expr = f"np.abs({expr})"
            cases.append((f"{dt}/{shape}", expr, dt))
    for dt in FLOATS + COMPLEX:
        for name, expr in FLOAT_VALUES.items():
            if dt in ("float16", "bfloat16") and name == "huge":
                expr = "np.array([1e4, -2.5e4, 6e4])"
            cases.append((f"{dt}/{name}", expr, dt))
    for dt in ["int32", "int64", "uint32", "uint64"]:
        for name, expr in INT_VALUES.items():
            if dt == "int32" and name == "huge64":
                continue
            if dt.startswith("uint"):
                expr = f"np.abs({expr})"
            if dt == "uint32" and name == "huge64":
                continue
            cases.append((f"{dt}/{name}", expr, dt))
    return cases


def record_tensor_printing() -> None:
    import contextlib
    import io
    import json

    import mindspore as ms
    import mindspore.dataset as mds

    out = []
    for case, expr, dt in tensor_cases():
        src = eval(expr)  # noqa: S307 - the recorder's own expressions
        dtype = getattr(ms, dt if dt != "bool" else "bool_")
        try:
            t = ms.Tensor(src, dtype=dtype)
        except Exception as e:  # noqa: BLE001 - recorded as what MindSpore does
            out.append({"case": case, "expr": expr, "dtype": dt, "error": type(e).__name__})
            continue
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            print(t)
        row = None
        if case.endswith(("/1d", "/ones", "/fractions")) and dt not in ("bfloat16", *COMPLEX):
            data = mds.NumpySlicesDataset({"x": [t.asnumpy()]}, shuffle=False)
            row = repr(next(data.create_dict_iterator()))  # the pipeline has no bf16/complex
        try:  # a Tensor over a numpy buffer (what the dataset iterators yield) prints as numpy
            from_numpy = repr(ms.Tensor.from_numpy(t.asnumpy()))
        except Exception as e:  # noqa: BLE001 - recorded as what MindSpore does
            from_numpy = type(e).__name__
        out.append(
            {
                "case": case,
                "expr": expr,
                "dtype": dt,
                "repr": repr(t),
                "str": str(t),
                "print": printed.getvalue(),
                "row": row,
                "from_numpy": from_numpy,
            }
        )
    TENSOR_OUT.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {TENSOR_OUT} ({len(out)} cases)")


if __name__ == "__main__":
    import sys

    record_tensor_printing() if sys.argv[1:] == ["tensor"] else main()
