// swift-tools-version:6.0
import PackageDescription

// One module per pipeline stage (fetch → render → write), the model they share, and the CLI.
let package = Package(
    name: "sitegen",
    platforms: [.macOS(.v14)],
    products: [.executable(name: "sitegen", targets: ["sitegen"])],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .target(name: "CAtomicSwap"),
        // libvips for posters: its header (pkg-config vips) and fixed-argument wrappers over its variadic calls.
        .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        .target(name: "CVipsShim", dependencies: ["CVips"]),
        .target(name: "SitegenImage", dependencies: ["CVipsShim"]),
        .target(name: "SitegenModel"),
        .target(name: "SitegenFetch", dependencies: ["SitegenModel", "SitegenImage"]),
        .target(name: "SitegenRender", dependencies: ["SitegenModel", "CCmark"]),
        .target(name: "SitegenWrite", dependencies: ["SitegenModel", "CAtomicSwap"]),
        // The stock theme (Templates/, Public/, docs/deploy/) compiled into the binary at build time.
        .executableTarget(name: "EmbedTheme"),
        .plugin(name: "EmbedThemePlugin", capability: .buildTool(), dependencies: ["EmbedTheme"]),
        .target(name: "SitegenTheme", plugins: ["EmbedThemePlugin"]),
        // The preview server (its own small HTTP/1.1 listener with bounded request heads): serves the output folder, watches the inputs, reloads open pages.
        .target(name: "SitegenServe", dependencies: ["SitegenModel"]),
        .target(name: "SitegenCLI", dependencies: [
            "SitegenModel", "SitegenFetch", "SitegenRender", "SitegenWrite", "SitegenServe", "SitegenTheme",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // A local HTTP server speaking KOBIS and Kakao, for tests only.
        .target(name: "SitegenTestSupport", dependencies: ["SitegenFetch", "SitegenModel", "SitegenImage"]),
        .executableTarget(name: "sitegen", dependencies: [
            "SitegenCLI", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "SitegenModelTests", dependencies: ["SitegenModel"], resources: [.copy("Fixtures")]),
        .testTarget(name: "SitegenFetchTests", dependencies: ["SitegenFetch", "SitegenModel", "SitegenTestSupport"]),
        .testTarget(name: "SitegenRenderTests", dependencies: ["SitegenRender", "SitegenModel", "SitegenCLI"]),
        .testTarget(name: "SitegenSiteTests", dependencies: [
            "SitegenCLI", "SitegenFetch", "SitegenRender", "SitegenWrite", "SitegenModel", "SitegenTestSupport", "SitegenServe", "SitegenImage",
        ]),
    ]
)
