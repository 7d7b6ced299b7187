"""Tiny datasets in the released on-disk layouts of MindSpore's dataset-specific sources, written
at test time (nothing is downloaded), and one encoding of a source's rows that tests and the
MindSpore 2.10 recorder (``scripts/record_more_source_fixtures.py``) share.

Each ``CASES`` entry is ``(case, writer, class name, kwargs)``: ``writer(root)`` builds the files
under ``root`` and returns the first argument of the class (a folder or a file pattern).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np


def _w(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def csv_corpus(ncols: int):
    def write(root: Path) -> str:
        for split, n in (("train", 3), ("test", 2)):
            lines = []
            for i in range(n):
                fields = [str(i + 1), f"{split} t{i}", f'say ""hi"", {split}\\n{i}'] + [
                    f"extra {i}"
                ] * (ncols - 3)
                lines.append(",".join(f'"{v}"' for v in fields[:ncols]))
            _w(root / f"{split}.csv", "\n".join(lines) + "\n")
        return str(root)

    return write


def lines_corpus(names: dict[str, str]):
    def write(root: Path) -> str:
        for split, name in names.items():
            _w(root / name, f" {split} one\n\n {split} two <unk>\n   \n{split} three\n")
        return str(root)

    return write


def sentences(names: dict[str, str], sep: str):
    def write(root: Path) -> str:
        for split, name in names.items():
            s1 = [["He", "PRP", "B-NP"], ["ran", "VBD", "B-VP"], [split, "NN", "I-NP"]]
            s2 = [["Ok", "UH", "O"]]
            text = "\n".join(sep.join(t) for t in s1) + "\n\n" + sep.join(s2[0]) + "\n"
            _w(root / name, text)
        return str(root)

    return write


def sst2(root: Path) -> str:
    _w(root / "train.tsv", "sentence\tlabel\nit 's good \t1\nbad movie \t0\n")
    _w(root / "dev.tsv", "sentence\tlabel\nfine \t1\n")
    _w(root / "test.tsv", "index\tsentence\n0\tyes please\n1\tno thanks\n")
    return str(root)


def multi30k(root: Path) -> str:
    for sub, stem in (("training", "train"), ("validation", "val"), ("mmt16_task1_test", "test")):
        _w(root / sub / f"{stem}.en", f"A {stem} dog.\nTwo {stem} cats.\n")
        _w(root / sub / f"{stem}.de", f"Ein {stem} Hund.\nZwei {stem} Katzen.\n")
    return str(root)


def squad(root: Path) -> str:
    for split in ("train", "dev"):
        qas = [
            {"question": f"Who {split}?", "id": "1",
             "answers": [{"text": "Ann", "answer_start": 0}, {"text": "Ann", "answer_start": 0}]},
            {"question": "Where?", "id": "2", "answers": [{"text": "home", "answer_start": 8}]},
        ]  # fmt: skip
        doc = {"data": [{"title": "t", "paragraphs": [{"context": "Ann ran home.", "qas": qas}]}]}
        _w(root / f"{split}-v1.1.json", json.dumps(doc))
    return str(root)


def clue_afqmc(root: Path) -> str:
    rows = [
        {"sentence1": "a1", "sentence2": "b1", "label": "0"},
        {"sentence1": "a2", "sentence2": "b2", "label": "1"},
    ]
    _w(root / "train.json", "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    return str(root / "train.json")


def clue_tnews_test(root: Path) -> str:
    rows = [{"id": 7, "label": "100", "label_des": "news_story", "sentence": "s", "keywords": "k"}]
    _w(root / "test.json", "".join(json.dumps(r) + "\n" for r in rows))
    return str(root / "test.json")


def clue_wsc(root: Path) -> str:
    rows = [
        {
            "target": {"span2_index": 5, "span1_index": 0, "span1_text": "A", "span2_text": "it"},
            "idx": 3,
            "label": "true",
            "text": "A B it",
        }
    ]
    _w(root / "train.json", "".join(json.dumps(r) + "\n" for r in rows))
    return str(root / "train.json")


def clue_csl(root: Path) -> str:
    rows = [{"id": 1, "abst": "ab", "keyword": ["k1", "k2"], "label": "1"}]
    _w(root / "dev.json", "".join(json.dumps(r) + "\n" for r in rows))
    return str(root / "dev.json")


def imdb(root: Path) -> str:
    for split in ("train", "test"):
        for kind in ("pos", "neg"):
            for i in range(2):
                _w(root / split / kind / f"{i}_{i + 3}.txt", f"{split} {kind} review {i}")
    return str(root)


def iwslt(root: Path, sub: str, year: str, src: str, tgt: str, sets: tuple[str, str]) -> str:
    folder = root / sub
    pair = f"{src}-{tgt}"
    for lang in (src, tgt):
        _w(
            folder / f"train.tags.{pair}.{lang}",
            f"<url>http://x</url>\n<keywords>k</keywords>\n{lang} one\n{lang} two\n"
            f"<talkid>1</talkid>\n",
        )
        for s in sets:
            segs = "".join(f'<seg id="{i}"> {lang} {s} {i} </seg>\n' for i in range(2))
            xml = f'<mteval>\n<srcset><doc docid="1">\n{segs}</doc></srcset>\n</mteval>\n'
            _w(folder / f"IWSLT{year}.TED.{s}.{pair}.{lang}.xml", xml)
    return str(root)


def iwslt2016(root: Path) -> str:
    return iwslt(root, "texts/de/en/de-en", "16", "de", "en", ("tst2013", "tst2014"))


def iwslt2017(root: Path) -> str:
    d = "DeEnItNlRo"
    return iwslt(root, f"texts/{d}/{d}/{d}-{d}", "17", "de", "en", ("dev2010", "tst2010"))


PTB = {"train": "ptb.train.txt", "valid": "ptb.valid.txt", "test": "ptb.test.txt"}
WIKI = {"train": "wiki.train.tokens", "valid": "wiki.valid.tokens", "test": "wiki.test.tokens"}
UDPOS = {
    "train": "en-ud-tag.v2.train.txt",
    "valid": "en-ud-tag.v2.dev.txt",
    "test": "en-ud-tag.v2.test.txt",
}


def _usages(*us):
    return [{"usage": u} for u in us]


TEXT_CASES = [
    *[(f"{c}_{k['usage']}", csv_corpus(n), c, k)
      for c, n in (("AGNewsDataset", 3), ("AmazonReviewDataset", 3), ("DBpediaDataset", 3),
                   ("SogouNewsDataset", 3), ("YahooAnswersDataset", 4), ("YelpReviewDataset", 2))
      for k in _usages("train", "test", "all")],
    *[(f"PennTreebankDataset_{k['usage']}", lines_corpus(PTB), "PennTreebankDataset", k)
      for k in _usages("train", "valid", "test", "all")],
    *[(f"WikiTextDataset_{k['usage']}", lines_corpus(WIKI), "WikiTextDataset", k)
      for k in _usages("train", "valid", "test", "all")],
    ("EnWik9Dataset", lines_corpus({"x": "enwik9"}), "EnWik9Dataset", {}),
    *[(f"CoNLL2000Dataset_{k['usage']}",
       sentences({"train": "train.txt", "test": "test.txt"}, " "), "CoNLL2000Dataset", k)
      for k in _usages("train", "test", "all")],
    *[(f"UDPOSDataset_{k['usage']}", sentences(UDPOS, "\t"), "UDPOSDataset", k)
      for k in _usages("train", "valid", "test", "all")],
    *[(f"SST2Dataset_{k['usage']}", sst2, "SST2Dataset", k) for k in _usages("train", "dev", "test")],
    *[(f"Multi30kDataset_{k['usage']}", multi30k, "Multi30kDataset", k)
      for k in _usages("train", "valid", "test", "all")],
    ("Multi30kDataset_de_en", multi30k, "Multi30kDataset",
     {"usage": "train", "language_pair": ["de", "en"]}),
    *[(f"SQuADDataset_{k['usage']}", squad, "SQuADDataset", k) for k in _usages("train", "dev", "all")],
    ("CLUEDataset_afqmc", clue_afqmc, "CLUEDataset", {"task": "AFQMC", "usage": "train"}),
    ("CLUEDataset_tnews_test", clue_tnews_test, "CLUEDataset", {"task": "TNEWS", "usage": "test"}),
    ("CLUEDataset_wsc", clue_wsc, "CLUEDataset", {"task": "WSC", "usage": "train"}),
    ("CLUEDataset_csl_eval", clue_csl, "CLUEDataset", {"task": "CSL", "usage": "eval"}),
    ("PennTreebankDataset_all_w1", lines_corpus(PTB), "PennTreebankDataset",
     {"usage": "all", "num_parallel_workers": 1}),
    *[(f"IMDBDataset_{k['usage']}", imdb, "IMDBDataset", k) for k in _usages("train", "test", "all")],
    *[(f"IWSLT2016Dataset_{k['usage']}", iwslt2016, "IWSLT2016Dataset", k)
      for k in _usages("train", "valid", "test", "all")],
    *[(f"IWSLT2017Dataset_{k['usage']}", iwslt2017, "IWSLT2017Dataset", k)
      for k in _usages("train", "valid", "test", "all")],
]  # fmt: skip

# ----------------------------------------------------------------------------- images

_SHADE = [0]


def img(path: Path, h: int = 4, w: int = 6, fmt: str = "BMP") -> None:
    """A small RGB image whose pixels differ from every other written image's (an uncompressed
    BMP whatever the file's extension, so its bytes are the same in every environment)."""
    from PIL import Image

    _SHADE[0] = (_SHADE[0] + 37) % 256
    a = (np.arange(h * w * 3, dtype=np.int64).reshape(h, w, 3) + _SHADE[0]) % 256
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(a.astype(np.uint8)).save(str(path), format=fmt)


