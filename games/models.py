"""Game storage; the rules themselves live in games.rules, which knows nothing of Django."""
