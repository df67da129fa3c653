"""The page's computations, each run in a worker: the upload page, the results page (the
detected tournament, the tie-break editor, standings, crosstable, the panel) and downloads."""

from __future__ import annotations

import base64
import itertools
from dataclasses import dataclass, replace
from functools import cache

from ..errors import TiebreaksError, UsageError
from ..formats.reading import example_path
from ..model import Tournament
from ..model.rules import rules_by_name
from ..render.i18n import SUPPORTED, warning_text
from ..standings import Standings
from . import api_jobs
from .api_jobs import file_outcome
from .check_view import check_page
from .compare_view import CompareView, compare_view
from .i18n import web_translator
from .messages import EXPECTED
from .page_state import PageRequest, apply_edit, arbiter_settings, language, number_or_none
from .paging import PAGE_SIZE, paging
from .panels import Panel, explain_panel, why_panel
from .service import (
    Problem,
    Settings,
    Upload,
    check_after_round,
    check_items,
    compute,
    discouraged,
    is_team,
    page_names,
    read,
    rounds_expected,
    web_message,
)
from .views import (
    DOWNLOADS,
    Choice,
    Common,
    ErrorView,
    Fact,
    ItemView,
    Table,
    common,
    error_view,
    facts,
    item_views,
    origin_text,
    participant_choices,
    render,
    rules_choices,
    suggestions,
    table,
    upload_view,
)
from .worker import Outcome

HTML = "text/html; charset=utf-8"


def upload_page(lang: str, max_upload: int, message: str = "", status: int = 200) -> Outcome:
    """The first page: choose, drop or paste a tournament file; ``message`` says what went
    wrong with the last try."""

    error = ErrorView(message, 0, 0, "", "") if message else None
    body = render("upload.html.j2", lang, view=upload_view(lang, max_upload, error))
    return Outcome(status, HTML, body)


@dataclass(frozen=True)
class Ranked:
    """The list as edited and checked, and the standings (None when they cannot be
    computed: ``error`` says why); ``blocked`` when problems keep them from being shown."""

    items: tuple[str, ...]
    origin: str
    problems: tuple[Problem, ...]
    standings: Standings | None
    blocked: bool
    error: str = ""
    edit_error: str = ""
    new_item: str = ""
    notice: str = ""
    settings: Settings | None = None


def numbers(tournament: Tournament, request: PageRequest) -> tuple[int | None, int | None]:
    """The round and the rating of unrated players typed in the form (FieldError naming the
    field as the page labels it when one is not a whole number in its range)."""
    after_round = number_or_none(request.after_round, "after round", rounds_expected(tournament))
    check_after_round(tournament, after_round, "after round")
    rating = number_or_none(
        request.unrated_rating, "rating of unrated players", EXPECTED["unrated_rating"]
    )
    return after_round, rating


def rank(tournament: Tournament, request: PageRequest) -> Ranked:
    """Apply the editor's edit, check the list, compute the standings."""
    edited = apply_edit(request, tournament)
    items, usable = edited.items, None
    problems: list[Problem] = []
    if items is not None:
        canonical, problems = check_items(tournament, items)
        bad = {problem.position for problem in problems}
        usable = tuple(item for i, item in enumerate(canonical) if i not in bad) or ("PTS",)
        items = tuple(canonical)
    try:
        numbered = numbers(tournament, request)
        settings = Settings(
            usable,
            request.rules or None,
            *numbered,
            allow_discouraged=True,
            unrated_excluded=request.unrated_excluded,
            lots=request.lots,
            **arbiter_settings(tournament, request),
            rating_by_round=request.rating_by_round,
        )
        standings = compute(tournament, settings)
    except TiebreaksError as error:
        return Ranked(
            items or (),
            edited.origin,
            tuple(problems),
            None,
            True,
            web_message(error, page_names(language(request))),
            edited.error,
            edited.added,
            edited.notice,
        )
    problems += discouraged(standings, items)
    if items is None:
        items = tuple(str(spec) for spec in standings.tiebreaks)
    blocked = any(not problem.overridable or not request.override for problem in problems)
    origin = edited.origin or standings.tiebreaks_source
    return Ranked(
        items,
        origin,
        tuple(problems),
        standings,
        blocked,
        edit_error=edited.error,
        new_item=edited.added,
        notice=edited.notice,
        settings=settings,
    )


