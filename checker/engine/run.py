"""One check, start to end: a :class:`Run`.

inputs (a KB folder or a KB already loaded, contributed files) → the base KB as loaded, never changed → the
overlay of contributed entries (``overlay.py``) → the checks (``checker/checks``; a selection decides which run)
→ findings located in the files a reader opens (``locate.py``), each with its quote → acceptances
(:meth:`Result.accepted`) → selection (:func:`selected`) → exit code (:func:`exit_code`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .._fast.gc_pause import gc_paused
from ..checks import CheckContext, matches_selection, run_checks
from ..checks.logic import kept_analyses
from ..core.model import Finding, KnowledgeBase
from ..kb.cache import read_findings, write_findings
from ..kb.store import LoadResult, load_kb
from . import EXIT_FINDINGS, EXIT_INCONCLUSIVE, EXIT_OK, incremental
from .locate import Locator
from .overlay import Overlay, contribute


@dataclass
class Result:
    """What a run's checks found: located findings, each with its quote (``Finding.quote``), acceptances not yet
    applied."""

    findings: list[Finding] = field(default_factory=list)
    kb: KnowledgeBase | None = None  # the KB checked: the base KB, or the overlay's (contributed entries over it)
    whole: bool = True  # the whole KB was checked (no contributed files): stale acceptances are reported
    selected: set[str] | None = None  # the codes that ran (None: every check)

    def accepted(self) -> list[Finding]:
        """The findings with the KB's acceptances applied (``kb/accepted.yaml``; only acceptances of checks that
        ran): a whole-KB run also reports each acceptance that matches no finding (ACC001); a run on contributed
        files reports none (the files do not hold every finding an acceptance may cover)."""
        from ..checks.schema.acc001_stale_acceptance import apply_acceptances

        acceptances = [a for a in self.kb.acceptances if self.selected is None or a.rule in self.selected]
        if self.whole:
            return apply_acceptances(self.findings, acceptances, self.kb.files.get("accepted"))
        return [f for f in apply_acceptances(self.findings, acceptances, None) if f.rule != "ACC001"]


def selected(findings: list[Finding], select: set[str], ignore: set[str]) -> list[Finding]:
    """The findings ``--select`` / ``--ignore`` (``checks.resolve_selection``) leave to report."""
    if select:
        findings = [f for f in findings if matches_selection(f, select)]
    if ignore:
        findings = [f for f in findings if not matches_selection(f, ignore)]
    return findings


def exit_code(findings: list[Finding], strict: bool = False) -> int:
    """A check's outcome: 1 for an error-level finding not accepted (a warning too when ``strict``), else 3 when a
    logic verdict stayed undecided (``logic/undecided.py``), else 0."""
    from ..logic.undecided import undecided

    failing = {"error"} | ({"warning"} if strict else set())
    if any(f.severity in failing and f.accepted is None for f in findings):
        return EXIT_FINDINGS
    return EXIT_INCONCLUSIVE if any(undecided(f) and f.accepted is None for f in findings) else EXIT_OK


class Run:
    """One check of a loaded KB (``load``, never changed), with contributed texts and KB files placed over it
    (``paths``; ``period`` and ``game`` stand in for a text's missing PERIOD and GAME lines, one value or {file
    name: value}; ``contents``: {path: bytes} read instead of the file, an editor's unsaved buffer). ``whole``:
    the KB itself is what is checked (default: no paths), so acceptances that match nothing are reported."""

    def __init__(self, load: LoadResult, paths: Sequence[str] = (), period=None, game=None,
                 contents: dict[str, bytes] | None = None, whole: bool | None = None):
        self.load = load
        self.base = load.kb
        self.paths = list(paths)
        self.overlay: Overlay | None = contribute(load.kb, self.paths, period, game, contents) if self.paths else None
        self.kb = self.overlay.kb if self.overlay is not None else load.kb
        self.locator = Locator(load, self.overlay)
        self.whole = not self.paths if whole is None else whole

    def check(self, selected: set[str] | None = None, one_shot: bool = False) -> Result:
        """Run the checks (only the codes in ``selected``, when given). ``one_shot``: the caller is a process that
        ends once it has reported (``rulekb check``), so what the checks leave is frozen out of the cyclic
        collector's sight as the loaded KB is (``_fast/gc_pause.py``, ``gc_paused``); a long-lived caller leaves it
        collectable. A full check of a KB exactly as last checked gives the findings kept in the KB cache."""
        load, overlay = self.load, self.overlay
        cacheable = overlay is None and selected is None and load.state is not None
        if cacheable:
            cached = read_findings(load.cache_name, load.state)
            if cached is not None:
                return Result(cached, self.kb, self.whole, selected)
        ctx = self.context()
        with gc_paused(freeze=one_shot):  # a bounded run that makes few reference cycles (_fast/gc_pause.py)
            findings = run_checks(ctx, selected, incremental.contexts)
        self.quote(findings)
        if cacheable and all(a.complete for a in kept_analyses(ctx)):  # an inconclusive answer is asked again
            write_findings(load.cache_name, load.state, findings)
        return Result(findings, self.kb, self.whole, selected)

    def context(self) -> CheckContext:
        """The context the checks run in: the KB checked, its load's findings, and with an overlay the contributed
        entries to report on, what they replace and what of them could not be read."""
        load, overlay = self.load, self.overlay
        ctx = CheckContext(self.kb, self.locator, load_findings=list(load.findings),
                           unreadable={**load.unreadable, **(overlay.unreadable if overlay else {})},
                           kb_state=(load.cache_name, load.state) if load.state is not None else None,
                           aggregates=load.aggregates, use_aggregates=incremental.USE_AGGREGATES)
        if overlay is not None:
            ctx.only, ctx.only_files = set(overlay.only), set(overlay.only_files)
            ctx.parse_findings, ctx.replaced = list(overlay.findings), dict(overlay.replaced)
            # A contributed KB file was loaded with the KB too; its own validation reports it once.
            only_ids = overlay.entry_ids()
            ctx.load_findings = [f for f in ctx.load_findings if f.file not in ctx.only_files
                                 and (f.subject is None or f.subject in only_ids)]
        return ctx

    def quote(self, findings: list[Finding]) -> None:
        """Give each finding on an event (``subject`` of its ``game``) the text of the clause at its located
        ``line`` (``Finding.quote``): the clause whose source line the locator places there, the last such."""
        named: dict[tuple[str, str], list[Finding]] = {}
        for f in findings:
            if f.subject and f.game:
                named.setdefault((f.game, f.subject), []).append(f)
        for (game_id, eid), on_event in named.items():
            event = self.kb.event(game_id, eid)
            if event is None:
                continue
            place = self.locator.lines_of(event.id, event.game)  # the locator's answer for each source line
            wanted = {f.line for f in on_event}
            text: dict[int | None, str] = {}
            for clause in event.all_clauses():
                line = place(clause.line)
                if line in wanted:
                    text[line] = f"{clause.marker} {clause.text}".strip()
            for f in on_event:
                f.quote = text.get(f.line)


def check_paths(paths: list[str], kb_root: str | None, period: str | dict[str, str | None] | None = None,
                selected: set[str] | None = None, game: str | dict[str, str] | None = None,
                one_shot: bool = False, contents: dict[str, bytes] | None = None,
                loaded: LoadResult | None = None) -> Result:
    """Check the whole KB (no paths), or contributed texts and KB files in its context: ``Run(load, paths, …)
    .check(selected, one_shot)`` on the KB at ``kb_root`` (or ``loaded``, a KB already loaded, left unchanged)."""
    load = loaded if loaded is not None else load_kb(kb_root)
    return Run(load, paths, period, game, contents).check(selected, one_shot)
