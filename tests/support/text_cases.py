"""The cases of ``scripts/record_text_fixtures.py`` (recorded on MindSpore 2.10 into
``tests/fixtures/ms/text_ops.json``) that ``tests/dataset/test_text_fixtures.py`` runs on
deepsink: ops with their arguments and one eager input, and Python expressions."""

from __future__ import annotations

BERT_VOCAB = [
    "[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "[unused1]", "hello", "world", "the", "quick",
    "brown", "fox", "un", "##want", "##ed", "runn", "##ing", ",", ".", "!", "?", "'", "s", "it",
    "北", "京", "cafe", "café", "naive", "jump", "##s", "over", "lazy", "dog", "##gy", "a", "##b",
    "##c", "i", "am", "making", "small", "mistake", "##s", "during", "work", "-", "e", "mail",
]  # fmt: skip

S = "Hello, World! The QUICK brown fox"

CASES: list[dict] = [
    # BasicTokenizer
    {"op": "BasicTokenizer", "kw": {}, "x": S},
    {"op": "BasicTokenizer", "kw": {"lower_case": True}, "x": S},
    {"op": "BasicTokenizer", "kw": {"with_offsets": True}, "x": S},
    {
        "op": "BasicTokenizer",
        "kw": {"lower_case": True, "with_offsets": True},
        "x": "Café  Naïve ÅB",
    },
    {"op": "BasicTokenizer", "kw": {"with_offsets": True}, "x": "Café  Naïve ÅB"},
    {
        "op": "BasicTokenizer",
        "kw": {"keep_whitespace": True, "with_offsets": True},
        "x": "a  b\tc\n",
    },
    {"op": "BasicTokenizer", "kw": {}, "x": "北京大学 is in 北京。"},
    {
        "op": "BasicTokenizer",
        "kw": {"lower_case": True},
        "x": "[CLS] Hi [SEP] [unused12] [UNK]x [MASK]",
    },
    {
        "op": "BasicTokenizer",
        "kw": {"lower_case": True, "preserve_unused_token": False},
        "x": "[CLS] hi [SEP]",
    },
    {"op": "BasicTokenizer", "kw": {"preserve_unused_token": False}, "x": "[CLS] hi [unused1]"},
    {"op": "BasicTokenizer", "kw": {}, "x": "it's e-mail 3.14 #tag @user $5 a\u0000b\u200bc"},
    {"op": "BasicTokenizer", "kw": {"normalization_form": "NFKC"}, "x": "ｆｕｌｌ① ﬁ"},
    {"op": "BasicTokenizer", "kw": {"lower_case": True}, "x": "ΣΑΣ Straße ǅ İ"},
    {"op": "BasicTokenizer", "kw": {}, "x": ""},
    {"op": "BasicTokenizer", "kw": {}, "x": "   "},
    {"op": "BasicTokenizer", "kw": {"lower_case": 1}, "x": S},
    {"op": "BasicTokenizer", "kw": {}, "x": ["a b", "c"]},
    # WordpieceTokenizer
    {"op": "WordpieceTokenizer", "kw": {"vocab": BERT_VOCAB}, "x": ["unwanted", "running", "xyz"]},
    {
        "op": "WordpieceTokenizer",
        "kw": {"vocab": BERT_VOCAB, "with_offsets": True},
        "x": ["unwanted", "jumps", "café"],
    },
    {
        "op": "WordpieceTokenizer",
        "kw": {"vocab": BERT_VOCAB, "unknown_token": ""},
        "x": ["xyz", "dog", "doggy"],
    },
    {
        "op": "WordpieceTokenizer",
        "kw": {"vocab": BERT_VOCAB, "max_bytes_per_token": 4},
        "x": ["dog", "doggy", "quick"],
    },
    {
        "op": "WordpieceTokenizer",
        "kw": {"vocab": BERT_VOCAB, "suffix_indicator": "@@"},
        "x": ["unwanted", "dogs"],
    },
    {"op": "WordpieceTokenizer", "kw": {"vocab": BERT_VOCAB}, "x": "unwanted"},
    {"op": "WordpieceTokenizer", "kw": {"vocab": BERT_VOCAB}, "x": [["a", "abc"], ["dogs", "s"]]},
    {
        "op": "WordpieceTokenizer",
        "kw": {"vocab": BERT_VOCAB, "max_bytes_per_token": -1},
        "x": ["a"],
    },
    # BertTokenizer
    {"op": "BertTokenizer", "kw": {"vocab": BERT_VOCAB}, "x": S},
    {"op": "BertTokenizer", "kw": {"vocab": BERT_VOCAB, "lower_case": True}, "x": S},
    {
        "op": "BertTokenizer",
        "kw": {"vocab": BERT_VOCAB, "lower_case": True, "with_offsets": True},
        "x": "I am making small mistakes during working hours",
    },
    {
        "op": "BertTokenizer",
        "kw": {"vocab": BERT_VOCAB, "lower_case": True, "with_offsets": True},
        "x": "Café naïve 北京! [CLS] unwanted",
    },
    {
        "op": "BertTokenizer",
        "kw": {"vocab": BERT_VOCAB, "lower_case": True, "unknown_token": ""},
        "x": "unwanted xyz",
    },
    {
        "op": "BertTokenizer",
        "kw": {"vocab": BERT_VOCAB, "lower_case": True},
        "x": "[CLS] it's an e-mail [SEP] [unused1]",
    },
    # WhitespaceTokenizer / RegexTokenizer / UnicodeScriptTokenizer
    {"op": "WhitespaceTokenizer", "kw": {}, "x": " Welcome  to\tBeijing!\n 北京 "},
    {
        "op": "WhitespaceTokenizer",
        "kw": {"with_offsets": True},
        "x": " Welcome  to\tBeijing!\n 北京 ",
    },
    {"op": "WhitespaceTokenizer", "kw": {}, "x": "   "},
    {"op": "RegexTokenizer", "kw": {"delim_pattern": "\\s+"}, "x": "Welcome  to Beijing"},
    {
        "op": "RegexTokenizer",
        "kw": {"delim_pattern": "\\s+", "keep_delim_pattern": "\\s+"},
        "x": "Welcome  to Beijing",
    },
    {
        "op": "RegexTokenizer",
        "kw": {"delim_pattern": "\\s+|,", "keep_delim_pattern": ",", "with_offsets": True},
        "x": "a, b,c  d",
    },
    {"op": "RegexTokenizer", "kw": {"delim_pattern": "\\p{P}"}, "x": "a.b!c"},
    {"op": "UnicodeScriptTokenizer", "kw": {}, "x": "Hello 北京123 мир!! ok"},
    {
        "op": "UnicodeScriptTokenizer",
        "kw": {"keep_whitespace": True, "with_offsets": True},
        "x": "Hello 北京123 мир!! ok",
    },
    {"op": "UnicodeScriptTokenizer", "kw": {"with_offsets": True}, "x": "ab,cd 12.5"},
    {"op": "UnicodeCharTokenizer", "kw": {"with_offsets": True}, "x": "hé北"},
    # normalizing
    {"op": "CaseFold", "kw": {}, "x": ["Welcome TO BeiJing", "Straße ΣΑΣ ǅ"]},
    {"op": "NormalizeUTF8", "kw": {"normalize_form": "NFKC"}, "x": ["ｆｕｌｌ①ﬁ", "é"]},
    {"op": "NormalizeUTF8", "kw": {"normalize_form": "NFD"}, "x": "é"},
    {"op": "NormalizeUTF8", "kw": {"normalize_form": "NONE"}, "x": "ｆ"},
    {"op": "RegexReplace", "kw": {"pattern": "\\s+", "replace": "_"}, "x": ["a  b c", "x"]},
    {
        "op": "RegexReplace",
        "kw": {"pattern": "a", "replace": "X", "replace_all": False},
        "x": "banana",
    },
    {
        "op": "RegexReplace",
        "kw": {"pattern": "(\\w+)@(\\w+)", "replace": "$2 at $1"},
        "x": "user@host",
    },
    {
        "op": "FilterWikipediaXML",
        "kw": {},
        "x": "Anarchism is a [[political philosophy]] &amp; {{cite}} <ref>x</ref> 12 ÉB.",
    },
    # sequences
    {"op": "Ngram", "kw": {"n": [2]}, "x": ["a", "b", "c", "d"]},
    {"op": "Ngram", "kw": {"n": [1, 3], "separator": "-"}, "x": ["a", "b", "c"]},
    {"op": "Ngram", "kw": {"n": [2], "left_pad": ["_", 1], "right_pad": ["_", 1]}, "x": ["a", "b"]},
    {"op": "Ngram", "kw": {"n": [4]}, "x": ["a", "b"]},
    {"op": "Ngram", "kw": {"n": [0]}, "x": ["a", "b"]},
    {"op": "SlidingWindow", "kw": {"width": 2}, "x": [1, 2, 3, 4]},
    {"op": "SlidingWindow", "kw": {"width": 5}, "x": [1, 2, 3]},
    {"op": "SlidingWindow", "kw": {"width": 2, "axis": 0}, "x": [[1, 2], [3, 4], [5, 6]]},
    {"op": "Truncate", "kw": {"max_seq_len": 2}, "x": ["a", "b", "c"]},
    {"op": "Truncate", "kw": {"max_seq_len": 3}, "x": [[1, 2, 3, 4], [5, 6, 7, 8]]},
    {"op": "TruncateSequencePair", "kw": {"max_length": 4}, "x": [[1, 2, 3], [4, 5, 6, 7]]},
    {"op": "TruncateSequencePair", "kw": {"max_length": 10}, "x": [["a", "b"], ["c"]]},
    {"op": "AddToken", "kw": {"token": "TOKEN", "begin": True}, "x": ["a", "b"]},
    {"op": "AddToken", "kw": {"token": "END", "begin": False}, "x": ["a", "b"]},
    {"op": "AddToken", "kw": {"token": "T", "begin": True}, "x": [["a", "b"], ["c", "d"]]},
    # Lookup
    {
        "op": "Lookup",
        "kw": {"vocab": BERT_VOCAB, "unknown_token": "[UNK]"},
        "x": ["hello", "xyz", "world"],
    },
    {
        "op": "Lookup",
        "kw": {"vocab": BERT_VOCAB, "unknown_token": "[UNK]", "data_type": "int64"},
        "x": [["hello"], ["the"]],
    },
    {"op": "Lookup", "kw": {"vocab": BERT_VOCAB}, "x": ["hello", "xyz"]},
    {"op": "Lookup", "kw": {"vocab": BERT_VOCAB, "unknown_token": "nope"}, "x": ["hello"]},
    {"op": "Lookup", "kw": {"vocab": BERT_VOCAB, "data_type": "string"}, "x": ["hello"]},
    {"op": "Lookup", "kw": {"vocab": BERT_VOCAB, "unknown_token": "[UNK]"}, "x": 3},
    # more kernel details
    {
        "op": "WordpieceTokenizer",
        "kw": {"vocab": ["dog", "[UNK]", "##s", "a"]},
        "x": ["dogx", "adogs", "dogs"],
    },
    {"op": "BasicTokenizer", "kw": {"lower_case": True, "with_offsets": True}, "x": "Ab [CLS] x"},
    {"op": "BasicTokenizer", "kw": {"lower_case": True}, "x": "x [CLS] ÉY"},
    {"op": "BertTokenizer", "kw": {"vocab": BERT_VOCAB}, "x": ["a"]},
    {"op": "RegexTokenizer", "kw": {"delim_pattern": "a*", "with_offsets": True}, "x": "baab"},
    {
        "op": "RegexReplace",
        "kw": {"pattern": "a", "replace": "X", "replace_all": False},
        "x": ["banana", "alpha"],
    },
    {"op": "CaseFold", "kw": {}, "x": "a\u200bB\u00adC"},
    {"op": "CaseFold", "kw": {}, "x": 1},
    {
        "op": "FilterWikipediaXML",
        "kw": {},
        "x": "<page>[[Category:Big Cats|x]] [[image:a.png|thumb|left|20px|A cat]] &lt;b&gt; Rock [http://x.org site]\n\nEnd</page>",
    },
    {"op": "FilterWikipediaXML", "kw": {}, "x": "#REDIRECT [[x]]"},
    {"op": "TruncateSequencePair", "kw": {"max_length": 3}, "x": [[1, 2, 3, 4, 5], [6]]},
    {"op": "TruncateSequencePair", "kw": {"max_length": 3}, "x": [[1, 2, 3, 4], [5, 6, 7, 8]]},
    {"op": "TruncateSequencePair", "kw": {"max_length": 5}, "x": [[1, 2], [3, 4, 5, 6, 7, 8]]},
    {"op": "TruncateSequencePair", "kw": {"max_length": 1}, "x": [[1, 2, 3], [4, 5, 6]]},
    {"op": "TruncateSequencePair", "kw": {"max_length": 3}, "x": [[[1, 2]], [1]]},
    {"op": "Truncate", "kw": {"max_seq_len": 3}, "x": [[[1, 2]]]},
    {"op": "AddToken", "kw": {"token": "a"}, "x": "x"},
    {"op": "AddToken", "kw": {"token": "a"}, "x": [1, 2]},
    {"op": "Ngram", "kw": {"n": [2]}, "x": [["a"]]},
    {"op": "SlidingWindow", "kw": {"width": 2}, "x": "ab"},
    {"op": "SlidingWindow", "kw": {"width": 3}, "x": ["a", "b", "c", "d"]},
    {"op": "UnicodeScriptTokenizer", "kw": {}, "x": "Ελληνικά текст עברית العربية"},
    {"op": "WhitespaceTokenizer", "kw": {}, "x": ["a b"]},
]

