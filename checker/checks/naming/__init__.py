"""Naming checks."""
