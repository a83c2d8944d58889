"""Dyad's table: the hand, the trick, prompts for Cipher, the Teams pass and retrieval.

Drawn from ``observation(viewer)`` and the legal actions only, so another
seat's hidden cards never reach the page.  Test hooks are listed in
``e2e/README.md`` (Dyad section).
"""

from __future__ import annotations

from typing import Any

from pyapp.games.dyad.rules import SUIT_SYMBOLS, card_text as card_code
from pyapp.games.dyad.state import Move, parse_move
from pyapp.games.dyad.selection import follow_hint, selected_move, selection_status, trick_leader_value
from pyapp.games.dyad.view import Observation
from pyapp.i18n import t, tn
from pyapp.i18n.cards import dyad_card as card_text, dyad_cards as cards_text, dyad_pair_said as _pair_spoken
from pyapp.i18n.cards import dyad_said as _card_label
from pyapp.drawing.cards import backs, spoken
from pyapp.drawing.dyad import face, mini
from pyapp.drawing.tree import Node, node
from pyapp.ui.table.deal_check import fingerprint_note
from pyapp.ui.browser.dom import h, on, tree
from pyapp.ui.browser.motion import Motion, seat_chip
from pyapp.ui.table.picks import Picks
from pyapp.ui.table.sheet import sheet
from pyapp.ui.table.table import Option, SeatNames, TableContext, route


def _pair_text(cards: list[str]) -> str:
    return "+".join(cards)


def _params(params: dict[str, Any], *, spoken: bool = False) -> dict[str, Any]:
    """Message parameters with suits, cards and pairs as symbols (``S`` → ``♠``, ``5D`` → ``5♦``), or in words."""
    out = dict(params)
    if out.get("suit"):
        out["suit"] = t(f"dyad.suit.{out['suit']}") if spoken else SUIT_SYMBOLS[out["suit"]]
    if out.get("card"):
        out["card"] = _card_label(out["card"]) if spoken else card_text(out["card"])
    if out.get("pair"):
        cards = out["pair"].split("+")
        out["pair"] = _pair_spoken(cards) if spoken else "+".join(card_text(c) for c in cards)
    return out


def _finished_round(obs: Observation) -> dict[str, Any] | None:
    """The score-sheet entry of the round just finished, until the next round's first lead is on the table
    (the last round's at the game's end: its summary comes before the totals)."""
    if obs["phase"] == "over":
        return obs["sheet"][-1] if obs["sheet"] else None
    last = obs.get("last_trick")
    if not last or obs["trick"] or obs["tricks"] or not obs["sheet"] or obs["sheet"][-1]["round"] != last["round"]:
        return None
    return obs["sheet"][-1]


def _leading(obs: Observation) -> int | None:
    """The seat the "Leads" tag is on: the trick's first player, else the seat to lead the next trick (its
    last taker; before the round's first trick, during the pass and the Cipher question, the round's leader)."""
    if obs["phase"] == "over":
        return None
    if obs["trick"]:
        return obs["trick"][0]["seat"]
    return obs["to_act"] if obs["phase"] == "play" else obs["leader"]


def _trick_on_table(obs: Observation) -> tuple[int, list[dict[str, Any]]] | None:
    """The complete trick on the table as (taker, plays): while its taker retrieves, then until the next lead."""
    trick = obs["trick"]
    if obs["phase"] == "over":  # the end screen has no trick
        return None
    if trick:
        best = trick_leader_value(obs)
        return (best[1], trick) if best is not None and len(trick) == obs["players"] else None
    last = obs.get("last_trick")
    if last and obs["tricks"] and _finished_round(obs) is None:
        return last["winner"], last["plays"]
    return None


def _retrieved(last: dict[str, Any], after: Observation) -> Motion:
    """The card just retrieved goes from the trick to its taker: into the person's hand, else to the seat.

    Which card was retrieved is public (everyone's ``last_trick`` names it), so its face may travel."""
    card, taker = last["retrieved"], last["winner"]
    source = f'[data-testid=trick] .dyad-play[data-seat="{last["from"]}"] [data-played="{card}"]'
    if taker == after["seat"] and after["round"] == last["round"] and after["phase"] != "over" and card in after["hand"]:
        return Motion("retrieve", source=source, target=f'[data-testid=hand] [data-card="{card}"]', lands=True)
    return Motion("retrieve", source=source, target=seat_chip(taker))


