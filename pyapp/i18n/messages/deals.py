"""Messages of fair deals: the fingerprint on the table, the known deal, the check after the game (issue 32)."""

EN = {
    "deal.fingerprint": "Deal fingerprint",
    "deal.fingerprint_label": "Deal fingerprint, shown before the first card: {code}",
    "deal.known": "Known deal",
    "deal.known_label": "Known deal: its number could be known before the game, so no fingerprint is promised",
    "deal.end_title": "This deal",
    "deal.end_fingerprint": "Fingerprint shown before the first card",
    "deal.end_seed": "Deal number",
    "deal.end_none": "This game was started before deal fingerprints: it made no promise about its deal.",
    "deal.check": "Check this deal",
    "check.ok": "The deal is the one promised: deal number {seed} gives the fingerprint shown before the first card, "
                "and all {moves} plays were legal.",
    "check.ok_plays": "All {moves} plays were legal in this deal.",
    "check.differs": "Something differs:",
    "check.fingerprint_differs": "The deal is not the one promised: the fingerprint stored at the start begins "
                                 "{stored}, but the deal number now gives one beginning {computed}.",
    "check.illegal": "Play {number} ({action}) is not legal in this deal; the replay stops there.",
    "check.truncated": "The history stops after {moves} plays, before the game's end.",
    "check.unreadable": "The saved game cannot be read, so its deal cannot be checked.",
    "check.known_deal": "A known deal: no fingerprint was promised, so only the plays are checked.",
    "check.no_fingerprint": "Started before deal fingerprints: none was promised, so only the plays are checked.",
    "saves.known_deal": "Known deal",
}

KO = {
    "deal.fingerprint": "딜 지문",
    "deal.fingerprint_label": "첫 카드 전에 보여 준 딜 지문: {code}",
    "deal.known": "알려진 딜",
    "deal.known_label": "알려진 딜: 게임 전에 딜 번호를 알 수 있었으므로 딜 지문을 약속하지 않습니다",
    "deal.end_title": "이번 딜",
    "deal.end_fingerprint": "첫 카드 전에 보여 준 딜 지문",
    "deal.end_seed": "딜 번호",
    "deal.end_none": "딜 지문이 생기기 전에 시작한 게임이라 딜에 대해 약속한 것이 없습니다.",
    "deal.check": "이 딜 확인하기",
    "check.ok": "약속한 딜이 맞습니다: 딜 번호 {seed}에서 첫 카드 전에 보여 준 딜 지문이 그대로 나오고, "
                "모든 수({moves}개)가 규칙에 맞았습니다.",
    "check.ok_plays": "이 딜에서 모든 수({moves}개)가 규칙에 맞았습니다.",
    "check.differs": "다른 점이 있습니다:",
    "check.fingerprint_differs": "약속한 딜이 아닙니다: 시작할 때 저장한 딜 지문의 앞부분은 {stored}인데, "
                                 "지금 딜 번호에서 나오는 딜 지문의 앞부분은 {computed}입니다.",
    "check.illegal": "{number}번째 수({action})는 이 딜에서 규칙에 맞지 않습니다. 확인은 거기서 멈춥니다.",
    "check.truncated": "기록이 {moves}번째 수에서 끝나, 게임이 끝나기 전에 멈춥니다.",
    "check.unreadable": "저장된 게임을 읽을 수 없어 딜을 확인할 수 없습니다.",
    "check.known_deal": "알려진 딜이라 약속한 딜 지문이 없으므로 수만 확인합니다.",
    "check.no_fingerprint": "딜 지문이 생기기 전에 시작한 게임이라 약속한 딜 지문이 없으므로 수만 확인합니다.",
    "saves.known_deal": "알려진 딜",
}

EN.update({
    "replay.revealed_title": "Dealt at the start, shown now the game is over",
    "replay.revealed_face_up": "Face up at the start",
    "replay.revealed_deck": "The character deck, from the top",
    "replay.revealed_goals": "Secret goal cards",
    "replay.revealed_goal": "{name}: ‘{goal}’",
})

KO.update({
    "replay.revealed_title": "처음에 나눈 것, 게임이 끝나 공개합니다",
    "replay.revealed_face_up": "처음에 공개된 캐릭터",
    "replay.revealed_deck": "캐릭터 더미(맨 위부터)",
    "replay.revealed_goals": "비밀 목표 카드",
    "replay.revealed_goal": "{name} 님: ‘{goal}’",
})
