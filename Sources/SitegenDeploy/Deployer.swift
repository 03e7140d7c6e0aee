import Foundation
import SitegenBasics
import SitegenFetch

/// `sitegen deploy`: the output folder to a bucket, sending only what changed.
public struct Deployer: Sendable {
    public struct Options: Sendable {
        public var target: S3Target
        public var credentials: S3Credentials
        public var output: URL
        public var dryRun = false
        public var maxDeletes = 256
        public var allowDeletes = false
        public var jobs = 8
        public var timeoutSeconds = 30
        /// The whole run's deadline.
        public var runSeconds = 3600
        public var retry = RetryPolicy()

        public init(target: S3Target, credentials: S3Credentials, output: URL) {
            self.target = target
            self.credentials = credentials
            self.output = output
        }
    }

    public struct Report: Sendable {
        public var uploaded = 0
        public var uploadedBytes = 0
        public var deleted = 0
        public var unchanged = 0
        public var leftAlone = 0
        public var retried = 0
        public var seconds = 0.0
    }

    let options: Options
    let client: S3Client
    /// A line for the user (what a dry run would do, objects left alone).
    let note: @Sendable (String) -> Void

    public init(options: Options, note: @escaping @Sendable (String) -> Void) {
        self.options = options
        self.note = note
        client = S3Client(
            target: options.target, credentials: options.credentials, retry: options.retry,
            timeoutSeconds: options.timeoutSeconds, runSeconds: options.runSeconds, jobs: options.jobs)
    }

    var prefix: String { options.target.prefix }

