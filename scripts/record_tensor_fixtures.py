"""Record MindSpore's Tensor repr/str (``tensor``): the Conv2d output of the "Running Management" tutorial (``examples/seed004_mode_switch.py``) and small tensors into ``tests/fixtures/ms/``.

Run with a Python that has a real MindSpore 2.10 CPU build (not run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_tensor_fixtures.py

The shared machinery (case seeds, the ``.npz`` layout, the generic cell/op recorder) lives in
``fixture_recording.py``; ``record_fixtures.py`` runs every area.
"""

from __future__ import annotations

import mindspore as ms
import numpy as np
from fixture_recording import (
    F32,
    dtype_to_str,
    record,
    run_groups,
)
from mindspore import Parameter, Tensor, nn


def conv_seed004():
    def fn():
        ms.set_context(mode=ms.PYNATIVE_MODE)
        ms.set_seed(4)
        conv = nn.Conv2d(3, 4, 3, bias_init="zeros")
        x = np.ones([1, 3, 5, 5], dtype=F32)
        w = conv.weight.asnumpy().copy()
        out = conv(Tensor(x))
        spec = {
            "api": "nn.Conv2d",
            "args": [3, 4, 3],
            "kwargs": {"bias_init": "zeros"},
            "kind": "cell",
            "notes": "examples/seed004_mode_switch.py: default (random) weight init stored as param:weight; "
            "has_bias=False by default so bias_init is unused",
            "param_names": {n: p.name for n, p in conv.parameters_and_names()},
            "out_structure": 0,
        }
        arrays = {"in_0": x, "param:weight": w, "out_0": out.asnumpy()}
        arrays["repr"] = repr(out)
        arrays["str"] = str(out)
        return spec, arrays

    record("tensor", "seed004_conv2d", fn)

    samples = {
        "print_float32_2x3": np.array([[1.0, -2.5, 3.25], [0.0, 1e-3, 12345.678]], F32),
        "print_float32_ones": np.ones((2, 3), F32),
        "print_float32_ints": np.arange(6, dtype=F32).reshape(2, 3),
        "print_float32_1d": np.array([0.5, -1.0, 2.0], F32),
        "print_float32_3d": np.random.RandomState(1).randn(2, 2, 3).astype(F32),
        "print_float32_large": np.arange(2000, dtype=F32),
        "print_float32_empty": np.zeros((0, 3), F32),
        "print_float32_scalar": np.array(3.5, F32),
        "print_float32_nan_inf": np.array([np.nan, np.inf, -np.inf, 1.0], F32),
        "print_float16": np.array([1.5, -2.0], np.float16),
        "print_float64": np.array([1.5, -2.0], np.float64),
        "print_int32": np.arange(6, dtype=np.int32).reshape(2, 3),
        "print_int32_scalar": np.array(7, np.int32),
        "print_int64": np.array([-1, 2, 3], np.int64),
        "print_bool": np.array([[True, False], [False, True]]),
        "print_bool_scalar": np.array(True),
        "print_uint8": np.array([0, 1, 2, 255], np.uint8),
    }
    for name, a in samples.items():

        def fn(a=a):
            t = Tensor(a)
            spec = {"api": "Tensor", "notes": "repr(Tensor(in_0)) / str(Tensor(in_0))"}
            spec["dtype"] = dtype_to_str(t.dtype)
            return spec, {"in_0": a, "repr": repr(t), "str": str(t)}

        record("tensor", name, fn)

    def fn_param():
        p = Parameter(Tensor(np.ones((2, 2), F32)), name="w")
        return {"api": "Parameter", "notes": "Parameter(Tensor(ones(2,2)), name='w')"}, {
            "in_0": np.ones((2, 2), F32),
            "repr": repr(p),
            "str": str(p),
        }

    record("tensor", "print_parameter", fn_param)


GROUPS = {"tensor": conv_seed004}


if __name__ == "__main__":
    raise SystemExit(run_groups(GROUPS))
