"""The MNIST download helper (against local file:// URLs only) and ``ds.config``."""

import random

import numpy as np
import pytest
from dataset_support import MNIST_TEST

import deepsink.dataset as ds
from deepsink.dataset.download import download_mnist


def test_download_from_gzip_mirror_verifies_md5(tmp_path):
    dest = download_mnist(str(tmp_path / "MNIST_Data"), urls=MNIST_TEST.as_uri(), usage="test")
    d = ds.MnistDataset(dest + "/test")
    assert d.get_dataset_size() == 10000
    assert not (tmp_path / "MNIST_Data" / "train").exists()
    before = (tmp_path / "MNIST_Data" / "test" / "t10k-labels-idx1-ubyte").stat().st_mtime_ns
    download_mnist(dest, urls="file:///nonexistent", usage="test")  # present and valid: not fetched
    assert (
        tmp_path / "MNIST_Data" / "test" / "t10k-labels-idx1-ubyte"
    ).stat().st_mtime_ns == before


def test_download_mirrors_in_order_and_per_file_urls(tmp_path):
    urls = ["file:///nonexistent/mirror", MNIST_TEST.as_uri()]
    download_mnist(str(tmp_path), urls=urls, usage="test")
    per_file = {
        n: (MNIST_TEST / f"{n}.gz").as_uri()
        for n in ("t10k-images-idx3-ubyte", "t10k-labels-idx1-ubyte")
    }
    download_mnist(str(tmp_path / "b"), urls=per_file, usage="test")
    assert (tmp_path / "b" / "test" / "t10k-images-idx3-ubyte").stat().st_size == 7840016


def test_download_md5_mismatch_and_unreachable(tmp_path):
    with pytest.raises(
        ValueError,
        match=r"the md5 of 't10k-labels-idx1-ubyte' must be 0+, but got "
        r"27ae3e4e09519cfbb04c329615203637",
    ):
        download_mnist(
            str(tmp_path),
            urls=MNIST_TEST.as_uri(),
            usage="test",
            md5={"t10k-labels-idx1-ubyte": "0" * 32},
        )
    assert not (tmp_path / "test" / "t10k-labels-idx1-ubyte").exists()
    with pytest.raises(OSError, match=r"no URL could be fetched for 't10k-images-idx3-ubyte'"):
        download_mnist(str(tmp_path), urls="file:///nonexistent", usage="test")
    assert list((tmp_path / "test").iterdir()) == []  # no partial files left behind


def test_config_seed_and_workers():
    ds.config.set_seed(123)
    assert ds.config.get_seed() == 123
    a = (random.random(), np.random.rand())
    ds.config.set_seed(123)
    assert (random.random(), np.random.rand()) == a  # seeds Python's and numpy's generators too
    with pytest.raises(
        ValueError, match=r"For 'set_seed', 'seed' must be an int in \[0, 4294967295\]"
    ):
        ds.config.set_seed(-1)
    with pytest.raises(TypeError, match=r"'seed' must be an int"):
        ds.config.set_seed(1.5)
    ds.config.set_num_parallel_workers(1)
    assert ds.config.get_num_parallel_workers() == 1
    with pytest.raises(
        RuntimeError, match=r"exceeds the boundary between 1 and \d+, as got 100000"
    ):
        ds.config.set_num_parallel_workers(100000)  # MindSpore: at most the CPU count
    with pytest.raises(ValueError, match=r"'num' must be an int in \[1, "):
        ds.config.set_num_parallel_workers(0)
    ds.config.set_prefetch_size(4)
    assert ds.config.get_prefetch_size() == 4
