import Foundation
import Testing
import SitegenSiteSupport

/// `.ci/setup` installs only what is missing: on a machine that has everything it never runs
/// apt-get (on a laptop that would be a surprise sudo), however its checks' pipes are timed.
struct SetupScriptTests {
    /// Runs `.ci/setup --browser` with every tool it looks for stubbed on PATH, an fc-list that
    /// prints a long list with Korean fonts in it (long enough that a reader which stops early
    /// makes fc-list die of SIGPIPE), and apt-get and sudo that only write down what they were asked.
    @Test func aMachineWithEveryFontNeverRunsAptGet() async throws {
        let folder = try SiteFixture.temporaryFolder()
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let asked = folder.appendingPathComponent("asked")
        var fontList = ""
        for i in 0..<4_000 { fontList += "/usr/share/fonts/truetype/other/Font\(i).ttf: Other Font \(i):style=Regular\n" }
        try fontList.write(to: folder.appendingPathComponent("fonts"), atomically: true, encoding: .utf8)
        let fonts = folder.appendingPathComponent("fonts").path
        var stubs = [
            // Nanum first, then thousands of lines: `grep -q` has its answer long before fc-list is done.
            "fc-list": "#!/bin/sh\necho '/usr/share/fonts/truetype/nanum/NanumGothic.ttf: NanumGothic,나눔고딕:style=Regular'\ncat '\(fonts)'\n",
            "apt-get": "#!/bin/sh\necho \"apt-get $*\" >> '\(asked.path)'\n",
            "sudo": "#!/bin/sh\necho \"sudo $*\" >> '\(asked.path)'\n",
            "pkg-config": "#!/bin/sh\nexit 0\n",
            "python3": "#!/bin/sh\nexit 0\n",
        ]
        for tool in ["chromium", "chromedriver", "tesseract", "vips", "java", "nginx", "actionlint", "rclone"] {
            stubs[tool] = "#!/bin/sh\nexit 0\n"
        }
        for (name, text) in stubs {
            let url = bin.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        let setup = SiteFixture.repo.appendingPathComponent(".ci/setup").path
        // The race lost 5 times in 8 before: 12 runs find it all but surely.
        for run in 1...12 {
            let result = try await Binary.runExecutable(
                "/bin/bash", [setup, "--browser"], environment: ["PATH": "\(bin.path):/usr/bin:/bin"])
            #expect(result.status == 0, "run \(run): \(result.err)")
        }
        let requests = (try? String(contentsOf: asked, encoding: .utf8)) ?? ""
        // The tesseract language file is looked for at its real path, so a machine without it may
        // ask for that; never for a font it has.
        #expect(!requests.contains("fonts-nanum"), "asked for fonts it has: \(requests)")
    }

    /// The README tells a contributor how long the whole test run takes before they start it.
    @Test func theReadmeSaysHowLongTheTestsTake() throws {
        let readme = try String(contentsOf: SiteFixture.repo.appendingPathComponent("README.md"), encoding: .utf8)
        let line = readme.split(separator: "\n").first { $0.contains(".ci/test") && $0.contains("minutes") }
        #expect(line != nil, "no line of README.md says how many minutes .ci/test takes")
    }
}
