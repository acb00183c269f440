"""The SPRT of `wyrm match --sprt` (wyrm_ai/lab/sprt.py) against hand-computed values."""
import math

import pytest

from wyrm_ai.model.errors import ConfigError
from wyrm_ai.lab.sprt import H0, H1, Sprt, llr


def test_bounds_are_walds():
    s = Sprt()
    assert s.lower == pytest.approx(math.log(0.05 / 0.95)) == pytest.approx(-2.944439, abs=1e-6)
    assert s.upper == pytest.approx(2.944439, abs=1e-6)
    t = Sprt(alpha=0.1, beta=0.2)
    assert t.lower == pytest.approx(math.log(0.2 / 0.9)) and t.upper == pytest.approx(math.log(0.8 / 0.1))


def test_accept_h1():
    # n 2, mean 2, ML variance ((1-2)^2 + (3-2)^2) / 2 = 1: LLR = 2 * 1 * (4 - 0 - 1) / 2 = 3
    s = Sprt(0.0, 1.0)
    assert s.llr([1, 3]) == pytest.approx(3.0)
    assert s.verdict(s.llr([1, 3])) == H1


def test_accept_h0():
    # n 4, mean -3, variance 1: LLR = 4 * 1 * (-6 - 1) / 2 = -14
    s = Sprt(0.0, 1.0)
    assert s.llr([-2, -4, -2, -4]) == pytest.approx(-14.0)
    assert s.verdict(-14.0) == H0


def test_continue():
    # n 4, mean 0, variance (1 + 1 + 9 + 9) / 4 = 5: LLR = 4 * 1 * (0 - 1) / 10 = -0.4
    s = Sprt(0.0, 1.0)
    assert s.llr([-1, 1, -3, 3]) == pytest.approx(-0.4)
    assert s.verdict(-0.4) is None


def test_other_hypotheses():
    # m0 -1, m1 2; n 3, mean 1, variance 2/3: LLR = 3 * 3 * (2 + 1 - 2) / (4/3) = 6.75
    assert llr([0, 1, 2], -1.0, 2.0) == pytest.approx(6.75)
    # a mean exactly between m0 and m1 is no evidence either way
    assert llr([0, 1, 0, 1], 0.0, 1.0) == pytest.approx(0.0)


def test_too_few_or_no_spread_is_no_evidence():
    s = Sprt()
    assert s.llr([]) == 0.0 and s.llr([5]) == 0.0
    assert s.llr([2, 2, 2]) == 0.0 and s.llr([0, 0]) == 0.0     # zero variance: go on
    assert s.verdict(s.llr([2, 2, 2])) is None


@pytest.mark.parametrize("kw, word", [({"margin0": 1.0, "margin1": 1.0}, "below margin1"),
                                      ({"alpha": 0.0}, "alpha"), ({"beta": 0.7}, "beta"),
                                      ({"margin1": float("nan")}, "margin1")])
def test_bad_parameters(kw, word):
    with pytest.raises(ConfigError, match=word):
        Sprt(**kw)


def test_no_verdict_before_min_pairs():
    """Two agreeing pairs give a tiny variance and a huge LLR: the test waits for min_pairs."""
    s = Sprt(0.0, 1.0, min_pairs=16)
    value = s.llr([5, 5.1])
    assert value >= s.upper and s.verdict(value, 2) is None and s.verdict(value, 16) == H1
    assert s.verdict(-50.0, 15) is None and s.verdict(-50.0, 16) == H0
    with pytest.raises(ConfigError, match="min_pairs"):
        Sprt(min_pairs=0)
