"""``mindspore.dataset.transforms``: Compose, TypeCast, OneHot; any callable is a PyFunc."""

# MindSpore's package re-exports vision here too (``ds.transforms.vision.Inter``): vision builds
# on this package, so ``deepsink.dataset`` binds it as ``transforms.vision``.
from deepsink.dataset.transforms import c_transforms as c_transforms
from deepsink.dataset.transforms import py_transforms as py_transforms
from deepsink.dataset.transforms.transforms import Compose as Compose
from deepsink.dataset.transforms.transforms import OneHot as OneHot
from deepsink.dataset.transforms.transforms import PyFunc as PyFunc
from deepsink.dataset.transforms.transforms import TensorOperation as TensorOperation
from deepsink.dataset.transforms.transforms import TypeCast as TypeCast