def _position(obs: Observation) -> tuple[Any, ...]:
    """What a selection is made on: the viewer, the round, the phase, the seat to act, the hand and the trick."""
    return obs["seat"], obs["round"], obs["phase"], obs["to_act"], tuple(obs["hand"]), len(obs["trick"])


class DyadUI(SeatNames):
    game = "dyad"
    hidden_hands = True
    options = (
        Option("cipher", "dyad.option.cipher"),
        Option("twos", "dyad.option.twos"),
        Option("teams", "dyad.option.teams", players=(4,)),
    )
    AND_KEY = "dyad.and"

    def __init__(self) -> None:
        super().__init__()
        self.picks = Picks(_position)
        """The cards the person has selected (at most two) on the position drawn (see :mod:`pyapp.ui.table.picks`)."""

    # -- the table ------------------------------------------------------------------

    def render(self, ctx: TableContext) -> Any:
        self.names = [seat.name for seat in ctx.seats]
        obs = ctx.observation
        self.picks.follow(obs)
        last = obs["phase"] == "over" and ctx.dismiss is not None  # the last round's summary, before the end
        root = h("div", {"class": "dyad", "data-testid": "dyad-table", "data-phase": "last-round" if last else obs["phase"],
                         "data-round": str(obs["round"]), "data-viewer": str(ctx.viewer),
                         "data-players": str(obs["players"])})
        opener, scores = _score_sheet(self, obs, ctx.fingerprint)
        root.append(self._players(obs, ctx))
        root.append(self._info(obs, opener))
        if obs["phase"] == "over" and not last:
            root.append(_end(self, obs))
        else:
            root.append(self._trick(obs, ctx))
            root.append(self._prompt_and_hand(obs, ctx))
        root.append(scores)  # a child of the table: wide screens show it as a side panel
        return root

    def _players(self, obs: Observation, ctx: TableContext) -> Any:
        viewer = ctx.viewer
        chips = []
        for seat in range(obs["players"]):
            # "(you)" is its own item: where the chip is too narrow for both, it wraps out of sight, never "(y…"
            name = [node("span", {"class": "name"}, self.name(seat))]
            marks = []
            if seat == viewer:
                name.append(node("span", {"class": "you"}, t("dyad.you_mark")))
            elif obs.get("partner") == seat:
                marks.append(node("span", {"class": "badge"}, t("dyad.partner_mark")))
            if obs["dealer"] == seat:
                marks.append(node("span", {"class": "badge"}, t("dyad.dealer")))
            if _leading(obs) == seat:
                marks.append(node("span", {"class": "badge lead"}, t("dyad.leads")))
            if obs["ciphers"][seat]:
                marks.append(node("span", {"class": "badge cipher", "data-testid": f"cipher-badge-{seat}"},
                                  t("dyad.ciphering")))
            acting = obs["to_act"] == seat
            held = obs["hand_counts"][seat]
            chips.append(node("li", {"class": "seat dyad-seat" + (" to-act" if acting else "") + (" me" if seat == viewer else ""),
                                     "data-testid": f"player-{seat}", "data-seat": str(seat),
                                     "data-total": str(obs["totals"][seat])},
                              node("span", {"class": "seat-name"},
                                   node("span", {"class": "spinner", "aria-hidden": "true"}) if acting and ctx.thinking else None,
                                   *name),
                              node("span", {"class": "seat-line"},
                                   node("span", {"class": "seat-total"}, t("dyad.total", total=obs["totals"][seat])),
                                   backs(held, tn("dyad.cards_held", held, count=held))),
                              node("span", {"class": "seat-marks"}, marks) if marks else None))
        return tree(node("ul", {"class": "seats dyad-seats", "data-testid": "players", "aria-label": t("dyad.players")},
                         chips))

    def _info(self, obs: Observation, sheet_button: Any) -> Any:
        """Round, trick and target; the team totals; the buttons to the score sheet and the previous trick."""
        text = h("p", {"class": "band-text"},
                 h("span", {}, t("dyad.round", round=obs["round"], trick=obs["trick_number"],
                                 tricks=obs["tricks_per_round"])),
                 h("span", {"class": "dyad-target"}, t("dyad.target", target=obs["target"])))
        if obs["options"].get("teams"):
            a, b = obs["team_totals"]
            text.append(h("span", {"class": "dyad-teams", "data-testid": "team-totals"},
                          t("dyad.team_totals", a=self.names_of([0, 2]), score_a=a,
                            b=self.names_of([1, 3]), score_b=b)))
        return h("div", {"class": "band dyad-info"}, text, _previous(self, obs), sheet_button)

    def _trick(self, obs: Observation, ctx: TableContext) -> Any:
        attrs = {"class": "dyad-trick", "data-testid": "trick", "aria-label": t("dyad.trick.title")}
        trick = obs["trick"]
        if not trick:
            summary = self._round_end(obs)
            if summary is not None and ctx.dismiss is not None:
                section = tree(node("section", attrs, summary))
                go_on = h("button", {"class": "primary round-end-dismiss", "data-testid": "round-end-dismiss", "data-autofocus": ""},
                          t("table.final_scores" if obs["phase"] == "over" else "dyad.roundend.continue"))
                on(go_on, "click", lambda event: ctx.dismiss())
                section.querySelector("[data-testid=round-end]").append(go_on)
                return section
            finished = _trick_on_table(obs)
            if finished is not None:  # the finished trick stays until the next lead
                taker, plays = finished
                retrieved = obs["last_trick"]["retrieved"]  # gone to its taker's hand
                summary = node("ol", {"class": "dyad-plays finished"},
                               [_play(self, play, "won" if play["seat"] == taker else None, retrieved) for play in plays])
            return tree(node("section", attrs, summary if summary is not None else
                             node("p", {"class": "muted"}, t("dyad.trick.empty"))))
        lead = trick[0]["pair"]
        if obs["lead_matched"]:
            kind = node("p", {"class": "lead-kind"}, t("dyad.trick.matched", suit=SUIT_SYMBOLS[lead[0][1]]))
        else:
            kind = node("p", {"class": "lead-kind"}, t("dyad.trick.unmatched"))
        best = trick_leader_value(obs)
        done = len(trick) == obs["players"]
        rows = []
        for index, play in enumerate(trick):
            mark = None
            if best is not None and best[0] == index:
                mark = "won" if done else "leading"
            rows.append(_play(self, play, mark))
        return tree(node("section", attrs, kind, node("ol", {"class": "dyad-plays"}, rows)))

    def summary_key(self, obs: Observation) -> str | None:
        """The round summary on the table (see :meth:`_round_end`): the computers wait until it is dismissed."""
        entry = _finished_round(obs)
        return f"round-{entry['round']}" if entry is not None else None

    def _round_end(self, obs: Observation) -> Node | None:
        """The scores of the round just finished, with the cards that scored (until the next lead)."""
        entry = _finished_round(obs)
        if entry is None:
            return None
        lines = []
        for seat, score in enumerate(entry["scores"]):
            hand = entry["hands"][seat]
            shown = cards_text(hand) if hand else t("dyad.roundend.empty_hand")
            said = ", ".join(_card_label(c) for c in hand) if hand else shown
            scored = t("dyad.sheet.cipher_mark", score=score) if entry["ciphers"][seat] else score
            lines.append(node("li", {"data-seat": str(seat)},
                              node("span", {"class": "who"}, t("dyad.roundend.line", name=self.name(seat), score=scored)),
                              node("span", {"class": "cards"}, *spoken(shown, said))))
        return node("div", {"class": "round-summary", "data-testid": "round-end"},
                    node("h3", {}, t("dyad.roundend.title", round=entry["round"])), node("ul", {}, lines))

    # -- acting ---------------------------------------------------------------------

    def _prompt_and_hand(self, obs: Observation, ctx: TableContext) -> Any:
        """The person's hand and, above it, what they may do now (or whom the table waits for)."""
        legal, phase = ctx.legal, obs["phase"]
        picker = PairPicker(obs, legal, self.picks, ctx.act) if legal and phase in ("play", "pass") else None
        prompt = h("div", {"class": "dyad-prompt", "data-testid": "prompt", "aria-live": "polite"})
        hand = _hand(obs, picker)
        if not legal:
            if obs["to_act"] >= 0 and ctx.dismiss is None:  # a summary waits for the person, not for them
                prompt.append(h("p", {"class": "muted"}, t("dyad.wait", name=self.name(obs["to_act"]))))
            if phase == "pass" and obs.get("my_pass"):
                prompt.append(tree(node("p", {"data-testid": "pass-chosen"},
                                        *spoken(t("dyad.pass.chosen", cards=cards_text(obs["my_pass"])),
                                                t("dyad.pass.chosen", cards=_pair_spoken(obs["my_pass"]))))))
        elif phase == "cipher":
            prompt.append(*_cipher_prompt(ctx))
        elif phase == "take":
            prompt.append(*_take_prompt(legal, ctx))
        else:
            if phase == "pass":
                prompt.append(h("p", {}, t("dyad.pass.prompt", name=self.name(obs["partner"]))))
            elif hint := follow_hint(obs):
                prompt.append(h("p", {"class": "dyad-hint", "data-testid": "follow-hint"}, t(hint[0], **_params(hint[1]))))
            prompt.append(*picker.controls())
        if obs.get("gave") and phase != "pass":
            prompt.append(tree(node("p", {"class": "muted", "data-testid": "pass-done"},
                                    *spoken(t("dyad.pass.done", gave=cards_text(obs["gave"]),
                                              received=cards_text(obs["received"])),
                                            t("dyad.pass.done", gave=_pair_spoken(obs["gave"]),
                                              received=_pair_spoken(obs["received"]))))))
        return h("section", {"class": "dyad-me"}, prompt, hand)

    # -- the Hint (pyapp/ui/table/hint_button.py) --------------------------------------------

    def selected_action(self, legal: list[Any]) -> Move | None:
        return selected_move(self.picks.seen, self.picks.chosen, legal)

    @staticmethod
    def move_targets(action: Move) -> list[str]:
        cards = [card_code(c) for c in action.cards]
        if action.kind in ("play", "pass"):
            return [f'[data-testid=hand] [data-card="{c}"]' for c in cards]
        if action.kind == "take":
            return [f'[data-take="{cards[0]}"]']
        return ["[data-testid=cipher-yes]" if action.kind == "cipher" else "[data-testid=cipher-no]"]

    @staticmethod
    def move_words(action: Move, *, spoken: bool) -> str:
        cards = [card_code(c) for c in action.cards]
        if action.kind == "play":
            return _params({"pair": "+".join(cards)}, spoken=spoken)["pair"]
        if action.kind == "pass":
            return t("hint.move.dyad.pass", **_params({"pair": "+".join(cards)}, spoken=spoken))
        if action.kind == "take":
            return t("hint.move.dyad.take", **_params({"card": cards[0]}, spoken=spoken))
        return t("hint.move.dyad.cipher" if action.kind == "cipher" else "hint.move.dyad.no_cipher")

    @staticmethod
    def fact_params(params: dict[str, Any], *, spoken: bool) -> dict[str, Any]:
        return _params(params, spoken=spoken)

    # -- motion -------------------------------------------------------------------

    def motions(self, before: Observation | None, after: Observation) -> list[Motion]:
        """A retrieved card goes to its taker; a trick leaving the table goes to its taker."""
        if before is None:
            return []
        moving = []
        last = after.get("last_trick")
        if last and last != before.get("last_trick"):
            moving.append(_retrieved(last, after))
        gone = _trick_on_table(before)
        if gone is not None and gone != _trick_on_table(after):
            moving.append(Motion("trick-to-taker", source="[data-testid=trick] .dyad-play", target=seat_chip(gone[0])))
        return moving

    # -- screen readers -----------------------------------------------------------

    def announcements(self, before: Observation | None, after: Observation) -> list[str]:
        if before is None:
            return []
        said: list[str] = []
        for seat, (was, now) in enumerate(zip(before["ciphers"], after["ciphers"])):
            if now and not was:
                said.append(t("dyad.say.cipher", name=self.name(seat)))
        old = before["trick"] if after["round"] == before["round"] else []
        plays = after["trick"]
        last = after.get("last_trick")
        if last and last != before.get("last_trick"):
            for play in last["plays"][len(old):] if len(old) <= len(last["plays"]) else []:
                said.append(t("dyad.say.play", name=self.name(play["seat"]), pair=_pair_spoken(play["pair"]),
                              value=play["value"]))
            said.append(t("dyad.say.took", name=self.name(last["winner"]), card=_card_label(last["retrieved"])))
            old = []
        if after["round"] != before["round"]:  # the round's scores, after its last trick
            said.append(t("dyad.say.round", round=before["round"]))
            entry = next((e for e in after["sheet"] if e["round"] == before["round"]), None)
            if entry is not None:
                for seat, score in enumerate(entry["scores"]):
                    said.append(t("say.dyad.round_score", name=self.name(seat), score=score, total=after["totals"][seat]))
        for play in plays[len(old):]:
            said.append(t("dyad.say.play", name=self.name(play["seat"]), pair=_pair_spoken(play["pair"]),
                          value=play["value"]))
        return said


