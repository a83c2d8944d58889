"""The site around the screens: entry points, the router and its views, top bar, rules pages, lessons, the daily deal."""
