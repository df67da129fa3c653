"""National tie-break systems."""
