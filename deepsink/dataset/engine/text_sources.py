"""Text corpora as MindSpore 2.10 reads them from their released on-disk layouts.

Every source yields strings (numpy ``<U`` arrays, scalars or 1-D for per-sentence token lists) and
reads its files once into memory, so samplers, shards and shuffles act as for ``TextFileDataset``:
``shuffle`` is a bool or ``Shuffle.GLOBAL``/``ADAPTIVE`` (global) or ``False`` (file order, the
files of ``usage="all"`` in MindSpore's order). No tokenization: that is a ``map`` of the user's.
"""

from __future__ import annotations

import csv
import glob
import json
import os
import xml.etree.ElementTree as ET
from typing import Any

import numpy as np

from deepsink._core.validate import check_one_of
from deepsink.dataset.engine import readers
from deepsink.dataset.engine.context import ExecContext
from deepsink.dataset.engine.file_sources import _LineSource
from deepsink.dataset.engine.samplers import Sampler, resolve
from deepsink.dataset.engine.sources import (
    Shuffle,
    _Source,
    reject_cache,
)

_TRAIN_TEST = ["train", "test", "all"]
_SPLITS3 = ["train", "valid", "test", "all"]


def _usage(usage: str | None, allowed: list[str], api: str) -> str:
    return check_one_of("all" if usage is None else usage, allowed, "usage", api)


def _existing(paths: list[str], api: str) -> list[str]:
    for p in paths:
        if not os.path.isfile(p):
            raise RuntimeError(f"Invalid file, {api} can't read the data file: {p} does not exist.")
    return paths


def _str(text: str) -> np.ndarray:
    return np.array(text)


class _TextSource(_LineSource):
    """A line source with ``usage``: its files, parsed into string columns by ``_parse``."""

    _columns: list[str]

    def _init_text(
        self,
        api: str,
        paths: list[str],
        num_samples: Any,
        num_parallel_workers: Any,
        shuffle: Any,
        num_shards: Any,
        shard_id: Any,
        cache: Any,
    ) -> None:
        smp = self._line_sampler(
            api, shuffle, num_samples, num_parallel_workers, num_shards, shard_id, cache
        )
        per_file = [self._parse(path) for path in _existing(paths, api)]
        cols: list[list] = [[] for _ in self._columns]
        for row in self._file_rows_read(per_file, num_parallel_workers):
            for c, v in zip(cols, row):
                c.append(v)
        self._names, self._rows = list(self._columns), tuple(cols)
        super().__init__(smp, num_parallel_workers, (api, tuple(paths)))

    def _split_paths(self, dataset_dir: Any, usage: Any, api: str) -> list[str]:
        """Check ``dataset_dir`` and ``usage`` (one of ``_allowed``): the split's files
        (``_files``; ``"all"``: every split, in ``_order``)."""
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = _usage(usage, self._allowed, api)
        parts = self._order if self.usage == "all" else [self.usage]
        return [os.path.join(self.dataset_dir, self._files[u]) for u in parts]

    def _parse(self, path: str) -> list[tuple]:
        raise NotImplementedError


class _CsvCorpus(_TextSource):
    """``train.csv``/``test.csv`` of quoted, comma-separated fields, no header line, every field
    a string (the text-classification corpora of Zhang et al. 2015)."""

    _order = ["test", "train"]
    _files = {"train": "train.csv", "test": "test.csv"}
    _allowed = _TRAIN_TEST

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: Any = Shuffle.GLOBAL,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = type(self).__name__
        paths = self._split_paths(dataset_dir, usage, api)
        self._init_text(
            api, paths, num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache
        )

    def _parse(self, path: str) -> list[tuple]:
        n = len(self._columns)
        out = []
        with open(path, newline="", encoding="utf-8") as f:
            for line, fields in enumerate(csv.reader(f)):
                if not fields:
                    continue
                if len(fields) != n:
                    raise RuntimeError(
                        f"Invalid csv, the number of columns at line {line} of {path} is "
                        f"{len(fields)}, but {n} columns {self._columns} were expected."
                    )
                out.append(tuple(_str(v) for v in fields))
        return out


class AGNewsDataset(_CsvCorpus):
    """AG News (``train.csv``, ``test.csv``): columns index, title, description (strings).

    Args:
        dataset_dir (str): The folder holding ``train.csv`` and ``test.csv``.
        usage (str, optional): ``"train"``, ``"test"`` or ``"all"`` (default).
        num_samples (int, optional): How many rows to read. Default: all.
        num_parallel_workers (int, optional): Workers of the pipeline.
        shuffle (Union[bool, Shuffle], optional): Row shuffle. Default: ``Shuffle.GLOBAL``.
        num_shards (int, optional): Number of shards. shard_id (int, optional): This shard.
        cache (None): MindSpore's cache server is not supported.

    Raises:
        ValueError: ``usage`` is not one of the splits, or ``dataset_dir`` is not a folder.
        RuntimeError: A split's file is missing or a line has the wrong number of fields.

    Examples:
        >>> import os, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "train.csv"), "w") as f:
        ...     _ = f.write('"3","Title","Some, text"\\n')
        >>> data = ds.AGNewsDataset(d, usage="train", shuffle=False)
        >>> print([str(v) for v in next(data.create_tuple_iterator(output_numpy=True))])
        ['3', 'Title', 'Some, text']
    """

    _columns = ["index", "title", "description"]


