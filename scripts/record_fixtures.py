"""Record MindSpore's real behaviour into small ``.npz`` fixtures for deepsink's tests.

Run with a Python that has a real MindSpore 2.x CPU build installed (NOT run by CI)::

    /path/to/mindspore-venv/bin/python scripts/record_fixtures.py            # all groups
    /path/to/mindspore-venv/bin/python scripts/record_fixtures.py nn ops      # only some groups

Fixtures are written to ``tests/fixtures/ms/<group>/<case>.npz``; see
``tests/fixtures/ms/README.md`` for the key conventions.  Every case is wrapped in
try/except so one failure never stops the run; a summary is printed at the end and an
``index.json`` listing every recorded case is written next to the groups.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import traceback
import zlib
from pathlib import Path

import mindspore as ms
import numpy as np
from mindspore import Parameter, ParameterTuple, Tensor, nn, ops
from mindspore.common import initializer as msinit

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "ms"

RECORDED: list[str] = []
FAILED: list[tuple[str, str]] = []
SKIPPED: list[tuple[str, str]] = []

F32 = np.float32


# ----------------------------------------------------------------------------- helpers


def seed_of(group: str, name: str) -> int:
    """Stable per-case seed (CRC32 of ``group/name``)."""
    return zlib.crc32(f"{group}/{name}".encode()) % (2**31)


_DTYPE_NAMES = [
    "float16",
    "float32",
    "float64",
    "bfloat16",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "bool_",
]


def dtype_to_str(v) -> str:
    for n in _DTYPE_NAMES:
        if hasattr(ms, n) and v == getattr(ms, n):
            return f"mindspore.{n}"
    raise TypeError(f"unknown dtype {v!r}")


def to_json(v):
    """Python value -> JSON-able value (tuples become lists, dtypes become strings)."""
    if isinstance(v, dict):
        return {str(k): to_json(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [to_json(x) for x in v]
    if isinstance(v, ms.dtype.Type):
        return dtype_to_str(v)
    if isinstance(v, np.generic):
        return v.item()
    return v


def resolve(api: str):
    obj = ms
    for part in api.split("."):
        obj = getattr(obj, part)
    return obj


def decode(v):
    """Inverse of the fixture JSON conventions (what a deepsink test must also do).

    * JSON arrays -> Python tuples
    * strings ``"mindspore.<dtype>"`` -> the dtype object
    * objects with an ``"api"`` key -> ``resolve(api)(*args, **kwargs)`` (a sub-cell)
    """
    if isinstance(v, list):
        return tuple(decode(x) for x in v)
    if isinstance(v, dict):
        if "api" in v:
            args = decode(v.get("args", []))
            kwargs = {k: decode(x) for k, x in v.get("kwargs", {}).items()}
            return resolve(v["api"])(*args, **kwargs)
        return {k: decode(x) for k, x in v.items()}
    if isinstance(v, str) and v.startswith("mindspore."):
        return getattr(ms, v[len("mindspore.") :])
    return v


def np_of(v) -> np.ndarray:
    if isinstance(v, (Tensor, Parameter)):
        return v.asnumpy().copy()
    return np.asarray(v)


def ustr(s: str) -> np.ndarray:
    """0-d numpy unicode string."""
    return np.array(str(s), dtype=np.str_)


def flatten_out(out, leaves: list):
    """Flatten a (nested) tuple output; returns the index structure."""
    if (
        isinstance(out, (tuple, list))
        and out
        and not all(isinstance(x, (int, float, bool, np.generic)) for x in out)
    ):
        return [flatten_out(x, leaves) for x in out]
    leaves.append(out)
    return len(leaves) - 1


def save(group: str, name: str, spec: dict, arrays: dict) -> None:
    d = OUT / group
    d.mkdir(parents=True, exist_ok=True)
    full = {
        "api": "",
        "args": [],
        "kwargs": {},
        "call_kwargs": {},
        "train": False,
        "notes": "",
        "mode": "PYNATIVE",
        "ms_version": ms.__version__,
    }
    full.update(spec)
    payload = {"spec": ustr(json.dumps(to_json(full), sort_keys=True))}
    for k, v in arrays.items():
        if isinstance(v, str):
            payload[k] = ustr(v)
        else:
            payload[k] = np_of(v)
    np.savez_compressed(d / f"{name}.npz", **payload)


def record(group: str, name: str, fn) -> None:
    """Run ``fn() -> (spec, arrays)`` and save; never raises."""
    if SELECTED and group not in SELECTED:
        return
    key = f"{group}/{name}"
    ms.set_context(mode=ms.PYNATIVE_MODE)
    try:
        spec, arrays = fn()
        save(group, name, spec, arrays)
        RECORDED.append(key)
        print(f"[ok]   {key}", flush=True)
    except Exception as e:  # noqa: BLE001 - record everything we can
        msg = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
        FAILED.append((key, msg))
        print(f"[FAIL] {key}: {msg}", flush=True)
        traceback.print_exc(limit=3)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def skip(group: str, name: str, why: str) -> None:
    SKIPPED.append((f"{group}/{name}", why))
    print(f"[skip] {group}/{name}: {why}", flush=True)


def randn(rs, *shape, scale=1.0):
    return np.asarray(rs.randn(*shape) * scale, dtype=F32)


def init_param_value(rs, pname: str, p: Parameter) -> np.ndarray:
    shape = tuple(p.shape)
    dt = p.asnumpy().dtype
    if not np.issubdtype(dt, np.floating):
        return p.asnumpy().copy()
    leaf = pname.split(".")[-1]
    if "variance" in leaf:
        v = rs.uniform(0.5, 1.5, size=shape)
    elif leaf == "gamma":
        v = 1.0 + 0.1 * rs.randn(*shape)
    elif leaf in ("beta", "moving_mean"):
        v = 0.1 * rs.randn(*shape)
    else:
        v = 0.5 * rs.randn(*shape)
    return np.asarray(v, dtype=dt)


def cell_param_names(cell) -> list[tuple[str, Parameter]]:
    return list(cell.parameters_and_names())


def make_call(obj, template, statics, call_kwargs):
    """Build f(*inputs) that calls ``obj`` following the spec's call convention."""

    def f(*xs):
        if template is None:
            return obj(*xs, *statics, **call_kwargs)
        args = []
        for item in template:
            if isinstance(item, (list, tuple)):
                args.append(tuple(xs[int(i[3:])] for i in item))
            elif item.startswith("in_"):
                args.append(xs[int(item[3:])])
            elif item.startswith("static_"):
                args.append(statics[int(item[7:])])
            else:
                raise ValueError(item)
        return obj(*args, **call_kwargs)

    return f


def compute_grads(f, inputs, grad_inputs, weights, sens):
    """grad of sum(first_output(f(*inputs)) * sens) via GradOperation(sens_param=True).

    Only the inputs listed in ``grad_inputs`` are differentiated; the others are closed over.
    """
    grad_inputs = list(grad_inputs)

    class _Wrap(nn.Cell):
        def __init__(self):
            super().__init__(auto_prefix=False)

        def construct(self, *fx):
            xs = list(inputs)
            for i, v in zip(grad_inputs, fx):
                xs[i] = v
            o = f(*xs)
            while isinstance(o, (tuple, list)):
                o = o[0]
            return o

    wrap = _Wrap()
    fx = [inputs[i] for i in grad_inputs]
    if weights:
        g = ops.GradOperation(get_all=True, get_by_list=True, sens_param=True)
        gin, gw = g(wrap, ParameterTuple(weights))(*fx, sens)
    else:
        g = ops.GradOperation(get_all=True, sens_param=True)
        gin, gw = g(wrap)(*fx, sens), ()
    if not isinstance(gin, (tuple, list)):
        gin = (gin,)
    return list(gin), list(gw)


def is_float(a: np.ndarray) -> bool:
    return np.issubdtype(np.asarray(a).dtype, np.floating)


