"""``ops`` is the only place that computes: ``deepsink.nn``, ``deepsink.mint`` and
``deepsink.numpy`` call ``ops`` functions (or the lowering behind them) instead of writing their
own ``jnp``/``lax``/``jax.nn`` code, so a fix or a faster lowering in ``ops`` reaches every API.

The rule: a reference counts when the code (not a comment or docstring) reads an attribute of
``jnp`` / ``jax.numpy``, ``lax`` / ``jax.lax`` or ``jax.nn``, or imports a name from them. Dtype
objects and dtype queries (``jnp.float32``, ``jnp.finfo``, ``jnp.issubdtype``, ...) and constants
(``jnp.inf``) do not count: they name a type or a value and compute nothing.

``ALLOWED`` lists the files still holding references, with their exact count and why. A new
reference fails the test (move the computation into ``ops`` and call it); a file with fewer
references than listed fails too, so that its entry is lowered and the list only shrinks.
"""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FOLDERS = ("deepsink/nn", "deepsink/mint", "deepsink/numpy")
MODULES = {"jax.numpy": "jnp", "jax.lax": "lax", "jax.nn": "jax.nn"}
NOT_COMPUTING = {
    "float16", "float32", "float64", "bfloat16", "int8", "int16", "int32", "int64", "uint8",
    "uint16", "uint32", "uint64", "bool_", "complex64", "complex128", "dtype", "ndarray",
    "finfo", "iinfo", "issubdtype", "result_type", "promote_types", "floating", "integer",
    "inexact", "number", "signedinteger", "unsignedinteger", "complexfloating", "inf", "nan", "pi",
    "e",
}  # fmt: skip

# path: (references, reason). Keep the reasons specific: what the file computes itself and why.
ALLOWED: dict[str, tuple[int, str]] = {
    "deepsink/nn/layer/basic.py": (
        8,
        "ClipByNorm's L2 normalisation, one-hot values",
    ),
    "deepsink/nn/layer/rnns.py": (
        3,
        "the zero initial states and the int32 sequence lengths (the recurrence runs in ops)",
    ),
    "deepsink/nn/layer/transformer.py": (
        1,
        "the attention masks' dtype check (the attention computes in ops)",
    ),
    "deepsink/nn/optim/adadelta.py": (
        2,
        "optimizer state created from hyperparameters (asarray)",
    ),
    "deepsink/nn/optim/adamax.py": (
        1,
        "optimizer state created from hyperparameters (asarray)",
    ),
    "deepsink/nn/optim/asgd.py": (
        2,
        "ASGD's averaging switch on raw state",
    ),
    "deepsink/nn/optim/ftrl.py": (
        1,
        "optimizer state created from hyperparameters (asarray)",
    ),
    "deepsink/nn/optim/lamb.py": (
        2,
        "optimizer state created from hyperparameters (asarray, zeros)",
    ),
    "deepsink/nn/optim/lars.py": (
        5,
        "LARS's trust ratio norms on raw gradients",
    ),
    "deepsink/nn/optim/lazyadam.py": (
        1,
        "optimizer state created from hyperparameters (asarray)",
    ),
    "deepsink/nn/optim/optimizer.py": (
        4,
        "learning-rate and weight-decay arrays, gradient clipping of the base class",
    ),
    "deepsink/nn/optim/proximal_ada_grad.py": (
        2,
        "optimizer state created from hyperparameters (asarray)",
    ),
    "deepsink/nn/optim/rmsprop.py": (
        1,
        "optimizer state created from hyperparameters (asarray)",
    ),
    "deepsink/nn/wrap/grad_reducer.py": (
        2,
        "the data-parallel gradient all-reduce (psum) inside the compiled step",
    ),
    "deepsink/numpy/array_creations.py": (
        27,
        "deepsink.numpy follows NumPy's creation rules (arange/linspace/logspace/eye/tri/tril/indices/mgrid/pad/histogram_bin_edges), which jnp implements",
    ),
    "deepsink/numpy/array_ops.py": (
        15,
        "deepsink.numpy follows NumPy's rules where ops has no twin (take modes/choose/select/piecewise/unique/unravel_index/apply_along_axis)",
    ),
    "deepsink/numpy/logic_ops.py": (
        8,
        "deepsink.numpy's set functions and whole-array comparisons (isin/intersect1d/setdiff1d/array_equal/array_equiv), NumPy's rules as jnp has them",
    ),
    "deepsink/numpy/math_ops.py": (
        48,
        "NumPy functions without an ops twin (cbrt, rint of ints, nan-reductions' var/std/min/max, nancumsum, dot, cross, multi_dot, histograms, polynomials, convolve, interp) and NumPy's integer reciprocal/exp2",
    ),
    "deepsink/numpy/utils.py": (
        7,
        "conversion of NumPy-API inputs to arrays (asarray, stack)",
    ),
}


