"""The recorded parameters of mindcv 0.3.0's models (``tests/fixtures/ms/mindcv/model_params.json``,
recorded with MindSpore 2.10 by ``scripts/record_mindcv_model_params.py``) and how a model is
compared with them. Plain Python: the recorder imports it under MindSpore, the tests and
``scripts/check_mindcv_models.py`` under deepsink.

Each model is recorded as ``"COUNT:SHA"``: its number of parameters and the first 16 hex digits of
the SHA-256 of its ``name:shape`` lines in ``net.get_parameters()`` order (a checkpoint's order).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from pathlib import Path

FIXTURE = (
    Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "mindcv" / "model_params.json"
)

# models whose forward fails on MindSpore 2.10 (checked there) and on deepsink alike: code the
# pvt_* models share calls `ops.ResizeBilinear`, which 2.10 does not have (AttributeError)
FORWARD_FAILS_ON_MINDSPORE = {name: "ResizeBilinear" for name in ("pvt_tiny", "pvt_small",
                              "pvt_medium", "pvt_large")}  # fmt: skip


def params_lines(net) -> list[str]:
    """``name:d0xd1x...`` for each of ``net``'s parameters, in ``get_parameters()`` order."""
    return [f"{p.name}:{'x'.join(str(int(d)) for d in p.shape)}" for p in net.get_parameters()]


def digest_lines(lines: list[str]) -> str:
    sha = hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()[:16]
    return f"{len(lines)}:{sha}"


def params_digest(net) -> str:
    """``"COUNT:SHA"`` of ``net``'s parameter names and shapes (see the module's docstring)."""
    return digest_lines(params_lines(net))


def load_recorded() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def input_size(mindcv, name: str) -> tuple[int, ...]:
    """The ``(channels, height, width)`` a model's default config gives (ImageNet's 224 where it
    gives none)."""
    from mindcv.models.registry import _model_pretrained_cfgs

    return tuple(_model_pretrained_cfgs.get(name, {}).get("input_size", (3, 224, 224)))


@contextlib.contextmanager
def initializers_not_drawn(initializer_module):
    """Within it, no ``Initializer`` subclass of ``initializer_module`` (MindSpore's or deepsink's
    ``common.initializer``) fills the array it is given: a model builds with its parameters' names
    and shapes but without drawing their values (minutes for the largest models on a CPU)."""
    drawn = {}
    todo = [initializer_module.Initializer]
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if "_initialize" in cls.__dict__:
            drawn[cls] = cls.__dict__["_initialize"]
            cls._initialize = lambda self, arr: None
    try:
        yield
    finally:
        for cls, fill in drawn.items():
            cls._initialize = fill
