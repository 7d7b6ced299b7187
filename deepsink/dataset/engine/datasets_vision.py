"""``mindspore.dataset.engine.datasets_vision``: MindSpore's module of its vision
dataset classes, under MindSpore's name, for code such as
``type(ds) == ms.dataset.engine.datasets_vision.<Class>``; they are ``deepsink.dataset``'s classes.
"""

from __future__ import annotations

from deepsink.dataset.engine.annotated_sources import (
    CityscapesDataset,
    DIV2KDataset,
    KITTIDataset,
    WIDERFaceDataset,
)
from deepsink.dataset.engine.array_sources import (
    EMnistDataset,
    PhotoTourDataset,
    QMnistDataset,
    SemeionDataset,
    STL10Dataset,
    SVHNDataset,
    USPSDataset,
)
from deepsink.dataset.engine.coco import (
    CocoDataset,
)
from deepsink.dataset.engine.file_sources import (
    Cifar100Dataset,
    FashionMnistDataset,
    KMnistDataset,
)
from deepsink.dataset.engine.image_sources import (
    Caltech256Dataset,
    FlickrDataset,
    Food101Dataset,
    LFWDataset,
    LSUNDataset,
    OmniglotDataset,
    Places365Dataset,
    RenderedSST2Dataset,
    SBUDataset,
    SUN397Dataset,
)
from deepsink.dataset.engine.manifest_random_sources import (
    ManifestDataset,
    RandomDataset,
)
from deepsink.dataset.engine.mat_sources import (
    Caltech101Dataset,
    Flowers102Dataset,
    SBDataset,
)
from deepsink.dataset.engine.sources import (
    Cifar10Dataset,
    ImageFolderDataset,
    MnistDataset,
)
from deepsink.dataset.engine.synthetic import (
    FakeImageDataset,
)
from deepsink.dataset.engine.vision_sources import (
    CelebADataset,
    VOCDataset,
)

__all__ = [
    "Caltech101Dataset",
    "Caltech256Dataset",
    "CelebADataset",
    "Cifar100Dataset",
    "Cifar10Dataset",
    "CityscapesDataset",
    "CocoDataset",
    "DIV2KDataset",
    "EMnistDataset",
    "FakeImageDataset",
    "FashionMnistDataset",
    "FlickrDataset",
    "Flowers102Dataset",
    "Food101Dataset",
    "ImageFolderDataset",
    "KITTIDataset",
    "KMnistDataset",
    "LFWDataset",
    "LSUNDataset",
    "ManifestDataset",
    "MnistDataset",
    "OmniglotDataset",
    "PhotoTourDataset",
    "Places365Dataset",
    "QMnistDataset",
    "RandomDataset",
    "RenderedSST2Dataset",
    "SBDataset",
    "SBUDataset",
    "STL10Dataset",
    "SUN397Dataset",
    "SVHNDataset",
    "SemeionDataset",
    "USPSDataset",
    "VOCDataset",
    "WIDERFaceDataset",
]
