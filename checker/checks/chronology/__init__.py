"""Chronology checks."""
