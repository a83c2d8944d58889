"""What every screen stands on: elements (dom), the page's services, its storage, the protocol with its worker, routes, motions, locks and slices."""
