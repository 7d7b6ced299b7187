"""Sources: MNIST (raw and gzip IDX), CIFAR-10 binary, image folders, numpy slices, generators;
their sizes, order, dtypes and samplers against MindSpore's, and every bad input."""

import gzip
import json

import numpy as np
import pytest
from dataset_support import (
    MNIST_TEST,
    MNIST_TRAIN,
    fixture,
    mnist_all,
    pipeline_meta,
    write_idx,
    write_mnist,
)

import deepsink.dataset as ds

META = pipeline_meta()


def rows(d, n=None):
    out = []
    for r in d.create_tuple_iterator(num_epochs=1, output_numpy=True):
        out.append([np.asarray(v).tolist() for v in r])
        if n is not None and len(out) == n:
            break
    return out


# -- MNIST ---------------------------------------------------------------------------------------
def test_mnist_gz_folder_sizes_types_and_order(tmp_path):
    train = ds.MnistDataset(str(MNIST_TRAIN), usage="train", shuffle=False)
    assert train.get_dataset_size() == META["mnist/train"]["size"] == 60000
    assert train.get_col_names() == ["image", "label"]
    assert train.output_shapes() == META["mnist/train"]["shapes"] == [[28, 28, 1], []]
    assert [str(t) for t in train.output_types()] == META["mnist/train"]["types"]
    assert ds.MnistDataset(str(MNIST_TEST), usage="test").get_dataset_size() == 10000
    labels = [r[1] for r in rows(train, 3)]
    assert labels == [5, 0, 4]  # the file's first labels: shuffle=False keeps file order
    both = ds.MnistDataset(
        str(mnist_all(tmp_path)), shuffle=False
    )  # usage None = "all": test then train
    assert both.get_dataset_size() == 70000
    assert [r[1] for r in rows(both, 3)] == [7, 2, 1]


def test_mnist_prefers_uncompressed_and_reads_gzip(tmp_path):
    write_mnist(tmp_path, n=5, offset=0)
    write_mnist(tmp_path, n=7, offset=100, compress=True)
    d = ds.MnistDataset(str(tmp_path), shuffle=False)
    assert d.get_dataset_size() == 5
    gz = tmp_path / "gz"
    images, labels = write_mnist(gz, n=7, offset=100, compress=True)
    got = rows(ds.MnistDataset(str(gz), shuffle=False))
    assert [r[1] for r in got] == labels.tolist()
    assert np.array_equal(np.asarray(got[3][0])[..., 0], images[3])


def test_mnist_shards_and_num_samples():
    sizes = [
        ds.MnistDataset(
            str(MNIST_TEST), usage="test", shuffle=False, num_shards=3, shard_id=s
        ).get_dataset_size()
        for s in range(3)
    ]
    assert sizes == [META["mnist/sharded"][str(s)] for s in range(3)] == [3334] * 3
    d = ds.MnistDataset(str(MNIST_TEST), usage="test", num_samples=50)
    assert d.get_dataset_size() == 50 and len(rows(d)) == 50


@pytest.mark.parametrize("shuffle", [True, False])
def test_shards_partition_the_data(shuffle):
    n, k = 23, 4
    shards = [
        [
            r[0]
            for r in rows(
                ds.NumpySlicesDataset(
                    np.arange(n), ["x"], shuffle=shuffle, num_shards=k, shard_id=s
                )
            )
        ]
        for s in range(k)
    ]
    if not shuffle:
        assert shards == [META["shards"][str(s)] for s in range(k)]
    assert all(len(s) == 6 for s in shards)
    assert set(sum(shards, [])) == set(range(n))


def test_mnist_missing_directory():
    with pytest.raises(
        ValueError,
        match=r"For 'MnistDataset', 'dataset_dir' must be an existing "
        r"directory, but got '/no/such/dir'",
    ):
        ds.MnistDataset("/no/such/dir")


def test_mnist_missing_files(tmp_path):
    with pytest.raises(
        ValueError, match=r"'dataset_dir' must hold the MNIST files .*for usage 'all'"
    ):
        ds.MnistDataset(str(tmp_path))
    write_mnist(tmp_path, prefix="train")
    with pytest.raises(
        ValueError,
        match=r"\['t10k-images-idx3-ubyte', 't10k-labels-idx1-ubyte'\].*"
        r"usage 'test'",
    ):
        ds.MnistDataset(str(tmp_path), usage="test")
    (tmp_path / "train-labels-idx1-ubyte").unlink()
    with pytest.raises(ValueError, match=r"\['train-labels-idx1-ubyte'\]"):
        ds.MnistDataset(str(tmp_path), usage="train")


def test_mnist_bad_usage(tmp_path):
    with pytest.raises(
        ValueError,
        match=r"For 'MnistDataset', 'usage' must be one of "
        r"\['train', 'test', 'all'\], but got 'val'",
    ):
        ds.MnistDataset(str(MNIST_TEST), usage="val")