def caltech256(root: Path) -> str:
    for c in ("002.american-flag", "001.ak47"):
        for i in (2, 1):
            img(root / c / f"{c[:3]}_000{i}.jpg")
    (root / "001.ak47" / "notes.txt").write_text("x")
    return str(root)


def rendered_sst2(root: Path) -> str:
    for u in ("train", "valid", "test"):
        for kind in ("positive", "negative"):
            for i in range(2):
                img(root / u / kind / f"{i:04d}.png")
    return str(root)


def food101(root: Path) -> str:
    for c in ("pie", "apple"):
        for i in (5, 3):
            img(root / "images" / c / f"{i}.jpg")
    _w(root / "meta" / "train.txt", "pie/5\napple/3\n")
    _w(root / "meta" / "test.txt", "apple/5\npie/3\n")
    return str(root)


def sun397(root: Path) -> str:
    _w(root / "ClassName.txt", "/b/balcony/interior\n/a/abbey\n")
    img(root / "a" / "abbey" / "sun_b.jpg")
    img(root / "a" / "abbey" / "sun_a.jpg")
    img(root / "b" / "balcony" / "interior" / "sun_c.jpg")
    return str(root)


def lsun(root: Path) -> str:
    for c in ("tower", "bridge"):
        for s in ("train", "val"):
            for i in (2, 1):
                img(root / f"{c}_{s}" / f"{i}.jpg")
    img(root / "test" / "9.jpg")
    return str(root)


