/// Cache rules in the form Netlify and Cloudflare Pages read (`_headers`). Only names that change
/// with their contents are cached for good; pages, feeds, data and the drawn placeholders keep the
/// hosts' default (revalidated on every request), which is what a site updated each morning needs.
/// No rule for `/*` sets Cache-Control: both hosts join the values of every rule a path matches,
/// so it would be added to the immutable ones.
enum HostFiles {
    static let immutable = "Cache-Control: public, max-age=31536000, immutable"

    static func headers(_ assets: SiteAssets, languages: [Language] = [.ko]) -> String {
        var out = "# Written by sitegen for Netlify and Cloudflare Pages. Names that carry a hash of their\n"
        out += "# contents never change, so they are cached for a year; everything else is left to the host's\n"
        out += "# default of revalidating each time, so the morning's update is seen at once.\n"
        out += "/*\n  X-Content-Type-Options: nosniff\n"
        let hashed = assets.linked
            .filter { !["style.css", "custom.css", "site.js", "search.js", "favicon.svg"].contains($0) }
        for name in hashed { out += "/\(name)\n  \(immutable)\n" }
        out += "/\(Route.sizedPosterFolder)/*\n  \(immutable)\n"
        for icon in assets.icons { out += "/\(icon.path)\n  \(immutable)\n" }
        // Share cards are named by what they show; the service worker must be asked for afresh.
        out += "/card/*\n  \(immutable)\n"
        out += "/\(Route.serviceWorker.path)\n  Cache-Control: no-cache\n"
        out += "/\(Route.manifest.path)\n  Content-Type: application/manifest+json\n"
        // Each edition has its own manifest beside its home page.
        for language in languages where language != .ko {
            out += "/\(language.folder)\(Route.manifest.path)\n  Content-Type: application/manifest+json\n"
        }
        return out
    }
}
