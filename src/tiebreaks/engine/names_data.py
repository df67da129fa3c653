"""The names people type for each tie-break: data only, read by :mod:`tiebreaks.engine.names`.

``NAMES`` maps a canonical descriptor (``str(parse_spec(...))``) to its names, grouped by
language or source. Every name must normalise (see ``names.normalise``) to a key that no other
descriptor uses; ``AMBIGUOUS`` holds the names that honestly mean more than one tie-break, which
the resolver refuses with the candidates instead of guessing. No name may contain ``,``, ``;``
or ``/`` (list and modifier separators).

Groups: ``en`` (FIDE C.07 English), ``de`` (German, DSB usage), ``it`` (Italian, FSI usage and
the Vega manuals), ``fr`` (French), ``es`` (Spanish, FEDA arbiters' manual), ``us`` (US Chess
rule 34E), ``historical`` (older or regional names), ``swiss-manager`` (labels of Swiss-Manager
as printed on chess-results.com), ``vega`` (labels of the Vega pairing program) and
``swiss-chess`` (column heads of Swiss-Chess's lists; its ``Buchh`` and ``SoBerg`` are under
``de``).

Sources consulted for the program labels:

- Swiss-Manager: the tie-break lines printed under chess-results.com standings, e.g.
  http://chess-results.com/tnr368281.aspx?lan=1 ("points (game-points)",
  "Sonneborn-Berger-Tie-Break (with real points)"), and Swiss-Manager's numbered tie-break
  table as copied into public tournament software (a seed list of the labels with their
  Swiss-Manager numbers, and a chess-results reader's test fixtures with "Direct Encounter (DE)"
  and "Number of wins including byes (WIN)"). Labels whose parameter decides the meaning
  ("... (variabel with parameter)", "... variable") are listed in ``AMBIGUOUS``.
- Vega: https://viewer.joomag.com/manual-de-vega-chess-2016/0285652001480692392/p9, and the
  "Tie Break legend" under the standings Vega publishes (``DirE : Direct Encounter (all play
  all)``), e.g. github.com/Hobsons-Bay-Chess-Club-AU/tournaments (``www/*/standings.html``).
- Italian names: the FSI arbiters' course slides "Lo spareggio tecnico"
  (https://it.scribd.com/presentation/522189173/Lo-Spareggio-tecnico).
- Spanish names: "Manual del Árbitro 2016" (FEDA),
  https://viewer.joomag.com/manual-del-arbitro-2016/0366202001480694818/p155
- German names: de.wikipedia "Feinwertung"; schachbaunatal.de/zusatz/feinwertung.html (which
  defines "Performance" as the sum *or* the average of the opponents' ratings, hence
  ambiguous); schachmatt.at/wissen ("Verfeinerte Buchholz-Wertung" = sum of the opponents'
  Buchholz).
- US Chess: rule 34E (34E1 modified median ... 34E9 cumulative scores of opposition).
"""

from __future__ import annotations

