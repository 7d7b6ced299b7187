"""``mindspore.mindrecord``: MindSpore's record format (``FileWriter``, ``FileReader``) and its
dataset converters (``Cifar10ToMR``, ``Cifar100ToMR``, ``MnistToMR``, ``CsvToMR``,
``ImageNetToMR``) and ``MindPage``; files interchange with MindSpore 2.10 both ways.
``deepsink.dataset.MindDataset`` reads them into a pipeline. ``TFRecordToMR`` (its feature
specs are TensorFlow objects) and file encryption (``set_enc_key``...) raise
``NotImplementedError`` with the reason."""

from deepsink._core.unsupported import unsupported as _unsupported
from deepsink.mindrecord.converters import FAILED as FAILED
from deepsink.mindrecord.converters import SUCCESS as SUCCESS
from deepsink.mindrecord.converters import Cifar10ToMR as Cifar10ToMR
from deepsink.mindrecord.converters import Cifar100ToMR as Cifar100ToMR
from deepsink.mindrecord.converters import CsvToMR as CsvToMR
from deepsink.mindrecord.converters import ImageNetToMR as ImageNetToMR
from deepsink.mindrecord.converters import MnistToMR as MnistToMR
from deepsink.mindrecord.mindpage import MindPage as MindPage
from deepsink.mindrecord.reader import FileReader as FileReader
from deepsink.mindrecord.writer import FileWriter as FileWriter

TFRecordToMR = _unsupported(
    "mindspore.mindrecord",
    "TFRecordToMR",
    "its feature_dict is TensorFlow's tf.io.FixedLenFeature specs and MindSpore parses the "
    "records with TensorFlow; deepsink does not depend on TensorFlow (read TFRecord files "
    "directly with deepsink.dataset.TFRecordDataset, or write rows with FileWriter)",
)
_ENC = (
    "MindRecord file encryption is not implemented: deepsink's FileWriter writes and its "
    "FileReader reads unencrypted files only (encrypt the files at rest instead)"
)
set_enc_key = _unsupported("mindspore.mindrecord", "set_enc_key", _ENC, kind="function")
set_enc_mode = _unsupported("mindspore.mindrecord", "set_enc_mode", _ENC, kind="function")
set_dec_mode = _unsupported("mindspore.mindrecord", "set_dec_mode", _ENC, kind="function")
