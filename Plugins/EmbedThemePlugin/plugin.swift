import Foundation
import PackagePlugin

/// Embeds the repository's own `Templates/` and `Public/` into the `SitegenTheme` module at build
/// time, so an installed `sitegen` binary carries its stock theme and there is one source of truth:
/// editing a template here changes the next build of the binary, with no copy that drifts. The
/// source it is built from (Package.swift, Sources/, Plugins/) goes in too: `sitegen init` puts it
/// in a new site's repository, so the site's workflow builds the very sitegen that made the site,
/// from no address that could be wrong or gone.
@main
struct EmbedThemePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let folders = ["Templates", "Public", "docs/deploy", "Sources", "Plugins"].map {
            root.appendingPathComponent($0)
        }
        let manifest = root.appendingPathComponent("Package.swift")
        var inputs: [URL] = [manifest]
        for folder in folders {
            guard
                let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
            else { continue }
            for case let url as URL in walker
            where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                inputs.append(url)
            }
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedThemeFiles.swift")
        return [.buildCommand(displayName: "Embedding the stock theme and the source",
                              executable: try context.tool(named: "EmbedTheme").url,
                              arguments: [output.path] + folders.map(\.path) + [manifest.path],
                              inputFiles: inputs, outputFiles: [output])]
    }
}