def run_case(
    *,
    group: str,
    name: str,
    api: str,
    inputs,
    args=(),
    kwargs=None,
    call_kwargs=None,
    call_args_static=(),
    call_template=None,
    tensor_kwargs=None,
    train=False,
    grad=True,
    grad_inputs=None,
    notes="",
    extra_spec=None,
    param_values=None,
):
    """Generic recorder for cells, primitive classes and functional ops."""

    def fn():
        seed = seed_of(group, name)
        rs = np.random.RandomState(seed)
        in_arrays = inputs(rs) if callable(inputs) else list(inputs)
        in_arrays = [np.asarray(a) for a in in_arrays]
        tkw = {
            k: (v(rs) if callable(v) else np.asarray(v)) for k, v in (tensor_kwargs or {}).items()
        }
        spec = {
            "api": api,
            "args": to_json(list(args)),
            "kwargs": to_json(kwargs or {}),
            "call_kwargs": to_json(call_kwargs or {}),
            "call_args_static": to_json(list(call_args_static)),
            "train": bool(train),
            "notes": notes,
            "seed": seed,
        }
        if call_template is not None:
            spec["call_template"] = to_json(call_template)
        if tkw:
            spec["tensor_kwargs"] = sorted(tkw)
        spec.update(extra_spec or {})
        obj = resolve(api)
        dargs = decode(spec["args"])
        dkw = {k: decode(v) for k, v in spec["kwargs"].items()}
        dckw = {k: decode(v) for k, v in spec["call_kwargs"].items()}
        dstat = decode(spec["call_args_static"])
        tmpl = spec.get("call_template")
        arrays: dict = {}
        weights: list = []
        pnames: list = []
        cell = None
        if isinstance(obj, type) and issubclass(obj, nn.Cell):
            spec["kind"] = "cell"
            cell = obj(*dargs, **dkw, **{k: Tensor(v) for k, v in tkw.items()})
            cell.set_train(bool(train))
            named = cell_param_names(cell)
            pvals = dict(param_values or {})
            for pn, p in named:
                val = pvals[pn] if pn in pvals else init_param_value(rs, pn, p)
                if callable(val):
                    val = val(rs)
                p.set_data(Tensor(np.asarray(val, dtype=p.asnumpy().dtype)))
            spec["param_names"] = {pn: p.name for pn, p in named}
            spec["param_requires_grad"] = {pn: bool(p.requires_grad) for pn, p in named}
            pnames = [pn for pn, p in named]
            by_id = {id(p): pn for pn, p in named}
            weights = list(cell.trainable_params())
            wnames = [by_id[id(p)] for p in weights]
            call_obj, ckw = cell, dckw
        elif isinstance(obj, type) and issubclass(obj, ops.Primitive):
            spec["kind"] = "primitive"
            call_obj = obj(*dargs, **dkw)
            ckw = dckw
        else:
            spec["kind"] = "function"
            if spec["call_kwargs"]:
                raise ValueError("functional ops take their kwargs in 'kwargs'")
            call_obj, ckw = obj, dkw
        for k, v in tkw.items():
            arrays[f"kw:{k}"] = v
        f = make_call(call_obj, tmpl, dstat, ckw)
        tin = [Tensor(a) for a in in_arrays]
        for i, a in enumerate(in_arrays):
            arrays[f"in_{i}"] = a
        before = {}
        if cell is not None:
            for pn, p in cell_param_names(cell):
                before[pn] = p.asnumpy().copy()
                arrays[f"param:{pn}"] = before[pn]
        out = f(*tin)
        leaves: list = []
        spec["out_structure"] = flatten_out(out, leaves)
        spec["out_is_tensor"] = [isinstance(x, Tensor) for x in leaves]
        for i, x in enumerate(leaves):
            arrays[f"out_{i}"] = np_of(x)
        if cell is not None:
            after = {pn: p.asnumpy().copy() for pn, p in cell_param_names(cell)}
            if any(not np.array_equal(after[k], before[k]) for k in before):
                for k, v in after.items():
                    arrays[f"after:{k}"] = v
            # restore state before differentiating (BatchNorm moving stats etc.)
            for pn, p in cell_param_names(cell):
                p.set_data(Tensor(before[pn]))
        out0 = arrays["out_0"]
        gi = grad_inputs
        if gi is None:
            gi = [i for i, a in enumerate(in_arrays) if is_float(a)]
        if grad and is_float(out0) and (gi or weights):
            sens = randn(rs, *out0.shape).reshape(out0.shape)
            arrays["sens"] = sens
            gin, gw = compute_grads(f, tin, gi, weights, Tensor(sens))
            for i, g in zip(gi, gin):
                arrays[f"grad_in_{i}"] = np_of(g)
            for pn, g in zip(wnames if weights else [], gw):
                arrays[f"grad_param:{pn}"] = np_of(g)
            spec["grad_inputs"] = gi
            spec["grad_params"] = wnames if weights else []
        else:
            spec["grad_inputs"] = []
            spec["grad_params"] = []
        spec["param_order"] = pnames
        return spec, arrays

    record(group, name, fn)


# ----------------------------------------------------------------------------- nn layers


def rnd(*shape, scale=1.0, positive=False, dtype=F32):
    def g(rs):
        a = rs.randn(*shape) * scale
        if positive:
            a = np.abs(a) + 0.1
        return a.astype(dtype)

    return g


def ints(high, *shape, low=0):
    return lambda rs: rs.randint(low, high, size=shape).astype(np.int32)


def inputs_of(*gens):
    return lambda rs: [g(rs) for g in gens]


def layers():
    G = "nn"

    def L(name, api, ins, *args, train=False, notes="", **kwargs):
        run_case(
            group=G,
            name=name,
            api=api,
            inputs=inputs_of(*ins),
            args=args,
            kwargs=kwargs,
            train=train,
            notes=notes,
        )

    # Dense
    L("Dense", "nn.Dense", [rnd(5, 4)], 4, 3)
    L("Dense_nobias", "nn.Dense", [rnd(5, 4)], 4, 3, has_bias=False)
    L("Dense_relu", "nn.Dense", [rnd(5, 4)], 4, 3, activation="relu")
    L("Dense_3d_input", "nn.Dense", [rnd(2, 5, 4)], 4, 3, notes="N-D input: matmul on last axis")
    # Conv1d
    x1 = rnd(2, 4, 11)
    L("Conv1d_same", "nn.Conv1d", [x1], 4, 6, 3, pad_mode="same", has_bias=True)
    L("Conv1d_valid", "nn.Conv1d", [x1], 4, 6, 3, pad_mode="valid")
    L("Conv1d_pad", "nn.Conv1d", [x1], 4, 6, 3, pad_mode="pad", padding=2, has_bias=True)
    L("Conv1d_stride2_same", "nn.Conv1d", [x1], 4, 6, 4, stride=2, pad_mode="same")
    # Conv2d
    x2 = rnd(2, 4, 9, 9)
    L("Conv2d_default", "nn.Conv2d", [x2], 4, 6, 3, notes="defaults: pad_mode='same', no bias")
    L("Conv2d_same_bias", "nn.Conv2d", [x2], 4, 6, 3, pad_mode="same", has_bias=True)
    L("Conv2d_valid", "nn.Conv2d", [x2], 4, 6, 3, pad_mode="valid", has_bias=True)
    L("Conv2d_pad_int", "nn.Conv2d", [x2], 4, 6, 3, pad_mode="pad", padding=1, has_bias=True)
    L(
        "Conv2d_pad_tuple4",
        "nn.Conv2d",
        [x2],
        4,
        6,
        3,
        pad_mode="pad",
        padding=(1, 2, 0, 1),
        notes="padding=(top, bottom, left, right)",
    )
    L("Conv2d_stride2_same", "nn.Conv2d", [rnd(2, 4, 8, 8)], 4, 6, 3, stride=2, pad_mode="same")
    L("Conv2d_stride2_same_odd", "nn.Conv2d", [x2], 4, 6, 4, stride=2, pad_mode="same")
    L("Conv2d_stride2_valid", "nn.Conv2d", [x2], 4, 6, 3, stride=2, pad_mode="valid")
    L("Conv2d_dilation2_same", "nn.Conv2d", [x2], 4, 6, 3, dilation=2, pad_mode="same")
    L("Conv2d_dilation2_valid", "nn.Conv2d", [x2], 4, 6, 3, dilation=2, pad_mode="valid")
    L("Conv2d_group2", "nn.Conv2d", [x2], 4, 6, 3, group=2, has_bias=True, pad_mode="valid")
    L(
        "Conv2d_kernel_tuple",
        "nn.Conv2d",
        [x2],
        4,
        6,
        (3, 2),
        stride=(2, 1),
        pad_mode="same",
        has_bias=True,
    )
    # Pooling
    xp = rnd(2, 3, 7, 7)
    for cls in ("MaxPool2d", "AvgPool2d"):
        L(f"{cls}_k2_s2_valid", f"nn.{cls}", [xp], kernel_size=2, stride=2, pad_mode="valid")
        L(f"{cls}_k3_s1_same", f"nn.{cls}", [xp], kernel_size=3, stride=1, pad_mode="same")
        L(f"{cls}_k3_s2_same", f"nn.{cls}", [xp], kernel_size=3, stride=2, pad_mode="same")
        L(f"{cls}_k2_s1_valid", f"nn.{cls}", [xp], kernel_size=2, stride=1, pad_mode="valid")
        L(f"{cls}_k2_s2_same_even", f"nn.{cls}", [rnd(2, 3, 8, 8)], kernel_size=2, stride=2)
        L(f"{cls}_default", f"nn.{cls}", [xp], notes="defaults: kernel_size=1, stride=1")
    # Activations
    xa = rnd(3, 4, 5, scale=2.0)
    for cls in ("ReLU", "ReLU6", "Sigmoid", "Tanh"):
        L(cls, f"nn.{cls}", [rnd(3, 4, 5, scale=4.0)])
    L("GELU_default", "nn.GELU", [xa], notes="default approximate=True (tanh form)")
    L("GELU_approx_true", "nn.GELU", [xa], approximate=True)
    L("GELU_approx_false", "nn.GELU", [xa], approximate=False)
    L("Softmax_default", "nn.Softmax", [xa])
    L("Softmax_axis1", "nn.Softmax", [xa], axis=1)
    L("Softmax_axis0", "nn.Softmax", [xa], 0)
    L("LogSoftmax_default", "nn.LogSoftmax", [xa])
    L("LogSoftmax_axis1", "nn.LogSoftmax", [xa], axis=1)
    L("Flatten", "nn.Flatten", [rnd(2, 3, 4, 5)])
    L("Dropout_keep_prob_eval", "nn.Dropout", [xa], keep_prob=0.8, notes="eval mode: identity")
    L("Dropout_p_eval", "nn.Dropout", [xa], p=0.2, notes="eval mode: identity")
    L("Dropout_default_eval", "nn.Dropout", [xa], notes="eval mode: identity")
    for dname, dkw in (("keep_prob", {"keep_prob": 0.8}), ("p", {"p": 0.2})):

        def fn_drop(dkw=dkw, dname=dname):
            x = np.full((64, 64), 2.0, F32)
            ms.set_seed(seed_of(G, f"Dropout_train_stats_{dname}"))
            cell = nn.Dropout(**dkw)
            cell.set_train(True)
            out = cell(Tensor(x)).asnumpy()
            kept = out[out != 0]
            spec = {
                "api": "nn.Dropout",
                "kwargs": dkw,
                "train": True,
                "kind": "stats",
                "notes": "train mode on full(64x64, 2.0): fraction zeroed and value of kept "
                "elements (inverted dropout scales kept values by 1/keep_prob)",
            }
            return spec, {
                "in_value": np.array(2.0, F32),
                "stat_frac_zero": np.array((out == 0).mean()),
                "stat_kept_min": np.array(kept.min()),
                "stat_kept_max": np.array(kept.max()),
            }

        record(G, f"Dropout_train_stats_{dname}", fn_drop)

    # Normalisation
    bn_note = (
        "MindSpore momentum convention: moving = momentum * moving + (1 - momentum) * batch_stat"
        " (momentum=0.9 default, i.e. PyTorch momentum 0.1)"
    )
    L("BatchNorm1d_train", "nn.BatchNorm1d", [rnd(8, 5)], 5, train=True, notes=bn_note)
    L("BatchNorm1d_eval", "nn.BatchNorm1d", [rnd(8, 5)], 5, train=False)
    L("BatchNorm2d_train", "nn.BatchNorm2d", [rnd(4, 3, 5, 5)], 3, train=True, notes=bn_note)
    L(
        "BatchNorm2d_train_momentum07",
        "nn.BatchNorm2d",
        [rnd(4, 3, 5, 5)],
        3,
        momentum=0.7,
        eps=1e-3,
        train=True,
        notes=bn_note,
    )
    L("BatchNorm2d_eval", "nn.BatchNorm2d", [rnd(4, 3, 5, 5)], 3, train=False)
    L(
        "BatchNorm2d_no_affine_train",
        "nn.BatchNorm2d",
        [rnd(4, 3, 5, 5)],
        3,
        affine=False,
        train=True,
    )
    L("LayerNorm_last", "nn.LayerNorm", [rnd(4, 5)], (5,))
    L(
        "LayerNorm_axis1",
        "nn.LayerNorm",
        [rnd(2, 3, 5, 5)],
        (3, 5, 5),
        begin_norm_axis=1,
        begin_params_axis=1,
    )
    L(
        "LayerNorm_norm1_params2",
        "nn.LayerNorm",
        [rnd(2, 3, 5, 5)],
        (5, 5),
        begin_norm_axis=1,
        begin_params_axis=2,
        epsilon=1e-5,
    )
    # Embedding
    L("Embedding", "nn.Embedding", [ints(10, 3, 5)], 10, 4)

    def table_with_zero_row(rs):
        t = randn(rs, 10, 4, scale=0.5)
        t[0] = 0.0
        return t

    run_case(
        group=G,
        name="Embedding_padding_idx",
        api="nn.Embedding",
        inputs=inputs_of(ints(10, 3, 5)),
        args=(10, 4),
        kwargs={"padding_idx": 0},
        param_values={"embedding_table": table_with_zero_row},
        notes="row padding_idx of the stored table is zero (as MindSpore initialises it)",
    )
    # SequentialCell of Dense + ReLU (sub-cells are {"api": ...} objects in args)
    run_case(
        group=G,
        name="SequentialCell_dense_relu",
        api="nn.SequentialCell",
        inputs=inputs_of(rnd(5, 4)),
        args=[
            {"api": "nn.Dense", "args": [4, 6]},
            {"api": "nn.ReLU"},
            {"api": "nn.Dense", "args": [6, 3]},
        ],
        notes="args are sub-cell specs passed positionally (SequentialCell(*cells)); "
        "parameters are named '0.weight' etc.",
    )


