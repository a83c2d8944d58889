"""Dieci's table: hand, trump, trick, characters on offer, players, goal card, end.

Drawn from ``observation(viewer)`` and the legal actions only, so another
seat's hand or goal card never reaches the page.  Test hooks are listed in
``e2e/README.md`` (Dieci section).
"""

from __future__ import annotations

from typing import Any

from pyapp.games.dieci.rules import CHARACTERS, GOAL_POINTS, SUIT_SYMBOLS, trick_winner
from pyapp.games.dieci.state import PASS, TOP, Claim, Play
from pyapp.games.dieci.view import Observation
from pyapp.i18n import t, tn
from pyapp.i18n.cards import dieci_card, dieci_char as char_label, dieci_said as card_label
from pyapp.drawing.cards import backs, spoken
from pyapp.drawing.dieci import chip, face as card_face, mini as mini_card
from pyapp.drawing.tree import Node, node
from pyapp.ui.table.deal_check import fingerprint_note
from pyapp.ui.browser.dom import h, on, tree
from pyapp.ui.browser.motion import Motion, seat_chip
from pyapp.ui.table.sheet import sheet
from pyapp.ui.table.table import SeatNames, TableContext, route


def goal_name(index: int) -> str:
    """A goal card's name in the page's language."""
    return t(f"dieci.goal.name.{index}")


