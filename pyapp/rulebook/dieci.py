"""The rules of Dieci as this project implements them (``shared/rules/dieci.md``), in English and Korean."""

from __future__ import annotations

from pyapp.rulebook import d, demo, di, example, p, section, table, ul
from pyapp.rulebook.shared import game_rules

EN = game_rules(
    "dieci", "en", "Dieci",
    "A trick-taking card game for 2 to 8 players with trumps, characters to collect and a secret goal.",
    section(
        "overview",
        "Overview",
        p("The players are Radiatov, aliens who collect artwork from games. You win tricks to collect the characters of five suits, trying to complete your secret goal card, and you take care not to collect too many characters of one suit: in each suit only your lowest character counts for you, the others count against you."),
    ),
    section(
        "components",
        "Cards",
        ul(
            "Playing cards: five suits, each with the ranks 2 to 10, J, Q, K and A (A is highest): 65 cards.",
            di("The suits are five colours: red ●, yellow ▲, green ■, blue ◆ and purple ★. Each has its own symbol, so nobody needs colour to tell them apart."),
            di("Characters: 30 cards, six per suit, with the values 2, 3, 4, 6, 8 and 10. Their names and pictures are this project's own."),
            di("Goal cards: 10. Each shows six characters; every character appears on exactly two goal cards, and every goal card shows all five suits."),
        ),
        p("A goal card scores by how many of its characters its owner took:"),
        example("dieci-goal-points"),
    ),
    section(
        "setup",
        "Set-up",
        table(
            ("Players", "Hand", "Playing cards used"),
            ("2", "10", "ranks 10 to A (25 cards)"),
            ("3", "10", "ranks 8 to A (35 cards)"),
            ("4", "10", "ranks 6 to A (45 cards)"),
            ("5", "10", "ranks 4 to A (55 cards)"),
            ("6", "10", "all 65 cards"),
            ("7", "9", "all 65 cards"),
            ("8", "8", "all 65 cards"),
            decision=True,
        ),
        ul(
            "Deal the hands, then turn the top card of the rest face up: its suit is trump for this deal.",
            di("The turned trump card stays out of play for that deal."),
            "Each player gets one secret goal card. Shuffle the characters and lay three face up.",
            "The player on the dealer's left leads the first trick.",
            di("In the first deal the last seat deals, so the first seat leads."),
        ),
    ),
    section(
        "trick",
        "A trick",
        ul(
            "The leader plays any card. The others, clockwise, must follow the led suit if they can; if they cannot, they may play any card: a trump, or a card of another suit (a throw-off).",
            "If any trump was played, the highest trump wins. Otherwise the highest rank wins, whatever its suit: not only the led suit.",
            di("Equal ranks: the card played first wins."),
            "The winner takes all the cards of the trick (each is worth 1 point at the end) and leads the next trick.",
        ),
        p("Some tricks, judged by the game's rules engine:"),
        example("dieci-tricks"),
        demo("follow-suit"),
        demo("highest-rank"),
    ),
    section(
        "claims",
        "Claiming characters after every trick",
        ul(
            "The winner must claim one face-up character whose suit was played in this trick. If no face-up character has such a suit, the winner takes the top character of the deck instead.",
            di("The winner must claim even when every character they may take would cost them points."),
            di("Then, clockwise from the winner's left, each other player once either claims one remaining face-up character, of any suit, or passes. There is one round of offers."),
            di("The round of offers ends early when no character is left face up."),
            di("Then the face-up row is refilled to three from the character deck."),
        ),
        demo("forced-claim"),
        demo("round-of-offers"),
    ),
    section(
        "end",
        "End of the game",
        ul(
            di("The game ends at the end of the trick in which the character deck runs out, after that trick's claims and refill. Face-up characters left unclaimed score for nobody."),
            di("If all hands are played out before then, the playing cards are collected, shuffled and dealt again: the dealer moves one seat clockwise and a new trump is turned. Characters, goal cards and the cards taken stay."),
        ),
    ),
    section(
        "scoring",
        "Scoring",
        ul(
            "1 point for every playing card you took in tricks.",
            "Your goal card's points for the characters you took that it shows.",
            "In each suit: plus the value of your lowest character of that suit, minus the value of every other character of that suit you hold.",
            "The highest total wins.",
            di("Ties: the tied player with more characters shown on their goal card wins; if still tied, they share the win."),
        ),
        example("dieci-suits"),
        demo("suit-scoring"),
    ),
    section(
        "notation",
        "Writing down cards",
        p("A playing card is written as its rank, 2 to 9, T (10), J, Q, K or A, and a suit letter: R (red), Y (yellow), G (green), B (blue), P (purple). So TR is the red 10. A character is written as its suit letter and value, from R2 to P10."),
    ),
)

