import Foundation
#if canImport(Glibc)
import Glibc
#endif

public struct ServeError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// Serves the output folder for preview, with the live-reload script injected into HTML responses
/// (never into the files). Folders serve their index.html; unknown paths the site's 404.html.
public final class PreviewServer: Sendable {
    let host: String
    let addresses: [ListenAddress]
    let requestedPort: UInt16
    let handler: PreviewHandler
    let listener = ListenerBox()

    /// Resolves `host` (see `ListenHost`) and checks each address and the port before anything is built.
    public init(root: URL, host: String, port: UInt16, reload: LiveReload) throws {
        self.host = host
        self.requestedPort = port
        self.handler = PreviewHandler(files: StaticFiles(root: root), reload: reload)
        addresses = try Self.available(try ListenHost.resolve(host), port: port)
    }

    /// Starts listening on every address, on one port, and returns the URL to open.
    public func start() async throws -> URL {
        let handler = self.handler
        var started: [HTTPListener] = []
        do {
            for address in addresses {
                // The first picks the port when asked for 0; the others take the same one.
                let port = started.first?.port ?? requestedPort
                let one = try HTTPListener(address: address, port: port) { handler.handleRequest($0) }
                started.append(one)
            }
        } catch let error as ListenError {
            started.forEach { $0.stop() }
            throw ServeError(description: error.description)
        }
        started.forEach { $0.start() }
        listener.set(started)
        return URL(string: "http://\(ListenHost.inURL(host)):\(started[0].port)/")!
    }

    /// Where it listens, as "127.0.0.1:8000" and "[::1]:8000" (empty before `start`).
    public var listening: [String] { listener.addresses }

    public func stop() async { listener.stop() }

    /// Connections open now on every address, and how many are answering: a test waits for the
    /// clients it started to be held before it measures, rather than sleeping a guess.
    var connections: (open: Int, answering: Int) { listener.connections }

    /// Binding first gives a clear one-line error for a port in use, before anything is built.
    /// An optional address the machine does not have (`localhost`'s ::1 without IPv6) is left out.
    static func available(_ addresses: [ListenAddress], port: UInt16) throws -> [ListenAddress] {
        var kept: [ListenAddress] = []
        for address in addresses {
            do {
                try HTTPListener(address: address, port: port) { _ in PreviewResponse(status: 500) }.stop()
                kept.append(address)
            } catch let error as ListenError {
                if address.optional && error.notHere { continue }
                throw ServeError(description: error.description)
            }
        }
        return kept
    }
}

final class ListenerBox: @unchecked Sendable {
    private let lock = NSLock()
    private var listeners: [HTTPListener] = []
    func set(_ all: [HTTPListener]) { lock.withLock { listeners = all } }
    var addresses: [String] { lock.withLock { listeners.map { "\($0.address.text):\($0.port)" } } }
    func stop() { lock.withLock { listeners.forEach { $0.stop() }; listeners = [] } }
    var connections: (open: Int, answering: Int) {
        lock.withLock { listeners.map(\.connections).reduce((0, 0)) { ($0.0 + $1.open, $0.1 + $1.answering) } }
    }
}


struct PreviewHandler: Sendable {
    let files: StaticFiles
    let reload: LiveReload
    static let scriptTag = "<script src=\"/__sitegen/live.js\"></script>"
    /// Past this a page is left without the live-reload script.
    static let largestInjected = 2 << 20
    /// The one page read whole per request: a 404 page up to this size.
    static let largestWhole404 = 256 << 10

