"""``mindspore.dataset``: sources, samplers, the pipeline operations, vision and transforms."""

from deepsink._core.public import public_names as _public_names
from deepsink.dataset import config as config
from deepsink.dataset import text as text
from deepsink.dataset import transforms as transforms
from deepsink.dataset import vision as vision

# dataset callbacks
from deepsink.dataset.callback import DSCallback as DSCallback
from deepsink.dataset.engine import bucket as _bucket  # noqa: F401 - registers bucket_batch_by_length
from deepsink.dataset.engine import padding as _padding  # noqa: F401 - registers padded_batch
from deepsink.dataset.engine import split as _split  # noqa: F401 - registers Dataset.split
from deepsink.dataset.engine.annotated_sources import CityscapesDataset as CityscapesDataset
from deepsink.dataset.engine.annotated_sources import DIV2KDataset as DIV2KDataset
from deepsink.dataset.engine.annotated_sources import KITTIDataset as KITTIDataset

# annotated image datasets
from deepsink.dataset.engine.annotated_sources import WIDERFaceDataset as WIDERFaceDataset

# image datasets stored as arrays
from deepsink.dataset.engine.array_sources import EMnistDataset as EMnistDataset
from deepsink.dataset.engine.array_sources import PhotoTourDataset as PhotoTourDataset
from deepsink.dataset.engine.array_sources import QMnistDataset as QMnistDataset
from deepsink.dataset.engine.array_sources import SemeionDataset as SemeionDataset
from deepsink.dataset.engine.array_sources import STL10Dataset as STL10Dataset
from deepsink.dataset.engine.array_sources import SVHNDataset as SVHNDataset
from deepsink.dataset.engine.array_sources import USPSDataset as USPSDataset

# audio datasets
from deepsink.dataset.engine.audio_sources import CMUArcticDataset as CMUArcticDataset
from deepsink.dataset.engine.audio_sources import GTZANDataset as GTZANDataset
from deepsink.dataset.engine.audio_sources import LibriTTSDataset as LibriTTSDataset
from deepsink.dataset.engine.audio_sources import LJSpeechDataset as LJSpeechDataset
from deepsink.dataset.engine.audio_sources import SpeechCommandsDataset as SpeechCommandsDataset
from deepsink.dataset.engine.audio_sources import TedliumDataset as TedliumDataset
from deepsink.dataset.engine.audio_sources import YesNoDataset as YesNoDataset
from deepsink.dataset.engine.coco import CocoDataset as CocoDataset
from deepsink.dataset.engine.datasets import Dataset as Dataset
from deepsink.dataset.engine.datasets import TextBaseDataset as TextBaseDataset
from deepsink.dataset.engine.device import DeviceTransform as DeviceTransform
from deepsink.dataset.engine.file_sources import Cifar100Dataset as Cifar100Dataset
from deepsink.dataset.engine.file_sources import CSVDataset as CSVDataset
from deepsink.dataset.engine.file_sources import FashionMnistDataset as FashionMnistDataset
from deepsink.dataset.engine.file_sources import KMnistDataset as KMnistDataset
from deepsink.dataset.engine.file_sources import TextFileDataset as TextFileDataset

# image datasets
from deepsink.dataset.engine.image_sources import Caltech256Dataset as Caltech256Dataset
from deepsink.dataset.engine.image_sources import FlickrDataset as FlickrDataset
from deepsink.dataset.engine.image_sources import Food101Dataset as Food101Dataset
from deepsink.dataset.engine.image_sources import LFWDataset as LFWDataset
from deepsink.dataset.engine.image_sources import LSUNDataset as LSUNDataset
from deepsink.dataset.engine.image_sources import OmniglotDataset as OmniglotDataset
from deepsink.dataset.engine.image_sources import Places365Dataset as Places365Dataset
from deepsink.dataset.engine.image_sources import RenderedSST2Dataset as RenderedSST2Dataset
from deepsink.dataset.engine.image_sources import SBUDataset as SBUDataset
from deepsink.dataset.engine.image_sources import SUN397Dataset as SUN397Dataset
from deepsink.dataset.engine.iterators import DictIterator as DictIterator
from deepsink.dataset.engine.iterators import TupleIterator as TupleIterator
from deepsink.dataset.engine.manifest_random_sources import DatasetCache as DatasetCache

# manifest, random rows, and the sources deepsink refuses
from deepsink.dataset.engine.manifest_random_sources import ManifestDataset as ManifestDataset
from deepsink.dataset.engine.manifest_random_sources import OBSMindDataset as OBSMindDataset
from deepsink.dataset.engine.manifest_random_sources import RandomDataset as RandomDataset
from deepsink.dataset.engine.manifest_random_sources import (
    sync_wait_for_dataset as sync_wait_for_dataset,
)
from deepsink.dataset.engine.mapping import MapDataset as MapDataset
from deepsink.dataset.engine.mapping import MapError as MapError
from deepsink.dataset.engine.mat_sources import Caltech101Dataset as Caltech101Dataset