# Python expressions run on both sides with ``text``, ``ds`` and ``np`` bound; ``DIR`` is a
# folder holding the vector files written by ``write_files``
EXPRESSIONS: list[str] = [
    "text.Vocab.from_list(['a', 'b', 'c'], ['<pad>', '<unk>'], False).vocab()",
    "text.Vocab.from_list(['a', 'b'], ['<pad>']).vocab()",
    "text.Vocab.from_list(['a', 'b']).tokens_to_ids(['b', 'zz'])",
    "text.Vocab.from_list(['a', 'b']).tokens_to_ids('b')",
    "text.Vocab.from_list(['a', 'b']).ids_to_tokens([1, 9])",
    "text.Vocab.from_list(['a', 'b']).ids_to_tokens(0)",
    "text.Vocab.from_list(['a', 'a'])",
    "text.Vocab.from_list(['a', 'b'], ['b'])",
    "text.Vocab.from_list('ab')",
    "text.Vocab.from_dict({'x': 5, 'y': 2}).vocab()",
    "text.Vocab.from_dict({'x': -1})",
    "text.Vocab.from_file(DIR + '/vocab.txt', ',', special_tokens=['<s>']).vocab()",
    "text.Vocab.from_file(DIR + '/vocab.txt', ',', 2, ['<s>'], False).vocab()",
    "text.Vocab.from_file(DIR + '/vocab.txt').vocab()",
    "text.Vocab.from_file(DIR + '/dup_vocab.txt', ',').vocab()",
    "text.Vocab.from_dataset(ds.NumpySlicesDataset({'t': [['b', 'a', 'c'], ['a', 'c', 'd'], ['z', 'a', 'y']]}, shuffle=False), ['t'], special_tokens=['<pad>']).vocab()",
    "text.Vocab.from_dataset(ds.NumpySlicesDataset({'t': [['b', 'a', 'c'], ['a', 'c', 'd'], ['z', 'a', 'y']]}, shuffle=False), ['t'], freq_range=(1, 2), top_k=2).vocab()",
    "text.Vocab.from_dataset(ds.NumpySlicesDataset({'t': [['b', 'a']]}, shuffle=False), top_k=0)",
    "text.ToVectors(text.Vectors.from_file(DIR + '/vectors.txt'))(np.array(['Hello', 'world', 'x'])).tolist()",
    "text.ToVectors(text.Vectors.from_file(DIR + '/vectors.txt'), unk_init=[9, 9, 9], lower_case_backup=True)(np.array(['hello', 'WORLD', 'x'])).tolist()",
    "text.ToVectors(text.Vectors.from_file(DIR + '/plain_vectors.txt', max_vectors=1))(np.array(['Hello', 'world'])).tolist()",
    "text.ToVectors(text.Vectors.from_file(DIR + '/plain_vectors.txt'))(np.array('world')).tolist()",
    "text.ToVectors(text.Vectors.from_file(DIR + '/plain_vectors.txt'), unk_init=[1])(np.array('world')).tolist()",
    "text.Vectors.from_file(DIR + '/bad_vectors.txt')",
    "text.Vectors.from_file(DIR + '/missing.txt')",
    "text.Vectors.from_file(DIR + '/plain_vectors.txt', max_vectors=-1)",
    "text.ToVectors(text.CharNGram.from_file(DIR + '/charNgram.txt'))(np.array(['ab', 'a', 'zz'])).tolist()",
    "text.ToVectors(text.FastText.from_file(DIR + '/wiki.vec'))(np.array(['world'])).tolist()",
    "text.FastText.from_file(DIR + '/plain_vectors.txt')",
    "text.ToVectors(text.GloVe.from_file(DIR + '/glove.6B.3d.txt'))(np.array(['world'])).tolist()",
    "text.GloVe.from_file(DIR + '/plain_vectors.txt')",
    "text.PythonTokenizer(lambda s: s.split('-'))(np.array('a-b-c')).tolist()",
    "text.PythonTokenizer(lambda s: s.split('-'))('a-b-c')",
    "text.PythonTokenizer(3)",
    "text.to_str(np.array([b'ab', 'é'.encode()])).tolist()",
    "[b.hex() for b in text.to_bytes(np.array(['ab', 'é'])).tolist()]",
    "text.to_str(['ab'])",
    "[int(m) for m in text.JiebaMode] + [int(m) for m in text.NormalizeForm] + [int(m) for m in text.SentencePieceModel] + [int(m) for m in text.SPieceTokenizerOutType] + [int(m) for m in text.SPieceTokenizerLoadType]",
    "[m.name for m in text.JiebaMode] + [m.name for m in text.NormalizeForm] + [m.name for m in text.SentencePieceModel]",
]

