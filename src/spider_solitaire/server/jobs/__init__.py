"""Solver work: what runs outside the server's event loop, with full information.

* :mod:`.tasks`: the solver tasks (solve a position, search a game's history for its last
  winnable point, search for a winnable deal): plain functions of position text and
  numbers that return frozen dataclasses, importable alone (no web framework).
* :mod:`.pool`: the embedded process pool that runs them on this machine (the default):
  CPU and memory limits per job, one job per player, cancellation.
* :mod:`.runner`: :class:`~.runner.SolverRunner`, what the help modules call: it runs a
  task for a player and turns the pool's cancellations and crashes into API errors. (A
  job queue for hosting would be another way of running the same tasks behind it.)
"""
