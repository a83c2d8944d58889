"""The worker's mirror of the page (pyapp/ui/worker/mirror.py): what it answers, and the ops it sends the page.

The page's side (web/worker_page.js) applies each op literally; these tests pin that every change a
screen makes becomes an op in order, that reads are answered from the mirror alone, and that nodes the
worker drops are freed on the page and only those.
"""

from __future__ import annotations

import gc

import pytest

from pyapp.ui.worker.mirror import SEEN_EVERY, Builder, Document, Ops, SelectorError, compile_selector

SNAPSHOT = {
    "html": {"lang": "ko", "data-theme": "dark"},
    "head": [90, "head", {}, [91, "title", {}, [92, "Dyad"]]],  # ids apart from the body's (a test makes fewer than 80 nodes)
    "body": [1, "body", {"class": "embed-page"},
             [2, "main", {"id": "embed", "class": "embed"},
              [3, "figure", {"class": "demo", "data-step": "2"},
               [4, "button", {"data-action": "back"}, [5, "Back"]],
               [6, "button", {"data-action": "next", "disabled": ""}, [7, "Next"]]]]],
    "active": 6,
    "next": 8,
}


@pytest.fixture()
def doc() -> Document:
    document = Document(Ops())
    document.adopt(SNAPSHOT)
    return document


def test_the_page_as_adopted_answers_every_read_without_an_op(doc: Document) -> None:
    assert doc.documentElement.getAttribute("lang") == "ko"
    assert doc.title == "Dyad"
    figure = doc.getElementById("embed").querySelector("figure.demo")
    assert figure.getAttribute("data-step") == "2" and figure.dataset.step == "2"
    assert doc.activeElement.dataset.action == "next"
    assert doc.querySelector("[data-action=next]").disabled is True
    assert doc.querySelector("[data-action=back]").disabled is False
    assert figure.textContent == "BackNext"
    assert doc.ops.take() == []
    assert doc.ops.next_id == 8  # new nodes never take an id the page gave


def test_a_drawing_goes_to_the_page_when_attached_one_op_per_node_in_an_order_it_can_apply(doc: Document) -> None:
    build = Builder(doc)
    stage = build.tree(["div", {"class": "demo-stage", "data-x": 2.0, "hidden": True}, "a", ["b", {}, "c"]])
    host = build.element("div", 2, "class", "demo-host", "style", "--w: 3px", "caption", stage)
    assert doc.ops.take() == []  # nothing the page has yet
    doc.getElementById("embed").replaceChildren(host)
    gc.collect()
    ops = doc.ops.take()
    ops[-1][1].sort()  # nodes are forgotten in the order Python drops them: which, not when, matters
    assert ops == [
        ["e", 12, "div", "", ["class", "demo-host", "style", "--w: 3px"]], ["t", 13, "caption"],
        ["e", 8, "div", "", ["class", "demo-stage", "data-x", "2", "hidden", ""]],  # 2.0 as JavaScript writes it
        ["t", 9, "a"], ["e", 10, "b", "", []], ["t", 11, "c"], ["a", 10, [11]], ["a", 8, [9, 10]],
        ["a", 12, [13, 8]],
        ["w", 3, [12]],  # a div is no figure: it takes the figure's place
        ["f", [3, 4, 5, 6, 7]],  # the figure and its buttons: gone from the tree and from Python
    ]
    assert host.children == [stage] and host.textContent == "captionac"


def test_the_ops_of_a_tree_follow_its_nodes(doc: Document) -> None:
    stage = Builder(doc).tree(["p", {"class": "x"}, "one", ["b", {}, "two"]])
    doc.body.append(stage)
    ops = doc.ops.take()
    assert ops[-1] == ["a", 1, [stage.id_]]
    made = {op[1]: op for op in ops if op[0] in ("e", "t")}
    assert made[stage.id_] == ["e", stage.id_, "p", "", ["class", "x"]]
    text, bold = stage.childNodes
    assert made[text.id_] == ["t", text.id_, "one"] and made[bold.id_][2] == "b"
    assert ["a", stage.id_, [text.id_, bold.id_]] in ops
    assert ops.index(made[bold.id_]) < ops.index(["a", stage.id_, [text.id_, bold.id_]])


