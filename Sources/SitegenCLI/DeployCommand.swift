import ArgumentParser
import Foundation
import SitegenBasics
import SitegenBuild
import SitegenDeploy

public struct DeployCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "deploy",
        abstract: "Send the built site to an S3-compatible bucket (AWS S3, Cloudflare R2, Backblaze B2, MinIO): "
            + "only what changed.",
        discussion: """
            The bucket, endpoint and region come from sitegen.toml (deploy = "s3://BUCKET/optional/prefix", \
            and [s3] endpoint and region) or these options, which override it; the key only from \
            AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and optionally AWS_SESSION_TOKEN. Files are compared by MD5 \
            with the bucket's objects, so a morning sends only that morning's files: assets first, then pages, \
            then the home pages, feeds and sitemap, and deletions last. Only objects an earlier deploy wrote \
            (listed in .sitegen-deploy.json under the prefix) and nobody changed since are ever deleted, and no \
            more than --max-deletes of them unless \
            --allow-deletes. A deploy cut off midway, run again, finishes the job and sends nothing twice.
            """)

    @Option(name: .long, help: ArgumentHelp("The built site to send.", valueName: "dir"))
    public var output: String = "_site"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The bucket and optional prefix, like s3://my-bucket/boxoffice (default: deploy in sitegen.toml).",
            valueName: "s3://bucket/prefix"))
    public var to: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The S3-compatible service, like https://ACCOUNT.r2.cloudflarestorage.com (default: [s3] endpoint, "
                + "else AWS).",
            valueName: "url"))
    public var endpoint: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The bucket's region (default: [s3] region, else us-east-1; auto for R2).", valueName: "region"))
    public var region: String?

    @Flag(name: .customLong("dry-run"), help: "List what would be sent and deleted; send nothing.")
    public var dryRun = false

    @Option(
        name: .customLong("max-deletes"),
        help: ArgumentHelp(
            "Stop, deleting and sending nothing, when more objects than this would be deleted.", valueName: "n"))
    public var maxDeletes: Int = 256

    @Flag(name: .customLong("allow-deletes"), help: "Delete past --max-deletes (a site that shrank on purpose).")
    public var allowDeletes = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The site file (default: sitegen.toml, if it exists).", valueName: "file"))
    public var config: String?

    @Flag(name: .shortAndLong, help: "Print only errors.")
    public var quiet = false

    public init() {}

    /// The deploy the options and the site file describe, or the one line saying what is missing.
    func options(environment: [String: String], file: SiteFile?) throws -> Deployer.Options {
        guard let target = to ?? file?.deploy, target != "github-pages" else {
            throw UsageError(
                "no bucket to deploy to: set deploy = \"s3://BUCKET/prefix\" in sitegen.toml or pass "
                    + "--to s3://BUCKET/prefix (a GitHub Pages site is published by its workflow)")
        }
        let place: (bucket: String, prefix: String)
        switch S3Target.parse(target) {
        case .success(let parsed): place = parsed
        case .failure(let problem): throw UsageError("--to \(problem)")
        }
        var endpointURL: URL?
        if let text = endpoint ?? file?.s3Endpoint {
            if let problem = S3Target.endpointProblem(text) { throw UsageError("--endpoint \(problem)") }
            endpointURL = URL(string: text)
        }
        let region = region ?? file?.s3Region ?? S3Target.defaultRegion
        if let problem = S3Target.regionProblem(region) { throw UsageError("--region \(problem)") }
        guard maxDeletes >= 0 else { throw UsageError("--max-deletes must be 0 or more") }
        guard let credentials = S3Credentials.from(environment: environment) else {
            throw UsageError(
                "sitegen deploy needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY in the environment "
                    + "(the bucket's access key; never in a file)")
        }
        var options = Deployer.Options(
            target: S3Target(bucket: place.bucket, prefix: place.prefix, endpoint: endpointURL, region: region),
            credentials: credentials, output: URL(fileURLWithPath: (output as NSString).expandingTildeInPath))
        // The same variable as the fetch stage's, for the same rare cases (a slow link, CI).
        options.timeoutSeconds = try BuildPlan.networkTimeout(environment["SITEGEN_NETWORK_TIMEOUT"])
        options.dryRun = dryRun
        options.maxDeletes = maxDeletes
        options.allowDeletes = allowDeletes
        return options
    }

    public func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let console = Console(
            quiet: quiet,
            secrets: [
                "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_ACCESS_KEY_ID", "KOBIS_API_KEY",
                "KAKAO_REST_API_KEY",
            ].compactMap { environment[$0] })
        try await console.reportingErrors {
            let label = config ?? SiteFile.defaultName
            let file = try SiteFile.load(URL(fileURLWithPath: label), label: label, required: config != nil)
            let options = try options(environment: environment, file: file)
            let deployer = Deployer(options: options) { console.note($0) }
            let report = try await deployer.run()
            console.summary(Self.summary(report, options: options))
        }
    }

    /// The one line at the end:
    /// "deployed _site to s3://b/p/: uploaded 12 objects (1.2 MB), deleted 3, unchanged 4,230 in 2.41 s".
    static func summary(_ report: Deployer.Report, options: Deployer.Options) -> String {
        let what = options.dryRun ? "dry run, nothing sent: would upload" : "uploaded"
        let deleted = options.dryRun ? "would delete" : "deleted"
        var line =
            "\(options.dryRun ? "" : "deployed ")\(options.output.lastPathComponent) to \(options.target.description): "
            + "\(what) \(Count.of(report.uploaded, "object")) (\(Deployer.bytes(report.uploadedBytes))), "
            + "\(deleted) \(Count.grouped(report.deleted)), unchanged \(Count.grouped(report.unchanged))"
        if report.leftAlone > 0 { line += ", left \(Count.grouped(report.leftAlone)) changed by others" }
        if report.retried > 0 { line += ", \(Count.of(report.retried, "request")) retried" }
        return line + String(format: " in %.2f s", report.seconds)
    }
}
