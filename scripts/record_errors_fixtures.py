"""Record MindSpore's exception types and messages (``errors``) into ``tests/fixtures/ms/``.

Run with a Python that has a real MindSpore 2.10 CPU build (not run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_errors_fixtures.py

The shared machinery (case seeds, the ``.npz`` layout, the generic cell/op recorder) lives in
``fixture_recording.py``; ``record_fixtures.py`` runs every area.
"""

from __future__ import annotations

import numpy as np
from fixture_recording import F32, flatten_out, record, run_groups
from mindspore import Tensor, nn, ops


def error_cases():
    G = "errors"

    def E(name, thunk, desc):
        def fn():
            exc_type, message = "", ""
            try:
                r = thunk()
                # PyNative runs kernels asynchronously: force the result so that a deferred
                # error is raised here and not in a later case.
                leaves: list = []
                flatten_out(r, leaves)
                for x in leaves:
                    if isinstance(x, Tensor):
                        x.asnumpy()
            except Exception as e:  # noqa: BLE001
                exc_type, message = type(e).__name__, str(e)
            return {
                "api": "error",
                "call": desc,
                "notes": "exc_type/message empty => no exception raised",
            }, {"exc_type": exc_type, "message": message}

        record(G, name, fn)

    x23 = Tensor(np.ones((2, 3), F32))
    E(
        "conv2d_bad_pad_mode",
        lambda: nn.Conv2d(3, 4, 3, pad_mode="SAME1"),
        "nn.Conv2d(3,4,3,pad_mode='SAME1')",
    )
    E(
        "conv2d_pad_mode_same_with_padding",
        lambda: nn.Conv2d(3, 4, 3, pad_mode="same", padding=1),
        "nn.Conv2d(3,4,3,pad_mode='same',padding=1)",
    )
    E("dense_in_channels_0", lambda: nn.Dense(0, 3), "nn.Dense(0, 3)")
    E("dense_in_channels_negative", lambda: nn.Dense(-1, 3), "nn.Dense(-1, 3)")
    E("dense_shape_mismatch", lambda: nn.Dense(4, 3)(x23), "nn.Dense(4,3)(ones(2,3))")
    E("reducemean_bad_axis", lambda: ops.ReduceMean()(x23, 5), "ops.ReduceMean()(ones(2,3), 5)")
    E(
        "reducemean_bad_axis_tuple",
        lambda: ops.ReduceMean(keep_dims=True)(x23, (0, 2)),
        "ops.ReduceMean(keep_dims=True)(ones(2,3), (0, 2))",
    )
    E("reshape_bad_shape", lambda: ops.Reshape()(x23, (4, 2)), "ops.Reshape()(ones(2,3), (4,2))")
    E(
        "conv2d_channel_mismatch",
        lambda: nn.Conv2d(3, 4, 3)(Tensor(np.ones((1, 2, 5, 5), F32))),
        "nn.Conv2d(3,4,3)(ones(1,2,5,5))",
    )
    E("dropout_keep_prob_0", lambda: nn.Dropout(keep_prob=0.0), "nn.Dropout(keep_prob=0.0)")
    E("dropout_p_1", lambda: nn.Dropout(p=1.0), "nn.Dropout(p=1.0)")
    E(
        "sce_bad_reduction",
        lambda: nn.SoftmaxCrossEntropyWithLogits(reduction="avg"),
        "nn.SoftmaxCrossEntropyWithLogits(reduction='avg')",
    )
    E(
        "momentum_negative",
        lambda: nn.Momentum(nn.Dense(2, 2).trainable_params(), 0.1, -0.5),
        "nn.Momentum(params, 0.1, -0.5)",
    )

    def grad_nonscalar():
        net = nn.Dense(3, 2)
        return ops.GradOperation()(net)(x23)

    E(
        "gradoperation_nonscalar_no_sens",
        grad_nonscalar,
        "GradOperation()(nn.Dense(3,2))(ones(2,3))",
    )
    E(
        "gradoperation_sens_missing",
        lambda: ops.GradOperation(sens_param=True)(nn.Dense(3, 2))(x23),
        "GradOperation(sens_param=True)(net)(x) without sens",
    )


GROUPS = {"errors": error_cases}


if __name__ == "__main__":
    raise SystemExit(run_groups(GROUPS))
