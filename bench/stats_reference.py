#!/usr/bin/env python3
"""Reference values for the error bars of engine/base/stats.h, computed
independently of planlens: exact rational arithmetic (fractions) for the
binomial sums and the clustered variance, then one square root, and SciPy
as a second opinion when it is installed (scipy.stats.binomtest: exact
two-sided p-value, Wilson interval).

    /usr/bin/python3 bench/stats_reference.py   (SciPy: apt-get install python3-scipy)

tests/base/test_stats.c holds the numbers this prints (regenerate them
with this command when a case changes).
"""
from fractions import Fraction
from math import comb, sqrt
from statistics import NormalDist

Z = NormalDist().inv_cdf(0.975)  # 1.959963984540054

try:
    from scipy.stats import binomtest
except ImportError:  # the exact sums below stand alone
    binomtest = None


def wilson(k, n):
    """Wilson's score interval, from its definition."""
    p = k / n
    center = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z / (1 + Z * Z / n) * sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return center - half, center + half


def mcnemar_exact(b, c):
    """2 P(X <= min(b, c)), X ~ Binomial(b + c, 1/2), summed exactly."""
    n, k = b + c, min(b, c)
    if b == c:
        return Fraction(1)
    tail = Fraction(sum(comb(n, i) for i in range(k + 1)), 2 ** n)
    return min(Fraction(1), 2 * tail)


def clustered(scores):
    """Miller (2024), eq. 4: scores is a list of clusters (lists of answers)."""
    xs = [Fraction(x) for cl in scores for x in cl]
    n = len(xs)
    mean = sum(xs) / n
    s2 = sum((x - mean) ** 2 for x in xs) / (n - 1)
    cross = Fraction(0)
    for cl in scores:
        e = [Fraction(x) - mean for x in cl]
        cross += sum(e[i] * e[j] for i in range(len(e)) for j in range(len(e)) if i != j)
    var = s2 / n + cross / (n * n)
    se = sqrt(var)
    m = float(mean)
    return m, se, max(0.0, m - Z * se), min(1.0, m + Z * se)


def paired(a, b):
    """Mean of a - b, its paired SE (sample variance) and the 95 % interval."""
    d = [Fraction(x) - Fraction(y) for x, y in zip(a, b)]
    n = len(d)
    mean = sum(d) / n
    se = sqrt(sum((x - mean) ** 2 for x in d) / (n - 1) / n)
    m = float(mean)
    return m, se, m - Z * se, m + Z * se


print("z95 %.17g" % Z)
for k, n in [(0, 10), (7, 10), (10, 10), (1, 2), (1, 3), (12, 14), (31, 64), (41, 182), (500, 1000)]:
    lo, hi = wilson(k, n)
    line = "wilson k=%d n=%d  %.15g %.15g" % (k, n, lo, hi)
    if binomtest:
        ci = binomtest(k, n).proportion_ci(0.95, method="wilson")
        line += "  scipy %.15g %.15g" % (ci.low, ci.high)
    print(line)

for b, c in [(0, 0), (3, 3), (1, 5), (2, 10), (0, 7), (12, 30), (10, 1000), (400, 460), (5000, 5200)]:
    p = mcnemar_exact(b, c)
    line = "mcnemar b=%d c=%d  %.15g" % (b, c, float(p))
    if binomtest:
        line += "  scipy %.15g" % binomtest(min(b, c), b + c, 0.5).pvalue if b + c else ""
    print(line)

# four questions, three epochs each; then one question answered once among them
CLUSTERS = [[1, 1, 1], [0, 0, 1], [0, 0, 0], [1, 0, 1]]
print("clustered %s  mean %.15g se %.15g ci %.15g %.15g" % ((CLUSTERS,) + clustered(CLUSTERS)))
UNEVEN = [[1, 1], [0], [1, 0, 0, 1], [1], [0, 0]]
print("clustered %s  mean %.15g se %.15g ci %.15g %.15g" % ((UNEVEN,) + clustered(UNEVEN)))
VALUES = [[0.5, 0.25], [1, 0.75], [0.2]]
print("clustered %s  mean %.15g se %.15g ci %.15g %.15g" % ((VALUES,) + clustered(VALUES)))

A = [1, 1, 0, 1, 0, 1, 1, 0, 1, 1]
B = [0, 1, 0, 0, 0, 1, 0, 0, 1, 1]
print("paired a=%s b=%s  diff %.15g se %.15g ci %.15g %.15g" % ((A, B) + paired(A, B)))
