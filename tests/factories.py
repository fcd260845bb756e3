"""factory_boy factories shared by the test packages."""
from __future__ import annotations

import random
from typing import Any, Optional

import factory

from accounts.models import User

PASSWORD = "correct horse battery staple"


class UserFactory(factory.django.DjangoModelFactory):
    """An active account whose password is PASSWORD unless `password=` is given."""

    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.com")

    @factory.post_generation
    def password(user: User, create: bool, extracted: str | None, **kwargs: Any) -> None:
        user.set_password(extracted or PASSWORD)
        if create:
            user.save(update_fields=["password"])


# ----- games at a given stage, and random play through the services -----------------------------------------
def start_game(users: list[Any], *, game: str = "ark", private: bool = False, seed: Optional[int] = 1234,
               move_hours: int = 72, options: Optional[dict[str, Any]] = None, rated: bool = False) -> Any:
    """A started game of ``users`` (the first creates it, the others join), its seed pinned unless None."""
    from games.models import Game
    from games.play import services

    new = services.game_create(user=users[0], game=game, players=len(users), private=private,
                               move_hours=move_hours, options=options, rated=rated)
    if seed is not None:
        Game.objects.filter(pk=new.pk).update(seed=seed)
    for user in users[1:]:
        services.game_join(game_id=new.pk, user=user, invite_code=new.invite_code)
    new.refresh_from_db()
    return new


def mover(game: Any) -> Any:
    """The user whose turn it is (read again from the database)."""
    game.refresh_from_db()
    return game.seats.get(number=game.current_seat).user


def random_actions(game: Any, rng: random.Random) -> list[Any]:
    """Random legal actions of the seat to move, from the stored state, until its entry ends."""
    from games.play.payloads import progress_of

    progress = progress_of(game)
    assert progress is not None
    eng, state = progress.eng, progress.state
    seat, number = eng.current_player(state), eng.turn_number(state)
    actions = []
    while eng.turn_number(state) == number and eng.current_player(state) == seat:
        action = rng.choice(eng.legal_actions(state))
        actions.append(action)
        state = eng.apply(state, action)
    return actions


def random_turn(game: Any, rng: random.Random) -> dict[str, Any]:
    """A random legal whole turn in record form for the seat to move (the games that take whole turns)."""
    from games.play.payloads import progress_of

    progress = progress_of(game)
    assert progress is not None
    eng = progress.eng
    drawn = [eng.parse_action(step) for step in progress.steps]
    return eng.entry_record(progress.state, drawn + random_actions(game, rng))


def play_turn(game: Any, rng: Optional[random.Random] = None) -> Any:
    """The player to move plays one random legal turn through the services (step by step where the game is
    played so); returns the game as saved."""
    from games.play import services
    from games.rules import engine

    rng = rng or random.Random(game.version)
    game.refresh_from_db()
    user = mover(game)
    if engine(game.game).whole_turns:
        services.move_submit(game_id=game.pk, user=user, turn=random_turn(game, rng), expected_version=game.version)
    else:
        from games.models import Game

        turn = turn_of(game)
        while game.status == Game.Status.ACTIVE and turn_of(game) == turn:
            game = play_step(game, rng, user)
    game.refresh_from_db()
    return game


def turn_of(game: Any) -> tuple[Any, ...]:
    """The turn ``game`` is at: its status, the seat to move and the turn's number (a bonus turn has its own)."""
    return game.status, game.current_seat, (game.turn or {}).get("number")


def play_step(game: Any, rng: random.Random, user: Any = None) -> Any:
    """The seat to move plays one random legal step of a game played by steps, through the services (``user``:
    its player, read when not given); returns the game as saved."""
    from games.play import services
    from games.play.payloads import progress_of

    progress = progress_of(game)
    assert progress is not None, "an active game has a turn in progress"
    action = rng.choice(progress.eng.legal_actions(progress.state))
    return services.move_submit(game_id=game.pk, user=user or mover(game), action=action.to_dict(),
                                expected_version=game.version)


def play_first_turns(game: Any, rng: Optional[random.Random] = None) -> Any:
    """Play random turns until every seat still in the game has played one of its own: from then on a seat
    that leaves is out of a game that goes on (before, the game is aborted: games/play/seats.py)."""
    from games.models import Game
    from games.play.seats import first_turns_played

    rng = rng or random.Random(game.pk)
    game.refresh_from_db()
    while game.status == Game.Status.ACTIVE and not first_turns_played(game):
        game = play_turn(game, rng)
    return game


def play_turns(game: Any, count: Optional[int], rng: random.Random) -> Any:
    """Play ``count`` random turns (None: to the end)."""
    from games.models import Game

    played = 0
    while game.status == Game.Status.ACTIVE and (count is None or played < count):
        game = play_turn(game, rng)
        played += 1
    game.refresh_from_db()
    return game
