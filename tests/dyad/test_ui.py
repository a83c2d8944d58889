"""The Dyad table rendered on a fake DOM: every phase, no hidden card, the round's summary, Teams' end."""

import random

import pytest

from pyapp.games import new_game
from pyapp.games.dyad.rules import SUIT_SYMBOLS
from tests import fake_dom

ui = None
loaded = fake_dom.module_ui("pyapp.ui.games.dyad")


def draw(state, viewer):
    return fake_dom.render_table(ui, state, viewer)


@pytest.mark.parametrize("players,options", [(2, {}), (3, {"cipher": True, "twos": True}), (4, {"teams": True})])
def test_every_phase_renders_without_another_hand_and_the_round_stays_until_the_next_lead(players, options):
    state = new_game("dyad", seed=players, players=players, **options)
    rng = random.Random(players)
    phases, summaries = set(), 0
    while not state.is_terminal():
        viewer = state.current_player()
        root = draw(state, viewer)
        obs = state.observation(viewer)
        phases.add(obs["phase"])
        html = root.dump()
        for seat, hand in enumerate(state.hands):
            if seat == viewer:
                continue
            for card in hand:  # another seat's cards: never a face, a card hook or a spoken name
                if card not in obs["hand"] and all(card not in p["pair"] for p in obs["trick"]):
                    assert f'data-card="{card}"' not in html
        chips = root.find(**{"data-testid": "players"})
        assert [e.attrs["data-count"] for e in chips.walk() if "data-count" in e.attrs] == \
            [str(n) for n in obs["hand_counts"]]
        if obs["sheet"] and not obs["trick"] and not obs["tricks"] and obs["phase"] == "play":
            summary = root.find(**{"data-testid": "round-end"})
            entry = obs["sheet"][-1]
            for seat, hand in enumerate(entry["hands"]):
                for card in hand:  # the cards that scored, with their symbols
                    assert card[0] + SUIT_SYMBOLS[card[1]] in summary.textContent
            summaries += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert {"play", "take"} <= phases
    assert summaries >= 1
    end = draw(state, 0).find(**{"data-testid": "dyad-end"})
    lines = [e for e in end.walk() if e.tag == "li"]
    if options.get("teams"):  # one line a team: its two names and its total
        assert len(lines) == 2 and all(" & " in line.textContent for line in lines)
    else:
        assert len(lines) == players


def test_texts_show_cards_with_symbols_and_say_them_in_words():
    state = new_game("dyad", seed=4, players=4, teams=True)
    rng = random.Random(4)
    while state.observation(0).get("gave") is None or state.current_player() != 0:
        state.apply_action(rng.choice(state.legal_actions()))
    done = draw(state, 0).find(**{"data-testid": "pass-done"})
    gave = state.observation(0)["gave"]
    for card in gave:
        assert card[0] + SUIT_SYMBOLS[card[1]] in done.textContent  # shown: 7♥
        assert f"{card[0]} of" in done.textContent  # read out: 7 of hearts (screen-reader text)
        assert card not in done.textContent.replace(card[0] + SUIT_SYMBOLS[card[1]], "")


def test_the_teams_score_sheet_sets_partners_side_by_side_and_totals_each_team():
    state = new_game("dyad", seed=4, players=4, teams=True)
    rng = random.Random(4)
    while not state.observation(0)["sheet"] or state.current_player() != 0:
        state.apply_action(rng.choice(state.legal_actions()))
    obs = state.observation(0)
    sheet = draw(state, 0).find(**{"data-testid": "score-sheet"})
    heads = [e.textContent for e in sheet.walk() if e.tag == "th" and e.attrs.get("scope") == "col"]
    assert [h.strip("\u2068\u2069") for h in heads[1:]] == ["P0", "P2", "P1", "P3"]
    teams = sheet.find(**{"data-testid": "sheet-team-totals"})
    cells = [e for e in teams.walk() if e.tag == "td"]
    assert [(e.attrs["data-team"], e.attrs["colspan"], e.textContent) for e in cells] == \
        [("0", "2", str(obs["team_totals"][0])), ("1", "2", str(obs["team_totals"][1]))]
    assert obs["team_totals"][0] == obs["totals"][0] + obs["totals"][2]