class AmazonReviewDataset(_CsvCorpus):
    """Amazon Reviews (full or polarity; ``train.csv``, ``test.csv``): label, title, content.

    Args:
        dataset_dir, usage, num_samples, num_parallel_workers, shuffle, num_shards, shard_id,
            cache: as :class:`AGNewsDataset`.

    Raises:
        ValueError, RuntimeError: as :class:`AGNewsDataset`.

    Examples:
        >>> import os, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "test.csv"), "w") as f:
        ...     _ = f.write('"1","Bad","Broke at once"\\n')
        >>> data = ds.AmazonReviewDataset(d, usage="test")
        >>> print(data.get_col_names(), data.get_dataset_size())
        ['label', 'title', 'content'] 1
    """

    _columns = ["label", "title", "content"]


class DBpediaDataset(_CsvCorpus):
    """DBpedia ontology classification (``train.csv``, ``test.csv``): class, title, content.

    Args:
        dataset_dir, usage, num_samples, num_parallel_workers, shuffle, num_shards, shard_id,
            cache: as :class:`AGNewsDataset`.

    Raises:
        ValueError, RuntimeError: as :class:`AGNewsDataset`.

    Examples:
        >>> import os, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "train.csv"), "w") as f:
        ...     _ = f.write('1,"Acme","A company"\\n')
        >>> print(ds.DBpediaDataset(d, usage="train").get_col_names())
        ['class', 'title', 'content']
    """

    _columns = ["class", "title", "content"]


class SogouNewsDataset(_CsvCorpus):
    """Sogou News (``train.csv``, ``test.csv``): index, title, content; an escaped new line
    (backslash n) stays as those two characters, as MindSpore leaves it.

    Args:
        dataset_dir, usage, num_samples, num_parallel_workers, shuffle, num_shards, shard_id,
            cache: as :class:`AGNewsDataset`.

    Raises:
        ValueError, RuntimeError: as :class:`AGNewsDataset`.

    Examples:
        >>> import os, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "test.csv"), "w") as f:
        ...     _ = f.write('"2","biaoti","neirong"\\n')
        >>> print(ds.SogouNewsDataset(d, usage="test").get_dataset_size())
        1
    """

    _columns = ["index", "title", "content"]
    _order = ["train", "test"]


class YahooAnswersDataset(_CsvCorpus):
    """Yahoo! Answers (``train.csv``, ``test.csv``): class, title, content, answer.

    Args:
        dataset_dir, usage, num_samples, num_parallel_workers, shuffle, num_shards, shard_id,
            cache: as :class:`AGNewsDataset`.

    Raises:
        ValueError, RuntimeError: as :class:`AGNewsDataset`.

    Examples:
        >>> import os, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "train.csv"), "w") as f:
        ...     _ = f.write('"5","Why?","Because","42"\\n')
        >>> print(ds.YahooAnswersDataset(d, usage="train").get_col_names())
        ['class', 'title', 'content', 'answer']
    """

    _columns = ["class", "title", "content", "answer"]


class YelpReviewDataset(_CsvCorpus):
    """Yelp Reviews (full or polarity; ``train.csv``, ``test.csv``): label, text.

    Args:
        dataset_dir, usage, num_samples, num_parallel_workers, shuffle, num_shards, shard_id,
            cache: as :class:`AGNewsDataset`.

    Raises:
        ValueError, RuntimeError: as :class:`AGNewsDataset`.

    Examples:
        >>> import os, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "train.csv"), "w") as f:
        ...     _ = f.write('"5","Great food."\\n')
        >>> print(ds.YelpReviewDataset(d, usage="train").get_col_names())
        ['label', 'text']
    """

    _columns = ["label", "text"]
    _order = ["train", "test"]


class _LineCorpus(_TextSource):
    """One string per non-empty line of the split's file(s), column ``text``."""

    _columns = ["text"]
    _files: dict[str, str]
    _order: list[str]
    _allowed = _SPLITS3

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: Any = Shuffle.GLOBAL,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = type(self).__name__
        paths = self._split_paths(dataset_dir, usage, api)
        self._init_text(
            api, paths, num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache
        )

    def _parse(self, path: str) -> list[tuple]:
        with open(path, encoding="utf-8") as f:
            return [(_str(s),) for s in (ln.rstrip("\r\n") for ln in f) if s]


