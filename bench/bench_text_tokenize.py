"""A BERT tokenization pipeline on deepsink and on MindSpore 2.10, in one run: sentence pairs
through ``BertTokenizer`` (lower case) on both columns, ``TruncateSequencePair``, ``Lookup`` and
``PadEnd`` to a fixed length, iterated to NumPy.

The sentences (``--rows`` pairs of 5 to 30 words, with punctuation, accents and CJK characters)
and the vocab (about half the words whole, the rest as ``##`` pieces, so WordPiece splits and
unknown words occur) are generated from a seeded RNG; nothing is downloaded. Both frameworks get
the same data and must produce the same ids (checked on every row); each runs ``--rounds`` epochs
alternately and the medians of rows/s are compared.

    python3 bench/bench_text_tokenize.py [--rows 5000] [--rounds 3] [--workers 1]
        [--mindspore-python PATH] [--out PATH]

MindSpore runs in a subprocess of ``--mindspore-python`` (default ``$DEEPSINK_MINDSPORE_PYTHON``)
from a temporary folder.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

WORDS = (
    "the quick brown fox jumps over lazy dog running unbelievable tokenization pipeline "
    "MindSpore deepsink Hello World café naïve résumé 北京 大学 data set model training "
    "can't won't it's e-mail U.S.A. 3.14 2026 #hashtag @user Straße unaffable "
    "jumping quickly slowly browner foxes dogs"
).split()
MAX_LEN = 64


def sentences(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [
        " ".join(rng.choice(WORDS) for _ in range(rng.randint(5, 30))) + rng.choice(".!? ")
        for _ in range(n)
    ]


def vocab_words() -> list[str]:
    pieces = sorted({w for s in WORDS for w in re.findall(r"\w+|[^\w\s]", s.lower())})
    whole = pieces[::2]
    subwords = sorted({"##" + w[i:] for w in pieces for i in range(1, min(len(w), 5))})
    prefixes = sorted({w[:3] for w in pieces[1::2]})
    return list(dict.fromkeys(["[PAD]", "[UNK]", "[CLS]", "[SEP]", *whole, *prefixes, *subwords]))


# the pipeline, written once for both frameworks (``ms``: deepsink or mindspore)
PIPELINE = """
def pipeline(ms, a, b, words, workers):
    ds, text, transforms = ms.dataset, ms.dataset.text, ms.dataset.transforms
    vocab = text.Vocab.from_list(words)
    data = ds.NumpySlicesDataset({"a": a, "b": b}, shuffle=False)
    tok = text.BertTokenizer(vocab, lower_case=True)
    data = data.map(tok, input_columns=["a"], num_parallel_workers=workers)
    data = data.map(tok, input_columns=["b"], num_parallel_workers=workers)
    data = data.map(text.TruncateSequencePair(MAX_LEN - 3), input_columns=["a", "b"],
                    num_parallel_workers=workers)
    lookup = text.Lookup(vocab, "[UNK]")
    pad = transforms.PadEnd([MAX_LEN], 0)
    data = data.map([lookup, pad], input_columns=["a"], num_parallel_workers=workers)
    data = data.map([lookup, pad], input_columns=["b"], num_parallel_workers=workers)
    return data


def epoch(ms, a, b, words, workers):
    data = pipeline(ms, a, b, words, workers)
    t0 = time.perf_counter()
    rows = [(x, y) for x, y in data.create_tuple_iterator(output_numpy=True, num_epochs=1)]
    return time.perf_counter() - t0, rows
"""

MS_RUNNER = (
    f"""
import json, sys, time
import numpy as np
import mindspore
MAX_LEN = {MAX_LEN}
"""
    + PIPELINE
    + """
spec = json.load(open(sys.argv[1]))
a, b = np.array(spec["a"]), np.array(spec["b"])
seconds, rows = epoch(mindspore, a, b, spec["words"], spec["workers"])
ids = np.stack([np.concatenate(r) for r in rows])
np.save(sys.argv[2], ids)
print(json.dumps({"seconds": seconds, "mindspore": mindspore.__version__}))
"""
)

scope: dict = {"time": time, "MAX_LEN": MAX_LEN}
exec(PIPELINE, scope)  # noqa: S102 - the shared pipeline text above


def run_mindspore(python: str, spec_path: str, folder: str) -> tuple[float, np.ndarray, str]:
    runner = Path(folder) / "ms_text_runner.py"
    runner.write_text(MS_RUNNER)
    ids_path = Path(folder) / "ms_ids.npy"
    out = subprocess.run(
        [python, str(runner), spec_path, str(ids_path)],
        cwd=folder,
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    return result["seconds"], np.load(ids_path), result["mindspore"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=5000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--mindspore-python", default=os.environ.get("DEEPSINK_MINDSPORE_PYTHON"))
    ap.add_argument("--out", default=None)
    args = ap.parse_args()

    import deepsink

    a, b = sentences(args.rows, 1), sentences(args.rows, 2)
    words = vocab_words()
    folder = tempfile.mkdtemp()
    spec_path = str(Path(folder) / "spec.json")
    Path(spec_path).write_text(
        json.dumps({"a": a, "b": b, "words": words, "workers": args.workers})
    )
    ds_times, ms_times, ms_version = [], [], None
    for r in range(args.rounds):
        seconds, rows = scope["epoch"](deepsink, np.array(a), np.array(b), words, args.workers)
        ds_ids = np.stack([np.concatenate(row) for row in rows])
        ds_times.append(seconds)
        line = f"round {r}: deepsink {args.rows / seconds:.0f} rows/s"
        if args.mindspore_python:
            seconds, ms_ids, ms_version = run_mindspore(args.mindspore_python, spec_path, folder)
            if not np.array_equal(ds_ids, ms_ids):
                bad = int(np.flatnonzero((ds_ids != ms_ids).any(axis=1))[0])
                raise SystemExit(f"ids differ from MindSpore's at row {bad}: {a[bad]!r}")
            ms_times.append(seconds)
            line += f", MindSpore {args.rows / seconds:.0f} rows/s (same ids)"
        print(line, flush=True)
    ds_rate = args.rows / statistics.median(ds_times)
    result = {
        "benchmark": "BERT tokenization: BertTokenizer x2, TruncateSequencePair, Lookup + PadEnd "
        f"x2, {args.rows} sentence pairs, {len(words)}-token vocab, map workers {args.workers}",
        "command": f"python3 bench/bench_text_tokenize.py --rows {args.rows} --rounds "
        f"{args.rounds} --workers {args.workers}"
        + (" --mindspore-python <MindSpore 2.10's python>" if args.mindspore_python else ""),
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": {"cores": os.cpu_count(), "load_average_after": os.getloadavg()},
        "deepsink_rows_per_s": ds_rate,
        "deepsink_epoch_s": ds_times,
    }
    print(f"deepsink: {ds_rate:.0f} rows/s (median of {args.rounds})")
    if ms_times:
        ms_rate = args.rows / statistics.median(ms_times)
        result.update(
            mindspore=ms_version,
            mindspore_rows_per_s=ms_rate,
            mindspore_epoch_s=ms_times,
            speedup=ds_rate / ms_rate,
            same_ids=True,
        )
        print(
            f"MindSpore {ms_version}: {ms_rate:.0f} rows/s; deepsink/MindSpore {ds_rate / ms_rate:.2f}x"
        )
    date = datetime.date.today().strftime("%Y%m%d")
    out = Path(args.out or Path(__file__).parent / "results" / f"text_tokenize_cpu_{date}.json")
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    sys.exit(main())
