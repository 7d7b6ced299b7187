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

# models whose forward fails on MindSpore 2.10 (checked there) and on deepsink alike, with the
# exception and a part of its message: code the pvt_* models share calls `ops.ResizeBilinear`,
# which 2.10 does not have; halonet calls `ops.pad(x, paddings=...)`, a keyword 2.10's `ops.pad`
# does not take (its argument is `padding`; in PYNATIVE_MODE 2.10's CPU build stops before, at
# `ExtractImagePatches`, which it has no CPU kernel for); volo passes `ops.pad` NumPy-style
# (before, after) pairs, which 2.10 refuses; swinv2's config gives no input size, so the
# forward runs at ImageNet's 224 (as mindcv's own tests would), and its patch embedding, built
# for 256, fails to reshape (a Reshape ValueError on 2.10 and deepsink alike)
FORWARD_FAILS_ON_MINDSPORE = {
    **{name: ("AttributeError", "ResizeBilinear") for name in ("pvt_tiny", "pvt_small",
       "pvt_medium", "pvt_large")},
    "halonet_50t": ("TypeError", "unexpected keyword argument 'paddings'"),
    **{f"volo_d{i}": ("TypeError", "the paddings value must be tuple of int") for i in range(1, 6)},
    **{f"swinv2_{size}_window{w}": ("ValueError", "eshape") for size in ("tiny", "small", "base")
       for w in (8, 16)},
}  # fmt: skip


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


# models of different families whose outputs are compared with MindSpore 2.10's from the same
# weights (``tests/fixtures/ms/mindcv/outputs.json``, recorded by
# ``scripts/record_mindcv_outputs.py``); each runs at its default input size
OUTPUT_MODELS = (
    "squeezenet1_1 mobilenet_v2_035_96 resnet18 mobilenet_v3_small_075 efficientnet_b0 "
    "regnet_x_200mf ghostnet_050 shufflenet_v2_x0_5 densenet121 repvgg_a0 mixnet_s mnasnet_050 "
    "googlenet mobilevit_xx_small edgenext_xx_small poolformer_s12 pit_ti convit_tiny "
    "crossvit_9 xcit_tiny_12_p16_224 pvt_v2_b0 coat_lite_tiny visformer_tiny swin_tiny "
    "convnext_tiny vit_b_32_224"
).split()
OUTPUTS_FIXTURE = FIXTURE.parent / "outputs.json"
OUTPUT_CLASSES = 10
OUTPUT_BATCH = 2


def seeded_value(name: str, shape: tuple[int, ...]):
    """The value a parameter gets in the comparison with 2.10: NumPy draws seeded by its name, at
    a scale that keeps activations finite (``1/sqrt(fan_in)`` for weights, near one for scales
    and variances, small for shifts and means)."""
    import zlib

    import numpy as np

    rng = np.random.default_rng(zlib.crc32(name.encode("utf-8")))
    if len(shape) >= 2:
        fan_in = int(np.prod(shape[1:])) or 1
        value = rng.standard_normal(shape) / np.sqrt(fan_in)
    elif name.endswith("moving_variance"):
        value = rng.uniform(0.5, 1.5, shape)
    elif name.endswith("gamma"):
        value = 1.0 + 0.1 * rng.standard_normal(shape)
    else:
        value = 0.1 * rng.standard_normal(shape)
    return value.astype(np.float32)


def seeded_forward(ms, mindcv, name: str) -> list:
    """``name`` built with ``OUTPUT_CLASSES`` classes, every parameter set to ``seeded_value``,
    its eval-mode forward of ``OUTPUT_BATCH`` seeded images at its default input size: the output
    as nested lists. ``ms`` is MindSpore or deepsink, in the context mode the caller set."""
    import numpy as np

    with initializers_not_drawn(ms.common.initializer):
        net = mindcv.create_model(name, num_classes=OUTPUT_CLASSES)
    for p in net.get_parameters():
        p.set_data(ms.Tensor(seeded_value(p.name, tuple(int(d) for d in p.shape))))
    net.set_train(False)
    size = input_size(mindcv, name)
    x = np.random.default_rng(0).standard_normal((OUTPUT_BATCH, *size)).astype(np.float32)
    out = net(ms.Tensor(x))
    out = out[0] if isinstance(out, (tuple, list)) else out
    return out.asnumpy().astype(np.float64).tolist()