class PennTreebankDataset(_LineCorpus):
    """Penn Treebank (``ptb.train.txt``, ``ptb.valid.txt``, ``ptb.test.txt``): each non-empty
    line a string in column ``text``.

    Args:
        dataset_dir (str): The folder of the three files.
        usage (str, optional): ``"train"``, ``"valid"``, ``"test"`` or ``"all"`` (default).
        num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache: as
            :class:`AGNewsDataset`.

    Raises:
        ValueError: ``usage`` is not one of the splits, or ``dataset_dir`` is not a folder.
        RuntimeError: A split's file is missing.

    Examples:
        >>> import os, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "ptb.valid.txt"), "w") as f:
        ...     _ = f.write(" the cat <unk>\\n\\n a dog\\n")
        >>> data = ds.PennTreebankDataset(d, usage="valid", shuffle=False)
        >>> print([str(r[0]) for r in data.create_tuple_iterator(output_numpy=True)])
        [' the cat <unk>', ' a dog']
    """

    _files = {"train": "ptb.train.txt", "valid": "ptb.valid.txt", "test": "ptb.test.txt"}
    _order = ["test", "train", "valid"]


class WikiTextDataset(_LineCorpus):
    """WikiText-2/103 (``wiki.train.tokens``, ``wiki.valid.tokens``, ``wiki.test.tokens``):
    each non-empty line a string in column ``text``.

    Args:
        dataset_dir, usage, num_samples, num_parallel_workers, shuffle, num_shards, shard_id,
            cache: as :class:`PennTreebankDataset`.

    Raises:
        ValueError, RuntimeError: as :class:`PennTreebankDataset`.

    Examples:
        >>> import os, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "wiki.test.tokens"), "w") as f:
        ...     _ = f.write(" = Title = \\n text @-@ here\\n")
        >>> print(ds.WikiTextDataset(d, usage="test").get_dataset_size())
        2
    """

    _files = {
        "train": "wiki.train.tokens",
        "valid": "wiki.valid.tokens",
        "test": "wiki.test.tokens",
    }
    _order = ["test", "train", "valid"]


class EnWik9Dataset(_LineCorpus):
    """EnWik9 (the file ``enwik9``): each line, empty ones too, a string in column ``text``.

    Args:
        dataset_dir (str): The folder holding ``enwik9``.
        num_samples, num_parallel_workers, num_shards, shard_id, cache: as :class:`AGNewsDataset`.
        shuffle (Union[bool, Shuffle], optional): Row shuffle. Default: ``True``.

    Raises:
        ValueError: ``dataset_dir`` is not a folder.
        RuntimeError: ``enwik9`` is missing.

    Examples:
        >>> import os, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "enwik9"), "w") as f:
        ...     _ = f.write("<mediawiki>\\n  <page>\\n")
        >>> print(ds.EnWik9Dataset(d, shuffle=False).get_dataset_size())
        2
    """

    _files = {"all": "enwik9"}

    def _parse(self, path: str) -> list[tuple]:
        with open(path, encoding="utf-8") as f:
            return [(_str(ln.rstrip("\r\n")),) for ln in f]

    _order = ["all"]
    _allowed = ["all"]

    def __init__(
        self,
        dataset_dir: str,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: Any = True,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        super().__init__(
            dataset_dir,
            "all",
            num_samples,
            num_parallel_workers,
            shuffle,
            num_shards,
            shard_id,
            cache,
        )


class _SentenceCorpus(_TextSource):
    """Token-per-line files, each sentence ended by a blank line: one row per sentence, each
    column a 1-D string array (the sentence's words and their tags)."""

    _files: dict[str, str]
    _order: list[str]
    _allowed: list[str]
    _sep: str | None = None

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        shuffle: Any = Shuffle.GLOBAL,
        num_shards: int | None = None,
        shard_id: int | None = None,
        num_parallel_workers: int | None = None,
        cache: Any = None,
    ) -> None:
        api = type(self).__name__
        paths = self._split_paths(dataset_dir, usage, api)
        self._init_text(
            api, paths, num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache
        )

    def _parse(self, path: str) -> list[tuple]:
        n = len(self._columns)
        rows, cur = [], []

        def flush() -> None:
            if cur:
                rows.append(tuple(np.array([t[k] for t in cur]) for k in range(n)))
                cur.clear()

        with open(path, encoding="utf-8") as f:
            for line in f:
                parts = line.strip().split(self._sep)
                if not line.strip():
                    flush()
                    continue
                if len(parts) != n:
                    raise RuntimeError(
                        f"Invalid data, a line of {path} has {len(parts)} fields, expected {n}: "
                        f"{line.strip()!r}"
                    )
                cur.append(parts)
        # a last sentence with no blank line after it is not emitted: MindSpore 2.10 drops it
        return rows


class CoNLL2000Dataset(_SentenceCorpus):
    """CoNLL-2000 chunking (``train.txt``, ``test.txt``): one row per sentence, columns word,
    pos_tag, chunk_tag (1-D strings).

    Args:
        dataset_dir (str): The folder of ``train.txt`` and ``test.txt``.
        usage (str, optional): ``"train"``, ``"test"`` or ``"all"`` (default).
        num_samples, shuffle, num_shards, shard_id, num_parallel_workers, cache: as
            :class:`AGNewsDataset`.

    Raises:
        ValueError: ``usage`` is not one of the splits, or ``dataset_dir`` is not a folder.
        RuntimeError: A split's file is missing or a line has not three fields.

    Examples:
        >>> import os, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "train.txt"), "w") as f:
        ...     _ = f.write("He PRP B-NP\\nran VBD B-VP\\n\\nOk UH O\\n\\n")
        >>> data = ds.CoNLL2000Dataset(d, usage="train", shuffle=False)
        >>> print(next(data.create_dict_iterator(output_numpy=True))["word"].tolist())
        ['He', 'ran']
    """

    _columns = ["word", "pos_tag", "chunk_tag"]
    _files = {"train": "train.txt", "test": "test.txt"}
    _order = ["test", "train"]
    _allowed = _TRAIN_TEST


