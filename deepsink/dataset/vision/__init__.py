"""``mindspore.dataset.vision``: image transforms with MindSpore's pixel-level results."""

# a name deepsink lacks: an AttributeError that says so and where the coverage list is
from deepsink._core.public import missing_names as _missing_names  # noqa: E402
from deepsink.dataset.vision import c_transforms as c_transforms
from deepsink.dataset.vision import py_transforms as py_transforms
from deepsink.dataset.vision import utils as utils
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
from deepsink.dataset.vision.utils import Border as Border
from deepsink.dataset.vision.utils import Inter as Inter

__getattr__ = _missing_names(__name__)
