"""The worker's mirror of the page (pyapp/ui/mirror.py): what it answers, and the ops it sends the page.

The page's side (web/worker_page.js) applies each op literally; these tests pin that every change a
screen makes becomes an op in order, that reads are answered from the mirror alone, and that nodes the
worker drops are freed on the page and only those.
"""

from __future__ import annotations

import gc

import pytest

from pyapp.ui.mirror import Builder, Document, Ops, SelectorError, compile_selector

SNAPSHOT = {
    "html": {"lang": "ko", "data-theme": "dark"},
    "title": "Dyad",
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


def test_a_drawing_is_one_op_per_node_in_the_order_the_page_can_apply_it(doc: Document) -> None:
    build = Builder(doc)
    stage = build.tree(["div", {"class": "demo-stage", "data-x": 2.0, "hidden": True}, "a", ["b", {}, "c"]])
    host = build.element("div", 2, "class", "demo-host", "style", "--w: 3px", "caption", stage)
    doc.getElementById("embed").replaceChildren(host)
    gc.collect()
    ops = doc.ops.take()
    ops[-1][1].sort()  # nodes are forgotten in the order Python drops them: which, not when, matters
    assert ops == [
        ["e", 8, "div", "", ["class", "demo-stage", "data-x", "2", "hidden", ""]],  # 2.0 as JavaScript writes it
        ["t", 9, "a"], ["e", 10, "b", "", []], ["t", 11, "c"], ["a", 10, [11]], ["a", 8, [9, 10]],
        ["e", 12, "div", "", ["class", "demo-host", "style", "--w: 3px"]], ["t", 13, "caption"], ["a", 12, [13, 8]],
        ["r", 2, [12]],
        ["f", [3, 4, 5, 6, 7]],  # the figure and its buttons: gone from the tree and from Python
    ]
    assert host.children == [stage] and host.textContent == "captionac"


def test_the_ops_of_a_tree_follow_its_nodes(doc: Document) -> None:
    stage = Builder(doc).tree(["p", {"class": "x"}, "one", ["b", {}, "two"]])
    ops = doc.ops.take()
    made = {op[1]: op for op in ops if op[0] in ("e", "t")}
    assert made[stage.id_] == ["e", stage.id_, "p", "", ["class", "x"]]
    text, bold = stage.childNodes
    assert made[text.id_] == ["t", text.id_, "one"] and made[bold.id_][2] == "b"
    assert ["a", stage.id_, [text.id_, bold.id_]] in ops
    assert ops.index(made[bold.id_]) < ops.index(["a", stage.id_, [text.id_, bold.id_]])


def test_each_change_is_one_op_and_a_change_to_the_same_value_none(doc: Document) -> None:
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
        ["s", 3, "data-step", "3"], ["s", 6, "disabled", None], ["s", 4, "class", "pressed"], ["s", 4, "class", ""],
        ["s", 4, "aria-label", "Back"], ["s", 4, "aria-label", None], ["d", "New"],
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
    assert ops[-2:-1] == [["r", 4, [ops[-3][1]]]] and ops[-3][2] == "Go back"
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


def test_only_nodes_out_of_the_tree_and_out_of_python_are_freed(doc: Document) -> None:
    build = Builder(doc)
    kept = build.element("p", 0, "kept")
    doc.getElementById("embed").replaceChildren(build.element("div", 0, kept))
    gc.collect()
    doc.ops.take()
    held = doc.getElementById("embed").children[0]
    doc.getElementById("embed").replaceChildren()
    gc.collect()
    assert doc.ops.take() == [["r", 2, []]]  # held by Python: the page keeps it too
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