class UDPOSDataset(_SentenceCorpus):
    """Universal Dependencies English POS (``en-ud-tag.v2.{train,dev,test}.txt``): one row per
    sentence, columns word, universal, stanford (1-D strings); ``usage="valid"`` reads dev.

    Args:
        dataset_dir (str): The folder of the three files.
        usage (str, optional): ``"train"``, ``"valid"``, ``"test"`` or ``"all"`` (default).
        num_samples, shuffle, num_shards, shard_id, num_parallel_workers, cache: as
            :class:`AGNewsDataset`.

    Raises:
        ValueError: ``usage`` is not one of the splits, or ``dataset_dir`` is not a folder.
        RuntimeError: A split's file is missing or a line has not three fields.

    Examples:
        >>> import os, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "en-ud-tag.v2.test.txt"), "w") as f:
        ...     _ = f.write("What\\tPRON\\tWP\\n?\\tPUNCT\\t.\\n\\n")
        >>> data = ds.UDPOSDataset(d, usage="test")
        >>> print(next(data.create_dict_iterator(output_numpy=True))["universal"].tolist())
        ['PRON', 'PUNCT']
    """

    _columns = ["word", "universal", "stanford"]
    _files = {
        "train": "en-ud-tag.v2.train.txt",
        "valid": "en-ud-tag.v2.dev.txt",
        "test": "en-ud-tag.v2.test.txt",
    }
    _order = ["valid", "test", "train"]
    _allowed = _SPLITS3
    _sep = "\t"


class SST2Dataset(_TextSource):
    """GLUE SST-2 (``train.tsv``, ``dev.tsv``, ``test.tsv`` with a header line): sentence and
    label for train/dev, sentence only for test (all strings).

    Args:
        dataset_dir (str): The folder of the three files.
        usage (str, optional): ``"train"`` (default), ``"dev"`` or ``"test"``.
        num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache: as
            :class:`AGNewsDataset`.

    Raises:
        ValueError: ``usage`` is not one of the splits, or ``dataset_dir`` is not a folder.
        RuntimeError: The split's file is missing.

    Examples:
        >>> import os, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "dev.tsv"), "w") as f:
        ...     _ = f.write("sentence\\tlabel\\nit 's fine \\t1\\n")
        >>> data = ds.SST2Dataset(d, usage="dev", shuffle=False)
        >>> print([str(v) for v in next(data.create_tuple_iterator(output_numpy=True))])
        ["it 's fine ", '1']
    """

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: Any = Shuffle.GLOBAL,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "SST2Dataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = check_one_of(
            "train" if usage is None else usage, ["train", "test", "dev"], "usage", api
        )
        self._columns = ["sentence"] if self.usage == "test" else ["sentence", "label"]
        path = os.path.join(self.dataset_dir, f"{self.usage}.tsv")
        self._init_text(
            api, [path], num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache
        )

    def _parse(self, path: str) -> list[tuple]:
        with open(path, encoding="utf-8") as f:
            lines = [ln.rstrip("\r\n") for ln in f][1:]
        rows = []
        for ln in lines:
            if not ln:
                continue
            fields = ln.split("\t")
            # test.tsv is "index<TAB>sentence"; train/dev are "sentence<TAB>label"
            rows.append((_str(fields[1]),) if self.usage == "test" else tuple(map(_str, fields)))
        return rows


