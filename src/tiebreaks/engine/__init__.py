"""Tie-break families, one module each, registered by FIDE acronym (C.07 (2026) Art. 5)."""
