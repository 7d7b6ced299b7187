"""bench/bench_lenet.py's reporting: --out as a file or a folder, skipped peers listed with why."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _bench():
    spec = importlib.util.spec_from_file_location("bench_lenet", ROOT / "bench/bench_lenet.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_out_is_a_file_or_a_folder(tmp_path):
    b = _bench()
    assert b.out_path(str(tmp_path / "run.json"), "cpu", "20260101") == tmp_path / "run.json"
    assert b.out_path(str(tmp_path), "gpu", "20260101") == tmp_path / "lenet_gpu_20260101.json"


def test_skipped_peers_are_in_the_table_with_their_reason():
    text = _bench().table(
        {"deepsink sink (graph)": 2.0, "pytorch eager": 3.0},
        {"mindspore graph non-sink": "no --mindspore-python (or MINDSPORE_PYTHON) given"},
    )
    lines = text.splitlines()
    assert lines[1].split()[:4] == ["deepsink", "sink", "(graph)", "2.000"]
    assert "1.50x faster" in lines[1]
    assert lines[-1].split()[:4] == ["mindspore", "graph", "non-sink", "skipped"]
    assert lines[-1].endswith("no --mindspore-python (or MINDSPORE_PYTHON) given")


def test_a_missing_mindspore_python_is_skipped_with_the_path():
    _, skipped = _bench().variants(10, "/nonexistent/python")
    assert (
        skipped["mindspore graph non-sink"]
        == "--mindspore-python /nonexistent/python does not exist"
    )


def test_peak_rss_of_each_variant_is_a_column_of_the_table():
    text = _bench().table(
        {"deepsink sink (graph)": 2.0, "pytorch eager": 3.0}, {}, {"deepsink sink (graph)": 812.4}
    )
    lines = text.splitlines()
    assert lines[0].endswith("peak RSS MB")
    assert lines[1].startswith("deepsink sink (graph)") and lines[1].endswith(" 812")
    assert lines[2].startswith("pytorch eager") and lines[2].endswith(" -")  # not reported
