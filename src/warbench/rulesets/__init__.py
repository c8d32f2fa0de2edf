"""One package per rule system; each imports the core and nothing from another ruleset."""
