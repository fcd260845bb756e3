"""Iwari (docs/rules/iwari.md): the rules engine, standard library only.

Modules, by responsibility:

- ``cards``: the rules' fixed numbers (biomes, cards, pieces, hand and display sizes, mountains by players);
- ``maps``: the maps in ``maps/`` (``index.json`` lists them), checked on load and turned into index tables;
- ``state``: the mutable state and its JSON form; ``actions``: the actions and their dict forms;
  ``tables``: every action value of a map, built once; ``setup``: a new game (section 2);
- ``settle``: what may be placed and how it is paid (section 3A), and the third tribe's best move (section 6);
- ``turns``: the flow of a turn, one handler per action (sections 3 to 8, 13); ``feats``: section 13;
- ``scoring``: sections 9 to 12; ``record``: docs/records/iwari.md; ``view``: the views (shape in VIEW.md);
- ``sample``: states drawn from a seat's view (bots); ``words``: the log's and emails' sentences;
- ``engine``: ``IwariEngine``, the contract of ``games/rules/base.py``; ``bench``: the speed figures.

RULINGS.md lists what the engine decides where the rules page leaves it open.
"""
from .engine import IwariEngine

__all__ = ["IwariEngine"]
