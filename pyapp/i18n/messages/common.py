"""Messages shared by every screen."""

EN = {
    "test.greeting": "Hello, {name}",
    "app.title": "Dyad · Triad · Dieci",
    "game.dyad": "Dyad",
    "game.triad": "Triad",
    "game.dieci": "Dieci",
    "seat.person": "Person",
    "level.random": "Random",
    "level.easy": "Easy",
    "level.normal": "Normal",
    "level.hard": "Hard",
}
