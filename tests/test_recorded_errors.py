"""Every recorded MindSpore error case (fixtures/ms/errors, scripts/record_errors_fixtures.py):
the same exception type, or none where MindSpore raised none, with a message that names the
argument and the value."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn, ops
from deepsink.ops import GradOperation

ERRORS = Path(__file__).resolve().parent / "fixtures" / "ms" / "errors"


def ones(*shape):
    return ms.Tensor(np.ones(shape, np.float32))


def _momentum_negative():
    nn.Momentum(nn.Dense(2, 2).trainable_params(), 0.1, -0.5)


# case -> (the recorded call, on deepsink; what the message must say)
CASES = {
    "conv2d_bad_pad_mode": (lambda: nn.Conv2d(3, 4, 3, pad_mode="SAME1"), r"pad_mode.*SAME1"),
    "conv2d_channel_mismatch": (lambda: nn.Conv2d(3, 4, 3)(ones(1, 2, 5, 5)), r"C=3.*\[1, 2, 5, 5\]"),
    "conv2d_pad_mode_same_with_padding": (
        lambda: nn.Conv2d(3, 4, 3, pad_mode="same", padding=1), r"padding.*same"),
    "dense_in_channels_0": (lambda: nn.Dense(0, 3), r"in_channels.*0"),
    "dense_in_channels_negative": (lambda: nn.Dense(-1, 3), r"in_channels.*-1"),
    "dense_shape_mismatch": (lambda: nn.Dense(4, 3)(ones(2, 3)), r"4.*3|3.*4"),
    "dropout_keep_prob_0": (lambda: nn.Dropout(keep_prob=0.0), r"keep_prob.*0\.0"),
    "dropout_p_1": (lambda: nn.Dropout(p=1.0), r"'p'.*1\.0"),
    "gradoperation_nonscalar_no_sens": (
        lambda: GradOperation()(nn.Dense(3, 2))(ones(2, 3)), None),
    "gradoperation_sens_missing": (
        lambda: GradOperation(sens_param=True)(nn.Dense(3, 2))(ones(2, 3)), r"sens|argument"),
    "momentum_negative": (_momentum_negative, r"momentum.*-0\.5"),
    "reducemean_bad_axis": (lambda: ops.ReduceMean()(ones(2, 3), 5), r"axis.*5"),
    "reducemean_bad_axis_tuple": (
        lambda: ops.ReduceMean(keep_dims=True)(ones(2, 3), (0, 2)), r"axis.*2"),
    "reshape_bad_shape": (lambda: ops.Reshape()(ones(2, 3), (4, 2)), r"\(4, 2\).*6"),
    "sce_bad_reduction": (
        lambda: nn.SoftmaxCrossEntropyWithLogits(reduction="avg"), r"reduction.*avg"),
}  # fmt: skip


def test_every_recorded_error_case_is_checked():
    assert sorted(CASES) == sorted(p.stem for p in ERRORS.glob("*.npz"))


@pytest.mark.parametrize("case", sorted(CASES))
def test_raises_what_mindspore_raised(case):
    with np.load(ERRORS / f"{case}.npz") as d:
        exc_type, spec = str(d["exc_type"]), json.loads(str(d["spec"]))
    call, match = CASES[case]
    if not exc_type:  # MindSpore raised nothing
        call()
        return
    with pytest.raises(Exception, match=match) as info:
        call()
    assert type(info.value).__name__ == exc_type, f"{spec['call']}: {info.value}"