class DieciUI(SeatNames):
    game = "dieci"
    hidden_hands = True
    options = ()
    AND_KEY = "dieci.and"

    # -- the table ------------------------------------------------------------------

    def render(self, ctx: TableContext) -> Any:
        self.names = [seat.name for seat in ctx.seats]
        obs = ctx.observation
        last = obs["phase"] == "over" and ctx.dismiss is not None  # the last deal's summary, before the end
        root = h("div", {"class": "dieci", "data-testid": "dieci-table", "data-phase": "last-deal" if last else obs["phase"],
                         "data-viewer": str(ctx.viewer), "data-turn": str(obs["turn"]),
                         "data-deal": str(obs["deal"]), "data-players": str(obs["players"]),
                         "data-summary": "deal" if self.summary_key(obs) and (obs["phase"] != "over" or ctx.dismiss) else None})
        log_button, log = self._log(obs, ctx.fingerprint)
        if obs["phase"] == "over" and not last:
            root.append(_end(self, obs, ctx.viewer, log_button), log)
            return root
        root.append(self._players(obs, ctx))
        root.append(self._offer(obs, ctx))
        root.append(self._trick(obs, ctx))
        root.append(h("div", {"class": "band dieci-top"}, _goal(obs), _claimed(self, obs, ctx.viewer), log_button))
        root.append(self._me(obs, ctx))
        root.append(log)  # a child of the table: wide screens show it as a side panel
        return root

    def _offer(self, obs: Observation, ctx: TableContext) -> Any:
        legal = set(ctx.legal)
        phase = obs["phase"]
        trump = obs["trump_card"]
        deck = h("span", {"class": "deck", "data-testid": "char-deck", "data-count": str(obs["char_deck"])},
                 h("span", {"class": "label"}, t("dieci.deal", deal=obs["deal"])),
                 h("span", {"class": "label"}, t("dieci.deck.short", count=obs["char_deck"])),
                 h("span", {"class": "card-back deck-back", "aria-hidden": "true"}))
        if TOP in legal:  # the deck itself is the button that takes its top character
            deck = h("button", {"class": "primary deck-take", "data-testid": "take-top", "type": "button",
                                "data-autofocus": True}, deck, h("span", {"class": "take-label"}, t("dieci.take_top")))
            on(deck, "click", lambda event: ctx.act(TOP))
        shared = h("section", {"class": "dieci-shared"},
                   h("span", {"class": "trump", "data-testid": "trump", "data-card": trump, "data-suit": obs["trump"]},
                     h("span", {"class": "label"}, t("dieci.trump")),
                     tree(mini_card(trump, t("dieci.trump.label", card=card_label(trump))))),
                   deck)
        box = h("div", {"class": "dieci-offer", "data-testid": "face-up", "role": "group",
                        "aria-label": t("dieci.offer.title")})
        shared.append(box)
        row = h("div", {"class": "chars"})
        focus_set = False
        for char in obs["face_up"]:
            action = Claim(char)
            name = CHARACTERS[char][0]
            can = action in legal
            attrs = {"class": f"char suit-{char[0]}" + (" can" if can else ""), "data-char": char,
                     "data-claimable": "true" if can else "false", "type": "button",
                     "aria-label": t("dieci.claim", char=char_label(char)) if can else char_label(char),
                     "title": t("dieci.char.theme", name=name, theme=t(f"dieci.theme.{char}"))}
            if phase == "claim" and char in obs["eligible"]:
                attrs["data-eligible"] = "true"
            if can and not focus_set:
                attrs["data-autofocus"] = True
                focus_set = True
            tile = h("button" if can else "div", attrs,
                     # drawn by CSS from data-glyph: the button's name ("Claim Pelo, yellow 2")
                     # then holds all its visible text
                     h("span", {"class": "value", "aria-hidden": "true", "data-glyph": SUIT_SYMBOLS[char[0]] + char[1:]}),
                     h("span", {"class": "name"}, name))
            if can:
                on(tile, "click", lambda event, action=action: ctx.act(action))
            row.append(tile)
        box.append(row)
        return shared

    @staticmethod
    def _trick_box() -> Node:
        return node("section", {"class": "dieci-trick", "data-testid": "trick", "aria-label": t("dieci.trick.title")})

    def _trick(self, obs: Observation, ctx: TableContext) -> Any:
        box = self._trick_box()
        trick = obs["trick"]
        winner = obs["trick_winner"]
        if self.summary_key(obs) is not None:
            return _deal_end(self, obs, box, ctx)
        if not trick:
            box.append(node("p", {"class": "muted"}, t("dieci.trick.leads", name=self.name(obs["turn"]))))
            last = obs.get("last_trick")
            if last:
                rows = node("ol", {"class": "plays last", "data-testid": "last-trick", "aria-label": t("dieci.trick.last")})
                for seat, card in zip(last["seats"], last["cards"]):
                    won = seat == last["winner"]
                    rows.append(node("li", {"class": "play" + (" best" if won else ""), "data-seat": str(seat)},
                                  node("span", {"class": "who"}, self.name(seat)), mini_card(card),
                                  node("span", {"class": "mark"}, t("dieci.trick.winner")) if won else None))
                box.extend([node("p", {"class": "muted last-title"}, t("dieci.trick.last")), rows])
            return tree(box)
        best = _leading_index(trick, obs["trump"])
        rows = node("ol", {"class": "plays"})
        for index, play in enumerate(trick):
            mark = None
            if index == best:
                mark = "dieci.trick.winner" if winner is not None else "dieci.trick.leading"
            rows.append(node("li", {"class": "play" + (" best" if mark else ""), "data-seat": str(play["seat"]),
                                 "data-played": play["card"]},
                          node("span", {"class": "who"}, self.name(play["seat"])), mini_card(play["card"]),
                          node("span", {"class": "mark"}, t(mark)) if mark else None))
        box.append(rows)
        if winner is not None:
            box.append(node("p", {"class": "result", "data-testid": "trick-winner", "data-seat": str(winner)},
                            t("dieci.trick.won", name=self.name(winner))))
        return tree(box)

    def summary_key(self, obs: Observation) -> str | None:
        """The deal-end summary on the table (:meth:`_deal_end`) until the new deal's first card: the computers wait for it.

        At the game's end the last deal's (``last-…``): the final scores come after it."""
        if obs["phase"] == "over":
            return f"last-{obs['deal']}"
        return f"deal-{obs['deal']}" if obs["last_deal"] and obs["phase"] == "play" and not obs["played"] else None

    def _me(self, obs: Observation, ctx: TableContext) -> Any:
        wrap = h("section", {"class": "dieci-me"})
        prompt = h("div", {"class": "prompt", "data-testid": "prompt"})
        legal = ctx.legal
        phase = obs["phase"]
        playable = {a.card for a in legal if isinstance(a, Play)}
        if not legal:
            if obs["turn"] >= 0 and ctx.dismiss is None:  # a summary waits for the person, not for them
                prompt.append(h("p", {"class": "muted"}, t("dieci.wait", name=self.name(obs["turn"]))))
        elif phase == "play":
            led = obs["led"]
            if led is None:
                prompt.append(h("p", {}, t("dieci.prompt.lead")))
            elif any(c[1] == led for c in obs["hand"]):
                prompt.append(h("p", {}, t("dieci.prompt.follow", suit=SUIT_SYMBOLS[led] + " " + t(f"dieci.suit.{led}"))))
            else:
                prompt.append(h("p", {}, t("dieci.prompt.void", suit=SUIT_SYMBOLS[led] + " " + t(f"dieci.suit.{led}"))))
        elif phase == "claim":
            prompt.append(h("p", {}, t("dieci.prompt.top" if TOP in legal else "dieci.prompt.claim")))
        elif phase == "offer":
            prompt.append(h("p", {}, t("dieci.prompt.offer")))
        wrap.append(h("div", {"class": "dieci-ask"}, prompt, _offer_buttons(set(legal), ctx)))
        hand = h("div", {"class": "hand", "data-testid": "hand", "role": "group", "aria-label": t("dieci.hand.title")})
        first = True
        for card in obs["hand"]:
            can = card in playable
            button = h("button", {"class": f"card suit-{card[1]}" + (" playable" if can else ""), "data-card": card,
                                  "data-playable": "true" if can else "false", "type": "button",
                                  "aria-label": t("dieci.hand.playable", card=card_label(card)) if can else card_label(card),
                                  "disabled": not can, "data-autofocus": can and first},
                       tree(card_face(card)))
            first = first and not can
            if can:
                on(button, "click", lambda event, card=card: ctx.act(Play(card)))
            hand.append(button)
        wrap.append(hand)
        return wrap

    def _players(self, obs: Observation, ctx: TableContext) -> Any:
        rows = node("ul", {"class": "seats dieci-seats", "data-testid": "players", "aria-label": t("dieci.players.title")})
        for seat in range(obs["players"]):
            # "(you)" is its own item: where the chip is too narrow for both, it wraps out of sight, never "(y…"
            name = [node("span", {"class": "name"}, self.name(seat)),
                    node("span", {"class": "you"}, t("dieci.you_mark")) if seat == ctx.viewer else None]
            claimed = obs["claimed"][seat]
            acting = obs["turn"] == seat
            marks = []
            if obs["dealer"] == seat:
                marks.append(node("span", {"class": "badge"}, t("dieci.dealer")))
            if obs["leader"] == seat and not obs["trick"]:
                marks.append(node("span", {"class": "badge lead"}, t("dieci.leads")))
            held = obs["hand_counts"][seat]
            rows.append(node("li", {"class": "seat" + (" to-act" if acting else "") + (" me" if seat == ctx.viewer else ""),
                                 "data-testid": f"player-{seat}", "data-seat": str(seat),
                                 "data-taken": str(obs["taken"][seat]), "data-chars": ",".join(claimed)},
                          node("span", {"class": "seat-name"},
                            node("span", {"class": "spinner", "aria-hidden": "true"}) if acting and ctx.thinking else None,
                            *name),
                          node("span", {"class": "seat-line"},
                            backs(held, spoken(str(held), t("dieci.in_hand", count=held))),
                            node("span", {"data-testid": f"taken-{seat}"}, t("dieci.taken", count=obs["taken"][seat]))),
                          node("span", {"class": "seat-chars"}, tn("dieci.chars_count", len(claimed), count=len(claimed))),
                          node("span", {"class": "chips"}, *[chip(c) for c in sorted(claimed, key=_char_key)]) if claimed else None,
                          node("span", {"class": "seat-marks"}, *marks) if marks else None))
        return tree(rows)

    def _log(self, obs: Observation, fingerprint: str | None) -> list[Any]:
        """What happened this game, oldest first and numbered so, behind a button."""
        items = node("ol", {"class": "dieci-log"},
                     [node("li", {"data-event": event["type"], "value": str(event["n"] + 1)}, self.sentence(event))
                      for event in obs["log"]])
        return sheet("log", t("dieci.log.title"), tree(items), fingerprint_note(fingerprint), label=t("dieci.log.button"),
                     side=True)

    def sentence(self, event: dict[str, Any]) -> str:
        kind = event["type"]
        if kind == "deal":
            return t("dieci.log.deal", deal=event["deal"], name=self.name(event["dealer"]),
                     card=card_label(event["trump_card"]))
        if kind == "play":
            return t("dieci.log.play", name=self.name(event["seat"]), card=card_label(event["card"]))
        if kind == "trick":
            return t("dieci.log.trick", name=self.name(event["winner"]))
        if kind == "claim":
            return t("dieci.log.claim", name=self.name(event["seat"]), char=char_label(event["char"]))
        if kind == "top":
            return t("dieci.log.top", name=self.name(event["seat"]), char=char_label(event["char"]))
        if kind == "pass":
            return t("dieci.log.pass", name=self.name(event["seat"]))
        if kind == "refill":
            return t("dieci.log.refill", chars="; ".join(char_label(c) for c in event["chars"]))
        return t("dieci.log.end")

    # -- the Hint (pyapp/ui/table/hint_button.py) --------------------------------------------

    @staticmethod
    def selected_action(legal: list[Any]) -> None:
        """Every Dieci move is one tap: nothing is ever selected and not yet played."""
        return None

    @staticmethod
    def move_targets(action: Any) -> list[str]:
        if type(action) is Play:
            return [f'[data-testid=hand] [data-card="{action.card}"]']
        if type(action) is Claim:
            return [f'[data-testid=face-up] [data-char="{action.char}"]']
        return ["[data-testid=take-top]" if action == TOP else "[data-testid=pass]"]

    def move_words(self, action: Any, *, spoken: bool) -> str:
        if type(action) is Play:
            return self.fact_params({"card": action.card}, spoken=spoken)["card"]
        if type(action) is Claim:
            return t("hint.move.dieci.claim", char=char_label(action.char))
        return t("hint.move.dieci.top" if action == TOP else "hint.move.dieci.pass")

    @staticmethod
    def fact_params(params: dict[str, Any], *, spoken: bool) -> dict[str, Any]:
        """A card as on its face (``7●``) or in words; a character by its name, suit and value."""
        out = dict(params)
        if out.get("card"):
            card = out["card"]
            out["card"] = card_label(card) if spoken else dieci_card(card)
        if out.get("char"):
            out["char"] = char_label(out["char"])
        return out

    # -- motion -------------------------------------------------------------------

    @staticmethod
    def motions(before: Observation | None, after: Observation) -> list[Motion]:
        """A won trick leaving the table (at the next lead) goes to its taker."""
        gone = None if before is None else _trick_on_table(before)
        if gone is None or gone == _trick_on_table(after):
            return []
        return [Motion("trick-to-taker", source="[data-testid=trick] .play", target=seat_chip(gone[0]))]

    # -- screen readers -----------------------------------------------------------

    def announcements(self, before: Observation | None, after: Observation) -> list[str]:
        if before is None:
            return []
        seen = before.get("events", 0)
        said = [self.sentence(e) for e in after["log"] if e["n"] >= seen]
        if after["phase"] == "over" and before.get("phase") != "over":
            said.append(t("dieci.end.winners", names=self.names_of(after["winners"])))
            said.extend(tn("say.dieci.final", score["total"], name=self.name(seat), points=score["total"])
                        for seat, score in enumerate(after["scores"]))
        return said


