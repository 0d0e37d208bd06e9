"""The segments of the season's browser test (the issue's "Done means"): each part's pages driven
by a helper that the one season test chains, and that each part's own test runs alone."""