def test_each_change_is_one_op_as_the_dom_records_it_a_set_to_the_same_value_too(doc: Document) -> None:
    """A set is recorded on the page even when the value is the same (a MutationObserver sees it there, as
    when the script ran on the page); removing an attribute that is not there is nothing."""
    figure = doc.querySelector("figure")
    back, forward = figure.children
    doc.ops.take()
    figure.dataset.step = 3
    figure.dataset.step = 3
    forward.disabled = False
    back.classList.add("pressed", "pressed")
    back.classList.remove("pressed")
    back.setAttribute("aria-label", "Back")
    back.removeAttribute("aria-label")
    back.removeAttribute("aria-label")
    doc.title = "Dyad"
    doc.title = "New"
    assert doc.ops.take() == [
        ["s", 3, "data-step", "3"], ["s", 3, "data-step", "3"], ["s", 6, "disabled", None], ["s", 4, "class", "pressed"],
        ["s", 4, "class", ""],
        ["s", 4, "aria-label", "Back"], ["s", 4, "aria-label", None], ["m", 92, 8], ["n", 8, "New"],
    ]
    assert forward.disabled is False and figure.dataset.step == "3" and doc.title == "New"


def test_moving_replacing_and_text_follow_the_dom(doc: Document) -> None:
    figure = doc.querySelector("figure")
    back, forward = figure.children
    doc.ops.take()
    figure.append(back)  # a node appended where it is moves to the end
    assert [b.dataset.action for b in figure.children] == ["next", "back"]
    forward.replaceWith("x", back)
    assert [getattr(n, "data", None) or n.dataset.action for n in figure.childNodes] == ["x", "back"]
    assert forward.parentNode is None
    back.textContent = "Go back"
    assert back.textContent == "Go back"
    ops = doc.ops.take()
    assert ops[0] == ["a", 3, [4]] and ops[2][0] == "w" and ops[2][1] == 6
    text = back.childNodes[0]
    assert ops[-2:] == [["m", 5, text.id_], ["n", text.id_, "Go back"]]  # the page's text node, changed
    with pytest.raises(ValueError):
        back.append(figure)  # a node cannot go inside itself, as on the page


def test_values_focus_and_dialogs_are_the_mirror_s_until_the_page_says_otherwise(doc: Document) -> None:
    build = Builder(doc)
    field = build.element("textarea", 1, "rows", "3")
    dialog = build.element("dialog", 0)
    doc.body.append(field, dialog)
    doc.ops.take()
    field.value = "code"
    field.focus()
    dialog.showModal()
    assert field.value == "code" and doc.activeElement is field and dialog.open is True
    field.reported("typed", None)  # the page's input event: no op back
    assert field.value == "typed"
    dialog.close()
    assert dialog.open is False
    assert doc.ops.take() == [["p", field.id_, "value", "code"], ["c", field.id_, "focus"],
                              ["c", dialog.id_, "showModal"],  # no open attribute first: showModal refuses an open one
                              ["c", dialog.id_, "close"]]
    field.remove()
    assert doc.activeElement is doc.body  # a removed element has no focus


@pytest.mark.parametrize(("selector", "expected"), [
    ("button", ["back", "next"]),
    ("main button[data-action=next]", ["next"]),
    ("figure > button", ["back", "next"]),
    ("main > button", []),
    ('[data-action="back"], [disabled]', ["back", "next"]),
    ("button:not([disabled])", ["back"]),
    ("[data-action^=ne]", ["next"]),
    ("#embed .demo button[data-action$=ck]", ["back"]),
    (".embed-page figure.demo > *", ["back", "next"]),
    ("section button", []),
    ('figure>[data-action="back"], figure [data-action="no such > thing, here"]', ["back"]),  # quoted: no combinator
])
def test_selectors(doc: Document, selector: str, expected: list[str]) -> None:
    assert [element.dataset.action for element in doc.querySelectorAll(selector)] == expected


def test_a_selector_the_mirror_cannot_read_is_an_error_not_a_wrong_answer(doc: Document) -> None:
    for selector in ("button:hover", "a ~ b", "", "> a"):
        with pytest.raises(SelectorError):
            compile_selector(selector)
    assert doc.querySelector("button").closest("main.embed").getAttribute("id") == "embed"