# ----------------------------------------------------------------------------- tensor printing


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
            "notes": "Running Management tutorial (examples/seed004_mode_switch.py): default (random) weight init stored as param:weight; "
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


# ----------------------------------------------------------------------------- ops


def op_cases():
    G = "ops"

    def P(name, api, ins, *, ctor=None, static=(), template=None, grad=True, gi=None, notes=""):
        run_case(
            group=G,
            name=name,
            api=api,
            inputs=inputs_of(*ins),
            kwargs=ctor or {},
            call_args_static=static,
            call_template=template,
            grad=grad,
            grad_inputs=gi,
            notes=notes,
        )

    def Fn(name, api, ins, *, kw=None, static=(), template=None, grad=True, gi=None, notes=""):
        if not hasattr(ops, api.split(".")[-1]):
            skip(G, name, f"mindspore.{api} missing")
            return
        run_case(
            group=G,
            name=name,
            api=api,
            inputs=inputs_of(*ins),
            kwargs=kw or {},
            call_args_static=static,
            call_template=template,
            grad=grad,
            grad_inputs=gi,
            notes=notes,
        )

    x234 = rnd(2, 3, 4)
    pos = rnd(3, 4, positive=True)

    def ties(*shape):
        return lambda rs: np.round(rs.randn(*shape)).astype(F32)

    def cond(*shape):
        return lambda rs: rs.rand(*shape) > 0.5

    # ---- primitive classes
    P("ReLU", "ops.ReLU", [rnd(3, 4)])
    P("ReduceMean_keep", "ops.ReduceMean", [x234], ctor={"keep_dims": True}, static=[(1, 2)])
    P("ReduceMean_nokeep", "ops.ReduceMean", [x234], ctor={"keep_dims": False}, static=[(0, 2)])
    P("ReduceMean_all", "ops.ReduceMean", [x234], notes="no axis: reduce all")
    P("ReduceMean_int_axis", "ops.ReduceMean", [x234], static=[1])
    P("ReduceSum", "ops.ReduceSum", [x234], static=[(1,)])
    P("ReduceSum_keep", "ops.ReduceSum", [x234], ctor={"keep_dims": True}, static=[1])
    P("ReduceMax", "ops.ReduceMax", [x234], static=[(1,)])
    P("ReduceMax_keep", "ops.ReduceMax", [x234], ctor={"keep_dims": True}, static=[(0, 2)])
    P("Reshape", "ops.Reshape", [x234], static=[(4, -1)])
    P("Transpose", "ops.Transpose", [x234], static=[(2, 0, 1)])
    P("Fill", "ops.Fill", [], static=[ms.float32, (2, 3), 1.5], grad=False)
    P("Fill_int32", "ops.Fill", [], static=[ms.int32, (3,), 7], grad=False)
    P("Shape", "ops.Shape", [x234], grad=False, notes="output is a Python tuple of ints")
    P("Cast_int32", "ops.Cast", [rnd(3, 4, scale=3.0)], static=[ms.int32], grad=False)
    P("Cast_float16", "ops.Cast", [rnd(3, 4)], static=[ms.float16], grad=False)
    P("Cast_bool", "ops.Cast", [ties(3, 4)], static=[ms.bool_], grad=False)
    P("Softmax", "ops.Softmax", [x234])
    P("Softmax_axis1", "ops.Softmax", [x234], ctor={"axis": 1})
    P("LogSoftmax", "ops.LogSoftmax", [x234])
    P("LogSoftmax_axis0", "ops.LogSoftmax", [x234], ctor={"axis": 0})
    P("MatMul", "ops.MatMul", [rnd(3, 4), rnd(4, 5)])
    P("MatMul_ta", "ops.MatMul", [rnd(4, 3), rnd(4, 5)], ctor={"transpose_a": True})
    P("MatMul_tb", "ops.MatMul", [rnd(3, 4), rnd(5, 4)], ctor={"transpose_b": True})
    P(
        "MatMul_ta_tb",
        "ops.MatMul",
        [rnd(4, 3), rnd(5, 4)],
        ctor={"transpose_a": True, "transpose_b": True},
    )
    P("BatchMatMul", "ops.BatchMatMul", [rnd(2, 3, 4), rnd(2, 4, 5)])
    P("BatchMatMul_tb", "ops.BatchMatMul", [rnd(2, 3, 4), rnd(2, 5, 4)], ctor={"transpose_b": True})
    P(
        "Concat_axis1",
        "ops.Concat",
        [rnd(2, 3), rnd(2, 1), rnd(2, 4)],
        ctor={"axis": 1},
        template=[["in_0", "in_1", "in_2"]],
    )
    P("Concat_default", "ops.Concat", [rnd(2, 3), rnd(1, 3)], template=[["in_0", "in_1"]])
    P("Stack", "ops.Stack", [rnd(2, 3), rnd(2, 3)], template=[["in_0", "in_1"]])
    P(
        "Stack_axis_neg1",
        "ops.Stack",
        [rnd(2, 3), rnd(2, 3), rnd(2, 3)],
        ctor={"axis": -1},
        template=[["in_0", "in_1", "in_2"]],
    )
    P("Squeeze_axis1", "ops.Squeeze", [rnd(3, 1, 4)], ctor={"axis": 1})
    P("Squeeze_all", "ops.Squeeze", [rnd(1, 3, 1, 4)])
    P("ExpandDims", "ops.ExpandDims", [rnd(3, 4)], static=[1])
    P("ExpandDims_neg", "ops.ExpandDims", [rnd(3, 4)], static=[-1])
    P("Gather_axis0", "ops.Gather", [rnd(5, 4), ints(5, 3)], static=[0], gi=[0])
    P("Gather_axis1_2d_idx", "ops.Gather", [rnd(3, 5), ints(5, 2, 2)], static=[1], gi=[0])
    P(
        "OneHot",
        "ops.OneHot",
        [ints(5, 4), lambda rs: np.array(1.0, F32), lambda rs: np.array(0.0, F32)],
        static=[5],
        template=["in_0", "static_0", "in_1", "in_2"],
        grad=False,
    )
    P(
        "OneHot_axis0",
        "ops.OneHot",
        [ints(3, 4), lambda rs: np.array(2.0, F32), lambda rs: np.array(-1.0, F32)],
        ctor={"axis": 0},
        static=[3],
        template=["in_0", "static_0", "in_1", "in_2"],
        grad=False,
    )
    P("Argmax", "ops.Argmax", [rnd(3, 5)], grad=False)
    P("Argmax_axis0", "ops.Argmax", [rnd(3, 5)], ctor={"axis": 0}, grad=False)
    P("Maximum", "ops.Maximum", [rnd(3, 4), rnd(3, 4)])
    P("Maximum_ties", "ops.Maximum", [ties(3, 4), ties(3, 4)], notes="gradient split on ties")
    P("Maximum_broadcast", "ops.Maximum", [rnd(3, 4), rnd(4)])
    P("Minimum", "ops.Minimum", [rnd(3, 4), rnd(3, 4)])
    P("Minimum_ties", "ops.Minimum", [ties(3, 4), ties(3, 4)])
    P("Select", "ops.Select", [cond(3, 4), rnd(3, 4), rnd(3, 4)])

    # ---- functional
    Fn("matmul", "ops.matmul", [rnd(3, 4), rnd(4, 5)])
    Fn("matmul_1d_2d", "ops.matmul", [rnd(4), rnd(4, 5)])
    Fn("matmul_batched_broadcast", "ops.matmul", [rnd(2, 3, 4), rnd(4, 5)])
    Fn("concat", "ops.concat", [rnd(2, 3), rnd(1, 3)], template=[["in_0", "in_1"]])
    Fn(
        "concat_axis1",
        "ops.concat",
        [rnd(2, 3), rnd(2, 2)],
        kw={"axis": 1},
        template=[["in_0", "in_1"]],
    )
    Fn("stack", "ops.stack", [rnd(2, 3), rnd(2, 3)], template=[["in_0", "in_1"]])
    Fn(
        "stack_axis1",
        "ops.stack",
        [rnd(2, 3), rnd(2, 3)],
        kw={"axis": 1},
        template=[["in_0", "in_1"]],
    )
    Fn("transpose", "ops.transpose", [x234], static=[(1, 0, 2)])
    Fn("squeeze", "ops.squeeze", [rnd(3, 1, 4)], kw={"axis": 1})
    Fn("squeeze_all", "ops.squeeze", [rnd(1, 3, 1, 4)])
    Fn("expand_dims", "ops.expand_dims", [rnd(3, 4)], static=[0])
    Fn("gather", "ops.gather", [rnd(5, 4), ints(5, 3)], static=[0], gi=[0])
    Fn("gather_axis1", "ops.gather", [rnd(3, 5), ints(5, 4)], static=[1], gi=[0])
    Fn(
        "one_hot",
        "ops.one_hot",
        [ints(4, 5), lambda rs: np.array(1.0, F32), lambda rs: np.array(0.0, F32)],
        static=[4],
        template=["in_0", "static_0", "in_1", "in_2"],
        grad=False,
    )
    Fn("softmax", "ops.softmax", [x234])
    Fn("softmax_axis1", "ops.softmax", [x234], kw={"axis": 1})
    Fn("log_softmax", "ops.log_softmax", [x234])
    Fn("log_softmax_axis0", "ops.log_softmax", [x234], kw={"axis": 0})
    Fn("argmax_all", "ops.argmax", [rnd(3, 5)], grad=False, notes="dim=None: flattened index")
    Fn("argmax_dim1", "ops.argmax", [rnd(3, 5)], kw={"dim": 1}, grad=False)
    Fn("argmax_dim1_keep", "ops.argmax", [rnd(3, 5)], kw={"dim": 1, "keepdim": True}, grad=False)
    Fn("cast_int32", "ops.cast", [rnd(3, 4, scale=3.0)], static=[ms.int32], grad=False)
    Fn("cast_float16", "ops.cast", [rnd(3, 4)], static=[ms.float16], grad=False)
    Fn("zeros", "ops.zeros", [], static=[(2, 3), ms.float32], grad=False)
    Fn("zeros_default_dtype", "ops.zeros", [], static=[(2, 3)], grad=False)
    Fn("ones", "ops.ones", [], static=[(2, 3), ms.int32], grad=False)
    Fn("ones_default_dtype", "ops.ones", [], static=[(3,)], grad=False)
    Fn("fill", "ops.fill", [], static=[ms.float32, (2, 3), 2.5], grad=False)
    Fn("mean_axis1_keep", "ops.mean", [x234], kw={"axis": 1, "keep_dims": True})
    Fn("mean_all", "ops.mean", [x234])
    Fn("mean_axis_tuple", "ops.mean", [x234], kw={"axis": (0, 2)})
    Fn("sum_dim_tuple", "ops.sum", [x234], kw={"dim": (0, 2)})
    Fn("sum_all", "ops.sum", [x234])
    Fn("sum_dim1_keep", "ops.sum", [x234], kw={"dim": 1, "keepdim": True})
    Fn("max_all", "ops.max", [x234], notes="axis=None")
    Fn("max_axis1", "ops.max", [x234], kw={"axis": 1})
    Fn("max_axis1_keep", "ops.max", [x234], kw={"axis": 1, "keepdims": True})
    Fn("min_all", "ops.min", [x234])
    Fn("min_axis0", "ops.min", [x234], kw={"axis": 0})
    Fn("prod_all", "ops.prod", [x234])
    Fn("prod_axis1_keep", "ops.prod", [x234], kw={"axis": 1, "keep_dims": True})
    for n in ("exp", "abs", "square", "sin", "cos", "tanh", "sigmoid", "relu", "erf"):
        Fn(n, f"ops.{n}", [rnd(3, 4, scale=1.5)])
    for n in ("log", "sqrt", "rsqrt"):
        Fn(n, f"ops.{n}", [pos])
    Fn("pow_scalar", "ops.pow", [rnd(3, 4)], static=[2.0])
    Fn("pow_scalar_3", "ops.pow", [pos], static=[3.0])
    Fn("pow_tensor", "ops.pow", [pos, rnd(3, 4)])
    Fn("gelu", "ops.gelu", [rnd(3, 4, scale=1.5)], notes="default approximate='none'")
    Fn("gelu_tanh", "ops.gelu", [rnd(3, 4, scale=1.5)], kw={"approximate": "tanh"})
    Fn(
        "clip_by_value",
        "ops.clip_by_value",
        [rnd(3, 4)],
        kw={"clip_value_min": -0.5, "clip_value_max": 0.5},
    )
    Fn("clamp", "ops.clamp", [rnd(3, 4)], kw={"min": -0.3, "max": 0.8})
    Fn("clamp_min_only", "ops.clamp", [rnd(3, 4)], kw={"min": 0.0})
    Fn("where", "ops.where", [cond(3, 4), rnd(3, 4), rnd(3, 4)])
    Fn("where_broadcast", "ops.where", [cond(3, 1), rnd(3, 4), rnd(4)])
    for n in ("equal", "greater", "less"):
        Fn(n, f"ops.{n}", [ties(3, 4), ties(3, 4)], grad=False)
    Fn("maximum", "ops.maximum", [rnd(3, 4), rnd(3, 4)])
    Fn("maximum_ties", "ops.maximum", [ties(3, 4), ties(3, 4)], notes="gradient split on ties")
    Fn("minimum", "ops.minimum", [rnd(3, 4), rnd(3, 4)])
    Fn("minimum_ties", "ops.minimum", [ties(3, 4), ties(3, 4)])
    Fn("tile", "ops.tile", [rnd(2, 3)], static=[(2, 1)])
    Fn("tile_more_dims", "ops.tile", [rnd(2, 3)], static=[(2, 1, 3)])
    Fn("split_int", "ops.split", [rnd(3, 4)], static=[2], kw={"axis": 1})
    Fn("split_sections", "ops.split", [rnd(5, 4)], static=[[1, 4]])
    Fn("split_uneven", "ops.split", [rnd(5, 4)], static=[2])
    Fn("flatten", "ops.flatten", [rnd(2, 3, 4)])
    Fn("flatten_start0", "ops.flatten", [rnd(2, 3, 4)], kw={"start_dim": 0})
    Fn("cumsum", "ops.cumsum", [rnd(3, 4)], static=[1])
    Fn("cumsum_axis0", "ops.cumsum", [rnd(3, 4)], static=[0])
    Fn("topk", "ops.topk", [rnd(3, 6)], static=[3])
    Fn("topk_dim0_smallest", "ops.topk", [rnd(5, 4)], static=[2], kw={"dim": 0, "largest": False})
    Fn("sort", "ops.sort", [rnd(3, 5)])
    Fn("sort_descending_axis0", "ops.sort", [rnd(4, 3)], kw={"axis": 0, "descending": True})


