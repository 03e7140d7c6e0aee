import FlyingFox
import FlyingSocks
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
    let server: HTTPServer
    let host: String
    let task = TaskBox()

    public init(root: URL, host: String, port: UInt16, reload: LiveReload) throws {
        self.host = host
        guard let address = try? sockaddr_in.inet(ip4: host, port: port) else {
            throw ServeError(description: "--host '\(host)' is not an IPv4 address like 127.0.0.1")
        }
        try Self.checkFree(host: host, port: port)
        server = HTTPServer(address: address, timeout: 60, logger: .disabled,
                            handler: PreviewHandler(files: StaticFiles(root: root), reload: reload))
    }

    /// Starts listening and returns the URL to open.
    public func start() async throws -> URL {
        let server = self.server
        task.set(Task { try await server.run() })
        do { try await server.waitUntilListening(timeout: 5) }
        catch { throw ServeError(description: "could not start the preview server on \(host): \(error.localizedDescription)") }
        guard case .ip4(_, let port)? = await server.listeningAddress else {
            throw ServeError(description: "the preview server did not report its port")
        }
        return URL(string: "http://\(host):\(port)/")!
    }

    public func stop() async {
        await server.stop(timeout: 1)
        task.cancel()
    }

    /// Binding first gives a clear one-line error for a port in use, before anything is built.
    static func checkFree(host: String, port: UInt16) throws {
        guard port != 0 else { return }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        let result = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        if result != 0 {
            let reason = errno == EADDRINUSE ? "is in use" : "cannot be opened (\(String(cString: strerror(errno))))"
            throw ServeError(description: "port \(port) on \(host) \(reason); pick another with --port")
        }
    }
}

final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<Void, Error>?
    func set(_ t: Task<Void, Error>) { lock.withLock { task = t } }
    func cancel() { lock.withLock { task?.cancel() } }
}

struct PreviewHandler: HTTPHandler {
    let files: StaticFiles
    let reload: LiveReload
    static let scriptTag = "<script src=\"/__sitegen/live.js\"></script>"

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else {
            return text(.methodNotAllowed, "only GET and HEAD\n")
        }
        let raw = request.target.path()
        switch raw {
        case "/__sitegen/live.js":
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-store"],
                                body: Data(LiveReload.script.utf8))
        case "/__sitegen/wait":
            let generation = request.query.first { $0.name == "generation" }.flatMap { Int($0.value) }
            let state = await reload.wait(after: generation)
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                                body: try JSONEncoder().encode(state))
        default:
            break
        }
        switch files.resolve(raw) {
        case .file(let url, let type):
            guard var data = try? Data(contentsOf: url) else { return text(.notFound, "not found\n") }
            if type.hasPrefix("text/html") { data = Self.inject(data) }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: type, .cacheControl: "no-store"],
                                body: request.method == .HEAD ? Data() : data)
        case .redirect(let location):
            let query = request.target.query()
            return HTTPResponse(statusCode: .movedPermanently, headers: [.location: query.isEmpty ? location : location + "?" + query])
        case .forbidden:
            return text(.forbidden, "forbidden\n")
        case .notFound:
            let page = files.root.appendingPathComponent("404.html")
            guard let data = try? Data(contentsOf: page) else { return text(.notFound, "not found (and the site has no 404.html)\n") }
            return HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                                body: Self.inject(Self.rootBase(data)))
        }
    }

    func text(_ status: HTTPStatusCode, _ body: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "text/plain; charset=utf-8"], body: Data(body.utf8))
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