class PairPicker:
    """The play or pass controls over the person's picks (:mod:`pyapp.ui.table.picks`): a card of the hand toggles in
    them (at most two), and the cards' states, the pair's value or problem and the submit button are drawn again
    from them after each change."""

    def __init__(self, obs: Observation, legal: list[Any], picks: Picks, act: Any) -> None:
        self.obs, self.legal, self.picks, self.act = obs, legal, picks, act
        self.buttons: dict[str, Any] = {}
        play = obs["phase"] == "play"
        self.status_line = h("p", {"class": "dyad-status", "data-testid": "pair-status"})
        self.problem_line = h("p", {"class": "dyad-problem", "data-testid": "pair-problem"})
        self.submit = h("button", {"class": "primary", "data-testid": "submit-pair" if play else "submit-pass",
                                   "disabled": True}, t("dyad.submit.play" if play else "dyad.submit.pass"))
        # aria-disabled, not disabled, while nothing is picked: the focus stays on it after a Clear
        self.clear_button = h("button", {"data-testid": "clear-selection", "type": "button", "aria-disabled": "true"},
                              t("dyad.clear"))

    def card(self, text: str, button: Any) -> None:
        """Bind a card of the hand to the picks."""
        self.buttons[text] = button
        on(button, "click", lambda event: self.toggle(text))

    def controls(self) -> list[Any]:
        """The submit and clear buttons with the pair's status, and the line saying why a pair may not be played."""
        on(self.clear_button, "click", lambda event: self.clear())
        on(self.submit, "click", lambda event: self.send())
        self.refresh()
        return [h("div", {"class": "dyad-buttons"}, self.submit, self.clear_button, self.status_line), self.problem_line]

    def toggle(self, text: str) -> None:
        chosen = self.picks.chosen
        if text in chosen:
            chosen.remove(text)
        else:
            if len(chosen) == 2:
                chosen.pop(0)
            chosen.append(text)
        self.refresh()

    def clear(self) -> None:
        self.picks.chosen.clear()
        self.refresh()

    def send(self) -> None:
        action = selected_move(self.obs, self.picks.chosen, self.legal)
        if action is not None:
            self.act(action)

    def refresh(self) -> None:
        for text, button in self.buttons.items():
            button.setAttribute("aria-pressed", "true" if text in self.picks.chosen else "false")
        status = selection_status(self.obs, self.picks.chosen)
        problem, value = status["problem"], status["value"]
        if value is not None:
            self.status_line.textContent = t("dyad.preview", value=value)
        elif problem == "dyad.pick_two":
            self.status_line.textContent = t(problem, **status["params"])
        else:
            self.status_line.textContent = ""
        self.problem_line.textContent = t(problem, **_params(status["params"])) \
            if problem and problem != "dyad.pick_two" else ""
        self.status_line.setAttribute("data-value", "" if value is None else str(value))
        self.status_line.setAttribute("data-ready", "true" if status["ready"] else "false")
        self.submit.disabled = not status["ready"]
        self.clear_button.setAttribute("aria-disabled", "false" if self.picks.chosen else "true")


