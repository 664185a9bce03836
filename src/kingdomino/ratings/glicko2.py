"""Glicko-2, as Mark Glickman's paper "Example of the Glicko-2 system" (2013) states it.

A rating is a strength (``rating``, 1500 to start), how sure it is (``deviation``: 350 to start,
smaller with games, larger with time away) and how erratic the player is (``volatility``). A
rating period's results move all three at once; online play makes each rated game a period of its
own, as lichess does. A player is *provisional* while the deviation is over ``PROVISIONAL``.

The paper's worked example: a 1500 player (deviation 200) beats a 1400 (30) and loses to a 1550
(100) and a 1700 (300):

>>> after = update(Rating(1500, 200), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
...                                     (Rating(1700, 300), 0.0)])
>>> round((after.rating - 1500) / SCALE, 4), round(after.deviation / SCALE, 4)
(-0.2069, 0.8722)
>>> abs(after.rating - 1464.06) < 0.01, round(after.deviation, 2), round(after.volatility, 6)
(True, 151.52, 0.059996)

The paper's 1464.06 is its rounded -0.2069 on the Glicko scale; unrounded it is 1464.0507.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: Glicko-2's own scale: a rating r is (r - 1500) / SCALE there (the paper's 173.7178).
SCALE = 173.7178
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
#: The system constant: how much the volatility may change in a period (the paper: 0.3 to 1.2).
TAU = 0.5
#: A rating is provisional while its deviation is over this (lichess's 110).
PROVISIONAL = 110.0
#: The convergence tolerance of the volatility's iteration (the paper's epsilon).
EPSILON = 0.000001


@dataclass(frozen=True)
class Rating:
    """A player's Glicko-2 rating on the Glicko scale (1500 a new player's)."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    @property
    def provisional(self) -> bool:
        """Whether the rating is still too unsure to be shown as settled."""
        return self.deviation > PROVISIONAL


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, results: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player``'s rating after a period of ``results``: each an opponent's rating before the
    period and the player's score against them (1 a win, 0.5 a draw, 0 a loss). With no result,
    only the deviation grows (the paper's step 6).

    >>> update(Rating(1500, 200), []).deviation > 200
    True
    """
    for _, score in results:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"score: expected a number from 0 to 1, got {score!r}")
    mu = (player.rating - START_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        return Rating(player.rating, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma)
    opponents = [((o.rating - START_RATING) / SCALE, o.deviation / SCALE, s) for o, s in results]
    # Steps 3 and 4: the estimated variance of the rating from the results alone, and the change.
    inverse_v = 0.0
    gains = 0.0
    for mu_j, phi_j, score in opponents:
        expected = _expected(mu, mu_j, phi_j)
        inverse_v += _g(phi_j) ** 2 * expected * (1.0 - expected)
        gains += _g(phi_j) * (score - expected)
    v = 1.0 / inverse_v
    delta = v * gains
    sigma_new = _new_volatility(phi, sigma, v, delta, tau)
    # Steps 6 to 8: the deviation before the period, then the new deviation and rating.
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * gains
    return Rating(START_RATING + SCALE * mu_new, SCALE * phi_new, sigma_new)


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, the root of the paper's f(x) found by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        spread = phi * phi + v + ex
        return ex * (delta * delta - spread + ex) / (2.0 * spread * spread) - (x - a) / (tau * tau)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > EPSILON:
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2.0
        high, f_high = c, f_c
    return math.exp(low / 2.0)
