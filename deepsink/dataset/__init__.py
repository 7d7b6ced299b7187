"""``mindspore.dataset``: sources, samplers, the pipeline operations, vision and transforms."""

from deepsink._core.public import public_names as _public_names
from deepsink.dataset import config as config
from deepsink.dataset import transforms as transforms
from deepsink.dataset import vision as vision
from deepsink.dataset.engine import bucket as _bucket  # noqa: F401 - registers bucket_batch_by_length
from deepsink.dataset.engine import padding as _padding  # noqa: F401 - registers padded_batch
from deepsink.dataset.engine import split as _split  # noqa: F401 - registers Dataset.split
from deepsink.dataset.engine.coco import CocoDataset as CocoDataset
from deepsink.dataset.engine.datasets import Dataset as Dataset
from deepsink.dataset.engine.device import DeviceTransform as DeviceTransform
from deepsink.dataset.engine.file_sources import Cifar100Dataset as Cifar100Dataset
from deepsink.dataset.engine.file_sources import CSVDataset as CSVDataset
from deepsink.dataset.engine.file_sources import FashionMnistDataset as FashionMnistDataset
from deepsink.dataset.engine.file_sources import KMnistDataset as KMnistDataset
from deepsink.dataset.engine.file_sources import TextFileDataset as TextFileDataset
from deepsink.dataset.engine.iterators import DictIterator as DictIterator
from deepsink.dataset.engine.iterators import TupleIterator as TupleIterator
from deepsink.dataset.engine.mapping import MapDataset as MapDataset
from deepsink.dataset.engine.mapping import MapError as MapError
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
from deepsink.dataset.engine.sources import Cifar10Dataset as Cifar10Dataset
from deepsink.dataset.engine.sources import GeneratorDataset as GeneratorDataset
from deepsink.dataset.engine.sources import ImageFolderDataset as ImageFolderDataset
from deepsink.dataset.engine.sources import MnistDataset as MnistDataset
from deepsink.dataset.engine.sources import NumpySlicesDataset as NumpySlicesDataset
from deepsink.dataset.engine.sources import Shuffle as Shuffle
from deepsink.dataset.engine.sources import TFRecordDataset as TFRecordDataset
from deepsink.dataset.engine.synthetic import FakeImageDataset as FakeImageDataset
from deepsink.dataset.engine.synthetic import PaddedDataset as PaddedDataset
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