def omniglot(root: Path) -> str:
    for sub in ("images_background", "images_evaluation"):
        for a in ("Latin", "Greek"):
            for ch in ("character02", "character01"):
                img(root / sub / a / ch / "1.png")
    return str(root)


def places365(root: Path) -> str:
    _w(root / "categories_places365.txt", "".join(f"/c/cat{i} {i}\n" for i in range(6)))
    _w(root / "places365_train_standard.txt", "/a/airfield/2.jpg 0\n/b/bar/1.jpg 5\n")
    img(root / "data_256_standard" / "a" / "airfield" / "2.jpg")
    img(root / "data_256_standard" / "b" / "bar" / "1.jpg")
    _w(root / "places365_val.txt", "v1.jpg 3\nv2.jpg 1\n")
    img(root / "val_256" / "v1.jpg")
    img(root / "val_256" / "v2.jpg")
    return str(root)


def sbu(root: Path) -> str:
    _w(
        root / "SBU_captioned_photo_dataset_urls.txt",
        "".join(
            f"http://static.flickr.com/2723/{n}.jpg\n"
            for n in ("4385058960_b", "4385058960_a", "9_gone")
        ),
    )
    _w(root / "SBU_captioned_photo_dataset_captions.txt", "cap b\ncap a \ncap gone\n")
    img(root / "sbu_images" / "m_2723_4385058960_b.jpg")
    img(root / "sbu_images" / "m_2723_4385058960_a.jpg")
    return str(root)


def flickr(root: Path) -> str:
    img(root / "imgs" / "z.jpg")
    img(root / "imgs" / "y.jpg")
    _w(
        root / "imgs" / "token.txt",
        "z.jpg#0\tA z .\ny.jpg#0\tA y .\nz.jpg#1\tB z .\ny.jpg#1\tB y .\n",
    )
    return str(root / "imgs")


def lfw(root: Path) -> str:
    people = {"Ann_Lee": 2, "Bo_Ray": 1, "Cy_Zed": 3}
    for folder in ("lfw", "lfw_funneled"):
        for person, n in people.items():
            for k in range(1, n + 1):
                img(root / folder / person / f"{person}_{k:04d}.jpg")
    _w(root / "lfw-names.txt", "Abe_Lin 1\nAnn_Lee 2\nBo_Ray 1\nCy_Zed 3\n")
    _w(root / "peopleDevTrain.txt", "2\nCy_Zed 3\nAnn_Lee 2\n")
    _w(root / "peopleDevTest.txt", "1\nBo_Ray 1\n")
    _w(root / "people.txt", "2\n1\nBo_Ray 1\n1\nAnn_Lee 1\n")
    _w(root / "pairsDevTrain.txt", "1\nAnn_Lee 1 2\nAnn_Lee 2 Cy_Zed 3\n")
    _w(root / "pairsDevTest.txt", "1\nCy_Zed 1 3\nBo_Ray 1 Ann_Lee 1\n")
    _w(root / "pairs.txt", "2 1\nCy_Zed 2 3\nBo_Ray 1 Cy_Zed 1\nAnn_Lee 1 2\nAnn_Lee 1 Bo_Ray 1\n")
    return str(root)


