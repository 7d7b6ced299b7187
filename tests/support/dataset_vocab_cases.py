"""The cases of ``scripts/record_dataset_vocab.py`` (recorded on MindSpore 2.10 into
``tests/fixtures/ms/dataset_vocab.json``) that ``tests/dataset/test_dataset_vocab.py`` runs on
deepsink: ``text.Vocab.from_dataset``, ``Dataset._build_vocab`` (what mindnlp's ``Vocab`` calls)
and the deprecated ``Dataset.build_vocab``, each as its vocab or its error."""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

WORDS = ["b a c a", "d b a", "e e c a", "z y"]


def _sources(ds: Any) -> dict[str, Callable[[], Any]]:
    def two_columns():
        for s in WORDS:
            yield np.array(s.split()), np.array(["x", "a", s[0]])

    return {
        "gen": lambda: ds.GeneratorDataset(two_columns, ["w", "v"], shuffle=False),
        "abc": lambda: ds.NumpySlicesDataset(
            {"t": ["a", "a", "a", "b", "b", "c"], "n": [1, 2, 3, 4, 5, 6]}, shuffle=False
        ),
        "ties": lambda: ds.NumpySlicesDataset(
            {"t": ["q", "B", "a", "b", "A", "é", "1", ""]}, shuffle=False
        ),
        "batched": lambda: ds.NumpySlicesDataset(
            {"t": [["a", "b"], ["b", "c"], ["c", "c"]]}, shuffle=False
        ).batch(2, drop_remainder=False),
    }


# (name, source, positional arguments of from_dataset after the dataset, keyword arguments)
CASES: list[tuple[str, str, list, dict]] = [
    ("all_columns", "gen", [], {}),
    ("one_column", "gen", ["w"], {}),
    ("two_columns", "gen", [["v", "w"]], {}),
    ("freq_2_3", "gen", ["w"], {"freq_range": (2, 3)}),
    ("freq_none_1", "gen", ["w"], {"freq_range": (None, 1)}),
    ("freq_2_none", "gen", ["w"], {"freq_range": (2, None)}),
    ("freq_0_0", "abc", ["t"], {"freq_range": (0, 0)}),
    ("top_k", "gen", ["w"], {"top_k": 3}),
    ("freq_then_top_k", "gen", ["w"], {"freq_range": (1, 2), "top_k": 2}),
    ("special_last", "gen", ["w"], {"special_tokens": ["<pad>", "<unk>"], "special_first": False}),
    ("special_first", "abc", ["t"], {"special_tokens": ["<pad>", "<unk>"]}),
    ("special_is_a_word", "abc", ["t"], {"special_tokens": ["<pad>", "a"]}),
    ("special_beyond_top_k", "abc", ["t"], {"top_k": 1, "special_tokens": ["c"]}),
    ("special_beyond_freq", "abc", ["t"], {"freq_range": (2, None), "special_tokens": ["c"]}),
    ("ties_in_string_order", "ties", [], {}),
    ("batched", "batched", [], {}),
    ("unknown_column", "abc", ["nope"], {}),
    ("numeric_column", "abc", ["n"], {}),
    ("numeric_among_all", "abc", [], {}),
    ("columns_tuple", "abc", [("t",)], {}),
    ("columns_list_of_int", "abc", [[3]], {}),
    ("freq_reversed", "abc", ["t"], {"freq_range": (3, 1)}),
    ("freq_negative_open", "abc", ["t"], {"freq_range": (-1, None)}),
    ("freq_list", "abc", ["t"], {"freq_range": [1, 2]}),
    ("freq_float", "abc", ["t"], {"freq_range": (1.0, 2)}),
    ("freq_three", "abc", ["t"], {"freq_range": (1, 2, 3)}),
    ("top_k_zero", "abc", ["t"], {"top_k": 0}),
    ("top_k_bool", "abc", ["t"], {"top_k": True}),
    ("special_repeated", "abc", ["t"], {"special_tokens": ["a", "a"]}),
    ("special_str", "abc", ["t"], {"special_tokens": "<pad>"}),
    ("special_first_int", "abc", ["t"], {"special_first": 1}),
]

# Dataset._build_vocab(columns, freq_range, top_k, special_tokens, special_first), unchecked
PRIVATE: list[tuple[str, str, list]] = [
    ("private_all", "gen", [None, None, None, None, True]),
    ("private_str_column", "gen", ["w", (2, None), 2, ["<s>"], False]),
    ("private_open_pair", "abc", ["t", (None, None), None, None, True]),
    ("private_unknown_column", "abc", [["nope"], None, None, None, True]),
]


def _error_line(e: Exception) -> str:
    """The message a user reads: the ``[ERROR]`` line of a pipeline error, else the first line."""
    found = re.search(r"\[ERROR\] (.*)", str(e))
    return (found.group(1) if found else str(e).splitlines()[0]).strip()


def _outcome(fn: Callable[[], Any]) -> dict:
    try:
        return {"vocab": fn()}
    except Exception as e:  # noqa: BLE001 - the error is the result
        return {"error": type(e).__name__, "message": _error_line(e)}


def run_cases(ds: Any, text: Any) -> dict[str, dict]:
    """Each case's vocab (a dict of word to id) or error, under the engine ``ds``/``text``."""
    sources = _sources(ds)
    out = {}
    for name, source, args, kw in CASES:
        out[name] = _outcome(
            lambda s=source, a=args, k=kw: text.Vocab.from_dataset(sources[s](), *a, **k).vocab()
        )
    for name, source, args in PRIVATE:
        out[name] = _outcome(lambda s=source, a=args: sources[s]()._build_vocab(*a).vocab())
    lookup = text.Lookup(
        text.Vocab.from_dataset(sources["abc"](), "t", special_tokens=["<unk>"]), "<unk>"
    )
    mapped = sources["abc"]().map(lookup, input_columns="t")
    out["lookup_ids"] = {
        "ids": [int(r[0]) for r in mapped.create_tuple_iterator(output_numpy=True)]
    }
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = sources["gen"]().build_vocab(["w"], None, None, None, True)
    out["deprecated_build_vocab"] = {
        "result": repr(result),
        "warnings": [[w.category.__name__, str(w.message)] for w in caught],
    }
    return out
