import Foundation
import SitegenTestSupport

// The local KOBIS and Kakao stand-in the tests use, as a program: the demo world behind the real
// endpoints on 127.0.0.1, for the benchmark's live path (fill a cache with `sitegen fetch`, then
// time `sitegen build --offline`). Prints one line of environment to use, then serves until its
// standard input closes. Never installed: it exists for Tests/Benchmarks.
@main
struct KOBISStandIn {
    static func main() throws {
        let apis = try FakeAPIs()
        let environment = apis.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
            separator: " ")
        FileHandle.standardOutput.write(Data((environment + "\n").utf8))
        while readLine() != nil {}
        apis.server.stop()
    }
}
