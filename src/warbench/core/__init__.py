"""Ruleset-agnostic core: no module here imports a ruleset."""
