import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SitegenDecode

/// Poster bytes from an image host, read as they arrive and cut off as soon as they pass the cap:
/// URLSession's completion form holds a whole body in memory first, so a hostile host could send
/// gigabytes before any check ran. A declared length over the cap is refused before the body.
final class CappedDownloads: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Pending {
        var data = Data()
        var response: URLResponse?
        var refused: Error?
        let continuation: CheckedContinuation<(Data, URLResponse), Error>
    }

    let cap: Int
    /// Checked again at every redirect: a public address may send the download anywhere.
    let hosts: PosterHosts
    private let lock = NSLock()
    private var pending: [Int: Pending] = [:]

    init(cap: Int, hosts: PosterHosts = PosterHosts()) { self.cap = cap; self.hosts = hosts }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let refusal: String? =
            if let url = request.url {
                ["http", "https"].contains(url.scheme?.lowercased() ?? "")
                    ? hosts.refusal(for: url) : "it redirects to an address that is not http(s)"
            } else { "it redirects nowhere" }
        if let refusal {
            lock.withLock {
                pending[task.taskIdentifier]?.refused = PosterRefused(description: "redirected, then " + refusal)
            }
            completionHandler(nil)
        } else {
            completionHandler(request)
        }
    }

    func load(_ request: URLRequest, in session: URLSession) async throws -> (Data, URLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            let task = session.dataTask(with: request)
            lock.withLock { pending[task.taskIdentifier] = Pending(continuation: continuation) }
            task.resume()
        }
    }

    private var tooLarge: ResponseMismatchError {
        ResponseMismatchError(reason: "the poster is more than the \(cap / 1_000_000) MB a poster may be")
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let over = response.expectedContentLength > Int64(cap)
        lock.withLock {
            pending[dataTask.taskIdentifier]?.response = response
            if over { pending[dataTask.taskIdentifier]?.refused = tooLarge }
        }
        completionHandler(over ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = lock.withLock { () -> Bool in
            guard var entry = pending[dataTask.taskIdentifier], entry.refused == nil else { return false }
            entry.data.append(data)
            if entry.data.count > cap { entry.refused = tooLarge; entry.data = Data() }
            pending[dataTask.taskIdentifier] = entry
            return entry.refused != nil
        }
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let entry = lock.withLock({ pending.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let refused = entry.refused { entry.continuation.resume(throwing: refused) }
        else if let error { entry.continuation.resume(throwing: error) }
        else if let response = entry.response { entry.continuation.resume(returning: (entry.data, response)) }
        else { entry.continuation.resume(throwing: URLError(.badServerResponse)) }
    }
}