def references(path: Path) -> list[tuple[int, str]]:
    """``(line, name)`` of every computing ``jnp``/``lax``/``jax.nn`` reference in ``path``."""
    tree = ast.parse(path.read_text(), str(path))
    aliases = {"jnp": "jnp", "lax": "lax"}  # the project's import names
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name in MODULES and a.asname:
                    aliases[a.asname] = MODULES[a.name]
        elif isinstance(node, ast.ImportFrom) and node.module in ("jax", *MODULES):
            for a in node.names:
                full = f"{node.module}.{a.name}"
                if full in MODULES:
                    aliases[a.asname or a.name] = MODULES[full]
                elif node.module in MODULES and a.name not in NOT_COMPUTING:
                    found.append((node.lineno, f"{MODULES[node.module]}.{a.name}"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or node.attr in NOT_COMPUTING:
            continue
        v = node.value
        if isinstance(v, ast.Name) and v.id in aliases:
            found.append((node.lineno, f"{aliases[v.id]}.{node.attr}"))
        elif (
            isinstance(v, ast.Attribute)
            and isinstance(v.value, ast.Name)
            and v.value.id == "jax"
            and f"jax.{v.attr}" in MODULES
        ):
            found.append((node.lineno, f"{MODULES['jax.' + v.attr]}.{node.attr}"))
    return sorted(found)


def _counts() -> dict[str, list[tuple[int, str]]]:
    out = {}
    for folder in FOLDERS:
        for path in sorted((REPO / folder).rglob("*.py")):
            refs = references(path)
            if refs:
                out[path.relative_to(REPO).as_posix()] = refs
    return out


def test_the_counter_sees_every_spelling(tmp_path):
    src = tmp_path / "m.py"
    src.write_text(
        "import jax\nimport jax.numpy as jnp\nfrom jax import lax, numpy as xnp\n"
        "from jax.nn import relu\n"
        "def f(x):\n"
        "    '''jnp.sum in a docstring does not count'''\n"
        "    y = jnp.sum(x) + lax.exp(x) + xnp.abs(x) + jax.nn.gelu(x)  # jnp.max: a comment\n"
        "    return jax.lax.rsqrt(y).astype(jnp.float32) + jax.numpy.tanh(y) + jnp.inf\n"
    )
    names = [n for _, n in references(src)]
    assert names == [  # sorted by line, then by name
        "jax.nn.relu", "jax.nn.gelu", "jnp.abs", "jnp.sum", "lax.exp", "jnp.tanh", "lax.rsqrt",
    ]  # fmt: skip


def test_nn_mint_and_numpy_compute_only_through_ops():
    counts = _counts()
    grown, shrunk = [], []
    for path, refs in counts.items():
        allowed = ALLOWED.get(path, (0, ""))[0]
        if len(refs) > allowed:
            shown = ", ".join(f"{line}: {name}" for line, name in refs[:12])
            grown.append(f"{path}: {len(refs)} references, {allowed} allowed ({shown} ...)")
        elif len(refs) < allowed:
            shrunk.append(f"{path}: {len(refs)} references, the list allows {allowed}")
    shrunk += [f"{p}: 0 references, the list allows {n}" for p, (n, _) in ALLOWED.items()
               if p not in counts]  # fmt: skip
    assert not grown, (
        "nn/, mint/ and numpy/ call ops instead of computing with jnp/lax/jax.nn (move the "
        "computation into an ops function and call it):\n" + "\n".join(grown)
    )
    assert not shrunk, "lower these entries of ALLOWED to the new counts:\n" + "\n".join(shrunk)


def test_every_allowed_entry_has_a_reason():
    assert all(reason.strip() for _, reason in ALLOWED.values())
