"""The ``deepsink`` command as a user meets it: --version, --help, run, and its errors."""

import os
import subprocess
import sys
import textwrap

from faultkit import HANG_S

import deepsink


def cli(*args, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "deepsink", *args],
        capture_output=True,
        text=True,
        timeout=HANG_S,
        cwd=cwd,
    )


def test_version():
    p = cli("--version")
    assert p.returncode == 0
    assert p.stdout.strip() == f"deepsink {deepsink.__version__} (MindSpore 2.10.0 API)"


def test_help_lists_run_with_described_arguments_and_no_rst_markup():
    top, run = cli("--help"), cli("run", "--help")
    assert top.returncode == run.returncode == 0
    assert "run" in top.stdout and "--version" in top.stdout
    assert "path of the Python script to run" in run.stdout
    assert "arguments passed on to the script" in run.stdout
    for text in (top.stdout, run.stdout):
        assert "``" not in text and ":func:" not in text


def test_no_command_prints_help_and_fails():
    p = cli()
    assert p.returncode == 2
    assert "usage: deepsink" in p.stderr


def test_run_without_script_says_what_is_missing():
    p = cli("run")
    assert p.returncode == 2
    assert p.stderr.splitlines() == [
        "usage: deepsink run [-h] SCRIPT [ARGS ...]",
        "deepsink run: error: missing SCRIPT: the Python script to run, then its own arguments "
        "if any",
    ]
    assert "required" not in p.stderr  # ARGS is optional


def test_mindspore_version_is_the_api_version_and_deepsink_keeps_its_own(tmp_path):
    script = tmp_path / "version.py"
    script.write_text(
        textwrap.dedent("""
        import deepsink
        import mindspore
        import mindspore.nn
        from mindspore import Tensor
        mindspore.user_flag = 3  # binding a name binds it on deepsink, as the module is deepsink
        print(mindspore.__version__, deepsink.__version__, deepsink.__mindspore_version__)
        print(mindspore.nn is deepsink.nn, Tensor is deepsink.Tensor, deepsink.user_flag,
              "Model" in dir(mindspore))
    """)
    )
    p = cli("run", str(script))
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines() == [
        f"2.10.0 {deepsink.__version__} 2.10.0",
        "True True 3 True",
    ]


def test_run_missing_script_is_one_line(tmp_path):
    p = cli("run", "missing.py", cwd=tmp_path)
    assert p.returncode == 2
    assert p.stdout == ""
    assert p.stderr == "deepsink run: no such file: missing.py\n"


def test_run_maps_mindspore_and_passes_arguments(tmp_path):
    (tmp_path / "helper.py").write_text("VALUE = 7\n")
    script = tmp_path / "script.py"
    script.write_text(
        textwrap.dedent("""
        import sys
        import mindspore as ms
        from mindspore import nn
        import helper  # the script's folder is on sys.path, as with python script.py
        print(ms.__name__, nn.Dense.__module__.split(".")[0], sys.argv[1:], helper.VALUE, __name__)
    """)
    )
    p = cli("run", str(script), "--epochs", "2")
    assert p.returncode == 0, p.stderr
    assert p.stdout == "mindspore deepsink ['--epochs', '2'] 7 __main__\n"


def test_run_error_traceback_starts_at_the_script(tmp_path):
    script = tmp_path / "bad.py"
    script.write_text("def f():\n    raise ValueError('boom')\n\nf()\n")
    p = cli("run", str(script))
    assert p.returncode == 1
    lines = p.stderr.splitlines()
    assert lines[0] == "Traceback (most recent call last):"
    assert lines[1] == f'  File "{script}", line 4, in <module>'
    assert lines[-1] == "ValueError: boom"
    assert "runpy" not in p.stderr and "__main__.py" not in p.stderr


def test_run_script_exit_code_is_kept(tmp_path):
    script = tmp_path / "exit3.py"
    script.write_text("raise SystemExit(3)\n")
    assert cli("run", str(script)).returncode == 3


def test_help_lists_launch_with_msrun_flags():
    top, launch = cli("--help"), cli("launch", "--help")
    assert top.returncode == launch.returncode == 0
    assert "launch" in top.stdout
    for flag in (
        "--worker_num",
        "--local_worker_num",
        "--master_addr",
        "--master_port",
        "--node_rank",
        "--log_dir",
        "--join",
        "--cluster_time_out",
    ):
        assert flag in launch.stdout
    assert "``" not in launch.stdout


def _beside_a_clone(tmp_path):
    """A folder holding a clone of this repository (named ``deepsink``, as ``git clone`` names it)."""
    holder = tmp_path / "holder"
    holder.mkdir()
    os.symlink(os.path.dirname(os.path.dirname(deepsink.__file__)), holder / "deepsink")
    return holder


def test_python_started_beside_the_clone_imports_the_installed_package(tmp_path):
    """Not the clone's folder as an empty namespace package (``no attribute 'Model'``)."""
    holder = _beside_a_clone(tmp_path)
    root = os.path.dirname(os.path.dirname(deepsink.__file__))
    env = {**os.environ, "PYTHONPATH": root}  # deepsink as installed: on the path, not in cwd
    code = "import deepsink as ms; print(ms.Model.__name__, ms.__file__)"
    p = subprocess.run([sys.executable, "-c", code], cwd=holder, env=env, capture_output=True,
                       text=True, timeout=HANG_S)  # fmt: skip
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout.split() == ["Model", os.path.join(root, "deepsink", "__init__.py")]


def test_python_started_beside_the_clone_without_deepsink_installed_says_so(tmp_path):
    holder = _beside_a_clone(tmp_path)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    # -S: no site-packages, so no installed deepsink
    p = subprocess.run([sys.executable, "-S", "-c", "import deepsink"], cwd=holder, env=env,
                       capture_output=True, text=True, timeout=HANG_S)  # fmt: skip
    assert p.returncode == 1
    assert "a clone of deepsink's repository, in the folder Python runs from" in p.stderr
    assert "no installed deepsink: install it (python3 -m pip install" in p.stderr
