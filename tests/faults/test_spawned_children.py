"""``deepsink run``'s ``import mindspore`` alias reaches the child processes a script starts with
``spawn`` or ``forkserver`` (issue 23, item 6): a ``Pool`` answers instead of respawning children
forever, and the dataset's worker processes start instead of dying at import."""

import os
import subprocess
import sys

import pytest
from faultkit import HANG_S

import deepsink

# the checkout whose deepsink this test imports (children get it through PYTHONPATH alone)
REPO = os.path.dirname(os.path.dirname(os.path.abspath(deepsink.__file__)))

POOL = """
import multiprocessing as mp
import mindspore

def twice(x):
    import mindspore.nn  # the child's own import of a submodule
    return (x * 2, mindspore.nn.__name__)

if __name__ == "__main__":
    with mp.get_context("{method}").Pool(2) as pool:
        print("results", pool.map(twice, [1, 2, 3]), flush=True)
"""

DATASET = """
import numpy as np
import mindspore.dataset as ds

class Rows:
    def __len__(self):
        return 8
    def __getitem__(self, i):
        return (np.full((2,), i, np.float32),)

if __name__ == "__main__":
    ds.config.set_multiprocessing_start_method("spawn")
    data = ds.GeneratorDataset(Rows(), ["x"], shuffle=False, num_parallel_workers=2,
                               python_multiprocessing=True)
    print("rows", [int(r["x"][0]) for r in data.create_dict_iterator(output_numpy=True)],
          flush=True)
"""


def _deepsink_run(tmp_path, code, timeout=HANG_S):
    script = tmp_path / "job.py"
    script.write_text(code)
    env = dict(os.environ, PYTHONPATH=REPO)  # like an installed deepsink: no alias folder yet
    return subprocess.run(
        [sys.executable, "-m", "deepsink", "run", str(script)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.mark.parametrize("method", ["spawn", pytest.param("forkserver", marks=pytest.mark.slow)])
def test_a_pool_of_spawned_children_imports_mindspore(tmp_path, method):
    try:
        res = _deepsink_run(tmp_path, POOL.format(method=method), timeout=HANG_S)
    except subprocess.TimeoutExpired:
        pytest.fail("the Pool's children could not import mindspore (respawned forever)")
    assert res.returncode == 0, res.stderr
    assert "results [(2, 'deepsink.nn'), (4, 'deepsink.nn'), (6, 'deepsink.nn')]" in res.stdout


def test_dataset_workers_started_with_spawn_import_mindspore(tmp_path):
    res = _deepsink_run(tmp_path, DATASET)
    assert res.returncode == 0, res.stderr
    assert "rows [0, 1, 2, 3, 4, 5, 6, 7]" in res.stdout


def test_the_alias_keeps_the_environments_own_sitecustomize(tmp_path):
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "sitecustomize.py").write_text("import os\nos.environ['OWN_SITE'] = '1'\n")
    code = (
        "import subprocess, sys\n"
        "out = subprocess.run([sys.executable, '-c', 'import os, mindspore; "
        'print(mindspore.deepsink_package.__name__, os.environ.get("OWN_SITE"))\'], capture_output=True, '
        "text=True)\n"
        "print('child', out.stdout.strip(), out.stderr[-300:])\n"
    )
    script = tmp_path / "job.py"
    script.write_text(code)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([REPO, str(tmp_path / "site")]))
    res = subprocess.run(
        [sys.executable, "-m", "deepsink", "run", str(script)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=HANG_S,
    )
    assert res.returncode == 0, res.stderr
    assert "child deepsink 1" in res.stdout


def test_another_python_environment_keeps_its_own_mindspore(tmp_path):
    probe = "import sys; print(any(getattr(f, 'deepsink_alias', 0) for f in sys.meta_path))"
    code = (
        "import os, subprocess, sys\n"
        "env = dict(os.environ, DEEPSINK_ALIAS_PREFIX='/another/python')  # as if another venv\n"
        f"other = subprocess.run([sys.executable, '-c', {probe!r}], capture_output=True,\n"
        "                       text=True, env=env)\n"
        "print('other', other.stdout.strip())\n"
        f"same = subprocess.run([sys.executable, '-c', {probe!r}], capture_output=True, text=True)\n"
        "print('same', same.stdout.strip())\n"
    )
    res = _deepsink_run(tmp_path, code, timeout=HANG_S)
    assert res.returncode == 0, res.stderr
    lines = dict(line.split(" ", 1) for line in res.stdout.splitlines() if " " in line)
    assert lines["same"] == "True"  # the same environment: mindspore is deepsink
    assert lines["other"] == "False"  # another one keeps its own mindspore (or none)
