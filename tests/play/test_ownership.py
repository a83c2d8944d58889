"""One owner per game: only the table that claimed a game writes its history; deleting wins."""

from pyapp.play import Seat, Session
from pyapp.storage import MemoryBackend, SaveStore
from pyapp.storage.store import CURRENT_KEY, OWNER_PREFIX, PREFIX

PEOPLE = [Seat("Ada"), Seat("Bea")]


def _game(store: SaveStore) -> Session:
    session = Session.start("nim", PEOPLE, seed=4, store=store, name="Tuesday")
    session.play("take1")
    return session


def test_start_claims_the_game_and_leaving_releases_it():
    store = SaveStore(MemoryBackend())
    session = _game(store)
    assert store.owner(session.record_id) == session.token
    session.release()
    assert store.owner(session.record_id) is None
    assert OWNER_PREFIX + session.record_id not in store.backend.items


def test_a_deleted_game_is_never_written_again():
    store = SaveStore(MemoryBackend())
    session = _game(store)
    store.delete(session.record_id)
    assert store.backend.items == {}
    session.play("take1")  # the table's late autosave (a computer finishing its turn)
    assert session.lost == "deleted"
    assert store.backend.items == {}, "the deleted game came back"
    session.play("take1")
    assert store.backend.items == {} and store.current() is None


def test_another_table_taking_the_game_stops_the_first_from_writing():
    store = SaveStore(MemoryBackend())
    first = _game(store)
    assert first.check_owner() is None
    second = Session.resume(store, first.record_id)  # the second tab's "Play here"
    assert store.owner(first.record_id) == second.token
    assert first.check_owner() == "taken"
    stored = store.backend.items[PREFIX + first.record_id]
    first.play("take2")  # the first tab's loop, unaware yet
    assert first.lost == "taken"
    assert store.backend.items[PREFIX + first.record_id] == stored, "the first tab overwrote the history"
    second.play("take1")
    assert store.read(first.record_id)[1].to_save() == second.state.to_save()
    first.release()  # the first tab leaving does not take the game from the second
    assert store.owner(first.record_id) == second.token


def test_offering_to_continue_does_not_take_the_game():
    store = SaveStore(MemoryBackend())
    first = _game(store)
    offered = Session.resume(store, first.record_id, claim=False)
    assert store.owner(first.record_id) == first.token
    offered.claim()
    assert store.owner(first.record_id) == offered.token


def test_rename_elsewhere_survives_the_tables_autosave_and_keeps_the_history():
    store = SaveStore(MemoryBackend())
    session = _game(store)
    history = store.read(session.record_id)[1].to_save()
    store.rename(session.record_id, "Rainy Sunday")  # #/saves in another tab
    assert store.read(session.record_id)[1].to_save() == history
    session.play("take1")
    record, state = store.read(session.record_id)
    assert record["name"] == "Rainy Sunday" and session.name == "Rainy Sunday"
    assert state.to_save() == session.state.to_save()


def test_a_game_saved_before_owners_existed_can_be_continued_and_deleted():
    store = SaveStore(MemoryBackend())
    session = _game(store)
    del store.backend.items[OWNER_PREFIX + session.record_id]
    resumed = Session.resume(store, session.record_id, claim=False)
    resumed.play("take1")
    assert resumed.lost is None and store.read(session.record_id)[1].to_save() == resumed.state.to_save()
    store.delete(session.record_id)
    assert CURRENT_KEY not in store.backend.items and store.backend.items == {}


def test_an_autosave_that_crossed_a_deletion_in_another_tab_is_undone():
    """Tabs see each other's writes late: the deleting tab's news makes the deletion win anyway."""
    store = SaveStore(MemoryBackend())
    session = _game(store)
    written = dict(store.backend.items)
    store.delete(session.record_id)  # the other tab
    store.backend.items.update(written)  # this tab's autosave, before it saw the deletion
    session.deleted_elsewhere()  # the storage event arrives
    assert store.backend.items == {}
    session.play("take1")
    assert session.lost == "deleted" and store.backend.items == {}
