"""Find where a mindcv 0.3.0 model's output on deepsink first departs from MindSpore 2.10's, from
the same seeded weights and images as ``tests/test_mindcv_models.py``'s output comparison.

Under MindSpore 2.10 (from a directory outside the repository), record every Cell's input and
output of the model's PYNATIVE forward; under deepsink, run the same forward and then each leaf
Cell (and each attention Cell) on 2.10's recorded input:

    python scripts/compare_mindcv_layers.py record MODEL OUT.npz        # MindSpore 2.10
    python3 scripts/compare_mindcv_layers.py compare MODEL OUT.npz      # deepsink

``compare`` prints, per Cell, the largest difference divided by 2.10's largest magnitude: first
along the forward (differences carried from the layers before), then of the Cell alone on 2.10's
input (what the Cell itself computes differently), largest first.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))
from mindcv_models import (  # noqa: E402
    OUTPUT_BATCH,
    OUTPUT_CLASSES,
    initializers_not_drawn,
    input_size,
    seeded_value,
)


def seeded_net(ms, mindcv, name: str):
    with initializers_not_drawn(ms.common.initializer):
        net = mindcv.create_model(name, num_classes=OUTPUT_CLASSES)
    for p in net.get_parameters():
        p.set_data(ms.Tensor(seeded_value(p.name, tuple(int(d) for d in p.shape))))
    net.set_train(False)
    return net


def record(ms, mindcv, net, name: str) -> dict[str, np.ndarray]:
    """Every Cell's first input (``in:NAME``) and output (``out:NAME``) of the seeded forward."""
    rec: dict[str, np.ndarray] = {}

    def hook(cname):
        def keep(cell, inputs, output):
            output = output[0] if isinstance(output, tuple | list) else output
            rec["out:" + cname] = output.asnumpy()
            if isinstance(inputs, tuple | list) and inputs and hasattr(inputs[0], "asnumpy"):
                rec["in:" + cname] = inputs[0].asnumpy()

        return keep

    for cname, cell in net.cells_and_names():
        cell.register_forward_hook(hook(cname))
    size = input_size(mindcv, name)
    x = np.random.default_rng(0).standard_normal((OUTPUT_BATCH, *size)).astype(np.float32)
    net(ms.Tensor(x))
    return rec


def relative(got: np.ndarray, ref: np.ndarray) -> float:
    return float(np.abs(got - ref).max() / (np.abs(ref).max() or 1.0))


def main() -> int:
    what, name, path = sys.argv[1:4]
    if what == "compare":
        from deepsink._core.alias import install_alias

        install_alias()
    import mindcv
    import mindspore as ms

    ms.set_context(mode=ms.PYNATIVE_MODE)
    net = seeded_net(ms, mindcv, name)
    rec = record(ms, mindcv, net, name)
    if what == "record":
        np.savez(path, **rec)
        return 0
    theirs = dict(np.load(path))
    print("along the forward:")
    for key, ref in theirs.items():
        if key.startswith("out:") and key in rec:
            print(f"  {relative(rec[key], ref):.2e}  {key[4:] or '(model)'}")
    alone = {}
    for cname, cell in net.cells_and_names():
        leaf = not list(cell.cells()) or cname.endswith("attn")
        if leaf and "in:" + cname in theirs:
            out = cell(ms.Tensor(theirs["in:" + cname]))
            out = out[0] if isinstance(out, tuple | list) else out
            alone[f"{cname} ({type(cell).__name__})"] = relative(
                out.asnumpy(), theirs["out:" + cname]
            )
    print("each Cell alone on MindSpore's input, largest first:")
    for key, d in sorted(alone.items(), key=lambda kv: -kv[1]):
        print(f"  {d:.2e}  {key}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
