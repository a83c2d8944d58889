"""The rules of Triad as this project implements them (``shared/rules/triad.md``), in English and Korean."""

from __future__ import annotations

from pyapp.rulebook import d, demo, di, example, p, section, ul
from pyapp.rulebook.shared import game_rules

EN = game_rules(
    "triad", "en", "Triad",
    "A two-phase abstract game for two players or two teams: lay pieces to make triads, then remove triads to score the numbers beneath them.",
    section(
        "overview",
        "Overview",
        p("Triad is played in two phases. In Phase 1 the sides take turns laying pieces, scoring whenever a piece makes a triad. In Phase 2 they take triads off the board again, scoring the numbers printed on the cells they empty. The higher total of both phases wins."),
    ),
    section(
        "board",
        "Board and pieces",
        ul(
            "The board is a grid of 8 × 8 cells. The four centre cells are not played, which leaves 60 playable cells.",
            "Every playable cell shows a number, 3 or 6, its label. Labels only matter in Phase 2.",
            di("Our standard layout has 20 sixes and 40 threes and looks the same under every rotation and reflection of the board (shown below)."),
            "There are two sides, A and B (two players, or two teams of two). Each side has 30 pieces of its own colour; in our drawings side A's pieces are blue triangles marked A, side B's orange circles marked B.",
            "A cell holds a stack of up to three pieces, of either side. Only the top piece of a stack shows.",
        ),
        example("triad-labels"),
    ),
    section(
        "triads",
        "Triads",
        d("A triad is either a row or a stack:"),
        ul(
            di("a row triad: three cells next to each other in one straight line (across, down or diagonal) whose top pieces all belong to the same side. The stacks may have different heights;"),
            di("a stack triad: one cell holding three pieces of the same side."),
        ),
        d("A row never passes through the centre cells, which never hold a piece. Four in a row contain two row triads."),
        demo("row-and-stack"),
    ),
    section(
        "phase1",
        "Phase 1: laying",
        ul(
            "The sides take turns; which side starts is chosen when the game is set up.",
            "On your turn, place one of your pieces on any playable cell that holds fewer than three pieces: an empty cell, or on top of a stack of either colour.",
            "If the piece you just placed is part of at least one triad of your side, you score 3 points. That is once per turn, however many triads the piece made.",
            di("This also counts when you place a piece on your own piece inside a triad that was already there: the new piece is part of that triad, so the turn scores 3."),
            "Covering a piece of the other side can break its triads. That costs it nothing in Phase 1: points already scored stay.",
            di("Phase 1 ends when both sides have placed all 30 of their pieces, after 60 turns."),
        ),
        demo("covering"),
    ),
    section(
        "phase2",
        "Phase 2: removing",
        ul(
            di("Turns keep alternating: the side that did not make the last placement moves first."),
            "On your turn, if your side has a triad you must remove one, your choice among them, even when that hurts you. A triad is removable when its three pieces all show; for a stack triad that is the whole stack.",
            "Removing a row triad takes the top piece off each of its three cells. Every cell that becomes empty scores its label (3 or 6). A cell that still holds a piece underneath scores nothing.",
            "Removing a stack triad empties its cell and scores the cell's label doubled (6 or 12).",
            "Removing pieces shows the pieces beneath them, which can make new triads for either side.",
            "If your side has no triad to remove, you pass, and the other side keeps moving until you have one again.",
            di("A pass is a move of its own: the side that cannot remove says so, and the turn goes to the other side."),
            "Phase 2 ends when neither side has a triad to remove.",
        ),
        demo("forced-removal"),
        demo("stack-removal"),
        demo("phase-two-pass"),
    ),
    section(
        "end",
        "End of the game and options",
        ul(
            "Each side's total is its Phase 1 points plus its Phase 2 points. The higher total wins.",
            di("Equal totals are a draw."),
            "Children's game (an option): only Phase 1 is played.",
            "Teams (an option, 4 players): the turn order is A1, B1, A2, B2; each team shares its 30 pieces and its score.",
            di("When side B starts a team game, B1 plays first and the turn goes on round the table: B1, A2, B2, A1."),
        ),
    ),
    section(
        "notation",
        "Writing down a position",
        p("A position is written as 8 lines of 8 tokens separated by spaces, one line per row from row 0 at the top: # for a centre cell, . for an empty cell, and otherwise the stack from bottom to top as letters a (side A) and b (side B). For example ab is an A piece under a B piece. The board below is drawn from the text beside it."),
        example("triad-notation"),
    ),
    section(
        "moves",
        "Writing down a move",
        p("Rows and columns are numbered 0 to 7 from the top left."),
        ul(
            "place 2,5: in Phase 1, put a piece on row 2, column 5.",
            "remove 0,0 0,1 0,2: in Phase 2, remove the row triad on those cells, in line order.",
            "remove stack 6,7: in Phase 2, remove the stack triad on that cell.",
            "pass: in Phase 2, when your side has no triad to remove.",
        ),
    ),
)

