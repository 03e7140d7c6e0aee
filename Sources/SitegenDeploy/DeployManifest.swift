import Foundation
import SitegenBasics

/// What a deploy keeps in the bucket about what it wrote (`.sitegen-deploy.json` under the
/// prefix): each key it put there, the MD5 of the bytes and the ETag the server gave them. A
/// deploy deletes only what this names and the listing shows unchanged since, so an object
/// someone else wrote, or changed since, is never deleted. ETags are kept because a server may
/// give ETags that are not MD5s (AWS with SSE-KMS), and then the pair still says "unchanged".
public struct DeployManifest: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var md5: String
        /// Nil for a key claimed before its upload (written before the first upload, so a deploy
        /// cut off midway still knows which keys it may have written).
        public var etag: String?
    }

    public static let name = ".sitegen-deploy.json"
    public var objects: [String: Entry] = [:]

    public init(objects: [String: Entry] = [:]) { self.objects = objects }

    public var data: Data {
        var writer = JSONWriter(capacity: objects.count * 100 + 64)
        writer.object { top in
            top.field("version", 1)
            top.key("objects")
            top.object { list in
                for key in objects.keys.sorted() {
                    let entry = objects[key]!
                    list.key(key)
                    list.object { item in
                        item.field("md5", entry.md5)
                        item.field("etag", entry.etag)
                    }
                }
            }
        }
        return writer.data
    }

    private struct Wire: Decodable {
        struct Item: Decodable {
            let md5: String
            let etag: String?
        }
        let version: Int
        let objects: [String: Item]
    }

    /// The manifest's bytes as read back; one that does not parse is refused rather than trusted
    /// as empty, since an empty manifest would make every object "not ours" and the old pages
    /// never deleted, and a garbled one could name what is not ours.
    public static func parse(_ data: Data) throws -> DeployManifest {
        guard let wire = try? JSONDecoder().decode(Wire.self, from: data), wire.version == 1 else {
            throw DeployFailure(
                "the bucket's \(name) is not one a deploy wrote (it does not parse); "
                    + "delete it to start afresh (old objects are then left, never deleted)")
        }
        return DeployManifest(objects: wire.objects.mapValues { Entry(md5: $0.md5, etag: $0.etag) })
    }
}
