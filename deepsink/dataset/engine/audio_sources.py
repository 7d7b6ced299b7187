"""Speech and music datasets in their released layouts, read as MindSpore 2.10 reads them.

Audio is decoded with soundfile (libsndfile: WAV, and TED-LIUM's NIST SPHERE) into a float32
``waveform`` of shape <channels, samples>, 16-bit samples scaled by 1/32767 as MindSpore does. All sources are random-access: files are listed when the dataset is built and decoded when a
row is read, so ``sampler``, ``shuffle``, ``num_samples`` and shards act as for the image sources.
"""

from __future__ import annotations

import os
import re
from typing import Any

import numpy as np

from deepsink._core.validate import check_one_of
from deepsink.dataset.engine import readers
from deepsink.dataset.engine.context import ExecContext
from deepsink.dataset.engine.samplers import Sampler
from deepsink.dataset.engine.sources import _Source, reject_cache


def _need(path: str, api: str) -> str:
    if not os.path.isfile(path):
        raise RuntimeError(f"Invalid file, {api} can't find {path}.")
    return path


def load_audio(path: str, start: float | None = None, end: float | None = None):
    """(waveform <channels, samples> float32, sample rate) of an audio file, optionally the
    part between ``start`` and ``end`` seconds."""
    import soundfile

    try:
        info = soundfile.info(path)
        first = 0 if start is None else int(start * info.samplerate)
        last = None if end is None else int(end * info.samplerate)
        data, rate = soundfile.read(path, dtype="int16", always_2d=True, start=first, stop=last)
    except (RuntimeError, soundfile.LibsndfileError) as e:
        raise RuntimeError(f"Invalid file, failed to decode audio file {path}: {e}") from e
    # MindSpore scales 16-bit samples by 1/32767 (so -32768 reads as slightly below -1)
    return np.ascontiguousarray(data.T.astype(np.float32) / np.float32(32767)), rate


class _AudioSource(_Source):
    """``self._items``: per row, the audio file (or (file, start, end)) and the other columns."""

    _items: list[tuple]
    _rate_dtype: Any = np.int32

    def _length(self) -> int:
        return len(self._items)

    def _read(self, idx: np.ndarray, ctx: ExecContext | None) -> tuple:
        cols: list[list] = [[] for _ in self._names]
        for i in idx:
            audio, *rest = self._items[int(i)]
            wave, rate = load_audio(*audio) if isinstance(audio, tuple) else load_audio(audio)
            cols[0].append(wave)
            cols[1].append(np.array(rate, self._rate_dtype))
            for c, v in zip(cols[2:], rest):
                c.append(v)
        return tuple(cols)


