"""``mindspore.numpy`` range and random creation functions given bad arguments:
``scripts/record_numpy_creation_error_fixtures.py`` records MindSpore 2.10's exception type and
message for each, and ``tests/numpy/test_creation_errors.py`` replays them on deepsink."""

from __future__ import annotations


def cases(ms, mnp) -> dict:
    return {
        "arange_str": lambda: mnp.arange("a"),
        "arange_step0": lambda: mnp.arange(0, 5, 0),
        "arange_step0_float": lambda: mnp.arange(0, 1, 0.0),
        "arange_none_start": lambda: mnp.arange(None),
        "arange_stop_none_kw": lambda: mnp.arange(start=None, stop=3),
        "arange_str_step": lambda: mnp.arange(1, 3, "a"),
        "arange_list": lambda: mnp.arange([1, 2]),
        "arange_complex": lambda: mnp.arange(1j),
        "arange_empty": lambda: mnp.arange(5, 1),
        "arange_bool": lambda: mnp.arange(True),
        "arange_bool_int": lambda: mnp.arange(True, 3),
        "arange_tensor": lambda: mnp.arange(ms.Tensor(3)),
        "arange_float_int_dtype": lambda: mnp.arange(0.5, dtype=ms.int32),
        "linspace_num_zero": lambda: mnp.linspace(0, 1, 0),
        "linspace_num_neg": lambda: mnp.linspace(0, 1, -1),
        "linspace_num_float": lambda: mnp.linspace(0, 1, 2.5),
        "linspace_num_str": lambda: mnp.linspace(0, 1, "3"),
        "linspace_start_str": lambda: mnp.linspace("a", 1, 3),
        "linspace_stop_none": lambda: mnp.linspace(0, None, 3),
        "linspace_axis_float": lambda: mnp.linspace(0, 1, 3, axis=1.0),
        "linspace_axis_oob": lambda: mnp.linspace(0, 1, 3, axis=2),
        "linspace_axis_neg_oob": lambda: mnp.linspace(0, 1, 3, axis=-3),
        "linspace_endpoint_int": lambda: mnp.linspace(0, 1, 3, endpoint=1),
        "linspace_retstep_int": lambda: mnp.linspace(0, 1, 3, retstep=1),
        "linspace_bad_dtype": lambda: mnp.linspace(0, 1, 3, dtype="abc"),
        "logspace_num_neg": lambda: mnp.logspace(0, 1, -1),
        "logspace_num_float": lambda: mnp.logspace(0, 1, 1.5),
        "ones_bad_dtype": lambda: mnp.ones(2, dtype="abc"),
        "ones_float_shape": lambda: mnp.ones(2.5),
        "zeros_neg_shape": lambda: mnp.zeros((2, -1)),
        "full_float_entry": lambda: mnp.full((2, 1.5), 1),
        "rand_str": lambda: mnp.rand("a"),
        "rand_float": lambda: mnp.rand(2.5),
        "rand_two_float": lambda: mnp.rand(2, 3.0),
        "rand_neg": lambda: mnp.rand(-1),
        "rand_tuple_neg": lambda: mnp.rand((2, -1)),
        "rand_int_dtype": lambda: mnp.rand(2, dtype=ms.int32),
        "rand_str_dtype": lambda: mnp.rand(2, dtype="int32"),
        "randn_str": lambda: mnp.randn("a"),
        "randn_int_dtype": lambda: mnp.randn(2, dtype=ms.int32),
        "randn_neg": lambda: mnp.randn(-2),
        "randn_two_tuples": lambda: mnp.randn((2, 3), (1,)),
        "randint_float_low": lambda: mnp.randint(1.5, 3),
        "randint_float_high": lambda: mnp.randint(1, 3.5),
        "randint_high_le_low": lambda: mnp.randint(3, 1),
        "randint_high_eq_low": lambda: mnp.randint(3, 3),
        "randint_low_only_neg": lambda: mnp.randint(-1),
        "randint_low_only_zero": lambda: mnp.randint(0),
        "randint_float_dtype": lambda: mnp.randint(0, 3, dtype=ms.float32),
        "randint_str_dtype": lambda: mnp.randint(0, 3, dtype="float32"),
        "randint_shape_str": lambda: mnp.randint(0, 3, shape="a"),
        "randint_shape_float": lambda: mnp.randint(0, 3, shape=2.5),
        "randint_shape_neg": lambda: mnp.randint(0, 3, shape=(2, -1)),
        "randint_shape_float_entry": lambda: mnp.randint(0, 3, shape=(2, 1.5)),
        "randint_str_low": lambda: mnp.randint("a", 3),
        "randint_bool_low": lambda: mnp.randint(True, 3),
    }


def outcomes(ms, mnp) -> dict:
    out = {}
    for name, fn in cases(ms, mnp).items():
        try:
            r = fn()
            out[name] = f"ok {list(r.shape)} {r.dtype}"
        except Exception as e:  # noqa: BLE001 - recorded as the outcome
            out[name] = f"{type(e).__name__}: {(str(e).strip().splitlines() or [''])[0]}"
    return out
