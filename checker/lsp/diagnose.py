"""One check of one buffer: exactly the findings ``rulekb check FILE`` gives for that file.

The buffer's text goes to ``checker.engine.run.Run`` as the file's contents (``contents=``), so an unsaved
buffer is checked as if it were saved, under the file's own name: same codes, severities, messages and lines. The
KB it is checked against is kept loaded from one check to the next and loaded again when a file of it changes on
disk (``warm.py``).
Acceptances are applied as ``check`` applies them to contributed files, and accepted findings are left out.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from ..core.model import Event, Finding, KnowledgeBase
from .resolve import Options, ResolveError, display_path, kb_root_for, resolve_text

TEXT_SUFFIXES = (".txt",)
YAML_SUFFIXES = (".yaml", ".yml")


def checkable(path: str) -> bool:
    return path.endswith(TEXT_SUFFIXES + YAML_SUFFIXES)


@dataclass
class Checked:
    """What one check of a buffer gave: the findings on the file, and the KB (with the buffer's entries in it)
    that hover, definition and completion read until the next check."""

    path: str
    text: str
    findings: list[Finding] = field(default_factory=list)
    error: ResolveError | None = None  # the check could not run: why, and on which line
    kb: KnowledgeBase | None = None
    kb_root: str | None = None
    game: str | None = None
    own: list[Event] = field(default_factory=list)  # the buffer's own events, as placed in ``kb``
    names: frozenset[str] = frozenset()  # the names findings on this file carry

    memo: dict = field(default_factory=dict, repr=False, compare=False)  # what hovers read, built once per check

    def profile_game(self) -> str | None:
        return self.game or (self.own[0].game if self.own else None)

    def view(self) -> KnowledgeBase | None:
        """The game's view of the KB (``kb.view``: a walk over every event, 50 ms at 10,000 events), once."""
        if "view" not in self.memo:
            game = self.profile_game()
            self.memo["view"] = None if self.kb is None else self.kb.view(game) if game else self.kb
        return self.memo["view"]

    def labels(self) -> tuple[str, ...]:
        """The period labels event ids of this buffer's game are written with (``locate.labels_of``), once."""
        if "labels" not in self.memo:
            from .locate import labels_of

            self.memo["labels"] = labels_of(self.kb, self.profile_game())
        return self.memo["labels"]

    def warm(self) -> None:
        """Build what hovers and navigation read, on the checking thread, so that no request waits for it."""
        self.view()
        self.labels()


def file_names(path: str, kb_root: str | None) -> frozenset[str]:
    """Every name a finding on ``path`` can carry: as given (relative to the current folder), the KB's own name
    for a KB file (``kb/events/…``), and the bare file name (the text parser's)."""
    names = {display_path(path), os.path.abspath(path), os.path.basename(path)}
    if kb_root:
        root = os.path.abspath(kb_root)
        full = os.path.abspath(path)
        if full.startswith(root + os.sep):
            names.add(os.path.join(os.path.basename(os.path.normpath(root)), os.path.relpath(full, root)))
    return frozenset(names)


def resolve_file(name: str | None, kb_root: str | None) -> str | None:
    """The absolute path a finding's or explanation's file name stands for (None if it names no file)."""
    if not name:
        return None
    if os.path.isabs(name):
        return name
    here = os.path.abspath(name)
    if os.path.exists(here) or not kb_root:
        return here
    return os.path.join(os.path.dirname(os.path.abspath(kb_root)), name)


def check_document(path: str, text: str, options: Options) -> Checked:
    """Check the buffer ``text`` of the file ``path`` against the KB it belongs to."""
    from ..engine.run import Run
    from .warm import seeded, warm_kb

    out = Checked(path=path, text=text)
    try:
        root = kb_root_for(path, options)
        out.kb_root = root
        game, period = (None, None)
        if path.endswith(TEXT_SUFFIXES):
            game, period = resolve_text(path, text, root, options)
    except ResolveError as exc:
        out.error = exc
        return out
    name = display_path(path)
    base = os.path.basename(path)
    warm = warm_kb(root)  # the KB as on disk now, kept loaded from the last check (warm.py); no check changes it
    with seeded(warm):
        run = Run(warm.load, [name], {base: period} if game is not None else None,
                  {base: game} if game is not None else None, contents={name: text.encode("utf-8")}).check()
    findings = run.accepted()
    out.names = file_names(path, root)
    out.findings = [f for f in findings if f.accepted is None and f.file in out.names]
    out.kb, out.game = run.kb, game or None
    out.own = _own_events(run.kb, path, text, game, period)
    return out


def _own_events(kb: KnowledgeBase, path: str, text: str, game: str | None, period: str | None) -> list[Event]:
    """The buffer's events as the check placed them in ``kb`` (read again from the text: cheap, no logic)."""
    if path.endswith(YAML_SUFFIXES):
        from ..kb.yamlio import YamlError, loads

        try:
            data = loads(text, display_path(path))
        except YamlError:
            return []
        if not isinstance(data, dict) or not isinstance(data.get("id"), str) or not isinstance(data.get("game"), str):
            return []
        event = kb.event(data["game"], data["id"])
        return [event] if event is not None and "period" in data else []
    from ..engine.overlay import phase_aliases
    from ..games import profile
    from ..textformat import ParseError, parse_document

    try:
        doc = parse_document(text, os.path.basename(path), period, phase_aliases=phase_aliases(kb, game),
                             game=game, labels=profile(kb.games, game).periods)
    except ParseError:
        return []
    return [kb.events[e.key] for e in doc.events if e.key in kb.events]
