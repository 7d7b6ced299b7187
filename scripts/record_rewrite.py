"""Record MindSpore 2.10's rewrite results for tests/rewrite/rewrite_nets.py's networks:
node lists, get_code() before and after each edit, the rewritten network's output, and errors.

usage (MindSpore 2.10's interpreter, run outside the repository):
    python scripts/record_rewrite.py OUT.json
"""

import json
import os
import sys

import mindspore
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
# rewrite_nets.py imports deepsink: here that is MindSpore
sys.modules["deepsink"] = mindspore
for sub in ("nn", "ops", "rewrite"):
    sys.modules[f"deepsink.{sub}"] = getattr(mindspore, sub)
sys.path.insert(0, os.path.join(HERE, "..", "tests", "rewrite"))
import rewrite_nets as R  # noqa: E402


def _run(net, shape):
    mindspore.set_seed(0)
    x = mindspore.Tensor(np.linspace(-1, 1, int(np.prod(shape)), dtype=np.float32).reshape(shape))
    out = net(x)
    return [o.asnumpy().tolist() for o in out] if isinstance(out, tuple) else out.asnumpy().tolist()


def main(out_path):
    mindspore.set_seed(0)
    rec = {"nets": {}}
    for key, cls in R.NETS.items():
        mindspore.set_seed(0)
        net = cls()
        stree = R.SymbolTree.create(net)
        entry = {
            "nodes": R.describe(stree),
            "code": R.code_text(stree),
            "output": _run(stree.get_network(), R.INPUT_SHAPES[key]),
            "edits": {},
        }
        edits = dict(R.EDITS, **(R.EDITS_NESTED if key == "nested" else {}))
        for name, edit in edits.items():
            mindspore.set_seed(0)
            stree = edit(R.SymbolTree.create(cls()))
            entry["edits"][name] = {"nodes": R.describe(stree), "code": R.code_text(stree)}
        rec["nets"][key] = entry
    rec["errors"] = R.errors()
    with open(out_path, "w") as f:
        json.dump(rec, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1])