# ----------------------------------------------------------------------------- losses


def loss_cases():
    G = "loss"

    def probs(*shape):
        def g(rs):
            a = np.exp(rs.randn(*shape))
            return (a / a.sum(-1, keepdims=True)).astype(F32)

        return g

    def onehot(n, c):
        return lambda rs: np.eye(c, dtype=F32)[rs.randint(0, c, size=n)]

    def binary(*shape):
        return lambda rs: (rs.rand(*shape) > 0.5).astype(F32)

    def Lo(name, api, ins, *, tkw=None, notes="", **kwargs):
        run_case(
            group=G,
            name=name,
            api=api,
            inputs=inputs_of(*ins),
            kwargs=kwargs,
            tensor_kwargs=tkw,
            grad_inputs=[0],
            notes=notes,
        )

    for red in ("none", "mean", "sum"):
        Lo(
            f"SoftmaxCrossEntropyWithLogits_dense_{red}",
            "nn.SoftmaxCrossEntropyWithLogits",
            [rnd(4, 5), probs(4, 5)],
            sparse=False,
            reduction=red,
        )
        Lo(
            f"SoftmaxCrossEntropyWithLogits_sparse_{red}",
            "nn.SoftmaxCrossEntropyWithLogits",
            [rnd(4, 5), ints(5, 4)],
            sparse=True,
            reduction=red,
        )
    Lo(
        "SoftmaxCrossEntropyWithLogits_default",
        "nn.SoftmaxCrossEntropyWithLogits",
        [rnd(4, 5), onehot(4, 5)],
        notes="defaults: sparse=False, reduction='none'",
    )
    Lo(
        "SoftmaxCrossEntropyWithLogits_dense_zero_labels",
        "nn.SoftmaxCrossEntropyWithLogits",
        [rnd(4, 5), lambda rs: np.zeros((4, 5), F32)],
        notes="all-zero labels (as in the Training guide, examples/seed003_*.py): loss 0 but gradient softmax(logits)?",
    )
    for red in ("none", "mean", "sum"):
        Lo(
            f"CrossEntropyLoss_indices_{red}",
            "nn.CrossEntropyLoss",
            [rnd(4, 5), ints(5, 4)],
            reduction=red,
        )
    Lo("CrossEntropyLoss_probs_mean", "nn.CrossEntropyLoss", [rnd(4, 5), probs(4, 5)])
    Lo(
        "CrossEntropyLoss_probs_none",
        "nn.CrossEntropyLoss",
        [rnd(4, 5), probs(4, 5)],
        reduction="none",
    )
    Lo(
        "CrossEntropyLoss_indices_smooth",
        "nn.CrossEntropyLoss",
        [rnd(4, 5), ints(5, 4)],
        label_smoothing=0.1,
    )
    Lo(
        "CrossEntropyLoss_probs_smooth",
        "nn.CrossEntropyLoss",
        [rnd(4, 5), probs(4, 5)],
        label_smoothing=0.2,
    )
    Lo(
        "CrossEntropyLoss_indices_weight",
        "nn.CrossEntropyLoss",
        [rnd(4, 5), ints(5, 4)],
        tkw={"weight": lambda rs: rs.uniform(0.5, 2.0, size=5).astype(F32)},
        notes="weighted mean divides by sum of target weights",
    )
    Lo(
        "CrossEntropyLoss_ignore_index",
        "nn.CrossEntropyLoss",
        [rnd(4, 5), lambda rs: np.array([1, -100, 3, 0], np.int32)],
    )
    Lo(
        "CrossEntropyLoss_ignore_index_2",
        "nn.CrossEntropyLoss",
        [rnd(4, 5), lambda rs: np.array([1, 2, 2, 0], np.int32)],
        ignore_index=2,
    )
    Lo(
        "CrossEntropyLoss_3d_indices",
        "nn.CrossEntropyLoss",
        [rnd(2, 5, 3), ints(5, 2, 3)],
        notes="(N, C, d1) logits",
    )
    for red in ("none", "mean", "sum"):
        Lo(f"MSELoss_{red}", "nn.MSELoss", [rnd(3, 4), rnd(3, 4)], reduction=red)
        Lo(f"L1Loss_{red}", "nn.L1Loss", [rnd(3, 4), rnd(3, 4)], reduction=red)
        Lo(
            f"BCEWithLogitsLoss_{red}",
            "nn.BCEWithLogitsLoss",
            [rnd(3, 5), binary(3, 5)],
            reduction=red,
        )
    w5 = lambda rs: rs.uniform(0.5, 2.0, size=5).astype(F32)  # noqa: E731
    Lo(
        "BCEWithLogitsLoss_weight",
        "nn.BCEWithLogitsLoss",
        [rnd(3, 5), binary(3, 5)],
        tkw={"weight": w5},
    )
    Lo(
        "BCEWithLogitsLoss_pos_weight",
        "nn.BCEWithLogitsLoss",
        [rnd(3, 5), binary(3, 5)],
        tkw={"pos_weight": w5},
    )
    Lo(
        "BCEWithLogitsLoss_weight_pos_weight_none",
        "nn.BCEWithLogitsLoss",
        [rnd(3, 5), rnd(3, 5, positive=True)],
        tkw={"weight": w5, "pos_weight": w5},
        reduction="none",
        notes="soft (non-binary) labels",
    )


