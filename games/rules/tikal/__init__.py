"""Tikal (docs/rules/tikal.md): the rules engine, standard library only.

Modules, by responsibility:

- ``data``: ``board.json`` and ``hexes.json``, checked on import and turned into index tables;
- ``state``: the mutable state and its JSON form; ``actions``: the actions, their dict forms and tables;
- ``used``: which explorers have uncovered a level on which temple this turn (rules 5.4);
- ``turns``: the flow of play (sections 4 to 7): what is legal now, each action type to its handler, turns and
  rounds; ``placing``: placing the drawn hex (4.1); ``board``: borders, costs and pieces on a space;
- the action-point steps (section 5), each with its ``list``, ``check`` and ``apply``: ``camps`` (enter, camp-move,
  camp), ``walking`` (move), ``temples`` (uncover, guard), ``treasures`` (dig and its treasure, exchange); ``steps``
  brings them together (every legal step in order, costs, paying for one);
- ``scoring``: section 8 and the tie-breaks; ``record``: docs/records/tikal.md; ``view``: the views;
- ``sample``: states drawn from a seat's view (bots); ``words``: the log's and emails' sentences;
- ``engine``: ``TikalEngine``, the contract of ``games/rules/base.py``; ``bench``: the speed figures.

Rulings the engine makes where the rules page leaves a case open:

- A volcano has no stones: it is laid with rotation 0 only (every rotation is the same hex).
- A level needs an explorer on the temple not yet used for a level there this turn (rules 5.4); which worker a move
  walked is left open until it matters and taken to be the one that makes the turn legal (``used``). Treasures are
  counted, as rules 5.5 words them: the second from a ruin in a turn needs two of the player's explorers there.
- A seat that leaves keeps its pieces on the board (they count for majorities); it scores nothing more, takes no
  bonus turn, and nobody can exchange treasures with it. If it was to move, its drawn hex goes on the first legal
  place and its turn ends.
- A turn ends only with ``end``, the only legal action once the 10 points are spent: it never ends by itself.
- ``settle`` (and a record's ``"end": true``) scores every seat still playing once, in seat order.
"""
from .engine import TikalEngine

__all__ = ["TikalEngine"]
