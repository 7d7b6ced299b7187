"""Mutation smoke check: does the suite notice a plausible bug in a central function?

Each mutant is one small edit (a string replaced once) to deepsink's source and the test files
that should catch it. The script copies the working tree to a temporary folder, runs those tests
unmutated (they must pass), then applies each mutant in turn, runs its tests, and restores the
file. A mutant is *caught* when its tests fail, *missed* when they pass: a missed mutant is a
behaviour no test pins down. Nothing in the working tree is modified.

    python3 scripts/mutants.py                 # every mutant
    python3 scripts/mutants.py --list          # names only
    python3 scripts/mutants.py adam_ignores_nesterov   # some of them

Exit status: 0 when every mutant was caught, 1 when one was missed, 2 when the unmutated tests
fail or a mutant no longer applies (its source line changed: update the mutant).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Mutant:
    name: str
    path: str  # relative to the repository root
    old: str  # must occur exactly once in the file
    new: str
    tests: tuple[str, ...]
    why: str


MUTANTS = [
    Mutant("batch_keeps_short_batch", "deepsink/dataset/engine/nodes.py",
           "        if have and not self.drop_remainder:\n", "        if have:\n",
           ("tests/dataset/test_batch_options.py",),
           "batch(4, drop_remainder=True) keeps a generator's short last batch"),
    Mutant("ckpt_crc_little_endian", "deepsink/train/serialization.py",
           'zlib.crc32(data).to_bytes(10, "big")', 'zlib.crc32(data).to_bytes(10, "little")',
           ("tests/train/test_checkpoint_bytes.py",),
           "the checkpoint CRC trailer written little-endian"),
    Mutant("ckpt_entry_size_loose", "deepsink/train/serialization.py",
           "        if len(content) != want:\n", "        if len(content) < want:\n",
           ("tests/train/test_checkpoint_bytes.py",),
           "a checkpoint entry longer than its shape accepted"),
    Mutant("adam_ignores_nesterov", "deepsink/ops/function/optimizer_func.py",
           "if use_nesterov else m", "if False else m",
           ("tests/nn/test_optim.py",), "Adam ignores use_nesterov"),
    Mutant("sgd_damps_first_step", "deepsink/ops/function/optimizer_func.py",
           "new_accum = jnp.where(stat > 0, g, momentum * accum + (1 - dampening) * g)",
           "new_accum = jnp.where(stat > 0, (1 - dampening) * g, momentum * accum + (1 - dampening) * g)",
           ("tests/nn/test_optim.py",), "SGD damps the first step's gradient too"),
    Mutant("optimizer_ignores_loss_scale", "deepsink/nn/optim/optimizer.py",
           "scale = optax.scale(self.reciprocal_scale)", "scale = optax.scale(1.0)",
           ("tests/nn/test_optim.py",), "the optimizers do not divide by loss_scale"),
    Mutant("gc_on_every_matrix", "deepsink/nn/optim/optimizer.py",
           "if flag and g.ndim >= 2 and g.shape[1] % 16 == 0:", "if flag and g.ndim >= 2:",
           ("tests/nn/test_optim.py",),
           "grad_centralization on matrices whose second dimension is not a multiple of 16"),
    Mutant("promote_keeps_first_float", "deepsink/common/dtype_rules.py",
           "        return a if a.itemsize >= b.itemsize else b\n", "        return a\n",
           ("tests/common/test_dtype_rules.py",), "float16 + float32 promotes to float16"),
    Mutant("sink_one_step_short", "deepsink/train/dataset_helper.py",
           "self._sink_size = size if sink_size == -1 else sink_size",
           "self._sink_size = size if sink_size == -1 else max(1, sink_size - 1)",
           ("tests/train/test_model.py",), "a sink runs one step fewer than sink_size"),
    Mutant("ce_smoothing_not_divided", "deepsink/ops/function/nn_func.py",
           "smooth = -jnp.sum(logp * w.reshape(shape), axis=cls_axis) / c\n",
           "smooth = -jnp.sum(logp * w.reshape(shape), axis=cls_axis)\n",
           ("tests/nn/test_loss.py",), "CrossEntropyLoss label smoothing not spread over classes"),
    Mutant("bce_ignores_pos_weight", "deepsink/ops/function/loss_core_func.py",
           "((pos_weight - 1) * y + 1) * softplus_neg", "softplus_neg",
           ("tests/nn/test_loss.py",), "nn.BCEWithLogitsLoss ignores pos_weight"),
    Mutant("bce_function_ignores_pos_weight", "deepsink/ops/function/nn_func.py",
           "C.bce_with_logits(x, y, w, pw)", "C.bce_with_logits(x, y, w, None)",
           ("tests/nn/test_loss.py",), "ops.binary_cross_entropy_with_logits ignores pos_weight"),
    Mutant("dtype_repr_is_str", "deepsink/common/dtype.py",
           "        return f\"mindspore.{'string_' if name == 'string' else name}\"\n",
           "        return self.name\n",
           ("tests/common/test_recorded_prints.py",), "repr(mstype.float32) is 'Float32'"),
    Mutant("xent_positive_zero", "deepsink/ops/function/nn_func.py",
           "return -jnp.sum(labels * (logits - lse), axis=-1)",
           "return jnp.sum(labels * (lse - logits), axis=-1)",
           ("tests/test_seed003.py",), "all-zero labels print 0. where MindSpore prints -0."),
    Mutant("conv_channels_valueerror", "deepsink/nn/layer/conv.py",
           "raise (ValueError if a.ndim != 4 else RuntimeError)(", "raise ValueError(",
           ("tests/test_recorded_errors.py",),
           "a Conv2d channel mismatch raises ValueError (MindSpore: RuntimeError)"),
    Mutant("loop_else_accepted", "deepsink/_compile/graph_syntax.py",
           "if isinstance(n, ast.For | ast.While) and n.orelse:",
           "if isinstance(n, ast.While) and n.orelse:",
           ("tests/_core/test_graph_syntax.py",),
           "a compiled for...else runs instead of MindSpore's RuntimeError"),
    Mutant("bounds_accept_size", "deepsink/common/indexing.py",
           "return (v < low) | (v >= high) if high is not None else v < low",
           "return (v < low) | (v > high) if high is not None else v < low",
           ("tests/common/test_indexing.py",), "the bounds check accepts index == size"),
    Mutant("compiled_bounds_accept_size", "deepsink/common/indexing.py",
           "outside = jnp.any(_outside(values, low, high))",
           "outside = jnp.any(_outside(values, low, None if high is None else high + 1))",
           ("tests/common/test_indexing.py",),
           "the compiled bounds check accepts index == size"),
    Mutant("sink_all_first_chunk_only", "deepsink/train/sink/session.py",
           "in zip(host, pieces):", "in zip(host[:1], pieces):",
           ("tests/train/test_sink_engine.py",),
           "a sink split by the memory budget returns only its first chunk's outputs"),
    Mutant("sink_last_from_first_chunk", "deepsink/train/sink/session.py",
           "last, n, plan, lens = pieces[-1]", "last, n, plan, lens = pieces[0]",
           ("tests/train/test_sink_engine.py",),
           "a split sink's last output is read from its first chunk"),
    Mutant("resized_crop_misses_last_row", "deepsink/dataset/vision/geometry.py",
           "top = draws.uniform_int(0, h - ch)", "top = draws.uniform_int(0, max(0, h - ch - 1))",
           ("tests/dataset/test_crop_reach.py",), "RandomResizedCrop never reaches the last row"),
    Mutant("resized_crop_misses_last_column", "deepsink/dataset/vision/geometry.py",
           "left = draws.uniform_int(0, w - cw)", "left = draws.uniform_int(0, max(0, w - cw - 1))",
           ("tests/dataset/test_crop_reach.py",),
           "RandomResizedCrop never reaches the last column"),
    Mutant("random_crop_misses_last_row", "deepsink/dataset/vision/transforms.py",
           "oy = xp.floor(u[:, 0] * (h - ch + 1))", "oy = xp.floor(u[:, 0] * (h - ch))",
           ("tests/dataset/test_crop_reach.py",), "RandomCrop never reaches the last row"),
    Mutant("bbox_crop_misses_last_row", "deepsink/dataset/vision/bbox.py",
           "y, x = int(rng.integers(0, ph - ch + 1))", "y, x = int(rng.integers(0, ph - ch))",
           ("tests/dataset/test_crop_reach.py",),
           "RandomCropWithBBox never reaches the last row"),
    Mutant("nll_mean_counts_ignored", "deepsink/ops/function/nn_func.py",
           "return _reduction(loss, reduction, api, jnp.sum(wt))",
           "return _reduction(loss, reduction, api, jnp.sum(w[safe]))",
           ("tests/nn/test_ignore_index.py",),
           "ops.cross_entropy/nll_loss keep ignored targets in the mean's denominator"),
    Mutant("nn_ce_drops_ignore_index", "deepsink/nn/loss/loss.py",
           "x, y, w, self.ignore_index, self.reduction, self.label_smoothing",
           "x, y, w, -100, self.reduction, self.label_smoothing",
           ("tests/nn/test_ignore_index.py",),
           "nn.CrossEntropyLoss does not pass its ignore_index to the loss"),
    Mutant("nll_primitive_total_counts_ignored", "deepsink/ops/operations/nn_layer_ops.py",
           "jnp.clip(t, 0, w.shape[0] - 1)) * counted)", "jnp.clip(t, 0, w.shape[0] - 1)))",
           ("tests/nn/test_ignore_index.py",),
           "the NLLLoss primitive's total weight counts ignored targets"),
    Mutant("mint_topk_dim0", "deepsink/mint/__init__.py",
           'v, i = _topk_core(input, k, dim, largest, sorted, "TopkExt")',
           'v, i = _topk_core(input, k, 0 if dim == -1 else dim, largest, sorted, "TopkExt")',
           ("tests/mint/test_mint_defaults.py",), "mint.topk's default dim is 0"),
    Mutant("mint_sort_dim0", "deepsink/mint/__init__.py",
           "v, i = ops.sort(input, dim, descending)",
           "v, i = ops.sort(input, 0 if dim == -1 else dim, descending)",
           ("tests/mint/test_mint_defaults.py",), "mint.sort's default dim is 0"),
    Mutant("mint_log_softmax_last_dim", "deepsink/mint/nn/functional.py",
           'dim = softmax_implicit_dim(U.array(input, "log_softmax").ndim)', "dim = -1",
           ("tests/mint/test_mint_defaults.py",),
           "mint log_softmax without dim takes the last dimension"),
    Mutant("numpy_sum_empty_axis_reduces_none", "deepsink/numpy/math_ops.py",
           "r = ops.sum(arr.astype(dt), ax, keepdims)._data.astype(dt)",
           "r = jnp.sum(arr, axis=ax, keepdims=keepdims, dtype=dt)",
           ("tests/numpy/test_numpy_reductions.py",),
           "mnp.sum with axis=() reduces no axis (2.10: every axis)"),
    Mutant("avg_pool_ignores_divisor_override", "deepsink/ops/function/nn_pool_norm_func.py",
           "            divisor_override or 0,\n", "            0,\n",
           ("tests/ops/test_avg_pool.py",), "average pooling ignores divisor_override"),
    Mutant("cumprod_keeps_int32", "deepsink/ops/function/math_func.py",
           "        a = a.astype(jnp.int64)\n", "        a = a\n",
           ("tests/mint/test_mint_defaults.py",), "cumprod of int32 stays int32 (2.10: Int64)"),
]  # fmt: skip


def _copy_tree(dest: Path) -> None:
    skip = shutil.ignore_patterns(
        ".git", "__pycache__", ".pytest_cache", ".ruff_cache", "*.egg-info"
    )
    shutil.copytree(ROOT, dest, ignore=skip, dirs_exist_ok=True)


def _pytest(tree: Path, tests: tuple[str, ...], timeout: float) -> tuple[int, float]:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONDONTWRITEBYTECODE="1")
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    t0 = time.monotonic()
    try:
        rc = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, timeout=timeout).returncode
    except subprocess.TimeoutExpired:
        rc = -1  # a hang counts as caught: the tests did not pass
    return rc, time.monotonic() - t0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="mutants to run (default: all)")
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    parser.add_argument("--timeout", type=float, default=900, help="seconds per test run")
    args = parser.parse_args(argv)
    if args.list:
        for m in MUTANTS:
            print(f"{m.name:30s} {m.why}")
        return 0
    unknown = set(args.names) - {m.name for m in MUTANTS}
    if unknown:
        parser.error(f"unknown mutants {sorted(unknown)}")
    chosen = [m for m in MUTANTS if not args.names or m.name in args.names]
    with tempfile.TemporaryDirectory(prefix="deepsink-mutants-") as tmp:
        tree = Path(tmp)
        _copy_tree(tree)
        for m in chosen:
            if (tree / m.path).read_text().count(m.old) != 1:
                print(f"mutant {m.name} no longer applies to {m.path}; update it", file=sys.stderr)
                return 2
        files = tuple(sorted({t for m in chosen for t in m.tests}))
        rc, secs = _pytest(tree, files, args.timeout)
        print(f"unmutated: {len(files)} test files {'pass' if rc == 0 else 'FAIL'} ({secs:.0f} s)")
        if rc != 0:
            return 2
        missed = []
        for m in chosen:
            src = tree / m.path
            original = src.read_text()
            src.write_text(original.replace(m.old, m.new))
            try:
                rc, secs = _pytest(tree, m.tests, args.timeout)
            finally:
                src.write_text(original)
            verdict = "caught" if rc != 0 else "MISSED"
            if rc == 0:
                missed.append(m.name)
            print(f"{verdict:7s} {m.name:30s} {secs:5.0f} s  {m.why}", flush=True)
        print(
            f"{len(chosen) - len(missed)} of {len(chosen)} mutants caught"
            + (f"; missed: {', '.join(missed)}" if missed else "")
        )
        return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
