import Foundation
import SitegenDemo
import SitegenTestSupport

// The local KOBIS and Kakao stand-in the tests use, as a program: the demo world behind the real
// endpoints on 127.0.0.1, for the benchmark's live path (fill a cache with `sitegen fetch`, then
// time `sitegen build --offline`). Prints one line of environment to use, then serves until its
// standard input closes. Never installed: it exists for Tests/Benchmarks.
//
//   kobis-standin [--world small|real]      serve the small demo world (the default) or KOBIS's size
//   kobis-standin --census FIRST LAST [--world small|real]
//                                           print each year's charted films per chart, then exit
@main
struct KOBISStandIn {
    static func main() async throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var world = DemoScale.small
        if let i = arguments.firstIndex(of: "--world") {
            guard i + 1 < arguments.count, let named = DemoScale(word: arguments[i + 1]) else {
                fail("--world takes small or real")
            }
            world = named
            arguments.removeSubrange(i...(i + 1))
        }
        if arguments.first == "--census" {
            guard arguments.count == 3, let first = Int(arguments[1]), let last = Int(arguments[2]), first <= last,
                (1990...2100).contains(first), (1990...2100).contains(last)
            else { fail("--census takes two years, the first no later than the last") }
            try await census(first...last, world: world)
            return
        }
        guard arguments.isEmpty else {
            fail("unknown argument \(arguments[0]) (try --world real or --census 2004 2025)")
        }
        let apis = try FakeAPIs(world: world)
        let environment = apis.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
            separator: " ")
        FileHandle.standardOutput.write(Data((environment + "\n").utf8))
        while readLine() != nil {}
        apis.server.stop()
    }

    /// One line a year and a total: how many films each chart the site publishes lists.
    static func census(_ years: ClosedRange<Int>, world: DemoScale) async throws {
        print("year  charted  national  filter-only  korean  foreign  diversity")
        var total = (charted: 0, national: 0, filterOnly: 0)
        for year in years {
            let c = await DemoCensus.count(year: year, scale: world)
            total = (total.charted + c.charted, total.national + c.national, total.filterOnly + c.filterOnly)
            print(
                String(
                    format: "%4d  %7d  %8d  %11d  %6d  %7d  %9d", year, c.charted, c.national, c.filterOnly, c.korean,
                    c.foreign, c.diversity))
        }
        print(
            "total \(total.charted) charted: \(total.national) national, \(total.filterOnly) on a filter's chart only")
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("kobis-standin: \(message)\n".utf8))
        exit(2)
    }
}
