"""Learning rate schedules and dynamic_lr lists: values recorded from MindSpore 2.10."""

import numpy as np
import pytest

import deepsink.nn as nn
from deepsink import context
from deepsink._compile.jit import jit
from deepsink.common.tensor import Tensor
from deepsink.nn import dynamic_lr

STEPS = [0, 1, 3, 7, 12]

# name: (class, args, MindSpore values at STEPS)
SCHEDULES = {
    "ExponentialDecayLR": (
        nn.ExponentialDecayLR,
        (0.1, 0.9, 4),
        [0.100000001, 0.097400375, 0.092402108, 0.083161898, 0.07289999],
    ),
    "ExponentialDecayLR_stair": (
        nn.ExponentialDecayLR,
        (0.1, 0.9, 4, True),
        [0.100000001, 0.100000001, 0.100000001, 0.089999996, 0.07289999],
    ),
    "NaturalExpDecayLR": (
        nn.NaturalExpDecayLR,
        (0.1, 0.9, 4),
        [0.100000001, 0.040656969, 0.006720554, 0.000183631, 2.04e-06],
    ),
    "NaturalExpDecayLR_stair": (
        nn.NaturalExpDecayLR,
        (0.1, 0.9, 4, True),
        [0.100000001, 0.100000001, 0.100000001, 0.002732373, 2.04e-06],
    ),
    "InverseDecayLR": (
        nn.InverseDecayLR,
        (0.1, 0.5, 4),
        [0.100000001, 0.088888891, 0.072727278, 0.053333338, 0.040000003],
    ),
    "InverseDecayLR_stair": (
        nn.InverseDecayLR,
        (0.1, 0.5, 4, True),
        [0.100000001, 0.100000001, 0.100000001, 0.06666667, 0.040000003],
    ),
    "CosineDecayLR": (
        nn.CosineDecayLR,
        (0.01, 0.1, 10),
        [0.100000001, 0.097797543, 0.081450336, 0.028549651, 0.01],
    ),
    "PolynomialDecayLR": (
        nn.PolynomialDecayLR,
        (0.1, 0.01, 10, 0.5),
        [0.100000001, 0.095381498, 0.085299402, 0.059295036, 0.01],
    ),
    "PolynomialDecayLR_update": (
        nn.PolynomialDecayLR,
        (0.1, 0.01, 5, 2.0, True),
        [0.100000001, 0.067600004, 0.0244, 0.018100001, 0.013599999],
    ),
    "WarmUpLR": (nn.WarmUpLR, (0.1, 5), [0.0, 0.020000001, 0.060000002, 0.100000001, 0.100000001]),
}

DYNAMIC = {
    "piecewise": (
        dynamic_lr.piecewise_constant_lr,
        ([2, 5, 7], [0.1, 0.05, 0.01]),
        [0.1, 0.1, 0.05, 0.05, 0.05, 0.01, 0.01],
    ),
    "exp": (
        dynamic_lr.exponential_decay_lr,
        (0.1, 0.9, 7, 2, 2),
        [0.1, 0.1, 0.09486833, 0.09486833, 0.09, 0.09, 0.085381497],
    ),
    "exp_s": (
        dynamic_lr.exponential_decay_lr,
        (0.1, 0.9, 7, 2, 2, True),
        [0.1, 0.1, 0.1, 0.1, 0.09, 0.09, 0.09],
    ),
    "nat": (
        dynamic_lr.natural_exp_decay_lr,
        (0.1, 0.5, 7, 2, 2),
        [0.1, 0.1, 0.060653066, 0.060653066, 0.036787944, 0.036787944, 0.022313016],
    ),
    "nat_s": (
        dynamic_lr.natural_exp_decay_lr,
        (0.1, 0.5, 7, 2, 2, True),
        [0.1, 0.1, 0.1, 0.1, 0.036787944, 0.036787944, 0.036787944],
    ),
    "inv": (
        dynamic_lr.inverse_decay_lr,
        (0.1, 0.5, 7, 2, 2),
        [0.1, 0.1, 0.08, 0.08, 0.066666667, 0.066666667, 0.057142857],
    ),
    "inv_s": (
        dynamic_lr.inverse_decay_lr,
        (0.1, 0.5, 7, 2, 2, True),
        [0.1, 0.1, 0.1, 0.1, 0.066666667, 0.066666667, 0.066666667],
    ),
    "cos": (
        dynamic_lr.cosine_decay_lr,
        (0.01, 0.1, 9, 2, 3),
        [0.1, 0.1, 0.0775, 0.0775, 0.0325, 0.0325, 0.01, 0.01, 0.01],
    ),
    "poly": (
        dynamic_lr.polynomial_decay_lr,
        (0.1, 0.01, 9, 2, 3, 0.5),
        [0.1, 0.1, 0.083484692, 0.083484692, 0.061961524, 0.061961524, 0.01, 0.01, 0.01],
    ),
    "poly_u": (
        dynamic_lr.polynomial_decay_lr,
        (0.1, 0.01, 9, 2, 3, 2.0, True),
        [0.1, 0.1, 0.05, 0.05, 0.02, 0.02, 0.01, 0.01, 0.02],
    ),
    "warm": (
        dynamic_lr.warmup_lr,
        (0.1, 9, 2, 3),
        [0.0, 0.0, 0.033333333, 0.033333333, 0.066666667, 0.066666667, 0.1, 0.1, 0.1],
    ),
}


