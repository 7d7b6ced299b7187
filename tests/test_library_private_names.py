"""MindSpore 2.10 names that mindnlp's repository (tag v0.1.1) reads beyond its wheel:
``mindspore.ops.operations._rl_inner_ops`` (``CudnnGRU``; GPU-only, refused as 2.10's CPU build
refuses it; ``GRUV2`` in ``tests/ops/test_gruv2.py``), ``text.Vocab.c_vocab`` (the engine vocab
that mindnlp's ``Lookup`` hands to the engine's ``LookupOperation``) and the dataset classes in
``mindspore.dataset.engine``'s namespace (``Dataset``, ``TakeDataset``) and
``ops.primitive._run_op``. The checkpoint reader it
imports is checked in ``tests/train/test_checkpoint_bytes.py``."""

import pytest

import deepsink.dataset as ds


def test_rl_inner_ops_cudnn_primitives_build_and_refuse_to_run():
    from deepsink.ops.operations import _rl_inner_ops as R

    gru = R.CudnnGRU(4, 5, 1, True, False, 0.0)
    lstm = R.LSTMV2(4, 5, 2, True, True, 0.1)
    assert (gru.input_size, gru.hidden_size, gru.bidirectional) == (4, 5, False)
    assert (lstm.num_layers, lstm.dropout, lstm.is_train) == (2, 0.1, True)
    for op in (gru, lstm):
        with pytest.raises(RuntimeError, match="GPU build only"):
            op(None, None, None)


def test_vocab_hands_its_engine_vocab_to_engine_operations():
    import deepsink._c_dataengine as cde
    from deepsink.dataset import text

    vocab = text.Vocab.from_list(["a", "b", "c"], special_tokens=["<unk>"])
    assert isinstance(vocab.c_vocab, cde.Vocab)
    assert vocab.c_vocab.vocab() == {"<unk>": 0, "a": 1, "b": 2, "c": 3}
    lookup = cde.LookupOperation(vocab.c_vocab, "<unk>", "int32")  # mindnlp's Lookup.parse()
    assert lookup(["c", "zz"]).tolist() == [3, 0]


def test_run_op_runs_the_primitives_own_kernel_from_a_subclass():
    import deepsink as ms
    from deepsink import ops
    from deepsink.ops.primitive import _run_op

    class Add(ops.Add):  # as mindnlp's legacy AllGather calls it
        def __call__(self, *args):
            return _run_op(self, self.name, args) * 10

    out = Add()(ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0]))
    assert out.asnumpy().tolist() == [40.0, 60.0]


def test_dataset_engine_namespace_holds_the_dataset_classes():
    from deepsink.dataset.engine import Dataset, GeneratorDataset, TakeDataset

    data = ds.NumpySlicesDataset({"x": [1, 2, 3]}, shuffle=False).take(2)
    assert isinstance(data, TakeDataset) and isinstance(data, Dataset)
    assert GeneratorDataset is ds.GeneratorDataset
    with pytest.raises(ImportError):
        from deepsink.dataset.engine import vision  # noqa: F401 - a module, not a class
