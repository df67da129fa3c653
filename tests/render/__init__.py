"""Tests of the HTML, PDF and localised text renderers."""
