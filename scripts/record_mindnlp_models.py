"""Record, with MindSpore 2.10 and mindnlp 0.1.1, the forward outputs and training-step losses of
mindnlp's BERT and GPT-2 (``tests/support/mindnlp_models.py``; replayed by
``tests/test_mindnlp_models.py``), the outputs of mindnlp's own text transforms and legacy
initializer, and the values of the private MindSpore helpers mindnlp imports.

mindnlp 0.1.1 is the one mindnlp release that imports on MindSpore 2.10 (docs/libraries.md). Run
under a Python with MindSpore 2.10, mindnlp 0.1.1 (``pip install --no-deps --target DIR
mindnlp==0.1.1``) and Hugging Face ``datasets`` (which ``import mindnlp`` needs; with NumPy 1, a
``datasets`` 2.x and ``pyarrow`` 18, e.g. ``datasets==2.21.0 pyarrow==18.1.0 aiohttp``) on ``PYTHONPATH``,
from a directory outside the repository:

    python scripts/record_mindnlp_models.py

Writes ``tests/fixtures/ms/mindnlp/models.json``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))

import mindnlp  # noqa: E402, F401 - the package imports on 2.10, as a user imports it
import mindnlp_models  # noqa: E402
import mindspore as ms  # noqa: E402
import numpy as np  # noqa: E402
from mindspore._c_expression import _random_normal  # noqa: E402
from mindspore.common.initializer import _assignment  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "mindnlp" / "models.json"


def main() -> int:
    import importlib.metadata

    record = {"mindspore": ms.__version__, "mindnlp": importlib.metadata.version("mindnlp")}
    record["bert"] = mindnlp_models.bert()
    record["gpt2"] = mindnlp_models.gpt2()
    seed = sys.modules["mindspore.common.seed"]
    ms.set_seed(5)
    record["graph_seeds"] = [list(seed._get_graph_seed(0, "dropout")) for _ in range(3)]
    record["assignment"] = [_assignment(np.zeros(()), 3.5).tolist(),
                            _assignment(np.zeros((2, 2)), np.ones((2, 2))).tolist()]  # fmt: skip
    record["text"] = mindnlp_models.text_ops()
    record["legacy_xavier_normal"] = mindnlp_models.legacy_init()
    data = np.zeros((2, 3), np.float32)
    _random_normal(5, data, 0.0, 1.0)
    record["random_normal"] = data.tolist()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUT}: BERT losses {record['bert']['losses']}, GPT-2 {record['gpt2']['losses']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