@pytest.mark.parametrize("compress", [False, True])
def test_mnist_wrong_magic(tmp_path, compress):
    write_mnist(tmp_path)
    write_idx(tmp_path / "train-images-idx3-ubyte", np.zeros((3, 28, 28)), 2052)
    if compress:  # the same error from a .gz file
        (tmp_path / "train-images-idx3-ubyte").unlink()
        write_idx(tmp_path / "train-images-idx3-ubyte", np.zeros((3, 28, 28)), 2052, compress=True)
    with pytest.raises(
        ValueError,
        match=r"must start with the magic number 2051 \(0x00000803\), "
        r"but got 2052",
    ):
        ds.MnistDataset(str(tmp_path))


@pytest.mark.parametrize("compress", [False, True])
def test_mnist_truncated_file(tmp_path, compress):
    write_mnist(tmp_path, n=10)
    path = tmp_path / "train-images-idx3-ubyte"
    data = path.read_bytes()[:-100]
    path.unlink()
    if compress:
        (tmp_path / "train-images-idx3-ubyte.gz").write_bytes(gzip.compress(data))
    else:
        path.write_bytes(data)
    with pytest.raises(
        ValueError,
        match=r"must be 7856 bytes long for its shape \[10, 28, 28\], "
        r"but it is 7756 bytes \(truncated",
    ):
        ds.MnistDataset(str(tmp_path))
    (tmp_path / "train-images-idx3-ubyte").write_bytes(b"\x00\x00")
    with pytest.raises(ValueError, match=r"must have a 16-byte header, but it is only 2 bytes"):
        ds.MnistDataset(str(tmp_path), usage="train")


def test_mnist_count_mismatch(tmp_path):
    write_mnist(tmp_path, n=10)
    write_idx(tmp_path / "train-labels-idx1-ubyte", np.zeros(9), 2049)
    with pytest.raises(ValueError, match=r"as many records .*10 images.*9 labels"):
        ds.MnistDataset(str(tmp_path))


# -- CIFAR-10 ------------------------------------------------------------------------------------
CIFAR_FILES = {"data_batch_1.bin": 1, "data_batch_2.bin": 2, "test_batch.bin": 3}


def cifar_record(file_no, r):
    """The recorder's formula for generated CIFAR-10 records (label byte, 3072 CHW pixels)."""
    r = np.asarray(r)[:, None]
    pixels = (r * 13 + file_no * 101 + np.arange(3072)[None, :] * 7) % 256
    return np.concatenate([(3 * r + file_no) % 10, pixels], 1).astype(np.uint8)


def test_cifar10_matches_mindspore_on_small_files(tmp_path):
    """MindSpore needs 10000 records per file; deepsink reads any whole number of records, so the
    fixture's first rows of each file are checked on 5-record files."""
    for name, no in CIFAR_FILES.items():
        (tmp_path / name).write_bytes(cifar_record(no, np.arange(5)).tobytes())
    ref = fixture("cifar10")
    for usage, starts in (("train", [0, 10000]), ("test", [0]), ("all", [0, 10000, 20000])):
        d = ds.Cifar10Dataset(str(tmp_path), usage=usage, shuffle=False)
        assert d.get_dataset_size() == 5 * len(starts)
        assert d.output_shapes() == META[f"cifar10/{usage}"]["shapes"]
        assert [str(t) for t in d.output_types()] == META[f"cifar10/{usage}"]["types"]
        got = rows(d)
        for f, start in enumerate(starts):
            for j in range(3):
                image, label = got[5 * f + j]
                assert np.array_equal(image, ref[f"{usage}/{start}/image"][j])
                assert label == ref[f"{usage}/{start}/label"][j]


def test_cifar10_bad_files(tmp_path):
    with pytest.raises(ValueError, match=r"must hold the CIFAR-10 binary files data_batch_\*\.bin"):
        ds.Cifar10Dataset(str(tmp_path), usage="train")
    (tmp_path / "data_batch_1.bin").write_bytes(cifar_record(1, np.arange(2)).tobytes()[:-5])
    with pytest.raises(
        ValueError, match=r"must hold whole 3073-byte records, but it is 6141 bytes"
    ):
        ds.Cifar10Dataset(str(tmp_path), usage="train")


# -- image folders -------------------------------------------------------------------------------
def test_image_folder_order_labels_and_decode(tmp_path):
    ref = fixture("image_folder")
    for key, data in ref.items():
        if key.startswith("file/"):
            path = tmp_path / key[5:]
            path.parent.mkdir(exist_ok=True)
            path.write_bytes(data.tobytes())
    d = ds.ImageFolderDataset(str(tmp_path), shuffle=False, decode=True)
    assert d.get_class_indexing() == json.loads(bytes(ref["class_indexing"]).decode())
    got = list(d.create_tuple_iterator(num_epochs=1, output_numpy=True))
    assert [int(r[1]) for r in got] == ref["labels"].tolist()
    assert str(got[0][1].dtype) == str(ref["label_dtype"])
    for i, (image, _) in enumerate(got):
        assert np.array_equal(image, ref[f"image/{i}"])
    raw = next(
        iter(
            ds.ImageFolderDataset(str(tmp_path), shuffle=False).create_tuple_iterator(
                output_numpy=True
            )
        )
    )
    assert raw[0].dtype == np.uint8 and raw[0].ndim == 1  # encoded bytes until Decode