IMAGE_CASES = [
    *[(f"LFWDataset_people_{k['usage']}", lfw, "LFWDataset", k)
      for k in _usages("10fold", "train", "test", "all")],
    *[(f"LFWDataset_pairs_{k['usage']}", lfw, "LFWDataset", dict(k, task="pairs"))
      for k in _usages("10fold", "train", "all")],
    ("LFWDataset_original", lfw, "LFWDataset", {"usage": "test", "image_set": "original", "decode": True}),
    ("Caltech256Dataset", caltech256, "Caltech256Dataset", {}),
    ("Caltech256Dataset_decode", caltech256, "Caltech256Dataset", {"decode": True}),
    *[(f"RenderedSST2Dataset_{k['usage']}", rendered_sst2, "RenderedSST2Dataset", k)
      for k in _usages("train", "val", "valid", "test", "all")],
    *[(f"Food101Dataset_{k['usage']}", food101, "Food101Dataset", k)
      for k in _usages("train", "test", "all")],
    ("SUN397Dataset", sun397, "SUN397Dataset", {"decode": True}),
    *[(f"LSUNDataset_{k['usage']}", lsun, "LSUNDataset", dict(k, classes=["tower", "bridge"]))
      for k in _usages("train", "valid", "test", "all")],
    ("LSUNDataset_one", lsun, "LSUNDataset", {"usage": "train", "classes": "bridge"}),
    ("OmniglotDataset_bg", omniglot, "OmniglotDataset", {"background": True}),
    ("OmniglotDataset_eval", omniglot, "OmniglotDataset", {"background": False, "decode": True}),
    ("Places365Dataset_train", places365, "Places365Dataset", {"usage": "train-standard"}),
    ("Places365Dataset_val", places365, "Places365Dataset", {"usage": "val", "decode": True}),
    ("SBUDataset", sbu, "SBUDataset", {}),
    ("FlickrDataset", flickr, "FlickrDataset", {"annotation_file": "@/imgs/token.txt"}),
]  # fmt: skip


# ----------------------------------------------------------------------------- arrays


def _idx_file(path: Path, arr: np.ndarray, kind: int = 0x08) -> None:
    import struct

    head = struct.pack(">BBBB", 0, 0, kind, arr.ndim) + struct.pack(f">{arr.ndim}I", *arr.shape)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(head + arr.astype(">i4" if kind == 0x0C else np.uint8).tobytes())


def _pattern(n: int, *shape: int, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 256, (n, *shape)).astype(np.uint8)


def emnist(root: Path) -> str:
    for k, u in enumerate(("train", "test")):
        _idx_file(root / f"emnist-letters-{u}-images-idx3-ubyte", _pattern(3 - k, 28, 28, seed=k))
        _idx_file(root / f"emnist-letters-{u}-labels-idx1-ubyte", np.array([5, 1, 26][: 3 - k]))
    return str(root)


def qmnist(root: Path) -> str:
    for k, stem in enumerate(("qmnist-train", "qmnist-test", "xnist")):
        n = 3 - (k == 1)
        _idx_file(root / f"{stem}-images-idx3-ubyte", _pattern(n, 28, 28, seed=k))
        labels = np.arange(n * 8).reshape(n, 8) + 100 * k
        labels[:, 0] = [7, 2, 9][:n]
        _idx_file(root / f"{stem}-labels-idx2-int", labels, 0x0C)
    return str(root)


def stl10(root: Path) -> str:
    for k, (u, n) in enumerate((("train", 2), ("test", 1), ("unlabeled", 2))):
        _pattern(n, 3, 96, 96, seed=k).tofile(root / f"{u}_X.bin")
        if u != "unlabeled":
            np.array([3, 10][:n], np.uint8).tofile(root / f"{u}_y.bin")
    return str(root)


def semeion(root: Path) -> str:
    rng = np.random.default_rng(1)
    lines = []
    for label in (4, 0, 9):
        px = rng.integers(0, 2, 256)
        onehot = [1 if i == label else 0 for i in range(10)]
        lines.append(" ".join(f"{v}.0000" for v in px) + " " + " ".join(map(str, onehot)) + " ")
    _w(root / "semeion.data", "\n".join(lines) + "\n")
    return str(root)


