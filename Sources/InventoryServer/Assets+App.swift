// The installable app: its manifest, its icon (one drawing, PNGs made from it by libvips), and
// the service worker that keeps what was last seen readable without a connection.
extension Assets {
    /// The icon: a house on the accent colour, as a drawing.
    static let iconSVG = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
        <rect width="512" height="512" rx="96" fill="#1d5fbf"/>
        <path d="M256 104 L424 248 L384 248 L384 408 L296 408 L296 304 L216 304 L216 408 \
        L128 408 L128 248 L88 248 Z" fill="#ffffff"/>
        </svg>
        """

    /// The web app manifest: "Add to home screen" opens the house's pages full-screen.
    static let manifest = """
        {
          "name": "Home inventory",
          "short_name": "Inventory",
          "start_url": "/",
          "scope": "/",
          "display": "standalone",
          "background_color": "#ffffff",
          "theme_color": "#1d5fbf",
          "icons": [
            { "src": "/static/icon.svg", "sizes": "any", "type": "image/svg+xml" },
            { "src": "/static/icon-192.png", "sizes": "192x192", "type": "image/png" },
            { "src": "/static/icon-512.png", "sizes": "512x512", "type": "image/png",
              "purpose": "any maskable" }
          ]
        }
        """

    /// The name of the cache the service worker keeps pages in: a new one with each release of
    /// the pages' script, so that pages kept by an older one are not shown by a newer one.
    static let offlineCache = "inventory-pages-1"

    /// The service worker. It keeps the house's pages (lists, item pages, the home page, what
    /// is due) and the small thumbnails as last seen, and answers from them when the network
    /// fails: network first for pages, so that what is shown is current whenever it can be;
    /// the cache first for a small thumbnail, which never changes. It never keeps a share
    /// link's page (the device is not the household's), a photo or a receipt, the API or the
    /// change stream, and it never takes a write: a form sent offline fails, and the page says
    /// so (app.js). Signing out empties it.
    static let serviceWorker = """
        "use strict";
        const CACHE = "\(offlineCache)";
        const KEPT = [/^\\/$/, /^\\/views\\//, /^\\/items\\/(\\d+|new)$/, /^\\/due$/, /^\\/places\\/\\d+$/,
          /^\\/claims(\\/\\d+)?$/, /^\\/static\\//];
        self.addEventListener("install", function () { self.skipWaiting(); });
        // signing out: forget what was kept, and keep nothing that is being fetched now
        let forgottenAt = 0;
        self.addEventListener("message", function (event) {
          if (event.data !== "forget") return;
          forgottenAt = Date.now();
          event.waitUntil(caches.keys().then(function (names) {
            return Promise.all(names.map(function (name) { return caches.delete(name); }));
          }));
        });
        self.addEventListener("activate", function (event) {
          event.waitUntil(caches.keys().then(function (names) {
            return Promise.all(names.filter(function (name) { return name !== CACHE; })
              .map(function (name) { return caches.delete(name); }));
          }).then(function () { return self.clients.claim(); }));
        });
        self.addEventListener("fetch", function (event) {
          const request = event.request;
          if (request.method !== "GET") return;
          const url = new URL(request.url);
          if (url.origin !== location.origin) return;
          if (url.pathname.startsWith("/thumbnails/160/")) {
            event.respondWith(caches.open(CACHE).then(function (cache) {
              return cache.match(request).then(function (kept) {
                return kept || fetch(request).then(function (response) {
                  if (response.ok) cache.put(request, response.clone());
                  return response;
                });
              });
            }));
            return;
          }
          if (!KEPT.some(function (pattern) { return pattern.test(url.pathname); })) return;
          const started = Date.now();
          event.respondWith(fetch(request).then(function (response) {
            // a page asked for before a sign-out is not kept after it
            if (response.ok && response.type === "basic" && !response.redirected &&
                started > forgottenAt) {
              const copy = response.clone();
              caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
            }
            return response;
          }).catch(function () {
            return caches.open(CACHE).then(function (cache) {
              return cache.match(request, { ignoreVary: true }).then(function (kept) {
                // a page as kept, marked, so that its script shows it is offline; its own
                // headers (its Content-Security-Policy) kept; anything else as it was
                if (kept && request.mode === "navigate") {
                  return kept.text().then(function (html) {
                    return new Response(html.replace("<body", '<body data-offline="yes"'),
                      { status: 200, headers: kept.headers });
                  });
                }
                if (kept) return kept;
                return new Response(
                  "<!DOCTYPE html><title>Offline</title><p>Offline: this page was not seen " +
                  "here before, so it cannot be shown without a connection.</p>",
                  { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
              });
            });
          }));
        });
        """
}