def panel_of(ranked: Ranked, request: PageRequest, lang: str) -> Panel | None:
    """The panel a button asked for (an explanation or a "why"), if any."""
    standings = ranked.standings
    if standings is None or ranked.blocked or not (request.explain or request.why):
        return None
    try:
        if request.explain:
            return explain_panel(standings, request.explain, lang)
        first, _, second = request.why.partition("|")
        if request.why == "form":
            first, second = request.why_a, request.why_b
        return why_panel(standings, first, second, lang)
    except UsageError as error:
        return Panel("error", web_message(error, page_names(lang)))


@dataclass(frozen=True)
class WarningItem:
    """One warning of the page: its text and its code (``data-code`` in the page)."""

    text: str
    code: str


@dataclass(frozen=True)
class ResultsView:
    """The results page."""

    common: Common
    title: str
    data: str
    source: str
    fmt: str
    facts: tuple[Fact, ...]
    rules: tuple[Choice, ...]
    items: tuple[ItemView, ...]
    origin: str
    origin_text: str
    new_item: str
    edit_error: str
    edit_notice: str
    suggestions: tuple[Choice, ...]
    has_file_list: bool
    regime_list: str
    after_round: str
    unrated_rating: str
    unrated_excluded: bool
    lots: bool
    excluded: str
    expelled: str
    exclude_withdrawn: bool
    manual: str
    order: str
    rating_by_round: bool
    override: bool
    can_override: bool
    blocked: bool
    error: str
    table: Table | None
    warnings: tuple[WarningItem, ...]
    panel: Panel | None
    why_a: tuple[Choice, ...]
    why_b: tuple[Choice, ...]
    downloads: tuple[tuple[str, str, str], ...]
    find: str = ""
    why_typed: tuple[str, str] | None = None
    compare: CompareView | None = None
    cmp_rules: tuple[Choice, ...] = ()
    cmp_list: str = ""


def results_view(
    request: PageRequest, tournament: Tournament, ranked: Ranked, max_upload: int
) -> ResultsView:
    """Everything the results page shows."""
    lang = language(request)
    upload = request.upload
    assert upload is not None
    standings = ranked.standings if not ranked.blocked else None
    default_a, default_b = _why_pair(standings)
    return ResultsView(
        common=common(lang, max_upload),
        title=tournament.name or upload.source or web_translator(lang).gettext("Tournament"),
        data=base64.b64encode(upload.data).decode("ascii"),
        source=upload.source,
        fmt=upload.fmt or "",
        facts=facts(upload, tournament, ranked.standings, lang),
        rules=rules_choices(request.rules, web_translator(lang).gettext),
        items=item_views(ranked.items, list(ranked.problems), request.override, lang),
        origin=ranked.origin,
        origin_text=origin_text(ranked.origin, ranked.standings, lang),
        new_item=ranked.new_item,
        edit_error=ranked.edit_error,
        edit_notice=ranked.notice,
        suggestions=suggestions(is_team(tournament), lang),
        has_file_list=bool(tournament.standings_list or tournament.tiebreak_list),
        regime_list=_regime_with_list(request.rules),
        after_round=request.after_round,
        unrated_rating=request.unrated_rating,
        unrated_excluded=request.unrated_excluded,
        lots=request.lots,
        excluded=request.excluded,
        expelled=request.expelled,
        exclude_withdrawn=request.exclude_withdrawn,
        manual=request.manual,
        order=request.order,
        rating_by_round=request.rating_by_round,
        override=request.override,
        can_override=any(problem.overridable for problem in ranked.problems),
        blocked=ranked.blocked,
        error=ranked.error,
        table=_table(standings, request, lang),
        warnings=_warnings(ranked, lang),
        panel=panel_of(ranked, request, lang),
        why_a=_menu(standings, request.why_a or default_a),
        why_b=_menu(standings, request.why_b or default_b),
        downloads=DOWNLOADS,
        find=request.find,
        why_typed=_typed(standings, request.why_a or default_a, request.why_b or default_b),
        compare=_compared(tournament, ranked, request, lang),
        cmp_rules=_side_b_rules(request.cmp_rules, lang),
        cmp_list=request.cmp_list,
    )


