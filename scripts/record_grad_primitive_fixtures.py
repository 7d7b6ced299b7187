"""Record MindSpore 2.10's backward primitives of ``mindspore.ops.operations._grad_ops`` (the
pooling, convolution, batch-norm, bias, resize, flatten and concat ones that MindSpore's test
helpers register Python implementations for) into ``tests/fixtures/ms/grad_primitives.json``.

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_grad_primitive_fixtures.py
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "grad_primitives.json"


def cases(ms):
    """(name, constructor args, inputs) with inputs as NumPy arrays, tuples or ints."""
    from mindspore.ops import operations as P

    r = np.random.RandomState(0)

    def t(*s):
        return r.randn(*s).astype(np.float32)

    x = t(1, 2, 4, 4)
    tx = ms.Tensor(x)
    pool_out = P.MaxPool(2, 2)(tx).asnumpy()
    avg_out = P.AvgPool(2, 2)(tx).asnumpy()
    x5 = t(1, 1, 5, 5)
    _, argmax = P.MaxPoolWithArgmax(3, 2, "same")(ms.Tensor(x5))
    return [
        ("ConcatOffset", [3, 1], [(t(2, 3), t(2, 4), t(2, 1))]),
        ("ConcatOffset", [2, 0], [(t(2, 3), t(5, 3))]),
        ("MaxPoolGrad", [2, 2], [x, pool_out, t(1, 2, 2, 2)]),
        ("AvgPoolGrad", [2, 2], [x, avg_out, t(1, 2, 2, 2)]),
        ("AvgPoolGrad", [3, 1, "SAME"], [x, x, t(1, 2, 4, 4)]),
        ("MaxPoolGradWithArgmax", [3, 2, "SAME"], [x5, t(1, 1, 3, 3), argmax.asnumpy()]),
        ("BiasAddGrad", [], [t(2, 3, 4, 4)]),
        ("BiasAddGrad", [], [t(5, 3)]),
        ("BiasAddGrad", ["NHWC"], [t(2, 4, 4, 3)]),
        ("Conv2DBackpropFilter", [3, 3], [t(1, 3, 2, 2), x, (3, 2, 3, 3)]),
        ("Conv2DBackpropFilter", [2, 3, "same"], [t(1, 2, 4, 4), x, (2, 2, 3, 3)]),
        (
            "Conv2DBackpropFilter",
            [2, 2, "valid", 0, (0, 0, 0, 0), 1, (2, 2)],
            [t(1, 2, 2, 2), x, (2, 2, 2, 2)],
        ),
        ("FlattenGrad", [], [t(2, 12), (2, 3, 4)]),
        ("ResizeBilinearGrad", [], [t(1, 2, 6, 6), x]),
        ("ResizeBilinearGrad", [True], [t(1, 2, 6, 6), x]),
        ("ResizeBilinearGrad", [False, True], [t(1, 2, 3, 3), x]),
        (
            "BatchNormGrad",
            [True],
            [t(2, 3, 2, 2), t(2, 3, 2, 2), t(3), t(3), np.abs(t(3)) + 0.5, t(3)],
        ),
        (
            "BatchNormGrad",
            [False, 1e-3],
            [t(2, 3, 2, 2), t(2, 3, 2, 2), t(3), t(3), np.abs(t(3)) + 0.5, t(3)],
        ),
    ]


def encode(v):
    if isinstance(v, np.ndarray):
        return {"array": v.tolist(), "dtype": str(v.dtype)}
    if isinstance(v, tuple) and v and isinstance(v[0], np.ndarray):
        return {"tuple": [encode(e) for e in v]}
    return v


def main() -> None:
    import mindspore as ms
    from mindspore.ops.operations import _grad_ops as G

    rows = []
    for name, args, inputs in cases(ms):
        call = [
            tuple(ms.Tensor(e) for e in v)
            if isinstance(v, tuple) and isinstance(v[0], np.ndarray)
            else ms.Tensor(v)
            if isinstance(v, np.ndarray)
            else v
            for v in inputs
        ]
        out = getattr(G, name)(*args)(*call)
        outs = [o.asnumpy() for o in out] if isinstance(out, tuple) else out.asnumpy()
        rows.append(
            {
                "op": name,
                "args": args,
                "inputs": [encode(v) for v in inputs],
                "out": [encode(o) for o in outs] if isinstance(outs, list) else encode(outs),
            }
        )
    OUT.write_text(json.dumps({"mindspore": ms.__version__, "cases": rows}) + "\n")
    print(len(rows), "cases")


if __name__ == "__main__":
    main()
