"""Record MindSpore's initializer statistics (``init``) into ``tests/fixtures/ms/``.

Run with a Python that has a real MindSpore 2.10 CPU build (not run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_init_fixtures.py

The shared machinery (case seeds, the ``.npz`` layout, the generic cell/op recorder) lives in
``fixture_recording.py``; ``record_fixtures.py`` runs every area.
"""

from __future__ import annotations

import mindspore as ms
import numpy as np
from fixture_recording import record, run_groups, seed_of, skip
from mindspore import nn
from mindspore.common import initializer as msinit


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


GROUPS = {"init": init_cases}


if __name__ == "__main__":
    raise SystemExit(run_groups(GROUPS))