KO = game_rules(
    "triad", "ko", "트라이어드",
    "두 사람 또는 두 팀이 하는 2단계 추상 전략 게임입니다. 말을 놓아 트라이어드를 만들고, 그 트라이어드를 걷어 내며 밑에 적힌 숫자만큼 점수를 얻습니다.",
    section(
        "overview",
        "개요",
        p("트라이어드는 두 단계로 진행합니다. 1단계에서는 양쪽이 번갈아 말을 놓으며, 말로 트라이어드를 만들 때마다 점수를 얻습니다. 2단계에서는 판에서 트라이어드를 다시 걷어 내며, 비게 된 칸에 적힌 숫자만큼 점수를 얻습니다. 두 단계 점수의 합이 더 높은 쪽이 이깁니다."),
    ),
    section(
        "board",
        "판과 말",
        ul(
            "판은 가로세로 8칸씩입니다. 가운데 네 칸은 쓰지 않으므로 놓을 수 있는 칸은 60칸입니다.",
            "놓을 수 있는 칸마다 숫자 3 또는 6이 적혀 있습니다. 이 숫자는 2단계에서만 쓰입니다.",
            di("이 사이트의 기본 배치는 6이 20칸, 3이 40칸이며, 판을 돌리거나 뒤집어도 똑같습니다(아래 그림)."),
            "A와 B 두 편이 겨룹니다(두 사람 또는 두 명씩 두 팀). 각 편은 자기 색 말 30개를 가집니다. 이 사이트의 그림에서 A편 말은 A가 적힌 파란 세모, B편 말은 B가 적힌 주황 동그라미입니다.",
            "한 칸에는 어느 편 말이든 세 개까지 쌓을 수 있습니다. 쌓인 탑에서는 맨 위 말만 보입니다.",
        ),
        example("triad-labels"),
    ),
    section(
        "triads",
        "트라이어드",
        d("트라이어드는 줄 트라이어드와 탑 트라이어드 두 가지입니다."),
        ul(
            di("줄 트라이어드: 가로, 세로 또는 대각선 한 줄로 붙어 있는 세 칸의 맨 위 말이 모두 같은 편인 경우입니다. 탑의 높이는 달라도 됩니다."),
            di("탑 트라이어드: 한 칸에 같은 편 말 세 개가 쌓인 경우입니다."),
        ),
        d("줄은 말이 놓이지 않는 가운데 칸을 지날 수 없습니다. 네 칸이 한 줄로 이어지면 줄 트라이어드가 두 개입니다."),
        demo("row-and-stack"),
    ),
    section(
        "phase1",
        "1단계: 놓기",
        ul(
            "양쪽이 번갈아 둡니다. 어느 편이 먼저 둘지는 게임을 준비할 때 정합니다.",
            "자기 차례에는 말이 세 개 미만인 칸에 자기 말 하나를 놓습니다. 빈칸이어도 되고, 어느 편의 탑 위여도 됩니다.",
            "방금 놓은 말이 자기 편 트라이어드에 하나라도 들어가면 3점을 얻습니다. 트라이어드를 몇 개 만들었든 한 차례에 한 번만 얻습니다.",
            di("이미 있던 자기 편 트라이어드 안의 자기 말 위에 놓아도 마찬가지입니다. 새 말이 그 트라이어드에 들어가므로 그 차례에 3점을 얻습니다."),
            "상대의 말을 덮으면 상대의 트라이어드가 깨질 수 있습니다. 1단계에서는 이것으로 잃는 점수가 없습니다. 이미 얻은 점수는 그대로입니다.",
            di("1단계는 양쪽이 말 30개를 모두 놓으면, 곧 60번째 차례가 끝나면 끝납니다."),
        ),
        demo("covering"),
    ),
    section(
        "phase2",
        "2단계: 걷어 내기",
        ul(
            di("차례는 계속 번갈아 돌아갑니다. 마지막 말을 놓지 않은 편이 먼저 둡니다."),
            "자기 차례에 자기 편 트라이어드가 있으면 그중 하나를 골라 반드시 걷어 내야 합니다. 불리하더라도 마찬가지입니다. 트라이어드의 말 세 개가 모두 보이면 걷어 낼 수 있습니다. 탑 트라이어드는 탑 전체입니다.",
            "줄 트라이어드를 걷어 내면 세 칸에서 맨 위 말을 하나씩 치웁니다. 비게 된 칸마다 그 칸의 숫자(3 또는 6)를 얻습니다. 밑에 말이 남은 칸은 점수가 없습니다.",
            "탑 트라이어드를 걷어 내면 그 칸이 비고, 칸의 숫자를 두 배(6 또는 12)로 얻습니다.",
            "말을 치우면 그 밑의 말이 드러나고, 어느 편에든 새 트라이어드가 생길 수 있습니다.",
            "걷어 낼 트라이어드가 없으면 패스합니다. 그러면 다시 걷어 낼 트라이어드가 생길 때까지 상대 편이 계속 둡니다.",
            di("패스도 한 번의 수입니다. 걷어 낼 수 없는 편이 패스한다고 밝히면 차례가 상대 편으로 갑니다."),
            "양쪽 모두 걷어 낼 트라이어드가 없으면 2단계가 끝납니다.",
        ),
        demo("forced-removal"),
        demo("stack-removal"),
        demo("phase-two-pass"),
    ),
    section(
        "end",
        "게임의 끝과 선택 규칙",
        ul(
            "각 편의 총점은 1단계 점수와 2단계 점수의 합입니다. 총점이 높은 편이 이깁니다.",
            di("총점이 같으면 무승부입니다."),
            "어린이 규칙(선택): 1단계만 합니다.",
            "팀전(선택, 4명): 차례는 A1, B1, A2, B2 순서이고, 각 팀은 말 30개와 점수를 함께 씁니다.",
            di("팀전에서 B편이 먼저 두면 B1부터 시작해 자리 순서대로 B1, A2, B2, A1로 돌아갑니다."),
        ),
    ),
    section(
        "notation",
        "국면 적는 법",
        p("국면은 공백으로 나눈 기호 8개씩 8줄로 적습니다. 맨 위 행부터 한 줄에 한 행입니다. 가운데 칸은 #, 빈칸은 . 이고, 그 밖의 칸은 탑을 아래에서 위로 a(A편)와 b(B편) 글자로 적습니다. 예를 들어 ab는 A편 말 위에 B편 말이 있는 탑입니다. 아래 판 그림은 옆의 글로 그린 것입니다."),
        example("triad-notation"),
    ),
    section(
        "moves",
        "수 적는 법",
        p("행과 열은 왼쪽 위에서부터 0~7로 셉니다."),
        ul(
            "place 2,5: 1단계에서 2행 5열에 말을 놓습니다.",
            "remove 0,0 0,1 0,2: 2단계에서 그 칸들의 줄 트라이어드를 걷어 냅니다. 칸은 줄의 순서대로 적습니다.",
            "remove stack 6,7: 2단계에서 그 칸의 탑 트라이어드를 걷어 냅니다.",
            "pass: 2단계에서 걷어 낼 트라이어드가 없을 때 패스합니다.",
        ),
    ),
)

RULES = {"en": EN, "ko": KO}
