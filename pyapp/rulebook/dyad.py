"""The rules of Dyad as this project implements them (``shared/rules/dyad.md``), in English and Korean."""

from __future__ import annotations

from pyapp.rulebook import d, demo, di, example, p, section, table, ul
from pyapp.rulebook.shared import game_rules

EN = game_rules(
    "dyad", "en", "Dyad",
    "A trick-taking card game for 2 to 4 players where every play is a pair of cards.",
    section(
        "overview",
        "Overview",
        p("In Dyad everyone plays two cards at a time. Whoever plays the best pair takes the trick and takes back one card an opponent played. After a few tricks the cards left in your hand are your score for the round. Rounds go on until someone reaches 50 points."),
    ),
    section(
        "deal",
        "Cards and deal",
        ul(
            "Four suits: spades ♠, hearts ♥, diamonds ♦ and clubs ♣. A card is worth its number.",
            "With 2 or 3 players the cards 2 to 7 are used (24 cards); with 4 players, 2 to 9 (32 cards).",
            di("The whole deck is dealt evenly: 12 cards each with 2 players, 8 each with 3 or 4 players, so every hand is exactly used up by the tricks of a round."),
            di("The dealer moves one seat clockwise every round; in the first round the last seat deals, so the first seat leads first."),
            "The player on the dealer's left leads the first trick of a round.",
        ),
    ),
    section(
        "trick",
        "A trick",
        p("In every trick each player plays exactly one pair, two cards from their hand: the leader first, then the others clockwise. The lead pair decides what the others must do:"),
        ul(
            "A matched lead: both cards are of one suit. It is worth their sum, and the others must follow that suit.",
            "An unmatched lead: the cards are of different suits. It is worth their sum, and nobody has to follow.",
        ),
        d("Following a matched lead in a suit: a player with two or more cards of that suit must play two of them; a player with exactly one must include it in the pair; a player with none may play any two cards."),
        demo("matched-lead"),
    ),
    section(
        "values",
        "What a following pair is worth",
        d("The value of every later pair depends on the kind of the lead pair (not on the pair played just before it):"),
        table(
            ("Following pair", "After an unmatched lead", "After a matched lead"),
            ("Matched (any suit)", "the sum", "the sum"),
            ("Unmatched, no 2", "the sum", "the lower card"),
            ("Unmatched with a 2: a double", "the sum", "the higher card × 2"),
            decision=True,
        ),
        p("Two 2s of different suits after a matched lead are a double worth 4. Some values, computed by the game's rules engine:"),
        example("dyad-values"),
        demo("lower-card"),
        demo("double"),
    ),
    section(
        "taking",
        "Taking the trick",
        ul(
            "The highest value takes the trick.",
            di("Equal values: the pair played earliest takes it."),
            "The taker retrieves one card an opponent played to this trick, of their choice, into their hand (in Teams, not a partner's card); everyone sees which card it is. All other cards of the trick leave play for the rest of the round.",
            "The taker leads the next trick.",
        ),
        demo("retrieve"),
    ),
    section(
        "scoring",
        "End of a round, scoring and end of the game",
        ul(
            "A round is 6 tricks with 2 players and 4 tricks with 3 or 4 players.",
            "Your score for the round is the sum of the cards left in your hand: the cards you retrieved and did not play again. (Everyone ends a round holding as many cards as tricks they took.)",
            di("The hands left at the end of a round are shown on the score sheet."),
            "The game ends at the end of a round in which any player (in Teams: any team) has a total of 50 points or more (Teams: 100). The highest total wins.",
            "A tie is won by the tied player with the higher score in the last round.",
            di("Still tied: the tied players share the win."),
        ),
    ),
    section(
        "variants",
        "Variants",
        p("Each variant is an option when setting up a game, and they can be combined."),
        ul(
            "Cipher (usual with 3 or 4 players): after the deal (and after the Teams pass), each player in turn from the leader may declare Cipher. A player who declared Cipher and ends the round with no cards in hand scores 20 for the round.",
            di("A player who declared Cipher and ends the round with cards in hand scores 0 for the round: without that cost, declaring would always be right."),
            "2's: at the end of a round, in a hand of a 2 and any other cards the 2 counts −2 instead of +2; a hand of a single 2 and nothing else scores 20. This is applied before Cipher is judged, and Cipher only asks whether the hand is empty.",
            di("With the 2's, every 2 in such a hand counts −2, so a hand of two 2s scores −4."),
            "Teams (4 players): partners sit opposite each other (first and third seat, second and fourth). After the deal and before the first trick each player passes 2 cards to their partner. A team's round score is the sum of its two players' scores, and teams play to 100.",
            di("In the Teams pass, players choose in turn from the leader without seeing what the others chose; the cards change hands only once all four have chosen."),
        ),
        demo("cipher"),
    ),
    section(
        "knowledge",
        "What each player knows",
        p("Your own hand, every card played so far, every retrieved card and who retrieved it, who declared Cipher, how many cards each player holds, and the scores. In Teams you also know which two cards you passed and received. The computer players know exactly the same and nothing more."),
    ),
    section(
        "notation",
        "Writing down cards",
        p("A card is written as its number and a suit letter: S (spades), H (hearts), D (diamonds), C (clubs). So 7H is the seven of hearts, and a pair is two cards joined by +, such as 7H+2S."),
    ),
)

