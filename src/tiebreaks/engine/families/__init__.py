"""The tie-break families, one module each (C.07 Art. 6-13, national systems). Each module
registers its tie-breaks in :mod:`tiebreaks.engine.registry` when it is imported;
:mod:`tiebreaks.engine.catalogue` imports a family only when one of its tie-breaks is asked
for (:data:`FAMILIES`), so a run loads only the families it uses."""

from __future__ import annotations

#: each family module (relative to this package) with the acronyms it registers and their
#: aliases; a test checks that every module registers exactly these
FAMILIES: dict[str, dict[str, tuple[str, ...]]] = {
    ".adjusted_score": {"ABH": (), "AFB": ()},
    ".buchholz": {"BH": ("BUCHHOLZ",), "FB": (), "AOB": ()},
    ".direct_encounter": {"DE": ("DIRECT",)},
    ".game_counts": {
        "PTS": ("POINTS",),
        "WIN": (),
        "WON": (),
        "BPG": (),
        "BWG": (),
        "REP": ("GE",),
        "STD": (),
        "TPN": (),
    },
    ".koya": {"KS": ()},
    ".manual": {"MAN": ("MANUAL",)},
    ".progressive": {"PS": ("PROGRESSIVE",)},
    ".ratings": dict.fromkeys(("ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"), ()),
    ".sonneborn_berger": {"SB": ("NEUSTADTL",)},
    ".team": dict.fromkeys(("MP", "GP", "MPVGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "SSSC"), ()),
    ".team_encounters": dict.fromkeys(
        ("EDE", "EDEBT", "EDEBB", "EDET", "EDEB", "BC", "TBR", "BBE", "BER", "BERW"), ()
    ),
    ".national.german": dict.fromkeys(("BBH", "SOR", "GPL", "DEB"), ()),
    ".national.us_chess": dict.fromkeys(
        ("MMED", "MED", "SOLK", "CUM", "OCUM", "KASH", "USSB", "MBLK", "RBT"), ()
    ),
}
