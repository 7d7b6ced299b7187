"""``Model.fit`` with a validation set every second epoch runs its hooks as MindSpore 2.10 does
(``scripts/record_fit_fixture.py``): ``eval_results`` (the metrics plus ``eval_loss``, the loss of
the last evaluation step) is set before ``on_eval_end`` and kept until ``on_train_epoch_end``;
``fit`` returns None. MindSpore's CPU build runs sink mode step by step; deepsink sinks as 2.10
does on a device (one ``on_eval_step_end`` per sink), so in sink mode the step-end events are left
out of the comparison."""

import json
from pathlib import Path

import pytest

import deepsink as ms
from tests.support.fit_cases import fit_events

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "fit_events.json"
EXPECTED = json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("sink", [False, True], ids=["no_sink", "sink"])
def test_fit_events_match_mindspore(sink):
    expected = EXPECTED["sink" if sink else "no_sink"]
    got = json.loads(json.dumps(fit_events(ms, sink)))
    if sink:
        for run in (expected, got):
            run["events"] = [e for e in run["events"] if e[0] != "on_eval_step_end"]
    assert got == expected
