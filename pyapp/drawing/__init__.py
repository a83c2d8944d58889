"""How the games' cards, pieces and boards are drawn, as element trees (``tree.node``), in one place per game.

* :mod:`.tree`: the element-tree builder every drawing uses (``[tag, attrs, *children]``);
  the page turns a tree into DOM in one call (``pyapp.ui.browser.dom.tree``), the build exports
  trees as JSON for the embedded demos.
* :mod:`.cards`: what the card games share: a card's face, another hand's backs, text shown and said.
* :mod:`.dyad`, :mod:`.dieci`, :mod:`.triad`: each game's cards, characters, pieces and cells, used
  by its table (``pyapp.ui.games.<game>``; replays draw through it), its rules demos
  (``pyapp.demos.render``), the rule pages (``pyapp.rulebook``) and the settings preview.

Plain standard-library Python: no ``js``, so tests, the build and the demos import it in CPython.
"""
