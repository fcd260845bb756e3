"""The contract every game implements, and the errors it raises.

The site (``games/``) knows a game only through this interface (STYLE.md, section 2; OpenSpiel's game
interface is the model). An engine is a stateless object; the state is a separate value that the engine
creates, transforms and serialises.

Turns, steps and entries
------------------------
A game is a sequence of **actions**, small frozen values with a dict form (``to_dict``, ``"type"`` key).
Some are the players' decisions; the others are **chance** actions, taken while ``current_player`` is
``CHANCE``: a tile or hex drawn, a treasure taken from a ruin, a card drawn from a deck. The site draws
chance actions with ``sample_chance`` (from the hidden order the state holds, seeded at set-up); a record
names them. Every chance action may show hidden information to the player to move, so the site never undoes
a step past one.

Actions group into **entries**: one entry of the game's record (a player's whole turn, a volcano drawn, a
bonus turn, a tile discarded because it fits nowhere). ``turn_number`` increases exactly when an entry is
complete and a new one begins; the site commits an entry to the move log at that moment, and the other
players see the entry when it is complete. An entry may be several requests (Tikal's actions, Iwari's cards
and draws): the site stores the turn in progress and lets its player undo until a chance action.

Determinism: an engine never uses the global ``random``, time, ``uuid``, ``hash()`` or set order. Every
random choice draws from its own stream derived from the seed (``random.Random(f"pile:{seed}")``), so that
nothing a player sees says anything about another hidden thing.
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Iterable, Mapping, Optional, Protocol, Sequence, TypeVar, Union

from .words import Words, text

#: ``current_player`` returns this while the next step is a chance event (a draw).
CHANCE = -1
#: ``current_player`` returns this once the game is over.
TERMINAL = -2

JSONDict = dict[str, Any]
Seed = Union[int, str]

#: What an audience sees of an action of another seat that the engine does not declare public, and its words.
HIDDEN_STEP: dict[str, Any] = {"type": "hidden"}
HIDDEN_STEP_WORDS = Words("drew a card")
#: What an audience sees of an entry of another seat that the engine does not declare public, and its words.
HIDDEN_ENTRY: dict[str, Any] = {"hidden": True}
HIDDEN_ENTRY_WORDS = Words("took a turn")


def quoted(value: Any, most: int = 40) -> str:
    """``value`` as an error message quotes it, cut short: a message never echoes a whole oversized input."""
    text = repr(value)
    return text if len(text) <= most else f"{text[:most - 1]}…"


class RulesError(ValueError):
    """Base of the engine's errors; the message is written for a player to read."""


class InvalidActionError(RulesError):
    """The action is malformed: unknown type, missing or badly typed field."""


class IllegalActionError(RulesError):
    """The action is well formed but not allowed in this position."""


class Action(Protocol):
    """A game's action: a small frozen value whose dict form has a ``"type"``."""

    @property
    def type(self) -> str: ...

    def to_dict(self) -> JSONDict: ...


@dataclass(frozen=True)
class Option:
    """A game option chosen when a game is created (shown on the creation form, checked by ``check_options``)."""

    name: str
    label: str
    default: Union[bool, int, str]
    choices: tuple[Union[int, str], ...] = ()  # empty: a yes/no option (``default`` is a bool)
    help: str = ""


S = TypeVar("S")
A = TypeVar("A", bound=Action)


