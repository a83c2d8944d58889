"""Friends on their own devices (issue 33): the host is the referee, guests see only their own view.

Pure Python, no browser: the page's network link (``web/friends/``) carries
text; everything here decides what that text may say.
"""
