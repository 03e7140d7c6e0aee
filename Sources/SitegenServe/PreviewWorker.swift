/// What `serve` answers for a site's service worker. A worker registered on the preview's origin
/// (localhost and a port) outlives the preview and answers the next project served on that port
/// from its cache, so the preview never serves the site's own: this one, fetched whenever a tab
/// checks its registration for an update, clears every cache of the origin, unregisters itself
/// and reloads the tabs it controlled, so they ask the server again.
enum PreviewWorker {
    /// Any `…/sw.js` the site does not have is this too: a worker registered by another project
    /// at another path is checked there.
    static func answers(_ decodedPath: String, existing: Bool, siteWorker: Bool) -> Bool {
        decodedPath.hasSuffix("/sw.js") && (!existing || siteWorker)
    }

    static let script = """
    // sitegen serve: the preview has no offline worker. One registered on this address, by this
    // site or by another served here before, clears its caches and removes itself.
    self.addEventListener("install", function () { self.skipWaiting(); });
    self.addEventListener("activate", function (event) {
      event.waitUntil(
        caches.keys()
          .then(function (keys) { return Promise.all(keys.map(function (key) { return caches.delete(key); })); })
          .then(function () { return self.registration.unregister(); })
          .then(function () { return self.clients.matchAll({ type: "window" }); })
          .then(function (tabs) { tabs.forEach(function (tab) { tab.navigate(tab.url); }); })
      );
    });
    """
}
