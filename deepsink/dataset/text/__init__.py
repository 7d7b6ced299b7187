"""``mindspore.dataset.text``: text transforms on string arrays, Vocab and pre-trained vectors
(every name of MindSpore 2.10's module; a name MindSpore lacks raises an AttributeError that says
so)."""

from deepsink._core.public import missing_names as _missing_names
from deepsink.dataset.text import dataset_vocab as _dataset_vocab  # noqa: F401 (registers)
from deepsink.dataset.text import transforms as transforms
from deepsink.dataset.text import utils as utils
from deepsink.dataset.text.transforms import AddToken as AddToken
from deepsink.dataset.text.transforms import BasicTokenizer as BasicTokenizer
from deepsink.dataset.text.transforms import BertTokenizer as BertTokenizer
from deepsink.dataset.text.transforms import CaseFold as CaseFold
from deepsink.dataset.text.transforms import FilterWikipediaXML as FilterWikipediaXML
from deepsink.dataset.text.transforms import JiebaTokenizer as JiebaTokenizer
from deepsink.dataset.text.transforms import Lookup as Lookup
from deepsink.dataset.text.transforms import Ngram as Ngram
from deepsink.dataset.text.transforms import NormalizeUTF8 as NormalizeUTF8
from deepsink.dataset.text.transforms import PythonTokenizer as PythonTokenizer
from deepsink.dataset.text.transforms import RegexReplace as RegexReplace
from deepsink.dataset.text.transforms import RegexTokenizer as RegexTokenizer
from deepsink.dataset.text.transforms import SentencePieceTokenizer as SentencePieceTokenizer
from deepsink.dataset.text.transforms import SlidingWindow as SlidingWindow
from deepsink.dataset.text.transforms import ToNumber as ToNumber
from deepsink.dataset.text.transforms import ToVectors as ToVectors
from deepsink.dataset.text.transforms import Truncate as Truncate
from deepsink.dataset.text.transforms import TruncateSequencePair as TruncateSequencePair
from deepsink.dataset.text.transforms import UnicodeCharTokenizer as UnicodeCharTokenizer
from deepsink.dataset.text.transforms import UnicodeScriptTokenizer as UnicodeScriptTokenizer
from deepsink.dataset.text.transforms import WhitespaceTokenizer as WhitespaceTokenizer
from deepsink.dataset.text.transforms import WordpieceTokenizer as WordpieceTokenizer
from deepsink.dataset.text.utils import JiebaMode as JiebaMode
from deepsink.dataset.text.utils import NormalizeForm as NormalizeForm
from deepsink.dataset.text.utils import SentencePieceModel as SentencePieceModel
from deepsink.dataset.text.utils import SentencePieceVocab as SentencePieceVocab
from deepsink.dataset.text.utils import SPieceTokenizerLoadType as SPieceTokenizerLoadType
from deepsink.dataset.text.utils import SPieceTokenizerOutType as SPieceTokenizerOutType
from deepsink.dataset.text.utils import Vocab as Vocab
from deepsink.dataset.text.utils import to_bytes as to_bytes
from deepsink.dataset.text.utils import to_str as to_str
from deepsink.dataset.text.vectors import CharNGram as CharNGram
from deepsink.dataset.text.vectors import FastText as FastText
from deepsink.dataset.text.vectors import GloVe as GloVe
from deepsink.dataset.text.vectors import Vectors as Vectors

__getattr__ = _missing_names(__name__)
