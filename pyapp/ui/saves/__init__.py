"""The saved-games screen: the list, import and export, replays, reviews and statistics."""
