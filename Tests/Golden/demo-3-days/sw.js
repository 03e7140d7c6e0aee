// sitegen's service worker: pages from the network first (with a short wait), then what this
// browser kept; hashed assets, posters and cards from the store first. Written by sitegen: the
// version changes with every build that changes the latest days, the theme or the site's name.
"use strict";
var VERSION = "1b3f0fda636b9fdb";
// Paths from this file's folder (the site root): the home page, the latest days, the offline page
// and what they load, stored when the worker installs.
var KEPT = ["./","archive/","offline/","date/2024-02-11/","date/2024-02-10/","date/2024-02-09/","style.47142c8a.css","site.2b01424e.js","search.6a2c5597.js","favicon.09380928.svg","manifest.webmanifest","icon-192.09380928.png","icon-512.09380928.png","icon-maskable-512.09380928.png","en/","en/archive/","en/offline/","en/manifest.webmanifest"];
// The English edition's latest days, kept once the reader opens a page under en/ (keepEnglish).
var KEPT_EN = ["en/date/2024-02-11/","en/date/2024-02-10/","en/date/2024-02-09/"];
var PAGES = "sitegen-pages-" + VERSION; // this build's kept pages; replaced by the next build's
var OPENED = "sitegen-opened";          // pages the reader opened, kept across builds
var ASSETS = "sitegen-assets";          // names that carry a hash of their bytes never change
var OPENED_LIMIT = 200;
var ASSETS_LIMIT = 400;
var WAIT_MS = 3000;
var ROOT = new URL("./", self.location.href).href;

// `date/2024-02-10/index.html` and `date/2024-02-10/` are one page.
function pageKey(url) {
  var u = new URL(url);
  u.search = "";
  u.hash = "";
  if (/\/index\.html$/.test(u.pathname)) u.pathname = u.pathname.slice(0, -"index.html".length);
  return u.href;
}

function isHashed(path) {
  return /\.[0-9a-f]{8,16}\.[a-z0-9]+$/.test(path) || /\/(poster\/img|card)\//.test(path);
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(PAGES).then(function (cache) {
    return Promise.all(KEPT.map(function (path) {
      var url = new URL(path, ROOT).href;
      return fetch(url, { cache: "no-cache" }).then(function (response) {
        if (!response.ok) return;
        var store = isHashed(url) ? caches.open(ASSETS) : Promise.resolve(cache);
        return store.then(function (c) { return c.put(isHashed(url) ? url : pageKey(url), response); });
      }).catch(function () { /* kept on the next visit instead */ });
    }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("sitegen-pages-") === 0 && name !== PAGES;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }).then(function () {
    // A reader whose first page was under en/ gets the English latest days now, not a page later.
    return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (open) {
      var english = open.some(function (c) { return c.url.indexOf(ROOT + "en/") === 0; });
      return KEPT_EN.length && english ? keepEnglish() : null;
    });
  }));
});

function trim(name, limit) {
  return caches.open(name).then(function (cache) {
    return cache.keys().then(function (keys) {
      return Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map(function (k) { return cache.delete(k); }));
    });
  });
}

function stored(key) {
  return caches.open(PAGES).then(function (c) { return c.match(key); }).then(function (hit) {
    return hit || caches.open(OPENED).then(function (c) { return c.match(key); });
  });
}

// Shown at the address the reader asked for, so its relative links are pinned to its own folder.
// In the edition the address is in: a page under en/ gets en/offline/ when that edition is kept.
function offlinePage(url) {
  var english = url.indexOf(ROOT + "en/") === 0;
  var own = new URL(english ? "en/offline/" : "offline/", ROOT).href;
  return stored(own).then(function (page) {
    if (!page) {
      return new Response(english ? "You are offline." : "오프라인 상태입니다.",
        { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    return page.text().then(function (html) {
      return new Response(html.replace("<head>", '<head>\n<base href="' + own + '">'), {
        status: 503, headers: { "Content-Type": "text/html; charset=utf-8" }
      });
    });
  });
}

// The network's answer if it comes within WAIT_MS; else what was kept (the network still
// finishes and refreshes it); else the network's answer whenever it comes; else the offline page.
function page(request) {
  var key = pageKey(request.url);
  var network = fetch(request).then(function (response) {
    if (response.ok && response.type === "basic") {
      var copy = response.clone();
      caches.open(OPENED).then(function (c) { return c.put(key, copy); }).then(function () {
        return trim(OPENED, OPENED_LIMIT);
      });
    }
    return response;
  });
  var waited = new Promise(function (resolve) { setTimeout(resolve, WAIT_MS); }).then(function () {
    return stored(key);
  });
  return Promise.race([network, waited.then(function (hit) { return hit || network; })]).then(function (response) {
    return response || network;
  }).catch(function () {
    return stored(key).then(function (hit) { return hit || offlinePage(request.url); });
  });
}

// The English latest days, fetched into this build's store the first time a page under en/ is
// opened (and again by a new build's worker): the English offline page lists them.
function keepEnglish() {
  return caches.open(PAGES).then(function (cache) {
    return Promise.all(KEPT_EN.map(function (path) {
      var url = new URL(path, ROOT).href;
      return cache.match(url).then(function (hit) {
        if (hit) return;
        return fetch(url, { cache: "no-cache" }).then(function (response) {
          if (response.ok) return cache.put(url, response);
        });
      }).catch(function () { /* kept on the next visit instead */ });
    }));
  });
}

function asset(request) {
  return caches.open(ASSETS).then(function (cache) {
    return cache.match(request.url).then(function (hit) {
      return hit || fetch(request).then(function (response) {
        if (response.ok && response.type === "basic") {
          cache.put(request.url, response.clone()).then(function () { return trim(ASSETS, ASSETS_LIMIT); });
        }
        return response;
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || request.url.indexOf(ROOT) !== 0) return;
  var path = new URL(request.url).pathname;
  if (isHashed(path)) {
    event.respondWith(asset(request));
  } else if (request.mode === "navigate") {
    event.respondWith(page(request));
    if (KEPT_EN.length && request.url.indexOf(ROOT + "en/") === 0) event.waitUntil(keepEnglish());
  } else {
    // Data, the search index, feeds: the network, else the copy kept at install, if any.
    event.respondWith(fetch(request).catch(function () {
      return stored(pageKey(request.url)).then(function (hit) { return hit || Response.error(); });
    }));
  }
});
