"""What every screen stands on: elements (dom), the page's services, its storage, routes, motions, locks and slices."""