def _offer_buttons(legal: set[Any], ctx: TableContext) -> Any:
    """Decline the offer: next to the prompt that asks (taking the top is the deck's own button)."""
    buttons = h("div", {"class": "dieci-buttons"})
    if PASS in legal:
        skip = h("button", {"data-testid": "pass", "type": "button"}, t("dieci.pass"))
        on(skip, "click", lambda event: ctx.act(PASS))
        buttons.append(skip)
    return buttons

def _deal_end(ui: SeatNames, obs: Observation, box: Node, ctx: TableContext) -> Any:
    """The deal just played out: what each seat took in it, then who deals the next one and its trump.

    At the game's end, the last deal (cut short when the characters ran out), counted from its start."""
    over = obs["phase"] == "over"
    last = _last_deal(obs) if over else obs["last_deal"]
    lines = []
    for seat in range(obs["players"]):
        name = t("dieci.you", name=ui.name(seat)) if seat == ctx.viewer else ui.name(seat)
        chars = sorted(last["chars"][seat], key=_char_key)
        lines.append(node("li", {"data-seat": str(seat), "data-cards": str(last["cards"][seat]),
                                 "data-chars": ",".join(chars)},
                          node("span", {"class": "who"}, t("dieci.dealend.line", name=name, cards=last["cards"][seat])),
                          node("span", {"class": "chips"}, *[chip(c) for c in chars]) if chars else
                          node("span", {"class": "cards"}, t("dieci.dealend.no_chars"))))
    trump = obs["trump_card"]
    if over:  # no next deal: the character deck ran out
        following = node("p", {"class": "dealend-next", "data-testid": "deal-end-next"}, t("dieci.log.end"))
    else:
        following = node("p", {"class": "dealend-next", "data-testid": "deal-end-next"},
                         t("dieci.dealend.next", deal=obs["deal"], name=ui.name(obs["dealer"])),
                         mini_card(trump, t("dieci.trump.label", card=card_label(trump))))
    box.append(node("div", {"class": "round-summary", "data-testid": "deal-end", "data-deal": str(last["deal"]),
                            "data-last": "true" if over else None},
                    node("h3", {}, t("dieci.dealend.title", deal=last["deal"])), node("ul", {}, lines), following))
    section = tree(box)
    if ctx.dismiss is not None:
        go_on = h("button", {"class": "primary", "data-testid": "deal-end-dismiss", "data-autofocus": ""},
                  t("table.final_scores" if over else "dieci.dealend.continue"))
        on(go_on, "click", lambda event: ctx.dismiss())
        section.querySelector("[data-testid=deal-end]").append(go_on)
    return section

