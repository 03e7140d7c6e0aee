import Foundation

// Build-time tool: writes a Swift file holding every file of the given folders, keyed by
// "<folder name>/<relative path>", sorted so the generated source (and the binary) is reproducible.
// Text stays a raw string literal (fast to compile, readable in a diff); anything that is not
// UTF-8 is base64.
let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: EmbedTheme OUTPUT.swift FOLDER...\n".utf8))
    exit(64)
}

/// A one-line string literal, for paths.
func plain(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\\u{\(String(scalar.value, radix: 16))}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

func literal(_ text: String) -> String {
    // A raw string needs more #s than any "# or \# run in the text, so nothing in it ends the
    // literal or starts an interpolation.
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains(hashes + "\"") || text.contains("\\" + hashes) { hashes += "#" }
    return "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"
}

var entries: [(String, String)] = []
/// The file's own bytes as a literal: text as a raw string, anything else as base64.
func stored(_ data: Data) -> String {
    // A multi-line literal turns CRLF into LF, so such files go as base64 to stay byte-exact.
    if let text = String(data: data, encoding: .utf8), !text.contains("\r") { return ".text(\(literal(text)))" }
    return ".base64(\"\(data.base64EncodedString())\")"
}

for folderPath in arguments.dropFirst() {
    let folder = URL(fileURLWithPath: folderPath)
    let name = folder.lastPathComponent
    // A file (Package.swift) is kept under its own name.
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
        if let data = FileManager.default.contents(atPath: folder.path) { entries.append((name, stored(data))) }
        continue
    }
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    else { continue }
    let prefix = folder.resolvingSymlinksInPath().path + "/"
    for case let url as URL in walker {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
              !url.lastPathComponent.hasPrefix("."),
              let data = FileManager.default.contents(atPath: url.path) else { continue }
        let relative = String(url.resolvingSymlinksInPath().path.dropFirst(prefix.count))
        entries.append((name + "/" + relative, stored(data)))
    }
}
entries.sort { $0.0 < $1.0 }

var source = "// Generated at build time by EmbedTheme from the repository's theme and source. Do not edit.\n\n"
source += "extension EmbeddedTheme {\n    static let stored: [(path: String, contents: Stored)] = [\n"
for (key, value) in entries {
    source += "        (\(plain(key)), \(value)),\n"
}
source += "    ]\n}\n"
do {
    try source.write(toFile: output, atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("EmbedTheme: cannot write \(output): \(error.localizedDescription)\n".utf8))
    exit(1)
}
