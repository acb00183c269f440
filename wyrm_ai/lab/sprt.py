"""The sequential probability ratio test of `wyrm match --sprt`, on paired margin differences.

Each finished pair gives one number, x = the candidate's margin minus the baseline's (VP). The
test weighs H0: mean(x) = m0 against H1: mean(x) = m1 (m1 > m0) after every pair, as engine-testing
frameworks do (fishtest's generalised SPRT, after M. Van den Bergh, "A comment on the SPRT", and
Wald, "Sequential tests of statistical hypotheses", 1945): under the normal approximation with
the variance estimated from the data so far (the maximum-likelihood variance s^2 = mean of
(x - mean)^2), the log-likelihood ratio of n differences with mean xbar is

    LLR = n * (m1 - m0) * (2 * xbar - m0 - m1) / (2 * s^2)

(the log of prod N(x_i; m1, s^2) / N(x_i; m0, s^2)). The test stops when the LLR leaves
(log(beta / (1 - alpha)), log((1 - beta) / alpha)): below, H0 is accepted (the candidate is not
m1 VP better), above, H1 (it is). alpha and beta are the rates of the two errors.

With fewer than two differences, or all of them equal (s^2 = 0, no spread to weigh them by), the
LLR is 0: there is no evidence yet, and the test goes on. The variance of a handful of pairs is
itself a guess (two pairs that happen to agree make s^2 tiny and the LLR huge), so the test
decides nothing before min_pairs pairs (default 16), as fishtest waits for a minimum of games."""
from __future__ import annotations

import math
from dataclasses import dataclass

from wyrm_ai.model.errors import ConfigError

H1 = "H1 accepted"
H0 = "H0 accepted"
INCONCLUSIVE = "inconclusive"


@dataclass(frozen=True)
class Sprt:
    """The test's hypotheses (mean paired differences m0 < m1, in VP) and error rates."""
    margin0: float = 0.0
    margin1: float = 1.0
    alpha: float = 0.05
    beta: float = 0.05
    min_pairs: int = 16         # no verdict before this many pairs

    def __post_init__(self):
        if type(self.min_pairs) is not int or self.min_pairs < 1:
            raise ConfigError(f"SPRT min_pairs must be a whole number >= 1, not {self.min_pairs!r}")
        for name in ("margin0", "margin1"):
            if not math.isfinite(getattr(self, name)):
                raise ConfigError(f"SPRT {name} must be a finite number, not {getattr(self, name)}")
        if not self.margin0 < self.margin1:
            raise ConfigError(f"SPRT margin0 ({self.margin0}) must be below margin1 ({self.margin1})")
        for name in ("alpha", "beta"):
            v = getattr(self, name)
            if not 0.0 < v < 0.5:
                raise ConfigError(f"SPRT {name} must be in (0, 0.5), not {v}")

    @property
    def lower(self) -> float:
        """log(beta / (1 - alpha)): at or below it, H0 is accepted."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """log((1 - beta) / alpha): at or above it, H1 is accepted."""
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, diffs) -> float:
        """The log-likelihood ratio of H1 to H0 for the differences so far (module docstring)."""
        return llr(diffs, self.margin0, self.margin1)

    def verdict(self, value: float, pairs: int | None = None) -> str | None:
        """H1 or H0 if the LLR `value` crossed a bound, else None (go on); always None while
        `pairs` (when given: the pairs the LLR weighs) is below min_pairs."""
        if pairs is not None and pairs < self.min_pairs:
            return None
        if value >= self.upper:
            return H1
        if value <= self.lower:
            return H0
        return None


def llr(diffs, m0: float, m1: float) -> float:
    """n * (m1 - m0) * (2 * mean - m0 - m1) / (2 * var), var the maximum-likelihood variance of
    diffs; 0.0 for fewer than two differences or zero variance."""
    n = len(diffs)
    if n < 2:
        return 0.0
    mean = math.fsum(diffs) / n
    var = math.fsum((x - mean) ** 2 for x in diffs) / n
    if var <= 0.0:
        return 0.0
    return n * (m1 - m0) * (2 * mean - m0 - m1) / (2 * var)
