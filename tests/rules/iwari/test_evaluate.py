"""The computer players' evaluation of an Iwari position (games/rules/iwari/evaluate.py), worked out by hand
from the scoring rules: tents count twice before the half-journey scoring, once after; a group of three tents
is worth 1.5, a settlement its tents; a card in hand 0.5; the best other seat's figure is taken away."""
from __future__ import annotations

from games.rules.iwari.evaluate import standing
from games.rules.iwari.state import OVER

from .helpers import BLUE, ENG, GREEN, RED, game, tent


def test_tents_count_twice_before_the_half_journey() -> None:
    state = game(3)
    assert [state.hand_size(seat) for seat in range(3)] == [3, 3, 3]
    tent(state, RED, "EW1", "EW2")
    tent(state, BLUE, "EW3")
    tent(state, GREEN, "CF1")
    # tent points [3, 2, 1], doubled; 3 cards each
    assert standing(state) == [7.5, 5.5, 3.5]
    assert [ENG.evaluate(state, seat) for seat in range(3)] == [2.0, -2.0, -4.0]
    state.deck_runs = 1
    assert standing(state) == [4.5, 3.5, 2.5]


def test_a_group_of_three_and_a_settlement() -> None:
    state = game(3)
    state.deck_runs = 1
    tent(state, RED, "LB1", "EW3", "EW4")   # linked: LB1-EW3-EW4
    # tents: LB 1 + EW 2; near settlement 1.5; cards 1.5
    assert standing(state) == [6.0, 1.5, 1.5]
    tent(state, RED, "FH1")                 # four linked tents: a settlement of 4
    assert standing(state) == [4 + 4 + 1.5, 1.5, 1.5]
    assert ENG.evaluate(state, RED) == 8.0


def test_a_finished_game_counts_the_scores_only() -> None:
    state = game(2)
    tent(state, RED, "EW1")
    state.scores = [30, 41]
    state.phase = OVER
    assert ENG.evaluate(state, RED) == -11.0
    assert ENG.evaluate(state, BLUE) == 11.0


def test_totems_count_only_where_both_ends_have_a_leader() -> None:
    """The evaluation skips connections with an end bare of totems; one totem at each end scores both."""
    from games.rules.iwari.maps import load_board
    from games.rules.iwari.scoring import totem_scoring

    from .helpers import totem
    state = game(3)
    board = load_board(state.map_id)
    a, b = next(board.ends[c] for c in range(len(board.connection_ids)) if c not in state.mountains)
    names = board.territory_ids
    totem(state, RED, names[a])
    assert totem_scoring(state, board)[0] == [0, 0, 0]
    totem(state, RED, names[b])
    totals, rows = totem_scoring(state, board)
    assert totals[RED] == 2 * len(rows) and totals[BLUE] == totals[GREEN] == 0 and rows


def test_a_copy_has_every_field_and_shares_no_list() -> None:
    import random

    from games.rules.iwari.bench import mid_game
    state = mid_game(ENG, 3, 4)
    copy = state.copy()
    assert copy.to_dict() == state.to_dict()
    for holder, other in ((state, copy), (state.turn, copy.turn)):
        for name in type(holder).__slots__:
            value = getattr(holder, name)
            if isinstance(value, (list, dict)) and value:
                assert getattr(other, name) is not value, name
    rng = random.Random(3)
    before = state.to_dict()
    for _ in range(30):
        if ENG.current_player(copy) < 0:
            break
        copy = ENG.apply(copy, rng.choice(ENG.legal_actions(copy)))
    assert state.to_dict() == before