    /// Synchronous, on the connection's own thread: see `LiveReload`.
    func handleRequest(_ request: PreviewRequest) -> PreviewResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return text(405, "only GET and HEAD\n")
        }
        let raw = request.path
        switch raw {
        case "/__sitegen/live.js":
            return PreviewResponse(
                status: 200,
                headers: [("Content-Type", "text/javascript; charset=utf-8"), ("Cache-Control", "no-store")],
                body: Data(LiveReload.script.utf8))
        case "/__sitegen/wait":
            let generation = request.queryValue("generation").flatMap { Int($0) }
            let state = reload.wait(after: generation) { request.connection?.isOpen ?? true }
            return PreviewResponse(
                status: 200,
                headers: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")],
                body: (try? JSONEncoder().encode(state)) ?? Data())
        default:
            break
        }
        let resolved = files.resolve(raw)
        let siteWorker = files.root.appendingPathComponent("sw.js")
        if PreviewWorker.answers(
            raw.removingPercentEncoding ?? raw, existing: resolved != .notFound,
            siteWorker: resolved == .file(siteWorker, contentType: ContentType.of(siteWorker)))
        {
            return PreviewResponse(
                status: 200,
                headers: [("Content-Type", "text/javascript; charset=utf-8"), ("Cache-Control", "no-store")],
                body: Data(PreviewWorker.script.utf8))
        }
        switch resolved {
        case .file(let url, let type):
            let headers = [("Content-Type", type), ("Cache-Control", "no-store")]
            guard let length = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int else {
                return text(404, "not found\n")
            }
            // A page gets the script before its last </body>; pages past 2 MB are sent as they are.
            var body = FileBody(url: url, length: length)
            if type.hasPrefix("text/html"), length <= Self.largestInjected {
                body.insert = PageScript.insertion(in: url, length: length)
            }
            return PreviewResponse(status: 200, headers: headers, file: body)
        case .redirect(let location):
            return PreviewResponse(status: 301, headers: [("Location", Self.location(location, query: request.query))])
        case .forbidden:
            return text(403, "forbidden\n")
        case .notFound:
            // A miss under en/ is answered in English when the site has that edition's 404.
            let decoded = raw.removingPercentEncoding ?? raw
            let english = files.root.appendingPathComponent("en/404.html")
            let underEnglish = decoded == "/en" || decoded.hasPrefix("/en/")
            let page = underEnglish && FileManager.default.fileExists(atPath: english.path)
                ? english : files.root.appendingPathComponent("404.html")
            let headers = [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")]
            guard let length = (try? FileManager.default.attributesOfItem(atPath: page.path))?[.size] as? Int else {
                return text(404, "not found (and the site has no 404.html)\n")
            }
            // Read whole to set its base; one larger than any 404 page sitegen writes is sent as it is.
            guard length <= Self.largestWhole404, let data = try? Data(contentsOf: page) else {
                return PreviewResponse(status: 404, headers: headers, file: FileBody(url: page, length: length))
            }
            return PreviewResponse(status: 404, headers: headers, body: Self.inject(Self.rootBase(data)))
        }
    }

    func text(_ status: Int, _ body: String) -> PreviewResponse {
        PreviewResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data(body.utf8))
    }

    /// A same-origin path: one leading slash (`//host/` would leave the site), and the query
    /// percent-encoded wherever it is not plain printable ASCII.
    static func location(_ path: String, query: String) -> String {
        let local = "/" + path.drop { $0 == "/" || $0 == "\\" }
        guard !query.isEmpty else { return local }
        var safe = ""
        for byte in query.utf8 {
            if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
                safe.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                safe += String(format: "%%%02X", byte)
            }
        }
        return local + "?" + safe
    }

    /// Adds the live-reload script before `</body>`.
    static func inject(_ html: Data) -> Data {
        var text = String(decoding: html, as: UTF8.self)
        if let end = text.range(of: "</body>", options: .backwards) {
            text.insert(contentsOf: scriptTag + "\n", at: end.lowerBound)
        } else {
            text += scriptTag
        }
        return Data(text.utf8)
    }

    /// The 404 page is served at any depth; in preview its links resolve from the server root.
    static func rootBase(_ html: Data) -> Data {
        var text = String(decoding: html, as: UTF8.self)
        if let existing = text.firstRange(of: /<base [^>]*>/) {
            text.replaceSubrange(existing, with: "<base href=\"/\">")
        } else if let head = text.range(of: "<head>") {
            text.insert(contentsOf: "\n<base href=\"/\">", at: head.upperBound)
        }
        return Data(text.utf8)
    }
}