# -- numpy slices, generators --------------------------------------------------------------------
def test_numpy_slices_forms():
    d = ds.NumpySlicesDataset({"a": np.arange(3), "b": np.ones((3, 2))}, shuffle=False)
    assert d.get_col_names() == ["a", "b"] and d.output_shapes() == [[], [2]]
    assert ds.NumpySlicesDataset([1, 2, 3], shuffle=False).get_col_names() == ["column_0"]
    t = ds.NumpySlicesDataset((np.arange(2), np.arange(2) * 2), ["x", "y"], shuffle=False)
    assert rows(t) == [[0, 0], [1, 2]]
    with pytest.raises(ValueError, match=r"'data' must be columns of equal length"):
        ds.NumpySlicesDataset((np.arange(2), np.arange(3)), ["x", "y"])
    with pytest.raises(ValueError, match=r"'column_names' must be 2 names"):
        ds.NumpySlicesDataset((np.arange(2), np.arange(2)), ["x"])


def test_generator_sources_and_python_types():
    g = ds.GeneratorDataset(lambda: ((i, float(i), [1, 2]) for i in range(3)), ["x", "y", "z"])
    meta = META["generator_types"]
    assert [str(t) for t in g.output_types()] == meta["types"]
    assert g.output_shapes() == meta["shapes"] and g.get_dataset_size() == 3

    class Source:
        def __getitem__(self, i):
            return (np.array([i, i]),)

        def __len__(self):
            return 6

    ra = ds.GeneratorDataset(Source(), ["x"], shuffle=False)
    assert ra.get_dataset_size() == 6 and [r[0][0] for r in rows(ra)] == list(range(6))
    shuffled = sorted(r[0][0] for r in rows(ds.GeneratorDataset(Source(), ["x"])))
    assert shuffled == list(range(6))
    one = ds.GeneratorDataset(lambda: (np.full(2, i) for i in range(2)), "v")
    assert rows(one) == [[[0, 0]], [[1, 1]]]


class Squares:
    """A random-access source (module level, so spawn-started workers could import it too)."""

    def __getitem__(self, i):
        return np.array(i * i), np.array([i, -i])

    def __len__(self):
        return 50


def test_generator_in_worker_processes_gives_the_same_rows(no_leaks):
    one = rows(ds.GeneratorDataset(Squares(), ["a", "b"], shuffle=False).batch(8))
    many = ds.GeneratorDataset(
        Squares(), ["a", "b"], shuffle=False, num_parallel_workers=2, python_multiprocessing=True
    )
    assert rows(many.batch(8)) == one and len(one) == 7


def test_generator_bad_rows_and_arguments():
    bad = ds.GeneratorDataset(lambda: ((i,) for i in range(3)), ["x", "y"])
    with pytest.raises(ValueError, match=r"every row must have 2 columns .*row 0 has 1"):
        rows(bad)
    with pytest.raises(ValueError, match=r"'source' must be random-access"):
        ds.GeneratorDataset(lambda: iter([]), ["x"], shuffle=True)
    with pytest.raises(TypeError, match=r"'column_names' must be a column name"):
        ds.GeneratorDataset(lambda: iter([]), None)


def test_generator_source_errors_are_named(no_leaks):
    class Broken:
        def __getitem__(self, i):
            if i == 2:
                raise KeyError("missing")
            return np.array(i)

        def __len__(self):
            return 4

    with pytest.raises(RuntimeError, match=r"source\[2\] raised KeyError: 'missing'"):
        rows(ds.GeneratorDataset(Broken(), ["x"], shuffle=False))

    def gen():
        yield np.array(0)
        raise OSError("disk gone")

    with pytest.raises(RuntimeError, match=r"the source raised OSError after 1 rows: disk gone"):
        rows(ds.GeneratorDataset(gen, ["x"]))


def test_sampler_arguments():
    with pytest.raises(ValueError, match=r"'num_shards' must be given together with shard_id"):
        ds.NumpySlicesDataset(np.arange(4), num_shards=2)
    with pytest.raises(ValueError, match=r"'shard_id' must be an int in \[0, 1\], but got 2"):
        ds.NumpySlicesDataset(np.arange(4), num_shards=2, shard_id=2)
    with pytest.raises(ValueError, match=r"'num_samples' must be None or a non-negative int"):
        ds.NumpySlicesDataset(np.arange(4), num_samples=-1)
    d = ds.NumpySlicesDataset(np.arange(6), ["x"], sampler=ds.SubsetSampler([4, 1]))
    assert rows(d) == [[4], [1]]
    d = ds.NumpySlicesDataset(np.arange(6), ["x"], sampler=ds.SequentialSampler(2, 3))
    assert rows(d) == [[2], [3], [4]]
