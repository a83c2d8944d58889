"""The session: turns, undo across computer moves, autosave and its failures."""

import inspect

import pytest

import pyapp.friends.host  # noqa: F401  (the sessions a table meets, imported so that they are subclasses here)
import pyapp.play.daily  # noqa: F401
import pyapp.play.lesson  # noqa: F401
from pyapp.engine import IllegalMoveError
from pyapp.engine.steps import finish
from pyapp.play import Seat, Session
from pyapp.friends.remote import RemoteSession
from pyapp.storage import MemoryBackend, SaveStore

PEOPLE = [Seat("Ada"), Seat("Bea")]
VS_COMPUTER = [Seat("Ada"), Seat("Bot", "normal")]


def _computer_plays(session):
    """A computer turn through the session's own API (Nim has no policies: a random move)."""
    finish(session.computer_turn())


def test_start_saves_and_marks_the_game_in_play():
    store = SaveStore(MemoryBackend())
    session = Session.start("nim", PEOPLE, seed=4, store=store, name="Tuesday")
    assert store.current() == session.record_id
    record, state = store.read(session.record_id)
    assert record["name"] == "Tuesday" and record["seats"][1] == {"name": "Bea", "kind": "person"}
    assert state.to_save() == session.state.to_save()


def test_every_action_autosaves_and_resume_continues():
    store = SaveStore(MemoryBackend())
    session = Session.start("nim", VS_COMPUTER, seed=4, store=store)
    session.play("take2")
    _computer_plays(session)
    again = Session.resume(store, session.record_id)
    assert again.state.to_save() == session.state.to_save()
    assert again.actors == [0, 1] and again.seats == VS_COMPUTER


def test_play_refuses_illegal_and_out_of_turn_moves():
    session = Session.start("nim", VS_COMPUTER, seed=4)
    with pytest.raises(IllegalMoveError):
        session.play("take7")
    session.play("take1")
    assert session.is_computer_turn()
    with pytest.raises(ValueError, match="not a person's turn"):
        session.play("take1")


def test_undo_goes_back_to_the_persons_previous_turn_past_computer_moves():
    session = Session.start("nim", VS_COMPUTER, seed=4)
    assert session.undo_steps() == 0
    session.play("take3")
    _computer_plays(session)
    before = session.state.to_save()
    session.play("take2")
    _computer_plays(session)
    assert session.undo_steps() == 2
    session.undo()
    assert session.state.to_save() == before and session.to_act() == 0


def test_undo_never_takes_back_another_persons_move():
    session = Session.start("nim", PEOPLE, seed=4)
    session.play("take1")
    session.play("take1")
    assert session.undo_steps() == 0
    with pytest.raises(ValueError):
        session.undo()


def test_undo_respects_the_engines_floor(monkeypatch):
    session = Session.start("nim", VS_COMPUTER, seed=4)
    session.play("take1")
    _computer_plays(session)
    monkeypatch.setattr(type(session.state), "undo_floor", lambda self, seat: 2)
    assert session.undo_steps() == 0


def test_viewer_follows_the_person_to_act():
    session = Session.start("nim", [Seat("Bot", "easy"), Seat("Ada")], seed=4)
    assert session.viewer() == 1
    hot_seat = Session.start("nim", PEOPLE, seed=4)
    assert hot_seat.viewer() == 0
    hot_seat.play("take1")
    assert hot_seat.viewer() == 1


def test_full_storage_keeps_play_going_and_says_why():
    store = SaveStore(MemoryBackend())
    session = Session.start("nim", VS_COMPUTER, seed=4, store=store, name="x" * 60)
    assert session.save_problem is None
    store.backend.quota = sum(len(k) + len(v) for k, v in store.backend.items.items()) + 20
    session.seats = [Seat("z" * 80), Seat("w" * 80, "normal")]
    session.play("take1")
    assert session.save_problem == "storage.full"
    assert len(session.state.history) == 1


def test_finished_game_clears_the_resume_slot():
    store = SaveStore(MemoryBackend())
    session = Session.start("nim", PEOPLE, seed=4, store=store, max_take=3)
    while not session.state.is_terminal():
        session.play(session.state.legal_actions()[-1])
    assert store.current() is None
    assert store.read(session.record_id)[0]["finished"] is True


def test_seat_kind_is_checked():
    with pytest.raises(ValueError, match="unknown seat kind"):
        Seat("x", "wizard")


def test_a_game_ending_without_room_keeps_its_result_and_statistics_until_there_is_room():
    from pyapp.storage.stats import STATS_KEY, load_stats

    backend = MemoryBackend()
    store = SaveStore(backend)
    session = Session.start("nim", PEOPLE, seed=4, store=store)
    while True:  # up to the last move
        action = session.state.legal_actions()[0]
        probe = session.state.clone()
        probe.apply_action(action)
        if probe.is_terminal():
            break
        session.play(action)
    backend.quota = sum(len(k) + len(v) for k, v in backend.items.items())  # storage is full
    session.play(action)
    assert session.state.is_terminal() and session.save_problem == "storage.pending"
    assert store.current() is None  # no stale Continue
    assert not store.read(session.record_id)[0]["finished"] and STATS_KEY not in backend.items
    assert list(store.pending) == [session.record_id]

    backend.quota = None  # room was made (old games deleted): the next save writes it first
    other = Session.start("nim", PEOPLE, seed=5, store=store)
    assert store.pending == {}
    assert store.read(session.record_id)[0]["finished"] is True
    assert load_stats(backend)[0].line("nim", "person")["played"] == 1
    assert store.current() == other.record_id


def test_a_game_waiting_for_room_is_not_written_after_it_is_deleted():
    backend = MemoryBackend()
    store = SaveStore(backend)
    session = Session.start("nim", PEOPLE, seed=4, store=store)
    while not session.state.is_terminal():
        backend.quota = sum(len(k) + len(v) for k, v in backend.items.items())
        session.play(session.state.legal_actions()[-1])
    assert list(store.pending) == [session.record_id]
    backend.quota = None
    store.delete(session.record_id)
    Session.start("nim", PEOPLE, seed=5, store=store)
    with pytest.raises(KeyError):
        store.read(session.record_id)


def _kinds(cls: type) -> list[type]:
    return [cls] + [kind for sub in cls.__subclasses__() for kind in _kinds(sub)]


def test_every_kind_of_session_takes_a_move_drawn_first_and_saved_after():
    """The table plays ``play(action, save=False)`` then ``save()``: an override without ``save`` broke the host's turn."""
    kinds = _kinds(Session) + [RemoteSession]
    assert {kind.__name__ for kind in kinds} >= {"Session", "DailySession", "LessonSession", "HostedSession",
                                                "RemoteSession"}
    for kind in kinds:
        for name in ("play", "apply"):
            method = getattr(kind, name, None)
            if method is not None:
                save = inspect.signature(method).parameters.get("save")
                assert save is not None and save.kind is inspect.Parameter.KEYWORD_ONLY, f"{kind.__name__}.{name}"


def test_a_move_played_without_saving_is_saved_by_save():
    store = SaveStore(MemoryBackend())
    session = Session.start("nim", PEOPLE, seed=4, store=store)
    session.play(session.state.legal_actions()[0], save=False)
    assert store.read(session.record_id)[1].to_save() != session.state.to_save()
    assert session.save()
    assert store.read(session.record_id)[1].to_save() == session.state.to_save()