def _last_deal(obs: Observation) -> dict[str, Any]:
    """The deal the game ended in, as ``last_deal`` tells an earlier one: what each seat took since it was dealt."""
    start = obs["deal_start"]
    return {"deal": obs["deal"],
            "cards": [now - then for now, then in zip(obs["taken"], start["taken"])],
            "chars": [claimed[k:] for claimed, k in zip(obs["claimed"], start["claims"])]}

def _goal(obs: Observation) -> Any:
    goal = obs.get("goal")
    if not goal:
        return None
    mine = set(obs["claimed"][obs["seat"]])
    chars = goal["characters"]
    matches = sum(1 for c in chars if c in mine)
    box = node("section", {"class": "dieci-goal", "data-testid": "goal", "data-goal": str(goal["index"]),
                        "data-matches": str(matches), "aria-label": t("dieci.goal.private")})
    box.append(node("h2", {}, t("dieci.goal.short", name=goal_name(goal["index"]))))
    row = node("div", {"class": "chips"})
    for char in chars:
        row.append(chip(char, **{"data-goal-char": char, "data-have": "true" if char in mine else "false",
                                 "class": f"chip suit-{char[0]}" + (" have" if char in mine else "")}))
    box.append(row)
    box.append(node("p", {"class": "progress", "data-testid": "goal-progress"},
                    tn("dieci.goal.progress", GOAL_POINTS[matches], matches=matches, points=GOAL_POINTS[matches])))
    return tree(box)