def _hand(obs: Observation, picker: PairPicker | None) -> Any:
    """The person's cards as buttons, bound to the picker when they may pick."""
    box = h("div", {"class": "hand dyad-hand", "data-testid": "hand", "role": "group",
                    "aria-label": t("dyad.hand.title"), "data-count": str(len(obs["hand"]))})
    for index, text in enumerate(obs["hand"]):
        button = h("button", {"class": f"card suit-{text[1]}", "data-card": text, "aria-pressed": "false",
                              "aria-label": _card_label(text), "disabled": picker is None, "type": "button",
                              # where the frame puts the focus when this person's turn starts
                              "data-autofocus": picker is not None and index == 0},
                   tree(face(text)))
        if picker is not None:
            picker.card(text, button)
        box.append(button)
    return box


def _cipher_prompt(ctx: TableContext) -> list[Any]:
    yes = h("button", {"class": "primary", "data-testid": "cipher-yes", "data-autofocus": True}, t("dyad.cipher.yes"))
    no = h("button", {"data-testid": "cipher-no"}, t("dyad.cipher.no"))
    on(yes, "click", lambda event: ctx.act(parse_move("cipher")))
    on(no, "click", lambda event: ctx.act(parse_move("no cipher")))
    return [h("p", {}, t("dyad.cipher.prompt")), h("div", {"class": "dyad-buttons"}, yes, no)]


