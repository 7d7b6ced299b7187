"""Train mindocr configurations with its own ``tools/train.py`` as its ``test_model_by_yaml`` does,
cut to the least that runs each configuration's whole pipeline, on deepsink or on MindSpore 2.10.

    python3 scripts/run_mindocr_configs.py CHECKOUT CONFIG ... [--mindspore-python PY]
        [--path DIR ...] [--json OUT]

mindocr's ``tests/ut/test_models.py::test_model_by_yaml`` trains each of nine configurations for
two epochs on 12 images of a dummy folder that ``tests/ut/_common.py`` downloads (about an hour of
CPU per engine for the five that download nothing else). This runs the same steps: the dummy
labels written by ``_common.gen_dummpy_data``, the configuration rewritten by
``_common.update_config_for_CI`` (with validation while training), then ``python tools/train.py
--config ...`` in a copy of the checkout; and then cuts the rewritten configuration to one epoch of
two training images and one validation image (``sample_ratio``; no warm-up epoch, no shuffling), so
that one run builds the model, the loss, the optimizer, the data pipeline with its transforms,
trains two steps in the configuration's mode and precision, evaluates, and saves and reloads the
best checkpoint. The images are written here (seeded noise, 160x48 JPEG) in the layout of the
downloaded folder, so nothing is downloaded.

``CHECKOUT`` is mindocr's repository at the 0.5.0 release with
``scripts/library_patches/mindocr-v0.5.0-abinet.diff`` applied; ``--path`` adds folders to the
``PYTHONPATH`` (mindocr's requirements installed with ``pip install --target``). Without
``--mindspore-python`` the training runs on deepsink (``deepsink run``, from this checkout); with
it, under that Python. Prints and writes (``--json``) each configuration's exit status, time and
the epoch's loss as mindocr's callback logs it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
SPLITS = {"train": 120, "val": 30}  # images per split, as many as the dummy label files have lines
CUT = """
import sys, yaml
fp = sys.argv[1]
cfg = yaml.safe_load(open(fp))
cfg["train"]["dataset"]["sample_ratio"] = 2 / 120
cfg["eval"]["dataset"]["sample_ratio"] = 1 / 30
cfg["scheduler"].update(num_epochs=1, warmup_epochs=0, decay_epochs=1)
cfg["train"]["dataset"]["shuffle"] = False
cfg["train"]["loader"]["shuffle"] = False
yaml.safe_dump(cfg, open(fp, "w"), sort_keys=False)
"""
PREPARE = """
import sys
sys.path[:0] = ["tests/ut", "."]
{alias}
from _common import gen_dummpy_data, update_config_for_CI
yaml_fp = sys.argv[1]
task = yaml_fp.split("/")[1]
gen_dummpy_data(task)
print(update_config_for_CI(yaml_fp, task, val_while_train=True))
"""
ALIAS = "from deepsink._core.alias import install_alias; install_alias()"


def write_images(folder: Path) -> None:
    """``data/Canidae/{train,val}/dogs/*.JPEG``: seeded noise, as many as the label files need."""
    from PIL import Image

    rng = np.random.default_rng(0)
    for split, count in SPLITS.items():
        dogs = folder / "data" / "Canidae" / split / "dogs"
        dogs.mkdir(parents=True)
        for i in range(count):
            pixels = (rng.random((48, 160, 3)) * 255).astype(np.uint8)
            Image.fromarray(pixels).save(dogs / f"dog_{i:03d}.JPEG", quality=90)


def run_config(checkout: Path, config: str, python: str | None, paths: list[str]) -> dict:
    with tempfile.TemporaryDirectory(prefix="mindocr-config-") as tmp:
        work = Path(tmp) / "mindocr"
        shutil.copytree(checkout, work, ignore=shutil.ignore_patterns(".git"))
        write_images(work)
        env = dict(os.environ, HOME=str(Path(tmp) / "home"))
        extra = [str(work), *paths] + ([] if python else [str(ROOT)])
        env["PYTHONPATH"] = os.pathsep.join([*extra, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        py = python or sys.executable
        prepare = PREPARE.format(alias="" if python else ALIAS)
        made = subprocess.run(
            [py, "-c", prepare, config],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        dummy = made.stdout.strip().splitlines()[-1]
        subprocess.run([py, "-c", CUT, dummy], cwd=work, env=env, check=True)
        train = [py, "tools/train.py", "--config", dummy]
        if python is None:
            train = [py, "-m", "deepsink", "run", *train[1:]]
        start = time.time()
        p = subprocess.run(train, cwd=work, env=env, capture_output=True, text=True)
        log = p.stdout + p.stderr
    losses = [float(v) for v in re.findall(r"epoch: \[\d+/\d+\], loss: ([0-9.eE+-]+)", log)]
    out = {"returncode": p.returncode, "seconds": round(time.time() - start), "losses": losses}
    if p.returncode:
        out["error"] = log[-1500:]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkout", type=Path, help="mindocr 0.5.0, patched")
    parser.add_argument("configs", nargs="+", help="configs/rec/crnn/crnn_resnet34.yaml, ...")
    parser.add_argument("--mindspore-python", help="run under this Python (MindSpore 2.10)")
    parser.add_argument("--path", nargs="*", default=[], help="folders added to PYTHONPATH")
    parser.add_argument("--json", type=Path, help="write the outcomes here")
    opts = parser.parse_args(argv)
    results = {}
    for config in opts.configs:
        results[config] = run_config(
            opts.checkout.resolve(), config, opts.mindspore_python, opts.path
        )
        print(config, {k: v for k, v in results[config].items() if k != "error"}, flush=True)
        if opts.json:
            opts.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0 if all(r["returncode"] == 0 for r in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