# ----------------------------------------------------------------------------- optimizers


def optim_cases():
    G = "optim"

    def opt_case(name, api, kwargs, *, groups=None, notes=""):
        def fn():
            seed = seed_of(G, name)
            rs = np.random.RandomState(seed)
            net = nn.Dense(4, 3)
            w0 = randn(rs, 3, 4, scale=0.5)
            b0 = randn(rs, 3, scale=0.5)
            net.weight.set_data(Tensor(w0))
            net.bias.set_data(Tensor(b0))
            g1 = [randn(rs, 3, 4), randn(rs, 3)]
            g2 = [randn(rs, 3, 4), randn(rs, 3)]
            params = net.trainable_params()
            pnames = [p.name for p in params]
            spec = {
                "api": api,
                "args": [],
                "kwargs": to_json(kwargs),
                "kind": "optimizer",
                "net": {"api": "nn.Dense", "args": [4, 3]},
                "params": "net.trainable_params()",
                "param_order": pnames,
                "notes": notes,
                "seed": seed,
            }
            if groups is not None:
                by = {p.name: p for p in params}
                pg = []
                for g in groups:
                    d = dict(g)
                    d["params"] = [by[n] for n in g["params"]]
                    pg.append(d)
                spec["params"] = to_json(groups)
                opt = resolve(api)(pg, **kwargs)
            else:
                opt = resolve(api)(params, **kwargs)
            arrays: dict = {}
            onames = [p.name for p in opt.get_parameters()]
            spec["opt_param_names"] = onames
            for p in opt.get_parameters():
                arrays[f"param:{p.name}"] = p.asnumpy().copy()
            for n, a, b in zip(pnames, g1, g2):
                arrays[f"grad1:{n}"] = a
                arrays[f"grad2:{n}"] = b
            opt(tuple(Tensor(g) for g in g1))
            for p in opt.get_parameters():
                arrays[f"after1:{p.name}"] = p.asnumpy().copy()
            opt(tuple(Tensor(g) for g in g2))
            for p in opt.get_parameters():
                arrays[f"after2:{p.name}"] = p.asnumpy().copy()
            # flat concatenations of the per-param grads, in param_order
            arrays["grads_step1"] = np.concatenate([a.ravel() for a in g1])
            arrays["grads_step2"] = np.concatenate([a.ravel() for a in g2])
            return spec, arrays

        record(G, name, fn)

    opt_case("Momentum", "nn.Momentum", {"learning_rate": 0.1, "momentum": 0.9})
    opt_case(
        "Momentum_nesterov",
        "nn.Momentum",
        {"learning_rate": 0.1, "momentum": 0.9, "use_nesterov": True},
    )
    opt_case(
        "Momentum_weight_decay",
        "nn.Momentum",
        {"learning_rate": 0.1, "momentum": 0.9, "weight_decay": 0.01},
    )
    opt_case(
        "Momentum_lr_list",
        "nn.Momentum",
        {"learning_rate": [0.1, 0.05, 0.01], "momentum": 0.9},
        notes="learning_rate as a per-step list (dynamic lr indexed by global_step)",
    )
    opt_case(
        "Momentum_groups",
        "nn.Momentum",
        {"learning_rate": 0.1, "momentum": 0.9},
        groups=[{"params": ["weight"], "weight_decay": 0.01, "lr": 0.05}, {"params": ["bias"]}],
        notes="group params: spec['params'] lists groups with param names",
    )
    opt_case("SGD_plain", "nn.SGD", {"learning_rate": 0.1})
    opt_case("SGD_momentum", "nn.SGD", {"learning_rate": 0.1, "momentum": 0.9})
    opt_case("SGD_dampening", "nn.SGD", {"learning_rate": 0.1, "momentum": 0.9, "dampening": 0.1})
    opt_case("SGD_nesterov", "nn.SGD", {"learning_rate": 0.1, "momentum": 0.9, "nesterov": True})
    opt_case(
        "SGD_weight_decay",
        "nn.SGD",
        {"learning_rate": 0.1, "momentum": 0.9, "weight_decay": 0.01},
    )
    opt_case("Adam", "nn.Adam", {"learning_rate": 0.01})
    opt_case("Adam_default", "nn.Adam", {}, notes="all defaults (learning_rate=1e-3)")
    opt_case("Adam_weight_decay", "nn.Adam", {"learning_rate": 0.01, "weight_decay": 0.01})
    opt_case(
        "Adam_eps_large",
        "nn.Adam",
        {"learning_rate": 0.01, "eps": 0.1},
        notes="large eps exposes where epsilon enters the update",
    )
    opt_case("AdamWeightDecay", "nn.AdamWeightDecay", {"learning_rate": 0.01, "weight_decay": 0.01})
    opt_case(
        "AdamWeightDecay_eps_large",
        "nn.AdamWeightDecay",
        {"learning_rate": 0.01, "weight_decay": 0.01, "eps": 0.1},
    )


# ----------------------------------------------------------------------------- GradOperation


