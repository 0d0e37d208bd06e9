"""The BBS: the site in an SSH terminal, PTT's way (80×24, Big5 or UTF-8), a third front end over
the same services and selectors as the pages and the API (an edge, like api/)."""
