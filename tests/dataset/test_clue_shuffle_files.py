"""``CLUEDataset(shuffle=Shuffle.FILES)`` reads 2.10's rows: each epoch reshuffles the file order
as MindSpore's reader does, files dealt to the workers in turn, each file's lines in order, with
``num_samples`` and shards (recorded by ``scripts/record_clue_shuffle_files.py``)."""

import json
from pathlib import Path

import pytest

import deepsink.dataset as ds

ROOT = Path(__file__).resolve().parents[2]
RECORDED = json.loads(
    (ROOT / "tests" / "fixtures" / "ms" / "dataset" / "clue_shuffle_files.json").read_text()
)


@pytest.fixture(scope="module")
def paths(tmp_path_factory):
    folder = tmp_path_factory.mktemp("clue")
    out = []
    for f, n in enumerate(RECORDED["files"]):
        path = folder / f"part{f}.json"
        rows = [{"sentence1": f"{f}-{line}", "sentence2": "s", "label": "0"} for line in range(n)]
        path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
        out.append(str(path))
    return out


@pytest.fixture
def restore_seed():
    seed = ds.config.get_seed()
    yield
    ds.config.set_seed(seed)


@pytest.mark.parametrize("case", RECORDED["cases"], ids=lambda c: "-".join(map(str, c[:5])))
def test_files_shuffle_reads_mindspores_rows(paths, case, restore_seed):
    seed, workers, num_samples, num_shards, shard_id, (size, epochs) = case
    ds.config.set_seed(seed)
    data = ds.CLUEDataset(
        paths,
        task="AFQMC",
        usage="train",
        shuffle=ds.Shuffle.FILES,
        num_parallel_workers=workers,
        num_samples=num_samples,
        num_shards=num_shards,
        shard_id=shard_id,
    )
    assert data.get_dataset_size() == size
    it = data.create_dict_iterator(num_epochs=RECORDED["epochs"], output_numpy=True)
    got = [[str(row["sentence1"]) for row in it] for _ in range(RECORDED["epochs"])]
    assert got == epochs
