"""Python in a worker drawing on its page: the mirror of the page's elements, the ops out and the page's events and services in."""
