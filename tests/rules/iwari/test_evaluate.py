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


def test_the_evaluation_adds_up_the_scoring_rules_in_every_position() -> None:
    """``standing`` works the figures out in one pass each (the bots value positions by the hundred thousand):
    the same as the scoring rules' own functions on every position of random games of two to four seats, a
    seat that left among them, with feats on the board."""
    import random

    from games.rules.base import CHANCE, TERMINAL
    from games.rules.iwari.maps import load_board
    from games.rules.iwari.scoring import scoring_seats, settlements, tent_scoring, totem_scoring

    def by_the_rules(state) -> list[float]:
        if state.phase == OVER:
            return [float(s) for s in state.scores]
        board = load_board(state.map_id)
        tents, totems = tent_scoring(state, board)[0], totem_scoring(state, board)[0]
        worth = [float(s) for s in state.scores]
        for seat in scoring_seats(state):
            groups = [len(g) for g in settlements(state, board, seat)]
            worth[seat] += ((2 if state.deck_runs == 0 else 1) * tents[seat] + totems[seat]
                            + sum(size for size in groups if size >= 4) + 1.5 * groups.count(3)
                            + 0.5 * state.hand_size(seat))
        return worth

    positions = feats = 0
    for players in (2, 3, 4):
        for seed in range(4):
            rng = random.Random(seed)
            state = ENG.new_game(players, ENG.check_options({"feats": seed % 2 == 1}), seed)
            while ENG.current_player(state) != TERMINAL:
                if players == 4 and ENG.turn_number(state) == 12:
                    state.active[3] = False  # a seat that left: it scores nothing, its pieces still count
                assert standing(state) == by_the_rules(state)
                positions += 1
                feats += any(state.feat_territory) or any(state.feat_connection)
                mover = ENG.current_player(state)
                state = ENG.apply(state, ENG.sample_chance(state) if mover == CHANCE
                                  else rng.choice(ENG.legal_actions(state)))
            assert standing(state) == by_the_rules(state)
    assert positions > 1000 and feats > 100
