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

An acceptance matches a finding by ``rule``, ``subject`` (if given) and ``match`` (a substring of the message,
if given). Matched findings are marked accepted: they do not fail the run and show with ``--show-accepted``.
"""

from __future__ import annotations

from ...model import Acceptance, Finding

CODE = "ACC001"
NAME = "stale-acceptance"
CATEGORY = "style"
SEVERITY = "warning"
SCOPE = "kb"  # not run by the runner (no check()): the acceptances are matched against every finding


def apply_acceptances(findings: list[Finding], acceptances: list[Acceptance], accepted_file: str | None) -> list[Finding]:
    """Mark accepted findings; add a finding for each acceptance that matches none."""
    used = [False] * len(acceptances)
    for f in findings:
        for k, acc in enumerate(acceptances):
            if acc.rule == f.rule and (acc.subject is None or acc.subject == f.subject) and \
                    (acc.game is None or f.game is None or acc.game == f.game) and \
                    (acc.match is None or acc.match in f.message):
                f.accepted = acc.reason + (" (known erratum)" if acc.erratum else "")
                used[k] = True
                break
    stale = [
        Finding(CODE, CATEGORY, SEVERITY, acc.subject, accepted_file, acc.line,
                f"acceptance of {acc.rule}" + (f" for {acc.subject}" if acc.subject else "")
                + " matches no finding any more: remove it, or update it to the finding it was meant for")
        for acc, hit in zip(acceptances, used) if not hit
    ]
    return findings + stale
