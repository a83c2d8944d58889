"""Main-thread tasks from a Chromium trace, timed in the thread's CPU time.

Wall-clock time on a busy machine counts the moments the page waited for a
core, not work it did; a task's *thread* time (``tdur``) does not, so the
responsiveness test and the redraw benchmark judge the page by it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

CATEGORIES = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline"]
"""Trace categories that record every main-thread ``RunTask`` with its thread time."""
ACTIONS_SAVED = """() => {
  const id = localStorage.getItem('pyapp.current');
  const text = id && localStorage.getItem('pyapp.save.' + id);
  return text ? JSON.parse(text).game.actions.length : 0;
}"""
"""A page function: the moves the current game's save holds, what both wait on between traces (a move is
traced from the tap until the page has saved it)."""


@dataclass(frozen=True)
class Task:
    cpu_ms: float
    wall_ms: float


def main_thread_tasks(trace: Path) -> list[Task]:
    """Every task the renderer's main thread ran, from a trace file written with ``CATEGORIES``."""
    data = json.loads(trace.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    return [Task(e["tdur"] / 1000, e["dur"] / 1000) for e in events
            if e.get("name") == "RunTask" and e.get("ph") == "X" and "tdur" in e and (e["pid"], e["tid"]) in main]