class Multi30kDataset(_TextSource):
    """Multi30k translation pairs (``training/train.{en,de}``, ``validation/val.{en,de}``,
    ``mmt16_task1_test/test.{en,de}``): text and translation, one line each.

    Args:
        dataset_dir (str): The folder of the three sub-folders.
        usage (str, optional): ``"train"``, ``"valid"``, ``"test"`` or ``"all"`` (default).
        language_pair (Sequence[str], optional): ``["en", "de"]`` (default) or ``["de", "en"]``:
            which language is ``text`` and which ``translation``.
        num_samples, num_parallel_workers, num_shards, shard_id, cache: as :class:`AGNewsDataset`.
        shuffle (Union[bool, Shuffle], optional): Default: ``None`` (global).

    Raises:
        ValueError: ``usage`` or ``language_pair`` is not an accepted value.
        RuntimeError: A file is missing, or the two languages' files differ in line count.

    Examples:
        >>> import os, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(d, "validation"))
        >>> for lang, s in (("en", "A dog."), ("de", "Ein Hund.")):
        ...     with open(os.path.join(d, "validation", f"val.{lang}"), "w") as f:
        ...         _ = f.write(s + "\\n")
        >>> data = ds.Multi30kDataset(d, usage="valid", language_pair=["de", "en"])
        >>> print([str(v) for v in next(data.create_tuple_iterator(output_numpy=True))])
        ['Ein Hund.', 'A dog.']
    """

    _columns = ["text", "translation"]
    _dirs = {
        "train": ("training", "train"),
        "valid": ("validation", "val"),
        "test": ("mmt16_task1_test", "test"),
    }

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        language_pair: Any = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: Any = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "Multi30kDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = _usage(usage, _SPLITS3, api)
        pair = ["en", "de"] if language_pair is None else list(language_pair)
        if pair not in (["en", "de"], ["de", "en"]):
            raise ValueError(
                f"language_pair can only be ['en', 'de'] or ['de', 'en'], but got {language_pair}"
            )
        self.language_pair = pair
        parts = ["test", "train", "valid"] if self.usage == "all" else [self.usage]
        paths = []
        for u in parts:
            sub, stem = self._dirs[u]
            paths.append(os.path.join(self.dataset_dir, sub, f"{stem}.{pair[0]}"))
        self._init_text(
            api, paths, num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache
        )

    def _parse(self, path: str) -> list[tuple]:
        other = path[: -len(self.language_pair[0])] + self.language_pair[1]
        _existing([other], "Multi30kDataset")
        with open(path, encoding="utf-8") as f:
            src = [ln.rstrip("\r\n") for ln in f]
        with open(other, encoding="utf-8") as f:
            tgt = [ln.rstrip("\r\n") for ln in f]
        if len(src) != len(tgt):
            raise RuntimeError(
                f"Invalid data, {path} has {len(src)} lines but {other} has {len(tgt)}."
            )
        return [(_str(a), _str(b)) for a, b in zip(src, tgt) if a or b]


class SQuADDataset(_TextSource):
    """SQuAD 1.1/2.0 (``train-v*.json``, ``dev-v*.json``): one row per question with context,
    question (strings), text (1-D strings: the answers) and answer_start (1-D uint32); a
    question with no answer (2.0) gets text ``[""]`` and answer_start ``[-1]`` as uint32.

    Args:
        dataset_dir (str): The folder of the JSON files.
        usage (str, optional): ``"train"``, ``"dev"`` or ``"all"`` (default).
        num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache: as
            :class:`AGNewsDataset`.

    Raises:
        ValueError: ``usage`` is not one of the splits.
        RuntimeError: No JSON file for the split, or a file is not SQuAD JSON.

    Examples:
        >>> import json, os, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> qa = {"question": "Who?", "id": "1", "answers": [{"text": "Ann", "answer_start": 0}]}
        >>> doc = {"data": [{"title": "t", "paragraphs": [{"context": "Ann ran.", "qas": [qa]}]}]}
        >>> with open(os.path.join(d, "dev-v1.1.json"), "w") as f:
        ...     json.dump(doc, f)
        >>> row = next(ds.SQuADDataset(d, usage="dev").create_dict_iterator(output_numpy=True))
        >>> print(str(row["question"]), row["text"].tolist(), row["answer_start"].tolist())
        Who? ['Ann'] [0]
    """

    _columns = ["context", "question", "text", "answer_start"]

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: Any = Shuffle.GLOBAL,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "SQuADDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = _usage(usage, ["train", "dev", "all"], api)
        parts = ["train", "dev"] if self.usage == "all" else [self.usage]
        paths = []
        for u in parts:
            found = sorted(glob.glob(os.path.join(glob.escape(self.dataset_dir), f"{u}-v*.json")))
            if not found:
                raise RuntimeError(
                    f"Invalid file, {api} found no {u}-v1.1.json or {u}-v2.0.json in "
                    f"{self.dataset_dir}."
                )
            paths.extend(found)
        self._init_text(
            api, paths, num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache
        )

    def _parse(self, path: str) -> list[tuple]:
        try:
            with open(path, encoding="utf-8") as f:
                data = json.load(f)["data"]
        except (ValueError, KeyError) as e:
            raise RuntimeError(f"Invalid file, {path} is not SQuAD JSON: {e}") from e
        rows = []
        for article in data:
            for para in article["paragraphs"]:
                for qa in para["qas"]:
                    answers = qa.get("answers") or []
                    texts = [a["text"] for a in answers] or [""]
                    starts = [a["answer_start"] for a in answers] or [-1]
                    rows.append(
                        (
                            _str(para["context"]),
                            _str(qa["question"]),
                            np.array(texts),
                            np.array(starts, np.int64).astype(np.uint32),
                        )
                    )
        return rows