def _compared(
    tournament: Tournament, ranked: Ranked, request: PageRequest, lang: str
) -> CompareView | None:
    """The comparison the compare button asked for (none while the list is blocked)."""
    if not request.compare or ranked.blocked or ranked.standings is None:
        return None
    assert ranked.settings is not None
    return compare_view(
        tournament, ranked.settings, ranked.standings, request.cmp_rules, request.cmp_list, lang
    )


def _side_b_rules(selected: str, lang: str) -> tuple[Choice, ...]:
    """The regime menu of side B: the page's regime, then every regime."""
    gettext = web_translator(lang).gettext
    choices = rules_choices(selected, gettext)
    return (Choice("", gettext("the same as above"), not selected), *choices[1:])


def _table(standings: Standings | None, request: PageRequest, lang: str) -> Table | None:
    """The page of the standings the form asks for (see :func:`.paging.paging`)."""
    if standings is None:
        return None
    return table(standings, lang, paging(standings, request.page, request.find))


def _menu(standings: Standings | None, chosen: str) -> tuple[Choice, ...]:
    """The participants as a menu of the "why" form, when they fit in one (a menu of
    10,000 names would weigh more than the page: larger events type a number or a name)."""
    if standings is None or len(standings.rows) > PAGE_SIZE:
        return ()
    return participant_choices(standings, chosen)


def _typed(standings: Standings | None, first: str, second: str) -> tuple[str, str] | None:
    """The two participants of the "why" form as typed, when there is no menu."""
    if standings is None or len(standings.rows) <= PAGE_SIZE:
        return None
    return first, second


def _warnings(ranked: Ranked, lang: str) -> tuple[WarningItem, ...]:
    """The standings' warnings in ``lang``, naming the page's fields, but those the editor
    already shows as blocking problems (told by the warning's code and the tie-break it is
    about)."""
    if ranked.standings is None:
        return ()
    problems = ranked.problems if ranked.blocked else ()
    shown = {(problem.code, problem.item) for problem in problems if problem.code}
    return tuple(
        WarningItem(warning_text(warning, lang, page_names(lang)), warning.code)
        for warning in ranked.standings.warnings
        if (warning.code, warning.subject) not in shown
    )


def _why_pair(standings: Standings | None) -> tuple[str, str]:
    """The pair the "why" menus start with: the first two neighbours with equal points (a
    tie-break decides between them), else the first two."""
    if standings is None or len(standings.rows) < 2:
        return "", ""
    rows, first = standings.rows, standings.columns[0]
    pair = next(
        (
            (above, below)
            for above, below in itertools.pairwise(rows)
            if above.values[first] == below.values[first]
        ),
        (rows[0], rows[1]),
    )
    return str(pair[0].player.start_number), str(pair[1].player.start_number)


def _regime_with_list(rules: str) -> str:
    """The regime's name when it has its own default list (uscf), else ""."""
    try:
        return rules if rules and rules_by_name(rules).default_tiebreaks else ""
    except UsageError:
        return ""


