"""Solver work: what runs outside the server's event loop, with full information.

* :mod:`.tasks`: the solver tasks (solve a position, search a game's history for its last
  winnable point, search for a winnable deal): plain functions of position text and
  numbers that return frozen dataclasses, importable alone (no web framework).
* :mod:`.pool`: the embedded process pool that runs them on this machine (the default):
  one job per player, cancellation; :mod:`.worker`, what runs in each of its processes
  (the job's CPU and memory limits); :mod:`.slots`, how many run at once and whose turn.
* :mod:`.runner`: the contract the help modules call (:class:`~.runner.Runner`,
  :class:`~.runner.JobLimits`), what every runner shares (the player's one running job in
  the database) and :class:`~.runner.SolverRunner`, which runs the tasks in the pool and
  turns its cancellations and crashes into API errors.
* :mod:`.queue`: the job queue for hosting at scale (procrastinate on PostgreSQL):
  :class:`~.queue.QueueRunner`, the same contract with the tasks run by ``spider worker``
  processes on any machine, and the worker's side (:func:`~.queue.run_worker`).
"""