def _take_prompt(legal: list[Any], ctx: TableContext) -> list[Any]:
    """The taker's choice: one button per card they may retrieve from the trick."""
    row = h("div", {"class": "dyad-buttons dyad-take"})
    for index, action in enumerate(legal):
        card = str(action).split()[1]
        button = h("button", {"class": f"take suit-{card[1]}", "data-take": card, "data-testid": f"take-{card}",
                              "data-autofocus": index == 0,
                              "aria-label": t("dyad.take.button", card=_card_label(card))}, tree(face(card)))
        on(button, "click", lambda event, action=action: ctx.act(action))
        row.append(button)
    return [h("p", {}, t("dyad.take.prompt")), row]


def _play(ui: SeatNames, play: dict[str, Any], mark: str | None, retrieved: str | None = None) -> Node:
    attrs = {"class": "dyad-play" + (f" {mark}" if mark else ""), "data-seat": str(play["seat"]),
             "data-value": str(play["value"]), "data-pair": _pair_text(play["pair"]),
             "data-winning": "true" if mark else None}
    return node("li", attrs, node("span", {"class": "play-name"}, ui.name(play["seat"])),
                node("span", {"class": "play-cards"}, [mini(c, retrieved=c == retrieved) for c in play["pair"]]),
                node("span", {"class": "play-value"}, t("dyad.play.value", value=play["value"])),
                node("span", {"class": "play-mark"}, t("dyad.play.took" if mark == "won" else "dyad.play.taking"))
                if mark else None)

