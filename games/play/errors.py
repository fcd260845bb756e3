"""Errors the game services raise; the API turns them into 400, 403, 404, 409 and 503 answers."""


class GameError(Exception):
    """Base: the message is written for a player to read."""


class GameNotFound(GameError):
    """No such game (or one this user may not see)."""


class NotAllowed(GameError):
    """The user may not do this at all (403)."""


class Conflict(GameError):
    """The request clashes with the game's present state: stale version, not your turn, full (409)."""


class BadTurn(GameError):
    """The turn is malformed or illegal by the rules (400)."""


class Unavailable(GameError):
    """The database could not be reached, and nothing was saved: the same request may be sent again (503)."""
