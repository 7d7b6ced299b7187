"""``mindspore._c_dataengine``: the engine operations that a transform's ``parse()`` returns, for
libraries that define their own transforms on MindSpore's engine (mindnlp's ``Lookup`` and
``BasicTokenizer``). Each is deepsink's transform, built from the C++ constructor's arguments."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.common import dtype as mstype
from deepsink.dataset.core.datatypes import DataType as DataType
from deepsink.dataset.text.bert import BasicTokenizer
from deepsink.dataset.text.lookup import Lookup
from deepsink.dataset.text.utils import NormalizeForm as NormalizeForm
from deepsink.dataset.text.utils import Vocab as Vocab


class LookupOperation(Lookup):
    """The engine's ``Lookup``: ``(vocab, unknown_token, data_type)``, the type as its name
    (``str(mstype_to_detype(t))``).

    Examples:
        >>> from deepsink._c_dataengine import LookupOperation, Vocab
        >>> print(LookupOperation(Vocab.from_dict({"a": 0, "b": 1}), "a", "int64")(["b", "c"]))
        [1 0]
    """

    def __init__(self, vocab: Vocab, unknown_token: str | None, data_type: str) -> None:
        super().__init__(vocab, unknown_token, mstype.from_np(np.dtype(data_type)))


class BasicTokenizerOperation(BasicTokenizer):
    """The engine's ``BasicTokenizer``: its five arguments, by position.

    Examples:
        >>> from deepsink._c_dataengine import BasicTokenizerOperation, NormalizeForm
        >>> print(BasicTokenizerOperation(True, False, NormalizeForm.NFD, False, False)("Hi, Bob!"))
        ['hi' ',' 'bob' '!']
    """

    def __init__(
        self,
        lower_case: bool,
        keep_whitespace: bool,
        normalization_form: Any,
        preserve_unused_token: bool,
        with_offsets: bool,
    ) -> None:
        super().__init__(
            lower_case, keep_whitespace, normalization_form, preserve_unused_token, with_offsets
        )
