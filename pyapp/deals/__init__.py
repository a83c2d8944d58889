"""Deals a player can trust and share: a fingerprint before the first card, a check after the game,
the deal of the day and a friend's challenge link.

:mod:`pyapp.deals.fingerprint` commits to a deal (game, options, players, seed)
without showing its seed; :mod:`pyapp.deals.verify` checks a finished game's
record against it.  :mod:`pyapp.deals.daily` and :mod:`pyapp.deals.challenge`
are deals whose seed is known in advance.  Plain standard-library Python: no
browser code.
"""
