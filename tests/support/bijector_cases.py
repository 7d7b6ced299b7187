"""Calls of ``nn.probability.bijector`` (Exp, PowerTransform, ScalarAffine, Softplus, GumbelCDF,
Invert) and of the distributions built on them (``TransformedDistribution``, ``LogNormal``,
``Gumbel``), run the same way on MindSpore 2.10 (``scripts/record_distribution_fixtures.py``) and
on deepsink (``tests/nn/test_bijector.py``)."""

from __future__ import annotations

import numpy as np

BIJECTOR_CALLS = ("forward", "inverse", "forward_log_jacobian", "inverse_log_jacobian")
DIST_CALLS_1 = ("prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival")
DIST_CALLS_0 = ("mean", "sd", "var", "mode", "entropy")


def cases(ms, msb, msd) -> dict:
    """name -> a call, over ``ms`` and its ``nn.probability.bijector``/``distribution``."""
    T = ms.Tensor
    x = T(np.array([0.2, 0.5, 1.0, 1.5, 3.0], np.float32))
    s = T(np.array([-1.0, 0.0, 0.5, 1.0, 2.0], np.float32))
    bijectors = {
        "exp": (lambda: msb.Exp(), s, x),
        "power": (lambda: msb.PowerTransform(0.5), x, x),
        "power0": (lambda: msb.PowerTransform(0.0), s, x),
        "affine": (lambda: msb.ScalarAffine(-2.0, 1.0), s, s),
        "softplus": (lambda: msb.Softplus(2.0), s, x),
        "gumbel_cdf": (
            lambda: msb.GumbelCDF(0.5, 2.0),
            s,
            T(np.array([0.1, 0.3, 0.5, 0.7, 0.9], np.float32)),
        ),
        "invert": (lambda: msb.Invert(msb.ScalarAffine(2.0, 1.0)), s, s),
    }
    c = {}
    for name, (make, fwd_value, inv_value) in bijectors.items():
        c[f"{name}_forward"] = lambda make=make, v=fwd_value: make().forward(v)
        c[f"{name}_forward_log_jacobian"] = lambda make=make, v=fwd_value: (
            make().forward_log_jacobian(v)
        )
        c[f"{name}_inverse"] = lambda make=make, v=inv_value: make().inverse(v)
        c[f"{name}_inverse_log_jacobian"] = lambda make=make, v=inv_value: (
            make().inverse_log_jacobian(v)
        )
        c[f"{name}_call"] = lambda make=make, v=fwd_value: make()("forward", v)
    dists = {
        "lognormal": (
            lambda: msd.LogNormal(
                np.array([0.0, 0.5, 1.0, -0.5, 0.2], np.float32), 0.8, dtype=ms.float32
            ),
            x,
        ),
        "gumbel": (
            lambda: msd.Gumbel(
                np.array([0.0, 0.5, 1.0, -0.5, 0.2], np.float32), 1.5, dtype=ms.float32
            ),
            s,
        ),
        "transformed": (
            lambda: msd.TransformedDistribution(msb.ScalarAffine(2.0, 1.0), msd.Normal(0.0, 1.0)),
            s,
        ),
        "transformed_exp": (
            lambda: msd.TransformedDistribution(msb.Exp(), msd.Normal(0.0, 1.0)),
            x,
        ),
    }
    for name, (make, value) in dists.items():
        for m in DIST_CALLS_1:
            c[f"{name}_{m}"] = lambda make=make, m=m, value=value: getattr(make(), m)(value)
        for m in DIST_CALLS_0:
            c[f"{name}_{m}"] = lambda make=make, m=m: getattr(make(), m)()
        c[f"{name}_sample_shape"] = lambda make=make: make().sample((3, 5)) * 0
    c |= {
        "lognormal_kl": lambda: dists["lognormal"][0]().kl_loss(
            "LogNormal", T(np.float32(0.3)), T(np.float32(1.2))
        ),
        "lognormal_cross_entropy": lambda: dists["lognormal"][0]().cross_entropy(
            "LogNormal", T(np.float32(0.3)), T(np.float32(1.2))
        ),
        "gumbel_kl": lambda: dists["gumbel"][0]().kl_loss(
            "Gumbel", T(np.float32(0.3)), T(np.float32(1.2))
        ),
        "gumbel_cross_entropy": lambda: dists["gumbel"][0]().cross_entropy(
            "Gumbel", T(np.float32(0.3)), T(np.float32(1.2))
        ),
        "lognormal_bad_scale": lambda: msd.LogNormal(0.0, 0.0),
        "gumbel_bad_scale": lambda: msd.Gumbel(0.0, -1.0),
        "affine_zero_scale_inverse": lambda: msb.ScalarAffine(0.0, 1.0).inverse(s),
        "power_negative": lambda: msb.PowerTransform(-1.0).forward(x),
        "gumbel_cdf_bad_scale": lambda: msb.GumbelCDF(0.0, 0.0),
        "bijector_not_tensor": lambda: msb.Exp().forward(1.0),
    }
    return c