def _previous(ui: SeatNames, obs: Observation) -> Any:
    """The previous trick, one tap away (a dialog)."""
    last = obs.get("last_trick")
    if not last:
        return None
    rows = node("ol", {"class": "dyad-plays"},
                [_play(ui, play, "won" if play["seat"] == last["winner"] else None) for play in last["plays"]])
    result = node("p", {"class": "last-result", "data-testid": "last-result", "data-retrieved": last["retrieved"]},
                  *spoken(t("dyad.last.result", winner=ui.name(last["winner"]), card=card_text(last["retrieved"]),
                            source=ui.name(last["from"])),
                          t("dyad.last.result", winner=ui.name(last["winner"]), card=_card_label(last["retrieved"]),
                            source=ui.name(last["from"]))))
    return sheet("last-trick", t("dyad.last.title"), tree(node("div", {}, rows, result)), label=t("dyad.last.button"))

def _score_sheet(ui: SeatNames, obs: Observation, fingerprint: str | None) -> list[Any]:
    """The score sheet (one row per round and the totals), behind a button.

    With Teams the partners' columns stand side by side (seats 0 and 2, then 1 and 3) and a last row
    gives each team's total, the one that plays to 100."""
    teams = bool(obs["options"].get("teams"))
    order = [0, 2, 1, 3] if teams else list(range(obs["players"]))
    edge = {"class": "team-start"}

    def cell(seat: int, text: str, **attrs: str) -> Any:
        return node("td", {**(edge if teams and seat == 1 else {}), **attrs}, text)

    rows = []
    for entry in obs["sheet"]:
        cells = []
        for seat in order:
            score = entry["scores"][seat]
            text = t("dyad.sheet.cipher_mark", score=score) if entry["ciphers"][seat] else str(score)
            cells.append(cell(seat, text, title=cards_text(entry["hands"][seat])))
        rows.append(node("tr", {"data-round": str(entry["round"])}, node("th", {"scope": "row"}, str(entry["round"])),
                         cells))
    rows.append(node("tr", {"class": "total"}, node("th", {"scope": "row"}, t("dyad.sheet.total")),
                     [cell(s, str(obs["totals"][s])) for s in order]))
    if teams:
        rows.append(node("tr", {"class": "total team-total", "data-testid": "sheet-team-totals"},
                         node("th", {"scope": "row"}, t("dyad.sheet.team_total")),
                         [node("td", {"colspan": "2", "data-team": str(side), **(edge if side else {})},
                               str(obs["team_totals"][side])) for side in (0, 1)]))
    heads = [node("th", {"scope": "col", "title": ui.name(s), **(edge if teams and s == 1 else {})}, ui.name(s))
             for s in order]
    table = node("table", {"class": "dyad-sheet"},
                 node("thead", {}, node("tr", {}, node("th", {"scope": "col"}, t("dyad.sheet.round")), heads)),
                 node("tbody", {}, rows))
    return sheet("score-sheet", t("dyad.sheet.title"), tree(node("div", {"class": "sheet-table"}, table)),
                 fingerprint_note(fingerprint), label=t("dyad.sheet.button"), side=True)

