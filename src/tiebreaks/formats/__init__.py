"""Input formats: the FIDE Tournament Report File (TRF-16, TRF26, JaVaFo TRF(x))."""

from .readers.trf import decode_trf_bytes, read_trf_bytes, read_trf_file, read_trf_text

__all__ = ["decode_trf_bytes", "read_trf_bytes", "read_trf_file", "read_trf_text"]