def usps(root: Path) -> str:
    rng = np.random.default_rng(2)
    for name, labels in (("usps", (10, 1, 5)), ("usps.t", (3, 7))):
        lines = []
        for lab in labels:
            vals = rng.uniform(-1, 1, 256)
            lines.append(f"{lab} " + " ".join(f"{i + 1}:{v:.6f}" for i, v in enumerate(vals)) + " ")
        _w(root / name, "\n".join(lines) + "\n")
    return str(root)


def svhn(root: Path) -> str:
    from scipy.io import savemat

    for k, (u, n) in enumerate((("train", 2), ("test", 2), ("extra", 2))):
        x = _pattern(n, 32, 32, 3, seed=k).transpose(1, 2, 3, 0)
        savemat(str(root / f"{u}_32x32.mat"), {"X": x, "y": np.array([[10], [3]][:n], np.uint8)})
    return str(root)


def phototour(root: Path) -> str:
    from PIL import Image

    d = root / "liberty"
    d.mkdir(parents=True, exist_ok=True)
    sheet = np.random.default_rng(3).integers(0, 256, (1024, 1024)).astype(np.uint8)
    Image.fromarray(sheet).save(str(d / "patches0000.bmp"))
    _w(d / "info.txt", "".join(f"{k // 2} 0\n" for k in range(20)))
    _w(d / "m50_100000_100000_0.txt", "0 0 0 1 0 0 0\n5 2 0 17 8 0 0\n19 9 0 3 1 0 0\n")
    return str(root)


ARRAY_CASES = [
    ("PhotoTourDataset_train", phototour, "PhotoTourDataset", {"name": "liberty", "usage": "train"}),
    ("PhotoTourDataset_test", phototour, "PhotoTourDataset", {"name": "liberty", "usage": "test"}),
    *[(f"EMnistDataset_{k['usage']}", emnist, "EMnistDataset", dict(k, name="letters"))
      for k in _usages("train", "test", "all")],
    *[(f"QMnistDataset_{k['usage']}", qmnist, "QMnistDataset", k)
      for k in _usages("train", "test", "nist", "all")],
    ("QMnistDataset_full", qmnist, "QMnistDataset", {"usage": "train", "compat": False}),
    *[(f"STL10Dataset_{k['usage']}", stl10, "STL10Dataset", k)
      for k in _usages("train", "test", "unlabeled", "train+unlabeled", "all")],
    ("SemeionDataset", semeion, "SemeionDataset", {}),
    *[(f"USPSDataset_{k['usage']}", usps, "USPSDataset", k) for k in _usages("train", "test", "all")],
    *[(f"SVHNDataset_{k['usage']}", svhn, "SVHNDataset", k)
      for k in _usages("train", "test", "extra", "all")],
]  # fmt: skip


# ----------------------------------------------------------------------------- audio


def wav(path: Path, n: int = 12, rate: int = 8000, seed: int = 0) -> None:
    """A short 16-bit PCM mono WAV of random samples."""
    from scipy.io import wavfile

    path.parent.mkdir(parents=True, exist_ok=True)
    data = np.random.default_rng(seed).integers(-32768, 32767, n).astype(np.int16)
    wavfile.write(str(path), rate, data)


def sph(path: Path, n: int = 400, rate: int = 16000, seed: int = 0) -> None:
    """A NIST SPHERE file (1024-byte text header, 16-bit little-endian PCM), as TED-LIUM's."""
    data = np.random.default_rng(seed).integers(-32768, 32767, n).astype("<i2")
    fields = [
        f"sample_count -i {n}", "sample_n_bytes -i 2", "channel_count -i 1",
        "sample_byte_format -s2 01", f"sample_rate -i {rate}", "sample_coding -s3 pcm",
        "end_head",
    ]  # fmt: skip
    head = ("NIST_1A\n   1024\n" + "\n".join(fields) + "\n").encode().ljust(1024, b" ")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(head + data.tobytes())


def yesno(root: Path) -> str:
    for k, name in enumerate(("0_0_1_1_0_1_1_1", "1_0_0_1_1_0_1_0", "1_1_1_1_0_0_0_0")):
        wav(root / f"{name}.wav", seed=k)
    return str(root)


def ljspeech(root: Path) -> str:
    _w(
        root / "metadata.csv",
        "LJ001-0002|in being comparatively|in being comp.\n"
        "LJ001-0001|Printing, in the 1st sense|Printing, in the first sense\n",
    )
    wav(root / "wavs" / "LJ001-0001.wav", rate=22050, seed=1)
    wav(root / "wavs" / "LJ001-0002.wav", rate=22050, seed=2)
    return str(root)