_CLUE_COLUMNS = {
    # task -> (train/eval columns, test columns); a column is (name, json key, dtype)
    "AFQMC": (
        [("sentence1", "sentence1", str), ("sentence2", "sentence2", str), ("label", "label", str)],
        [("id", "id", np.uint32), ("sentence1", "sentence1", str), ("sentence2", "sentence2", str)],
    ),
    "CMNLI": (
        [("sentence1", "sentence1", str), ("sentence2", "sentence2", str), ("label", "label", str)],
        [("id", "id", np.uint32), ("sentence1", "sentence1", str), ("sentence2", "sentence2", str)],
    ),
    "TNEWS": (
        [
            ("label", "label", str),
            ("label_des", "label_des", str),
            ("sentence", "sentence", str),
            ("keywords", "keywords", str),
        ],
        [("id", "id", np.uint32), ("keywords", "keywords", str), ("sentence", "sentence", str)],
    ),
    "IFLYTEK": (
        [("label", "label", str), ("label_des", "label_des", str), ("sentence", "sentence", str)],
        [("id", "id", np.uint32), ("sentence", "sentence", str)],
    ),
    "CSL": (
        [
            ("id", "id", np.uint32),
            ("abst", "abst", str),
            ("keyword", "keyword", list),
            ("label", "label", str),
        ],
        [("id", "id", np.uint32), ("abst", "abst", str), ("keyword", "keyword", list)],
    ),
    "WSC": (
        [
            ("span1_index", "target/span1_index", np.uint32),
            ("span2_index", "target/span2_index", np.uint32),
            ("span1_text", "target/span1_text", str),
            ("span2_text", "target/span2_text", str),
            ("idx", "idx", np.uint32),
            ("text", "text", str),
            ("label", "label", str),
        ],
        [
            ("span1_index", "target/span1_index", np.uint32),
            ("span2_index", "target/span2_index", np.uint32),
            ("span1_text", "target/span1_text", str),
            ("span2_text", "target/span2_text", str),
            ("idx", "idx", np.uint32),
            ("text", "text", str),
        ],
    ),
}


