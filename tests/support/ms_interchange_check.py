"""Run by real MindSpore 2.10: load the LSTM and Transformer checkpoints deepsink wrote into
MindSpore's networks (``interchange_nets``) and print one JSON line with what did not load and the
outputs. usage: ms_interchange_check.py FOLDER (lstm.ckpt, transformer.ckpt)."""

import json
import sys
from pathlib import Path

import mindspore as ms
from mindspore import Tensor, nn, ops

sys.path.insert(0, str(Path(__file__).resolve().parent))
import interchange_nets as nets  # noqa: E402

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")


def main():
    folder = Path(sys.argv[1])
    d = nets.data()
    out = {}
    for name, net, args in (
        ("lstm", nets.lstm_net(nn, ops), (Tensor(d["tokens"]),)),
        ("transformer", nets.transformer_net(nn, ops), (Tensor(d["src"]), Tensor(d["tgt"]))),
    ):
        not_loaded, rest = ms.load_param_into_net(
            net, ms.load_checkpoint(str(folder / f"{name}.ckpt"))
        )
        net.set_train(False)
        out[name] = {
            "param_not_load": list(not_loaded),
            "ckpt_not_load": list(rest),
            "output": net(*args).asnumpy().tolist(),
        }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
