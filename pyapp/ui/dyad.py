"""Dyad's table: the hand, the trick, prompts for Cipher, the Teams pass and retrieval.

Drawn from ``observation(viewer)`` and the legal actions only, so another
seat's hidden cards never reach the page.  Test hooks are listed in
``e2e/README.md`` (Dyad section).
"""

from __future__ import annotations

from typing import Any

from pyapp.games.dyad.rules import SUIT_SYMBOLS
from pyapp.games.dyad.state import parse_move
from pyapp.games.dyad.view import follow_hint, selection_status, trick_leader_value
from pyapp.i18n import t, tn
from pyapp.ui.dom import h, on
from pyapp.ui.table import Option, SeatNames, TableContext, route


def _card_label(text: str) -> str:
    return t("dyad.card", rank=text[0], suit=t(f"dyad.suit.{text[1]}"))


def _face(text: str) -> list[Any]:
    return [h("span", {"class": "rank"}, text[0]),
            # the suit is drawn by CSS from data-glyph, so a card button's name ("7 of hearts")
            # contains all of its visible text (label in name, for speech input)
            h("span", {"class": "suit", "aria-hidden": "true", "data-glyph": SUIT_SYMBOLS[text[1]] + text[1]})]


def mini(text: str) -> Any:
    """A small card face for tricks and the score sheet."""
    return h("span", {"class": f"mini suit-{text[1]}", "data-played": text, "role": "img",
                      "aria-label": _card_label(text)}, *_face(text))


def _pair_text(cards: list[str]) -> str:
    return "+".join(cards)


def _pair_spoken(cards: list[str]) -> str:
    """``7 of hearts and 2 of spades``: a pair as a screen reader should say it."""
    return t("dyad.and", first=_card_label(cards[0]), second=_card_label(cards[1])) if len(cards) == 2 else \
        ", ".join(_card_label(c) for c in cards)


