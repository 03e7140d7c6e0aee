import Foundation
import Testing
import SitegenSiteSupport
import SitegenTestSupport

/// The live progress line, on a real pseudo-terminal from `script` (util-linux).
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs /usr/bin/script (util-linux)"))
struct ProgressLineTests {
    @Test func aTerminalGetsALiveProgressLineThatIsClearedAtTheEnd() async throws {
        let apis = try FakeAPIs()
        apis.inject { _, _ in nil }
        let folder = try SiteFixture.temporaryFolder()
        let command = [Binary.url.path, "fetch", "--days", "8", "--until", "2024-02-10", "--cache", folder.appendingPathComponent("c").path]
            .map { "'\($0)'" }.joined(separator: " ")
        let env = apis.environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let result = try await Binary.runExecutable("/usr/bin/script", ["-qec", "env \(env) \(command)", "/dev/null"])
        #expect(result.status == 0, "\(result.out)")
        #expect(result.out.contains("\r\u{1B}[2Kfetch "), "the line redraws in place")
        #expect(result.out.contains(" cached · ") && result.out.contains(" over the network"))
        #expect(result.out.contains("fetch: ") && result.out.contains("fetched 8 days"))
        #expect(!result.out.contains(FakeAPIs.kobisKey))
    }
}