class GradNet(nn.Cell):
    """out = fc(x * y) with fc = nn.Dense(3, 2)."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(3, 2)

    def construct(self, x, y):
        return self.fc(x * y)


def grad_cases():
    G = "grad"
    net_desc = "GradNet: out = fc(x * y), fc = nn.Dense(3, 2); x, y: (4, 3) float32"

    def setup(name):
        seed = seed_of(G, name)
        rs = np.random.RandomState(seed)
        net = GradNet()
        for _, p in net.parameters_and_names():
            p.set_data(Tensor(randn(rs, *p.shape, scale=0.5)))
        x, y = randn(rs, 4, 3), randn(rs, 4, 3)
        sens = randn(rs, 4, 2)
        arrays = {"in_0": x, "in_1": y}
        for n, p in net.parameters_and_names():
            arrays[f"param:{n}"] = p.asnumpy().copy()
        base = {
            "net": net_desc,
            "seed": seed,
            "param_order": [n for n, _ in net.parameters_and_names()],
        }
        return net, Tensor(x), Tensor(y), sens, arrays, base

    def G1(name, kwargs, *, sens=False, by_list=False, notes=""):
        def fn():
            net, x, y, s, arrays, base = setup(name)
            g = ops.GradOperation(**kwargs)
            gf = g(net, net.trainable_params()) if by_list else g(net)
            out = gf(x, y, Tensor(s)) if sens else gf(x, y)
            if sens:
                arrays["sens"] = s
            leaves: list = []
            st = flatten_out(out, leaves)
            for i, v in enumerate(leaves):
                arrays[f"out_{i}"] = np_of(v)
            spec = dict(base, api="ops.GradOperation", kwargs=kwargs, out_structure=st, notes=notes)
            spec["call"] = (
                "GradOperation(**kwargs)(net"
                + (", net.trainable_params()" if by_list else "")
                + ")(x, y"
                + (", sens" if sens else "")
                + ")"
            )
            return spec, arrays

        record(G, name, fn)

    G1("default", {}, notes="grad w.r.t. first input; non-scalar output, no sens => ones")
    G1("get_all", {"get_all": True})
    G1("get_by_list", {"get_by_list": True}, by_list=True)
    G1("get_all_get_by_list", {"get_all": True, "get_by_list": True}, by_list=True)
    G1("sens_param", {"sens_param": True}, sens=True)
    G1("get_all_sens_param", {"get_all": True, "sens_param": True}, sens=True)

    def fn_grad():
        net, x, y, s, arrays, base = setup("ms_grad")
        out = ms.grad(net, grad_position=(0, 1), weights=net.trainable_params())(x, y)
        leaves: list = []
        st = flatten_out(out, leaves)
        for i, v in enumerate(leaves):
            arrays[f"out_{i}"] = np_of(v)
        spec = dict(
            base,
            api="grad",
            kwargs={"grad_position": [0, 1], "weights": "net.trainable_params()"},
            out_structure=st,
            call="ms.grad(net, grad_position=(0, 1), weights=net.trainable_params())(x, y)",
            notes="returns ((dx, dy), (dW, db))",
        )
        return spec, arrays

    record(G, "ms_grad", fn_grad)

    def fn_grad_pos0():
        net, x, y, s, arrays, base = setup("ms_grad_pos0")
        out = ms.grad(net, grad_position=0)(x, y)
        arrays["out_0"] = np_of(out)
        spec = dict(
            base,
            api="grad",
            kwargs={"grad_position": 0},
            out_structure=0,
            call="ms.grad(net, grad_position=0)(x, y)",
        )
        return spec, arrays

    record(G, "ms_grad_pos0", fn_grad_pos0)

    def fn_vag():
        net, x, y, s, arrays, base = setup("value_and_grad_has_aux")

        def f(a, b):
            o = net(a, b)
            return (o * o).sum(), o

        out = ms.value_and_grad(f, grad_position=0, weights=net.trainable_params(), has_aux=True)(
            x, y
        )
        leaves: list = []
        st = flatten_out(out, leaves)
        for i, v in enumerate(leaves):
            arrays[f"out_{i}"] = np_of(v)
        spec = dict(
            base,
            api="value_and_grad",
            kwargs={"grad_position": 0, "weights": "net.trainable_params()", "has_aux": True},
            out_structure=st,
            call="ms.value_and_grad(f, grad_position=0, weights=net.trainable_params(), "
            "has_aux=True)(x, y) with f(x, y) = ((o * o).sum(), o), o = net(x, y)",
            notes="returns ((loss, aux), (dx, (dW, db))); aux does not contribute to grads",
        )
        return spec, arrays

    record(G, "value_and_grad_has_aux", fn_vag)

    def fn_vag2():
        net, x, y, s, arrays, base = setup("value_and_grad_pos01")

        def f(a, b):
            return (net(a, b) ** 2).mean()

        out = ms.value_and_grad(f, grad_position=(0, 1))(x, y)
        leaves: list = []
        st = flatten_out(out, leaves)
        for i, v in enumerate(leaves):
            arrays[f"out_{i}"] = np_of(v)
        spec = dict(
            base,
            api="value_and_grad",
            kwargs={"grad_position": [0, 1]},
            out_structure=st,
            call="ms.value_and_grad(f, grad_position=(0, 1))(x, y), f = (net(x, y) ** 2).mean()",
        )
        return spec, arrays

    record(G, "value_and_grad_pos01", fn_vag2)


# --------------------------------------------------------------------------- the Training guide (examples/seed003_*.py)


class ReLUReduceMeanDense(nn.Cell):
    def __init__(self, kernel, bias, in_channel, num_class):
        super().__init__()
        self.relu = ops.ReLU()
        self.mean = ops.ReduceMean(keep_dims=False)
        self.dense = nn.Dense(in_channel, num_class, kernel, bias)

    def construct(self, x):
        x = self.relu(x)
        x = self.mean(x, (2, 3))
        x = self.dense(x)
        return x


def seed003_cases():
    for mode_name, mode in (("pynative", ms.PYNATIVE_MODE), ("graph", ms.GRAPH_MODE)):

        def fn(mode_name=mode_name, mode=mode):
            ms.set_context(mode=mode)
            weight = Tensor(np.ones((1000, 2048), F32))
            bias = Tensor(np.ones((1000,), F32))
            net = ReLUReduceMeanDense(weight, bias, 2048, 1000)
            criterion = nn.SoftmaxCrossEntropyWithLogits(sparse=False)
            optimizer = nn.Momentum(
                learning_rate=0.1,
                momentum=0.1,
                params=filter(lambda x: x.requires_grad, net.get_parameters()),
            )
            net_with_criterion = nn.WithLossCell(net, criterion)
            train_network = nn.TrainOneStepCell(net_with_criterion, optimizer)
            train_network.set_train()
            input_np = np.random.RandomState(3).randn(32, 2048, 7, 7).astype(F32)
            label = Tensor(np.zeros((32, 1000), F32))
            buf = io.StringIO()
            with contextlib.redirect_stdout(buf):
                loss = train_network(Tensor(input_np), label)
                print("-------loss------", loss)
            w = net.dense.weight.asnumpy()
            spec = {
                "api": "seed003",
                "mode": mode_name.upper(),
                "train": True,
                "input": "np.random.RandomState(3).randn(32, 2048, 7, 7).astype(np.float32)",
                "notes": "Training guide (examples/seed003_*.py) program 1 (weights ones(1000,2048), bias ones(1000), labels "
                "zeros(32,1000), Momentum(lr=0.1, momentum=0.1), one TrainOneStepCell step). "
                "The input is not stored (13 MB): regenerate it from 'input'.",
            }
            arrays = {
                "loss": loss.asnumpy(),
                "printed": buf.getvalue(),
                "after_weight_sum": np.array(w.astype(np.float64).sum()),
                "after_weight_row0": w[0].copy(),
                "after_weight_col_sums": w.astype(np.float64).sum(0),
                "after_bias": net.dense.bias.asnumpy().copy(),
                "input_mean_features": np.maximum(input_np, 0).mean(axis=(2, 3)),
            }
            return spec, arrays

        record("seed", f"program1_{mode_name}", fn)


# ----------------------------------------------------------------------------- initializers


def init_cases():
    G = "init"
    inits = [
        ("TruncatedNormal_0.02", "TruncatedNormal", [0.02], {}),
        ("Normal_0.01", "Normal", [0.01], {}),
        ("Uniform_0.1", "Uniform", [0.1], {}),
        ("HeUniform", "HeUniform", [], {}),
        ("HeNormal", "HeNormal", [], {}),
        ("XavierUniform", "XavierUniform", [], {}),
        ("One", "One", [], {}),
        ("Zero", "Zero", [], {}),
        ("Constant_0.5", "Constant", [0.5], {}),
        ("TruncatedNormal_sigma1", "TruncatedNormal", [], {"sigma": 1.0}),
        ("TruncatedNormal_sigma1_mean3", "TruncatedNormal", [], {"sigma": 1.0, "mean": 3.0}),
        ("TruncatedNormal_default", "TruncatedNormal", [], {}),
        ("Normal_default", "Normal", [], {}),
        ("Uniform_default", "Uniform", [], {}),
        ("XavierNormal", "XavierNormal", [], {}),
    ]
    shapes = [(6, 1, 5, 5), (120, 400), (256, 400)]
    for cname, cls, args, kwargs in inits:
        for shape in shapes:
            name = f"{cname}_{'x'.join(map(str, shape))}"
            if not hasattr(msinit, cls):
                skip(G, name, f"initializer {cls} missing")
                continue

            def fn(cls=cls, args=args, kwargs=kwargs, shape=shape):
                ms.set_seed(seed_of(G, f"{cls}{shape}"))
                init = getattr(msinit, cls)(*args, **kwargs)
                a = msinit.initializer(init, shape, ms.float32).init_data().asnumpy()
                a64 = a.astype(np.float64)
                spec = {
                    "api": f"common.initializer.{cls}",
                    "args": list(args),
                    "kwargs": kwargs,
                    "shape": list(shape),
                    "notes": "stats of initializer(init, shape, float32).init_data()",
                }
                arrays = {
                    "stat_mean": np.array(a64.mean()),
                    "stat_std": np.array(a64.std()),
                    "stat_min": np.array(a64.min()),
                    "stat_max": np.array(a64.max()),
                    "shape": np.array(shape),
                    "dtype": str(a.dtype),
                }
                if "Normal" in cls:
                    arrays["stat_abs_mean"] = np.array(np.abs(a64 - a64.mean()).mean())
                return spec, arrays

            record(G, name, fn)

    # default initialisation of the main layers
    def default_layer(name, make, desc):
        def fn():
            ms.set_seed(seed_of(G, name))
            cell = make()
            arrays = {}
            for pn, p in cell.parameters_and_names():
                a = p.asnumpy().astype(np.float64)
                arrays[f"stat_mean:{pn}"] = np.array(a.mean())
                arrays[f"stat_std:{pn}"] = np.array(a.std())
                arrays[f"stat_min:{pn}"] = np.array(a.min())
                arrays[f"stat_max:{pn}"] = np.array(a.max())
                arrays[f"shape:{pn}"] = np.array(p.shape)
            return {"api": desc, "notes": "default parameter init statistics per parameter"}, arrays

        record(G, name, fn)

    default_layer("default_Dense_400_120", lambda: nn.Dense(400, 120), "nn.Dense(400, 120)")
    default_layer(
        "default_Conv2d_6_16_5", lambda: nn.Conv2d(6, 16, 5, has_bias=True), "nn.Conv2d(6, 16, 5)"
    )
    default_layer("default_Conv1d_8_16_3", lambda: nn.Conv1d(8, 16, 3, has_bias=True), "nn.Conv1d")
    default_layer(
        "default_Embedding_100_64", lambda: nn.Embedding(100, 64), "nn.Embedding(100, 64)"
    )
    default_layer("default_BatchNorm2d_16", lambda: nn.BatchNorm2d(16), "nn.BatchNorm2d(16)")
    default_layer("default_LayerNorm_16", lambda: nn.LayerNorm((16,)), "nn.LayerNorm((16,))")


# ----------------------------------------------------------------------------- naming


class Inner(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(4, 4)
        self.bn = nn.BatchNorm1d(4)

    def construct(self, x):
        return self.bn(self.fc(x))


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.scale = Parameter(Tensor(np.ones(4, F32)), name="scale")
        self.offset = Parameter(Tensor(np.zeros(4, F32)), name="my_offset")
        self.frozen = Parameter(Tensor(np.zeros(4, F32)), name="frozen", requires_grad=False)
        self.block = Inner()
        self.head = nn.SequentialCell([nn.Dense(4, 3), nn.ReLU()])

    def construct(self, x):
        return self.head(self.block(x) * self.scale + self.offset + self.frozen)


NAMING_DESC = (
    "Outer(nn.Cell): scale=Parameter(ones(4), name='scale'); offset=Parameter(zeros(4), "
    "name='my_offset'); frozen=Parameter(zeros(4), name='frozen', requires_grad=False); "
    "block=Inner(fc=nn.Dense(4,4), bn=nn.BatchNorm1d(4)); "
    "head=nn.SequentialCell([nn.Dense(4,3), nn.ReLU()])"
)


def naming_cases():
    G = "naming"

    def N(name, get, notes):
        def fn():
            names = get()
            return {"api": "naming", "net": NAMING_DESC, "notes": notes}, {
                "names": np.array(names, dtype=np.str_)
            }

        record(G, name, fn)

    N("outer_trainable_params", lambda: [p.name for p in Outer().trainable_params()], "p.name")
    N("outer_get_parameters", lambda: [p.name for p in Outer().get_parameters()], "p.name")
    N(
        "outer_parameters_and_names",
        lambda: [n for n, _ in Outer().parameters_and_names()],
        "keys of parameters_and_names()",
    )
    N(
        "outer_parameters_dict",
        lambda: list(Outer().parameters_dict().keys()),
        "keys of parameters_dict()",
    )
    N(
        "inner_standalone_get_parameters",
        lambda: [p.name for p in Inner().get_parameters()],
        "Inner() alone",
    )
    N(
        "batchnorm_standalone_get_parameters",
        lambda: [p.name for p in nn.BatchNorm2d(3).get_parameters()],
        "nn.BatchNorm2d(3) alone: Parameter.name vs attribute",
    )
    N(
        "batchnorm_standalone_parameters_and_names",
        lambda: [n for n, _ in nn.BatchNorm2d(3).parameters_and_names()],
        "nn.BatchNorm2d(3) alone",
    )
    N(
        "cells_and_names",
        lambda: [n for n, _ in Outer().cells_and_names()],
        "keys of cells_and_names()",
    )

    def train_net():
        net = Outer()
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
        return nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)

    N(
        "train_net_trainable_params",
        lambda: [p.name for p in train_net().trainable_params()],
        "TrainOneStepCell(WithLossCell(Outer(), SCE), Momentum(...)).trainable_params()",
    )
    N(
        "train_net_get_parameters",
        lambda: [p.name for p in train_net().get_parameters()],
        "TrainOneStepCell(...).get_parameters() incl. optimizer state",
    )
    N(
        "train_net_parameters_and_names",
        lambda: [n for n, _ in train_net().parameters_and_names()],
        "TrainOneStepCell(...).parameters_and_names() keys",
    )
    N(
        "with_loss_get_parameters",
        lambda: [
            p.name
            for p in nn.WithLossCell(Outer(), nn.SoftmaxCrossEntropyWithLogits()).get_parameters()
        ],
        "WithLossCell(Outer(), SCE).get_parameters()",
    )


# ----------------------------------------------------------------------------- printing


class LeNetLike(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, pad_mode="valid")
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()
        self.features = nn.SequentialCell([nn.Conv2d(6, 16, 5, pad_mode="valid"), nn.ReLU()])
        self.fc1 = nn.Dense(16 * 5 * 5, 120)
        self.fc2 = nn.Dense(120, 10, has_bias=False)

    def construct(self, x):
        x = self.pool(self.relu(self.conv1(x)))
        x = self.pool(self.features(x))
        return self.fc2(self.relu(self.fc1(self.flatten(x))))


def print_cases():
    G = "print"
    for n in ("float32", "float16", "float64", "int32", "int64", "uint8", "int8", "bool_"):

        def fn(n=n):
            t = getattr(ms, n)
            return {"api": "dtype", "notes": f"str(mindspore.{n}); repr in key 'repr'"}, {
                "text": str(t),
                "repr": repr(t),
            }

        record(G, f"dtype_{n}", fn)

    def printed(obj) -> str:
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            print(obj)
        return buf.getvalue()

    cells = {
        "cell_lenet_like": (LeNetLike, "LeNetLike (see scripts/record_fixtures.py)"),
        "cell_dense": (lambda: nn.Dense(4, 3), "nn.Dense(4, 3)"),
        "cell_dense_relu": (lambda: nn.Dense(4, 3, activation="relu"), "nn.Dense(4,3,'relu')"),
        "cell_conv2d": (lambda: nn.Conv2d(3, 8, 3, stride=2, has_bias=True), "nn.Conv2d"),
        "cell_batchnorm2d": (lambda: nn.BatchNorm2d(8), "nn.BatchNorm2d(8)"),
        "cell_sequential": (
            lambda: nn.SequentialCell([nn.Dense(4, 3), nn.ReLU()]),
            "nn.SequentialCell([nn.Dense(4, 3), nn.ReLU()])",
        ),
        "cell_loss_sce": (
            lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
            "nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')",
        ),
        "cell_with_loss": (
            lambda: nn.WithLossCell(nn.Dense(4, 3), nn.SoftmaxCrossEntropyWithLogits()),
            "nn.WithLossCell(nn.Dense(4, 3), nn.SoftmaxCrossEntropyWithLogits())",
        ),
    }
    for name, (make, desc) in cells.items():

        def fn(make=make, desc=desc):
            cell = make()
            return {"api": "print(cell)", "net": desc, "notes": "text = stdout of print(cell)"}, {
                "text": printed(cell),
                "repr": repr(cell),
            }

        record(G, name, fn)


# ----------------------------------------------------------------------------- errors


def error_cases():
    G = "errors"

    def E(name, thunk, desc):
        def fn():
            exc_type, message = "", ""
            try:
                r = thunk()
                # PyNative runs kernels asynchronously: force the result so that a deferred
                # error is raised here and not in a later case.
                leaves: list = []
                flatten_out(r, leaves)
                for x in leaves:
                    if isinstance(x, Tensor):
                        x.asnumpy()
            except Exception as e:  # noqa: BLE001
                exc_type, message = type(e).__name__, str(e)
            return {
                "api": "error",
                "call": desc,
                "notes": "exc_type/message empty => no exception raised",
            }, {"exc_type": exc_type, "message": message}

        record(G, name, fn)

    x23 = Tensor(np.ones((2, 3), F32))
    E(
        "conv2d_bad_pad_mode",
        lambda: nn.Conv2d(3, 4, 3, pad_mode="SAME1"),
        "nn.Conv2d(3,4,3,pad_mode='SAME1')",
    )
    E(
        "conv2d_pad_mode_same_with_padding",
        lambda: nn.Conv2d(3, 4, 3, pad_mode="same", padding=1),
        "nn.Conv2d(3,4,3,pad_mode='same',padding=1)",
    )
    E("dense_in_channels_0", lambda: nn.Dense(0, 3), "nn.Dense(0, 3)")
    E("dense_in_channels_negative", lambda: nn.Dense(-1, 3), "nn.Dense(-1, 3)")
    E("dense_shape_mismatch", lambda: nn.Dense(4, 3)(x23), "nn.Dense(4,3)(ones(2,3))")
    E("reducemean_bad_axis", lambda: ops.ReduceMean()(x23, 5), "ops.ReduceMean()(ones(2,3), 5)")
    E(
        "reducemean_bad_axis_tuple",
        lambda: ops.ReduceMean(keep_dims=True)(x23, (0, 2)),
        "ops.ReduceMean(keep_dims=True)(ones(2,3), (0, 2))",
    )
    E("reshape_bad_shape", lambda: ops.Reshape()(x23, (4, 2)), "ops.Reshape()(ones(2,3), (4,2))")
    E(
        "conv2d_channel_mismatch",
        lambda: nn.Conv2d(3, 4, 3)(Tensor(np.ones((1, 2, 5, 5), F32))),
        "nn.Conv2d(3,4,3)(ones(1,2,5,5))",
    )
    E("dropout_keep_prob_0", lambda: nn.Dropout(keep_prob=0.0), "nn.Dropout(keep_prob=0.0)")
    E("dropout_p_1", lambda: nn.Dropout(p=1.0), "nn.Dropout(p=1.0)")
    E(
        "sce_bad_reduction",
        lambda: nn.SoftmaxCrossEntropyWithLogits(reduction="avg"),
        "nn.SoftmaxCrossEntropyWithLogits(reduction='avg')",
    )
    E(
        "momentum_negative",
        lambda: nn.Momentum(nn.Dense(2, 2).trainable_params(), 0.1, -0.5),
        "nn.Momentum(params, 0.1, -0.5)",
    )

    def grad_nonscalar():
        net = nn.Dense(3, 2)
        return ops.GradOperation()(net)(x23)

    E(
        "gradoperation_nonscalar_no_sens",
        grad_nonscalar,
        "GradOperation()(nn.Dense(3,2))(ones(2,3))",
    )
    E(
        "gradoperation_sens_missing",
        lambda: ops.GradOperation(sens_param=True)(nn.Dense(3, 2))(x23),
        "GradOperation(sens_param=True)(net)(x) without sens",
    )


# ----------------------------------------------------------------------------- main

# ----------------------------------------------------------------------------- mixed precision


class AmpNet(nn.Cell):
    """fc(4->3) -> BatchNorm1d(3) -> fc2(3->2)."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(4, 3)
        self.bn = nn.BatchNorm1d(3)
        self.fc2 = nn.Dense(3, 2)

    def construct(self, x):
        return self.fc2(self.bn(self.fc(x)))