KO = game_rules(
    "dieci", "ko", "디에치",
    "2~8명이 하는 트릭 테이킹 카드 게임입니다. 으뜸패가 있고, 캐릭터를 모으며, 비밀 목표가 있습니다.",
    section(
        "overview",
        "개요",
        p("플레이어들은 게임 속 그림을 모으는 외계 종족 라디아토프입니다. 트릭을 따서 다섯 무늬의 캐릭터를 모으며 비밀 목표 카드를 채우려 합니다. 다만 한 무늬의 캐릭터를 너무 많이 모으면 안 됩니다. 무늬마다 가장 낮은 캐릭터 하나만 점수가 되고, 나머지는 감점이기 때문입니다."),
    ),
    section(
        "components",
        "카드",
        ul(
            "플레이 카드: 다섯 무늬에 각각 2~10, J, Q, K, A(가장 높음)가 있어 모두 65장입니다.",
            di("무늬는 다섯 가지 색입니다: 빨강 ●, 노랑 ▲, 초록 ■, 파랑 ◆, 보라 ★. 무늬마다 기호가 따로 있어 색을 구별하지 못해도 알아볼 수 있습니다."),
            di("캐릭터: 30장으로, 무늬마다 값 2, 3, 4, 6, 8, 10이 한 장씩 있습니다. 이름과 그림은 이 사이트가 새로 만든 것입니다."),
            di("목표 카드: 10장입니다. 각 카드에는 캐릭터 여섯이 그려져 있고, 모든 캐릭터는 목표 카드 정확히 두 장에 나오며, 모든 목표 카드에는 다섯 무늬가 다 있습니다."),
        ),
        p("목표 카드 점수는 그 카드의 캐릭터를 몇 장 가져왔는지에 따라 정해집니다."),
        example("dieci-goal-points"),
    ),
    section(
        "setup",
        "준비",
        table(
            ("인원", "손패", "쓰는 플레이 카드"),
            ("2", "10", "10~A(25장)"),
            ("3", "10", "8~A(35장)"),
            ("4", "10", "6~A(45장)"),
            ("5", "10", "4~A(55장)"),
            ("6", "10", "65장 모두"),
            ("7", "9", "65장 모두"),
            ("8", "8", "65장 모두"),
            decision=True,
        ),
        ul(
            "손패를 나눠 준 뒤 남은 카드 더미의 맨 위 카드를 뒤집어 놓습니다. 그 카드의 무늬가 이번 딜의 으뜸패입니다.",
            di("뒤집은 으뜸패 카드는 그 딜 동안 쓰지 않습니다."),
            "각자 비밀 목표 카드를 한 장씩 받습니다. 캐릭터 카드를 섞고 세 장을 펼쳐 놓습니다.",
            "딜러의 왼쪽 사람이 첫 트릭의 선입니다.",
            di("첫 딜은 마지막 자리가 나누므로 첫 자리 사람이 선입니다."),
        ),
    ),
    section(
        "trick",
        "트릭",
        ul(
            "선은 아무 카드나 냅니다. 나머지는 시계 방향으로, 낼 수 있으면 선이 낸 무늬를 따라야 합니다. 그 무늬가 없으면 아무 카드나 낼 수 있습니다. 으뜸패를 내도 되고, 다른 무늬 카드를 버려도 됩니다.",
            "으뜸패가 나왔으면 가장 높은 으뜸패가 이깁니다. 없으면 선이 낸 무늬뿐 아니라 어느 무늬든 가장 높은 숫자가 이깁니다.",
            di("숫자가 같으면 먼저 낸 카드가 이깁니다."),
            "이긴 사람은 트릭의 카드를 모두 가져가고(게임이 끝나면 한 장에 1점), 다음 트릭의 선이 됩니다.",
        ),
        p("게임의 규칙 엔진이 판정한 트릭의 예:"),
        example("dieci-tricks"),
        demo("follow-suit"),
        demo("highest-rank"),
    ),
    section(
        "claims",
        "트릭마다 캐릭터 가져가기",
        ul(
            "트릭을 딴 사람은 이 트릭에 나온 무늬의 공개 캐릭터 한 장을 반드시 가져가야 합니다. 그런 무늬의 공개 캐릭터가 없으면 대신 캐릭터 더미의 맨 위 카드를 가져갑니다.",
            di("가져갈 수 있는 캐릭터가 모두 점수를 깎더라도 반드시 가져가야 합니다."),
            di("그다음 트릭을 딴 사람의 왼쪽부터 시계 방향으로, 다른 사람이 한 번씩 무늬와 상관없이 남은 공개 캐릭터 한 장을 가져가거나 패스합니다. 이렇게 한 바퀴만 돕니다."),
            di("공개된 캐릭터가 하나도 남지 않으면 그 바퀴는 바로 끝납니다."),
            di("그런 다음 캐릭터 더미에서 공개 캐릭터를 다시 세 장으로 채웁니다."),
        ),
        demo("forced-claim"),
        demo("round-of-offers"),
    ),
    section(
        "end",
        "게임의 끝",
        ul(
            di("캐릭터 더미가 바닥난 트릭이 끝나면(그 트릭의 가져가기와 채우기까지 마친 뒤) 게임이 끝납니다. 아무도 가져가지 않은 공개 캐릭터는 누구의 점수도 되지 않습니다."),
            di("그 전에 손패를 모두 쓰면 플레이 카드를 모아 섞고 다시 나눕니다. 딜러는 시계 방향으로 한 자리 옮기고 새 으뜸패를 뒤집습니다. 캐릭터, 목표 카드, 가져간 카드는 그대로 둡니다."),
        ),
    ),
    section(
        "scoring",
        "점수",
        ul(
            "트릭에서 가져온 플레이 카드 한 장마다 1점.",
            "가져온 캐릭터 중 자기 목표 카드에 있는 것의 수에 따른 목표 카드 점수.",
            "무늬마다: 그 무늬에서 가장 낮은 캐릭터의 값을 더하고, 그 무늬의 나머지 캐릭터의 값은 모두 뺍니다.",
            "총점이 가장 높은 사람이 이깁니다.",
            di("동점이면 목표 카드에 있는 캐릭터를 더 많이 가져온 사람이 이기고, 그래도 같으면 함께 이긴 것으로 합니다."),
        ),
        example("dieci-suits"),
        demo("suit-scoring"),
    ),
    section(
        "notation",
        "카드 적는 법",
        p("플레이 카드는 숫자 2~9, T(10), J, Q, K, A 뒤에 무늬 글자를 붙여 적습니다: R(빨강), Y(노랑), G(초록), B(파랑), P(보라). TR은 빨강 10입니다. 캐릭터는 무늬 글자 뒤에 값을 붙여 R2부터 P10까지로 적습니다."),
    ),
)

RULES = {"en": EN, "ko": KO}