class YesNoDataset(_AudioSource):
    """YesNo (``<eight 0/1 words>.wav`` files): waveform, sample_rate (int32), label (int32
    <8>, the words of the file name); files in name order (MindSpore 2.10 takes the folder's
    directory order, which depends on the file system).

    Args:
        dataset_dir (str): The folder of the WAV files.
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, cache: as
            :class:`mindspore.dataset.MnistDataset`.

    Raises:
        ValueError: ``dataset_dir`` is not a folder.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from scipy.io import wavfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> wavfile.write(os.path.join(d, "0_1_0_0_1_0_1_1.wav"), 8000, np.zeros(4, np.int16))
        >>> row = next(ds.YesNoDataset(d).create_dict_iterator(output_numpy=True))
        >>> print(row["waveform"].shape, int(row["sample_rate"]), row["label"].tolist())
        (1, 4) 8000 [0, 1, 0, 0, 1, 0, 1, 1]
    """

    def __init__(
        self,
        dataset_dir: str,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "YesNoDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        reject_cache(cache, api)
        self._items = []
        for name in sorted(os.listdir(self.dataset_dir)):
            stem, ext = os.path.splitext(name)
            if ext == ".wav":
                try:
                    label = np.array([int(w) for w in stem.split("_")], np.int32)
                except ValueError:
                    raise RuntimeError(
                        f"Invalid file name, {name} is not eight 0/1 words joined by '_'."
                    ) from None
                self._items.append((os.path.join(self.dataset_dir, name), label))
        self._start(api, ["waveform", "sample_rate", "label"], (), locals())


class LJSpeechDataset(_AudioSource):
    """LJ Speech (``metadata.csv`` of ``id|transcription|normalized``, ``wavs/<id>.wav``):
    waveform, sample_rate (int32), transcription, normalized_transcription; rows in
    ``metadata.csv`` order.

    Args:
        dataset_dir (str): The folder of ``metadata.csv`` and ``wavs``.
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, cache: as
            :class:`mindspore.dataset.MnistDataset`.

    Raises:
        RuntimeError: ``metadata.csv`` is missing or a line has not three fields.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from scipy.io import wavfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(d, "wavs"))
        >>> wavfile.write(os.path.join(d, "wavs", "LJ001-0001.wav"), 22050, np.zeros(4, np.int16))
        >>> with open(os.path.join(d, "metadata.csv"), "w") as f:
        ...     _ = f.write("LJ001-0001|Printing, in 1st|Printing, in first\\n")
        >>> row = next(ds.LJSpeechDataset(d).create_dict_iterator(output_numpy=True))
        >>> print(str(row["normalized_transcription"]))
        Printing, in first
    """

    def __init__(
        self,
        dataset_dir: str,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "LJSpeechDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        reject_cache(cache, api)
        meta = _need(os.path.join(self.dataset_dir, "metadata.csv"), api)
        self._items = []
        with open(meta, encoding="utf-8") as f:
            for k, line in enumerate(f):
                if not line.strip():
                    continue
                parts = line.rstrip("\r\n").split("|")
                if len(parts) != 3:
                    raise RuntimeError(
                        f"Invalid data, line {k + 1} of {meta} has {len(parts)} fields, not 3."
                    )
                wav = os.path.join(self.dataset_dir, "wavs", parts[0] + ".wav")
                self._items.append((wav, np.array(parts[1]), np.array(parts[2])))
        self._start(
            api,
            ["waveform", "sample_rate", "transcription", "normalized_transcription"],
            (),
            locals(),
        )


_ARCTIC_LINE = re.compile(r'^\(\s*arctic_(\S+)\s+"(.*)"\s*\)\s*$')


class CMUArcticDataset(_AudioSource):
    """CMU ARCTIC (``cmu_us_<name>_arctic/etc/txt.done.data``, ``.../wav/arctic_<id>.wav``):
    waveform, sample_rate (uint32), transcript, utterance_id (``a0001``); rows in
    ``txt.done.data`` order.

    Args:
        dataset_dir (str): The folder of the speakers' folders.
        name (str, optional): The speaker: ``"aew"`` (default), ``"ahw"``, ``"aup"``, ``"awb"``,
            ``"axb"``, ``"bdl"``, ``"clb"``, ``"eey"``, ``"fem"``, ``"gka"``, ``"jmk"``, ``"ksp"``,
            ``"ljm"``, ``"lnh"``, ``"rms"``, ``"rxr"``, ``"slp"`` or ``"slt"``.
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, cache: as
            :class:`mindspore.dataset.MnistDataset`.

    Raises:
        ValueError: ``name`` is not a speaker.
        RuntimeError: ``txt.done.data`` is missing or a line is malformed.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from scipy.io import wavfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> root = os.path.join(d, "cmu_us_aew_arctic")
        >>> os.makedirs(os.path.join(root, "wav"))
        >>> os.makedirs(os.path.join(root, "etc"))
        >>> wavfile.write(os.path.join(root, "wav", "arctic_a0001.wav"), 16000, np.zeros(4, np.int16))
        >>> with open(os.path.join(root, "etc", "txt.done.data"), "w") as f:
        ...     _ = f.write('( arctic_a0001 "Author of the danger trail." )\\n')
        >>> row = next(ds.CMUArcticDataset(d).create_dict_iterator(output_numpy=True))
        >>> print(str(row["utterance_id"]), str(row["transcript"]))
        a0001 Author of the danger trail.
    """

    NAMES = [
        "aew", "ahw", "aup", "awb", "axb", "bdl", "clb", "eey", "fem", "gka", "jmk", "ksp",
        "ljm", "lnh", "rms", "rxr", "slp", "slt",
    ]  # fmt: skip
    _rate_dtype = np.uint32

    def __init__(
        self,
        dataset_dir: str,
        name: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "CMUArcticDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.name = check_one_of(name or "aew", self.NAMES, "name", api)
        reject_cache(cache, api)
        root = os.path.join(self.dataset_dir, f"cmu_us_{self.name}_arctic")
        listing = _need(os.path.join(root, "etc", "txt.done.data"), api)
        self._items = []
        with open(listing, encoding="utf-8") as f:
            for k, line in enumerate(f):
                if not line.strip():
                    continue
                m = _ARCTIC_LINE.match(line.strip())
                if m is None:
                    raise RuntimeError(
                        f"Invalid data, line {k + 1} of {listing} is not "
                        f"'( arctic_<id> \"<transcript>\" )': {line.strip()!r}"
                    )
                uid, text = m.groups()
                wav = os.path.join(root, "wav", f"arctic_{uid}.wav")
                self._items.append((wav, np.array(text), np.array(uid)))
        self._start(
            api, ["waveform", "sample_rate", "transcript", "utterance_id"], (self.name,), locals()
        )


class GTZANDataset(_AudioSource):
    """GTZAN genres (``<genre>/<genre>.000NN.wav``): waveform, sample_rate (uint32), label
    (the genre); genres and files in name order.

    The ``"train"``/``"valid"``/``"test"`` usages of MindSpore select files by the fault-filtered
    split lists it carries; deepsink reads ``usage="all"`` only and refuses the others.

    Args:
        dataset_dir (str): The folder of the genre folders.
        usage (str, optional): ``"all"`` (default).
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, cache: as
            :class:`mindspore.dataset.MnistDataset`.

    Raises:
        ValueError: ``usage`` is not accepted.
        NotImplementedError: ``usage`` is ``"train"``, ``"valid"`` or ``"test"``.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from scipy.io import wavfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(d, "jazz"))
        >>> wavfile.write(os.path.join(d, "jazz", "jazz.00000.wav"), 22050, np.zeros(4, np.int16))
        >>> print(str(next(ds.GTZANDataset(d).create_dict_iterator(output_numpy=True))["label"]))
        jazz
    """

    GENRES = [
        "blues", "classical", "country", "disco", "hiphop", "jazz", "metal", "pop", "reggae",
        "rock",
    ]  # fmt: skip
    _rate_dtype = np.uint32

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "GTZANDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = check_one_of(usage or "all", ["train", "valid", "test", "all"], "usage", api)
        if self.usage != "all":
            raise NotImplementedError(
                f"For '{api}', usage={self.usage!r} (MindSpore's filtered split lists) is not "
                "supported; use usage='all' and split the dataset"
            )
        reject_cache(cache, api)
        self._items = []
        for genre in self.GENRES:
            folder = os.path.join(self.dataset_dir, genre)
            if os.path.isdir(folder):
                for name in sorted(os.listdir(folder)):
                    if name.endswith(".wav"):
                        self._items.append((os.path.join(folder, name), np.array(genre)))
        self._start(api, ["waveform", "sample_rate", "label"], (self.usage,), locals())


class LibriTTSDataset(_AudioSource):
    """LibriTTS (``<usage>/<speaker>/<chapter>/<speaker>_<chapter>.trans.tsv`` and the WAVs):
    waveform, sample_rate (uint32), original_text, normalized_text, speaker_id (uint32),
    chapter_id (uint32), utterance_id; rows in folder order, then ``.trans.tsv`` order.

    Args:
        dataset_dir (str): The folder of the usage folders.
        usage (str, optional): ``"dev-clean"``, ``"dev-other"``, ``"test-clean"``,
            ``"test-other"``, ``"train-clean-100"``, ``"train-clean-360"``,
            ``"train-other-500"`` or ``"all"`` (default).
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, cache: as
            :class:`mindspore.dataset.MnistDataset`.

    Raises:
        ValueError: ``usage`` is not accepted.
        RuntimeError: A ``.trans.tsv`` line has not three fields.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from scipy.io import wavfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> p = os.path.join(d, "dev-clean", "116", "288045")
        >>> os.makedirs(p)
        >>> utt = "116_288045_000003_000000"
        >>> wavfile.write(os.path.join(p, utt + ".wav"), 24000, np.zeros(4, np.int16))
        >>> with open(os.path.join(p, "116_288045.trans.tsv"), "w") as f:
        ...     _ = f.write(utt + "\\tHe said.\\the said\\n")
        >>> row = next(ds.LibriTTSDataset(d).create_dict_iterator(output_numpy=True))
        >>> print(int(row["speaker_id"]), str(row["normalized_text"]))
        116 he said
    """

    USAGES = [
        "dev-clean", "dev-other", "test-clean", "test-other", "train-clean-100",
        "train-clean-360", "train-other-500",
    ]  # fmt: skip
    _rate_dtype = np.uint32

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "LibriTTSDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = check_one_of(usage or "all", [*self.USAGES, "all"], "usage", api)
        reject_cache(cache, api)
        parts = self.USAGES if self.usage == "all" else [self.usage]
        self._items = []
        for u in parts:
            top = os.path.join(self.dataset_dir, u)
            if not os.path.isdir(top):
                continue
            for spk in sorted(os.listdir(top)):
                for chap in sorted(os.listdir(os.path.join(top, spk))):
                    folder = os.path.join(top, spk, chap)
                    trans = os.path.join(folder, f"{spk}_{chap}.trans.tsv")
                    if not os.path.isfile(trans):
                        continue
                    with open(trans, encoding="utf-8") as f:
                        for k, line in enumerate(f):
                            if not line.strip():
                                continue
                            parts3 = line.rstrip("\r\n").split("\t")
                            if len(parts3) != 3:
                                raise RuntimeError(
                                    f"Invalid data, line {k + 1} of {trans} has {len(parts3)} "
                                    "fields, not 3."
                                )
                            utt, orig, norm = parts3
                            self._items.append(
                                (
                                    os.path.join(folder, utt + ".wav"),
                                    np.array(orig),
                                    np.array(norm),
                                    np.array(int(spk), np.uint32),
                                    np.array(int(chap), np.uint32),
                                    np.array(utt),
                                )
                            )
        self._start(
            api,
            [
                "waveform",
                "sample_rate",
                "original_text",
                "normalized_text",
                "speaker_id",
                "chapter_id",
                "utterance_id",
            ],
            (self.usage,),
            locals(),
        )


class SpeechCommandsDataset(_AudioSource):
    """Speech Commands (``<label>/<speaker>_nohash_<n>.wav``, ``validation_list.txt``,
    ``testing_list.txt``): waveform, sample_rate (int32), label, speaker_id, utterance_number
    (int32); labels and files in name order, ``_background_noise_`` left out.

    Args:
        dataset_dir (str): The folder of the label folders and the two lists.
        usage (str, optional): ``"train"`` (files in neither list), ``"valid"``, ``"test"`` or
            ``"all"`` (default).
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, cache: as
            :class:`mindspore.dataset.MnistDataset`.

    Raises:
        ValueError: ``usage`` is not accepted.
        RuntimeError: A list a usage needs is missing.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from scipy.io import wavfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(d, "cat"))
        >>> wavfile.write(os.path.join(d, "cat", "b433eff_nohash_2.wav"), 16000, np.zeros(4, np.int16))
        >>> row = next(ds.SpeechCommandsDataset(d).create_dict_iterator(output_numpy=True))
        >>> print(str(row["label"]), str(row["speaker_id"]), int(row["utterance_number"]))
        cat b433eff 2
    """

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "SpeechCommandsDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = check_one_of(usage or "all", ["train", "valid", "test", "all"], "usage", api)
        reject_cache(cache, api)

        def listed(name: str) -> set[str]:
            with open(_need(os.path.join(self.dataset_dir, name), api)) as f:
                return {ln.strip() for ln in f if ln.strip()}

        valid = listed("validation_list.txt") if self.usage in ("train", "valid") else set()
        test = listed("testing_list.txt") if self.usage in ("train", "test") else set()
        self._items = []
        for label in sorted(os.listdir(self.dataset_dir)):
            folder = os.path.join(self.dataset_dir, label)
            if label == "_background_noise_" or not os.path.isdir(folder):
                continue
            for name in sorted(os.listdir(folder)):
                if not name.endswith(".wav"):
                    continue
                rel = f"{label}/{name}"
                keep = {
                    "all": True,
                    "valid": rel in valid,
                    "test": rel in test,
                    "train": rel not in valid and rel not in test,
                }[self.usage]
                if not keep:
                    continue
                speaker, _, number = name[:-4].partition("_nohash_")
                self._items.append(
                    (
                        os.path.join(folder, name),
                        np.array(label),
                        np.array(speaker),
                        np.array(int(number or 0), np.int32),
                    )
                )
        self._start(
            api,
            ["waveform", "sample_rate", "label", "speaker_id", "utterance_number"],
            (self.usage,),
            locals(),
        )


class TedliumDataset(_AudioSource):
    """TED-LIUM releases 1-3 (``<usage>/sph/<talk>.sph`` and ``<usage>/stm/<talk>.stm``; release3
    ``data/``): one row per STM segment, its slice of the talk as waveform, sample_rate (int32),
    transcript, talk_id, speaker_id, identifier (the ``<o,f0,male>`` field); rows ordered by
    line number, then talk, then usage folder, as MindSpore 2.10 orders them.

    Args:
        dataset_dir (str): The release's folder.
        release (str): ``"release1"``, ``"release2"`` or ``"release3"``.
        usage (str, optional): ``"train"``, ``"dev"``, ``"test"`` or ``"all"`` (default; the only
            one of release3).
        extensions (str, optional): The audio files' extension, ``".sph"`` (default).
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, cache: as
            :class:`mindspore.dataset.MnistDataset`.

    Raises:
        ValueError: ``release``, ``usage`` or ``extensions`` is not accepted.
        RuntimeError: A usage's ``stm`` folder is missing, or an STM line is malformed.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import soundfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> for sub in ("sph", "stm"):
        ...     os.makedirs(os.path.join(d, "test", sub))
        >>> soundfile.write(os.path.join(d, "test", "sph", "T.sph"), np.zeros(160, np.int16), 16000,
        ...                 format="NIST", subtype="PCM_16")
        >>> with open(os.path.join(d, "test", "stm", "T.stm"), "w") as f:
        ...     _ = f.write("T 1 S 0.0 0.005 <o,f0,male> hi there\\n")
        >>> row = next(ds.TedliumDataset(d, "release1", "test").create_dict_iterator(output_numpy=True))
        >>> print(row["waveform"].shape, str(row["transcript"]))
        (1, 80) hi there
    """

    def __init__(
        self,
        dataset_dir: str,
        release: str,
        usage: str | None = None,
        extensions: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "TedliumDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.release = check_one_of(release, ["release1", "release2", "release3"], "release", api)
        allowed = ["all"] if self.release == "release3" else ["train", "test", "dev", "all"]
        self.usage = check_one_of(usage or "all", allowed, "usage", api)
        self.extensions = check_one_of(extensions or ".sph", [".sph"], "extensions", api)
        reject_cache(cache, api)
        if self.release == "release3":
            parts = ["data"]
        else:
            parts = ["train", "test", "dev"] if self.usage == "all" else [self.usage]
        keyed = []
        for u in parts:
            stm_dir = os.path.join(self.dataset_dir, u, "stm")
            if not os.path.isdir(stm_dir):
                raise RuntimeError(f"Invalid file, failed to open folder: {stm_dir}")
            for name in sorted(os.listdir(stm_dir)):
                if not name.endswith(".stm"):
                    continue
                talk = name[:-4]
                audio = os.path.join(self.dataset_dir, u, "sph", talk + self.extensions)
                with open(os.path.join(stm_dir, name), encoding="utf-8") as f:
                    for k, line in enumerate(f):
                        fields = line.split(" ", 6)
                        if len(fields) < 6:
                            continue
                        if len(fields) != 7:
                            raise RuntimeError(
                                f"Invalid data, line {k + 1} of {name} has not 7 STM fields."
                            )
                        talk_id, _, speaker, start, end, ident, text = fields
                        keyed.append(
                            (
                                (k, talk, u),
                                (
                                    (audio, float(start), float(end)),
                                    np.array(text.rstrip("\r\n")),
                                    np.array(talk_id),
                                    np.array(speaker),
                                    np.array(ident),
                                ),
                            )
                        )
        # MindSpore's order: by line number, then talk, then usage folder
        self._items = [item for _, item in sorted(keyed, key=lambda kv: kv[0])]
        self._start(
            api,
            ["waveform", "sample_rate", "transcript", "talk_id", "speaker_id", "identifier"],
            (self.release, self.usage),
            locals(),
        )