def amp_cases():
    G = "amp"
    flags = [False, True, False, False, False, True, True, False, False, False, False]

    def update_cell():
        cell = nn.DynamicLossScaleUpdateCell(
            loss_scale_value=2.0**10, scale_factor=2, scale_window=3
        )
        scale = Parameter(Tensor(2.0**10, ms.float32), name="scale")
        seq = []
        for f in flags:
            cell(scale, Tensor(f))
            seq.append(float(scale.asnumpy()))
        spec = {
            "api": "nn.DynamicLossScaleUpdateCell",
            "notes": "scale after each overflow flag",
            "kwargs": {"loss_scale_value": 1024.0, "scale_factor": 2, "scale_window": 3},
        }
        return spec, {"flags": np.array(flags), "scales": np.array(seq, np.float32)}

    record(G, "update_cell", update_cell)

    def scaler():
        s = ms.amp.DynamicLossScaler(scale_value=2.0**10, scale_factor=2, scale_window=3)
        seq = []
        for f in flags:
            s.adjust(Tensor(not f))
            seq.append(float(s.scale_value.asnumpy()))
        st = ms.amp.StaticLossScaler(8.0)
        x = np.array([1.5, -2.0], np.float32)
        spec = {"api": "amp.DynamicLossScaler", "notes": "adjust(grads_finite = not flag)"}
        return spec, {
            "flags": np.array(flags),
            "scales": np.array(seq, np.float32),
            "x": x,
            "static_scaled": st.scale(Tensor(x)).asnumpy(),
            "static_unscaled": st.unscale(Tensor(x)).asnumpy(),
            "all_finite_ok": ms.amp.all_finite((Tensor(x), Tensor(x))).asnumpy(),
            "all_finite_bad": ms.amp.all_finite(
                (Tensor(x), Tensor(np.array([np.inf], np.float32)))
            ).asnumpy(),
        }

    record(G, "scaler", scaler)

    def manager():
        m = ms.amp.DynamicLossScaleManager(init_loss_scale=2.0**10, scale_factor=2, scale_window=3)
        seq = []
        for f in flags:
            m.update_loss_scale(f)
            seq.append(m.get_loss_scale())
        spec = {"api": "amp.DynamicLossScaleManager", "notes": "update_loss_scale(flag)"}
        return spec, {"flags": np.array(flags), "scales": np.array(seq, np.float32)}

    record(G, "manager", manager)

    def setup(name):
        rs = np.random.RandomState(seed_of(G, name))
        net = AmpNet()
        arrays = {}
        for n, p in net.parameters_and_names():
            if p.requires_grad:
                p.set_data(Tensor(randn(rs, *p.shape, scale=0.5)))
            arrays[f"param:{n}"] = p.asnumpy().copy()
        xs = [randn(rs, 8, 4) for _ in range(3)]
        xs[1][0, 0] = np.inf  # the second step overflows
        y = randn(rs, 8, 2)
        return net, xs, y, arrays

    def train_loss_scale():
        net, xs, y, arrays = setup("train_loss_scale")
        ms.set_context(mode=ms.GRAPH_MODE)  # PyNative CPU lacks the overflow-status kernel
        opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
        t = nn.TrainOneStepWithLossScaleCell(
            nn.WithLossCell(net, nn.MSELoss()),
            opt,
            nn.DynamicLossScaleUpdateCell(loss_scale_value=2.0**10, scale_factor=2, scale_window=2),
        )
        t.set_train()
        for i, x in enumerate(xs):
            loss, cond, scale = t(Tensor(x), Tensor(y))
            arrays[f"in_{i}"] = x
            arrays[f"loss_{i}"] = np.asarray(loss.asnumpy())
            arrays[f"overflow_{i}"] = np.asarray(cond.asnumpy())
            arrays[f"scale_after_{i}"] = np.asarray(t.scale_sense.asnumpy())
            for n, p in net.parameters_and_names():
                arrays[f"after_{i}:{n}"] = p.asnumpy().copy()
        arrays["label"] = y
        spec = {
            "api": "nn.TrainOneStepWithLossScaleCell",
            "net": AmpNet.__doc__,
            "mode": "GRAPH",
            "notes": "Momentum(0.1, 0.9), MSELoss; step 1 input has an inf (overflow: update skipped)",
        }
        return spec, arrays

    # MindSpore 2.10's CPU build cannot run this cell (PyNative: no NPUGetFloatStatusV2 kernel;
    # GRAPH_MODE: a RuntimeError at compile); kept for a GPU/Ascend build, skipped on CPU.
    if ms.get_context("device_target") == "CPU":
        skip(G, "train_loss_scale", "TrainOneStepWithLossScaleCell does not run on MindSpore CPU")
    else:
        record(G, "train_loss_scale", train_loss_scale)

    def levels():
        out = {}
        for lvl in ("O0", "O1", "O2", "O3"):
            net, xs, y, arrays = setup("levels")
            # O2 with a fixed scale the optimizer divides out (its documented pairing)
            opt = nn.Momentum(
                net.trainable_params(), 0.1, 0.9, loss_scale=128.0 if lvl == "O2" else 1.0
            )
            kw = (
                {}
                if lvl != "O2"
                else {
                    "loss_scale_manager": ms.amp.FixedLossScaleManager(
                        128.0, drop_overflow_update=False
                    )
                }
            )
            t = ms.amp.build_train_network(net, opt, nn.MSELoss(), level=lvl, **kw)
            r = t(Tensor(xs[0]), Tensor(y))
            loss = r[0] if isinstance(r, tuple) else r
            out[f"{lvl}:loss"] = np.asarray(loss.asnumpy(), np.float32)
            out[f"{lvl}:out_dtype"] = str(net(Tensor(xs[0])).dtype)
            out[f"{lvl}:train_cell"] = type(t).__name__
            out[f"{lvl}:weight_dtype"] = str(net.fc.weight.dtype)
            for n, p in net.parameters_and_names():
                out[f"{lvl}:after:{n}"] = p.asnumpy().copy()
        out.update(arrays)
        out["in_0"], out["label"] = xs[0], y
        spec = {
            "api": "amp.build_train_network",
            "net": AmpNet.__doc__,
            "notes": "one step per level; O2 with FixedLossScaleManager(128, drop_overflow_update=False) "
            "and Momentum(loss_scale=128) (MindSpore CPU refuses update cells); "
            "MindSpore names O2's BatchNorm params bn._backbone.* (its wrapper)",
        }
        return spec, out

    record(G, "levels", levels)