SP = "text.SentencePieceVocab.from_file([DIR + '/corpus.txt'], 40, 0.9995, text.SentencePieceModel.{}, {{}})"
SP_IN = "np.array('hello world the quickest foxes')"
EXPRESSIONS += [
    f"text.SentencePieceTokenizer({SP.format('UNIGRAM')}, text.SPieceTokenizerOutType.STRING)({SP_IN}).tolist()",
    f"(lambda o: [str(o.dtype), o.tolist()])(text.SentencePieceTokenizer({SP.format('UNIGRAM')}, text.SPieceTokenizerOutType.INT)({SP_IN}))",
    f"text.SentencePieceTokenizer({SP.format('BPE')}, text.SPieceTokenizerOutType.STRING)({SP_IN}).tolist()",
    f"text.SentencePieceTokenizer({SP.format('CHAR')}, text.SPieceTokenizerOutType.STRING)(np.array('the fox')).tolist()",
    f"text.SentencePieceTokenizer({SP.format('WORD')}, text.SPieceTokenizerOutType.STRING)(np.array('the fox zebra')).tolist()",
    "text.SentencePieceTokenizer(text.SentencePieceVocab.from_dataset(ds.TextFileDataset(DIR + '/corpus.txt', shuffle=False), ['text'], 30, 1.0, text.SentencePieceModel.UNIGRAM, {}), text.SPieceTokenizerOutType.STRING)(np.array('the lazy dog')).tolist()",
    f"[text.SentencePieceVocab.save_model({SP.format('UNIGRAM')}, DIR, 'm.model'), text.SentencePieceTokenizer(DIR + '/m.model', text.SPieceTokenizerOutType.STRING)({SP_IN}).tolist()][1]",
    "text.SentencePieceVocab.from_file(DIR + '/corpus.txt', 40, 0.9995, text.SentencePieceModel.UNIGRAM, {})",
    "text.SentencePieceVocab.from_file([DIR + '/corpus.txt'], 40, 1, text.SentencePieceModel.UNIGRAM, {})",
    "text.SentencePieceTokenizer(3, text.SPieceTokenizerOutType.STRING)",
    "text.SentencePieceTokenizer('x.model', 1)",
]

