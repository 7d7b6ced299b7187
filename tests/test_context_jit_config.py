"""set_context(jit_config=...): MindSpore 2.10's dict form of jit_level, checked as 2.10 checks it
(messages recorded from MindSpore 2.10's CPU build)."""

import re

import pytest

import deepsink as ms
from deepsink import context


@pytest.fixture(autouse=True)
def _restore():
    yield
    context.reset_context()


def test_jit_config_is_kept_and_sets_jit_level():
    ms.set_context(mode=ms.PYNATIVE_MODE, jit_config={"jit_level": "O0"})
    assert ms.get_context("jit_config") == {"jit_level": "O0"}
    assert ms.get_context("jit_level") == "O0"


@pytest.mark.parametrize(
    "bad, kind, message",
    [
        (
            {"jit_level": "O5"},
            ValueError,
            "For 'jit_config', the value of argument jit_level must be one of "
            "['O0', 'O1', 'O2'], but got O5.",
        ),
        (
            {"foo": 1},
            ValueError,
            "For 'context.set_context', the key of argument 'jit_config' must be one of "
            "{'jit_level': ['O0', 'O1', 'O2'], 'infer_boost': ['on', 'off']}, but got foo.",
        ),
        (
            {"jit_level": "O1", "infer_boost": "on"},
            ValueError,
            "Only jit_level set O0 can set infer_boost to on.",
        ),
        (3, TypeError, "The parameter 'jit_config' must be <class 'dict'>, but got <class 'int'>"),
    ],
)
def test_bad_jit_config_raises_as_mindspore(bad, kind, message):
    with pytest.raises(kind, match=re.escape(message)):
        ms.set_context(jit_config=bad)
    assert ms.get_context("jit_config") == {}
