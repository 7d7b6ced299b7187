"""``CTCLoss`` as MindSpore 2.10's CPU kernel computes it (``ctc_merge_repeated=False``, a
sequence with no labels, gradients through it) and ``CTCGreedyDecoder`` in GRAPH_MODE:
``scripts/record_ctc_kernel_fixtures.py`` records MindSpore 2.10's results and
``tests/ops/test_ctc_kernel.py`` replays them on deepsink. ``ms`` is ``mindspore`` or
``deepsink``."""

from __future__ import annotations

import numpy as np
from graph_parity_cases import MESSAGES, _describe


def _loss_cases(ms, out: dict) -> None:
    P = ms.ops.operations
    rng = np.random.RandomState(1)
    x = ms.Tensor(rng.randn(5, 3, 4).astype(np.float32))

    def ctc(idx, vals, seq, **kw):
        def run():
            loss, grad = P.CTCLoss(**kw)(
                x,
                ms.Tensor(np.array(idx, np.int64).reshape(-1, 2)),
                ms.Tensor(np.array(vals, np.int32)),
                ms.Tensor(np.array(seq, np.int32)),
            )
            # 2.10 leaves the gradient after a sequence's length unwritten: compared up to it
            return loss, grad[: min(seq)]

        return run

    # six labels in every case but one: one compiled program per flag (compiles are slow)
    idx = [[0, 0], [0, 1], [0, 2], [1, 0], [2, 0], [2, 1]]
    no_row_1 = [[0, 0], [0, 1], [0, 2], [2, 0], [2, 1], [2, 2]]
    vals = [1, 1, 2, 0, 2, 2]
    for merge in (True, False):
        name = "merge" if merge else "no_merge"
        out[f"ctc_{name}_repeats"] = ctc(idx, vals, [5, 5, 4], ctc_merge_repeated=merge)
        out[f"ctc_{name}_tight"] = ctc(idx, vals, [3, 2, 2], ctc_merge_repeated=merge)
        out[f"ctc_{name}_empty_row"] = ctc(no_row_1, vals, [5, 4, 4], ctc_merge_repeated=merge)
    longer = {"ignore_longer_outputs_than_inputs": True}
    out["ctc_empty_rows_length_two"] = ctc(np.zeros((6, 2)), vals, [2, 2, 2], **longer)
    out["ctc_length_one"] = ctc(idx, vals, [1, 1, 1], **longer)
    out["ctc_all_empty"] = ctc(np.zeros((0, 2)), [], [5, 3, 2])

    def grad_of_loss(idx, vals, seq, **kw):
        op = P.CTCLoss(**kw)
        args = (
            ms.Tensor(np.array(idx, np.int64).reshape(-1, 2)),
            ms.Tensor(np.array(vals, np.int32)),
            ms.Tensor(np.array(seq, np.int32)),
        )
        weights = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))

        def total(v):
            return (op(v, *args)[0] * weights).sum()

        return lambda: ms.grad(total)(x)

    out["ctc_grad_of_loss_empty_row"] = grad_of_loss(no_row_1, vals, [5, 5, 5])
    out["ctc_grad_of_loss_no_merge"] = grad_of_loss(idx, vals, [5, 5, 5], ctc_merge_repeated=False)


def _length_type_cases(ms, out: dict) -> None:
    """``ops.ctc_loss`` (CTCLossV2) lengths of the wrong type."""
    rng = np.random.RandomState(2)
    log_probs = ms.Tensor(rng.randn(3, 1, 4).astype(np.float32))
    targets = ms.Tensor(np.array([[1, 2]], np.int32))
    lengths = ms.Tensor(np.array([3], np.int32))
    wrong = {
        "float_in_tuple": (0.17,),
        "bool_in_tuple": (True,),
        "scalar": 1.5,
        "float_tensor": ms.Tensor(np.array([1.0], np.float32)),
    }
    for name, value in wrong.items():
        out[f"ctc_v2_target_lengths_{name}"] = lambda v=value: ms.ops.ctc_loss(
            log_probs, targets, lengths, v
        )
    out["ctc_v2_input_lengths_float_in_tuple"] = lambda: ms.ops.ctc_loss(
        log_probs, targets, (2.5,), lengths
    )


def _decoder_cases(ms, out: dict) -> None:
    nn, P, ops = ms.nn, ms.ops.operations, ms.ops

    class Decoder(nn.Cell):
        def __init__(self, merge_repeated=True):
            super().__init__()
            self.op = P.CTCGreedyDecoder(merge_repeated)

        def construct(self, x, lengths):
            return self.op(x, lengths)

    class Functional(nn.Cell):
        def construct(self, x, lengths):
            idx, vals, shape, logp = ops.ctc_greedy_decoder(x, lengths)
            return idx, vals * 2, shape, logp + 1

    x = np.array(
        [
            [[0.6, 0.4, 0.1], [0.2, 0.5, 0.3]],
            [[0.6, 0.3, 0.1], [0.1, 0.2, 0.7]],
            [[0.1, 0.2, 0.7], [0.1, 0.8, 0.1]],
            [[0.3, 0.6, 0.1], [0.1, 0.8, 0.1]],
        ],
        np.float32,
    )

    def graph(cell, lengths):
        def run():
            ms.set_context(mode=ms.GRAPH_MODE)
            return cell(ms.Tensor(x), ms.Tensor(np.array(lengths, np.int32)))

        return run

    out["greedy_graph"] = graph(Decoder(), [4, 3])
    out["greedy_graph_no_merge"] = graph(Decoder(False), [4, 4])
    out["greedy_graph_functional"] = graph(Functional(), [4, 2])
    out["greedy_graph_length_past_max_time"] = graph(Decoder(), [5, 2])


def cases(ms) -> dict:
    out: dict = {}
    _loss_cases(ms, out)
    _length_type_cases(ms, out)
    _decoder_cases(ms, out)
    return out


def outcomes(ms) -> dict:
    res = {}
    mode = ms.get_context("mode")
    for name, fn in cases(ms).items():
        try:
            res[name] = _describe(fn())
        except Exception as e:  # noqa: BLE001 - the outcome is the exception
            res[name] = {"error": type(e).__name__, "message": str(e).splitlines()[0][:MESSAGES]}
        finally:
            ms.set_context(mode=mode)
    return res
