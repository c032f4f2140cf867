"""Style checks."""
