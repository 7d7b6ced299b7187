"""Run under a real MindSpore 2.10 (see ``ms_reference.py``): load deepsink's checkpoints of
optimizers into MindSpore's, take the next step and save every state variable.

    python ms_optimizer_resume.py <fixture dir> <work dir> <case> ...

For each case, ``<fixture dir>/<case>.npz`` gives the optimizer (``__build__``), the starting
Parameters and the gradients; ``<work dir>/<case>.ckpt`` is deepsink's checkpoint after step 0.
Writes ``<work dir>/<case>.out.npz`` (state after step 1) and prints a JSON line with the names
MindSpore did not load.
"""

import json
import sys
from pathlib import Path

import mindspore as ms
import numpy as np
from mindspore import Parameter, Tensor, nn

fixtures, work = Path(sys.argv[1]), Path(sys.argv[2])
report = {}
for name in sys.argv[3:]:
    d = np.load(fixtures / f"{name}.npz")
    ps = [Parameter(Tensor(d["w0"].copy()), name="w"), Parameter(Tensor(d["b0"].copy()), name="b")]
    opt = eval(str(d["__build__"]), {"nn": nn, "ps": ps})  # noqa: S307
    not_loaded, ckpt_not_loaded = ms.load_param_into_net(
        opt, ms.load_checkpoint(str(work / f"{name}.ckpt"))
    )
    opt((Tensor(d["gw1"].copy()), Tensor(d["gb1"].copy())))
    np.savez(work / f"{name}.out.npz", **{n: p.asnumpy() for n, p in opt.parameters_and_names()})
    report[name] = {"param_not_load": list(not_loaded), "ckpt_not_load": list(ckpt_not_loaded)}
print(json.dumps(report))
