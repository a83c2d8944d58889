"""Record every rules demo's frames as the page draws them (the demo fixture).

    python -m tests.demos.frames

A demo is replayed through the engine, so a change to the engine, to a demo's
replay or to how a frame is drawn can change what the rules pages show.  This
script writes ``tests/fixtures/demos/<game>-<lang>.json``: per demo, per step,
the frame (caption, parameters, facts, view) and its element tree in that
language (``pyapp.demos.render.demo_tree``).  ``tests/demos/test_frames.py``
compares the demos with it, drawing them with :func:`frames_of` here (the test and
the recording are one code).  Re-run this in the commit that changes a frame on
purpose, and look at the difference.
"""

from __future__ import annotations

import json
import os

from pyapp import demos, i18n
from pyapp.demos import render

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fixtures", "demos")


def frames_of(game: str, lang: str) -> dict[str, list[dict]]:
    """Every demo of ``game`` drawn in ``lang``: per demo id, its frames as JSON data."""
    i18n.set_language(lang)
    try:
        recorded = {}
        for demo in demos.demos(game):
            frames = demos.replay(demo)
            recorded[demo.id] = [
                {
                    "caption": frame.caption,
                    "params": frame.params,
                    "facts": frame.facts,
                    "view": frame.view,
                    "tree": render.demo_tree(demo, frames, index),
                }
                for index, frame in enumerate(frames)
            ]
        # through JSON, so tuples compare as the lists they are read back as
        return json.loads(json.dumps(recorded))
    finally:
        i18n.set_language("en")


def path_of(game: str, lang: str) -> str:
    return os.path.join(OUT, f"{game}-{lang}.json")


def dumps(recorded: dict[str, list[dict]]) -> str:
    """The fixture's text: one frame a line, so a change shows as the frames it touches."""
    compact = {"ensure_ascii": False, "sort_keys": True, "separators": (",", ":")}
    demos_text = [
        f"{json.dumps(demo_id)}:[\n" + ",\n".join(json.dumps(frame, **compact) for frame in frames) + "\n]"
        for demo_id, frames in recorded.items()
    ]
    return "{\n" + ",\n".join(demos_text) + "\n}\n"


def main() -> None:
    os.makedirs(OUT, exist_ok=True)
    for game in demos.GAMES:
        for lang in i18n.LANGUAGES:
            with open(path_of(game, lang), "w", encoding="utf-8") as out:
                out.write(dumps(frames_of(game, lang)))
            print(path_of(game, lang))


if __name__ == "__main__":
    main()
