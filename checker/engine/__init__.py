"""The engine: one check from its inputs to its exit code (``run.py``: ``Run``).

``run.py`` the check job (``Run``, ``check_paths``); ``overlay.py`` contributed texts and KB files over the KB as
loaded; ``locate.py`` where a finding points; ``incremental.py`` which checks run on contributed entries alone;
``baseline.py`` only the findings a change introduces; ``ingest.py`` a text into KB files.
"""

EXIT_OK, EXIT_FINDINGS, EXIT_INCONCLUSIVE = 0, 1, 3  # a check's outcome (2, a usage or input error, is the CLI's)
