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
        {"mindspore graph non-sink": "no --mindspore-python (or DEEPSINK_MINDSPORE_PYTHON) given"},
    )
    lines = text.splitlines()
    assert lines[1].split()[:4] == ["deepsink", "sink", "(graph)", "2.000"]
    assert "1.50x faster" in lines[1]
    assert lines[-1].split()[:4] == ["mindspore", "graph", "non-sink", "skipped"]
    assert lines[-1].endswith("no --mindspore-python (or DEEPSINK_MINDSPORE_PYTHON) given")


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


def _bench_resnet():
    import sys

    sys.path.insert(0, str(ROOT / "bench"))  # bench_resnet imports bench_lenet's helpers
    spec = importlib.util.spec_from_file_location("bench_resnet", ROOT / "bench/bench_resnet.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_resnet_table_reports_compile_time_and_peak_rss_apart():
    text = _bench_resnet().table(
        {"deepsink sink (graph)": 500.0, "pytorch eager": 1000.0},
        {
            "deepsink sink (graph)": {"compile_s": 12.34, "peak_rss_mb": 1199.4},
            "pytorch eager": {"compile_s": 0.0, "peak_rss_mb": 819.0},
        },
        {'torch.compile mode="reduce-overhead"': "no cuda device (CUDA graphs only)"},
    )
    lines = text.splitlines()
    assert lines[0].split() == [
        "variant",
        "ms/step",
        "vs",
        "pytorch",
        "eager",
        "compile",
        "s",
        "peak",
        "RSS",
        "MB",
    ]
    assert lines[1].split() == [
        "deepsink",
        "sink",
        "(graph)",
        "500.0",
        "2.00x",
        "faster",
        "12.3",
        "1199",
    ]
    assert lines[2].split() == ["pytorch", "eager", "1000.0", "1.00x", "faster", "0.0", "819"]
    assert lines[-1].endswith("no cuda device (CUDA graphs only)")