class CLUEDataset(_TextSource):
    """CLUE benchmark JSON-lines files: the columns of ``task`` and ``usage`` as MindSpore
    names them, in name order (AFQMC, TNEWS, IFLYTEK, CMNLI, WSC, CSL; strings, ids and span
    indices uint32, ``keyword`` 1-D).

    Args:
        dataset_files (Union[str, list[str]]): The JSON-lines file(s) (globs accepted).
        task (str, optional): ``"AFQMC"`` (default), ``"TNEWS"``, ``"IFLYTEK"``, ``"CMNLI"``,
            ``"CSL"``, ``"WSC"``.
        usage (str, optional): ``"train"`` (default), ``"test"`` or ``"eval"``.
        num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache: as
            :class:`AGNewsDataset`.

    Raises:
        ValueError: ``task`` or ``usage`` is not an accepted value, or no file matches.
        RuntimeError: A line is not JSON or lacks a key of the task.

    Examples:
        >>> import json, os, tempfile
        >>> import deepsink.dataset as ds
        >>> path = os.path.join(tempfile.mkdtemp(), "train.json")
        >>> with open(path, "w") as f:
        ...     _ = f.write(json.dumps({"sentence1": "a", "sentence2": "b", "label": "0"}) + "\\n")
        >>> data = ds.CLUEDataset(path, task="AFQMC", usage="train")
        >>> print(data.get_col_names())
        ['label', 'sentence1', 'sentence2']
    """

    def __init__(
        self,
        dataset_files: Any,
        task: str = "AFQMC",
        usage: str = "train",
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: Any = Shuffle.GLOBAL,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        from deepsink.dataset.engine.sources import find_files

        api = "CLUEDataset"
        self.dataset_files = find_files(dataset_files, api)
        self.task = check_one_of(
            task, ["AFQMC", "TNEWS", "IFLYTEK", "CMNLI", "WSC", "CSL"], "task", api
        )
        self.usage = check_one_of(usage, ["train", "test", "eval"], "usage", api)
        # MindSpore's engine hands the columns out in name order, whatever its docs' table says
        spec = sorted(_CLUE_COLUMNS[self.task][1 if self.usage == "test" else 0])
        self._spec = spec
        self._columns = [c[0] for c in spec]
        self._init_text(
            api,
            self.dataset_files,
            num_samples,
            num_parallel_workers,
            shuffle,
            num_shards,
            shard_id,
            cache,
        )

    def _parse(self, path: str) -> list[tuple]:
        rows = []
        with open(path, encoding="utf-8") as f:
            for k, line in enumerate(f):
                if not line.strip():
                    continue
                try:
                    obj = json.loads(line)
                    row = []
                    for _, key, kind in self._spec:
                        v = obj
                        for part in key.split("/"):
                            v = v[part]
                        if kind is str:
                            row.append(_str(str(v)))
                        elif kind is list:
                            row.append(np.array([str(x) for x in v]))
                        else:
                            row.append(np.array(int(v), np.uint32))
                except (ValueError, KeyError) as e:
                    raise RuntimeError(
                        f"Invalid data, line {k + 1} of {path} is not a CLUE {self.task} record: "
                        f"{e!r}"
                    ) from e
                rows.append(tuple(row))
        return rows


def _iwslt_pairs(src_file: str, tgt_file: str, xml: bool) -> list[tuple]:
    """Sentence pairs of one IWSLT file pair: ``train.tags`` files keep their lines that are not
    XML tags; dev/test ``.xml`` files give their ``<seg>`` elements."""

    def read(path: str) -> list[str]:
        if not os.path.isfile(path):
            raise RuntimeError(f"Invalid file, failed to open file: {path}")
        if xml:
            try:
                root = ET.parse(path).getroot()
            except ET.ParseError as e:
                raise RuntimeError(f"Invalid xml file, failed to parse {path}: {e}") from e
            return [(s.text or "").strip() for s in root.iter("seg")]
        with open(path, encoding="utf-8") as f:
            return [ln.strip() for ln in f if not ln.lstrip().startswith("<") and ln.strip()]

    a, b = read(src_file), read(tgt_file)
    if len(a) != len(b):
        raise RuntimeError(
            f"Invalid data, {src_file} has {len(a)} sentences but {tgt_file} has {len(b)}."
        )
    return [(_str(x), _str(y)) for x, y in zip(a, b)]


class _IWSLT(_TextSource):
    _columns = ["text", "translation"]

    def _parse(self, path: str) -> list[tuple]:
        src, tgt, xml = self._pairs[path]
        return _iwslt_pairs(src, tgt, xml)

    def _start_pairs(self, api: str, dataset_dir: Any, usage: Any, language_pair: Any, *args: Any):
        """Check the folder, ``usage``, the pair (``_is_pair``) and the valid/test sets
        (``_sets``), then read the split's files; ``args``: valid_set, test_set and a tuple of
        the sampling arguments of ``_init_text``."""
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = _usage(usage, _SPLITS3, api)
        src, tgt = ["de", "en"] if language_pair is None else list(language_pair)
        if not self._is_pair(src, tgt):
            raise ValueError(f"language_pair {language_pair} is not an {api[:-7]} pair")
        valid_set, test_set, sampling = args
        dev = check_one_of(valid_set or self._default_sets[0], self._sets, "valid_set", api)
        test = check_one_of(test_set or self._default_sets[1], self._sets, "test_set", api)
        folder = os.path.join(self.dataset_dir, "texts", *self._folders(src, tgt))
        ted = f"IWSLT{api[-9:-7]}.TED"
        stems = {"train": "train.tags", "valid": f"{ted}.{dev}", "test": f"{ted}.{test}"}
        self._pairs, keys = {}, []
        for u in ["train", "valid", "test"] if self.usage == "all" else [self.usage]:
            ext = "" if u == "train" else ".xml"
            a, b = (os.path.join(folder, f"{stems[u]}.{src}-{tgt}.{x}{ext}") for x in (src, tgt))
            self._pairs[a] = (a, b, bool(ext))
            keys.append(a)
        self._init_text(api, keys, *sampling)


_IWSLT16_PAIRS = {
    "en": ["ar", "cs", "de", "fr"],
    "ar": ["en"],
    "cs": ["en"],
    "de": ["en"],
    "fr": ["en"],
}
_IWSLT16_SETS = ["dev2010", "tst2010", "tst2011", "tst2012", "tst2013", "tst2014"]


class IWSLT2016Dataset(_IWSLT):
    """IWSLT 2016 TED translations (``texts/<src>/<tgt>/<src>-<tgt>/``): text and translation
    from ``train.tags.*`` (train) and the ``IWSLT16.TED.<set>.*.xml`` files (valid, test).

    Args:
        dataset_dir (str): The folder holding ``texts``.
        usage (str, optional): ``"train"``, ``"valid"``, ``"test"`` or ``"all"`` (default).
        language_pair (Sequence[str], optional): ``[src, tgt]``, default ``["de", "en"]``.
        valid_set (str, optional): The dev/test set read as valid; default ``"tst2013"``.
        test_set (str, optional): The set read as test; default ``"tst2014"``.
        num_samples, shuffle, num_shards, shard_id, num_parallel_workers, cache: as
            :class:`AGNewsDataset`.

    Raises:
        ValueError: An argument is not an accepted value.
        RuntimeError: A file is missing, or the two languages differ in sentence count.

    Examples:
        >>> import os, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> sub = os.path.join(d, "texts", "de", "en", "de-en")
        >>> os.makedirs(sub)
        >>> for lang, s in (("de", "Hallo"), ("en", "Hello")):
        ...     with open(os.path.join(sub, f"train.tags.de-en.{lang}"), "w") as f:
        ...         _ = f.write(f"<url>x</url>\\n{s}\\n")
        >>> data = ds.IWSLT2016Dataset(d, usage="train", language_pair=["de", "en"])
        >>> print([str(v) for v in next(data.create_tuple_iterator(output_numpy=True))])
        ['Hallo', 'Hello']
    """

    _sets, _default_sets = _IWSLT16_SETS, ("tst2013", "tst2014")

    @staticmethod
    def _is_pair(src: str, tgt: str) -> bool:
        return tgt in _IWSLT16_PAIRS.get(src, [])

    @staticmethod
    def _folders(src: str, tgt: str) -> tuple[str, ...]:
        return src, tgt, f"{src}-{tgt}"

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        language_pair: Any = None,
        valid_set: str | None = None,
        test_set: str | None = None,
        num_samples: int | None = None,
        shuffle: Any = Shuffle.GLOBAL,
        num_shards: int | None = None,
        shard_id: int | None = None,
        num_parallel_workers: int | None = None,
        cache: Any = None,
    ) -> None:
        sampling = (num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache)
        self._start_pairs(
            "IWSLT2016Dataset", dataset_dir, usage, language_pair, valid_set, test_set, sampling
        )


