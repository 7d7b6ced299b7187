"""A MindSpore name deepsink lacks raises AttributeError (so ``hasattr`` and
``getattr(module, name, default)`` keep working) saying that deepsink does not implement it yet and
where the coverage list is."""

import subprocess
import sys
import textwrap

import pytest
from faultkit import HANG_S

import deepsink as ms
import deepsink.scipy

MODULES = [ms, ms.nn, ms.ops, ms.train, ms.dataset, ms.common, ms.amp, ms.context,
           ms.dataset.vision, ms.dataset.transforms, ms.communication, ms.ops.operations,
           ms.train.callback, ms.experimental, ms.experimental.optim,
           ms.experimental.optim.lr_scheduler, ms.scipy, ms.scipy.linalg, ms.scipy.optimize,
           ms.scipy.fft]  # fmt: skip


@pytest.mark.parametrize("module", MODULES, ids=[m.__name__ for m in MODULES])
def test_a_missing_name_says_so_and_points_at_the_coverage_list(module):
    public = "mindspore" + module.__name__[len("deepsink") :]
    with pytest.raises(AttributeError) as info:
        module.NotInDeepsink  # noqa: B018
    text = str(info.value)
    assert f"module '{module.__name__}' has no attribute 'NotInDeepsink'" in text
    assert f"deepsink does not implement MindSpore's '{public}.NotInDeepsink' yet" in text
    assert "docs/api_coverage.md" in text
    assert not hasattr(module, "NotInDeepsink")
    assert getattr(module, "NotInDeepsink", 7) == 7


def test_python_probes_and_submodule_imports_are_unaffected():
    assert not hasattr(ms.nn, "__path_hooks_probe__")
    from deepsink.nn import metrics  # a submodule not bound as an attribute until imported

    assert metrics.Accuracy is ms.nn.Accuracy


def test_under_deepsink_run_the_module_is_named_as_the_script_imported_it(tmp_path):
    script = tmp_path / "s.py"
    script.write_text(
        textwrap.dedent("""
        import mindspore as ms
        try:
            ms.nn.SummaryCollector
        except AttributeError as e:
            print(e)
    """)
    )
    out = subprocess.run(
        [sys.executable, "-m", "deepsink", "run", str(script)],
        capture_output=True,
        text=True,
        timeout=HANG_S,
        check=True,
    ).stdout
    assert out.startswith("module 'mindspore.nn' has no attribute 'SummaryCollector': deepsink ")


def test_a_submodule_not_imported_yet_is_named_as_such_not_as_missing():
    # 2.10: "module 'mindspore.dataset' has no attribute 'audio'" until it is imported
    code = textwrap.dedent("""
        import deepsink as ms
        try:
            ms.dataset.audio
        except AttributeError as e:
            print(e)
        import deepsink.dataset.audio
        print(ms.dataset.audio.__name__)
    """)
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=HANG_S, check=True
    ).stdout.splitlines()
    assert out[0].startswith(
        "module 'deepsink.dataset' has no attribute 'audio': it is a submodule"
    )
    assert "'import deepsink.dataset.audio' loads it" in out[0]
    assert "does not implement" not in out[0]
    assert out[1] == "deepsink.dataset.audio"
