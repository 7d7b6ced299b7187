"""Record what MindSpore 2.10's channel dropouts, Bernoulli, RandomCategorical, RandomPoisson, the
Gamma family, RandomChoiceWithMask, MultinomialWithReplacement, the candidate samplers,
gumbel_softmax, rrelu, the recurrent layers' dropout, TruncatedNormal, ParameterizedTruncatedNormal,
the fractional pools, SampleDistortedBoundingBoxV2 and nn.SampledSoftmaxLoss draw into
``tests/fixtures/ms/random_kernels.json`` (NOT run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_random_kernel_fixtures.py

The programs are ``tests/support/random_kernel_cases.py``; each array is kept as
``random_op_cases.summarize`` keeps it (shape, dtype, sum, values); ``fixture_recording``
holds the recording. Run it from a directory outside the repository: MindSpore writes build
artifacts into the working directory.
"""

from fixture_recording import record_json_cases

if __name__ == "__main__":
    record_json_cases("random_kernel_cases", "random_kernels.json")