# ----------------------------------------------------------------------------- nn additions


def nnx_cases():
    G = "nnx"

    def smooth_l1():
        rs = np.random.RandomState(seed_of(G, "smooth_l1"))
        x, y = randn(rs, 4, 5, scale=2.0), randn(rs, 4, 5, scale=2.0)
        arrays = {"in_0": x, "in_1": y}
        for beta in (1.0, 0.5):
            for red in ("none", "mean", "sum"):
                out = nn.SmoothL1Loss(beta=beta, reduction=red)(Tensor(x), Tensor(y))
                arrays[f"out:{beta}:{red}"] = out.asnumpy()
        return {"api": "nn.SmoothL1Loss"}, arrays

    record(G, "smooth_l1", smooth_l1)

    def maxpool_indices():
        rs = np.random.RandomState(seed_of(G, "maxpool_indices"))
        x = randn(rs, 2, 3, 7, 6)
        arrays = {"in_0": x}
        for k, s_, p in ((3, 2, 1), (2, 2, 0), (3, 1, 1)):
            out, idx = nn.MaxPool2d(
                kernel_size=k, stride=s_, pad_mode="pad", padding=p, return_indices=True
            )(Tensor(x))
            arrays[f"out:{k}:{s_}:{p}"] = out.asnumpy()
            arrays[f"idx:{k}:{s_}:{p}"] = idx.asnumpy()
        return {"api": "nn.MaxPool2d(return_indices=True)", "notes": "pad_mode='pad'"}, arrays

    record(G, "maxpool_indices", maxpool_indices)

    def adam_lazy():
        rs = np.random.RandomState(seed_of(G, "adam_lazy"))
        w0 = randn(rs, 5, 3)
        grads = [randn(rs, 5, 3) for _ in range(3)]
        for i, g in enumerate(grads):
            g[[1, 3][i % 2]] = 0.0  # one row untouched per step
            g[4] = 0.0
        arrays = {"w0": w0}
        for lazy in (False, True):
            w = Parameter(Tensor(w0.copy()), name="w")
            opt = nn.Adam([w], learning_rate=0.1, use_lazy=lazy)
            for i, g in enumerate(grads):
                opt((Tensor(g),))
                arrays[f"lazy{int(lazy)}:w_{i}"] = w.asnumpy().copy()
        for i, g in enumerate(grads):
            arrays[f"grad_{i}"] = g
        return {"api": "nn.Adam(use_lazy=)", "notes": "dense gradients with zero rows"}, arrays

    record(G, "adam_lazy", adam_lazy)

    def adaptive_unpool():
        rs = np.random.RandomState(seed_of(G, "adaptive_unpool"))
        x = randn(rs, 2, 3, 12)
        arrays = {"in_0": x}
        for n in (1, 3, 4):
            arrays[f"avg:{n}"] = nn.AdaptiveAvgPool1d(n)(Tensor(x)).asnumpy()
            arrays[f"max:{n}"] = nn.AdaptiveMaxPool1d(n)(Tensor(x)).asnumpy()
        img = randn(rs, 2, 3, 6, 6)
        out, idx = nn.MaxPool2d(2, 2, pad_mode="pad", padding=0, return_indices=True)(Tensor(img))
        arrays["img"] = img
        arrays["unpool2d"] = nn.MaxUnpool2d(2, 2, 0)(out, idx).asnumpy()
        arrays["unpool2d_size"] = nn.MaxUnpool2d(2, 2, 0)(out, idx, (2, 3, 7, 7)).asnumpy()
        return {"api": "nn.AdaptiveAvgPool1d/AdaptiveMaxPool1d/MaxUnpool2d"}, arrays

    record(G, "adaptive_unpool", adaptive_unpool)


SELECTED: set[str] = set()

GROUPS = {
    "nn": layers,
    "tensor": conv_seed004,
    "ops": op_cases,
    "loss": loss_cases,
    "optim": optim_cases,
    "grad": grad_cases,
    "seed": seed003_cases,
    "init": init_cases,
    "naming": naming_cases,
    "print": print_cases,
    "errors": error_cases,
    "amp": amp_cases,
    "nnx": nnx_cases,
}


def main(argv: list[str]) -> int:
    SELECTED.update(argv)
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    ms.set_seed(0)
    print(f"MindSpore {ms.__version__}, numpy {np.__version__}; writing to {OUT}")
    for g, fn in GROUPS.items():
        if SELECTED and g not in SELECTED:
            continue
        try:
            fn()
        except Exception as e:  # noqa: BLE001
            FAILED.append((f"{g}/*", f"{type(e).__name__}: {e}"))
            traceback.print_exc()
    # index of everything present on disk
    index = {
        "ms_version": ms.__version__,
        "numpy_version": np.__version__,
        "cases": sorted(str(p.relative_to(OUT).with_suffix("")) for p in OUT.glob("*/*.npz")),
    }
    (OUT / "index.json").write_text(json.dumps(index, indent=1) + "\n")
    total = sum(p.stat().st_size for p in OUT.rglob("*.npz"))
    print("\n==== summary ====")
    counts: dict[str, int] = {}
    for k in RECORDED:
        counts[k.split("/")[0]] = counts.get(k.split("/")[0], 0) + 1
    for g, n in counts.items():
        print(f"  {g:8s} {n}")
    print(f"recorded {len(RECORDED)}, failed {len(FAILED)}, skipped {len(SKIPPED)}")
    print(f"fixtures on disk: {len(index['cases'])} files, {total / 1024:.1f} KiB")
    for k, m in FAILED:
        print(f"  FAILED  {k}: {m}")
    for k, m in SKIPPED:
        print(f"  SKIPPED {k}: {m}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
