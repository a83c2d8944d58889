"""Untrusted text in Pyodide, where the page reads it: the daily log, friends' messages and a friends' record
give the same verdicts as in CPython, and the CPython verdicts are the intended ones."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pyapp.storage import decode_record
from tests.pyodide import untrusted_cases
from tests.pyodide.node_run import in_pyodide

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests/fixtures/record-v6-dyad-3p-host-finished.json"
SEAT = 1


@pytest.fixture(scope="module")
def args() -> dict[str, Any]:
    record, _ = decode_record(FIXTURE.read_text(encoding="utf-8"))
    return {"record": record, "seat": SEAT}


@pytest.fixture(scope="module")
def cpython(args: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(untrusted_cases.measure(**args)))


@pytest.fixture(scope="module")
def pyodide(args: dict[str, Any]) -> dict[str, Any]:
    return in_pyodide("untrusted_cases", args)


def test_the_daily_log_reader_keeps_only_the_honest_logs_in_cpython(cpython: dict[str, Any]) -> None:
    found = cpython["daily"]
    large = {"oversized", "too many days"}
    kept = {name for name, case in found.items() if not case["damaged"]} - large
    assert kept == {"honest", "honest, not finished", "duplicate key, last wins", "record a lone surrogate",
                    "record a raw lone surrogate"}
    for name, case in found.items():
        if name in kept:
            assert case["reason"] is None and case["aside"] == [] and case["left"] and list(case["days"]) == [
                untrusted_cases.DAY]
        elif name in large:  # set aside unread as the guard would, and left there: it does not read as a log either
            assert case["reason"] and not case["damaged"] and case["days"] == {} and not case["left"], name
            assert case["aside"] == [["pyapp.daily", "large", True]], name
        else:  # refused with words, set aside unchanged, the log empty
            assert case["reason"] and case["days"] == {} and not case["left"], name
            assert case["aside"] == [["pyapp.daily", "damaged", True]], name
    assert "nested more than 64" in found["deep"]["reason"] and "too large" in found["oversized"]["reason"]
    assert "not a number JSON allows" in found["NaN"]["reason"]
    for name, day in (("impossible date", "2026-02-30"), ("month 13", "2026-13-02"), ("year 0", "0000-12-02")):
        assert found[name]["reason"] == f"ValueError: not a date: {day!r}"  # the same words in Pyodide's Python 3.14


def test_the_daily_log_reader_is_the_same_in_pyodide(cpython: dict[str, Any], pyodide: dict[str, Any]) -> None:
    assert pyodide["daily"] == cpython["daily"]


def test_the_wire_parser_accepts_only_well_formed_messages_in_cpython(cpython: dict[str, Any]) -> None:
    found = cpython["wire"]
    assert not [name for name, case in found.items() for side in case.values() if "crashed" in side]
    accepted = {name for name, case in found.items() if any("ok" in side for side in case.values())}
    assert accepted == {"honest act", "honest join", "deep, brackets in strings", "seq 2**53",
                        "lone surrogate escaped", "lone surrogate raw", "surrogate pair escaped",
                        "astral name at the limit", "bidi and NUL in a name", "duplicate key, last wins",
                        "view with an odd observation", "16 deep in a view", "host type from a guest"}
    assert found["17 deep"]["host"] == {"refused": "it is nested more than 16 levels deep"}
    assert found["very deep"]["host"] == {"refused": "it is nested more than 16 levels deep"}
    assert found["oversized"]["host"]["refused"].startswith("it is too large")
    for token in ("NaN", "Infinity", "-Infinity"):
        assert found[token]["host"] == {"refused": f"it is not valid JSON ({token} is not a number JSON allows)"}
    assert "out of range" in found["1e999"]["host"]["refused"]


def test_the_wire_parser_is_the_same_in_pyodide(cpython: dict[str, Any], pyodide: dict[str, Any]) -> None:
    assert pyodide["wire"] == cpython["wire"]


def test_the_guest_finds_each_tampering_in_cpython(cpython: dict[str, Any], args: dict[str, Any]) -> None:
    found = cpython["friends_record"]
    honest = found["honest"]
    assert honest["findings"] == [] and honest["matched"] == honest["sent"] > 100
    assert honest["check_record"] == {"kept": len(args["record"]["game"]["actions"]), "finished": True}
    for name in set(found) - {"honest"}:
        assert found[name]["findings"] and "refused" in found[name]["check_record"], name
    assert [key for key, _ in found["a value changed"]["findings"]] == ["commitments_differ", "seed_differs"]
    assert "seed_differs" in [key for key, _ in found["the seed changed"]["findings"]]


def test_the_guest_finds_the_same_in_pyodide(cpython: dict[str, Any], pyodide: dict[str, Any]) -> None:
    assert pyodide["friends_record"] == cpython["friends_record"]


def test_a_guests_kept_seat_reads_back_only_what_is_well_formed_in_cpython(cpython: dict[str, Any]) -> None:
    found = cpython["guest_seat"]
    assert found["honest"]["fields"] == ["created", "name", "protocol", "token"]
    assert found["honest"]["memory"][0] == "ab" * 16 and found["honest"]["memory"][3] == {"0": "cd" * 32, "1": "cd" * 32}
    for name in ("not JSON", "deep", "oversized", "a list"):
        assert found[name] == {"fields": [], "memory": [None, None, None, {}]}, name
    assert "token" not in found["token a number"]["fields"] and "token" not in found["token too long"]["fields"]
    assert "created" not in found["created NaN"]["fields"] and "created" not in found["created a bool"]["fields"]
    assert found["value not hex"]["memory"][:2] == [None, None]
    assert found["restarts a bool"]["memory"][2] is None
    assert found["commitments keyed oddly"]["memory"][3] == {}
    assert found["protocol a list"]["memory"] == [None, None, None, {}]
    assert not [name for name, case in found.items() if isinstance(case["memory"], str)], "a kept seat crashed"


def test_a_guests_kept_seat_reads_the_same_in_pyodide(cpython: dict[str, Any], pyodide: dict[str, Any]) -> None:
    assert pyodide["guest_seat"] == cpython["guest_seat"]
