"""Record MindSpore's forward- and reverse-mode Jacobians and Hessians of the functional-
transforms tutorial's ``forecast`` into ``tests/fixtures/ms/jacobian_modes.npz``.

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_jacobian_fixtures.py

Keys: ``w, b, x`` (16x16 Jacobian inputs), ``jacfwd, jacrev``; ``hw, hb, hx`` (16x32 Hessian
inputs), ``hess_ff, hess_fr, hess_rf, hess_rr`` (jacfwd/jacrev of jacfwd/jacrev).
``tests/ops/test_jacobian_modes.py`` checks that deepsink's modes agree where these do.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "jacobian_modes.npz"


def main() -> None:
    os.chdir(tempfile.mkdtemp(prefix="ms-record-"))
    import mindspore
    from mindspore import jacfwd, jacrev, ops

    mindspore.set_seed(1)

    def forecast(weight, bias, x):
        return ops.dense(x, weight, bias).tanh()

    out = {}
    w, b, x = ops.randn(16, 16), ops.randn(16), ops.randn(16)
    out.update(
        w=w,
        b=b,
        x=x,
        jacfwd=jacfwd(forecast, grad_position=2)(w, b, x),
        jacrev=jacrev(forecast, grad_position=2)(w, b, x),
    )
    w, b, x = ops.randn(16, 32), ops.randn(16), ops.randn(32)
    out.update(hw=w, hb=b, hx=x)
    for name, (outer, inner) in {
        "ff": (jacfwd, jacfwd),
        "fr": (jacfwd, jacrev),
        "rf": (jacrev, jacfwd),
        "rr": (jacrev, jacrev),
    }.items():
        out[f"hess_{name}"] = outer(inner(forecast, grad_position=2), grad_position=2)(w, b, x)
    np.savez_compressed(OUT, **{k: v.asnumpy() for k, v in out.items()})
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
