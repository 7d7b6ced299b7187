"""Record MindSpore 2.10's Generator states (the deterministic part of its RNG API) to
``tests/fixtures/ms/generator/states.json``.

Run under a Python with MindSpore 2.10: ``python scripts/record_generator_fixtures.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "generator"


def main() -> None:
    import mindspore as ms

    out = {}
    g = ms.Generator()
    out["fresh"] = {"initial_seed": g.initial_seed(), "state": g.get_state().asnumpy().tolist()}
    out["manual_seed_returns"] = type(g.manual_seed(5)).__name__
    out["seed_5"] = g.get_state().asnumpy().tolist()
    g._step(ms.Tensor(3, ms.int64))
    out["seed_5_step_3"] = g.get_state().asnumpy().tolist()
    g.manual_seed(2**40 + 3)
    out["big_seed"] = {"initial_seed": g.initial_seed(), "state": g.get_state().asnumpy().tolist()}
    ms.manual_seed(3)
    out["default_seed_3"] = ms.get_rng_state().asnumpy().tolist()
    ms.set_seed(11)
    out["initial_seed_after_set_seed_11"] = ms.initial_seed()
    try:
        g.manual_seed(1.5)
    except TypeError as exc:
        out["float_seed_error"] = f"TypeError: {exc}"
    (OUT / "states.json").write_text(json.dumps(out, indent=1) + "\n")
    print(out)


if __name__ == "__main__":
    main()
