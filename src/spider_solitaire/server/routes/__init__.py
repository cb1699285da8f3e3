"""Thin route modules, one per resource: ``games``, ``actions``, ``help``, ``pages``.

Each module has a ``router``; the shared dependencies are in :mod:`.deps`.
"""
