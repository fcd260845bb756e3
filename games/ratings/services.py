"""Rating updates: once per finished rated game, inside the transaction that finishes it
(games/play/commit.py ``_finish``, in the change's own transaction), and the rebuild of every rating from the finished games (same numbers).

Results count as they are: the engine's winners first (ties share a rank), the other players still seated by
score, and the seats that resigned, timed out of the game or were removed last, together. Aborted games never
finish, so they never count.
"""
from __future__ import annotations

from typing import Iterable, Optional

from django.db import transaction
from django.utils import timezone

from games.models import Game, Seat
from games.ratings import openskill_model
from games.ratings.models import Rating, RatingChange


def finish_ranks(seats: Iterable[Seat]) -> dict[int, int]:
    """Each seat's rank (by seat number, 1 = first, ties share the better rank) from its final status,
    result and score: the same whether read while finishing or later from the database."""
    def key(seat: Seat) -> tuple[int, int, int]:
        if seat.status != Seat.Status.PLAYING:
            return 1, 1, 0  # resigned or removed: last, all alike
        return 0, 0 if seat.result == Seat.Result.WON else 1, -seat.score

    keyed = [(seat.number, key(seat)) for seat in seats]
    return {number: 1 + sum(1 for _, other in keyed if other < mine) for number, mine in keyed}


def _apply(game: Game, seats: list[Seat], current: dict[int, Rating]) -> list[RatingChange]:
    """Rate ``game`` from the ratings in ``current`` (by user id, updated in place); the changes, unsaved."""
    ranks = finish_ranks(seats)
    before = [(current[s.user_id].mu, current[s.user_id].sigma) for s in seats]
    after = openskill_model.rate(before, [ranks[s.number] for s in seats])
    finished_at = game.finished_at or timezone.now()
    changes = []
    for seat, (mu0, sigma0), (mu1, sigma1) in zip(seats, before, after):
        rating = current[seat.user_id]
        rating.mu, rating.sigma, rating.games = mu1, sigma1, rating.games + 1
        changes.append(RatingChange(game_id=game.pk, user_id=seat.user_id, kind=game.game, rank=ranks[seat.number],
                                    mu_before=mu0, sigma_before=sigma0, mu_after=mu1, sigma_after=sigma1,
                                    games_after=rating.games, finished_at=finished_at))
    return changes


def rateable(game: Game, seats: list[Seat]) -> bool:
    """A finished rated game of 2 to 5 players."""
    return game.rated and game.status == Game.Status.FINISHED and 2 <= len(seats) <= 5


def game_rate(game: Game, seats: Optional[list[Seat]] = None) -> list[RatingChange]:
    """Update the ratings of the players of ``game``, just finished (called inside its transaction, with its
    seats' final status, result and score). Nothing for an unrated game or one already rated."""
    if seats is None:
        seats = list(game.seats.all())
    seats = sorted(seats, key=lambda s: s.number)
    if not rateable(game, seats) or RatingChange.objects.filter(game_id=game.pk).exists():
        return []
    user_ids = sorted(s.user_id for s in seats)
    mu, sigma = openskill_model.initial()
    Rating.objects.bulk_create([Rating(user_id=uid, game=game.game, mu=mu, sigma=sigma) for uid in user_ids],
                               ignore_conflicts=True)
    # locked in user order: two games finishing at once with a player in common wait for each other
    current = {r.user_id: r for r in Rating.objects.select_for_update().filter(game=game.game, user_id__in=user_ids)
               .order_by("user_id")}
    changes = _apply(game, seats, current)
    now = timezone.now()
    for rating in current.values():
        rating.updated_at = now  # bulk_update skips auto_now
    Rating.objects.bulk_update(current.values(), ["mu", "sigma", "games", "updated_at"])
    RatingChange.objects.bulk_create(changes)
    return changes


def ratings_rebuild() -> int:
    """Forget every rating and rate every finished rated game again, in the order they finished (the numbers
    come out as the games gave them). Returns how many games were rated."""
    with transaction.atomic():
        RatingChange.objects.all().delete()
        Rating.objects.all().delete()
        mu, sigma = openskill_model.initial()
        current: dict[tuple[str, int], Rating] = {}
        changes: list[RatingChange] = []
        count = 0
        games = Game.objects.filter(status=Game.Status.FINISHED, rated=True).order_by("finished_at", "pk")
        for game in games.prefetch_related("seats").iterator(chunk_size=500):
            seats = sorted(game.seats.all(), key=lambda s: s.number)
            if not rateable(game, seats):
                continue
            for seat in seats:
                current.setdefault((game.game, seat.user_id),
                                   Rating(user_id=seat.user_id, game=game.game, mu=mu, sigma=sigma))
            by_user = {s.user_id: current[(game.game, s.user_id)] for s in seats}
            changes.extend(_apply(game, seats, by_user))
            count += 1
        Rating.objects.bulk_create(current.values(), batch_size=500)
        RatingChange.objects.bulk_create(changes, batch_size=500)
    return count
