// swift-tools-version:6.0
import Foundation
import PackageDescription

// A site's own copy of sitegen (`sitegen init` writes the source without Tests/ into
// vendor/sitegen, for its workflow to build) declares no test targets, which would need it.
let hasTests = FileManager.default.fileExists(atPath: Context.packageDirectory + "/Tests")

// The pipeline at a glance, one module a stage:
//
//     decode → fetch (live | demo) → model → render → write → serve
//
// SitegenDecode reads KOBIS's and Kakao's bytes for SitegenFetch (the live APIs and their cache);
// SitegenDemo answers the same seam from a simulated market; the Fetcher (in SitegenFetch) asks
// either for values and hands on a Dataset of the domain in SitegenModel; SitegenRender
// makes the pages with the template engine SitegenMustache; SitegenImage does all image work (the
// posters copied after the fetch, the cards drawn between render and write, the app icons, with
// the images' bytes kept out of the model); SitegenWrite alone touches the output
// folder, and SitegenServe previews it. SitegenBuild drives fetch → render → write; SitegenCLI
// parses options and reports, running no stage itself. Each imports only what its job needs, so
// the compiler keeps render from fetching or writing, and the template engine from knowing the site.
//
// Linux only (Debian with Swift 6.3 is what is built and tested): the writer, the preview server
// and the console call Glibc directly (write, sockets, flock, renameat2), so no `platforms:` line
// claims an Apple platform it was never built on.
// Tests build hundreds of small sites, in-process and through the debug binary; unoptimised Swift
// builds a site about twelve times slower than release (400 days: 5.2 s of CPU against 0.42 s),
// so the modules that do the work are optimised in debug builds too. The tests themselves stay
// unoptimised, and `-enable-testing` (which `@testable import` needs) still applies.
let optimized: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

// Declared before the package: a manifest's top-level code runs in order.
let tests: [Target] = [
    .testTarget(name: "SitegenBasicsTests", dependencies: ["SitegenBasics"]),
    .testTarget(name: "SitegenModelTests", dependencies: ["SitegenModel"]),
    .testTarget(name: "SitegenDecodeTests", dependencies: ["SitegenDecode", "SitegenModel"],
                resources: [.copy("Fixtures")]),
    .testTarget(name: "SitegenFetchTests", dependencies: [
        "SitegenFetch", "SitegenDemo", "SitegenDecode", "SitegenModel", "SitegenTestSupport",
    ]),
    .testTarget(name: "SitegenDemoTests", dependencies: [
        "SitegenDemo", "SitegenFetch", "SitegenDecode", "SitegenModel", "SitegenBasics",
    ]),
    .testTarget(name: "SitegenMustacheTests", dependencies: ["SitegenMustache"]),
    // Request signing against AWS's vectors, the hashes against theirs, and what a deploy plans.
    .testTarget(name: "SitegenDeployTests", dependencies: ["SitegenDeploy", "SitegenFetch"]),
    .testTarget(
        name: "SitegenRenderTests",
        dependencies: [
            "SitegenRender", "SitegenMustache", "SitegenModel", "SitegenFetch", "SitegenDemo", "SitegenTestSupport"
        ]),
    // What the site tests share: the binary runner, small demo sites built into temporary
    // folders, a site's tree to compare, sources with edited answers.
    .target(
        name: "SitegenSiteSupport",
        dependencies: [
            "SitegenCLI", "SitegenBuild", "SitegenDemo", "SitegenFetch", "SitegenModel", "SitegenRender",
            "SitegenTestSupport",
        ],
        path: "Tests/SitegenSiteSupport"),
    // Whole sites built, rebuilt and read (the pipeline end to end).
    .testTarget(
        name: "SitegenBuildTests",
        dependencies: [
            "SitegenSiteSupport", "SitegenCLI", "SitegenBuild", "SitegenDecode", "SitegenFetch", "SitegenDemo",
            "SitegenRender", "SitegenMustache", "SitegenWrite", "SitegenModel", "SitegenBasics", "SitegenTestSupport",
            "SitegenImage",
        ]),
    // The output folder: staging and swaps, in-place updates, repairs, killed builds.
    .testTarget(
        name: "SitegenWriteTests",
        dependencies: [
            "SitegenSiteSupport", "SitegenWrite", "SitegenBuild", "SitegenCLI", "SitegenDemo", "SitegenFetch",
            "SitegenModel", "SitegenTestSupport",
        ]),
    // The preview server and `sitegen serve`.
    .testTarget(name: "SitegenServeTests", dependencies: ["SitegenSiteSupport", "SitegenServe", "SitegenTestSupport"]),
    // The commands as a user runs them, the operator's paths, the docs and the source's style.
    .testTarget(
        name: "SitegenCLITests",
        dependencies: [
            "SitegenSiteSupport", "SitegenCLI", "SitegenBuild", "SitegenFetch", "SitegenModel", "SitegenWrite",
            "SitegenTestSupport", "SitegenBasics",
        ]),
]

