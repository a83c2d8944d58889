"""The Dyad table view, rendered on a fake DOM: every phase, clicks, and no hidden cards."""

import itertools
import random

import pytest

from pyapp.games import new_game
from pyapp.games.dyad import selection
from pyapp.games.dyad.state import knowledge
from tests import fake_dom



@pytest.fixture(scope="module", autouse=True)
def ui():
    module, saved = fake_dom.load_ui("pyapp.ui.games.dyad")
    global dyad_ui
    dyad_ui = module
    yield module
    fake_dom.unload_ui(saved, "pyapp.ui.games.dyad")


dyad_ui = None

CONFIGS = [
    (2, {}),
    (3, dict(cipher=True, twos=True)),
    (4, dict(teams=True, cipher=True, twos=True)),
]


def draw(state, viewer, acted=None):
    return fake_dom.render_table(dyad_ui, state, viewer, acted)


def test_selection_status_says_value_and_follow_rule():
    obs = {"phase": "play", "hand": ["7S", "2H", "3D", "5C"],
           "trick": [{"seat": 0, "pair": ["6S", "4S"], "value": 10}]}
    status = selection.selection_status(obs, ["2H", "3D"])
    assert status["problem"] == "dyad.follow.one" and status["params"]["card"] == "7S"
    assert status["value"] == 6 and not status["ready"]
    status = selection.selection_status(obs, ["7S", "2H"])
    assert status == {"ready": True, "value": 14, "problem": None, "params": {}}
    assert selection.selection_status(obs, ["7S"])["problem"] == "dyad.pick_two"
    lead = {"phase": "play", "hand": ["7S", "2H"], "trick": []}
    assert selection.selection_status(lead, ["7S", "2H"])["value"] == 9
    assert selection.follow_hint(obs) == ("dyad.hint.one", {"suit": "S", "card": "7S"})


@pytest.mark.parametrize("players, options", CONFIGS, ids=[f"{p}-{o}" for p, o in CONFIGS])
def test_every_phase_renders(players, options):
    state = new_game("dyad", seed=players, players=players, **options)
    rng = random.Random(players)
    phases = set()
    step = 0
    while True:
        step += 1
        if state.phase == "play" and step % 4 and not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        viewer = state.current_player() if not state.is_terminal() else 0
        root = draw(state, viewer)
        phases.add(root.find(data_testid="dyad-table").attrs["data-phase"])
        cards = [e.attrs["data-card"] for e in root.walk() if "data-card" in e.attrs]
        if not state.is_terminal():
            assert sorted(cards) == sorted(state.observation(viewer)["hand"])
        else:
            end = root.find(data_testid="dyad-end")
            assert end.attrs["data-winners"] == ",".join(map(str, state.winners()))
            assert root.find(data_testid="tiebreak").textContent
            break
        state.apply_action(rng.choice(state.legal_actions()))
    assert {"play", "take", "over"} <= phases


def test_selecting_a_pair_previews_its_value_and_blocks_illegal_pairs():
    state = new_game("dyad", seed=5, players=3)
    state.apply_action(state.legal_actions()[0])  # seat 0 leads
    acted = []
    root = draw(state, 1, acted)
    submit = root.find(data_testid="submit-pair")
    assert submit.disabled
    hand = state.observation(1)["hand"]
    legal = {frozenset(str(a).split("+")) for a in state.legal_actions()}
    pairs = list(itertools.combinations(hand, 2))
    illegal = [p for p in pairs if frozenset(p) not in legal]
    good = next(p for p in pairs if frozenset(p) in legal)
    if illegal:
        for card in illegal[0]:
            root.find(data_card=card).click()
        assert submit.disabled
        assert "Follow rule" in root.find(data_testid="pair-problem").textContent
        root.find(data_testid="clear-selection").click()
    for card in good:
        root.find(data_card=card).click()
    assert root.find(data_card=good[0]).attrs["aria-pressed"] == "true"
    status = root.find(data_testid="pair-status")
    expect = selection.selection_status(state.observation(1), list(good))["value"]
    assert status.attrs["data-value"] == str(expect) and str(expect) in status.textContent
    submit.click()
    assert [str(a) for a in acted] == [str(state.parse_action("+".join(good)))]


