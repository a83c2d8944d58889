"""The rules pages' section on a shared table (issue 33): friends playing on their own phones.

The project's own rules for a table of several people on several devices
(marked as decisions), the deal nobody chose in the games with chance (Dyad,
Dieci), and honestly what the end-of-game check does not prevent.  Written
with the protocol; it joins each game's page when friends' play is wired to the
set-up and the table (until then no page may promise it).
"""

from __future__ import annotations

from pyapp.rulebook import Section, d, p, section

_RULES = {
    "en": (
        "Friends can play from their own phones or computers: one device hosts the game and runs the rules, and "
        "each friend joins with the host's invite link. This needs the network; play on one device works offline "
        "as before.",
        "No undo in a game with friends: a play is final once it is made, for everyone, the host too.",
        "Each person dismisses their own end-of-round or end-of-deal summary, on their own device, and the computer "
        "players wait until every person has dismissed theirs before the next card.",
        "A person reading the Rules holds up only their own decisions: the others play on, and the table waits for "
        "that person only when it is their turn.",
        "Hints: the host decides in the set-up whether hints are allowed, for every person at the table. Each "
        "device finds its own hints from what its person sees (their own cards and the public table), never from "
        "the host's game. This is the table's agreement: nothing stops a changed copy of the page from finding "
        "hints anyway.",
        "Games with friends count apart in Statistics, on a line of their own (\u201cwith friends\u201d), from the "
        "seat you held.",
    ),
    "ko": (
        "친구들이 각자의 휴대폰이나 컴퓨터로 함께 할 수 있습니다: 기기 하나가 게임을 열어(호스트) 규칙을 돌리고, 친구들은 "
        "호스트의 초대 링크로 들어옵니다. 네트워크가 필요합니다. 기기 하나로 하는 게임은 전처럼 오프라인에서도 됩니다.",
        "친구와 하는 게임에는 무르기가 없습니다: 한 번 둔 수는 호스트를 포함해 모두에게 그대로 확정됩니다.",
        "라운드나 딜이 끝날 때 나오는 요약은 저마다 자기 기기에서 닫고, 컴퓨터 플레이어는 모든 사람이 요약을 닫을 때까지 "
        "다음 카드를 내지 않고 기다립니다.",
        "규칙을 읽는 사람은 자기 결정만 멈춥니다: 다른 사람들은 계속하고, 테이블은 그 사람의 차례가 되었을 때만 기다립니다.",
        "힌트: 힌트를 허용할지는 호스트가 설정에서 테이블의 모든 사람을 위해 정합니다. 각 기기는 그 사람이 보는 것(자기 "
        "카드와 공개된 테이블)만으로 힌트를 찾고, 호스트의 게임은 쓰지 않습니다. 이것은 테이블의 약속입니다: 고친 "
        "페이지가 그래도 힌트를 찾는 것은 막을 수 없습니다.",
        "친구와 하는 게임은 통계에 따로(\u2018친구와 함께\u2019 줄) 셉니다. 내가 앉았던 자리를 기준으로 셉니다.",
    ),
}