class Engine(ABC, Generic[S, A]):
    """One game's rules behind the site's one interface."""

    #: The registry key, the model's value and the record's ``"game"``.
    name: ClassVar[str] = ""
    #: The game's name as players read it.
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    #: Options chosen at creation (Iwari's feats); their values reach ``new_game`` checked.
    options: ClassVar[tuple[Option, ...]] = ()
    #: True if the site also takes a whole entry in record form in one request (``turn_actions``).
    whole_turns: ClassVar[bool] = False
    #: True if a record of a game in play would show hidden information (hands): the site then gives the
    #: record out only once the game is over.
    record_shows_hidden: ClassVar[bool] = False
    #: The hard computer player's search budget: playouts a whole turn's search runs (shared among its candidate
    #: lines by sequential halving; sized so that a turn's search takes about a second of one core, docs/bots.md).
    hard_playouts: ClassVar[int] = 256
    #: The hard computer player's playouts: rounds of every seat's turns played on after the candidate's line.
    hard_horizon: ClassVar[int] = 2
    #: The share of ``hard_playouts`` a search gets when the seat's turn is already under way
    #: (``turn_under_way``: planned again after a draw, with little left to decide; docs/bots.md).
    hard_replan_share: ClassVar[float] = 1.0
    #: True if the hard computer player also tries each of its candidate lines with the line's last step chosen
    #: by ``search_evaluate`` (where a game's ``search_evaluate`` knows more than ``evaluate``: the Ark's).
    hard_rechoose_last: ClassVar[bool] = False
    #: True if every state drawn from a seat's view values the lines of that seat's own turn alike (the tile
    #: games: what is hidden is the pile's order, and no value reads it, the next tile's draw included): the
    #: medium and hard look-ahead then values its lines over one drawn state instead of ``Settings.samples``.
    draws_alike: ClassVar[bool] = False

    # ----- set-up --------------------------------------------------------------------------
    @abstractmethod
    def new_game(self, players: int, options: Mapping[str, Any], seed: Seed) -> S:
        """A fresh state for ``players`` seats; every hidden order is drawn from streams derived from ``seed``.

        Seat 0 moves first. ``options`` are checked (``check_options``) values.
        """

    def check_options(self, options: Mapping[str, Any]) -> JSONDict:
        """``options`` checked against ``self.options``, defaults filled in; raises ``InvalidActionError``."""
        known = {o.name: o for o in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise InvalidActionError(Words("{game} has no option {names}", game=Words(self.title),
                                           names=", ".join(map(repr, unknown))))
        out: JSONDict = {}
        for option in self.options:
            value = options.get(option.name, option.default)
            if option.choices:
                if value not in option.choices:
                    raise InvalidActionError(Words("{option} must be one of {choices}, not {value}",
                                                   option=Words(option.label),
                                                   choices=", ".join(map(str, option.choices)), value=repr(value)))
            elif not isinstance(value, bool):
                raise InvalidActionError(Words("{option} must be true or false, not {value}",
                                               option=Words(option.label), value=repr(value)))
            out[option.name] = value
        return out

    def check_players(self, players: Any) -> None:
        """Raise ``InvalidActionError`` unless ``players`` is in range."""
        if not isinstance(players, int) or isinstance(players, bool) or not (
                self.min_players <= players <= self.max_players):
            raise InvalidActionError(Words("{game} takes {low} to {high} players, not {players}",
                                           game=Words(self.title) if self.title else text(self.name),
                                           low=self.min_players, high=self.max_players, players=repr(players)))

    # ----- the flow of play -----------------------------------------------------------------
    @abstractmethod
    def current_player(self, state: S) -> int:
        """The seat to act, ``CHANCE`` for a chance step, or ``TERMINAL``."""

    @abstractmethod
    def turn_number(self, state: S) -> int:
        """Entries completed so far: it grows by one exactly when an entry ends and the next begins."""

    def search_actions(self, state: S) -> list[A]:
        """The legal actions the hard computer's search tries: ``legal_actions`` less any that another beats
        for the seat to move in every way (a game may know such; the default keeps them all)."""
        return self.legal_actions(state)

    def playout_actions(self, state: S, rng: random.Random, width: int) -> list[A]:
        """The actions the hard computer's playouts try at a step (the best of them by ``evaluate`` is played):
        ``width`` of the legal actions drawn at random, or all of them if no more."""
        actions = self.legal_actions(state)
        return actions if len(actions) <= width else rng.sample(actions, width)

    def turn_under_way(self, state: S) -> bool:
        """True if the seat to move has already taken a step of this turn that a draw followed (the hard
        computer plans such a rest of a turn at ``hard_replan_share`` of its budget). The default: never."""
        return False

    @abstractmethod
    def legal_actions(self, state: S) -> list[A]:
        """Every legal action now, in a fixed order (chance: every possible outcome)."""

    @abstractmethod
    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; ``state`` itself is unchanged. Raises ``IllegalActionError`` (and
        refuses a chance action while a seat is to act, and a seat's action during a chance step)."""

    @abstractmethod
    def sample_chance(self, state: S) -> A:
        """The chance action the state's hidden, seeded order dictates next (a draw)."""

    @abstractmethod
    def parse_action(self, data: Any) -> A:
        """An action from its dict form; raises ``InvalidActionError`` (a person can read why)."""

    # ----- what the site needs besides play ------------------------------------------------
    @abstractmethod
    def settle(self, state: S) -> S:
        """Final scoring now, from any state not over (a moderator settles, a record says ``"end"``)."""

    @abstractmethod
    def remove_seat(self, state: S, seat: int) -> S:
        """``seat`` is out (resigned, removed): skipped from now on, its score stands. If it was that seat's
        turn, the turn ends where it stands. The game ends if fewer than two seats are left playing."""

    @abstractmethod
    def timeout_action(self, state: S, rng: random.Random) -> A:
        """What the server plays for the seat to move when its time is up (called until its entry ends)."""

    @abstractmethod
    def sample_state(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> S:
        """A whole state consistent with ``view`` (``seat``'s view): what that seat cannot see (orders,
        hands, face-down pieces) drawn from ``rng``. Bots decide from these, never from the real state."""

    # ----- views and scores ---------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: Optional[int]) -> JSONDict:
        """What ``seat`` (``None``: a spectator) may see, JSON-ready, secrets dropped.

        Keys every view has: ``game``, ``players``, ``current_seat`` (null when over), ``your_seat``,
        ``scores``, ``finished``, ``winners``, ``legal`` (for the seat to move: every legal action with its
        cost and what it previews, so the page computes no rule; else empty).
        """

    def views(self, state: S, seats: Iterable[Optional[int]]) -> dict[Optional[int], JSONDict]:
        """``view`` for each of ``seats`` at once; an engine may share what they have in common."""
        return {seat: self.view(state, seat) for seat in seats}

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """True once final scoring has run."""

    @abstractmethod
    def scores(self, state: S) -> list[int]:
        """Scores in seat order."""

    @abstractmethod
    def events(self, state: S) -> Sequence[Mapping[str, Any]]:
        """The public events so far (scorings), oldest first; the site logs the new ones with each move."""

    @abstractmethod
    def active(self, state: S) -> list[bool]:
        """Per seat: still playing (not resigned or removed)."""

    def evaluate(self, state: S, seat: int) -> float:
        """How well ``seat`` stands, in points, for the computer players: its score and the points it can still
        expect (features' worth and completion chances, majorities, points in reach), less the best other
        seat's. The default counts the scores only; a game's own is what makes its bots play well."""
        scores = self.scores(state)
        others = [s for n, s in enumerate(scores) if n != seat]
        return float(scores[seat] - (max(others) if others else 0))

    def search_evaluate(self, state: S, seat: int) -> float:
        """How well ``seat`` stands for the hard computer player's search, where it values a candidate line's end
        and a playout's: ``evaluate`` (the default, and every game's but the Ark's), or more where a game knows
        what the seat to move can take at once (the Ark's move, docs/bots.md). The other levels use ``evaluate``."""
        return self.evaluate(state, seat)

    def ranking(self, state: S) -> list[tuple[int, ...]]:
        """Per seat, the key players are ranked by (higher is better): the score, then the tie-breaks."""
        return [(score,) for score in self.scores(state)]

    def winners(self, state: S) -> list[int]:
        """Seats still playing that share the best ranking key once the game is over, else ``[]``."""
        if not self.is_over(state):
            return []
        keys = self.ranking(state)
        playing = [seat for seat, on in enumerate(self.active(state)) if on]
        if not playing:
            return []
        best = max(keys[seat] for seat in playing)
        return [seat for seat in playing if keys[seat] == best]

    # ----- words (the log, emails) -------------------------------------------------------
    @abstractmethod
    def describe_action(self, action: Mapping[str, Any]) -> str:
        """An action (dict form) in words, without the player's name: ``"moved a worker to (1, 2) for 3"``."""

    @abstractmethod
    def describe_entry(self, entry: Mapping[str, Any]) -> str:
        """A whole entry (record form, as ``entry_for`` shows it) in words, without the player's name:
        ``"laid a temple (value 4) next to the base camp, moved 3 explorers, dug 2 treasures"``."""

    @abstractmethod
    def describe_event(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
        """An event in words; ``names`` are the seats' names."""

    def describe_position(self, view: Mapping[str, Any]) -> str:
        """The seat's position in a few words for its turn email (``view``: that seat's view)."""
        return ""

    # ----- what others see of a move (the log, emails): hidden unless declared public -------------------------
    def public_step(self, step: Mapping[str, Any]) -> bool:
        """True if every audience may see this action (dict form) of another seat's entry once that entry is
        over. Hiding is the default: an action an engine does not declare public (a card drawn from a deck)
        is shown to the others as ``HIDDEN_STEP``, in the words ``HIDDEN_STEP_WORDS``."""
        return False

    def public_entry(self, entry: Mapping[str, Any]) -> bool:
        """True if every audience may see this whole entry (record form) of another seat. An engine whose
        entries hold something hidden either says False (the others see ``HIDDEN_ENTRY``) or overrides
        ``entry_for`` to leave the hidden parts out."""
        return False

    def entry_for(self, entry: Mapping[str, Any], mover: Optional[int], audience: Optional[int]) -> JSONDict:
        """What ``audience`` (a seat, ``None``: a spectator) may see of an entry made by ``mover``: all of it
        if it is the mover's own or the engine declares it public, else ``HIDDEN_ENTRY``."""
        if (audience is not None and audience == mover) or self.public_entry(entry):
            return dict(entry)
        return dict(HIDDEN_ENTRY)

    def step_for(self, step: Mapping[str, Any], mover: Optional[int], audience: Optional[int]) -> JSONDict:
        """What ``audience`` may see of one action (dict form) of an entry made by ``mover``: all of it if it
        is the mover's own or the engine declares it public (``public_step``), else ``HIDDEN_STEP``."""
        if (audience is not None and audience == mover) or self.public_step(step):
            return dict(step)
        return dict(HIDDEN_STEP)

    def step_words(self, step: Mapping[str, Any]) -> str:
        """A step as ``step_for`` gave it to its audience, in words."""
        return HIDDEN_STEP_WORDS if step.get("type") == HIDDEN_STEP["type"] else self.describe_action(step)

    def entry_words(self, entry: Mapping[str, Any]) -> str:
        """An entry as ``entry_for`` gave it to its audience, in words."""
        return HIDDEN_ENTRY_WORDS if entry.get("hidden") is True else self.describe_entry(entry)

    def board_data(self) -> JSONDict:
        """The game's public reference data a page draws the board from (tiles, hexes, a map), JSON-ready."""
        return {}

    # ----- records (docs/records/<game>.md) -------------------------------------------------
    @abstractmethod
    def entry_actions(self, state: S, entry: Any) -> list[A]:
        """The actions of one record entry, chance ones included, applicable in order from ``state``;
        raises ``InvalidActionError`` on a malformed entry."""

    @abstractmethod
    def entry_record(self, state: Optional[S], actions: Sequence[A]) -> JSONDict:
        """The record form of one complete entry made of ``actions`` (chance ones included), in order.

        ``state`` is the state at the entry's first decision: before its first action that is not a chance
        action (the chance actions before it already applied), or ``None`` for an entry chance alone made.
        """

    def entry_unfinished(self, state: S) -> str:
        """Why the entry being played is not complete (a record entry that stops short): what is still due."""
        return Words("the turn is not complete")

    def turn_actions(self, state: S, data: Any) -> list[A]:
        """A whole entry sent by its player in one request: the player's actions from ``state`` (where the
        entry's chance steps so far are taken); the site takes the chance steps between them."""
        raise InvalidActionError(Words("{game} is played one action at a time (POST the actions one by one)",
                                       game=Words(self.title)))

    def record_setup(self, state: S) -> JSONDict:
        """Extra top-level keys of the record (``map``, ``options``, ``setup``) for a game started as ``state``."""
        return {}

    def record_start(self, players: int, record: Mapping[str, Any]) -> S:
        """The state a record starts from (its ``record_setup`` keys read back); raises ``InvalidActionError``."""
        return self.new_game(players, self.check_options(record.get("options") or {}), 0)

    @abstractmethod
    def state_to_dict(self, state: S) -> JSONDict:
        """The whole state (secrets included, for storage) as JSON types."""

    @abstractmethod
    def state_from_dict(self, data: Mapping[str, Any]) -> S:
        """The inverse of ``state_to_dict``."""
