"""A NumPy array passed to one of MindSpore's layers raises TypeError, as in MindSpore 2.10, in
both modes (MindSpore's primitives reject it: ``For primitive[Shape], the input argument must be
Tensor, but got <class 'numpy.ndarray'>``), so a script that runs on deepsink runs on MindSpore.
A Cell of the user's own passes its inputs on as they are (MindSpore runs ``x * 2`` on a NumPy
array too); the first deepsink layer that gets the array raises."""

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn

X = np.ones((2, 3), np.float32)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
@pytest.mark.parametrize(
    "make, args",
    [
        (lambda: nn.Dense(3, 2), (X,)),
        (lambda: nn.ReLU(), (X,)),
        (lambda: nn.Conv2d(1, 1, 3), (np.ones((1, 1, 4, 4), np.float32),)),
        (lambda: nn.MSELoss(), (X, ms.Tensor(X))),
        (
            lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True),
            (ms.Tensor(X), np.zeros(2, np.int32)),
        ),
    ],
    ids=["Dense", "ReLU", "Conv2d", "MSELoss", "SCE-labels"],
)
def test_a_layer_called_with_numpy_raises_type_error(mode, make, args):
    ms.set_context(mode=mode)
    cell = make()
    with pytest.raises(
        TypeError,
        match=r"the inputs must be Tensors, but input \d is "
        r"<class 'numpy.ndarray'>; wrap it as mindspore.Tensor",
    ):
        cell(*args)


def test_a_user_cell_passes_numpy_on_and_the_layer_inside_raises():
    class Scale(nn.Cell):
        def construct(self, x):
            return x * 2  # numpy arithmetic: works in MindSpore too

    np.testing.assert_array_equal(Scale()(X), X * 2)

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(3, 2)

        def construct(self, x):
            return self.fc(x)

    with pytest.raises(TypeError, match="For 'Dense', the inputs must be Tensors"):
        Net()(X)
    assert Net()(ms.Tensor(X)).shape == (2, 2)  # a Tensor works
