"""The API's named request and response models (docs/api.md is the prose contract), one
module a router:

* :mod:`.games`: new games; :mod:`.actions`: actions and rewinds; :mod:`.help`: hints,
  can-win, the solution and deal searches; :mod:`.record`: statistics, history, replays,
  transfer; :mod:`.daily`: the daily deals;
* shared by them: :mod:`.common` (card, column and variant types, the base of a request
  body), :mod:`.state` (the game's state), :mod:`.events` (an action's events) and
  :mod:`.errors` (the error bodies).

Cards are text like ``"TS"``; columns are numbered 1-10; every card has an id (its place
in the deal, stable for the game). Nothing here can hold a face-down card's identity or
the stock's order: a column shows only its face-down *count* and its cards' ids, the
stock only its rows left. Texts (labels, announcements, the help's answers) are finished
sentences in the player's language, built by :mod:`..texts`.
"""