def test_events_reach_the_listeners_of_the_element_the_page_named_with_the_innermost_known_target(doc: Document) -> None:
    figure = doc.querySelector("figure")
    heard: list[tuple[str, str, str | None]] = []
    handler = lambda event: heard.append((event.currentTarget.tag, event.target.dataset.action, event.key))  # noqa: E731
    figure.addEventListener("click", handler)
    figure.addEventListener("click", handler)
    assert doc.ops.take() == [["l", 3, "click", None]]  # the page forwards a kind once
    doc.dispatch("click", 1, 3, [99, 4, 3], {"key": None})  # 99: a node the page made itself
    assert heard == [("figure", "back", None), ("figure", "back", None)]
    figure.removeEventListener("click", handler)
    doc.dispatch("click", 2, 3, [4, 3], {})
    assert len(heard) == 3


def test_a_stopped_event_reaches_no_further_element(doc: Document) -> None:
    figure, back = doc.querySelector("figure"), doc.querySelector("[data-action=back]")
    heard = []
    back.addEventListener("keydown", lambda event: (heard.append("button"), event.stopPropagation()))
    figure.addEventListener("keydown", lambda event: heard.append("figure"))
    doc.dispatch("keydown", 5, 4, [4, 3], {"key": "Enter"})
    doc.dispatch("keydown", 5, 3, [4, 3], {"key": "Enter"})  # the same event, bubbled to the figure
    doc.dispatch("keydown", 6, 3, [3], {"key": "Enter"})  # another one
    assert heard == ["button", "figure"]


def test_a_click_on_a_node_already_freed_is_dropped_with_a_note_never_silently(doc: Document, capsys) -> None:
    doc.dispatch("keydown", 7, 999, [999], {"key": "Enter"})
    assert capsys.readouterr().out == ""  # only a click is a person's intent worth a note
    assert doc.dispatch("click", 8, 999, [999], {}) is None
    assert "click on node 999 came after it was redrawn" in capsys.readouterr().out


def test_only_nodes_out_of_the_tree_and_out_of_python_are_freed(doc: Document) -> None:
    build = Builder(doc)
    kept = build.element("p", 0, "kept")
    doc.getElementById("embed").replaceChildren(build.element("div", 0, kept))
    gc.collect()
    doc.ops.take()
    held = doc.getElementById("embed").children[0]
    doc.getElementById("embed").replaceChildren()
    gc.collect()
    assert doc.ops.take() == [["x", held.id_]]  # held by Python: the page keeps it too
    ids = {held.id_, kept.id_, kept.childNodes[0].id_}
    del held, kept
    gc.collect()
    ops = doc.ops.take()
    assert ops[0][0] == "f" and set(ops[0][1]) == ids


def test_a_select_reads_its_chosen_option_until_the_page_reports_another(doc: Document) -> None:
    build = Builder(doc)
    count = build.element("select", 0, build.element("option", 1, "value", "2", "2 players"),
                          build.element("option", 2, "value", "3", "selected", "", "3 players"),
                          build.element("option", 0, "4"))
    assert count.value == "3"  # the selected option's; an option with no value is its text
    count.querySelector("[selected]").removeAttribute("selected")
    assert count.value == "2"  # none selected: the first
    count.reported("4", None)
    assert count.value == "4"


def test_the_head_is_adopted_before_the_body_and_the_page_says_whether_it_is_hidden() -> None:
    document = Document(Ops())
    head = [20, "head", {}, [21, "meta", {"name": "description", "content": "Three games"}]]
    document.adopt({**SNAPSHOT, "head": head, "hidden": True, "next": 22})
    meta = document.querySelector('meta[name="description"]')
    assert meta.getAttribute("content") == "Three games" and document.hidden is True
    assert [child.tag for child in document.documentElement.childNodes] == ["head", "body"]
    assert document.body.getAttribute("class") == "embed-page"
    meta.setAttribute("content", "Dyad")
    assert document.ops.take() == [["s", 21, "content", "Dyad"]]


def test_a_drop_s_files_reach_its_handler_as_the_dom_hands_them() -> None:
    document = Document(Ops())
    document.adopt(SNAPSHOT)
    figure = document.querySelector("figure")
    files = ["a file the page sent"]
    heard = []
    figure.addEventListener("drop", lambda event: heard.append((event.dataTransfer.files, event.target.files)))
    figure.addEventListener("click", lambda event: heard.append(event.dataTransfer))
    document.dispatch("drop", 1, 3, [3], {}, files)
    document.dispatch("click", 2, 3, [3], {})
    assert heard == [(files, files), None]


