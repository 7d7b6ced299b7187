"""Shared machinery of the MindSpore fixture recorders (``scripts/record_*_fixtures.py``).

Each recorder runs under a Python that has a real MindSpore 2.10 CPU build (not run by CI) and writes
small ``.npz`` files to ``tests/fixtures/ms/<group>/<case>.npz``; ``tests/fixtures/ms/README.md``
documents the key conventions. Every case is wrapped in try/except so one failure never stops a run;
``run_groups`` prints a summary and rewrites ``index.json`` from the files on disk.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import traceback
import zlib
from pathlib import Path

import mindspore as ms
import numpy as np
from mindspore import Parameter, ParameterTuple, Tensor, nn, ops

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


SELECTED: set[str] = set()


def run_groups(groups: dict, argv: list[str] | None = None) -> int:
    """Run the named groups (all of ``groups`` when ``argv`` names none) and write ``index.json``."""
    argv = sys.argv[1:] if argv is None else argv
    unknown = sorted(set(argv) - set(groups))
    if unknown:
        print(f"unknown group(s) {unknown}; choose from {sorted(groups)}", file=sys.stderr)
        return 2
    SELECTED.clear()
    SELECTED.update(argv)
    # MindSpore writes scratch files (rewritten_network/, rank_0/) into the working directory
    os.chdir(tempfile.mkdtemp(prefix="ms-record-"))
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    ms.set_seed(0)
    print(f"MindSpore {ms.__version__}, numpy {np.__version__}; writing to {OUT}")
    for g, fn in groups.items():
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


def record_json_cases(module: str, out_name: str) -> None:
    """The JSON recorders' body: run the cases of ``tests/support/<module>.py`` (``all_cases``)
    on MindSpore (PyNative, CPU) and write the summaries of what each drew
    (``random_op_cases.summarize``) to ``tests/fixtures/ms/<out_name>``."""
    import importlib

    sys.path.insert(0, str(ROOT / "tests" / "support"))
    cases = importlib.import_module(module).all_cases(ms)
    summarize = importlib.import_module("random_op_cases").summarize
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    data = {"mindspore": ms.__version__, "cases": {}}
    for name, case in cases.items():
        data["cases"][name] = summarize(case())
        print("recorded", name)
    (OUT / out_name).write_text(json.dumps(data, indent=1) + "\n")
    print("wrote", OUT / out_name)
