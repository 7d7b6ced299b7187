"""Build every model mindcv 0.3.0 lists on deepsink, compare its parameter names and shapes with
MindSpore 2.10's (``tests/fixtures/ms/mindcv/model_params.json``), and run one forward of a batch
of one at the model's default input size (its ``default_cfg``'s ``input_size``).

    python3 scripts/check_mindcv_models.py [--no-forward] [--graph] [--no-draws] [--json OUT]
        [--skip-done JSON ...] [--start MODEL] [MODEL ...]

Without model names, every model ``mindcv.list_models()`` lists. ``--json`` writes each model's
outcome (rewritten after each model, so an interrupted run keeps what it checked). ``--graph``
runs the forwards in ``GRAPH_MODE`` (one compilation per model: about half the time of
``PYNATIVE_MODE``'s op-by-op forward on a CPU). ``--no-draws`` builds each model without drawing
its initial values (``initializers_not_drawn``: the forward then runs on the zeros and constants
the initializers leave, which checks that it runs and its output's shape, not its values). A model that
MindSpore 2.10 cannot build either (recorded under ``"failed"``) counts as checked when deepsink
raises the same exception type. ``--skip-done`` leaves out the models that earlier runs' ``--json``
files hold (so interrupted or split runs add up), ``--start`` the models listed before this one.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))

from mindcv_models import (  # noqa: E402
    FORWARD_FAILS_ON_MINDSPORE,
    initializers_not_drawn,
    input_size,
    load_recorded,
    params_digest,
)

from deepsink._core.alias import install_alias  # noqa: E402


def check(mindcv, recorded: dict, name: str, forward: bool) -> dict:
    out: dict = {}
    t = time.time()
    try:
        net = mindcv.create_model(name)
    except Exception as exc:  # every model is tried; the failures are listed together
        out["build"] = f"{type(exc).__name__}: {exc}"[:300]
        if name in recorded["failed"]:  # the failure MindSpore 2.10 gives is the expected outcome
            kind = recorded["failed"][name].split(":")[0]
            if type(exc).__name__ == kind:
                out["build"] = "fails as on MindSpore"
        return out
    if name in recorded["failed"]:  # the forward still runs
        out["build"] = "builds; MindSpore 2.10 fails"
    else:
        digest = params_digest(net)
        out["build"] = "same parameters" if digest == recorded["models"][name] else f"got {digest}"
    out["build_s"] = round(time.time() - t, 1)
    if forward:
        import mindspore as ms

        t = time.time()
        size = input_size(mindcv, name)
        x = ms.Tensor(np.random.default_rng(0).standard_normal((1, *size)).astype(np.float32))
        try:
            net.set_train(False)
            y = net(x)
            y = y[0] if isinstance(y, (tuple, list)) else y
            y = y.asnumpy()
            out["forward"] = "ok" if np.isfinite(y).all() else "non-finite output"
            out["output_shape"] = list(y.shape)
        except Exception as exc:  # every model is tried
            out["forward"] = f"{type(exc).__name__}: {exc}"[:300]
            kind, text = FORWARD_FAILS_ON_MINDSPORE.get(name, ("", "\0"))
            if type(exc).__name__ == kind and text in str(exc):
                out["forward"] = "fails as on MindSpore"
        out["forward_s"] = round(time.time() - t, 1)
        out["input_size"] = list(size)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("models", nargs="*", help="only these models")
    parser.add_argument("--no-forward", action="store_true", help="build and compare only")
    parser.add_argument("--graph", action="store_true", help="forwards in GRAPH_MODE")
    parser.add_argument("--no-draws", action="store_true", help="build without drawing values")
    parser.add_argument("--json", help="write each model's outcome here")
    parser.add_argument("--skip-done", nargs="+", default=[], help="runs' --json files to skip")
    parser.add_argument("--start", help="begin at this model of the list")
    opts = parser.parse_args()
    install_alias()
    import mindcv
    import mindspore as ms

    ms.set_context(mode=ms.GRAPH_MODE if opts.graph else ms.PYNATIVE_MODE)

    recorded = load_recorded()
    names = opts.models or sorted(mindcv.list_models())
    if opts.start:
        names = names[names.index(opts.start) :]
    done = {n for f in opts.skip_done for n in json.loads(Path(f).read_text("utf-8"))["models"]}
    names = [n for n in names if n not in done]
    with (
        initializers_not_drawn(ms.common.initializer) if opts.no_draws else contextlib.nullcontext()
    ):
        results = _check_all(mindcv, recorded, names, opts)
    bad = {n: r for n, r in results.items() if not _good(r)}
    print(f"{len(names) - len(bad)} of {len(names)} as expected", file=sys.stderr)
    for name, r in bad.items():
        print(f"  {name}: {r}", file=sys.stderr)
    return 1 if bad else 0


def _check_all(mindcv, recorded: dict, names: list[str], opts) -> dict[str, dict]:
    results: dict[str, dict] = {}
    for i, name in enumerate(names):
        results[name] = check(mindcv, recorded, name, not opts.no_forward)
        print(f"{i + 1}/{len(names)} {name} {results[name]}", flush=True)
        if opts.json:
            summary = {
                "command": " ".join(["python3", *sys.argv[:4]]) + " ...",
                "counts": {
                    "models": len(results),
                    **collections.Counter(f"build: {r['build']}" for r in results.values()),
                    **collections.Counter(
                        f"forward: {r['forward']}" for r in results.values() if "forward" in r
                    ),
                },
                "models": results,
            }
            Path(opts.json).write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    return results


def _good(r: dict) -> bool:
    return r["build"] in ("same parameters", "fails as on MindSpore") and r.get("forward") in (
        None,
        "ok",
        "fails as on MindSpore",
    )


if __name__ == "__main__":
    sys.exit(main())
