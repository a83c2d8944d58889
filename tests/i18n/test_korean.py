"""Korean texts keep their grammar for every value and use one word per thing (docs/glossary-ko.md)."""

from __future__ import annotations

import re

import pytest

from pyapp import i18n
from pyapp.games.dieci import rules as dieci_rules
from pyapp.lessons import Coach, get
from pyapp.registry import GAMES
from pyapp.rulebook import rules

# A particle whose form follows the last sound of the word before it; after a
# placeholder that word is not known when the message is written.  A closing
# quote, or a parenthesis opened right after the placeholder, changes nothing (the
# particle after "쌍(값 {value})을" follows 쌍, which is fixed).
# A following Hangul syllable makes it another word (이므로, 가지), except for the
# endings that extend (으)로 and 과/와.
CHANGING_PARTICLE = re.compile(
    r"\{(\w+)\}[’”'\"]*(?:\([^()]*\))?"
    r"(은|는|이|가|을|를|(?:으)?로(?:서|써|부터|는|도|의)?|(?:과|와)(?:는|도|의)?)(?![\uac00-\ud7a3])"
)

REJECTED = {
    "짝": "a pair is 쌍",
    "이끌": "to lead is 선으로 내다",
    "이끕": "to lead is 선으로 내다",
    "이끈": "to lead is 선으로 내다",
    "이끄": "to lead is 선으로 내다",
    "리드": "the lead is 선",
    "먼저 냅": "the first to play is 선",
    "덱": "Dieci's character deck is 캐릭터 더미",
    "쌓기": "a stack is 탑",
    "가로 트라이어드": "a row triad is 줄 트라이어드",
    "당신": "you is 나/내",
    "다이아드": "the game is 다이어드",
    "2's": "the option is 2 규칙",
    "옵션": "a variant is 변형 규칙 (사이퍼 규칙, 2 규칙)",
    "제안": "the offer is 가져가기 (한 바퀴)",
    "넘기": "to decline is 패스, to pass cards 건네다",
    "넘깁": "to decline is 패스, to pass cards 건네다",
    "되가져": "to retrieve is 되찾다",
    "따내": "to win a trick is 트릭을 따다",
    "획득": "to win a trick is 트릭을 따다",
    "트릭을 가져": "to win a trick is 트릭을 따다",
    "트릭을 이기": "to win a trick is 트릭을 따다",
    "트릭을 이긴": "to win a trick is 트릭을 따다",
    "트릭을 이겼": "to win a trick is 트릭을 따다",
    "판정이 고른": "the review's preferred move is 추천 수",
    "사생활 보호": "the browser mode is 시크릿 모드",
    "번 플레이어": "a seat is named 플레이어 N, as the table shows",
    "조수 별관": "the Tidal Annex is 밀물 별관",
    "마지막으로 한 때": "last played is 마지막 플레이",
    "함께 이겼": "a shared win is 공동 승리",
    "가로·세로": "a Triad line is 줄",
}
"""Words the Korean review rejected, and what the glossary uses instead."""


def _rules_texts(code: str) -> list[str]:
    """Every text of every game's rules page in language ``code``."""
    texts: list[str] = []
    for game in GAMES:
        book = rules(game, code)
        texts += [book.title, book.summary]
        for section in book.sections:
            texts.append(section.title)
            for block in section.blocks:
                texts += [block.text, *(item.text for item in block.items), *block.head]
                texts += [cell for row in block.rows for cell in row]
    return texts


def _korean_texts() -> dict[str, str]:
    """Every Korean text a player can meet: messages (Dieci's character themes among them) and rules pages."""
    texts = {f"message {key}": text for key, text in i18n.catalog("ko").items()}
    texts.update({f"rules text {n}": text for n, text in enumerate(_rules_texts("ko"))})
    return texts


def test_no_changing_particle_right_after_a_placeholder():
    """"{card}를" reads wrong for a card ending in a consonant: a noun between (카드를) or no particle."""
    wrong = {
        key: match.group(0)
        for key, text in i18n.catalog("ko").items()
        for match in CHANGING_PARTICLE.finditer(text)
    }
    assert not wrong, wrong


@pytest.mark.parametrize(
    "text, spot",
    [("{card}를 내세요", "{card}를"), ("{pair}({value})로 선을", "{pair}({value})로"),
     ("‘{goal}’와 같이", "{goal}’와"), ("{cell}으로부터", "{cell}으로부터")],
)
def test_the_particle_check_finds_what_it_should(text, spot):
    assert CHANGING_PARTICLE.search(text).group(0) == spot


@pytest.mark.parametrize("text", ["{player} 님이", "{value}이므로", "쌍(값 {value})을", "{name}의 차례", "{cell}에 놓기", "{n}장도"])
def test_the_particle_check_passes_what_is_fine(text):
    assert not CHANGING_PARTICLE.search(text)


def test_no_rejected_term_in_korean():
    found = [
        f"{where}: {term!r} ({why}) in {text!r}"
        for where, text in _korean_texts().items()
        for term, why in REJECTED.items()
        if term in text
    ]
    assert not found, "\n".join(found)


def test_korean_contents_is_not_turn():
    """차례 is a player's turn everywhere else; a rules page's contents is 목차."""
    assert i18n.catalog("ko")["rules.contents"] == "목차"


def _lesson_notes(game: str) -> list[tuple[str, dict]]:
    """Every note a lesson shows, with the values it is shown with."""
    coach = Coach(get(game))
    notes = [coach.intro()]
    while not coach.finished():
        notes.append(coach.note())
        if coach.learner_to_move():
            assert coach.try_move(coach.step().action).ok
        else:
            coach.play_computer()
    return notes + [coach.note()]


@pytest.mark.parametrize("game", GAMES)
def test_korean_lessons_show_no_english(game):
    """A value put into a Korean note is Korean too (the goal card once came in English)."""
    i18n.set_language("ko")
    try:
        shown = [i18n.t(key, **params) for key, params in _lesson_notes(game)]
    finally:
        i18n.set_language("en")
    assert not [text for text in shown if re.search(r"[A-Za-z]{3,}", text)]


def test_korean_character_themes_are_korean():
    ko = i18n.catalog("ko")
    themes = [ko[f"dieci.theme.{char}"] for char in dieci_rules.CHARACTER_IDS]
    assert all(re.search(r"[\uac00-\ud7a3]", theme) and not re.search(r"[A-Za-z]", theme) for theme in themes), themes
