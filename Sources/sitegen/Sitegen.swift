import ArgumentParser
import SitegenCLI

// In the executable, as @main: ArgumentParser runs an async root command only from here.
@main

struct Sitegen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sitegen",
        abstract: "Publish the Korean daily box office (KOBIS) as a static website.",
        discussion: """
        Without KOBIS_API_KEY (or with --demo) the site is built from a built-in demo source of fictional films, and every page says so.

        Environment:
          KOBIS_API_KEY        KOBIS Open API key (live data)
          KAKAO_REST_API_KEY   Kakao REST API key for posters (optional)
          KOBIS_BASE_URL       KOBIS host override (mirrors, tests)
          KAKAO_BASE_URL       Kakao host override
          SOURCE_DATE_EPOCH    fixed build time, for reproducible data/index.json
        """,
        subcommands: [BuildCommand.self, ServeCommand.self, FetchCommand.self])

}
