"""Record MindSpore 2.10's extra dtype names (float8, number, list_, TensorType, Int,
QuantDtype) and the dtype_to_pytype / get_py_obj_dtype results to
``tests/fixtures/ms/dtype/types.json``.

Run under a Python with MindSpore 2.10: ``python scripts/record_dtype_types_fixtures.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "dtype"

NAMES = ("float8_e4m3fn", "float8_e5m2", "number", "list_", "tuple_", "type_none", "tensor_type")
PYTYPE_OF = (
    "bool_",
    "int8",
    "uint64",
    "float16",
    "bfloat16",
    "float64",
    "complex64",
    "string",
    "list_",
    "tuple_",
    "type_none",
)
# expressions over ms for get_py_obj_dtype
OBJ_OF = ("1", "1.0", "True", "None", "[1]", "(1,)", "'a'", "int", "float", "bool", "list",
          "ms.Tensor([1.0])", "ms.Tensor([1], ms.int32)", "ms.float32", "ms.nn.Dense(1, 1)",
          "lambda x: x")  # fmt: skip


def main() -> None:
    import mindspore as ms

    out = {
        "str": {n: str(getattr(ms, n)) for n in NAMES},
        "repr": {n: repr(getattr(ms, n)) for n in NAMES},
        "dtype_to_pytype": {n: ms.dtype_to_pytype(getattr(ms, n)).__name__ for n in PYTYPE_OF},
        "get_py_obj_dtype": {e: str(ms.get_py_obj_dtype(eval(e))) for e in OBJ_OF},  # noqa: S307
        "Int": {str(b): str(ms.Int(b)) for b in (8, 16, 32, 64)},
        "int_equal": [ms.Int(b) == getattr(ms, f"int{b}") for b in (8, 16, 32, 64)],
        "tensor_type_float32": str(ms.TensorType(ms.float32)),
        "quant": {q.name: q.value() for q in ms.QuantDtype},
        "quant_str": str(ms.QuantDtype.INT4),
    }
    (OUT / "types.json").write_text(json.dumps(out, indent=1) + "\n")
    print(out)


if __name__ == "__main__":
    main()