def _claimed(ui: SeatNames, obs: Observation, viewer: int) -> list[Any]:
    """Every seat's claimed characters and their points, behind a button (phones show only counts)."""
    rows = node("ul", {"class": "claimed-list"})
    for seat in range(obs["players"]):
        claimed = sorted(obs["claimed"][seat], key=_char_key)
        name = t("dieci.you", name=ui.name(seat)) if seat == viewer else ui.name(seat)
        rows.append(node("li", {"data-seat": str(seat)},
                      node("span", {"class": "who"}, t("dieci.claimed.line", name=name,
                                                    points=obs["scores"][seat]["characters"])),
                      node("span", {"class": "chips"}, *[chip(c) for c in claimed])))
    return sheet("claimed", t("dieci.claimed.title"), tree(rows), label=t("dieci.claimed.button"))

def _end(ui: SeatNames, obs: Observation, viewer: int, log_button: Any) -> Any:
    winners = obs["winners"]
    scores = obs["scores"]
    box = h("section", {"class": "dieci-end panel", "data-testid": "dieci-end",
                        "data-winners": ",".join(str(w) for w in winners)})
    box.append(h("h2", {}, t("dieci.end.title")))
    box.append(h("p", {"class": "winners"}, t("dieci.end.winners", names=ui.names_of(winners))))
    totals = [s["total"] for s in scores]
    tied = [s for s in range(obs["players"]) if totals[s] == max(totals)]
    if len(winners) > 1:
        box.append(h("p", {"data-testid": "tiebreak"}, t("dieci.end.shared")))
    elif len(tied) > 1:
        box.append(h("p", {"data-testid": "tiebreak"}, t("dieci.end.tiebreak")))
    order = sorted(range(obs["players"]), key=lambda s: (-totals[s], -scores[s]["matches"], s))
    box.append(tree(_breakdown(ui, obs, viewer, order, detail=False)))
    box.append(h("div", {"class": "band"},
                 sheet("end-detail", t("dieci.end.detail"), tree(_breakdown(ui, obs, viewer, order, detail=True))),
                 log_button))
    return box

