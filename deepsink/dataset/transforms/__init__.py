"""``mindspore.dataset.transforms``: Compose, TypeCast, OneHot; any callable is a PyFunc."""

# MindSpore's package re-exports vision here too (``ds.transforms.vision.Inter``): vision builds
# on this package, so ``deepsink.dataset`` binds it as ``transforms.vision``.
# a name deepsink lacks: an AttributeError that says so and where the coverage list is
from deepsink._core.public import missing_names as _missing_names  # noqa: E402
from deepsink.dataset.transforms import c_transforms as c_transforms
from deepsink.dataset.transforms import py_transforms as py_transforms
from deepsink.dataset.transforms.tensor_ops import Concatenate as Concatenate
from deepsink.dataset.transforms.tensor_ops import Duplicate as Duplicate
from deepsink.dataset.transforms.tensor_ops import Fill as Fill
from deepsink.dataset.transforms.tensor_ops import Mask as Mask
from deepsink.dataset.transforms.tensor_ops import PadEnd as PadEnd
from deepsink.dataset.transforms.tensor_ops import Plugin as Plugin
from deepsink.dataset.transforms.tensor_ops import RandomApply as RandomApply
from deepsink.dataset.transforms.tensor_ops import RandomChoice as RandomChoice
from deepsink.dataset.transforms.tensor_ops import RandomOrder as RandomOrder
from deepsink.dataset.transforms.tensor_ops import Relational as Relational
from deepsink.dataset.transforms.tensor_ops import Slice as Slice
from deepsink.dataset.transforms.tensor_ops import Unique as Unique
from deepsink.dataset.transforms.transforms import Compose as Compose
from deepsink.dataset.transforms.transforms import OneHot as OneHot
from deepsink.dataset.transforms.transforms import PyFunc as PyFunc
from deepsink.dataset.transforms.transforms import TensorOperation as TensorOperation
from deepsink.dataset.transforms.transforms import TypeCast as TypeCast
from deepsink.dataset.transforms.transforms import not_random as not_random

__getattr__ = _missing_names(__name__)

# MindSpore's helper modules of the transforms (argument validators, Python-side functions)
from deepsink.dataset.transforms import py_transforms_util as py_transforms_util  # noqa: E402
from deepsink.dataset.transforms import validators as validators  # noqa: E402
