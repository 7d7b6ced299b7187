"""Record every area's MindSpore fixtures in one run (not run by CI).

Each area has its own recorder (``record_<area>_fixtures.py``, sharing ``fixture_recording.py``);
this script runs them all, or the named groups::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_fixtures.py            # all groups
    $DEEPSINK_MINDSPORE_PYTHON scripts/record_fixtures.py nn optim   # only some groups

Fixtures are written to ``tests/fixtures/ms/<group>/<case>.npz``; see
``tests/fixtures/ms/README.md`` for the key conventions.
"""

from __future__ import annotations

import record_amp_fixtures
import record_errors_fixtures
import record_grad_fixtures
import record_init_fixtures
import record_loss_fixtures
import record_naming_fixtures
import record_nn_fixtures
import record_ops_fixtures
import record_optim_fixtures
import record_print_text_fixtures
import record_seed_fixtures
import record_tensor_fixtures
import record_wrap_fixtures
from fixture_recording import run_groups

AREAS = (
    record_nn_fixtures,
    record_tensor_fixtures,
    record_ops_fixtures,
    record_loss_fixtures,
    record_optim_fixtures,
    record_grad_fixtures,
    record_seed_fixtures,
    record_init_fixtures,
    record_naming_fixtures,
    record_print_text_fixtures,
    record_errors_fixtures,
    record_amp_fixtures,
    record_wrap_fixtures,
)
GROUPS = {g: fn for area in AREAS for g, fn in area.GROUPS.items()}

if __name__ == "__main__":
    raise SystemExit(run_groups(GROUPS))
