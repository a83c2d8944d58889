"""The saved-games list rows: game, players with levels, progress; broken entries say why."""

from pyapp.play import Seat, Session
from pyapp.play.saved import summaries
from pyapp.storage import MemoryBackend, SaveStore


def test_rows_describe_each_game_and_mark_the_one_in_play():
    store = SaveStore(MemoryBackend(), clock=iter(range(100, 10_000)).__next__)
    live = Session.start("nim", [Seat("Ada"), Seat("<b>Bot</b>", "hard")], seed=4, store=store, name="Live")
    live.play("take1")
    done = Session.start("nim", [Seat("Cy"), Seat("Di")], seed=5, store=store, name="")
    while not done.state.is_terminal():
        done.play(done.state.legal_actions()[0])
    store.backend.set("pyapp.save.broken", "{")
    store.set_current(live.record_id)
    rows = {row.record_id: row for row in summaries(store)}
    row = rows[live.record_id]
    assert row.title == "Live" and row.game == "nim" and not row.finished and row.in_play
    assert row.players == "Ada (Person), <b>Bot</b> (Hard)"
    assert row.progress.startswith("In progress. Moves played: 1. <b>Bot</b> to play.")
    finished = rows[done.record_id]
    assert finished.finished and not finished.in_play and finished.title == "game.nim"
    assert "Winner: " in finished.progress
    assert rows["broken"].broken and "not valid JSON" in rows["broken"].problem
    assert list(rows)[-1] == "broken"


def test_rows_follow_changes_to_the_stored_text():
    store = SaveStore(MemoryBackend())
    session = Session.start("nim", [Seat("Ada"), Seat("Bea")], seed=6, store=store, name="Before")
    assert [row.title for row in summaries(store)] == ["Before"]
    store.rename(session.record_id, "After")
    assert [row.title for row in summaries(store)] == ["After"]
    session.play("take1")
    assert "Moves played: 1." in summaries(store)[0].progress
    store.backend.set("pyapp.save." + session.record_id, "{")
    assert summaries(store)[0].broken


def test_a_default_name_follows_the_language_until_a_name_is_typed():
    from pyapp.i18n import set_language

    store = SaveStore(MemoryBackend())
    set_language("ko")
    try:
        session = Session.start("triad", [Seat("Ada"), Seat("Bot", "easy")], seed=6, store=store,
                                name="트라이어드", named=False)
        assert [row.title for row in summaries(store)] == ["트라이어드"]
        set_language("en")
        assert [row.title for row in summaries(store)] == ["Triad"]
        store.rename(session.record_id, "트라이어드 한 판")
        set_language("ko")
        set_language("en")
        assert [row.title for row in summaries(store)] == ["트라이어드 한 판"]  # typed: kept in every language
        session.play(str(session.state.legal_actions()[0]))  # the autosave keeps the typed name and its flag
        assert [row.title for row in summaries(store)] == ["트라이어드 한 판"]
    finally:
        set_language("en")