class IWSLT2017Dataset(_IWSLT):
    """IWSLT 2017 multilingual TED translations (``texts/DeEnItNlRo/DeEnItNlRo/
    DeEnItNlRo-DeEnItNlRo/``): text and translation, valid from dev2010, test from tst2010.

    Args:
        dataset_dir (str): The folder holding ``texts``.
        usage (str, optional): ``"train"``, ``"valid"``, ``"test"`` or ``"all"`` (default).
        language_pair (Sequence[str], optional): two of de, en, it, nl, ro; default
            ``["de", "en"]``.
        num_samples, shuffle, num_shards, shard_id, num_parallel_workers, cache: as
            :class:`AGNewsDataset`.

    Raises:
        ValueError: An argument is not an accepted value.
        RuntimeError: A file is missing, or the two languages differ in sentence count.

    Examples:
        >>> import os, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> sub = os.path.join(d, "texts", "DeEnItNlRo", "DeEnItNlRo", "DeEnItNlRo-DeEnItNlRo")
        >>> os.makedirs(sub)
        >>> for lang, s in (("it", "Ciao"), ("en", "Hello")):
        ...     with open(os.path.join(sub, f"train.tags.it-en.{lang}"), "w") as f:
        ...         _ = f.write(f"<url>x</url>\\n{s}\\n")
        >>> data = ds.IWSLT2017Dataset(d, usage="train", language_pair=["it", "en"])
        >>> print(data.get_dataset_size())
        1
    """

    _sets = _default_sets = ("dev2010", "tst2010")

    @staticmethod
    def _is_pair(src: str, tgt: str) -> bool:
        langs = ["de", "en", "it", "nl", "ro"]
        return src in langs and tgt in langs and src != tgt

    @staticmethod
    def _folders(src: str, tgt: str) -> tuple[str, ...]:
        return "DeEnItNlRo", "DeEnItNlRo", "DeEnItNlRo-DeEnItNlRo"

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        language_pair: Any = None,
        num_samples: int | None = None,
        shuffle: Any = Shuffle.GLOBAL,
        num_shards: int | None = None,
        shard_id: int | None = None,
        num_parallel_workers: int | None = None,
        cache: Any = None,
    ) -> None:
        sampling = (num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache)
        self._start_pairs(
            "IWSLT2017Dataset", dataset_dir, usage, language_pair, None, None, sampling
        )


class IMDBDataset(_Source):
    """IMDB reviews (``{train,test}/{pos,neg}/*.txt``): text (string) and label (int32 as
    MindSpore 2.10 yields it, 1 for pos, 0 for neg); random-access, so ``sampler`` applies.

    Args:
        dataset_dir (str): The folder of ``train`` and ``test``.
        usage (str, optional): ``"train"``, ``"test"`` or ``"all"`` (default).
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id: as
            :class:`mindspore.dataset.MnistDataset`.
        cache (None): MindSpore's cache server is not supported.

    Raises:
        ValueError: ``usage`` is not one of the splits, or ``dataset_dir`` is not a folder.

    Examples:
        >>> import os, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(d, "train", "pos"))
        >>> with open(os.path.join(d, "train", "pos", "0_9.txt"), "w") as f:
        ...     _ = f.write("Loved it.")
        >>> row = next(ds.IMDBDataset(d, usage="train").create_tuple_iterator(output_numpy=True))
        >>> print(str(row[0]), int(row[1]))
        Loved it. 1
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
        api = "IMDBDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = _usage(usage, _TRAIN_TEST, api)
        reject_cache(cache, api)
        parts = ["train", "test"] if self.usage == "all" else [self.usage]
        texts, labels = [], []
        for u in parts:
            for label, kind in ((1, "pos"), (0, "neg")):
                folder = os.path.join(self.dataset_dir, u, kind)
                if not os.path.isdir(folder):
                    continue
                for name in sorted(os.listdir(folder)):
                    if name.endswith(".txt"):
                        with open(os.path.join(folder, name), encoding="utf-8") as f:
                            texts.append(_str(f.read()))
                        labels.append(label)
        self._texts, self._labels = texts, np.array(labels, np.int32)
        self._names = ["text", "label"]
        smp = resolve(api, sampler, shuffle, num_samples, num_shards, shard_id)
        super().__init__(smp, num_parallel_workers, (self.usage,))

    def _length(self) -> int:
        return len(self._texts)

    def _read(self, idx: np.ndarray, ctx: ExecContext | None) -> tuple:
        return [self._texts[int(i)] for i in idx], self._labels[np.asarray(idx, np.int64)]