class DyadUI(SeatNames):
    game = "dyad"
    hidden_hands = True
    options = (
        Option("cipher", "dyad.option.cipher"),
        Option("twos", "dyad.option.twos"),
        Option("teams", "dyad.option.teams", players=(4,)),
    )
    AND_KEY = "dyad.and"

    # -- the table ------------------------------------------------------------------

    def render(self, ctx: TableContext) -> Any:
        self.names = [seat.name for seat in ctx.seats]
        obs = ctx.observation
        root = h("div", {"class": "dyad", "data-testid": "dyad-table", "data-phase": obs["phase"],
                         "data-round": str(obs["round"]), "data-viewer": str(ctx.viewer)})
        root.append(self._players(obs, ctx.viewer))
        if obs["phase"] == "over":
            root.append(self._end(obs))
        else:
            root.append(self._trick(obs))
            root.append(self._previous(obs))
            root.append(self._prompt_and_hand(obs, ctx))
        root.append(self._sheet(obs))
        return root

    def _players(self, obs: dict[str, Any], viewer: int) -> Any:
        box = h("section", {"class": "dyad-players", "data-testid": "players"})
        head = h("p", {"class": "dyad-round"},
                 h("span", {}, t("dyad.round", round=obs["round"], trick=obs["trick_number"],
                                 tricks=obs["tricks_per_round"])),
                 h("span", {"class": "dyad-target"}, t("dyad.target", target=obs["target"])))
        box.append(head)
        row = h("ul", {"class": "dyad-seats"})
        for seat in range(obs["players"]):
            name = self.name(seat)
            if seat == viewer:
                name = t("dyad.you", name=name)
            elif obs.get("partner") == seat:
                name = t("dyad.partner", name=name)
            badges = []
            if obs["dealer"] == seat:
                badges.append(h("span", {"class": "badge"}, t("dyad.dealer")))
            if obs["ciphers"][seat]:
                badges.append(h("span", {"class": "badge cipher", "data-testid": f"cipher-badge-{seat}"},
                                t("dyad.ciphering")))
            row.append(h("li", {"class": "dyad-seat" + (" to-act" if obs["to_act"] == seat else ""),
                                "data-testid": f"player-{seat}", "data-seat": str(seat),
                                "data-total": str(obs["totals"][seat])},
                         h("span", {"class": "seat-name"}, name),
                         h("span", {"class": "seat-total"}, t("dyad.total", total=obs["totals"][seat])),
                         h("span", {"class": "seat-cards"}, tn("dyad.cards_held", obs["hand_counts"][seat],
                                                                 count=obs["hand_counts"][seat])),
                         *badges))
        box.append(row)
        if obs["options"].get("teams"):
            a, b = obs["team_totals"]
            box.append(h("p", {"class": "dyad-teams", "data-testid": "team-totals"},
                         t("dyad.team_totals", a=self.names_of([0, 2]), score_a=a,
                           b=self.names_of([1, 3]), score_b=b)))
        return box

    def _play_row(self, play: dict[str, Any], mark: str | None) -> Any:
        attrs = {"class": "dyad-play" + (f" {mark}" if mark else ""), "data-seat": str(play["seat"]),
                 "data-value": str(play["value"]), "data-pair": _pair_text(play["pair"])}
        if mark:
            attrs["data-winning"] = "true"
        row = h("li", attrs, h("span", {"class": "play-name"}, self.name(play["seat"])),
                h("span", {"class": "play-cards"}, *[mini(c) for c in play["pair"]]),
                h("span", {"class": "play-value"}, t("dyad.play.value", value=play["value"])))
        if mark:
            row.append(h("span", {"class": "play-mark"}, t("dyad.play.took" if mark == "won" else "dyad.play.taking")))
        return row

    def _trick(self, obs: dict[str, Any]) -> Any:
        box = h("section", {"class": "dyad-trick", "data-testid": "trick", "aria-label": t("dyad.trick.title")})
        box.append(h("h2", {}, t("dyad.trick.title")))
        trick = obs["trick"]
        if not trick:
            box.append(h("p", {"class": "muted"}, t("dyad.trick.empty")))
            return box
        lead = trick[0]["pair"]
        if obs["lead_matched"]:
            suit = lead[0][1]
            box.append(h("p", {"class": "lead-kind"}, t("dyad.trick.matched", suit=SUIT_SYMBOLS[suit] + suit)))
        else:
            box.append(h("p", {"class": "lead-kind"}, t("dyad.trick.unmatched")))
        best = trick_leader_value(obs)
        done = len(trick) == obs["players"]
        rows = h("ol", {"class": "dyad-plays"})
        for index, play in enumerate(trick):
            mark = None
            if best is not None and best[0] == index:
                mark = "won" if done else "leading"
            rows.append(self._play_row(play, mark))
        box.append(rows)
        return box

    def _previous(self, obs: dict[str, Any]) -> Any:
        last = obs.get("last_trick")
        box = h("section", {"class": "dyad-last", "data-testid": "last-trick"})
        if not last:
            return box
        box.append(h("h3", {}, t("dyad.last.title")))
        rows = h("ol", {"class": "dyad-plays"})
        for play in last["plays"]:
            rows.append(self._play_row(play, "won" if play["seat"] == last["winner"] else None))
        box.append(rows)
        box.append(h("p", {"class": "last-result", "data-testid": "last-result", "data-retrieved": last["retrieved"]},
                     t("dyad.last.result", winner=self.name(last["winner"]), card=last["retrieved"],
                       source=self.name(last["from"]))))
        if not obs["tricks"] and not obs["trick"] and obs["sheet"] and obs["sheet"][-1]["round"] == last["round"]:
            entry = obs["sheet"][-1]
            summary = h("div", {"class": "dyad-roundend", "data-testid": "round-end"},
                        h("h3", {}, t("dyad.roundend.title", round=entry["round"])))
            for seat, score in enumerate(entry["scores"]):
                hand = ", ".join(entry["hands"][seat]) or t("dyad.roundend.empty_hand")
                summary.append(h("p", {}, t("dyad.roundend.line", name=self.name(seat), score=score, hand=hand)))
            box.append(summary)
        return box

    # -- acting ---------------------------------------------------------------------

    def _prompt_and_hand(self, obs: dict[str, Any], ctx: TableContext) -> Any:
        wrap = h("section", {"class": "dyad-me"})
        prompt = h("div", {"class": "dyad-prompt", "data-testid": "prompt", "aria-live": "polite"})
        hand_box = h("div", {"class": "dyad-hand", "data-testid": "hand", "role": "group",
                             "aria-label": t("dyad.hand.title")})
        wrap.append(prompt, h("h3", {"class": "dyad-hand-title"}, t("dyad.hand.title")), hand_box)
        legal = ctx.legal
        phase = obs["phase"]
        selectable = bool(legal) and phase in ("play", "pass")
        selected: list[str] = []
        buttons: dict[str, Any] = {}
        status_line = h("p", {"class": "dyad-status", "data-testid": "pair-status"})
        problem_line = h("p", {"class": "dyad-problem", "data-testid": "pair-problem"})
        submit = h("button", {"class": "primary", "data-testid": "submit-pair" if phase == "play" else "submit-pass",
                              "disabled": True},
                   t("dyad.submit.play" if phase == "play" else "dyad.submit.pass"))

        def refresh() -> None:
            for text, button in buttons.items():
                on_now = text in selected
                button.setAttribute("aria-pressed", "true" if on_now else "false")
            status = selection_status(obs, selected)
            problem = status["problem"]
            if status["value"] is not None:
                status_line.textContent = t("dyad.preview", value=status["value"])
            elif problem == "dyad.pick_two":
                status_line.textContent = t(problem, **status["params"])
            else:
                status_line.textContent = ""
            problem_line.textContent = t(problem, **status["params"]) if problem and problem != "dyad.pick_two" else ""
            status_line.setAttribute("data-value", "" if status["value"] is None else str(status["value"]))
            status_line.setAttribute("data-ready", "true" if status["ready"] else "false")
            submit.disabled = not status["ready"]

        def toggle(text: str) -> None:
            if text in selected:
                selected.remove(text)
            else:
                if len(selected) == 2:
                    selected.pop(0)
                selected.append(text)
            refresh()

        def send(event: Any) -> None:
            if not selection_status(obs, selected)["ready"]:
                return
            pair = "+".join(selected)
            action = parse_move(("pass " if phase == "pass" else "") + pair)
            if action in legal:
                ctx.act(action)

        for index, text in enumerate(obs["hand"]):
            button = h("button", {"class": f"card suit-{text[1]}", "data-card": text, "aria-pressed": "false",
                                  "aria-label": _card_label(text), "disabled": not selectable, "type": "button",
                                  # where the frame puts the focus when this person's turn starts
                                  "data-autofocus": selectable and index == 0},
                       *_face(text))
            if selectable:
                on(button, "click", lambda event, text=text: toggle(text))
            buttons[text] = button
            hand_box.append(button)

        if not legal:
            if obs["to_act"] >= 0:
                prompt.append(h("p", {"class": "muted"}, t("dyad.wait", name=self.name(obs["to_act"]))))
            if phase == "pass" and obs.get("my_pass"):
                prompt.append(h("p", {"data-testid": "pass-chosen"},
                                t("dyad.pass.chosen", cards=", ".join(obs["my_pass"]))))
        elif phase == "cipher":
            yes = h("button", {"class": "primary", "data-testid": "cipher-yes", "data-autofocus": True}, t("dyad.cipher.yes"))
            no = h("button", {"data-testid": "cipher-no"}, t("dyad.cipher.no"))
            on(yes, "click", lambda event: ctx.act(parse_move("cipher")))
            on(no, "click", lambda event: ctx.act(parse_move("no cipher")))
            prompt.append(h("p", {}, t("dyad.cipher.prompt")), h("div", {"class": "dyad-buttons"}, yes, no))
        elif phase == "take":
            prompt.append(h("p", {}, t("dyad.take.prompt")))
            row = h("div", {"class": "dyad-buttons dyad-take"})
            for index, action in enumerate(legal):
                card = str(action).split()[1]
                button = h("button", {"class": f"take suit-{card[1]}", "data-take": card, "data-testid": f"take-{card}",
                                      "data-autofocus": index == 0,
                                      "aria-label": t("dyad.take.button", card=_card_label(card))}, *_face(card))
                on(button, "click", lambda event, action=action: ctx.act(action))
                row.append(button)
            prompt.append(row)
        else:
            if phase == "pass":
                prompt.append(h("p", {}, t("dyad.pass.prompt", name=self.name(obs["partner"]))))
            else:
                hint = follow_hint(obs)
                if hint:
                    prompt.append(h("p", {"class": "dyad-hint", "data-testid": "follow-hint"}, t(hint[0], **hint[1])))
            clear_button = h("button", {"data-testid": "clear-selection", "type": "button"}, t("dyad.clear"))

            def clear_all(event: Any) -> None:
                selected.clear()
                refresh()

            on(clear_button, "click", clear_all)
            on(submit, "click", send)
            prompt.append(status_line, problem_line, h("div", {"class": "dyad-buttons"}, submit, clear_button))
            refresh()
        if obs.get("gave") and phase != "pass":
            prompt.append(h("p", {"class": "muted", "data-testid": "pass-done"},
                            t("dyad.pass.done", gave=", ".join(obs["gave"]), received=", ".join(obs["received"]))))
        return wrap

    # -- scores ---------------------------------------------------------------------

    def _sheet(self, obs: dict[str, Any]) -> Any:
        n = obs["players"]
        attrs = {"class": "dyad-sheet", "data-testid": "score-sheet"}
        if obs["phase"] == "over":
            attrs["open"] = True
        box = h("details", attrs, h("summary", {}, t("dyad.sheet.title")))
        table = h("table", {})
        table.append(h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, t("dyad.sheet.round")),
                                      *[h("th", {"scope": "col"}, self.name(s)) for s in range(n)])))
        body = h("tbody", {})
        for entry in obs["sheet"]:
            cells = []
            for seat in range(n):
                score = entry["scores"][seat]
                text = t("dyad.sheet.cipher_mark", score=score) if entry["ciphers"][seat] else str(score)
                cells.append(h("td", {"title": ", ".join(entry["hands"][seat])}, text))
            body.append(h("tr", {"data-round": str(entry["round"])}, h("th", {"scope": "row"}, str(entry["round"])), *cells))
        body.append(h("tr", {"class": "total"}, h("th", {"scope": "row"}, t("dyad.sheet.total")),
                      *[h("td", {}, str(obs["totals"][s])) for s in range(n)]))
        table.append(body)
        box.append(table)
        return box

    def _end(self, obs: dict[str, Any]) -> Any:
        winners = obs["winners"]
        box = h("section", {"class": "dyad-end panel", "data-testid": "dyad-end",
                            "data-winners": ",".join(str(w) for w in winners),
                            "data-tiebreak": obs.get("tiebreak") or ""})
        box.append(h("h2", {}, t("dyad.end.title", names=self.names_of(winners))))
        box.append(h("p", {"data-testid": "tiebreak"}, t(f"dyad.end.{obs.get('tiebreak') or 'score'}")))
        scores = obs["scores"]
        order = sorted(range(obs["players"]), key=lambda s: -scores[s])
        box.append(h("ol", {"class": "final"}, *[h("li", {}, t("dyad.end.final", name=self.name(s), total=scores[s]))
                                                  for s in order]))
        return box

    # -- screen readers -----------------------------------------------------------

    def announcements(self, before: dict[str, Any] | None, after: dict[str, Any]) -> list[str]:
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


UI = DyadUI()
"""The Dyad table for :class:`pyapp.ui.table.Table`."""


def register() -> None:
    """Plug the Dyad screen into the router (``#/dyad``)."""
    from pyapp.ui import router  # noqa: PLC0415  (imports the browser; only called in the page)

    router.register("dyad", route(UI))


__all__ = ["UI", "DyadUI", "mini", "register"]