NAMES: dict[str, dict[str, tuple[str, ...]]] = {
    # ---------------------------------------------------------------- FIDE C.07 (2026)
    "PTS": {
        "en": ("Points", "Score", "Total points"),
        "de": ("Punkte", "Punktzahl"),
        "it": ("Punti", "Punteggio"),
        "fr": ("Nombre de points",),
        "es": ("Puntos", "Puntuación"),
        "swiss-manager": ("points (game-points)", "Pts. points (game-points)"),
    },
    "DE": {
        "en": ("Direct encounter", "Direct encounters", "Mutual result", "Mutual games"),
        "de": ("Direkter Vergleich", "Direkte Begegnung", "Direktvergleich"),
        "it": ("Scontro diretto", "Confronto diretto"),
        "fr": ("Confrontation directe", "Rencontre directe", "Résultat particulier"),
        "es": ("Encuentro directo", "Resultado particular", "Enfrentamiento directo"),
        "swiss-manager": (
            "Direct Encounter (DE)",
            "The results of the players in the same point",
            "Direct Encounter (The results of the players in the same point group)",
        ),
        "vega": ("Direct Encounter", "DirE", "Direct Encounter (all play all)"),
    },
    "WIN": {
        "en": (
            "Number of wins",
            "Wins",
            "Most wins",
            "Greater number of wins",
            "Number of victories",
        ),
        "de": ("Anzahl Siege", "Anzahl der Siege", "Siege", "Anzahl Gewinnpartien"),
        "it": ("Numero di vittorie", "Maggior numero di vittorie", "Vittorie"),
        "fr": ("Nombre de victoires", "Victoires", "Plus grand nombre de victoires"),
        "es": ("Número de victorias", "Mayor número de victorias", "Victorias"),
        "swiss-manager": (
            "The greater number of victories",
            "Greater number of victories",
            "Number of wins including byes (WIN)",
        ),
        "vega": ("Most Wins",),
    },
    "WON": {
        "en": ("Number of games won", "Games won", "Won games", "Wins over the board"),
        "de": ("Anzahl gewonnener Partien", "Gewonnene Partien"),
        "it": ("Numero di partite vinte", "Partite vinte"),
        "fr": ("Nombre de parties gagnées", "Parties gagnées"),
        "es": ("Número de partidas ganadas",),
    },
    "BPG": {
        "en": (
            "Number of games played with Black",
            "Games played with Black",
            "Games with Black",
            "Number of games with Black",
            "Greater number of games with Black",
            "Most games with Black",
            "Black games",
        ),
        "de": ("Schwarzpartien", "Anzahl Schwarzpartien", "Anzahl der Schwarzpartien"),
        "it": (
            "Numero di partite con il nero",
            "Maggior numero di partite con il nero",
            "Maggior numero di incontri disputati con il nero",
            "Partite con il nero",
        ),
        "fr": (
            "Nombre de parties avec les noirs",
            "Nombre de parties jouées avec les noirs",
            "Parties avec les noirs",
        ),
        "es": (
            "Número de partidas con negras",
            "Número de partidas jugadas con negras",
            "Mayor número de partidas con negras",
            "Partidas con negras",
        ),
    },
    "BWG": {
        "en": (
            "Number of games won with Black",
            "Games won with Black",
            "Wins with Black",
            "Number of wins with Black",
            "Black wins",
        ),
        "de": (
            "Schwarzsiege",
            "Anzahl Schwarzsiege",
            "Siege mit Schwarz",
            "Anzahl Siege mit Schwarz",
        ),
        "it": (
            "Vittorie con il nero",
            "Numero di vittorie con il nero",
            "Partite vinte con il nero",
        ),
        "fr": ("Victoires avec les noirs", "Nombre de victoires avec les noirs"),
        "es": ("Victorias con negras", "Número de victorias con negras"),
        "swiss-manager": ("Number of games won with black (BWG)",),
    },
    "PS": {
        "en": (
            "Sum of progressive scores",
            "Progressive score",
            "Progressive scores",
            "Progressive",
            "Sum of progressive score",
        ),
        "de": ("Fortschrittswertung", "Summenwertung", "Fortschritt", "Fortschrittspunkte"),
        "it": ("Somma progressiva", "Cumulativo", "Punteggio progressivo", "Progressivo"),
        "fr": ("Cumulatif", "Score cumulatif", "Somme des scores progressifs", "Progressif"),
        "es": (
            "Progresivo",
            "Acumulativo",
            "Suma progresiva",
            "Puntuación progresiva",
            "Suma de puntuaciones progresivas",
        ),
        "historical": ("Progress",),
    },
    "REP": {
        "en": ("Rounds one elected to play", "Rounds elected to play"),
        "historical": ("Games one elected to play", "Games elected to play", "Games elected"),
    },
    "STD": {
        "en": ("Standard points", "Standard scoring"),
        "de": ("Standardpunkte",),
        "it": ("Punteggio standard",),
        "fr": ("Points standard",),
        "es": ("Puntos estándar",),
        "vega": ("Standard Score",),
    },
    "TPN": {
        "en": ("Tournament pairing number", "Pairing number", "Starting number", "Start number"),
        "de": ("Startnummer", "Startrang"),
    },
    "MAN": {
        "en": ("Manual value", "Arbiter's value", "Play-off"),
        "de": ("Manueller Wert", "Schiedsrichterentscheid", "Stichkampf"),
        "it": ("Valore manuale", "Spareggio giocato"),
        "fr": ("Valeur manuelle", "Départage joué"),
        "es": ("Valor manual", "Desempate jugado"),
    },
    "BH": {
        "en": (
            "Buchholz",
            "Buchholz total",
            "Total Buchholz",
            "Full Buchholz",
            "Buchholz score",
            "Buchholz system",
            "Sum of opponents' scores",
        ),
        "de": (
            "Buchholz",
            "Buchholzwertung",
            "Buchholz-Zahl",
            "Buchholzzahl",
            "Buchh",
            "Volle Buchholz",
        ),
        "it": ("Buchholz", "Buchholz Totale", "Sistema Buchholz"),
        "fr": ("Buchholz", "Buchholz total", "Buchholz intégral", "Système Buchholz"),
        "es": ("Buchholz", "Buchholz total", "Sistema de Buchholz"),
        "swiss-manager": ("Buchholz Tie-Breaks (all Results)",),
        "vega": ("Buchholz Total",),
    },
    "BH/C1": {
        "en": (
            "Buchholz Cut 1",
            "Buchholz cut",
            "Cut-1 Buchholz",
            "Buchholz minus lowest",
            "Buchholz minus worst",
        ),
        "de": (
            "Buchholz mit einem Streichresultat",
            "Buchholz mit 1 Streichresultat",
            "Buchholz mit Streichresultat",
            "Buchholz mit einem Streichergebnis",
            "Buchholz-1",
        ),
        "it": ("Buchholz Cut 1", "Buchholz Tagliato 1"),
        "fr": ("Buchholz tronqué", "Buchholz tronqué 1"),
        "es": ("Buchholz menos el peor", "Buchholz -1", "Buchholz brasileño", "Buchholz corte 1"),
        "historical": ("Brazilian Buchholz", "Better Buchholz"),
        "swiss-manager": ("Buchholzwertung (1 Streichresultat)",),
        "vega": ("Buchholz Cut 1",),
    },
    "BH/C2": {
        "en": ("Buchholz Cut 2", "Cut-2 Buchholz", "Buchholz minus two lowest"),
        "de": (
            "Buchholz mit zwei Streichresultaten",
            "Buchholz mit 2 Streichresultaten",
            "Buchholz mit zwei Streichergebnissen",
            "Buchholz-2",
        ),
        "it": ("Buchholz Cut 2", "Buchholz Tagliato 2"),
        "fr": ("Buchholz tronqué 2",),
        "es": ("Buchholz menos los dos peores", "Buchholz -2", "Buchholz corte 2"),
        "vega": ("Buchholz Cut 2",),
    },
    "BH/M1": {
        "en": ("Median Buchholz", "Buchholz median", "Median Buchholz 1", "Buchholz median 1"),
        "de": ("Mittlere Buchholz", "Gemittelte Buchholz", "Mittlere Buchholzwertung"),
        "it": ("Buchholz Mediano", "Buchholz Mediano 1"),
        "fr": ("Buchholz médian", "Buchholz médian 1"),
        "es": ("Buchholz mediano", "Buchholz mediano 1"),
        "swiss-manager": ("Buchholz Tie-Breaks (without two results=middle Tie-Breaks)",),
        "vega": ("Buchholz Median",),
    },
    "BH/M2": {
        "en": ("Median Buchholz 2", "Buchholz median 2"),
        "de": ("Mittlere Buchholz 2", "Gemittelte Buchholz 2"),
        "it": ("Buchholz Mediano 2",),
        "fr": ("Buchholz médian 2",),
        "es": ("Buchholz mediano 2",),
    },
    "ABH": {
        "en": ("Adjusted score for Buchholz", "Adjusted score"),
        "de": ("Angepasste Punktzahl für Buchholz",),
        "it": ("Punteggio corretto per il Buchholz",),
        "fr": ("Score ajusté pour le Buchholz",),
        "es": ("Puntuación ajustada para el Buchholz",),
    },
    "AFB": {
        "en": ("Adjusted score for Fore Buchholz",),
        "de": ("Angepasste Punktzahl für Fore-Buchholz",),
        "it": ("Punteggio corretto per il Fore Buchholz",),
        "fr": ("Score ajusté pour le Fore Buchholz",),
        "es": ("Puntuación ajustada para el Fore Buchholz",),
    },
    "AOB": {
        "en": (
            "Average of opponents' Buchholz",
            "Average opponents' Buchholz",
            "Average Buchholz of opponents",
        ),
        "de": ("Durchschnittliche Buchholz der Gegner", "Buchholz-Durchschnitt der Gegner"),
        "it": ("Media dei Buchholz degli avversari",),
        "fr": ("Moyenne des Buchholz des adversaires",),
        "es": ("Promedio del Buchholz de los oponentes", "Media de Buchholz de los rivales"),
    },
    "FB": {
        "en": ("Fore Buchholz", "Forebuchholz"),
    },
    "SB": {
        "en": (
            "Sonneborn-Berger",
            "Sonneborn-Berger score",
            "Sonneborn-Berger system",
            "SB score",
        ),
        "de": (
            "Sonneborn-Berger-Wertung",
            "Sonneborn-Berger-Zahl",
            "SB-Zahl",
            "SB-Wertung",
            "SoBerg",
            "SoBe",
        ),
        "it": ("Sonneborn-Berger", "Sonneborg-Berger", "Sistema Sonneborn-Berger"),
        "fr": ("Sonneborn-Berger", "Système Sonneborn-Berger"),
        "es": ("Sonneborn-Berger", "Sistema Sonneborn-Berger"),
        "historical": ("Neustadtl", "Neustadtl score", "Berger", "Berger score"),
        "swiss-manager": (
            "Sonneborn-Berger-Tie-Break (with real points)",
            "FIDE-Sonneborn-Berger-Tie-Break",
        ),
        "vega": ("Sonneborn-Berger",),
    },
    "SB/C1": {
        "en": ("Sonneborn-Berger Cut 1", "Sonneborn-Berger cut"),
        "de": ("Sonneborn-Berger mit einem Streichresultat",),
        "fr": ("Sonneborn-Berger tronqué",),
        "es": ("Sonneborn-Berger menos el peor",),
    },
    "KS": {
        "en": ("Koya", "Koya system", "Koya score"),
        "de": ("Koya-System", "Koya-Wertung"),
        "it": ("Koya", "Sistema Koya"),
        "fr": ("Système Koya",),
        "es": ("Sistema Koya", "Sistema de Koya"),
        "swiss-manager": ("Koya-System (Points against player with >= 50% of the points)",),
        "vega": ("Koya",),
    },
    "ARO": {
        "en": (
            "Average rating of opponents",
            "Average opponents' rating",
            "Average opponent rating",
            "Opponents' average rating",
            "Average rating of opposition",
            "Average Elo of opponents",
        ),
        "de": (
            "Elo-Schnitt der Gegner",
            "Gegnerschnitt",
            "Durchschnittliche Elo der Gegner",
            "Durchschnittswertung der Gegner",
        ),
        "it": ("ARO", "Media Elo degli avversari", "Elo medio degli avversari"),
        "fr": ("Moyenne Elo des adversaires", "Elo moyen des adversaires"),
        "es": ("Valoración media de los oponentes", "Elo medio de los oponentes"),
        "swiss-manager": ("rating average of the opponents",),
        "vega": ("Average Rating Opp.",),
    },
    "ARO/C1": {
        "en": ("AROC1", "AROC", "Average rating of opponents cut 1", "ARO cut 1"),
        "it": ("Media Elo degli avversari tagliata", "ARCO"),
        "es": ("Valoración media de los oponentes con corte",),
        "swiss-manager": ("rating average of the opponents (without one result)",),
        "vega": ("Av. Rat. Opp. Cut 1",),
    },
    "TPR": {
        "en": (
            "Tournament performance rating",
            "Performance rating",
            "Performance",
            "Rating performance",
            "Tournament performance",
        ),
        "de": ("Turnierleistung", "Turnierperformance", "Elo-Performance"),
        "it": ("Performance", "Performance Elo"),
        "fr": ("Performance", "Performance Elo du tournoi"),
        "es": ("Performance", "Rendimiento", "Rendimiento Elo"),
    },
    "PTP": {
        "en": ("Perfect tournament performance", "Perfect performance"),
        "de": ("Perfekte Turnierleistung", "Perfekte Performance"),
        "it": ("Performance perfetta",),
        "fr": ("Performance parfaite",),
        "es": ("Performance perfecta", "Rendimiento perfecto"),
    },
    "APRO": {
        "en": (
            "Average performance rating of opponents",
            "Average performance of opponents",
            "Opponents' average performance",
        ),
        "de": ("Durchschnittliche Performance der Gegner",),
        "it": ("Media delle performance degli avversari",),
        "fr": ("Moyenne des performances des adversaires",),
        "es": ("Promedio de performance de los oponentes", "Rendimiento medio de los oponentes"),
        "vega": ("Av. Per. Rat. Opp.",),
    },
    "APPO": {
        "en": (
            "Average perfect performance of opponents",
            "Average perfect tournament performance of opponents",
        ),
        "de": ("Durchschnittliche perfekte Performance der Gegner",),
        "it": ("Media delle performance perfette degli avversari",),
        "fr": ("Moyenne des performances parfaites des adversaires",),
        "es": ("Promedio de performance perfecta de los oponentes",),
    },
    "RTNG": {
        "en": ("Rating", "Own rating", "Player's rating", "Elo"),
        "de": ("Elo-Zahl", "Eigene Elo", "Wertungszahl"),
        "it": ("Punteggio Elo",),
        "fr": ("Classement Elo",),
        "es": ("Valoración", "Valoración Elo"),
    },
    # ---------------------------------------------------------------- German (DSB) additions
    "BBH": {
        "en": (
            "Buchholz of Buchholz",
            "Sum of Buchholz",
            "Sum of opponents' Buchholz",
            "Buchholz sum",
            "Refined Buchholz",
        ),
        "de": (
            "Verfeinerte Buchholz",
            "Verfeinerte Buchholzwertung",
            "Verfeinerte Buchholz-Wertung",
            "Buchholz-Buchholz",
            "Buchholz-Summe",
            "Buchholzsumme",
            "Summe der Buchholz",
            "Feinbuchholz",
        ),
        "it": ("Somma dei Buchholz", "Buchholz dei Buchholz"),
        "fr": ("Somme des Buchholz",),
        "es": ("Suma de Buchholz", "Buchholz de Buchholz"),
        "swiss-manager": ("Sum of Buchholz-Tie-Breaks (all Results)",),
        "swiss-chess": ("BuSumm",),
    },
    "SOR": {
        "en": (
            "Sum of opponents' ratings",
            "Sum of ratings of opponents",
            "Sum of the ratings of the opponents",
            "Total opposition rating",
            "Total rating of opponents",
        ),
        "de": (
            "Summe der Gegnerwertungen",
            "Elo-Summe der Gegner",
            "Gegner-Elo-Summe",
            "Wertungssumme der Gegner",
            "Summe der Elo der Gegner",
        ),
    },
    "SOR/C1": {
        "swiss-manager": ("Sum of the ratings of the opponents (whithout one result)",),
    },
    "GPL": {
        "en": ("Number of games played", "Games played", "Games actually played", "Played games"),
        "de": ("Anzahl gespielter Partien", "Anzahl der gespielten Partien", "Gespielte Partien"),
    },
    "DEB": {
        "en": (
            "Direct encounter favouring Black",
            "Direct encounter favoring Black",
            "Direct encounter (Black preferred)",
        ),
        "de": ("Direkter Vergleich (Schwarz bevorzugt)", "Direkter Vergleich mit Schwarzvorteil"),
    },
    # ---------------------------------------------------------------- US Chess, rule 34E
    "MMED": {
        "us": ("Modified median", "Modified median system", "US modified median"),
    },
    "MED": {
        "us": ("Harkness", "Harkness system", "Median system", "US median", "Median (US)"),
    },
    "SOLK": {
        "us": ("Solkoff", "Solkoff system", "US Solkoff"),
    },
    "CUM": {
        "us": ("US cumulative", "Cumulative (US)", "USCF cumulative", "US Chess cumulative"),
    },
    "OCUM": {
        "us": (
            "Cumulative of opposition",
            "Cumulative scores of opposition",
            "Opposition cumulative",
            "Opponents' cumulative",
            "Opponents' cumulative scores",
        ),
    },
    "KASH": {
        "us": ("Kashdan", "Kashdan system"),
    },
    "USSB": {
        "us": (
            "US Sonneborn-Berger",
            "Sonneborn-Berger (US)",
            "USCF Sonneborn-Berger",
            "US Chess Sonneborn-Berger",
        ),
    },
    "MBLK": {
        "us": ("US most blacks", "Most blacks (US)", "USCF most blacks"),
    },
    "RBT": {
        "us": (
            "Result between tied players",
            "Results between tied players",
            "Game result between tied players",
            "US head-to-head",
            "Head-to-head (US)",
        ),
    },
    # ---------------------------------------------------------------- teams (C.07 Art. 11-13)
    "MP": {
        "en": ("Match points", "Team points"),
        "de": ("Mannschaftspunkte", "Mannschaftspunkt"),
        "it": ("Punti squadra", "Punti match"),
        "fr": ("Points de match",),
        "es": ("Puntos de match", "Puntos de encuentro"),
    },
    "GP": {
        "en": ("Game points", "Board points"),
        "de": ("Brettpunkte", "Brettpunkt"),
        "it": ("Punti partita", "Punti individuali"),
        "fr": ("Points de partie",),
        "es": ("Puntos de tablero", "Puntos individuales"),
    },
    "MPVGP": {"en": ("Match points versus game points", "Secondary score")},
    "EMMSB": {"en": ("Extended Sonneborn-Berger MM",)},
    "EMGSB": {"en": ("Extended Sonneborn-Berger MG",)},
    "EMGSB/C1": {
        "en": ("Olympiad Sonneborn-Berger", "Olympiad SB"),
        "de": ("Olympiade-Sonneborn-Berger", "Olympiade-Sonneborn-Berger-Wertung"),
    },
    "EGMSB": {"en": ("Extended Sonneborn-Berger GM",)},
    "EGGSB": {"en": ("Extended Sonneborn-Berger GG",)},
    "BH:MP/C1": {
        "en": ("Olympiad Buchholz",),
        "de": ("Olympiade-Buchholz", "Olympiade-Buchholz-Wertung"),
    },
    "SSSC": {"en": ("Scores and schedule strength combination",)},
}

