import ArgumentParser
import Foundation
import SitegenBuild
import SitegenCLI
import CMallocTuning

// In the executable, as @main: ArgumentParser runs an async root command only from here.
@main

struct Sitegen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sitegen",
        abstract: "Publish the Korean daily box office (KOBIS) as a static website.",
        discussion: """
        Without KOBIS_API_KEY (or with --demo) the site is built from a built-in demo source of fictional films, and \
        every page says so.

        Environment:
          KOBIS_API_KEY        KOBIS Open API key (live data)
          KAKAO_REST_API_KEY   Kakao REST API key for posters (optional)
          KOBIS_BASE_URL       KOBIS host override (mirrors, tests)
          KAKAO_BASE_URL       Kakao host override
          SOURCE_DATE_EPOCH    fixed build time ({{site.builtAt}} in templates)
          AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN   the bucket's key (sitegen deploy)
        """,
        version: SitegenVersion.description,
        subcommands: [BuildCommand.self, ServeCommand.self, FetchCommand.self, InitCommand.self, DeployCommand.self])

    /// Like ArgumentParser's, but a bad option is one `error:` line, not a usage dump: every
    /// failure of sitegen reads the same way. Help still prints in full.
    static func main() async {
        // Before anything allocates: an arena's heap takes the padding when it is made. Only the
        // one-shot commands; `serve` keeps glibc's defaults and hands memory back between builds.
        if let command = CommandLine.arguments.dropFirst().first, command == "build" || command == "fetch" {
            sg_tune_malloc()
        }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            if !(error is ExitCode) {
                // The commands report their own failures before throwing ExitCode.
                var line = message(for: error).split(separator: "\n").first.map(String.init) ?? "failed"
                if line.hasPrefix("Error: ") { line.removeFirst("Error: ".count) }
                FileHandle.standardError.write(Data("error: \(Console.printable(line)) (see 'sitegen help')\n".utf8))
            }
            // A failed build may leave requests in flight on URLSession's threads (the first fault
            // ends the fetch while five others wait on their hosts): `exit` would run the process's
            // teardown (libcurl's, libdispatch's) under them, the known family of aborts at exit in
            // Linux's FoundationNetworking. Flush what was printed, then leave at once.
            fflush(nil)  // every C stream: `print` writes through stdout's buffer
            _exit(code.rawValue)
        }
    }
}
