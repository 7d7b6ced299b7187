"""MindRecord interchange with MindSpore 2.10.

``tests/fixtures/ms/mindrecord/ms210.mindrecord`` (+ ``.db``) was written by 2.10's FileWriter
(``scripts/record_mindrecord_fixture.py``), with what its FileReader and MindDataset returned in
``expected.npz``. deepsink must read it to the same values and, writing the same rows, produce the
same bytes; the live check has 2.10 itself read deepsink's file.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import mindspore_reads as reads
import numpy as np
import pytest
from ms_reference import mindspore_python, needs_mindspore

import deepsink.dataset as ds
from deepsink.mindrecord import FileReader, FileWriter

ROOT = Path(__file__).resolve().parents[2]
FIX = ROOT / "tests" / "fixtures" / "ms" / "mindrecord"
EXPECTED = np.load(FIX / "expected.npz")


def test_file_reader_reads_mindspore_file():
    reader = FileReader(str(FIX / "ms210.mindrecord"))
    rows = list(reader.get_next())
    assert reader.len() == len(rows) == 12
    for i, row in enumerate(rows):
        for k, v in row.items():
            assert type(v).__name__ == str(EXPECTED[f"reader_type/{i}/{k}"]), (i, k)
            got = np.frombuffer(v, np.uint8) if isinstance(v, bytes) else np.asarray(v)
            want = EXPECTED[f"reader/{i}/{k}"]
            assert got.dtype == want.dtype and np.array_equal(got, want), (i, k)
    picked = next(FileReader(str(FIX / "ms210.mindrecord"), columns=["label", "vec"]).get_next())
    assert sorted(picked) == ["label", "vec"]


def test_mind_dataset_reads_mindspore_file():
    d = ds.MindDataset(str(FIX / "ms210.mindrecord"), shuffle=False)
    assert d.get_col_names() == list(EXPECTED["dataset/columns"]) and d.get_dataset_size() == 12
    for i, row in enumerate(d.create_dict_iterator(output_numpy=True)):
        for k, v in row.items():
            want = EXPECTED[f"dataset/{i}/{k}"]
            assert v.dtype == want.dtype and v.shape == want.shape and np.array_equal(v, want), (
                i,
                k,
            )
    d = ds.MindDataset(
        str(FIX / "ms210.mindrecord"),
        columns_list=["label"],
        num_shards=2,
        shard_id=1,
        shuffle=False,
    )
    assert d.get_col_names() == ["label"] and d.get_dataset_size() == 6


def test_writer_writes_the_bytes_mindspore_writes(tmp_path):
    path = reads.write_mindrecord(tmp_path / "ms210.mindrecord")
    assert path.read_bytes() == (FIX / "ms210.mindrecord").read_bytes()
    ours = sqlite3.connect(f"{path}.db").execute("SELECT * FROM INDEXES ORDER BY ROW_ID").fetchall()
    theirs = (
        sqlite3.connect(FIX / "ms210.mindrecord.db")
        .execute("SELECT * FROM INDEXES ORDER BY ROW_ID")
        .fetchall()
    )
    assert ours == theirs


def test_writer_round_trip_and_errors(tmp_path):
    w = FileWriter(str(tmp_path / "a.mr"), shard_num=2)
    # MindSpore 2.10's add_schema returns None (older versions returned a schema id)
    assert w.add_schema({"x": {"type": "int64", "shape": [-1]}, "name": {"type": "string"}}) is None
    w.write_raw_data([{"x": np.arange(i), "name": f"r{i}"} for i in range(5)])
    w.commit()
    rows = list(FileReader(str(tmp_path / "a.mr0")).get_next())
    assert [r["name"] for r in rows] == ["r0", "r2", "r4", "r1", "r3"]
    assert rows[2]["x"].tolist() == [0, 1, 2, 3]
    with pytest.raises(RuntimeError, match="already exist"):
        FileWriter(str(tmp_path / "a.mr"), shard_num=2)
    with pytest.raises(ValueError, match="type"):
        FileWriter(str(tmp_path / "b.mr")).add_schema({"x": {"type": "uint8"}})
    with pytest.raises(RuntimeError, match="not a MindRecord"):
        (tmp_path / "junk").write_bytes(b"\xff" * 64)
        FileReader(str(tmp_path / "junk"))


def test_writer_zero_pads_shard_suffixes_as_mindspore_does(tmp_path):
    # 21 shards are named <name>00 ... <name>20 (DeepFM's reader opens 'train_input_part.mindrecord00')
    w = FileWriter(str(tmp_path / "t.mindrecord"), shard_num=21)
    w.add_schema({"x": {"type": "int32"}}, "s")
    w.write_raw_data([{"x": i} for i in range(42)])
    w.commit()
    names = sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".db"))
    assert names == [f"t.mindrecord{i:02d}" for i in range(21)]
    d = ds.MindDataset(str(tmp_path / "t.mindrecord00"), shuffle=False)
    assert sorted(int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)) == list(range(42))


@needs_mindspore
def test_mindspore_reads_deepsink_file(tmp_path):
    """Recorded for CI: tests/train/test_files_mindspore_read.py."""
    expected = reads.write("mindrecord", tmp_path)
    assert reads.read_with_mindspore("mindrecord", tmp_path, mindspore_python()) == expected


def test_dataset_save_writes_mindspore_schema(tmp_path):
    import json
    import struct

    data = {"img": np.arange(12, dtype=np.uint8).reshape(3, 4), "lab": np.array([1, 2, 3], np.int64),
            "f": np.ones((3, 2, 2), np.float16), "b": np.array([True, False, True]),
            "s": np.array(["a", "bb", "c"]), "u": np.array([1, 2, 3], np.uint32)}  # fmt: skip
    ds.NumpySlicesDataset(data, shuffle=False).save(str(tmp_path / "saved.mr"))
    raw = (tmp_path / "saved.mr").read_bytes()
    header = json.loads(raw[8 : 8 + struct.unpack("<Q", raw[:8])[0]])
    # the schema MindSpore 2.10's Dataset.save writes for these columns
    assert header["schema"][0]["schema"] == {
        "b": {"type": "int32"},
        "f": {"shape": [-1, 2], "type": "float32"},
        "img": {"shape": [-1], "type": "int32"},
        "lab": {"type": "int64"},
        "s": {"type": "string"},
        "u": {"type": "int64"},
    }
    rows = list(
        ds.MindDataset(str(tmp_path / "saved.mr"), shuffle=False).create_dict_iterator(
            output_numpy=True
        )
    )
    assert (
        rows[1]["img"].tolist() == [4, 5, 6, 7]
        and str(rows[1]["s"]) == "bb"
        and int(rows[2]["b"]) == 1
    )


def test_mind_dataset_per_file_shuffles(tmp_path):
    # Bert's pre-training reader: MindDataset(files, shuffle=ds.Shuffle.FILES). Rows i go to file
    # i % 3, so file k holds k, k+3, k+6 (MindSpore 2.10 reads [0, 3, 6, 1, 4, 7, 2, 5, 8] unshuffled)
    w = FileWriter(str(tmp_path / "x.mindrecord"), shard_num=3)
    w.add_schema({"x": {"type": "int32"}}, "s")
    w.write_raw_data([{"x": i} for i in range(9)])
    w.commit()
    first = str(tmp_path / "x.mindrecord0")

    def read(**kw):
        d = ds.MindDataset(first, **kw)
        return d.get_dataset_size(), [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]

    assert read(shuffle=False) == (9, [0, 3, 6, 1, 4, 7, 2, 5, 8])
    size, rows = read(shuffle=ds.Shuffle.FILES)
    blocks = [rows[i : i + 3] for i in (0, 3, 6)]
    assert size == 9 and sorted(blocks) == [[0, 3, 6], [1, 4, 7], [2, 5, 8]]
    size, rows = read(shuffle=ds.Shuffle.INFILE)
    assert size == 9 and [sorted(rows[i : i + 3]) for i in (0, 3, 6)] == [
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
    ]
    a = read(shuffle=ds.Shuffle.FILES, num_shards=2, shard_id=0)
    b = read(shuffle=ds.Shuffle.FILES, num_shards=2, shard_id=1)
    assert a[0] == b[0] == 5 and set(a[1]) | set(b[1]) == set(range(9))
    with pytest.raises(RuntimeError, match="sampler and shuffle"):
        ds.MindDataset(first, shuffle=ds.Shuffle.FILES, sampler=ds.SequentialSampler())
