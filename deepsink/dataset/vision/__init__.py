"""``mindspore.dataset.vision``: image transforms with MindSpore's pixel-level results."""

# a name deepsink lacks: an AttributeError that says so and where the coverage list is
from deepsink._core.public import missing_names as _missing_names  # noqa: E402
from deepsink.dataset.transforms.transforms import not_random as not_random
from deepsink.dataset.vision import c_transforms as c_transforms
from deepsink.dataset.vision import py_transforms as py_transforms
from deepsink.dataset.vision import utils as utils
from deepsink.dataset.vision.bbox import RandomCropWithBBox as RandomCropWithBBox
from deepsink.dataset.vision.bbox import (
    RandomHorizontalFlipWithBBox as RandomHorizontalFlipWithBBox,
)
from deepsink.dataset.vision.bbox import RandomResizedCropWithBBox as RandomResizedCropWithBBox
from deepsink.dataset.vision.bbox import RandomResizeWithBBox as RandomResizeWithBBox
from deepsink.dataset.vision.bbox import RandomVerticalFlipWithBBox as RandomVerticalFlipWithBBox
from deepsink.dataset.vision.bbox import ResizeWithBBox as ResizeWithBBox

# video (FFmpeg through PyAV) and BoundingBoxAugment
from deepsink.dataset.vision.bbox_augment import BoundingBoxAugment as BoundingBoxAugment
from deepsink.dataset.vision.color import AdjustBrightness as AdjustBrightness
from deepsink.dataset.vision.color import AdjustContrast as AdjustContrast
from deepsink.dataset.vision.color import AdjustGamma as AdjustGamma
from deepsink.dataset.vision.color import AdjustHue as AdjustHue
from deepsink.dataset.vision.color import AdjustSaturation as AdjustSaturation
from deepsink.dataset.vision.color import AdjustSharpness as AdjustSharpness
from deepsink.dataset.vision.color import AutoContrast as AutoContrast
from deepsink.dataset.vision.color import ConvertColor as ConvertColor
from deepsink.dataset.vision.color import Equalize as Equalize
from deepsink.dataset.vision.color import Erase as Erase
from deepsink.dataset.vision.color import GaussianBlur as GaussianBlur
from deepsink.dataset.vision.color import HsvToRgb as HsvToRgb
from deepsink.dataset.vision.color import LinearTransformation as LinearTransformation
from deepsink.dataset.vision.color import NormalizePad as NormalizePad
from deepsink.dataset.vision.color import Posterize as Posterize
from deepsink.dataset.vision.color import RandomAutoContrast as RandomAutoContrast
from deepsink.dataset.vision.color import RandomColorAdjust as RandomColorAdjust
from deepsink.dataset.vision.color import RandomEqualize as RandomEqualize
from deepsink.dataset.vision.color import RandomErasing as RandomErasing
from deepsink.dataset.vision.color import RandomGrayscale as RandomGrayscale
from deepsink.dataset.vision.color import RandomInvert as RandomInvert
from deepsink.dataset.vision.color import RandomLighting as RandomLighting
from deepsink.dataset.vision.color import RandomPosterize as RandomPosterize
from deepsink.dataset.vision.color import RgbToHsv as RgbToHsv
from deepsink.dataset.vision.color import SlicePatches as SlicePatches
from deepsink.dataset.vision.color import Solarize as Solarize
from deepsink.dataset.vision.color import ToNumpy as ToNumpy
from deepsink.dataset.vision.color import ToType as ToType
from deepsink.dataset.vision.geometry import Affine as Affine
from deepsink.dataset.vision.geometry import Crop as Crop
from deepsink.dataset.vision.geometry import FiveCrop as FiveCrop
from deepsink.dataset.vision.geometry import HorizontalFlip as HorizontalFlip
from deepsink.dataset.vision.geometry import PadToSize as PadToSize
from deepsink.dataset.vision.geometry import Perspective as Perspective
from deepsink.dataset.vision.geometry import RandomAffine as RandomAffine
from deepsink.dataset.vision.geometry import RandomCropDecodeResize as RandomCropDecodeResize
from deepsink.dataset.vision.geometry import RandomPerspective as RandomPerspective
from deepsink.dataset.vision.geometry import RandomResize as RandomResize
from deepsink.dataset.vision.geometry import RandomResizedCrop as RandomResizedCrop
from deepsink.dataset.vision.geometry import RandomRotation as RandomRotation
from deepsink.dataset.vision.geometry import ResizedCrop as ResizedCrop
from deepsink.dataset.vision.geometry import Rotate as Rotate
from deepsink.dataset.vision.geometry import TenCrop as TenCrop
from deepsink.dataset.vision.geometry import VerticalFlip as VerticalFlip
from deepsink.dataset.vision.image_io import encode_jpeg as encode_jpeg
from deepsink.dataset.vision.image_io import encode_png as encode_png
from deepsink.dataset.vision.image_io import get_image_num_channels as get_image_num_channels
from deepsink.dataset.vision.image_io import get_image_size as get_image_size
from deepsink.dataset.vision.image_io import read_file as read_file
from deepsink.dataset.vision.image_io import read_image as read_image
from deepsink.dataset.vision.image_io import write_file as write_file
from deepsink.dataset.vision.image_io import write_jpeg as write_jpeg
from deepsink.dataset.vision.image_io import write_png as write_png
from deepsink.dataset.vision.policies import AutoAugment as AutoAugment
from deepsink.dataset.vision.policies import CutMixBatch as CutMixBatch
from deepsink.dataset.vision.policies import MixUp as MixUp
from deepsink.dataset.vision.policies import MixUpBatch as MixUpBatch
from deepsink.dataset.vision.policies import RandAugment as RandAugment
from deepsink.dataset.vision.policies import RandomSelectSubpolicy as RandomSelectSubpolicy
from deepsink.dataset.vision.policies import TrivialAugmentWide as TrivialAugmentWide
from deepsink.dataset.vision.policies import UniformAugment as UniformAugment
from deepsink.dataset.vision.transforms import HWC2CHW as HWC2CHW
from deepsink.dataset.vision.transforms import CenterCrop as CenterCrop
from deepsink.dataset.vision.transforms import CutOut as CutOut
from deepsink.dataset.vision.transforms import Decode as Decode
from deepsink.dataset.vision.transforms import Grayscale as Grayscale
from deepsink.dataset.vision.transforms import Invert as Invert
from deepsink.dataset.vision.transforms import Normalize as Normalize
from deepsink.dataset.vision.transforms import Pad as Pad
from deepsink.dataset.vision.transforms import RandomAdjustSharpness as RandomAdjustSharpness
from deepsink.dataset.vision.transforms import RandomColor as RandomColor
from deepsink.dataset.vision.transforms import RandomCrop as RandomCrop
from deepsink.dataset.vision.transforms import RandomHorizontalFlip as RandomHorizontalFlip
from deepsink.dataset.vision.transforms import RandomSharpness as RandomSharpness
from deepsink.dataset.vision.transforms import RandomSolarize as RandomSolarize
from deepsink.dataset.vision.transforms import RandomVerticalFlip as RandomVerticalFlip
from deepsink.dataset.vision.transforms import Rescale as Rescale
from deepsink.dataset.vision.transforms import Resize as Resize
from deepsink.dataset.vision.transforms import ToPIL as ToPIL
from deepsink.dataset.vision.transforms import ToTensor as ToTensor
from deepsink.dataset.vision.utils import AutoAugmentPolicy as AutoAugmentPolicy
from deepsink.dataset.vision.utils import Border as Border
from deepsink.dataset.vision.utils import ConvertMode as ConvertMode
from deepsink.dataset.vision.utils import ImageBatchFormat as ImageBatchFormat
from deepsink.dataset.vision.utils import ImageReadMode as ImageReadMode
from deepsink.dataset.vision.utils import Inter as Inter
from deepsink.dataset.vision.utils import SliceMode as SliceMode
from deepsink.dataset.vision.video import DecodeVideo as DecodeVideo
from deepsink.dataset.vision.video import VideoDecoder as VideoDecoder
from deepsink.dataset.vision.video import read_video as read_video
from deepsink.dataset.vision.video import read_video_timestamps as read_video_timestamps

__getattr__ = _missing_names(__name__)

# MindSpore's helper modules of vision (argument validators, the PIL-side image functions)
from deepsink.dataset.vision import py_transforms_util as py_transforms_util  # noqa: E402
from deepsink.dataset.vision import validators as validators  # noqa: E402