def _end(ui: SeatNames, obs: Observation) -> Any:
    winners = obs["winners"]
    box = h("section", {"class": "dyad-end panel", "data-testid": "dyad-end",
                        "data-winners": ",".join(str(w) for w in winners),
                        "data-tiebreak": obs.get("tiebreak") or ""})
    box.append(h("h2", {}, t("dyad.end.title", names=ui.names_of(winners))))
    box.append(h("p", {"data-testid": "tiebreak"}, t(f"dyad.end.{obs.get('tiebreak') or 'score'}")))
    if obs["options"].get("teams"):
        # one line per team: its members and its total (not the team total under each name)
        teams = sorted(((obs["team_totals"][side], [side, side + 2]) for side in (0, 1)), key=lambda x: -x[0])
        lines = [h("li", {"data-team": str(members[0])},
                   t("dyad.end.final", name=t("dyad.team_name", first=ui.name(members[0]),
                                              second=ui.name(members[1])), total=total))
                 for total, members in teams]
    else:
        scores = obs["scores"]
        lines = [h("li", {"data-seat": str(s)}, t("dyad.end.final", name=ui.name(s), total=scores[s]))
                 for s in sorted(range(obs["players"]), key=lambda s: -scores[s])]
    box.append(h("ol", {"class": "final"}, *lines))
    return box

UI = DyadUI()
"""The Dyad table for :class:`pyapp.ui.table.table.Table`."""


def register() -> None:
    """Plug the Dyad screen into the router (``#/dyad``)."""
    from pyapp.ui.shell import router  # noqa: PLC0415  (imports the browser; only called in the page)

    router.register("dyad", route(UI))


__all__ = ["UI", "DyadUI", "register"]

