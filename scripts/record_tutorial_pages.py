"""Record what MindSpore 2.10 prints for its own tutorial pages (NOT run by CI)::

    MPLBACKEND=Agg <mindspore python> scripts/record_tutorial_pages.py [NAME ...]

runs each ``tests/support/tutorial_pages/<name>.py`` (a page's code blocks in order; the
page's downloads replaced by ``synthetic_download``) as a script in a fresh folder and writes
``tests/fixtures/ms/tutorials/pages.json``: its stdout, and the type and first line of the error it
ends in, if any. Without names, every page is recorded; with names, only those are (re)recorded.
No seed is set (the pages set none): ``tests/test_tutorial_pages.py`` says which printed numbers
depend on random initialization or shuffling and compares only the text around them there.

``--bass-biquad`` records instead ``bass_biquad.npz`` there: ``audio.BassBiquad`` (the dataset
eager page's filter) on a fixed float32 and float64 waveform (``tests/dataset/test_audio_ops.py``).
"""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import mindspore
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "tests" / "support" / "tutorial_pages"
OUT = ROOT / "tests" / "fixtures" / "ms" / "tutorials" / "pages.json"


def run_page(path: Path) -> dict:
    """Run one page as a script, in an empty folder (the pages write their data and checkpoints)."""
    env = dict(os.environ, MPLBACKEND="Agg")
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run(
            [sys.executable, str(path)],
            cwd=tmp,
            capture_output=True,
            text=True,
            timeout=1200,
            env=env,
        )
    error = None
    if proc.returncode != 0:
        last = [ln for ln in proc.stderr.splitlines() if ln and not ln.startswith(" ")]
        error = last[-1] if last else f"exit status {proc.returncode}"
    return {"stdout": proc.stdout, "error": error}


def record_bass_biquad() -> None:
    import mindspore.dataset.audio as audio

    x = (np.random.default_rng(0).standard_normal((2, 500)) * 0.3).astype(np.float32)
    np.savez_compressed(
        OUT.parent / "bass_biquad.npz",
        x=x,
        y32=audio.BassBiquad(16000, 10.0)(x),
        y64=audio.BassBiquad(44100, -6.0, 300.0, 0.5)(x.astype(np.float64)),
        y16=audio.BassBiquad(8000, 3.0)(x[0, :50].astype(np.float16)),
    )


def main() -> None:
    if sys.argv[1:] == ["--bass-biquad"]:
        record_bass_biquad()
        return
    names = sys.argv[1:] or sorted(
        p.stem for p in PAGES.glob("*.py") if p.stem != "synthetic_download"
    )
    recorded = json.loads(OUT.read_text(encoding="utf-8"))["pages"] if OUT.exists() else {}
    for name in names:
        print("recording", name, flush=True)
        recorded[name] = run_page(PAGES / f"{name}.py")
    meta = {"mindspore": mindspore.__version__, "numpy": np.__version__}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump({"versions": meta, "pages": recorded}, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
