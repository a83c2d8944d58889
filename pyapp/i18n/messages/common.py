"""Messages shared by every screen."""

EN = {
    "test.greeting": "Hello, {name}",
    "app.title": "Dyad · Triad · Dieci",
    "app.short_name": "Tabletop",
    "game.dyad": "Dyad",
    "game.triad": "Triad",
    "game.dieci": "Dieci",
    "seat.person": "Person",
    "seat.computer": "Computer",
    "level.random": "Random",
    "level.easy": "Easy",
    "level.normal": "Normal",
    "level.hard": "Hard",
}

KO = {
    "test.greeting": "안녕하세요, {name} 님",
    "app.title": "다이어드 · 트라이어드 · 디에치",
    "app.short_name": "보드게임",
    "game.dyad": "다이어드",
    "game.triad": "트라이어드",
    "game.dieci": "디에치",
    "seat.person": "사람",
    "seat.computer": "컴퓨터",
    "level.random": "무작위",
    "level.easy": "쉬움",
    "level.normal": "보통",
    "level.hard": "어려움",
}
