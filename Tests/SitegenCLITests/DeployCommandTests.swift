import Foundation
import Testing
import SitegenSiteSupport
@testable import SitegenCLI

/// `sitegen deploy` as the site file and the command line set it up: the target, the endpoint and
/// the key, each mistake one line, before any request. (The deploy itself, against an S3 server,
/// is Tests/Deploy/check_deploy.py.)
@Suite struct DeploySiteFileTests {
    @Test func theSiteFileTakesABucketAndItsEndpoint() throws {
        let file = try SiteFile.parse(
            "deploy = \"s3://my-site/boxoffice\"\n[s3]\nendpoint = \"https://acct.r2.cloudflarestorage.com\"\n"
                + "region = \"auto\"\n", label: "t")
        #expect(file.deploy == "s3://my-site/boxoffice" && file.s3Region == "auto")
        #expect(file.s3Endpoint == "https://acct.r2.cloudflarestorage.com")
        #expect(try SiteFile.parse("deploy = \"github-pages\"\n", label: "t").deploy == "github-pages")
    }

    @Test func aWrongTargetEndpointOrRegionIsOneLineNamingTheFileLineAndKey() {
        let cases = [
            ("deploy = \"gh-pages\"\n", "t:1: deploy 'gh-pages' is not \"github-pages\" or a bucket"),
            ("deploy = \"s3://My_Site\"\n", "t:1: deploy 'My_Site' is not a bucket name"),
            ("[s3]\nendpoint = \"ftp://x\"\n", "t:2: s3.endpoint 'ftp://x' must be an http(s) URL"),
            ("[s3]\nendpoint = \"https://id:secret@host\"\n", "t:2: s3.endpoint holds a user name or password"),
            ("[s3]\nregion = \"EU West\"\n", "t:2: s3.region 'EU West' is not a region"),
            ("[s3]\nbucket = \"x\"\n", "t:2: 's3.bucket' is not a setting of the site file ([s3] takes endpoint, region)"),
        ]
        for (text, expected) in cases {
            do {
                _ = try SiteFile.parse(text, label: "t")
                Issue.record("\(text) was accepted")
            } catch {
                let line = "\(error)"
                #expect(line.hasPrefix(expected) && !line.contains("\n") && !line.contains("secret"), "\(line)")
            }
        }
    }
}

@Suite
struct DeployCommandTests {
    static let key = ["AWS_ACCESS_KEY_ID": "AKIAEXAMPLEEXAMPLE01", "AWS_SECRET_ACCESS_KEY": "s3cr3t-never-printed-0123456789"]

    @Test func withoutABucketOrAKeyItSaysWhatIsMissingInOneLine() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let noTarget = try await Binary.run(["deploy"], environment: Self.key, in: folder)
        #expect(noTarget.status == 64 && noTarget.err.hasPrefix("error: no bucket to deploy to"), "\(noTarget.err)")
        let noKey = try await Binary.run(["deploy", "--to", "s3://my-site"],
                                   environment: ["AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": " "], in: folder)
        #expect(noKey.status == 64 && noKey.err.contains("needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY"), "\(noKey.err)")
        let noSite = try await Binary.run(["deploy", "--to", "s3://my-site", "--output", "nothing-here"],
                                    environment: Self.key, in: folder)
        #expect(noSite.status == 1 && noSite.err.contains("does not exist; build the site first"), "\(noSite.err)")
        for result in [noTarget, noKey, noSite] {
            #expect(result.err.split(separator: "\n").count == 1 && !result.err.contains("s3cr3t"), "\(result.err)")
        }
    }

    /// A folder sitegen did not build is never sent: a wrong --output would otherwise upload, say,
    /// a home folder, and its deletes would empty the bucket.
    @Test func aFolderSitegenDidNotBuildIsNotSent() async throws {
        let folder = try SiteFixture.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("stuff"), withIntermediateDirectories: true)
        let result = try await Binary.run(["deploy", "--to", "s3://my-site", "--output", "stuff",
                                     "--endpoint", "http://127.0.0.1:9"], environment: Self.key, in: folder)
        #expect(result.status == 1 && result.err.contains("is not a folder sitegen built"), "\(result.err)")
    }

    /// The site file's bucket is used, and an option overrides it.
    @Test func optionsOverrideTheSiteFile() throws {
        let file = try SiteFile.parse(
            "deploy = \"s3://from-file/p\"\n[s3]\nendpoint = \"http://127.0.0.1:9000\"\nregion = \"auto\"\n", label: "t")
        let command = try DeployCommand.parse(["--to", "s3://from-option", "--region", "eu-west-1"])
        let options = try command.options(environment: Self.key, file: file)
        #expect(options.target.bucket == "from-option" && options.target.prefix == "")
        #expect(options.target.region == "eu-west-1" && options.target.endpoint?.absoluteString == "http://127.0.0.1:9000")
        let fromFile = try DeployCommand.parse([]).options(environment: Self.key, file: file)
        #expect(fromFile.target.bucket == "from-file" && fromFile.target.prefix == "p/" && fromFile.maxDeletes == 256)
    }
}
