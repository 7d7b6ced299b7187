"""``TextFileDataset`` and ``CSVDataset`` under ``shuffle=Shuffle.FILES`` read 2.10's rows: the
same reading as ``CLUEDataset`` (file order reshuffled each epoch, files dealt to the workers in
turn, each file's lines in order, ``num_samples`` and shards), and unshuffled the same reading
without the file shuffle (recorded by
``scripts/record_line_shuffle_files.py``)."""

import json
from pathlib import Path

import pytest

import deepsink.dataset as ds

ROOT = Path(__file__).resolve().parents[2]
RECORDED = json.loads(
    (ROOT / "tests" / "fixtures" / "ms" / "dataset" / "line_shuffle_files.json").read_text()
)


@pytest.fixture(scope="module")
def paths(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lines")
    out = {"text": [], "csv": []}
    for f, n in enumerate(RECORDED["files"]):
        for kind, ext in (("text", "txt"), ("csv", "csv")):
            path = folder / f"part{f}.{ext}"
            rows = [f"{f}-{line}" if kind == "text" else f"{f}-{line},{line}" for line in range(n)]
            path.write_text("".join(r + "\n" for r in rows), encoding="utf-8")
            out[kind].append(str(path))
    return out


@pytest.fixture
def restore_seed():
    seed = ds.config.get_seed()
    yield
    ds.config.set_seed(seed)


@pytest.mark.parametrize("case", RECORDED["cases"], ids=lambda c: "-".join(map(str, c[:6])))
def test_files_shuffle_reads_mindspores_rows(paths, case, restore_seed):
    kind, seed, workers, num_samples, num_shards, shard_id, (size, epochs) = case
    ds.config.set_seed(seed)
    kw = {"num_parallel_workers": workers, "num_samples": num_samples}
    mode = kind.split()[-1]
    shuffle = {"unshuffled": False, "infile": ds.Shuffle.INFILE, "partial": ds.Shuffle.PARTIAL}
    shuffle = shuffle.get(mode, ds.Shuffle.FILES)
    kw.update(shuffle=shuffle, num_shards=num_shards, shard_id=shard_id)
    files = paths[kind.split()[0]]
    if kind.startswith("text"):
        data = ds.TextFileDataset(files, **kw)
    else:
        data = ds.CSVDataset(files, column_defaults=["", 0], column_names=["a", "b"], **kw)
    assert data.get_dataset_size() == size
    it = data.create_tuple_iterator(num_epochs=RECORDED["epochs"], output_numpy=True)
    assert [[str(row[0]) for row in it] for _ in range(RECORDED["epochs"])] == epochs
