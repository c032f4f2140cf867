// The companion page offline (checker/site/companion.py copies this file to the site's root, beside index.html,
// so that its scope covers now/ and assets/, where the solver's worker lives).
// Install: caches the files now/offline.json lists (the page, its data, asp/'s programs, the solver); the page
// adds the theme's files it loaded to the same cache (companion.js keepOffline). Fetch, for files under now/ and
// assets/ only: the network first, so an online reader gets the site as built (and the cache is refreshed); the
// cached copy when the network fails or does not answer in PATIENCE_MS. Every other request is the browser's.
const CACHE = "rulekb-now";
const scope = new URL(self.registration.scope);
const ours = (url) => url.origin === scope.origin && url.pathname.startsWith(scope.pathname) &&
  (/^(now|assets)\//.test(url.pathname.slice(scope.pathname.length)) || url.pathname === scope.pathname + "now/");

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const list = await (await fetch(new URL("now/offline.json", scope), { cache: "no-store" })).json();
    const cache = await caches.open(CACHE);
    await cache.addAll(list.files.map((f) => new URL(f, scope).href));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => { event.waitUntil(self.clients.claim()); });

const PATIENCE_MS = 4000;  // a network that accepts and never answers ("lie-fi") counts as none after this

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || !ours(url)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(req, { ignoreSearch: true });
    const network = fetch(req).then(async (fresh) => {
      if (fresh.ok && kept) await cache.put(req, fresh.clone());
      return fresh;
    });
    if (!kept) return network;
    let timer;
    const late = new Promise((resolve) => { timer = setTimeout(() => resolve(kept), PATIENCE_MS); });
    try {
      return await Promise.race([network, late]);
    } catch (err) {
      return kept;  // no network: the copy kept from the last load
    } finally {
      clearTimeout(timer);
    }
  })());
});
