"""Reads for the games' pages, the terminal's games and the live watchers."""
