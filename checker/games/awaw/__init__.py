"""A World at War: the format of its random-event rules, and minor country disputes (``rulekb dispute``)."""

from __future__ import annotations

from ..pack import GamePack, TextFormat

ASP_PROGRAM = "dispute.lp"  # in asp/: the dispute's placements (dispute.py)


def _parse_random_events(text: str, file: str):
    from .random_events import parse_awaw

    return parse_awaw(text, file), []


PACK = GamePack(
    id="awaw",
    formats=(TextFormat("awaw-random-events", "'RANDOM EVENTS'", lambda lines: lines[0] == "RANDOM EVENTS",
                        _parse_random_events),),
    commands=("dispute_command",),
    asp=(ASP_PROGRAM,),
    checks="checks",
)