def cmu_arctic(root: Path) -> str:
    for name in ("aew", "slt"):
        d = root / f"cmu_us_{name}_arctic"
        _w(
            d / "etc" / "txt.done.data",
            '( arctic_a0002 "Not at this particular case, Tom." )\n'
            '( arctic_a0001 "Author of the danger trail." )\n',
        )
        wav(d / "wav" / "arctic_a0001.wav", rate=16000, seed=3)
        wav(d / "wav" / "arctic_a0002.wav", rate=16000, seed=4)
    return str(root)


def gtzan(root: Path) -> str:
    for g in ("disco", "blues"):
        for i in (1, 0):
            wav(root / g / f"{g}.0000{i}.wav", rate=22050, seed=i + len(g))
    return str(root)


def libritts(root: Path) -> str:
    for usage, spk, chap in (("dev-clean", 116, 288045), ("test-clean", 19, 198)):
        d = root / usage / str(spk) / str(chap)
        rows = []
        for u in (3, 1):
            utt = f"{spk}_{chap}_00000{u}_000000"
            wav(d / f"{utt}.wav", rate=24000, seed=u)
            _w(d / f"{utt}.original.txt", f"Orig {u}.")
            _w(d / f"{utt}.normalized.txt", f"norm {u}")
            rows.append(f"{utt}\tOrig {u}.\tnorm {u}")
        _w(d / f"{spk}_{chap}.trans.tsv", "\n".join(rows) + "\n")
    return str(root)


def speech_commands(root: Path) -> str:
    for label in ("yes", "cat"):
        for spk, n in (("b433eff", 0), ("0a7c2a8d", 1)):
            wav(root / label / f"{spk}_nohash_{n}.wav", rate=16000, seed=n + len(label))
    wav(root / "_background_noise_" / "noise.wav", seed=9)
    _w(root / "validation_list.txt", "yes/b433eff_nohash_0.wav\n")
    _w(root / "testing_list.txt", "cat/0a7c2a8d_nohash_1.wav\n")
    return str(root)


def tedlium(root: Path) -> str:
    for usage in ("train", "test", "dev"):
        d = root / "TEDLIUM_release1" / usage
        for talk in ("BillGates_2010", "AlGore_2009"):
            sph(d / "sph" / f"{talk}.sph", seed=len(talk) + len(usage))
            _w(
                d / "stm" / f"{talk}.stm",
                f"{talk} 1 {talk} 0.0 0.01 <o,f0,male> {usage} one\n"
                f"{talk} 1 inter_segment_gap 0.01 0.015 <o,,unknown> ignore_time_segment_in_scoring\n"
                f"{talk} 1 {talk} 0.015 0.02 <o,f0,male> {usage} three\n",
            )
    return str(root / "TEDLIUM_release1")


AUDIO_CASES = [
    ("YesNoDataset", yesno, "YesNoDataset", {}),
    ("LJSpeechDataset", ljspeech, "LJSpeechDataset", {}),
    ("CMUArcticDataset_aew", cmu_arctic, "CMUArcticDataset", {}),
    ("CMUArcticDataset_slt", cmu_arctic, "CMUArcticDataset", {"name": "slt"}),
    ("GTZANDataset_all", gtzan, "GTZANDataset", {"usage": "all"}),
    *[(f"LibriTTSDataset_{k['usage']}", libritts, "LibriTTSDataset", k)
      for k in _usages("dev-clean", "test-clean", "all")],
    *[(f"SpeechCommandsDataset_{k['usage']}", speech_commands, "SpeechCommandsDataset", k)
      for k in _usages("train", "valid", "test", "all")],
    *[(f"TedliumDataset_{k['usage']}", tedlium, "TedliumDataset", dict(k, release="release1"))
      for k in _usages("train", "test", "all")],
]  # fmt: skip


# ----------------------------------------------------------------------------- manifest


def manifest(root: Path) -> str:
    lines = []
    for k, (usage, names) in enumerate(
        (("TRAIN", ["dog"]), ("train", ["cat", "dog"]), ("Eval", ["cat"]), ("train", ["bird"]))
    ):
        path = root / "images" / f"{k}.jpg"
        img(path)
        ann = [{"type": "modelarts/image_classification", "name": n} for n in names]
        lines.append(json.dumps({"source": str(path), "usage": usage, "annotation": ann}))
    _w(root / "m.manifest", "\n".join(lines) + "\n")
    return str(root / "m.manifest")


MISC_CASES = [
    ("ManifestDataset_train", manifest, "ManifestDataset", {}),
    ("ManifestDataset_eval", manifest, "ManifestDataset", {"usage": "eval", "decode": True}),
    ("ManifestDataset_indexing", manifest, "ManifestDataset",
     {"class_indexing": {"dog": 5, "cat": 1, "bird": 0}}),
]  # fmt: skip