def _breakdown(ui: SeatNames, obs: Observation, viewer: int, order: list[int], *, detail: bool) -> Any:
    """The final scores per seat; with ``detail`` also each goal card and each suit's character points."""
    scores = obs["scores"]
    table = node("table", {"class": "breakdown"})
    table.append(node("thead", {}, node("tr", {}, *[node("th", {"scope": "col"}, t(k)) for k in
                                              ("dieci.end.player", "dieci.end.cards", "dieci.end.goal",
                                               "dieci.end.chars", "dieci.end.total")])))
    body = node("tbody", {})
    for seat in order:
        part = scores[seat]
        goal = obs["goals"][seat]
        hooks = {} if detail else {
            "data-testid": f"score-{seat}", "data-seat": str(seat), "data-total": str(part["total"]),
            "data-cards": str(part["cards"]), "data-goal": str(part["goal"]),
            "data-characters": str(part["characters"])}
        body.append(node("tr", {**hooks, "class": "won" if seat in obs["winners"] else ""},
                      node("th", {"scope": "row"}, t("dieci.you", name=ui.name(seat)) if seat == viewer else ui.name(seat)),
                      node("td", {}, str(part["cards"])),
                      node("td", {}, node("span", {"class": "num"}, str(part["goal"])),
                        node("small", {}, t("dieci.end.goal_detail", goal=goal_name(goal), matches=part["matches"]))
                        if detail else None),
                      node("td", {}, node("span", {"class": "num"}, str(part["characters"])),
                        node("small", {}, *[node("span", {"class": "suitpart"}, part)
                                         for part in _suit_breakdown(obs["claimed"][seat])]) if detail else None),
                      node("td", {"class": "total"}, str(part["total"]))))
    table.append(body)
    return node("div", {"class": "breakdown-wrap"}, table)

def _trick_on_table(obs: Observation) -> tuple[int, tuple[str, ...]] | None:
    """The won trick on the table as (taker, cards): while its taker claims, then until the next lead."""
    trick = obs["trick"]
    if trick:
        winner = obs["trick_winner"]
        return None if winner is None else (winner, tuple(play["card"] for play in trick))
    last = obs.get("last_trick")
    return (last["winner"], tuple(last["cards"])) if last else None


def _char_key(char: str) -> tuple[int, int]:
    return "RYGBP".index(char[0]), int(char[1:])


def _leading_index(trick: list[dict[str, Any]], trump: str) -> int:
    return trick_winner([p["card"] for p in trick], trump)


def _suit_breakdown(claimed: list[str]) -> list[str]:
    """Per suit held: ``+lowest −other …`` (e.g. ``▲ +3 −8``)."""
    parts = []
    for suit in "RYGBP":
        values = sorted(int(c[1:]) for c in claimed if c[0] == suit)
        if values:
            parts.append(SUIT_SYMBOLS[suit] + " +" + str(values[0]) + "".join(f" \u2212{v}" for v in values[1:]))
    return parts


UI = DieciUI()
"""The Dieci table for :class:`pyapp.ui.table.table.Table`."""

render = route(UI)
"""The router view for ``#/dieci``."""


def register() -> None:
    """Plug the Dieci screen into the router (``#/dieci``)."""
    from pyapp.ui.shell import router  # noqa: PLC0415

    router.register("dieci", render)


__all__ = ["UI", "DieciUI", "register", "render"]
