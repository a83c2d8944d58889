"""A game's rules in one language, closed by the sections every game's page shares."""

from __future__ import annotations

from pyapp.games import game_class
from pyapp.rulebook import Rules, Section
from pyapp.rulebook.fair import fair_section
from pyapp.rulebook.friends import friends_section


def game_rules(game: str, language: str, title: str, summary: str, *sections: Section) -> Rules:
    """``game``'s own ``sections``, then the fair deal (a game with chance: a deal nobody chose) and friends' games.

    >>> [section.id for section in game_rules("triad", "en", "Triad", "").sections]
    ['friends']
    """
    fair = (fair_section(game, language),) if game_class(game).TYPE.has_chance else ()
    return Rules(game=game, language=language, title=title, summary=summary,
                 sections=(*sections, *fair, friends_section(game, language)))


__all__ = ["game_rules"]
