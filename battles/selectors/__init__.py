"""Reads for the war's pages, a module per page, each read a fixed number of queries."""
