"""The operator-parallel sample (``semi_auto_worker.py``'s network and Model.train loop) under
``deepsink launch`` with 2 processes of 4 CPU devices each, or in one process of 8 devices.

Run as ``worker.py OUT launch`` (under ``deepsink launch``, XLA_FLAGS giving 4 devices per
process) or ``worker.py OUT single`` (8 devices); writes OUT/<mode>_rank<rank>.json with the
losses of the non-sink and the sink run and the weight's sharding.
"""

import json
import sys
from pathlib import Path

import jax

sys.path.insert(0, str(Path(__file__).resolve().parent))

from semi_auto_worker import _model_losses  # noqa: E402

import deepsink as ms  # noqa: E402
from deepsink.communication import get_group_size, get_rank, init  # noqa: E402


def main():
    out, mode = Path(sys.argv[1]), sys.argv[2]
    ms.set_context(mode=ms.GRAPH_MODE)
    rank, size = 0, 1
    if mode == "launch":
        init()
        rank, size = get_rank(), get_group_size()
    losses, sharding = _model_losses(True, False)
    sink, _ = _model_losses(True, True)
    result = {
        "processes": jax.process_count(),
        "devices": len(jax.devices()),
        "local_devices": len(jax.local_devices()),
        "group_size": size,
        "losses": losses,
        "sink": sink,
        "weight_sharding": sharding,
    }
    (out / f"{mode}_rank{rank}.json").write_text(json.dumps(result))


if __name__ == "__main__":
    main()
