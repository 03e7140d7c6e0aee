import Foundation
import PackagePlugin

/// Embeds the repository's own `Templates/` and `Public/` into the `SitegenTheme` module at build
/// time, so an installed `sitegen` binary carries its stock theme and there is one source of truth:
/// editing a template here changes the next build of the binary, with no copy that drifts.
@main
struct EmbedThemePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let folders = ["Templates", "Public", "docs/deploy"].map { root.appendingPathComponent($0) }
        var inputs: [URL] = []
        for folder in folders {
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { continue }
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                inputs.append(url)
            }
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedThemeFiles.swift")
        return [.buildCommand(displayName: "Embedding the stock theme (Templates/, Public/)",
                              executable: try context.tool(named: "EmbedTheme").url,
                              arguments: [output.path] + folders.map(\.path),
                              inputFiles: inputs, outputFiles: [output])]
    }
}
