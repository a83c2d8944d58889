"""The table every game is played on and its parts: set-up, turns, pacing, hints, ownership, deal chips and dialogs."""
