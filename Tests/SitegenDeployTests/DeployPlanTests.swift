import Foundation
import Testing
@testable import SitegenDeploy

/// What a deploy decides before sending anything: what changed, in which order, what it may delete.
@Suite struct DeployPlanTests {
    func file(_ key: String, _ md5: String) -> LocalSite.File { LocalSite.File(key: key, size: 10, md5: md5) }

    @Test func assetsGoFirstPagesNextHomePagesFeedsAndSitemapLast() {
        let local = ["index.html", "en/index.html", "feed.xml", "sitemap.xml", "sw.js", "style.127760b1.css",
                     "poster/img/ab-120.webp", "date/2024-02-10/index.html", "movie/1/index.html", "404.html",
                     "data/2024.json"].map { file($0, "new") }
        let plan = DeployPlan.make(local: local, remote: [:], manifest: DeployManifest())
        #expect(Set(plan.phases[0].map(\.key)) == ["style.127760b1.css", "poster/img/ab-120.webp", "data/2024.json"])
        #expect(Set(plan.phases[1].map(\.key)) == ["date/2024-02-10/index.html", "movie/1/index.html", "404.html"])
        #expect(Set(plan.phases[2].map(\.key)) == ["index.html", "en/index.html", "feed.xml", "sitemap.xml", "sw.js"])
    }

    @Test func onlyChangedFilesAreSentJudgedByETagOrTheManifestsRecord() {
        let remote: [String: DeployPlan.Remote] = [
            "same": .init(etag: "aaa", size: 10), "changed": .init(etag: "old", size: 10),
            // An ETag that is not an MD5 (SSE-KMS): unchanged because the manifest recorded this very ETag.
            "kms": .init(etag: "opaque-1", size: 10), "kms-changed": .init(etag: "opaque-2", size: 10),
        ]
        let manifest = DeployManifest(objects: [
            "kms": .init(md5: "ccc", etag: "opaque-1"), "kms-changed": .init(md5: "ddd", etag: "opaque-1"),
        ])
        let local = [file("same", "aaa"), file("changed", "bbb"), file("kms", "ccc"), file("kms-changed", "ddd"),
                     file("new", "eee")]
        let plan = DeployPlan.make(local: local, remote: remote, manifest: manifest)
        #expect(Set(plan.uploads.map(\.key)) == ["changed", "kms-changed", "new"])
        #expect(Set(plan.unchanged.keys) == ["same", "kms"])
    }

    /// Deleted: only what the manifest says a deploy wrote and the listing shows unchanged since.
    @Test func deletesOnlyWhatItWroteAndNobodyChanged() {
        let remote: [String: DeployPlan.Remote] = [
            "gone-ours": .init(etag: "m1", size: 1), "gone-changed": .init(etag: "someone", size: 1),
            "not-ours": .init(etag: "x", size: 1), "claimed-uploaded": .init(etag: "m4", size: 1),
        ]
        let manifest = DeployManifest(objects: [
            "gone-ours": .init(md5: "m1", etag: "m1"), "gone-changed": .init(md5: "m2", etag: "m2"),
            "gone-already": .init(md5: "m3", etag: "m3"),
            // Claimed by a run cut off before it learnt the ETag: its MD5 stands for it.
            "claimed-uploaded": .init(md5: "m4", etag: nil),
        ])
        let plan = DeployPlan.make(local: [], remote: remote, manifest: manifest)
        #expect(plan.deletes == ["claimed-uploaded", "gone-ours"])
        #expect(plan.leftAlone == ["gone-changed"])
    }

    @Test func theManifestRoundTripsAndAGarbledOneIsRefused() throws {
        let manifest = DeployManifest(objects: ["a/b.html": .init(md5: "00ff", etag: "00ff"), "c \"q\"": .init(md5: "11", etag: nil)])
        #expect(try DeployManifest.parse(manifest.data) == manifest)
        #expect(throws: DeployFailure.self) { try DeployManifest.parse(Data("{\"objects\": 3}".utf8)) }
    }
}

