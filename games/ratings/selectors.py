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
    """Set ``rating_entry`` on each seat (one or two queries for all): after a rated game, the rating it gave
    and the change; before and during a game, the player's present rating at that game."""
    if seats and not all(hasattr(s, "rating_entry") for s in seats):
        _attach([(game, seats)])


def attach_lobby_ratings(games: Iterable[Game]) -> None:
    """The same for every seat of ``games`` (seats prefetched), in two queries for the whole list."""
    _attach([(g, list(g.seats.all())) for g in games])


def _attach(tables: list[tuple[Game, list[Seat]]]) -> None:
    done = [g.pk for g, _ in tables if g.status == Game.Status.FINISHED and g.rated]
    changes = {(c.game_id, c.user_id): c for c in RatingChange.objects.filter(game_id__in=done)} if done else {}
    found: dict[tuple[int, str], tuple[float, float, int]] = {}
    for g, seats in tables:  # read with the seats already (games.play.reads.seats: a change's seats)
        for s in seats:
            if hasattr(s, "rating_row") and s.rating_row is not None:
                found[(s.user_id, g.game)] = s.rating_row
    wanted = {(s.user_id, g.game) for g, seats in tables for s in seats
              if (g.pk, s.user_id) not in changes and not hasattr(s, "rating_row")}
    if wanted:  # plain tuples: this runs for every published version of every game
        rows = (Rating.objects.filter(user_id__in={uid for uid, _ in wanted}, game__in={kind for _, kind in wanted})
                .values_list("user_id", "game", "mu", "sigma", "games"))
        found = {(uid, kind): (mu, sigma, games) for uid, kind, mu, sigma, games in rows}
    for game, seats in tables:
        for seat in seats:
            c = changes.get((game.pk, seat.user_id))
            r = found.get((seat.user_id, game.game))
            if c is not None:
                entry = rating_entry(c.mu_after, c.sigma_after, c.games_after,
                                     shown(c.mu_after, c.sigma_after) - shown(c.mu_before, c.sigma_before))
            else:
                entry = rating_entry(*r) if r is not None else newcomer_entry()
            setattr(seat, "rating_entry", entry)  # noqa: B010 (not a field)


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

