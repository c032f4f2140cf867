"""A KB entry's identity is ambiguous: a key written twice in one mapping, two files with one id, or an id that
disagrees with the event's ``number``, ``period`` or file name.

Why: YAML keeps the last of two equal keys without a word, so a hand edit that adds ``title:`` a second time
silently discards the first; when two files hold one id, the order in which files are read decides which one
the KB keeps; and an event whose ``id`` says 7:VII while its ``number`` is 8 is published on the page of
another event (the site places pages by number). Each is a hand-editing slip that loses data without a trace.

Fails (``kb/events/eu/vii/08.yaml``)::

    id: "8:VII"
    number: 7          # the id says 8
    title: TREATY
    title: TREATY OF PARIS   # a key written twice

Fails: ``kb/events/eu/vii/09.yaml`` also says ``id: "8:VII"``.

Passes::

    id: "8:VII"
    number: 8
    title: TREATY OF PARIS

Fix: keep one of the two keys; give each file its own id; make ``id`` agree with ``number`` and ``period``
(``NUMBER:PERIOD``) and the file name (``events/<game>/<period>/<NN>.yaml``). The file with the clash is left
out of everything else until it is fixed.
"""

from __future__ import annotations

CODE = "SCH002"
NAME = "duplicate-id"
CATEGORY = "schema"
SEVERITY = "error"
SCOPE = "kb"  # two files of the KB with one id are found while loading the whole KB


def _expected_file(event) -> str | None:
    from ...core.paths import UnsafePath
    from ...kb.store import entry_path

    try:
        return entry_path(event).replace("\\", "/")
    except UnsafePath:
        return None


def check(ctx):
    # Duplicate keys and two files with one id are found while loading (kb.yamlio, kb.store).
    for f in getattr(ctx, "load_findings", []):
        if f.rule == CODE:
            yield f
    for event in ctx.events():
        if not ctx.wants(event.id):
            continue
        expected_id = f"{event.number}:{event.period}"
        if event.id != expected_id:
            yield ctx.finding(event.id, event.source.line if event.source else None,
                              f"the id {event.id} disagrees with number {event.number} and period {event.period} "
                              f"(expected {expected_id}); the site would publish it on another event's page")
            continue
        file = ctx.kb.files.get(event.id)
        expected = _expected_file(event)
        if file and expected and "/events/" in "/" + file.replace("\\", "/") \
                and not ("/" + file.replace("\\", "/")).endswith("/" + expected):
            yield ctx.finding_at(event.id, file, 1, f"the file of event {event.id} should be {expected} (ingest "
                                 "and the site place it there, next to or over another file)")