def test_checked_matches_what_is_ticked_now_not_the_attribute(doc: Document) -> None:
    build = Builder(doc)
    form = build.tree(["form", {}, ["input", {"type": "radio", "name": "m", "value": "a", "checked": True}],
                       ["input", {"type": "radio", "name": "m", "value": "b"}]])
    doc.body.append(form)
    assert [e.value for e in doc.querySelectorAll('input[name="m"]:checked')] == ["a"]
    doc.querySelector("input[value=b]").reported(None, True)  # the person ticked b
    doc.querySelector("input[value=a]").reported(None, False)
    assert [e.value for e in doc.querySelectorAll("input:checked")] == ["b"]


def test_a_capture_listener_is_forwarded_in_its_own_phase_and_may_stop_the_event_first(doc: Document) -> None:
    figure, back = doc.querySelector("figure"), doc.querySelector("[data-action=back]")
    heard = []
    figure.addEventListener("click", lambda event: (heard.append("figure, capturing"), event.stopPropagation()), True)
    figure.addEventListener("click", lambda event: heard.append("figure, bubbling"))
    back.addEventListener("click", lambda event: heard.append("button"))
    assert doc.ops.take() == [["l", 3, "click", None, True], ["l", 3, "click", None], ["l", 4, "click", None]]
    doc.dispatch("click", 7, 3, [4, 3], {}, capture=True)  # the page's capture forwarder runs first
    doc.dispatch("click", 7, 4, [4, 3], {})
    doc.dispatch("click", 7, 3, [4, 3], {})
    assert heard == ["figure, capturing"]


BOARD = ["div", {"class": "board"}, ["button", {"data-cell": "0,0", "class": "cell legal"}, "a"],
         ["button", {"data-cell": "0,1", "class": "cell legal"}, "b"], ["button", {"data-cell": "0,2", "class": "cell"}]]


def _drawn(doc: Document, tree: list) -> tuple:
    """``tree`` put in ``#embed``'s place of the figure, its ops taken."""
    board = Builder(doc).tree(tree)
    doc.getElementById("embed").replaceChildren(board)
    gc.collect()
    doc.ops.take()
    return board


def test_a_redraw_alike_takes_over_the_page_s_elements_changing_only_what_differs(doc: Document) -> None:
    old = _drawn(doc, BOARD)
    heard = []
    new = Builder(doc).tree(["div", {"class": "board"}, ["button", {"data-cell": "0,0", "class": "cell"}, "a"],
                             ["button", {"data-cell": "0,1", "class": "cell"}, "b", ["i", {}, "piece"]],
                             ["button", {"data-cell": "0,2", "class": "cell"}]])
    new.addEventListener("click", lambda event: heard.append(event.target.dataset.cell))
    a, b, c = old.children
    doc.getElementById("embed").replaceChildren(new)
    ops = [op for op in doc.ops.take() if op[0] != "f"]
    na, nb, nc = new.children
    piece = nb.childNodes[1]
    assert ["m", old.id_, new.id_] in ops and ["m", a.id_, na.id_] in ops and ["m", c.id_, nc.id_] in ops
    changed = [op for op in ops if op[0] not in ("m", "e", "t")]
    assert changed == [["l", new.id_, "click", None], ["s", na.id_, "class", "cell"], ["s", nb.id_, "class", "cell"],
                       ["a", piece.id_, [piece.childNodes[0].id_]], ["a", nb.id_, [piece.id_]]]
    assert [op[0] for op in ops if op[0] in ("e", "t")] == ["e", "t"]  # only the piece is new
    doc.dispatch("click", 1, old.id_, [b.id_, old.id_], {})  # sent by the page before it heard of the redraw
    assert heard == ["0,1"]  # the new drawing's listener, as a tap after the redraw would be


def test_what_shows_another_card_or_holds_the_page_s_state_is_a_new_element(doc: Document) -> None:
    _drawn(doc, ["div", {}, ["span", {"data-card": "7S"}], ["input", {"type": "text"}], ["span", {}, "x"]])
    old_card, old_field, _ = doc.getElementById("embed").children[0].children
    new = Builder(doc).tree(["div", {}, ["span", {"data-card": "8H"}], ["input", {"type": "text"}], ["p", {}, "x"]])
    doc.getElementById("embed").replaceChildren(new)
    card, field, para = new.children
    ops = doc.ops.take()
    assert ["w", old_card.id_, [card.id_]] in ops and ["w", old_field.id_, [field.id_]] in ops
    assert any(op[0] == "w" and op[2] == [para.id_] for op in ops)


