"""The caller's lists and dicts in GRAPH_MODE: returned by identity, changed in place or copied
as MindSpore 2.10 does, and its ``compile_config`` switches (recorded by
``scripts/record_graph_fallback_fixtures.py``)."""

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import deepsink as ms
from deepsink._compile import compile_config
from tests.support.graph_list_inplace_cases import graph_list_inplace

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "graph_list_inplace.json"
EXPECTED = json.loads(FIXTURE.read_text())["cases"]
ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture(scope="module")
def results():
    mode = ms.get_context("mode")
    try:
        yield graph_list_inplace(ms)
    finally:
        ms.set_context(mode=mode)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_lists_and_dicts_as_mindspore(results, name):
    assert results[name] == EXPECTED[name], (results[name], EXPECTED[name])


def test_a_list_argument_changed_in_place_is_changed_on_every_call():
    @ms.jit
    def rotate(x, t):
        x.insert(0, x.pop())
        return t + 1

    x = [1, 2, ms.Tensor([3])]
    for want in ([3, 1, 2], [2, 3, 1]):
        rotate(x, ms.Tensor(1.0))
        assert [int(v) for v in x] == want


def test_compile_config_is_mindsporesmodule():
    from deepsink._extends.parse import compile_config as public

    assert public is compile_config
    assert "FALLBACK_SUPPORT_LIST_DICT_INPLACE" in compile_config.__all__


def _run(code: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "JAX_PLATFORMS": "cpu", **env},
        timeout=300,
    )


_SWITCH_PROGRAM = """
import deepsink as ms
ms.set_context(mode=ms.GRAPH_MODE)
@ms.jit
def f(x):
    x.reverse()
    return x
x = [1, 2, 3]
r = f(x)
print(r is x, x)
"""


def test_ms_jit_turns_list_inplace_off_and_refuses_unknown_switches():
    # MindSpore 2.10 collects the switches at the first compile, MS_JIT over the module's own
    on = _run(_SWITCH_PROGRAM)
    assert on.stdout.split("\n")[-2] == "True [3, 2, 1]", on.stderr
    off = _run(_SWITCH_PROGRAM, MS_JIT="FALLBACK_SUPPORT_LIST_DICT_INPLACE:0")
    assert off.stdout.split("\n")[-2] == "False [1, 2, 3]", off.stderr
    bad = _run(_SWITCH_PROGRAM, MS_JIT="NO_SUCH_SWITCH:1")
    assert "RuntimeError: MS_JIT does not support parameter: NO_SUCH_SWITCH" in bad.stderr
    refused = _run(_SWITCH_PROGRAM, MS_JIT="GRAD_FOR_SCALAR:1")
    assert "ValueError: deepsink does not build the compile_config switches" in refused.stderr
    assert "GRAD_FOR_SCALAR='1'" in refused.stderr


def test_a_switch_written_after_the_first_compile_warns_that_it_has_no_effect():
    compile_config.list_dict_inplace()  # collected
    saved = compile_config.PRE_LIFT
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        compile_config.PRE_LIFT = 1
    compile_config.PRE_LIFT = saved
    assert any("has no effect" in str(w.message) for w in caught)