# Names that mean more than one tie-break: the resolver lists the candidates and asks.
AMBIGUOUS: dict[str, tuple[str, ...]] = {
    # US rule 34E3 "Cumulative" (CUM) vs. FIDE's sum of progressive scores, which Vega and many
    # federations also call "Cumulative" (PS).
    "Cumulative": ("CUM", "PS"),
    "Cumulative score": ("CUM", "PS"),
    # US rule 34E4 "Median" (Harkness) vs. the FIDE median Buchholz.
    "Median": ("MED", "BH/M1"),
    # US rule 34E6 "Most blacks" (also Vega's and Swiss-Manager's label) vs. FIDE BPG.
    "Most blacks": ("MBLK", "BPG"),
    "Most black": ("MBLK", "BPG"),
    # FIDE direct encounter vs. US rule 34E5 result between tied players.
    "Head-to-head": ("DE", "RBT"),
    # German "Performance-Wertung": the sum or the average of the opponents' ratings, and
    # elsewhere the performance rating.
    "Performance-Wertung": ("SOR", "ARO", "TPR"),
    # Swiss-Manager labels whose parameters (not shown on chess-results) decide the variant.
    "Buchholz Tie-Breaks (variabel with parameter)": ("BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2"),
    "Sonneborn-Berger-Tie-Break variable": ("SB", "SB/C1"),
    "Sonneborn-Berger-Tie-Break (variabel)": ("SB", "SB/C1"),
    "rating average of the opponents (variabel with parameter)": ("ARO", "ARO/C1"),
    "The greater number of victories (variable)": ("WIN", "WON"),
}


