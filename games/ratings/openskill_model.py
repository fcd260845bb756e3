"""The one rating model of the site, and how a rating is shown (every caller goes through here)."""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from openskill.models import PlackettLuce

#: Rated games a player needs at a game before their rating there is established (leaderboards show only those).
PROVISIONAL_GAMES = 5
#: The shown rating: openskill's ordinal (mu - 3 sigma, 0 for a newcomer) on a friendlier scale.
SHOWN_BASE = 1000
SHOWN_SCALE = 40


@lru_cache(maxsize=1)
def model() -> PlackettLuce:
    """openskill's Plackett-Luce model with its default parameters (mu 25, sigma 25/3)."""
    return PlackettLuce()


def initial() -> tuple[float, float]:
    """(mu, sigma) of a player's first rated game."""
    return model().mu, model().sigma


def shown(mu: float, sigma: float) -> int:
    """The rating as players read it: 1000 + 40 x (mu - 3 sigma)."""
    return round(SHOWN_BASE + SHOWN_SCALE * (mu - 3 * sigma))


def rate(before: Sequence[tuple[float, float]], ranks: Sequence[int]) -> list[tuple[float, float]]:
    """The (mu, sigma) of each player after a game, one player a team; ``ranks``: 1 first, ties equal."""
    m = model()
    teams = [[m.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    rated = m.rate(teams, ranks=list(ranks))
    return [(team[0].mu, team[0].sigma) for team in rated]