_WORDS = "the quick brown fox jumps over lazy dog hello world deep learning text token".split()
# a small corpus for the SentencePiece models: the same lines on both sides
_CORPUS = "\n".join(
    " ".join(_WORDS[(i * 7 + j * 3) % len(_WORDS)] for j in range(3 + i % 9)) for i in range(300)
)

FILES = {
    "corpus.txt": _CORPUS + "\n",
    "vocab.txt": "hello,1\nworld,2\nfoo,3\n",
    "dup_vocab.txt": "hello,1\nworld,2\nhello,3\n",
    "vectors.txt": "2 3\nHello 0.1 0.2 0.3\nworld 1 2 3\n",
    "plain_vectors.txt": "Hello 0.1 0.2 0.3\nworld 1 2 3\n",
    "bad_vectors.txt": "Hello 0.1 0.2 0.3\nworld 1 2\n",
    "charNgram.txt": "1gram-a 1 1\n2gram-#BEGIN#a 2 2\n2gram-ab 4 4\n3gram-#BEGIN#ab 6 0\n",
    "wiki.vec": "2 2\nworld 1.5 2.5\nx 0 1\n",
    "glove.6B.3d.txt": "world 1 2 3\nthe 4 5 6\n",
}


def write_files(folder: str) -> None:
    for name, body in FILES.items():
        with open(f"{folder}/{name}", "w", encoding="utf-8") as f:
            f.write(body)