#: Swiss-Manager's "variable" labels (chess-results legends) whose parameters follow in
#: parentheses, ``Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1)``: the label (case
#: folded) -> the acronym; the parameters are :data:`SWISS_MANAGER_PARAMETERS`. Source: the
#: legend of https://s2.chess-results.com/tnr1413687.aspx?lan=1&art=4 ("Tie Break1: Buchholz
#: Tie-Break Variable (2026) (Gamepoints, Cut1)", "Tie Break3: Sonneborn Berger Tie-Break
#: Variable (2026) (Gamepoints)", "Tie Break5: Number of wins including byes (WIN)
#: (Gamepoints, Forfeited games count)"). A label without parameters stays ambiguous
#: (``AMBIGUOUS``).
SWISS_MANAGER_VARIABLE: dict[str, str] = {
    "buchholz tie-break variable (2026)": "BH",
    "buchholz tie-breaks (variabel with parameter)": "BH",
    "sonneborn berger tie-break variable (2026)": "SB",
    "sonneborn-berger-tie-break variable": "SB",
    "sonneborn-berger-tie-break (variabel)": "SB",
    "rating average of the opponents (variabel with parameter)": "ARO",
    "average rating of opponents variable (2026)": "ARO",
}
#: the parameters of a Swiss-Manager label (case folded, blanks removed) -> the modifier they
#: add ("" for none: game points are what every tie-break sums unless told otherwise)
SWISS_MANAGER_PARAMETERS: dict[str, str] = {
    "gamepoints": "",
    "cut1": "C1",
    "cut2": "C2",
    "median1": "M1",
    "median2": "M2",
}
#: parameters that state a tie-break's own C.07 definition, accepted for that tie-break only:
#: WIN counts the unplayed rounds won (C.07 Art. 7.1), forfeits included
SWISS_MANAGER_DEFAULTS: frozenset[tuple[str, str]] = frozenset({("WIN", "forfeitedgamescount")})

#: Named tie-break lists. Olympiad orders from seeds 000/003 (Olympiad Pairing Rules, section G
#: "Tie Breaking"): 2008 match points, Olympiad Sonneborn-Berger, Olympiad Buchholz, game
#: points; from 2010 game points before the Olympiad Buchholz. US Chess: rule 34E's usual
#: first four. FIDE: the C.02 13.16 recommendations written in C.07 acronyms.
PRESETS: dict[str, str] = {
    "olympiad-2008": "MP,EMGSB/C1,BH:MP/C1,GP",
    "olympiad-2010": "MP,EMGSB/C1,GP,BH:MP/C1",
    "uscf": "PTS,MMED,SOLK,CUM,OCUM",
    "fide-swiss": "PTS,BH/C1,BH,SB,DE,WIN,BWG",
    "fide-round-robin": "PTS,DE,WIN,SB,KS",
}