let package = Package(
    name: "sitegen",
    products: [.executable(name: "sitegen", targets: ["sitegen"])],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .target(name: "CAtomicSwap"),
        // mallopt for `build` and `fetch` (glibc's malloc.h is not in Swift's Glibc module).
        .target(name: "CMallocTuning"),
        // libvips for posters: fixed-argument wrappers over its variadic calls, loaded with dlopen on
        // the first poster (not linked: its ~95 libraries cost every start 10 ms).
        .target(name: "CVipsShim", linkerSettings: [.linkedLibrary("dl")]),
        // Small tools every stage shares: the JSON writer, the FNV-1a hash, the seeded random
        // generator, the characters no output may carry, one-line error text.
        .target(name: "SitegenBasics", swiftSettings: optimized),
        // The domain: Day, charts, films, periods, the Korean holiday calendar.
        .target(name: "SitegenModel", swiftSettings: optimized),
        // KOBIS and Kakao bytes → the domain: faults, lenient fields, untrustworthy rows rejected.
        .target(name: "SitegenDecode", dependencies: ["SitegenModel", "SitegenBasics"], swiftSettings: optimized),
        // The fetch seam and the live APIs behind it: the Fetcher (days → a Dataset, asking the seam
        // for values), the client with its retries and call budget, the disk cache and history that
        // decode each answer once, and the poster hosts a download may come from.
        .target(
            name: "SitegenFetch", dependencies: ["SitegenDecode", "SitegenModel", "SitegenBasics"],
            swiftSettings: optimized),
        // The demo world behind the same seam: a simulated market, its films and its memo.
        .target(
            name: "SitegenDemo", dependencies: ["SitegenFetch", "SitegenDecode", "SitegenModel", "SitegenBasics"],
            swiftSettings: optimized),
        // Mustache: the spec's required modules and its optional inheritance (no lambdas, no dynamic
        // names), strict mode, `file:line:col` errors; generic, it imports no sitegen module.
        .target(name: "SitegenMustache", swiftSettings: optimized),
        // Pure: a Dataset, templates, notes and settings → the site's files, with no network, clock or
        // disk, so it is tested by calling it.
        .target(
            name: "SitegenRender", dependencies: ["SitegenModel", "SitegenBasics", "SitegenMustache", "CCmark"],
            swiftSettings: optimized),
        // All image work, in one room: posters downloaded (through the fetch seam) and resized, share
        // cards drawn from the SVG render left, app icons drawn from the favicon; the bytes of posters
        // and cards stay here, never in the model, and reach the writer beside the rendered pages.
        .target(
            name: "SitegenImage",
            dependencies: [
                "CVipsShim", "SitegenFetch", "SitegenRender", "SitegenModel", "SitegenBasics",
            ],
            swiftSettings: optimized),
        // The one writer of the output folder: staged and swapped in whole, or updated in place.
        .target(name: "SitegenWrite", dependencies: ["SitegenBasics", "CAtomicSwap"], swiftSettings: optimized),
        // `sitegen deploy`: the output folder to an S3-compatible bucket, only what changed, signed
        // with its own SigV4 over the fetch stage's hardened HTTP client.
        .target(
            name: "SitegenDeploy", dependencies: ["SitegenFetch", "SitegenBasics"], swiftSettings: optimized),
        // The stock theme (Templates/, Public/, docs/deploy/) compiled into the binary at build time.
        .executableTarget(name: "EmbedTheme"),
        .plugin(name: "EmbedThemePlugin", capability: .buildTool(), dependencies: ["EmbedTheme"]),
        .target(name: "SitegenTheme", plugins: ["EmbedThemePlugin"]),
        // The preview server (its own small HTTP/1.1 listener with bounded request heads): serves the
        // output folder, watches the inputs, reloads open pages.
        .target(name: "SitegenServe", dependencies: ["SitegenBasics"], swiftSettings: optimized),
        // A build from its plan: the inputs read (stock theme overlaid, notes, Public files), fetch →
        // render → write, and what the last build's manifest lets a rebuild skip.
        .target(name: "SitegenBuild", dependencies: [
            "SitegenModel", "SitegenBasics", "SitegenFetch", "SitegenRender", "SitegenMustache",
            "SitegenWrite", "SitegenTheme", "SitegenImage",
        ], swiftSettings: optimized),
        // The commands: options parsed and resolved into a plan (the only place the clock is read),
        // and the console: notes and warnings on stderr, the summary on stdout, keys scrubbed.
        .target(
            name: "SitegenCLI",
            dependencies: [
                "SitegenBuild", "SitegenModel", "SitegenBasics", "SitegenFetch", "SitegenDemo", "SitegenRender",
                "SitegenWrite",
                "SitegenServe", "SitegenTheme", "SitegenDeploy",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // For tests only: a local HTTP server speaking KOBIS and Kakao, raw HTTP, a site rendered into
        // memory; and, as a program, the stand-in the benchmark fills a cache from.
        .target(name: "SitegenTestSupport", dependencies: [
            "SitegenFetch", "SitegenDecode", "SitegenDemo", "SitegenRender", "SitegenModel", "SitegenBasics",
            "SitegenImage",
        ], swiftSettings: optimized),
        .executableTarget(name: "kobis-standin", dependencies: ["SitegenTestSupport", "SitegenDemo"]),
        .executableTarget(name: "sitegen", dependencies: [
            "SitegenCLI", "SitegenBuild", "CMallocTuning",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
    ] + (hasTests ? tests : [])
)
