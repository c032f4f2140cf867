"""An acceptance in ``kb/accepted.yaml`` matches no finding any more.

Why: accepting a finding records a reviewed decision ("intended", or "known erratum"). When the text is fixed
or the check changes, the acceptance becomes stale, and a stale acceptance could later hide a new, different
finding. Stale acceptances are reported so they are removed or updated.

Fails (no REF001 finding for 2:VII exists)::

    accepted:
      - rule: REF001
        subject: "2:VII"
        reason: the reference is to an event still to be written

Passes: the same entry while 2:VII does have a REF001 finding.

An acceptance matches a finding by ``rule``, ``subject`` (if given), ``match`` (a substring of the message, if
given) and ``game`` (if given): the rule is :func:`covers`, the one matcher ``check``, the site and the editor
(``checker/lsp``) all use. Matched findings are marked accepted: they do not fail the run and show with
``--show-accepted``.
"""

from __future__ import annotations

from ...core.model import Acceptance, Finding

CODE = "ACC001"
NAME = "stale-acceptance"
CATEGORY = "style"
SEVERITY = "warning"
SCOPE = "kb"  # not run by the runner (no check()): the acceptances are matched against every finding


def covers(acc: Acceptance, finding: Finding) -> bool:
    """Does the acceptance ``acc`` cover ``finding``? The one rule, for ``check``, the site and the editor:

    - the same check code (``rule``);
    - ``subject``, if the acceptance gives one, is the finding's subject;
    - ``match``, if given, is a substring of the finding's message;
    - ``game``, if given, is the finding's game. A finding's game is the game whose part of the KB the check ran
      on (``Finding.game``, stamped by ``run_checks`` per game); a finding of no game (a file's load or parse
      finding, which is checked once for the whole KB) is covered by an acceptance of any game. An acceptance
      naming no game covers the findings of every game.
    """
    return acc.rule == finding.rule and (acc.subject is None or acc.subject == finding.subject) and \
        (acc.game is None or finding.game is None or acc.game == finding.game) and \
        (acc.match is None or acc.match in finding.message)


def mark_accepted(findings: list[Finding], acceptances: list[Acceptance]) -> set[int]:
    """Mark each finding the first acceptance that :func:`covers` it accepts; the indexes of the acceptances used."""
    used: set[int] = set()
    for f in findings:
        for k, acc in enumerate(acceptances):
            if covers(acc, f):
                f.accepted = acc.reason + (" (known erratum)" if acc.erratum else "")
                used.add(k)
                break
    return used


def stale_findings(acceptances: list[Acceptance], accepted_file: str | None) -> list[Finding]:
    """An ACC001 finding for each of ``acceptances`` (those that matched no finding)."""
    return [
        Finding(CODE, CATEGORY, SEVERITY, acc.subject, accepted_file, acc.line,
                f"acceptance of {acc.rule}" + (f" for {acc.subject}" if acc.subject else "")
                + " matches no finding any more: remove it, or update it to the finding it was meant for")
        for acc in acceptances
    ]


def apply_acceptances(findings: list[Finding], acceptances: list[Acceptance], accepted_file: str | None) -> list[Finding]:
    """Mark accepted findings; add a finding for each acceptance that matches none."""
    used = mark_accepted(findings, acceptances)
    return findings + stale_findings([acc for k, acc in enumerate(acceptances) if k not in used], accepted_file)