def test_children_past_the_old_ones_are_appended_and_old_ones_past_the_new_removed(doc: Document) -> None:
    old = _drawn(doc, BOARD)
    _, _, last = old.children
    shorter = Builder(doc).tree(["div", {"class": "board"}, *BOARD[2:4]])
    doc.getElementById("embed").replaceChildren(shorter)
    assert [op for op in doc.ops.take() if op[0] in ("x", "a", "r", "w")] == [["x", last.id_]]
    longer = Builder(doc).tree(BOARD)
    doc.getElementById("embed").replaceChildren(longer)
    assert [op for op in doc.ops.take() if op[0] in ("x", "a", "r", "w")][-1] == ["a", longer.id_, [longer.children[2].id_]]


def test_a_node_the_page_has_moved_into_a_drawing_is_placed_not_drawn_over(doc: Document) -> None:
    figure = doc.querySelector("figure")
    back = figure.children[0]
    wrapper = Builder(doc).tree(["figure", {"class": "demo"}, ["p", {}, "kept:"]])
    wrapper.append(back)  # out of the page's tree, as the DOM would take it, until the wrapper is attached
    assert doc.ops.take() == [["x", back.id_]]
    doc.getElementById("embed").replaceChildren(wrapper)
    ops = doc.ops.take()
    assert ops[0] == ["m", figure.id_, wrapper.id_]  # the figure is drawn over...
    assert ops[-1] == ["r", wrapper.id_, [wrapper.children[0].id_, back.id_]]  # ...and the button put in, as it is
    assert not any(op[0] == "m" and back.id_ in op for op in ops)


def test_a_click_on_an_element_the_page_has_not_got_builds_it_first(doc: Document) -> None:
    link = Builder(doc).element("a", 2, "href", "blob:x", "download", "game.json")
    link.click()
    assert doc.ops.take() == [["e", link.id_, "a", "", ["href", "blob:x", "download", "game.json"]],
                              ["c", link.id_, "click"]]


def test_an_event_on_a_drawing_redrawn_twice_since_reaches_the_element_drawn_there_now(doc: Document) -> None:
    """Issue 47: the page named the Log's button of a drawing the worker had drawn over twice since; the
    event reached the middle drawing, whose dialog was no longer on the page, and nothing opened."""
    build = Builder(doc)
    main = doc.getElementById("embed")
    opened = []

    def draw() -> int:
        dialog = build.tree(["dialog", {"data-testid": "log"}])
        button = build.tree(["button", {"data-testid": "log-open"}, "Log"])
        button.addEventListener("click", lambda event: (dialog.showModal(), opened.append(main.contains(dialog))))
        table = build.tree(["div", {"class": "table"}])
        table.append(button, dialog)
        main.replaceChildren(table)
        return button.id_

    first = draw()
    doc.ops.take()
    doc.ops.batch = 1  # the page has that drawing...
    draw()
    doc.ops.batch = 2
    now = draw()  # ...and the worker drew twice more before hearing of the tap on it
    doc.ops.take()
    gc.collect()
    assert doc.node(first) is doc.node(now)
    doc.dispatch("click", 1, first, [first], {"drawing": 1})
    assert opened == [True]
    doc.seen(3)  # the page applied the batches that renamed the button: no message names the old ids
    assert doc.renamed == {} and doc.node(first) is None


def test_the_page_reports_applying_the_batches_asked_for_and_now_and_then_another(doc: Document) -> None:
    heard = []
    drawing = doc.when_painted(heard.append)
    assert drawing == doc.ops.batch + 1 and doc.asks(drawing) and not doc.asks(drawing + 1)
    assert doc.asks(SEEN_EVERY) and doc.asks(2 * SEEN_EVERY)  # so renames never pile up without taps
    doc.painted(drawing, 1234.5)
    assert heard == [1234.5] and not doc.asks(drawing)


def test_an_event_tells_its_handlers_the_page_s_time_and_drawing_while_they_run(doc: Document) -> None:
    seen = []
    button = doc.getElementById("embed").querySelector("button")
    button.addEventListener("click", lambda event: seen.append((doc.event is event, event.timeStamp, event.drawing)))
    doc.dispatch("click", 1, button.id_, [button.id_], {"timeStamp": 812.25, "drawing": 4})
    assert seen == [(True, 812.25, 4)] and doc.event is None
