"""Fixtures shared by every test; factories live in tests/factories.py."""
