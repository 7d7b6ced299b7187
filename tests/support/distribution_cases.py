"""Calls of ``nn.probability.distribution`` (Normal, Exponential, Uniform, Bernoulli, Geometric,
Logistic, Cauchy, Gamma, Beta, Poisson, Categorical):
their statistics, probabilities, KL divergence and cross entropy with the parameters given at
construction or on the call, the Cell call form (``dist('prob', x)``) and the errors, run the same
way on MindSpore 2.10 (``scripts/record_distribution_fixtures.py``) and on deepsink
(``tests/nn/test_distribution.py``). Samples are compared by shape and dtype only: deepsink's
random streams are not MindSpore's."""

from __future__ import annotations

import numpy as np
from op_edge_cases import outcome as outcome  # noqa: F401 (the one recorded form)

METHODS_1 = ("prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival")
METHODS_0 = ("mean", "sd", "var", "mode", "entropy")


def cases(ms, msd) -> dict:
    """name -> a call, over ``ms`` (mindspore or deepsink) and its ``nn.probability.distribution``."""
    T = ms.Tensor
    f32 = ms.float32
    x = T(np.array([-0.5, 0.0, 0.7, 1.5, 3.0], np.float32))
    xi = T(np.array([0.0, 1.0, 1.0, 0.0, 2.0], np.float32))
    xp = T(np.array([0.5, 1.0, 0.7, 1.5, 3.0], np.float32))
    xu = T(np.array([0.1, 0.5, 0.7, 0.25, 0.9], np.float32))
    dists = {
        "normal": (
            lambda: msd.Normal(np.array([0.0, 1.0, 2.0, 0.5, -1.0], np.float32), 2.0, dtype=f32),
            x,
        ),
        "normal_scalar": (lambda: msd.Normal(0.5, 1.5, dtype=f32), x),
        "exponential": (
            lambda: msd.Exponential(np.array([0.5, 1.0, 2.0, 3.0, 1.5], np.float32), dtype=f32),
            x,
        ),
        "uniform": (
            lambda: msd.Uniform(-1.0, np.array([1.0, 2.0, 0.5, 4.0, 2.5], np.float32), dtype=f32),
            x,
        ),
        "bernoulli": (
            lambda: msd.Bernoulli(np.array([0.2, 0.5, 0.7, 0.9, 0.3], np.float32), dtype=ms.int32),
            xi,
        ),
        "geometric": (
            lambda: msd.Geometric(np.array([0.2, 0.5, 0.7, 0.9, 0.3], np.float32), dtype=ms.int32),
            xi,
        ),
        "logistic": (
            lambda: msd.Logistic(np.array([0.0, 1.0, 2.0, 0.5, -1.0], np.float32), 1.5, dtype=f32),
            x,
        ),
        "cauchy": (
            lambda: msd.Cauchy(np.array([0.0, 1.0, 2.0, 0.5, -1.0], np.float32), 1.5, dtype=f32),
            x,
        ),
        "gamma": (
            lambda: msd.Gamma(
                np.array([0.5, 1.0, 2.0, 3.0, 1.5], np.float32),
                np.full(5, 2.0, np.float32),
                dtype=f32,
            ),
            xp,
        ),
        "beta": (
            lambda: msd.Beta(
                np.array([0.5, 1.0, 2.0, 3.0, 1.5], np.float32),
                np.full(5, 2.0, np.float32),
                dtype=f32,
            ),
            xu,
        ),
        "categorical": (
            lambda: msd.Categorical(
                np.array(
                    [
                        [0.1, 0.2, 0.7],
                        [0.5, 0.25, 0.25],
                        [0.3, 0.3, 0.4],
                        [0.6, 0.3, 0.1],
                        [0.2, 0.2, 0.6],
                    ],
                    np.float32,
                )
            ),
            xi,
        ),
        "categorical_1d": (lambda: msd.Categorical(np.array([0.1, 0.2, 0.7], np.float32)), xi),
        "poisson": (
            lambda: msd.Poisson(np.array([0.5, 1.0, 2.0, 3.0, 1.5], np.float32), dtype=f32),
            xi,
        ),
    }
    c = {}
    for name, (make, value) in dists.items():
        for m in METHODS_1:
            c[f"{name}_{m}"] = lambda make=make, m=m, value=value: getattr(make(), m)(value)
        for m in METHODS_0:
            c[f"{name}_{m}"] = lambda make=make, m=m: getattr(make(), m)()
        c[f"{name}_call_prob"] = lambda make=make, value=value: make()("prob", value)
        c[f"{name}_sample_shape"] = lambda make=make: _shape_only(make().sample((3, 5)))
        c[f"{name}_batch_shape"] = lambda make=make: T(np.array(make().batch_shape or (-1,)))
    c |= {
        "normal_kl": lambda: dists["normal"][0]().kl_loss(
            "Normal", T(np.float32(1.0)), T(np.float32(3.0))
        ),
        "normal_cross_entropy": lambda: dists["normal"][0]().cross_entropy(
            "Normal", T(np.float32(1.0)), T(np.float32(3.0))
        ),
        "normal_args_on_call": lambda: msd.Normal(dtype=f32).log_prob(
            x, T(np.float32(1.0)), T(np.float32(2.0))
        ),
        "normal_args_override": lambda: msd.Normal(0.0, 1.0, dtype=f32).cdf(x, T(np.float32(1.0))),
        "normal_mean_on_call": lambda: msd.Normal(dtype=f32).mean(
            T(np.array([1.0, 2.0], np.float32)), T(np.float32(2.0))
        ),
        "normal_missing_param": lambda: msd.Normal(dtype=f32).prob(x),
        "normal_sd_zero": lambda: msd.Normal(0.0, 0.0),
        "normal_int_dtype": lambda: msd.Normal(0.0, 1.0, dtype=ms.int32),
        "normal_bad_name": lambda: msd.Normal(0.0, 1.0, name=3),
        "normal_negative_seed": lambda: msd.Normal(0.0, 1.0, seed=-1),
        "normal_kl_other": lambda: msd.Normal(0.0, 1.0).kl_loss("Exponential", T(np.float32(1.0))),
        "normal_unknown_call": lambda: msd.Normal(0.0, 1.0)("foo"),
        "normal_sample_on_call": lambda: _shape_only(
            msd.Normal(dtype=f32).sample((2,), T(np.zeros(3, np.float32)), T(np.float32(1.0)))
        ),
        "exponential_kl": lambda: dists["exponential"][0]().kl_loss(
            "Exponential", T(np.float32(2.0))
        ),
        "exponential_cross_entropy": lambda: dists["exponential"][0]().cross_entropy(
            "Exponential", T(np.float32(2.0))
        ),
        "exponential_rate_zero": lambda: msd.Exponential(0.0),
        "uniform_kl": lambda: msd.Uniform(0.0, 1.0).kl_loss(
            "Uniform", T(np.float32(-1.0)), T(np.float32(2.0))
        ),
        "uniform_cross_entropy": lambda: msd.Uniform(0.0, 1.0).cross_entropy(
            "Uniform", T(np.float32(-1.0)), T(np.float32(2.0))
        ),
        "uniform_bad_bounds": lambda: msd.Uniform(1.0, 0.0),
        "bernoulli_kl": lambda: dists["bernoulli"][0]().kl_loss("Bernoulli", T(np.float32(0.4))),
        "bernoulli_cross_entropy": lambda: dists["bernoulli"][0]().cross_entropy(
            "Bernoulli", T(np.float32(0.4))
        ),
        "bernoulli_bad_probs": lambda: msd.Bernoulli(1.5),
        "bernoulli_float_dtype": lambda: msd.Bernoulli(0.5, dtype=f32).prob(
            T(np.array([0.0, 1.0], np.float32))
        ),
        "geometric_kl": lambda: dists["geometric"][0]().kl_loss("Geometric", T(np.float32(0.4))),
        "geometric_cross_entropy": lambda: dists["geometric"][0]().cross_entropy(
            "Geometric", T(np.float32(0.4))
        ),
        "geometric_bad_probs": lambda: msd.Geometric(0.0),
        "cauchy_kl": lambda: dists["cauchy"][0]().kl_loss(
            "Cauchy", T(np.float32(1.0)), T(np.float32(3.0))
        ),
        "cauchy_cross_entropy": lambda: dists["cauchy"][0]().cross_entropy(
            "Cauchy", T(np.float32(1.0)), T(np.float32(3.0))
        ),
        "cauchy_bad_scale": lambda: msd.Cauchy(0.0, -1.0),
        "logistic_bad_scale": lambda: msd.Logistic(0.0, 0.0),
        "gamma_kl": lambda: dists["gamma"][0]().kl_loss(
            "Gamma", T(np.float32(1.5)), T(np.float32(3.0))
        ),
        "gamma_cross_entropy": lambda: dists["gamma"][0]().cross_entropy(
            "Gamma", T(np.float32(1.5)), T(np.float32(3.0))
        ),
        "gamma_bad_rate": lambda: msd.Gamma(np.array([1.0]), np.array([0.0])),
        "gamma_bad_concentration": lambda: msd.Gamma(np.array([-1.0]), np.array([1.0])),
        "beta_kl": lambda: dists["beta"][0]().kl_loss(
            "Beta", T(np.float32(1.5)), T(np.float32(3.0))
        ),
        "beta_cross_entropy": lambda: dists["beta"][0]().cross_entropy(
            "Beta", T(np.float32(1.5)), T(np.float32(3.0))
        ),
        "beta_bad_concentration": lambda: msd.Beta(np.array([0.0]), np.array([1.0])),
        "poisson_bad_rate": lambda: msd.Poisson(np.array([0.0])),
        "categorical_kl": lambda: dists["categorical"][0]().kl_loss(
            "Categorical", T(np.array([0.3, 0.3, 0.4], np.float32))
        ),
        "categorical_cross_entropy": lambda: dists["categorical"][0]().cross_entropy(
            "Categorical", T(np.array([0.3, 0.3, 0.4], np.float32))
        ),
        "categorical_not_summing_to_one": lambda: msd.Categorical(np.array([0.5, 0.6])),
        "categorical_negative": lambda: msd.Categorical(np.array([-0.5, 1.5])),
        "categorical_scalar": lambda: msd.Categorical(0.5),
        "categorical_out_of_range": lambda: msd.Categorical(np.array([0.5, 0.5], np.float32)).prob(
            T(np.array([-1.0, 2.0, 0.5], np.float32))
        ),
        "categorical_cdf_out_of_range": lambda: msd.Categorical(
            np.array([0.25, 0.75], np.float32)
        ).cdf(T(np.array([-1.0, 2.0, 0.5, 1.7], np.float32))),
        "categorical_repr_batch": lambda: T(
            np.array(msd.Categorical(np.full((4, 2), 0.5, np.float32)).broadcast_shape)
        ),
        "categorical_int_value": lambda: msd.Categorical(np.array([0.5, 0.5], np.float32)).log_prob(
            T(np.array([0, 1], np.int32))
        ),
        "gamma_scalar": lambda: msd.Gamma(1.0, 2.0),
        "poisson_scalar": lambda: msd.Poisson(2.0),
        "poisson_int_dtype_mean": lambda: msd.Poisson(np.array([2.0]), dtype=ms.int32).mean(),
    }
    return c


def _shape_only(t):
    """A sample as a zero Tensor of its shape and dtype (the streams are not compared)."""
    return t * 0
