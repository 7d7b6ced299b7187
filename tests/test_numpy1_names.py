"""Programs run as MindSpore programs get NumPy 1's removed names (MindSpore 2.10 requires
``numpy<2``; its test files use ``numpy.NINF``, ``numpy.in1d``, ``numpy.sometrue``, ...), while
``import deepsink`` alone leaves NumPy as it is."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from faultkit import HANG_S

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = textwrap.dedent(
    """
    import numpy
    before = hasattr(numpy, "NINF")
    import deepsink
    after_deepsink = hasattr(numpy, "NINF")
    import mindspore
    print(before, after_deepsink, numpy.NINF, numpy.PINF, numpy.float_.__name__)
    print(numpy.in1d([[1, 2], [3, 4]], [2, 3]).tolist(), numpy.in1d([1, 2], [2], invert=True).tolist())
    print(bool(numpy.sometrue([0, 1])), bool(numpy.alltrue([0, 1])), numpy.product([2, 3]))
    """
)


def test_numpy1_names_under_the_mindspore_alias(tmp_path):
    import numpy

    script = tmp_path / "prog.py"
    script.write_text(SCRIPT)
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    )
    p = subprocess.run([sys.executable, "-m", "deepsink", "run", str(script)], capture_output=True,
                       text=True, timeout=HANG_S, cwd=tmp_path, env=env)  # fmt: skip
    assert p.returncode == 0, p.stderr
    lines = p.stdout.split("\n")
    # NumPy 1 has them anyway (read from the version: this process may have imported mindspore)
    native = numpy.lib.NumpyVersion(numpy.__version__) < "2.0.0"
    assert lines[0] == f"{native} {native} -inf inf float64"
    assert lines[1] == "[False, True, True, False] [True, False]"
    assert lines[2] == "True False 6"
