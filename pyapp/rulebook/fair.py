"""The rules pages' section on fair deals (issue 32), shared by the games with chance (Dyad, Dieci).

What the fingerprint is, where the seed is and is not, what "Check this deal"
proves and what it cannot; Dieci's also says what its finished replay shows; both, what a finished
game's review tells of the others' hands.
"""

from __future__ import annotations

from pyapp.rulebook import Section, p, section

_EN = (
    "Every game is dealt from a deal number your browser draws at random. Before the first card the table shows "
    "the deal's fingerprint: the first 12 characters of a SHA-256 hash of the game, its options, the number of "
    "players and the deal number, written as compact JSON with its keys sorted "
    "(the recipe and test values are in the site's source, pyapp/deals/fingerprint.py). All 64 characters are at "
    "the foot of the score sheet (Dyad) or the log (Dieci).",
    "The deal number stays off the screen until the game is over: no part of the page, the saved-games list or a "
    "notice shows it. Saved-game files do carry it, as they always have: an export of a game and the backup hold "
    "the whole record, deal number included, so whoever reads such a file mid-game can work out the cards.",
    "At the end the deal number is shown next to the whole fingerprint, with Check this deal: it computes the "
    "fingerprint again from the number and compares it with the one stored at the start, deals the cards again, "
    "replays every play through the rules, and says that the deal is the one promised and every play was legal, "
    "or exactly what differs.",
    "What the check proves: the site did not change the deal after it showed the fingerprint, and every play, the "
    "computers' too, kept to the rules. What it cannot prove: the saved game lives on this device, and whoever holds "
    "the device can write a new one, fingerprint and all. A game whose deal number could be known before it began "
    "(one typed in the set-up) is a known deal: the table and Saved games say so, and it makes no fingerprint "
    "promise. Games saved before fingerprints existed make none either.",
)
_KO = (
    "모든 게임은 브라우저가 무작위로 뽑은 딜 번호로 카드를 나눕니다. 첫 카드 전에 테이블에 딜 지문이 나옵니다: "
    "게임, 변형 규칙, 플레이어 수, 딜 번호를 키 순서대로 정렬한 간결한 JSON으로 적어 SHA-256 해시를 구한 값의 앞 12글자입니다"
    "(만드는 방법과 시험값은 사이트 소스의 pyapp/deals/fingerprint.py에 있습니다). 딜 지문 64글자 전체는 "
    "점수표(다이어드)나 진행 기록(디에치) 맨 아래에 있습니다.",
    "딜 번호는 게임이 끝날 때까지 화면에 나오지 않습니다: 페이지 어디에도, 저장된 게임 목록에도, 알림에도 없습니다. "
    "저장된 게임 파일에는 전처럼 들어 있습니다: 게임 내보내기 파일과 백업에는 딜 번호를 포함한 기록 전체가 있으므로, "
    "게임 도중에 그런 파일을 읽으면 카드를 알아낼 수 있습니다.",
    "게임이 끝나면 딜 번호가 딜 지문 전체 옆에 나오고, 이 딜 확인하기 버튼이 생깁니다. 이 버튼은 딜 번호에서 딜 지문을 다시 "
    "계산해 시작할 때 저장한 딜 지문과 비교하고, 카드를 다시 나눠 모든 수를 규칙대로 다시 두어 본 뒤, 약속한 딜이 맞고 "
    "모든 수가 규칙에 맞았는지, 아니면 정확히 무엇이 다른지 알려 줍니다.",
    "확인으로 증명되는 것: 사이트가 딜 지문을 보여 준 뒤에 딜을 바꾸지 않았고, 컴퓨터의 수까지 모든 수가 규칙에 맞았다는 "
    "것입니다. 증명할 수 없는 것: 저장된 게임은 이 기기에 있으므로, 기기를 가진 사람은 딜 지문까지 포함해 기록을 새로 쓸 수 "
    "있습니다. 시작하기 전에 딜 번호를 알 수 있었던 게임(준비할 때 딜 번호를 넣은 게임)은 알려진 딜입니다: 테이블과 저장된 "
    "게임 목록에 그렇게 나오고, 딜 지문을 약속하지 않습니다. 딜 지문이 생기기 전에 저장한 게임도 약속하지 않습니다.",
)
_DIECI = {
    "en": "After the game the replay also shows what stayed secret from the start: the character deck in order, "
          "from the top, and every player's secret goal card.",
    "ko": "게임이 끝나면 다시 보기에 처음부터 비밀이던 것도 나옵니다: 맨 위부터 차례대로 캐릭터 더미와 모든 플레이어의 비밀 "
          "목표 카드입니다.",
}

_HELD = {
    "en": "A finished game's review says, under each decision it judges, what every other player held at that "
          "moment (in Dieci also their goal cards, when the decision was about characters). The judgment itself "
          "still uses only what the reviewed player knew then, and an unfinished game is never reviewed.",
    "ko": "끝난 게임의 복기는 판정한 결정마다 그때 다른 플레이어들의 손패를 함께 보여 줍니다(디에치에서는 캐릭터에 관한 "
          "결정이면 비밀 목표 카드도). 판정 자체는 여전히 복기하는 플레이어가 그때 알던 것만 쓰며, 끝나지 않은 게임은 복기하지 "
          "않습니다.",
}


def fair_section(game: str, language: str) -> Section:
    """The section for ``game``'s rules page in ``language`` (``en`` or ``ko``)."""
    texts = _KO if language == "ko" else _EN
    title = "공정한 딜" if language == "ko" else "Fair deals"
    extra = ([p(_DIECI[language])] if game == "dieci" else []) + [p(_HELD[language])]
    return section("fair", title, *[p(text) for text in texts], *extra)


__all__ = ["fair_section"]
