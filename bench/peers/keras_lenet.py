"""The LeNet5/MNIST job of MindSpore's "Sinking Mode" tutorial in Keras 3 on JAX with
steps_per_execution (Keras' loop sink).

usage: python keras_lenet.py STEPS_PER_EXECUTION STEPS -> one JSON line (median 100-step window)
(note Keras' TruncatedNormal truncates at 2 sigma)
"""

import json
import os
import resource
import statistics
import sys
import time

os.environ.setdefault("KERAS_BACKEND", "jax")
import keras  # noqa: E402
import numpy as np  # noqa: E402
from keras import layers  # noqa: E402
from mnist_np import load  # noqa: E402


def main(spe: int, steps: int) -> None:
    x, y = load("train")
    x, y = x[: 32 * steps, :, :, None], y[: 32 * steps].astype("int32")
    init = keras.initializers.TruncatedNormal(stddev=0.02)
    inp = keras.Input((28, 28, 1))
    h = layers.Resizing(32, 32)(inp)
    h = layers.Rescaling(1 / 255.0 / 0.3081, -0.1307 / 0.3081)(h)
    conv = dict(use_bias=False, kernel_initializer=init, activation="relu")
    h = layers.MaxPooling2D(2)(layers.Conv2D(6, 5, **conv)(h))
    h = layers.MaxPooling2D(2)(layers.Conv2D(16, 5, **conv)(h))
    h = layers.Flatten()(h)
    dense = dict(kernel_initializer=init, bias_initializer=init)
    h = layers.Dense(120, "relu", **dense)(h)
    h = layers.Dense(84, "relu", **dense)(h)
    model = keras.Model(inp, layers.Dense(10, **dense)(h))
    model.compile(
        optimizer=keras.optimizers.SGD(0.01, momentum=0.9),
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        steps_per_execution=spe,
        jit_compile=True,
    )
    model.fit(x[: 32 * 100], y[: 32 * 100], batch_size=32, epochs=1, verbose=0)
    times = []

    class Windows(keras.callbacks.Callback):  # called every steps_per_execution steps
        def on_train_batch_end(self, batch, logs=None):
            if (batch + 1) % 100 == 0:
                times.append(time.perf_counter())

    hist = model.fit(x, y, batch_size=32, epochs=1, verbose=0, shuffle=True, callbacks=[Windows()])
    ms = statistics.median(np.diff(times)) / 100 * 1e3
    out = {"ms_per_step": ms, "loss": hist.history["loss"][-1], "keras": keras.__version__}
    out["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(out))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
