"""Structure checks."""
