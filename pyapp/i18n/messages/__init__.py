"""Message tables, one module per area of the site; see :mod:`pyapp.i18n`."""