    public func run() async throws -> Report {
        let started = Date()
        let site = try LocalSite.scan(options.output)
        let remote = try await list()
        let manifest = try await readManifest(listed: remote[DeployManifest.name] != nil)
        let plan = DeployPlan.make(local: site.files, remote: remote, manifest: manifest)
        var report = Report()
        report.unchanged = plan.unchanged.count
        report.leftAlone = plan.leftAlone.count
        if !plan.leftAlone.isEmpty {
            note(
                "left \(Count.of(plan.leftAlone.count, "object")) a deploy wrote and someone changed since "
                    + "(\(plan.leftAlone.prefix(3).joined(separator: ", "))\(plan.leftAlone.count > 3 ? ", …" : ""))")
        }
        if plan.deletes.count > options.maxDeletes && !options.allowDeletes && !options.dryRun {
            throw DeployFailure(
                "the deploy would delete \(Count.grouped(plan.deletes.count)) objects from "
                    + "\(options.target.description), "
                    + "more than --max-deletes \(options.maxDeletes); nothing was sent or deleted. Check --output, "
                    + "then pass --allow-deletes (or a higher --max-deletes) if that is meant")
        }
        if options.dryRun {
            for file in plan.uploads { note("would upload \(prefix)\(file.key) (\(Self.bytes(file.size)))") }
            for key in plan.deletes { note("would delete \(prefix)\(key)") }
            report.uploaded = plan.uploads.count
            report.uploadedBytes = plan.uploads.reduce(0) { $0 + $1.size }
            report.deleted = plan.deletes.count
            report.seconds = Date().timeIntervalSince(started)
            return report
        }
        // Claimed before the first upload: a run cut off midway still knows every key it may have
        // written, so the next run can delete them once the site drops them.
        var state = manifest.objects.filter { remote[$0.key] != nil }
        if !plan.uploads.isEmpty {
            for file in plan.uploads where state[file.key] == nil {
                state[file.key] = DeployManifest.Entry(md5: file.md5, etag: nil)
            }
            try await writeManifest(DeployManifest(objects: state))
        }
        let sent = Counter()
        let sentBytes = Counter()
        let rules = Self.rules(in: site.folder)
        var written: [String: String] = [:]
        do {
            for phase in plan.phases where !phase.isEmpty {
                let etags = try await boundedMap(phase, limit: options.jobs) { file in
                    let etag = try await self.upload(file, from: site.folder, rules: rules)
                    sent.add()
                    sentBytes.add(file.size)
                    return (file.key, etag)
                }
                for (key, etag) in etags { written[key] = etag }
            }
        } catch {
            report.uploaded = sent.value
            throw error
        }
        report.uploaded = sent.value
        report.uploadedBytes = sentBytes.value
        let deleted = try await boundedMap(plan.deletes, limit: options.jobs) { key in
            _ = try await self.client.send("DELETE", key: self.prefix + key, accept: [404])
            return key
        }
        report.deleted = deleted.count
        var final = DeployManifest()
        for file in site.files {
            let etag = written[file.key] ?? plan.unchanged[file.key]?.etag
            final.objects[file.key] = DeployManifest.Entry(md5: file.md5, etag: etag)
        }
        if final != manifest { try await writeManifest(final) }
        report.retried = client.retries.value
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    /// Every object under the prefix, by key without it (ListObjectsV2, 1,000 a page).
    func list() async throws -> [String: DeployPlan.Remote] {
        var objects: [String: DeployPlan.Remote] = [:]
        var token: String?
        repeat {
            // The prefix without its last '/': the same objects (those outside it are skipped below),
            // and a query moto's signature check reads right (it compares a decoded "%2F").
            var query = [("list-type", "2"), ("prefix", String(prefix.dropLast(prefix.hasSuffix("/") ? 1 : 0)))]
            if let token { query.append(("continuation-token", token)) }
            let answer = try await client.send("GET", key: "", query: query)
            let xml = Substring(String(decoding: answer.body, as: UTF8.self))
            for block in S3XML.blocks("Contents", in: xml) {
                guard let key = S3XML.first("Key", in: block), key.hasPrefix(prefix) else { continue }
                let etag = (S3XML.first("ETag", in: block) ?? "").trimmingCharacters(
                    in: CharacterSet(charactersIn: "\""))
                objects[String(key.dropFirst(prefix.count))] = DeployPlan.Remote(
                    etag: etag, size: Int(S3XML.first("Size", in: block) ?? "") ?? 0)
            }
            token = S3XML.first("IsTruncated", in: xml) == "true" ? S3XML.first("NextContinuationToken", in: xml) : nil
        } while token != nil
        return objects
    }

    func readManifest(listed: Bool) async throws -> DeployManifest {
        guard listed else { return DeployManifest() }
        let answer = try await client.send("GET", key: prefix + DeployManifest.name, accept: [404])
        return answer.status == 404 ? DeployManifest() : try DeployManifest.parse(answer.body)
    }

    func writeManifest(_ manifest: DeployManifest) async throws {
        let data = manifest.data
        _ = try await client.send(
            "PUT", key: prefix + DeployManifest.name,
            headers: [
                "Content-Type": "application/json", "Cache-Control": "no-store",
                "Content-MD5": Self.base64(MD5.hash(Array(data))),
            ], body: data)
    }

    /// One file, its body mapped (not read into memory) and its headers from `_headers`; the ETag back.
    func upload(_ file: LocalSite.File, from folder: URL, rules: HeaderRules) async throws -> String {
        let path = folder.appendingPathComponent(file.key).path
        guard let body = RegularFile.mapped(path) ?? (file.size == 0 ? Data() : nil) else {
            throw DeployFailure(
                "\(file.key) vanished from the output folder during the deploy; build again, then deploy")
        }
        // Changed since it was hashed (a build running meanwhile): the server would refuse the
        // digest; say so plainly instead.
        guard body.count == file.size else {
            throw DeployFailure("\(file.key) changed during the deploy; let the build finish, then deploy again")
        }
        let (cacheControl, contentType) = rules.headers(for: file.key)
        let answer = try await client.send(
            "PUT", key: prefix + file.key,
            headers: [
                "Content-Type": contentType, "Cache-Control": cacheControl,
                "Content-MD5": Self.base64(Self.bytes(hex: file.md5)),
            ], body: body)
        return (answer.header("ETag") ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }

    /// The `_headers` the build wrote (a site without one gets the defaults).
    static func rules(in folder: URL) -> HeaderRules {
        let text =
            RegularFile.read(folder.appendingPathComponent("_headers").path, limit: 1 << 20)
            .map { String(decoding: $0.data, as: UTF8.self) } ?? ""
        return HeaderRules(text: text)
    }

    static func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

    static func bytes(hex text: String) -> [UInt8] {
        var out: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex, let next = text.index(index, offsetBy: 2, limitedBy: text.endIndex) {
            out.append(UInt8(text[index..<next], radix: 16) ?? 0)
            index = next
        }
        return out
    }

    /// "1.2 MB", "820 KB", "12 B".
    public static func bytes(_ count: Int) -> String {
        if count >= 1_000_000 { return String(format: "%.1f MB", Double(count) / 1e6) }
        if count >= 1_000 { return "\(count / 1_000) KB" }
        return "\(count) B"
    }
}
