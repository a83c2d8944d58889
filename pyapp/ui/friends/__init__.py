"""A friends' game in the page: the host's room and invite, a guest's join, the link between them."""