# ----------------------------------------------------------------------------- annotated images


def wider_face(root: Path) -> str:
    for split, lines in (
        (
            "train",
            "0--Parade/b.jpg\n2\n1 2 3 4 1 0 0 0 1 0\n2 3 2 2 0 1 1 0 0 1\n"
            "1--Handshaking/a.jpg\n1\n0 0 5 5 0 0 0 1 0 0\n",
        ),
        ("val", "0--Parade/c.jpg\n1\n0 1 2 3 2 0 1 1 0 0\n"),
    ):
        _w(root / "wider_face_split" / f"wider_face_{split}_bbx_gt.txt", lines)
        for line in lines.splitlines():
            if line.endswith(".jpg"):
                img(root / f"WIDER_{split}" / "images" / line, h=8, w=8)
    _w(root / "wider_face_split" / "wider_face_test_filelist.txt", "0--Parade/t.jpg\n")
    img(root / "WIDER_test" / "images" / "0--Parade" / "t.jpg", h=8, w=8)
    return str(root)


def kitti(root: Path) -> str:
    tr = root / "data_object_image_2" / "training" / "image_2"
    lab = root / "data_object_label_2" / "training" / "label_2"
    for stem, text in (
        (
            "000001",
            "Pedestrian 0.00 0 -0.20 712.40 143.00 810.73 307.92 1.89 0.48 "
            "1.20 1.84 1.47 8.41 0.01\n",
        ),
        (
            "000000",
            "Car 0.50 1 -1.58 587.01 173.33 614.12 200.12 1.65 1.67 3.64 "
            "-0.65 1.71 46.70 -1.59\nDontCare -1 -1 -10 0.0 0.0 1.0 1.0 -1 "
            "-1 -1 -1000 -1000 -1000 -10\n",
        ),
    ):
        img(tr / f"{stem}.png", h=8, w=8)
        _w(lab / f"{stem}.txt", text)
    img(root / "data_object_image_2" / "testing" / "image_2" / "000000.png", h=8, w=8)
    return str(root)


def div2k(root: Path) -> str:
    for u in ("train", "valid"):
        for n in ("0002", "0001"):
            img(root / f"DIV2K_{u}_HR" / f"{n}.png", h=8, w=8)
            img(root / f"DIV2K_{u}_LR_bicubic" / "X2" / f"{n}x2.png", h=4, w=4)
            img(root / f"DIV2K_{u}_LR_mild" / f"{n}x4m.png", h=2, w=2)
    return str(root)


def cityscapes(root: Path) -> str:
    for u in ("train", "val"):
        for city in ("bochum", "aachen"):
            stem = f"{city}_000000_000019_"
            img(root / "leftImg8bit" / u / city / f"{stem}leftImg8bit.png", h=4, w=4)
            for t in ("instanceIds", "labelIds", "color"):
                img(root / "gtFine" / u / city / f"{stem}gtFine_{t}.png", h=4, w=4)
            _w(
                root / "gtFine" / u / city / f"{stem}gtFine_polygons.json",
                json.dumps(
                    {
                        "imgHeight": 4,
                        "imgWidth": 4,
                        "objects": [{"label": "road", "polygon": [[0, 0], [3, 0], [3, 3]]}],
                    }
                ),
            )
    return str(root)


ANNOTATED_CASES = [
    *[(f"WIDERFaceDataset_{k['usage']}", wider_face, "WIDERFaceDataset", k)
      for k in _usages("train", "valid", "test", "all")],
    ("KITTIDataset_train", kitti, "KITTIDataset", {"usage": "train"}),
    ("KITTIDataset_test", kitti, "KITTIDataset", {"usage": "test", "decode": True}),
    ("DIV2KDataset_train", div2k, "DIV2KDataset", {"usage": "train", "decode": True}),
    ("DIV2KDataset_all_mild", div2k, "DIV2KDataset", {"usage": "all", "downgrade": "mild", "scale": 4}),
    ("CityscapesDataset_instance", cityscapes, "CityscapesDataset", {}),
    ("CityscapesDataset_semantic_all", cityscapes, "CityscapesDataset",
     {"usage": "all", "task": "semantic", "decode": True}),
    ("CityscapesDataset_polygon", cityscapes, "CityscapesDataset", {"usage": "val", "task": "polygon"}),
]  # fmt: skip


# ----------------------------------------------------------------------------- .mat labelled