# image datasets labelled by .mat files
from deepsink.dataset.engine.mat_sources import Flowers102Dataset as Flowers102Dataset
from deepsink.dataset.engine.mat_sources import SBDataset as SBDataset
from deepsink.dataset.engine.minddata import MindDataset as MindDataset
from deepsink.dataset.engine.nodes import BatchDataset as BatchDataset
from deepsink.dataset.engine.nodes import BatchInfo as BatchInfo
from deepsink.dataset.engine.nodes import ConcatDataset as ConcatDataset
from deepsink.dataset.engine.nodes import FilterDataset as FilterDataset
from deepsink.dataset.engine.nodes import ProjectDataset as ProjectDataset
from deepsink.dataset.engine.nodes import RenameDataset as RenameDataset
from deepsink.dataset.engine.nodes import RepeatDataset as RepeatDataset
from deepsink.dataset.engine.nodes import ShuffleDataset as ShuffleDataset
from deepsink.dataset.engine.nodes import SkipDataset as SkipDataset
from deepsink.dataset.engine.nodes import TakeDataset as TakeDataset
from deepsink.dataset.engine.nodes import ZipDataset as ZipDataset
from deepsink.dataset.engine.samplers import DistributedSampler as DistributedSampler
from deepsink.dataset.engine.samplers import IterSampler as IterSampler
from deepsink.dataset.engine.samplers import PKSampler as PKSampler
from deepsink.dataset.engine.samplers import RandomSampler as RandomSampler
from deepsink.dataset.engine.samplers import Sampler as Sampler
from deepsink.dataset.engine.samplers import SequentialSampler as SequentialSampler
from deepsink.dataset.engine.samplers import SubsetRandomSampler as SubsetRandomSampler
from deepsink.dataset.engine.samplers import SubsetSampler as SubsetSampler
from deepsink.dataset.engine.samplers import WeightedRandomSampler as WeightedRandomSampler
from deepsink.dataset.engine.schema import Schema as Schema

# MindSpore's JSON form of pipelines
from deepsink.dataset.engine.serializer_deserializer import compare as compare
from deepsink.dataset.engine.serializer_deserializer import deserialize as deserialize
from deepsink.dataset.engine.serializer_deserializer import serialize as serialize
from deepsink.dataset.engine.serializer_deserializer import show as show
from deepsink.dataset.engine.sources import Cifar10Dataset as Cifar10Dataset
from deepsink.dataset.engine.sources import GeneratorDataset as GeneratorDataset
from deepsink.dataset.engine.sources import ImageFolderDataset as ImageFolderDataset
from deepsink.dataset.engine.sources import MnistDataset as MnistDataset
from deepsink.dataset.engine.sources import NumpySlicesDataset as NumpySlicesDataset
from deepsink.dataset.engine.sources import Shuffle as Shuffle
from deepsink.dataset.engine.sources import TFRecordDataset as TFRecordDataset
from deepsink.dataset.engine.sync import SyncWaitDataset as SyncWaitDataset
from deepsink.dataset.engine.synthetic import FakeImageDataset as FakeImageDataset
from deepsink.dataset.engine.synthetic import PaddedDataset as PaddedDataset

# text corpora
from deepsink.dataset.engine.text_sources import AGNewsDataset as AGNewsDataset
from deepsink.dataset.engine.text_sources import AmazonReviewDataset as AmazonReviewDataset
from deepsink.dataset.engine.text_sources import CLUEDataset as CLUEDataset
from deepsink.dataset.engine.text_sources import CoNLL2000Dataset as CoNLL2000Dataset
from deepsink.dataset.engine.text_sources import DBpediaDataset as DBpediaDataset
from deepsink.dataset.engine.text_sources import EnWik9Dataset as EnWik9Dataset
from deepsink.dataset.engine.text_sources import IMDBDataset as IMDBDataset
from deepsink.dataset.engine.text_sources import IWSLT2016Dataset as IWSLT2016Dataset
from deepsink.dataset.engine.text_sources import IWSLT2017Dataset as IWSLT2017Dataset
from deepsink.dataset.engine.text_sources import Multi30kDataset as Multi30kDataset
from deepsink.dataset.engine.text_sources import PennTreebankDataset as PennTreebankDataset
from deepsink.dataset.engine.text_sources import SogouNewsDataset as SogouNewsDataset
from deepsink.dataset.engine.text_sources import SQuADDataset as SQuADDataset
from deepsink.dataset.engine.text_sources import SST2Dataset as SST2Dataset
from deepsink.dataset.engine.text_sources import UDPOSDataset as UDPOSDataset
from deepsink.dataset.engine.text_sources import WikiTextDataset as WikiTextDataset
from deepsink.dataset.engine.text_sources import YahooAnswersDataset as YahooAnswersDataset
from deepsink.dataset.engine.text_sources import YelpReviewDataset as YelpReviewDataset
from deepsink.dataset.engine.transfer import TransferDataset as TransferDataset
from deepsink.dataset.engine.vision_sources import CelebADataset as CelebADataset
from deepsink.dataset.engine.vision_sources import VOCDataset as VOCDataset
from deepsink.dataset.engine.zip import zip as zip  # noqa: A004 - MindSpore's ds.zip

# mindspore.dataset.transforms.vision is the vision package; vision builds on transforms, so the
# transforms package cannot import it and it is bound here, above both.
transforms.vision = vision

# keep last: the public names of everything imported above
__all__ = _public_names(globals())

# a name deepsink lacks: an AttributeError that says so and where the coverage list is
from deepsink._core.public import missing_names as _missing_names  # noqa: E402

__getattr__ = _missing_names(__name__)
