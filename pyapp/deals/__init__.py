"""Deals a player can trust: a fingerprint shown before the first card, a check after the game.

:mod:`pyapp.deals.fingerprint` commits to a deal (game, options, players, seed)
without showing its seed; :mod:`pyapp.deals.verify` checks a finished game's
record against it.  Plain standard-library Python: no browser code.
"""
