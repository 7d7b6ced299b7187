"""Record, with MindSpore 2.10, the parameter names and shapes of every model mindcv 0.3.0 lists.

Run under a Python with MindSpore 2.10 and mindcv 0.3.0 importable (mindcv has no dependency on
the ``mindspore`` wheel, so ``pip install --no-deps --target DIR mindcv==0.3.0`` and
``PYTHONPATH=DIR`` will do), from a directory outside the repository:

    python scripts/record_mindcv_model_params.py [MODEL ...]

(with model names: record only those, into the existing file).

Writes ``tests/fixtures/ms/mindcv/model_params.json``: ``{"mindspore": version, "mindcv":
version, "models": {name: "COUNT:SHA"}}``, the number of parameters and a hash of their names and
shapes in ``net.get_parameters()`` order (``tests/support/mindcv_models.py``), for
``create_model(name, pretrained=False)`` with its default arguments (a model that fails to build
is listed under ``"failed"`` with its error). The file is rewritten after each model, so an
interrupted run keeps what it recorded.

Only names and shapes are recorded, so the initializers' values are not drawn (MindSpore's
``TruncatedNormal`` draws with SciPy's ``truncnorm``, minutes for the largest models): within
``initializers_not_drawn`` each ``Initializer`` leaves its array as allocated. A model whose construction reads its initial
values (rexnet computes with a Tensor made by an initializer) is built again with the draws.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import mindcv
import mindspore as ms
from mindspore.common import initializer as ms_init

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))
from mindcv_models import (  # noqa: E402
    FIXTURE,
    initializers_not_drawn,
    load_recorded,
    params_digest,
)


def _build(name: str) -> str:
    try:
        with initializers_not_drawn(ms_init):
            net = mindcv.create_model(name, pretrained=False)
    except Exception:  # built again with the initial values drawn
        net = mindcv.create_model(name, pretrained=False)
    return params_digest(net)


def _write(record: dict) -> None:
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    FIXTURE.write_text(json.dumps(record, indent=0, sort_keys=True) + "\n", encoding="utf-8")


def main() -> int:
    ms.set_context(mode=ms.PYNATIVE_MODE)
    models: dict[str, str] = {}
    failed: dict[str, str] = {}
    names = mindcv.list_models()
    if len(sys.argv) > 1:  # only these, into the recorded file
        old = load_recorded()
        models, failed = old["models"], old["failed"]
        names = sys.argv[1:]
        for name in names:
            failed.pop(name, None)
    for i, name in enumerate(names):
        t = time.time()
        try:
            models[name] = _build(name)
        except Exception as exc:  # one model's failure is recorded, the sweep goes on
            failed[name] = f"{type(exc).__name__}: {exc}"[:300]
        print(f"{i + 1}/{len(names)} {name} {time.time() - t:.1f}s", flush=True)
        record = {
            "mindspore": ms.__version__,
            "mindcv": mindcv.__version__,
            "models": models,
            "failed": failed,
            "not_recorded": [n for n in names[i + 1 :] if n not in models and n not in failed],
        }
        _write(record)
    print(f"recorded {len(models)} models, {len(failed)} failed", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
