"""Transforms defined as MindSpore defines its own, as libraries built on MindSpore write them
(mindnlp's ``Lookup`` and ``BasicTokenizer``): ``parse()`` returns an operation of
``mindspore._c_dataengine``, or ``implementation`` ``PY`` routes calls to ``_execute_py``; the
op runs that, eagerly and in ``Dataset.map``. mindnlp's own transforms against MindSpore 2.10's
outputs: ``tests/test_mindnlp_models.py``."""

from __future__ import annotations

import numpy as np
import pytest

import deepsink as ms
import deepsink.dataset as ds
from deepsink._c_dataengine import BasicTokenizerOperation, LookupOperation, NormalizeForm, Vocab
from deepsink.dataset.core.datatypes import mstype_to_detype
from deepsink.dataset.text.transforms import (
    DE_C_INTER_NORMALIZE_FORM,
    Implementation,
    TextTensorOperation,
)
from deepsink.dataset.transforms.transforms import PyTensorOperation


class EngineLookup(TextTensorOperation):
    def __init__(self, words):
        super().__init__()
        self.vocab = Vocab.from_dict({w: i for i, w in enumerate(words)})

    def parse(self):
        return LookupOperation(self.vocab, "<unk>", str(mstype_to_detype(ms.int64)))


class PyUpper(TextTensorOperation, PyTensorOperation):
    def __init__(self):
        super().__init__()
        self.implementation = Implementation.PY

    def _execute_py(self, x):
        return np.char.upper(np.asarray(x))


def test_an_op_defined_by_parse_runs_its_engine_operation_eagerly_and_in_map():
    op = EngineLookup(["<unk>", "a", "b"])
    out = op(np.array(["b", "z", "a"]))
    assert out.dtype == np.int64 and out.tolist() == [2, 0, 1]
    data = ds.GeneratorDataset([(np.array(["a", "b"]),), (np.array(["q"]),)], ["t"], shuffle=False)
    rows = [r["t"].tolist() for r in data.map(op, "t").create_dict_iterator(output_numpy=True)]
    assert rows == [[1, 2], [0]]


def test_a_python_implemented_op_runs_execute_py():
    assert PyUpper()(np.array(["ab", "c"])).tolist() == ["AB", "C"]
    data = ds.GeneratorDataset([(np.array(["x"]),)], ["t"], shuffle=False)
    rows = [
        r["t"].tolist() for r in data.map(PyUpper(), "t").create_dict_iterator(output_numpy=True)
    ]
    assert rows == [["X"]]


class EngineTokenizeThenCast(TextTensorOperation):
    def __init__(self, cast):
        super().__init__()
        self.cast = cast

    def parse(self):
        if self.cast:  # a built-in op's engine operation
            return ds.transforms.TypeCast(ms.int32).parse()
        form = DE_C_INTER_NORMALIZE_FORM[NormalizeForm.NFD]
        return BasicTokenizerOperation(True, False, form, False, False)


def test_engine_operations_of_the_tokenizer_and_of_built_in_ops():
    assert EngineTokenizeThenCast(False)("Héllo, World!").tolist() == ["hello", ",", "world", "!"]
    out = EngineTokenizeThenCast(True)(np.array([1.7, -2.2]))
    assert out.dtype == np.int32 and out.tolist() == [1, -2]


def test_mstype_to_detype_names_the_engine_type():
    assert str(mstype_to_detype(ms.int64)) == "int64" and str(mstype_to_detype(ms.bool_)) == "bool"
    with pytest.raises(NotImplementedError, match="'type_' must be a mindspore dtype"):
        mstype_to_detype("int32")
