"""Whether a live tab is showing a game: one Web Lock per game, held while its table plays it.

The owner token stored beside a game (:meth:`pyapp.storage.SaveStore.claim`)
decides who may write; but it outlives a tab that ended without a word (a
phone discarding a background tab), and then "open in another tab" would be
false.  A lock does not outlive its tab: the browser frees it with the page,
so another tab asks the lock whether the token's owner is still there.
Without the Locks API (an old browser) the token alone answers.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyapp.ui.browser import page

NAME_PREFIX = "pyapp.game."


class GameLock:
    """The lock of one game, held by this tab from :meth:`hold` until :meth:`release`."""

    def __init__(self, record_id: str) -> None:
        self.name = NAME_PREFIX + record_id
        self._release: Any = None

    def hold(self) -> None:
        """Take the lock, from another tab too (that tab's table stops through the owner token)."""
        locks = page.web_locks()
        if locks is None or self._release is not None:
            return
        kept: list[Any] = []
        held = page.promise(lambda resolve, reject: kept.append(resolve))
        self._release = kept[0]
        grant = page.proxy(lambda lock: held)
        asyncio.ensure_future(_settle(locks.request(self.name, page.js_object({"steal": True}), grant), grant))

    def release(self) -> None:
        if self._release is not None:
            self._release()
            self._release = None


async def _settle(request: Any, grant: Any) -> None:
    """Wait until the lock is let go (or stolen by another tab: a rejection), then free the callback."""
    try:
        await request
    except Exception:  # noqa: BLE001  (AbortError: another tab stole it, which is how taking over works)
        pass
    finally:
        grant.destroy()


async def held_elsewhere(record_id: str) -> bool | None:
    """Whether some tab holds this game's lock (this tab has let go of its own); None without the Locks API."""
    locks = page.web_locks()
    if locks is None:
        return None
    try:
        snapshot = await locks.query()
    except Exception:  # noqa: BLE001  (the query refused: answer as if there were no locks)
        return None
    name = NAME_PREFIX + record_id
    return any(str(lock.name) == name for lock in snapshot.held)
