"""``mindspore.dataset.text.transforms``: the text transforms (each runs eagerly, ``op(x)``, and in
``Dataset.map``), from the modules that hold them by topic."""

from deepsink.dataset.text.base import TextOperation as _TextOperation
from deepsink.dataset.text.bert import BasicTokenizer as BasicTokenizer
from deepsink.dataset.text.bert import BertTokenizer as BertTokenizer
from deepsink.dataset.text.bert import WordpieceTokenizer as WordpieceTokenizer
from deepsink.dataset.text.jieba_tokenizer import JiebaTokenizer as JiebaTokenizer
from deepsink.dataset.text.lookup import Lookup as Lookup
from deepsink.dataset.text.lookup import ToNumber as ToNumber
from deepsink.dataset.text.lookup import ToVectors as ToVectors
from deepsink.dataset.text.normalize import CaseFold as CaseFold
from deepsink.dataset.text.normalize import FilterWikipediaXML as FilterWikipediaXML
from deepsink.dataset.text.normalize import NormalizeUTF8 as NormalizeUTF8
from deepsink.dataset.text.normalize import RegexReplace as RegexReplace
from deepsink.dataset.text.sentencepiece_tokenizer import (
    SentencePieceTokenizer as SentencePieceTokenizer,
)
from deepsink.dataset.text.sequences import AddToken as AddToken
from deepsink.dataset.text.sequences import Ngram as Ngram
from deepsink.dataset.text.sequences import SlidingWindow as SlidingWindow
from deepsink.dataset.text.sequences import Truncate as Truncate
from deepsink.dataset.text.sequences import TruncateSequencePair as TruncateSequencePair
from deepsink.dataset.text.splitters import PythonTokenizer as PythonTokenizer
from deepsink.dataset.text.splitters import RegexTokenizer as RegexTokenizer
from deepsink.dataset.text.splitters import UnicodeCharTokenizer as UnicodeCharTokenizer
from deepsink.dataset.text.splitters import UnicodeScriptTokenizer as UnicodeScriptTokenizer
from deepsink.dataset.text.splitters import WhitespaceTokenizer as WhitespaceTokenizer
from deepsink.dataset.text.utils import NormalizeForm as NormalizeForm
from deepsink.dataset.transforms.py_transforms_util import Implementation as Implementation

TextTensorOperation = _TextOperation  # MindSpore's name of the text ops' base

# MindSpore maps each NormalizeForm to its C++ engine's enum; deepsink's engine takes NormalizeForm
DE_C_INTER_NORMALIZE_FORM = {form: form for form in NormalizeForm}
