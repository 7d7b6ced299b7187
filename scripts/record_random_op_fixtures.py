"""Record what MindSpore 2.10's random ops draw after ``set_seed`` into
``tests/fixtures/ms/random_ops.json`` (NOT run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_random_op_fixtures.py

The programs are ``tests/support/random_op_cases.py`` (standard_normal, normal, uniform, the
rand/randn/randint family, multinomial, Dropout, the random primitives, mindspore.numpy's random
functions, a GAN's latent codes, a GRAPH_MODE Cell); each array is kept as its shape, dtype, sum
and values (the first and last 16 of a large one); ``fixture_recording`` holds the recording.
Run it from a directory outside the repository: MindSpore writes build artifacts into the
working directory.
"""

from fixture_recording import record_json_cases

if __name__ == "__main__":
    record_json_cases("random_op_cases", "random_ops.json")