@pytest.mark.parametrize("name", sorted(SCHEDULES))
def test_schedule_values(name):
    cls, args, expected = SCHEDULES[name]
    schedule = cls(*args)
    got = [float(schedule(Tensor(np.array(s, np.int32)))) for s in STEPS]
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-9)


@pytest.mark.parametrize(
    "name", ["ExponentialDecayLR_stair", "CosineDecayLR", "PolynomialDecayLR_update"]
)
def test_schedule_traced_matches(name):
    cls, args, expected = SCHEDULES[name]
    schedule = cls(*args)
    f = jit(lambda step: schedule(step))
    got = [float(f(Tensor(np.array([s], np.int32)))[0]) for s in STEPS]
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-9)
    context.set_context(mode=context.GRAPH_MODE)
    assert float(schedule(Tensor(np.array(STEPS[2], np.int32)))) == pytest.approx(
        expected[2], rel=1e-5
    )


@pytest.mark.parametrize("name", sorted(DYNAMIC))
def test_dynamic_lr_lists(name):
    fn, args, expected = DYNAMIC[name]
    np.testing.assert_allclose(fn(*args), expected, rtol=1e-7)


def test_schedule_errors():
    with pytest.raises(TypeError, match="ExponentialDecayLR.*'learning_rate'.*float"):
        nn.ExponentialDecayLR(1, 0.9, 4)
    with pytest.raises(ValueError, match="ExponentialDecayLR.*'decay_steps'.*positive int"):
        nn.ExponentialDecayLR(0.1, 0.9, 0)
    with pytest.raises(ValueError, match="InverseDecayLR.*'decay_rate'.*positive"):
        nn.InverseDecayLR(0.1, -0.5, 4)
    with pytest.raises(ValueError, match="CosineDecayLR.*'max_lr'.*greater than 'min_lr'"):
        nn.CosineDecayLR(0.1, 0.05, 10)
    with pytest.raises(TypeError, match="PolynomialDecayLR.*'update_decay_steps'.*bool"):
        nn.PolynomialDecayLR(0.1, 0.01, 10, 0.5, 1)
    with pytest.raises(TypeError, match="WarmUpLR.*'warmup_steps'.*int"):
        nn.WarmUpLR(0.1, 2.0)
    with pytest.raises(ValueError, match="piecewise_constant_lr.*'learning_rates'.*length"):
        dynamic_lr.piecewise_constant_lr([1, 2], [0.1])
    with pytest.raises(ValueError, match=r"piecewise_constant_lr.*'milestone\[1\]'.*at least"):
        dynamic_lr.piecewise_constant_lr([3, 2], [0.1, 0.2])
    with pytest.raises(ValueError, match="cosine_decay_lr.*'max_lr'"):
        dynamic_lr.cosine_decay_lr(0.2, 0.1, 9, 2, 3)


def test_dynamic_lr_list_drives_optimizer():
    from deepsink.common.parameter import Parameter

    lrs = dynamic_lr.piecewise_constant_lr([1, 3], [0.5, 0.25])
    w = Parameter(Tensor(np.zeros(1, np.float32)), name="w")
    opt = nn.SGD([w], learning_rate=lrs)
    for _ in range(3):
        opt((Tensor(np.ones(1, np.float32)),))
    assert float(w.asnumpy()[0]) == pytest.approx(-1.0)
