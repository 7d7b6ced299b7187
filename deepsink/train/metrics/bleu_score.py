"""BleuScore: BLEU, the n-gram precision score of machine translations against references."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np

from deepsink.train.metrics.metric import Metric, rearrange_inputs


def _ngrams(tokens: Sequence[Any], n_gram: int) -> Counter:
    """How often each 1..n_gram-gram occurs in ``tokens``."""
    return Counter(
        tuple(tokens[j : j + n]) for n in range(1, n_gram + 1) for j in range(len(tokens) - n + 1)
    )


class BleuScore(Metric):
    """The BLEU score of candidate translations against their reference translations.

    Clipped n-gram counts are accumulated over every ``update``; ``eval`` is the brevity penalty
    times the geometric mean of the 1..``n_gram`` precisions (0 when some order has no match).

    Args:
        n_gram (int, optional): the highest n-gram order, 1 to 4. Default: ``4``.
        smooth (bool, optional): add one to every precision's numerator and denominator.
            Default: ``False``.

    Raises:
        TypeError: if ``n_gram`` is not an int or ``smooth`` not a bool.
        ValueError: if ``n_gram`` is not in [1, 4].

    Examples:
        >>> from deepsink.train import BleuScore
        >>> candidate_corpus = [['i', 'have', 'a', 'pen', 'on', 'my', 'desk']]
        >>> reference_corpus = [[['i', 'have', 'a', 'pen', 'in', 'my', 'desk'],
        ...                      ['there', 'is', 'a', 'pen', 'on', 'the', 'desk']]]
        >>> metric = BleuScore()
        >>> metric.update(candidate_corpus, reference_corpus)
        >>> print(metric.eval())
        0.5946035575013605
    """

    def __init__(self, n_gram: int = 4, smooth: bool = False) -> None:
        super().__init__()
        if isinstance(n_gram, bool) or not isinstance(n_gram, int):
            raise TypeError(
                f"For 'BleuScore', the argument 'n_gram' must be int, "
                f"but got {type(n_gram).__name__}"
            )
        if not 1 <= n_gram <= 4:
            raise ValueError(
                f"For 'BleuScore', the argument 'n_gram' should range from 1 to 4, "
                f"but got {n_gram}."
            )
        if not isinstance(smooth, bool):
            raise TypeError(
                f"For 'BleuScore', the argument 'smooth' must be bool, "
                f"but got {type(smooth).__name__}"
            )
        self.n_gram, self.smooth = n_gram, smooth
        self.clear()

    def clear(self) -> None:
        """Forget the sentences seen."""
        self._numerator = np.zeros(self.n_gram)
        self._denominator = np.zeros(self.n_gram)
        self._c = 0.0
        self._r = 0.0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        """Add ``candidate_corpus`` (token lists) and ``reference_corpus`` (for each candidate, a
        list of reference token lists).

        Raises:
            ValueError: for a number of inputs other than 2, or corpora of different lengths.
        """
        if len(inputs) != 2:
            raise ValueError(
                f"For 'BleuScore.update', it needs 2 inputs (candidate_corpus, "
                f"reference_corpus), but got {len(inputs)}."
            )
        candidates, references = inputs
        if len(candidates) != len(references):
            raise ValueError(
                f"For 'BleuScore.update', 'translate_corpus' (inputs[0]) and "
                f"'reference_corpus' (inputs[1]) should be equal in length, but got "
                f"{len(candidates)}, {len(references)}"
            )
        for candidate, refs in zip(candidates, references):
            self._c += len(candidate)
            lengths = [len(ref) for ref in refs]
            gaps = [abs(len(candidate) - n) for n in lengths]
            self._r += lengths[gaps.index(min(gaps))]  # the closest reference length, first wins
            counts = _ngrams(candidate, self.n_gram)
            most = Counter()
            for ref in refs:
                most |= _ngrams(ref, self.n_gram)
            for gram, n in (counts & most).items():
                self._numerator[len(gram) - 1] += n
            for gram, n in counts.items():
                self._denominator[len(gram) - 1] += n
        self._is_update = True

    def eval(self) -> Any:
        """The BLEU score (numpy.float64).

        Raises:
            RuntimeError: before any ``update``.
        """
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        if self._numerator.min() == 0.0:
            return np.array(0.0)
        if self.smooth:
            precisions = (self._numerator + 1) / (self._denominator + 1)
        else:
            precisions = self._numerator / self._denominator
        geometric_mean = np.exp(np.sum(np.log(precisions) / self.n_gram))
        penalty = 1.0 if self._c > self._r else np.exp(1 - self._r / self._c)
        return penalty * geometric_mean