_DEAL = {
    "en": (
        "The deal nobody chose. Before the deal, every person's device draws a secret value of 128 random bits and "
        "sends everyone its commitment (a SHA-256 hash of the room, the seat and the value). Once every commitment "
        "is in, each device sends its value to the host only. The deal number is the first 53 bits of a SHA-256 "
        "hash of every value in seat order (a seat that never sent its value counts by its commitment; the recipe and test values are in the site's source, "
        "pyapp/deals/commitment.py): no guest knows the others' values, so none can work it out, and the host "
        "committed to its own value before it saw anyone's, so it cannot choose it. The table shows the deal's "
        "fingerprint before the first card, and how many times the host restarted the room before the deal. A seat "
        "that never sends its value is played by a computer; the cards are never dealt again.",
        "At the end the host sends every guest the whole record: every value, the deal number and every play. Each "
        "guest's page checks every value against its commitment, works out the deal number again, computes the "
        "fingerprint and compares it with the one shown at the deal, replays the game through its own copy of the "
        "rules, and checks that everything it was shown during the game, its own cards and choices included, "
        "appears in that replay in the same order. It says that all of this holds, or exactly what differs.",
    ),
    "ko": (
        "아무도 고르지 않은 딜. 카드를 나누기 전에 모든 사람의 기기가 128비트짜리 무작위 비밀 값을 뽑고, 그 값의 "
        "약속값(방, 자리, 값을 SHA-256으로 해시한 값)을 모두에게 보냅니다. 약속값이 모두 모이면 각 기기는 자기 값을 "
        "호스트에게만 보냅니다. 딜 번호는 모든 값을 자리 순서대로 이어 SHA-256으로 해시한 값의 앞 53비트입니다(값을 보내지 않은 자리는 약속값을 씁니다. 만드는 "
        "방법과 시험값은 사이트 소스의 pyapp/deals/commitment.py에 있습니다). 게스트는 다른 사람의 값을 모르므로 딜 "
        "번호를 알아낼 수 없고, 호스트는 다른 사람의 값을 보기 전에 자기 값을 약속했으므로 딜 번호를 고를 수 없습니다. "
        "테이블은 첫 카드 전에 딜 지문과, 호스트가 딜 전에 방을 몇 번 다시 열었는지를 보여 줍니다. 값을 끝내 보내지 않는 "
        "자리는 컴퓨터가 맡고, 카드를 다시 나누지는 않습니다.",
        "게임이 끝나면 호스트가 모든 게스트에게 기록 전체(모든 값, 딜 번호, 모든 수)를 보냅니다. 게스트의 페이지는 값마다 "
        "약속값과 맞는지 확인하고, 딜 번호를 다시 계산하고, 딜 지문을 계산해 딜 때 보여 준 것과 비교하고, 자기 규칙으로 "
        "게임을 다시 두어 보고, 게임 중에 받은 모든 화면이 내 카드와 내가 고를 수 있던 수까지 그 다시 두기에 같은 "
        "순서로 나오는지 확인합니다. 모두 맞는지, 아니면 정확히 무엇이 다른지 알려 줍니다.",
    ),
}

_LIMITS = {
    "en": "What this does not prevent: during play the host's device holds every hand and the whole deck, because it "
          "runs the rules for everyone. Nothing stops a changed copy of the page on the host's device from showing "
          "them to its person, and no check at the end can tell. The guests' devices only ever receive their own "
          "cards. Play with friends you would play with at a real table.",
    "ko": "이것으로 막을 수 없는 것: 게임 중에는 호스트의 기기가 모두를 위해 규칙을 돌리므로 모든 손패와 더미 전체를 "
          "가지고 있습니다. 호스트 기기에서 고친 페이지가 그것을 호스트에게 보여 주는 것은 막을 수 없고, 끝난 뒤의 확인으로도 "
          "알 수 없습니다. 게스트의 기기는 언제나 자기 카드만 받습니다. 실제 테이블에서 함께 할 만한 친구와 하세요.",
}

_TRIAD_LIMITS = {
    "en": "Triad has no hidden cards and no deal: at the end each guest's page replays every move through its own "
          "copy of the rules and checks that every position it was shown appears in that replay, in order.",
    "ko": "트라이어드에는 숨긴 카드도 딜도 없습니다: 게임이 끝나면 게스트의 페이지가 자기 규칙으로 모든 수를 다시 두어 보고, "
          "게임 중에 받은 국면이 모두 그 다시 두기에 같은 순서로 나오는지 확인합니다.",
}


def friends_section(game: str, language: str) -> Section:
    """The section for ``game``'s rules page in ``language`` (``en`` or ``ko``)."""
    intro, undo, summaries, reading, hints, stats = _RULES[language]
    decisions = [undo, summaries, reading, hints, stats]
    if game == "triad":
        decisions.remove(summaries)  # Triad has no rounds
    title = "친구와 함께하는 테이블" if language == "ko" else "Playing with friends"
    if game == "triad":
        rest = [p(_TRIAD_LIMITS[language])]
    else:
        rest = [p(text) for text in _DEAL[language]] + [p(_LIMITS[language])]
    return section("friends", title, p(intro), *[d(text) for text in decisions], *rest)


__all__ = ["friends_section"]
