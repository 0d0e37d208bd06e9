"""Reads for the campaign's pages, a module per page, each a fixed number of queries whatever
the world's size."""