def flowers102(root: Path) -> str:
    from scipy.io import savemat

    for n in range(1, 6):
        img(root / "jpg" / f"image_{n:05d}.jpg", fmt="PNG")
        img(root / "segmim" / f"segmim_{n:05d}.jpg", fmt="PNG")
    savemat(str(root / "imagelabels.mat"), {"labels": np.array([[5, 1, 102, 7, 1]])})
    savemat(
        str(root / "setid.mat"),
        {"trnid": np.array([[2, 4]]), "valid": np.array([[5]]), "tstid": np.array([[3, 1]])},
    )
    return str(root)


def caltech101(root: Path) -> str:
    from scipy.io import savemat

    for cls, ann, n in (("Faces", "Faces_2", 2), ("ant", "ant", 1), ("BACKGROUND_Google", None, 1)):
        for i in range(1, n + 1):
            img(root / "101_ObjectCategories" / cls / f"image_{i:04d}.jpg", fmt="PNG")
            if ann:
                (root / "Annotations" / ann).mkdir(parents=True, exist_ok=True)
                contour = np.arange(6, dtype=np.float64).reshape(2, 3) + i
                savemat(
                    str(root / "Annotations" / ann / f"annotation_{i:04d}.mat"),
                    {"obj_contour": contour, "box_coord": np.array([[1, 2, 3, 4]])},
                )
    return str(root)


def sbd(root: Path) -> str:
    from scipy.io import savemat
    from scipy.sparse import csc_matrix

    rng = np.random.default_rng(5)
    for k, name in enumerate(("2008_000002", "2008_000003", "2008_000007")):
        img(root / "img" / f"{name}.jpg", h=4, w=5, fmt="PNG")
        (root / "cls").mkdir(exist_ok=True)
        cells = np.empty((20, 1), dtype=object)
        for c in range(20):
            cells[c, 0] = csc_matrix(rng.integers(0, 2, (4, 5)).astype(np.uint8))
        seg = rng.integers(0, 21, (4, 5)).astype(np.uint8)
        savemat(
            str(root / "cls" / f"{name}.mat"),
            {"GTcls": {"Boundaries": cells, "Segmentation": seg, "CategoriesPresent": [k]}},
        )
    _w(root / "train.txt", "2008_000003\n2008_000002\n")
    _w(root / "val.txt", "2008_000007\n")
    return str(root)


MAT_CASES = [
    *[(f"SBDataset_{k['usage']}", sbd, "SBDataset", dict(k, task="Segmentation"))
      for k in _usages("train", "val", "all")],
    ("SBDataset_boundaries", sbd, "SBDataset", {"usage": "val", "decode": True}),
    *[(f"Flowers102Dataset_{k['usage']}", flowers102, "Flowers102Dataset", k)
      for k in _usages("train", "valid", "test", "all")],
    ("Flowers102Dataset_seg", flowers102, "Flowers102Dataset",
     {"task": "Segmentation", "usage": "test", "decode": True}),
    ("Caltech101Dataset_category", caltech101, "Caltech101Dataset", {}),
    ("Caltech101Dataset_all", caltech101, "Caltech101Dataset", {"target_type": "all", "decode": True}),
]  # fmt: skip


CASES = (
    TEXT_CASES + IMAGE_CASES + ARRAY_CASES + AUDIO_CASES + MISC_CASES + ANNOTATED_CASES + MAT_CASES
)


def encode_value(v) -> dict:
    """One column value, comparable across MindSpore and deepsink: strings and small arrays in
    full; a 1-D uint8 array (undecoded file bytes) by its length and first bytes; an image by
    its shape, dtype and a checksum of its pixels."""
    a = np.asarray(v)
    out = {"dtype": str(a.dtype) if a.dtype.kind != "U" else "str", "shape": list(a.shape)}
    if a.dtype.kind in "US":
        out["v"] = a.astype(str).tolist()
    elif a.size <= 64:
        out["v"] = a.tolist()
    else:
        out["sum"] = float(a.astype(np.float64).sum())
        out["head"] = a.ravel()[:16].tolist()
    return out


def encode_rows(dataset, limit: int = 50) -> dict:
    rows = []
    for k, row in enumerate(dataset.create_tuple_iterator(output_numpy=True, num_epochs=1)):
        if k >= limit:
            break
        rows.append([encode_value(v) for v in row])
    return {"columns": dataset.get_col_names(), "rows": rows}


def build(case: str, root: Path):
    """The (class name, first argument, kwargs) of ``case`` with its files written under root."""
    for name, writer, cls, kwargs in CASES:
        if name == case:
            os.makedirs(root, exist_ok=True)
            _SHADE[0] = 0  # the same pixels whichever cases ran before
            arg = writer(Path(root))
            # "@/x" in a keyword argument: the file x under root
            kw = {
                k: os.path.join(root, v[2:]) if isinstance(v, str) and v.startswith("@/") else v
                for k, v in kwargs.items()
            }
            return cls, arg, kw
    raise KeyError(case)
