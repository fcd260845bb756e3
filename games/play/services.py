"""The services: the only code that writes games, seats and the move log (STYLE.md, section 3).

Every change runs in one transaction on the locked game row; the engine decides, the services store, and only
after commit are listeners told (``games.play.signals``). This module gathers them under one name.
"""
from games.play.clocks import game_clock_pause, game_clock_resume, games_waiting_for
from games.play.lobby import game_create, game_join, game_join_by_invite, game_resign, seat_order
from games.play.moderation import game_abort, game_settle, seat_remove, user_suspend, user_unsuspend
from games.play.moves import move_submit, move_timeout, move_undo

__all__ = ["game_abort", "game_clock_pause", "game_clock_resume", "game_create", "game_join", "game_join_by_invite",
           "game_resign", "game_settle", "games_waiting_for", "move_submit", "move_timeout", "move_undo",
           "seat_order", "seat_remove", "user_suspend", "user_unsuspend"]
