"""Schema and input checks: KB files that do not validate, texts that cannot be parsed, stale acceptances."""
