"""deepsink.mint is called and printed as MindSpore 2.10's mint: every public callable's signature
(parameter names, kinds, defaults) and every mint.nn Cell's ``repr``, against
``tests/fixtures/ms/mint_signatures.json`` (``scripts/record_mint_signatures.py``)."""

from __future__ import annotations

import ast
import importlib
import inspect
import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import mint

RECORD = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "mint_signatures.json").read_text()
)
CASES = [(m, n) for m, names in RECORD["signatures"].items() for n in names]

# Cells whose 2.10 repr lists MindSpore-internal children (communication kernels): only the
# Cell's own text (its extend_repr) is compared
OWN_TEXT_ONLY = {"SyncBatchNorm"}


def _deepsink_object(module: str, name: str):
    mod = importlib.import_module("deepsink" + module[len("mindspore") :])
    assert hasattr(mod, name), f"{module.replace('mindspore', 'deepsink', 1)} lacks {name!r}"
    return getattr(mod, name)


def _default_repr(p: inspect.Parameter):
    if p.default is inspect.Parameter.empty:
        return None
    text = repr(p.default)
    return f"<{type(p.default).__name__}>" if " at 0x" in text else text


def _params(obj) -> list[list]:
    return [
        [p.name, p.kind.name, _default_repr(p)] for p in inspect.signature(obj).parameters.values()
    ]


def _check_overload(sig: inspect.Signature, form: str) -> None:
    """deepsink's signature accepts the documented call form ``name(a, b=1, *, c=2)`` (its
    positional parameters by position, its keyword-only ones by keyword), with the same defaults
    where it names the parameter."""
    fn = ast.parse(f"def {form.replace('*size, *,', '*size,')}: pass").body[0].args
    positional = [a.arg for a in fn.posonlyargs + fn.args]
    keywords = [a.arg for a in fn.kwonlyargs]
    star = [fn.vararg.arg] * 2 if fn.vararg else []
    try:
        sig.bind(*positional, *star, **{k: k for k in keywords})
    except TypeError as e:
        raise AssertionError(f"{form}: deepsink's {sig} does not take it ({e})") from None
    defaults = dict(zip(positional[len(positional) - len(fn.defaults) :], fn.defaults))
    defaults.update({a.arg: d for a, d in zip(fn.kwonlyargs, fn.kw_defaults) if d is not None})
    for name, node in defaults.items():
        p = sig.parameters.get(name)
        if p is not None:
            assert _default_repr(p) == repr(ast.literal_eval(node)), (form, name, p)


@pytest.mark.parametrize(("module", "name"), CASES, ids=[f"{m[10:]}.{n}" for m, n in CASES])
def test_signature_matches_mindspore(module: str, name: str) -> None:
    want = RECORD["signatures"][module][name]
    obj = _deepsink_object(module, name)
    if hasattr(obj, "__deepsink_unsupported__"):  # a documented refusal (point-to-point calls)
        with pytest.raises(NotImplementedError):
            obj()
        return
    if "overloads" in want:  # 2.10's own signature is (*args, **kwargs): the documented forms
        sig = inspect.signature(obj)
        for form in want["overloads"]:
            _check_overload(sig, form)
        return
    assert _params(obj) == want["params"]


def _tuples(v):
    return tuple(_tuples(x) for x in v) if isinstance(v, list) else v


REPRS = [(n, i) for n, rows in RECORD["reprs"].items() for i in range(len(rows))]


@pytest.mark.parametrize(("name", "i"), REPRS, ids=[f"{n}-{i}" for n, i in REPRS])
def test_cell_repr_matches_mindspore(name: str, i: int) -> None:
    row = RECORD["reprs"][name][i]
    cell = getattr(mint.nn, name)(
        *_tuples(row["args"]), **{k: _tuples(v) for k, v in row["kwargs"].items()}
    )
    if name in OWN_TEXT_ONLY:
        first, own = row["repr"].splitlines()[:2]
        assert f"{first}{own.strip()})" == f"{type(cell).__name__}({cell.extend_repr()})"
        return
    assert repr(cell) == row["repr"]


def test_linear_prints_mindspore_names_in_a_network() -> None:
    net = ms.nn.SequentialCell([mint.nn.Linear(784, 512), mint.nn.ReLU()])
    assert repr(net) == (
        "SequentialCell(\n"
        "  (0): Linear(input_features=784, output_features=512, has_bias=True)\n"
        "  (1): ReLU()\n)"
    )


def test_softmax_without_dim_as_mindspore() -> None:
    """2.10's mint softmax with ``dim=None`` takes PyTorch's implicit axis: 0 for 0-, 1- and 3-D
    inputs, 1 otherwise (values recorded from 2.10)."""
    for shape, axis in [((5,), 0), ((2, 3), 1), ((2, 3, 4), 0), ((2, 3, 2, 2), 1)]:
        x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape) / 7
        e = np.exp(x - x.max(axis, keepdims=True))
        want = e / e.sum(axis, keepdims=True)
        for f in (mint.nn.functional.softmax, mint.nn.Softmax()):
            np.testing.assert_allclose(
                f(ms.Tensor(x)).asnumpy(), want, rtol=1e-6, err_msg=str(shape)
            )
    assert mint.nn.functional.softmax(ms.Tensor(2.0)).asnumpy() == 1.0
    with pytest.raises(TypeError, match="dim"):  # mint.softmax (not functional's) needs dim
        mint.softmax(ms.Tensor(x))
