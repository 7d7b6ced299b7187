"""A training cell written as the model zoo's Transformer/Bert write theirs: a subclass of
TrainOneStepWithLossScaleCell whose construct calls start_overflow_check, self.grad with the
scale as sens, self.hyper_map to unscale, get_overflow_status and the update cell. Numbers are
checked against the plain step (numpy reference: SGD on a Dense layer's MSE)."""

import numpy as np

import deepsink as ms
from deepsink import nn, ops


class ScaledStep(nn.TrainOneStepWithLossScaleCell):
    def __init__(self, network, optimizer, scale_update_cell):
        super().__init__(network, optimizer, scale_update_cell)
        self.loss_scale = ms.Parameter(ms.Tensor(scale_update_cell.get_loss_scale(), ms.float32))

    def construct(self, x, y):
        loss = self.network(x, y)
        status, scaling_sens = self.start_overflow_check(loss, self.loss_scale)
        grads = self.grad(self.network, self.weights)(x, y, ops.cast(scaling_sens, ms.float32))
        grads = self.hyper_map(ops.partial(lambda s, g: g / s, scaling_sens), grads)
        cond = self.get_overflow_status(status, grads)
        overflow = self.loss_scaling_manager(self.loss_scale, cond)
        if not overflow:
            self.optimizer(grads)
        return loss, cond, scaling_sens.value()


def test_custom_loss_scale_cell_unscales_and_updates():
    net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
    update = nn.DynamicLossScaleUpdateCell(loss_scale_value=1024.0, scale_factor=2, scale_window=10)
    step = ScaledStep(nn.WithLossCell(net, nn.MSELoss()), opt, update)
    status, same = step.start_overflow_check(ms.Tensor(1.0), ms.Tensor(3.0))
    assert status.shape == (8,) and status.dtype == ms.int32 and float(same) == 3.0
    x = np.array([[1.0, 2.0]], np.float32)
    y = np.array([[1.0]], np.float32)
    loss, overflow, scale = step(ms.Tensor(x), ms.Tensor(y))
    assert float(loss) == 4.0 and not bool(overflow) and float(scale) == 1024.0
    # d(mean((xw+b-y)^2))/dw = 2 (xw+b-y) x = 2*2*[1, 2]; SGD lr 0.1
    np.testing.assert_allclose(net.weight.asnumpy(), [[1.0 - 0.4, 1.0 - 0.8]], rtol=1e-6)
    np.testing.assert_allclose(net.bias.asnumpy(), [-0.4], rtol=1e-6)


def test_cells_and_optimizers_carry_their_class_name():
    # model-zoo optimizers (Bert's AdamWeightDecayForBert) check arguments with self.cls_name
    class MyAdam(nn.Optimizer):
        def __init__(self, params):
            super().__init__(0.1, params)
            assert self.cls_name == "MyAdam"

        def construct(self, grads):
            return grads

    MyAdam(nn.Dense(2, 1).trainable_params())
    assert nn.Dense(2, 1).cls_name == "Dense"


def test_custom_optimizer_maps_over_mindspore_attributes():
    # Bert's AdamWeightDecayForBert: hyper_map over (params, grads, decay_flags, optim_filter)
    class PlainSGD(nn.Optimizer):
        def __init__(self, params):
            super().__init__(0.5, params)

        def construct(self, grads):
            lr = self.get_lr()

            def step(param, grad, decay, keep):
                if keep:
                    ops.assign(param, param - lr * grad)
                return decay

            return self.hyper_map(step, self.parameters, grads, self.decay_flags, self.optim_filter)

    net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    opt = PlainSGD(net.trainable_params())
    assert opt.optim_filter == (True, True) and opt.use_parallel is False
    grads = (ms.Tensor(np.ones((1, 2), np.float32)), ms.Tensor(np.ones((1,), np.float32)))
    assert opt(grads) == (True, True)
    np.testing.assert_allclose(net.weight.asnumpy(), [[0.5, 0.5]])
    np.testing.assert_allclose(net.bias.asnumpy(), [-0.5])
