"""Reading ratings: beside each player's name, on leaderboards, and as a player's history."""
from __future__ import annotations

from typing import Any, Iterable, Optional

from games.models import Game, Seat
from games.ratings.models import Rating, RatingChange
from games.ratings.openskill_model import PROVISIONAL_GAMES, initial, shown


def rating_entry(mu: float, sigma: float, games: int, change: Optional[int] = None) -> dict[str, Any]:
    """A rating as payloads and pages show it."""
    return {"rating": shown(mu, sigma), "provisional": games < PROVISIONAL_GAMES, "games": games, "change": change}


def newcomer_entry() -> dict[str, Any]:
    mu, sigma = initial()
    return rating_entry(mu, sigma, 0)


def attach_seat_ratings(game: Game, seats: list[Seat]) -> None:
    """Set ``rating_entry`` on each seat (one query for all): after a rated game, the rating it gave and the
    change; before and during a game, the player's present rating at that game."""
    if all(hasattr(s, "rating_entry") for s in seats) or not seats:
        return
    entries: dict[int, dict[str, Any]] = {}
    if game.status == Game.Status.FINISHED and game.rated:
        for c in RatingChange.objects.filter(game_id=game.pk):
            entries[c.user_id] = rating_entry(c.mu_after, c.sigma_after, c.games_after,
                                              shown(c.mu_after, c.sigma_after) - shown(c.mu_before, c.sigma_before))
    missing = [s.user_id for s in seats if s.user_id not in entries]
    if missing:
        for r in Rating.objects.filter(game=game.game, user_id__in=missing):
            entries[r.user_id] = rating_entry(r.mu, r.sigma, r.games)
    for seat in seats:
        setattr(seat, "rating_entry", entries.get(seat.user_id) or newcomer_entry())  # noqa: B010 (not a field)


def seat_rating(game: Game, seat: Seat) -> dict[str, Any]:
    """The rating entry of one seat (read with its game's other seats when not read yet)."""
    if not hasattr(seat, "rating_entry"):
        attach_seat_ratings(game, [seat])
    entry: dict[str, Any] = getattr(seat, "rating_entry")  # noqa: B009 (set above, not a field)
    return entry


def leaderboard(kind: str, limit: int = 100) -> list[dict[str, Any]]:
    """The established ratings at a game (``PROVISIONAL_GAMES`` rated games or more), best first."""
    rows = (Rating.objects.filter(game=kind, games__gte=PROVISIONAL_GAMES, user__is_active=True)
            .select_related("user"))
    ranked = sorted(rows, key=lambda r: (-shown(r.mu, r.sigma), -r.mu, r.user.username))[:limit]
    return [{"place": i + 1, "user": r.user, **rating_entry(r.mu, r.sigma, r.games)} for i, r in enumerate(ranked)]


def user_ratings(user: Any) -> dict[str, dict[str, Any]]:
    """A player's present rating at each game they have played rated."""
    return {r.game: rating_entry(r.mu, r.sigma, r.games) for r in Rating.objects.filter(user=user)}


def rating_history(user: Any, kind: str) -> list[dict[str, Any]]:
    """A player's rating after each rated game of a kind, oldest first."""
    changes = RatingChange.objects.filter(user=user, kind=kind).order_by("finished_at", "game_id")
    return [{"game_id": c.game_id, "at": c.finished_at, "rating": shown(c.mu_after, c.sigma_after),
             "change": shown(c.mu_after, c.sigma_after) - shown(c.mu_before, c.sigma_before), "rank": c.rank}
            for c in changes]


def attach_lobby_ratings(games: Iterable[Game]) -> None:
    """Set ``rating_entry`` (the present rating at that game) on every seat of ``games``, seats prefetched with
    their users: one query for the whole lobby."""
    games = list(games)
    seats = [s for g in games for s in g.seats.all()]
    kinds = {g.game for g in games}
    found = {(r.user_id, r.game): r for r in Rating.objects.filter(user_id__in={s.user_id for s in seats},
                                                                   game__in=kinds)}
    for game in games:
        for seat in game.seats.all():
            r = found.get((seat.user_id, game.game))
            setattr(seat, "rating_entry", rating_entry(r.mu, r.sigma, r.games) if r else newcomer_entry())  # noqa: B010