KO = game_rules(
    "dyad", "ko", "다이어드",
    "2~4명이 하는 트릭 테이킹 카드 게임으로, 카드를 언제나 두 장씩 쌍으로 냅니다.",
    section(
        "overview",
        "개요",
        p("다이어드에서는 모두가 카드를 두 장씩 냅니다. 가장 좋은 쌍을 낸 사람이 트릭을 따고, 상대가 낸 카드 한 장을 되찾아 옵니다. 트릭을 몇 번 하고 나면 손패에 남은 카드가 그 라운드의 점수가 됩니다. 누군가 50점에 이를 때까지 라운드를 거듭합니다."),
    ),
    section(
        "deal",
        "카드와 나누기",
        ul(
            "무늬는 스페이드 ♠, 하트 ♥, 다이아몬드 ♦, 클로버 ♣ 네 가지입니다. 카드의 값은 적힌 숫자입니다.",
            "2명이나 3명이면 2~7 카드(24장)를, 4명이면 2~9 카드(32장)를 씁니다.",
            di("카드를 모두 똑같이 나눠 줍니다. 2명이면 12장씩, 3명이나 4명이면 8장씩이므로, 한 라운드의 트릭이 끝나면 손패를 꼭 맞게 다 씁니다."),
            di("라운드마다 딜러가 시계 방향으로 한 자리씩 옮겨 갑니다. 첫 라운드에는 마지막 자리가 딜러이므로 첫 자리가 먼저 선을 잡습니다."),
            "딜러의 왼쪽 사람이 라운드의 첫 트릭의 선이 됩니다.",
        ),
    ),
    section(
        "trick",
        "트릭",
        p("트릭마다 모두 정확히 한 쌍, 곧 손패에서 카드 두 장을 냅니다. 선이 먼저 내고, 나머지는 시계 방향으로 냅니다. 선이 낸 쌍에 따라 다른 사람이 해야 할 일이 정해집니다."),
        ul(
            "같은 무늬 쌍으로 선: 두 카드의 무늬가 같습니다. 값은 두 카드의 합이고, 다른 사람은 그 무늬를 따라야 합니다.",
            "다른 무늬 쌍으로 선: 두 카드의 무늬가 다릅니다. 값은 두 카드의 합이고, 무늬를 따르지 않아도 됩니다.",
        ),
        d("같은 무늬 선을 따르는 법: 그 무늬 카드가 두 장 이상이면 그중 두 장을 내야 하고, 딱 한 장이면 그 카드를 쌍에 넣어야 하며, 한 장도 없으면 아무 카드 두 장이나 낼 수 있습니다."),
        demo("matched-lead"),
    ),
    section(
        "values",
        "따라 내는 쌍의 값",
        d("뒤에 내는 쌍의 값은 바로 앞 사람의 쌍이 아니라 선이 낸 쌍의 종류에 따라 정해집니다."),
        table(
            ("따라 내는 쌍", "다른 무늬 선 다음", "같은 무늬 선 다음"),
            ("같은 무늬 쌍(어느 무늬든)", "합", "합"),
            ("2가 없는 다른 무늬 쌍", "합", "낮은 카드"),
            ("2가 있는 다른 무늬 쌍: 더블", "합", "높은 카드 × 2"),
            decision=True,
        ),
        p("같은 무늬 선 다음에 무늬가 다른 2 두 장을 내면 값 4의 더블입니다. 게임의 규칙 엔진으로 계산한 예:"),
        example("dyad-values"),
        demo("lower-card"),
        demo("double"),
    ),
    section(
        "taking",
        "트릭 가져가기",
        ul(
            "값이 가장 높은 쌍이 트릭을 땁니다.",
            di("값이 같으면 먼저 낸 쌍이 가져갑니다."),
            "트릭을 딴 사람은 이 트릭에 상대가 낸 카드 중 한 장을 골라 손패로 되찾아 옵니다(팀전에서는 같은 팀의 카드는 안 됩니다). 어떤 카드를 되찾았는지는 모두가 봅니다. 트릭의 나머지 카드는 그 라운드가 끝날 때까지 게임에서 빠집니다.",
            "트릭을 딴 사람이 다음 트릭의 선입니다.",
        ),
        demo("retrieve"),
    ),
    section(
        "scoring",
        "라운드의 끝, 점수, 게임의 끝",
        ul(
            "한 라운드는 2명이면 트릭 6번, 3명이나 4명이면 트릭 4번입니다.",
            "라운드 점수는 손패에 남은 카드의 합, 곧 되찾아 온 뒤 다시 내지 않은 카드의 합입니다. (라운드가 끝나면 누구나 딴 트릭 수만큼 카드를 들고 있습니다.)",
            di("라운드가 끝났을 때 남은 손패는 점수표에 보여 줍니다."),
            "라운드가 끝났을 때 누군가(팀전에서는 어느 팀이든) 총점이 50점 이상(팀전은 100점)이면 게임이 끝나고, 총점이 가장 높은 사람이 이깁니다.",
            "동점이면 동점인 사람 중 마지막 라운드 점수가 더 높은 사람이 이깁니다.",
            di("그래도 같으면 함께 이긴 것으로 합니다."),
        ),
    ),
    section(
        "variants",
        "변형 규칙",
        p("변형 규칙은 게임을 준비할 때 하나씩 고를 수 있고, 함께 써도 됩니다."),
        ul(
            "사이퍼(보통 3명이나 4명일 때): 카드를 나눈 뒤(팀전이면 카드를 건넨 뒤) 선부터 차례로 사이퍼를 선언할 수 있습니다. 사이퍼를 선언하고 손패에 카드 없이 라운드를 마치면 그 라운드에 20점을 얻습니다.",
            di("사이퍼를 선언했는데 손패에 카드가 남은 채 라운드를 마치면 그 라운드는 0점입니다. 이런 대가가 없다면 언제나 선언하는 편이 나을 것입니다."),
            "2 규칙: 라운드가 끝났을 때 손패에 2와 다른 카드가 함께 있으면 2는 +2가 아니라 −2로 셉니다. 손패에 2 한 장만 남으면 20점입니다. 이 규칙을 먼저 적용한 뒤 사이퍼를 따지며, 사이퍼는 손패가 비었는지만 봅니다.",
            di("2 규칙에서 그런 손의 2는 모두 −2로 세므로, 2 두 장이 남으면 −4점입니다."),
            "팀전(4명): 같은 팀은 서로 마주 앉습니다(첫째와 셋째 자리, 둘째와 넷째 자리). 카드를 나눈 뒤 첫 트릭 전에 모두 같은 팀에게 카드 2장을 건넵니다. 팀의 라운드 점수는 두 사람 점수의 합이고, 100점을 목표로 합니다.",
            di("팀전에서 건넬 카드는 선부터 차례로, 다른 사람이 무엇을 골랐는지 보지 않고 고릅니다. 네 사람이 모두 고른 다음에야 카드를 주고받습니다."),
        ),
        demo("cipher"),
    ),
    section(
        "knowledge",
        "각자 알 수 있는 것",
        p("자기 손패, 지금까지 나온 모든 카드, 되찾은 카드와 그 카드를 되찾은 사람, 사이퍼를 선언한 사람, 각자 들고 있는 카드 수, 점수. 팀전에서는 자기가 건네고 받은 두 장도 압니다. 컴퓨터 플레이어도 정확히 이만큼만 압니다."),
    ),
    section(
        "notation",
        "카드 적는 법",
        p("카드는 숫자 뒤에 무늬 글자를 붙여 적습니다: S(스페이드), H(하트), D(다이아몬드), C(클로버). 7H는 하트 7이고, 쌍은 두 카드를 +로 이어 7H+2S처럼 적습니다."),
    ),
)

RULES = {"en": EN, "ko": KO}
