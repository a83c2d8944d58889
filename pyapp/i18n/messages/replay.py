"""Messages of the replay: one sentence per kind of step, named placeholders only."""

EN = {
    "replay.generic": "{name}: {action}.",
    "replay.hidden": "{name} made a move.",
    "replay.start": "The start of the game.",
    # Triad
    "replay.triad.place": "{name} places a piece at ({row},{col}).",
    "replay.triad.place_triad": "{name} places a piece at ({row},{col}) and makes a triad: +{points}.",
    "replay.triad.remove_stack": "{name} removes the stack at ({row},{col}): +{points}.",
    "replay.triad.remove_row": "{name} removes the triad {cells}: +{points}.",
    "replay.triad.pass": "{name} passes: no triad to remove.",
    "replay.triad.phase2": "All pieces are placed: phase 2, removing, begins.",
    "replay.triad.over": "The game is over: {a} to {b}.",
    # Dyad
    "replay.dyad.lead": "{name} leads {pair} (worth {value}).",
    "replay.dyad.follow": "{name} plays {pair} (worth {value}).",
    "replay.dyad.take": "{name} takes the trick and retrieves {card} from {owner}.",
    "replay.dyad.take_own": "{name} takes the trick and retrieves {card}.",
    "replay.dyad.cipher": "{name} declares Cipher.",
    "replay.dyad.no_cipher": "{name} does not declare Cipher.",
    "replay.dyad.pass_seen": "{name} passes {cards} to their partner.",
    "replay.dyad.pass_hidden": "{name} passes two cards to their partner.",
    "replay.dyad.round_end": "Round {round} ends: {scores}.",
    "replay.dyad.score": "{name} {points}",
    # Dieci
    "replay.dieci.play": "{name} plays {card}.",
    "replay.dieci.trick": "{name} wins the trick.",
    "replay.dieci.claim": "{name} claims the character {char}.",
    "replay.dieci.top": "{name} takes the top character of the deck: {char}.",
    "replay.dieci.top_hidden": "{name} takes the top character of the deck.",
    "replay.dieci.pass": "{name} passes.",
    "replay.dieci.deal": "New deal: the trump card is {card}.",
    "replay.dieci.over": "The character deck is spent: the game is over.",
}
