/// What a deploy will do, worked out before it sends anything: pure, so tested by calling it.
public struct DeployPlan: Sendable {
    /// An object as the bucket's listing shows it (its key without the prefix).
    public struct Remote: Sendable, Equatable {
        public let etag: String
        public let size: Int
        public init(etag: String, size: Int) {
            self.etag = etag
            self.size = size
        }
    }

    /// The uploads in the order that keeps the live site whole: first what pages link to (hashed
    /// assets, images, data), then the pages, then what links to the pages (the home pages,
    /// feeds, the sitemap, the service worker). A page is never up before what it shows.
    public let phases: [[LocalSite.File]]
    /// Ours (in the manifest, unchanged since we wrote them) and no longer in the site: deleted last.
    public let deletes: [String]
    /// Files whose object already holds their bytes.
    public let unchanged: [String: DeployManifest.Entry]
    /// Ours once, changed by someone else since, and no longer in the site: left as they are.
    public let leftAlone: [String]

    public var uploads: [LocalSite.File] { phases.flatMap { $0 } }

    public static func phase(of key: String) -> Int {
        let parts = key.split(separator: "/")
        let name = parts.last.map(String.init) ?? key
        if parts.count <= 2 && (name == "index.html" || name.hasSuffix(".xml") || name == "sw.js") { return 2 }
        return name.hasSuffix(".html") ? 1 : 0
    }

    public static func make(local: [LocalSite.File], remote: [String: Remote], manifest: DeployManifest) -> DeployPlan {
        var phases: [[LocalSite.File]] = [[], [], []]
        var unchanged: [String: DeployManifest.Entry] = [:]
        var inSite = Set<String>()
        for file in local {
            inSite.insert(file.key)
            if let object = remote[file.key], Self.holds(object, md5: file.md5, manifest: manifest.objects[file.key]) {
                unchanged[file.key] = DeployManifest.Entry(md5: file.md5, etag: object.etag)
            } else {
                phases[phase(of: file.key)].append(file)
            }
        }
        var deletes: [String] = []
        var leftAlone: [String] = []
        for (key, entry) in manifest.objects where !inSite.contains(key) {
            guard let object = remote[key] else { continue }  // gone already
            if object.etag == entry.etag || object.etag == entry.md5 {
                deletes.append(key)
            } else {
                leftAlone.append(key)
            }
        }
        return DeployPlan(
            phases: phases, deletes: deletes.sorted(), unchanged: unchanged, leftAlone: leftAlone.sorted())
    }

    /// Whether `object` already holds the bytes whose MD5 is `md5`: its ETag is that MD5 (a
    /// single-part upload's, on S3, R2, B2 and MinIO), or it is the very object a deploy wrote
    /// with those bytes (same ETag as recorded), for servers whose ETags are not MD5s.
    static func holds(_ object: Remote, md5: String, manifest entry: DeployManifest.Entry?) -> Bool {
        if object.etag == md5 { return true }
        guard let entry, let etag = entry.etag else { return false }
        return entry.md5 == md5 && etag == object.etag
    }
}