def _read(request: PageRequest, max_upload: int) -> Tournament | Outcome:
    """The request's tournament, or the upload page saying why it cannot be read."""
    lang = language(request)
    upload = request.upload
    if upload is None:
        message = request.message or web_translator(lang).gettext(
            "Choose a tournament file, drop one here or paste its text."
        )
        return upload_page(lang, max_upload, message, 422)
    try:
        return read(upload)
    except TiebreaksError as error:
        text = upload.data.decode("utf-8", "replace") if len(upload.data) < 200_000 else ""
        view = upload_view(lang, max_upload, error_view(error, upload, lang), text)
        return Outcome(422, HTML, render("upload.html.j2", lang, view=view))


def results_page(request: PageRequest, max_upload: int) -> Outcome:
    """The results page (or only its panel, for the page's script)."""
    lang = language(request)
    tournament = _read(request, max_upload)
    if isinstance(tournament, Outcome):
        return tournament
    ranked = rank(tournament, request)
    if request.partial:
        panel = panel_of(ranked, request, lang) or Panel("error", ranked.error or "–")
        return Outcome(200, HTML, render("panel.html.j2", lang, panel=panel))
    view = results_view(request, tournament, ranked, max_upload)
    status = 422 if ranked.error else 200
    return Outcome(status, HTML, render("results.html.j2", lang, view=view))


def download(request: PageRequest, max_upload: int) -> Outcome:
    """A download of the standings or the tournament (the results page when the list is
    blocked or the standings cannot be computed)."""
    lang = language(request)
    tournament = _read(request, max_upload)
    if isinstance(tournament, Outcome):
        return tournament
    ranked = rank(tournament, replace(request, edit=""))
    upload = request.upload
    assert upload is not None
    if ranked.standings is not None and not ranked.blocked:
        try:
            return file_outcome(tournament, ranked.standings, request.download, lang, upload.source)
        except UsageError as error:
            ranked = replace(ranked, error=web_message(error, page_names(lang)))
    else:
        ranked = replace(
            ranked,
            error=ranked.error
            or web_translator(lang).gettext(
                "The standings cannot be computed with this list: see the tie-breaks."
            ),
        )
    view = results_view(request, tournament, ranked, max_upload)
    return Outcome(422, HTML, render("results.html.j2", lang, view=view))


#: one bundled example of each input format (and a team event), read once by :func:`warm_up`
WARM_UP_EXAMPLES = (
    "held-swiss-16.trf",
    "held-swiss-16.json",
    "held-swiss-16.chess.json",
    "held-swiss-16.pgn",
    "seed-000-crosstable.csv",
    "held-team-14.trf",
)


@cache
def warm_up() -> None:
    """Load what the workers need (modules, catalogs, templates, locale data) once per
    process, in the server process before it serves, so that every worker starts with it
    loaded: every reader, the page in every language, and every answer of the API (the
    standings' HTML page in every language; not the PDF, whose WeasyPrint stays out of the
    server process). A worker that had to load them itself would spend several times its
    computation on it."""

    for name in WARM_UP_EXAMPLES:
        data = Upload(example_path(name).read_bytes(), name)
        api_jobs.standings(data, Settings())
        api_jobs.validate(data, Settings())
    upload = Upload(example_path("held-swiss-16.trf").read_bytes(), "held-swiss-16.trf")
    for lang in SUPPORTED:
        upload_page(lang, 1)
        request = PageRequest(lang=lang, upload=upload, explain="1")
        results_page(request, 1)
        results_page(replace(request, explain="", why="1|2"), 1)
        check_page(PageRequest(lang=lang), lang, 1)  # the check page, then its panel
        check_page(replace(request, partial=True), lang, 1, True)
        for output in api_jobs.FILE_TYPES:
            if output != "pdf":
                api_jobs.convert(upload, Settings(), output, lang)
    api_jobs.explain(upload, Settings(), "1", None)
    api_jobs.why_ahead(upload, Settings(), "1", "2")
    api_jobs.compare(upload, Settings(rules="fide-2024"), Settings(rules="fide-2026"))
