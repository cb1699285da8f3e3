"""The player's record (docs/record.md), by job:

* :mod:`.figures`: the statistics figures, computed from result rows alone (which results
  count after the resets, streaks, bests); no database, no HTTP;
* :mod:`.standing`: how one game stands in its player's record (the win summary the game's
  state shows);
* :mod:`.service`: :class:`~.service.RecordBook`, what the record routes call: statistics,
  resets, the history, replays, share links, exports and transfer codes;
* :mod:`.daily`: :class:`~.daily.DailyBook`, the daily deal's view (``GET /api/daily``).

The results are written by :class:`~spider_solitaire.server.games.GameService` alone, through
the store (:mod:`spider_solitaire.server.db`), in the transaction that decides a game.
"""
