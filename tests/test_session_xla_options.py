"""The test session's XLA options (``tests/conftest.py``, ``tests/support/compilekit.py``): the
test process compiles with XLA's quick options, the programs the tests start with XLA's defaults
(workers on simulated devices with the quick ones, or without ``-O0`` when ``optimized``), and a
test marked ``xla_defaults`` compiles every program, JAX's op-by-op ones too, with XLA's
defaults."""

import os
import subprocess
import sys

import jax
import jax.extend.backend
import pytest
from compilekit import QUICK_ENV, QUICK_XLA
from launchkit import simulated_devices

ADDED = os.environ.get(QUICK_ENV, "").split()
LEVEL = "xla_backend_optimization_level"
quick = pytest.mark.skipif(
    f"--{LEVEL}=0" not in ADDED, reason="the session keeps XLA's defaults (DEEPSINK_TEST_XLA_OPT)"
)
LEVEL_OF_THIS_PROCESS = (
    "import jax.extend.backend as b; "
    "print(b.get_compile_options(num_replicas=1, num_partitions=1)"
    f".executable_build_options.debug_options.{LEVEL})"
)


def _overrides() -> dict:
    from jax._src import compiler  # the function xla_defaults wraps

    options = compiler.get_compile_options(num_replicas=1, num_partitions=1)
    return dict(options.env_option_overrides)


@quick
def test_the_test_process_compiles_quickly_and_leaves_xla_flags_as_given():
    options = jax.extend.backend.get_compile_options(num_replicas=1, num_partitions=1)
    assert getattr(options.executable_build_options.debug_options, LEVEL) == 0
    given = os.environ.get("XLA_FLAGS", "").split()
    assert not set(ADDED) & set(given), given
    assert _overrides() == {}


@quick
def test_a_program_the_tests_start_compiles_with_xla_defaults():
    env = {k: v for k, v in os.environ.items() if k != "XLA_FLAGS"}
    out = subprocess.run(
        [sys.executable, "-c", LEVEL_OF_THIS_PROCESS], env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == [str(QUICK_XLA[LEVEL][1])]


@quick
def test_workers_on_simulated_devices_compile_quickly_unless_optimized():
    flags = simulated_devices(4)["XLA_FLAGS"].split()
    assert set(ADDED) <= set(flags)
    assert "--xla_force_host_platform_device_count=4" in flags
    optimized = simulated_devices(4, optimized=True)["XLA_FLAGS"].split()
    assert f"--{LEVEL}=0" not in optimized
    assert set(ADDED) - {f"--{LEVEL}=0"} <= set(optimized)


@quick
@pytest.mark.xla_defaults
def test_a_marked_test_compiles_every_program_with_xla_defaults():
    added = {f.split("=", 1)[0][2:] for f in ADDED}
    assert _overrides() == {n: default for n, (_, default) in QUICK_XLA.items() if n in added}
    # a program's own options are kept (quick_codegen's -O0)
    from jax._src import compiler

    options = compiler.get_compile_options(
        num_replicas=1, num_partitions=1, env_options_overrides={LEVEL: 0}
    )
    assert dict(options.env_option_overrides)[LEVEL] == 0
