"""Tournament files: the readers (``readers/``), the writers (``writers/``), the two JSON
formats that go both ways (our JSON, FIDE Chess-JSON), the format detection and the safe reading
and writing of files (``files``). This module holds only the names of the formats, so that the
command line can list them without loading a reader."""

#: the formats a tournament is read from
READ_FORMATS = ("trf", "json", "chess-json", "pgn", "csv", "vega", "swiss-chess", "chess-results")
#: what a tournament and its standings can be written as (``tiebreaks convert``)
CONVERT_FORMATS = ("trf", "json", "chess-json", "csv", "html", "pdf", "text")
#: the format a file name's extension stands for
EXTENSIONS = {
    ".trf": "trf",
    ".txt": "trf",
    ".json": "json",
    ".csv": "csv",
    ".html": "html",
    ".htm": "html",
    ".pdf": "pdf",
}