/// The site file's `_headers`, the targets and the XML answers read.
@Suite struct DeployRulesTests {
    /// As the build writes it (Tests/Golden/demo-3-days/_headers, shortened).
    static let headers = """
    # Written by sitegen for Netlify and Cloudflare Pages.
    /*
      X-Content-Type-Options: nosniff
    /style.127760b1.css
      Cache-Control: public, max-age=31536000, immutable
    /poster/img/*
      Cache-Control: public, max-age=31536000, immutable
    /sw.js
      Cache-Control: no-cache
    /manifest.webmanifest
      Content-Type: application/manifest+json
    """

    @Test func cacheControlAndContentTypeFollowTheSitesHeadersFile() {
        let rules = HeaderRules(text: Self.headers)
        #expect(rules.headers(for: "style.127760b1.css") == ("public, max-age=31536000, immutable", "text/css; charset=utf-8"))
        #expect(rules.headers(for: "poster/img/a1-240.webp") == ("public, max-age=31536000, immutable", "image/webp"))
        #expect(rules.headers(for: "date/2024-02-10/index.html") == ("no-cache", "text/html; charset=utf-8"))
        #expect(rules.headers(for: "style.css").cacheControl == "no-cache")
        #expect(rules.headers(for: "manifest.webmanifest").contentType == "application/manifest+json")
        #expect(rules.headers(for: "data/2024.csv").contentType == "text/csv; charset=utf-8")
        #expect(rules.headers(for: "LICENSE").contentType == "application/octet-stream")
    }

    @Test func targetsParseAndBadOnesSayWhy() throws {
        let plain = try S3Target.parse("s3://my-bucket").get()
        #expect(plain.bucket == "my-bucket" && plain.prefix == "")
        let prefixed = try S3Target.parse("s3://my-bucket//box/office/").get()
        #expect(prefixed.prefix == "box/office/")
        for bad in ["my-bucket", "s3://My_Bucket", "s3://ab", "s3://bucket/../x", "https://bucket"] {
            guard case .failure = S3Target.parse(bad) else { Issue.record("\(bad) parsed"); continue }
        }
        #expect(S3Target.endpointProblem("https://acct.r2.cloudflarestorage.com") == nil)
        #expect(S3Target.endpointProblem("https://key:secret@host")?.contains("secret") == false)
        #expect(S3Target.regionProblem("auto") == nil)
        #expect(S3Target.regionProblem("US East") != nil)
        let aws = S3Target(bucket: "b-1", prefix: "p/", region: "eu-west-1")
        #expect(aws.url(key: "p/a b.html").absoluteString == "https://b-1.s3.eu-west-1.amazonaws.com/p/a%20b.html")
        let r2 = S3Target(bucket: "b-1", endpoint: URL(string: "http://127.0.0.1:9000/"), region: "auto")
        #expect(r2.url(key: "x/y.css").absoluteString == "http://127.0.0.1:9000/b-1/x/y.css")
        #expect(r2.url(key: "").absoluteString == "http://127.0.0.1:9000/b-1")
    }

    @Test func listingsAndErrorsAreReadWithTheirEntities() {
        let xml: Substring = """
        <ListBucketResult><IsTruncated>true</IsTruncated><Contents><Key>a&amp;b.html</Key>\
        <ETag>&quot;00ff&quot;</ETag><Size>12</Size></Contents><Contents><Key>c&#x20;d</Key><ETag>"11"</ETag>\
        <Size>3</Size></Contents><NextContinuationToken>t&lt;1</NextContinuationToken></ListBucketResult>
        """
        let blocks = S3XML.blocks("Contents", in: xml)
        #expect(blocks.compactMap { S3XML.first("Key", in: $0) } == ["a&b.html", "c d"])
        #expect(S3XML.first("ETag", in: blocks[0]) == "\"00ff\"")
        #expect(S3XML.first("NextContinuationToken", in: xml) == "t<1")
        #expect(S3XML.unescape("&bogus; & done") == "&bogus; & done")
    }
}