def test_retrieve_cipher_and_pass_prompts_act():
    state = new_game("dyad", seed=5, players=4, teams=True, cipher=True)
    acted = []
    root = draw(state, 0, acted)
    hand = state.observation(0)["hand"]
    root.find(data_card=hand[0]).click()
    root.find(data_card=hand[1]).click()
    root.find(data_testid="submit-pass").click()
    assert acted and acted[0].kind == "pass"
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    assert state.phase == "cipher"
    acted.clear()
    draw(state, 0, acted).find(data_testid="cipher-yes").click()
    assert str(acted[0]) == "cipher"
    while state.phase != "take":
        state.apply_action(state.legal_actions()[-1])
    taker = state.current_player()
    acted.clear()
    root = draw(state, taker, acted)
    buttons = [e for e in root.walk() if "data-take" in e.attrs]
    assert len(buttons) == len(state.legal_actions())
    buttons[0].click()
    assert str(acted[0]) == f"take {buttons[0].attrs['data-take']}"


@pytest.mark.parametrize("players, options", [(3, dict(cipher=True, twos=True)), (4, dict(teams=True)), (2, {})])
def test_the_page_cannot_show_hidden_cards(players, options):
    """Swap unseen cards between two other players: the viewer's page is identical."""
    rng = random.Random(players)
    for seed in range(6):
        state = new_game("dyad", seed=seed, players=players, **options)
        for _ in range(rng.randrange(0, 30)):
            state.apply_action(rng.choice(state.legal_actions()))
        viewer = state.current_player()
        known, _, _ = knowledge(state.observation(viewer), viewer)
        others = [p for p in range(players) if p != viewer]
        if len(others) < 2:
            # two players: replace the opponent's unseen cards by nothing at all but count
            continue
        p, q = others[:2]
        a = next((c for c in state.hands[p] if c not in known[p] and not (state.pending[p] and c in state.pending[p])), None)
        b = next((c for c in state.hands[q] if c not in known[q] and not (state.pending[q] and c in state.pending[q])), None)
        if a is None or b is None:
            continue
        swapped = state.clone()
        swapped.hands[p][swapped.hands[p].index(a)] = b
        swapped.hands[q][swapped.hands[q].index(b)] = a
        assert draw(state, viewer).dump() == draw(swapped, viewer).dump()


def test_announcements_tell_plays_and_retrievals():
    state = new_game("dyad", seed=2, players=3, cipher=True)
    draw(state, 0)  # names known to the UI
    before = state.observation(0)
    state.apply_action("cipher")
    state.apply_action("no cipher")
    state.apply_action("no cipher")
    first = state.legal_actions()[0]
    state.apply_action(first)
    said = dyad_ui.UI.announcements(before, state.observation(0))
    assert said[0] == "P0 declares Cipher."
    cards = str(first).split("+")
    assert said[-1].startswith(f"P0 played {cards[0][0]} of ")  # spoken: "7 of hearts and 2 of spades"
    assert " and " in said[-1]
    before = state.observation(0)
    while state.phase != "take":
        state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    said = dyad_ui.UI.announcements(before, state.observation(0))
    assert "took the trick and retrieved" in said[-1]
    assert sum("played" in line for line in said) == 2


def test_the_selected_cards_survive_a_redraw_and_go_with_the_next_move():
    state = new_game("dyad", seed=5, players=3)
    state.apply_action(state.legal_actions()[0])  # seat 0 leads
    pair = str(state.legal_actions()[0]).split("+")
    root = draw(state, 1)
    for card in pair:
        root.find(data_card=card).click()
    root = draw(state, 1)  # the table redrawn on the same position: the pair is still chosen
    assert [root.find(data_card=card).attrs["aria-pressed"] for card in pair] == ["true", "true"]
    assert not root.find(data_testid="submit-pair").disabled
    assert str(dyad_ui.UI.selected_action(state.legal_actions())) == "+".join(pair)
    state.apply_action("+".join(pair))
    after = draw(state, state.current_player())  # another position: nothing chosen
    assert all(e.attrs["aria-pressed"] == "false" for e in after.walk() if "aria-pressed" in e.attrs)


def test_clear_is_disabled_while_nothing_is_picked():
    """Clear looks and is announced unusable with no card picked, and usable once one is."""
    state = new_game("dyad", seed=5, players=3)
    root = draw(state, 0)
    clear = root.find(data_testid="clear-selection")
    assert clear.attrs["aria-disabled"] == "true"
    card = state.observation(0)["hand"][0]
    root.find(data_card=card).click()
    assert clear.attrs["aria-disabled"] == "false"
    clear.click()
    assert clear.attrs["aria-disabled"] == "true"
    assert root.find(data_card=card).attrs["aria-pressed"] == "false"
