import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SitegenDecode

/// Answers read as they arrive, cut off at a size cap and a deadline of sitegen's own.
///
/// URLSession's completion form holds a whole body in memory first, so a hostile host could send
/// gigabytes before any check ran. A declared length over the cap is refused before the body; an
/// undeclared one (chunked, or delimited by closing) is cancelled by the chunk that crosses it,
/// the delegate appending in place (never a copy of the buffer).
///
/// swift-corelibs-foundation queues every chunk curl reads for the delegate without waiting for
/// it, and on loopback curl reads a gigabyte before the queue has delivered 20 MB. It offers no
/// way to pause a receive (a fatalError there), so the delegate runs on `InlineQueue`: on curl's
/// own thread, which reads nothing more until the delegate has looked at the last chunk. That is
/// the back-pressure; past the cap every chunk is dropped at once.
///
/// Linux's URLSession does not apply `timeoutIntervalForResource` to these tasks, and its
/// request timeout restarts with every byte: a host sending a byte a second would hold a task
/// forever. A timer of sitegen's own cancels a task at its deadline.
public final class CappedDownloads: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Pending {
        var data = Data()
        var response: URLResponse?
        var refused: Error?
        var redirects = 0
        let continuation: CheckedContinuation<(Data, URLResponse), Error>
    }

    let cap: Int
    /// What the answers are, for the error that says one was too large: "poster", "answer".
    let noun: String
    /// Checked again at every redirect: a public address may send the download anywhere. Nil
    /// for the APIs' own hosts, which are the operator's to choose.
    let hosts: PosterHosts?
    /// Seconds a whole download may take, from asking to its last byte.
    let deadline: Double
    /// A host that answers every request with another redirect costs this many requests, no more.
    static let maxRedirects = 5
    private let lock = NSLock()
    /// By the task object: its identifier counts within its session, and a poster has a session of its own.
    private var pending: [ObjectIdentifier: Pending] = [:]

    public init(cap: Int, noun: String, deadline: Double, hosts: PosterHosts? = nil) {
        self.cap = cap; self.noun = noun; self.deadline = deadline; self.hosts = hosts
    }

    public func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        var refusal: String? =
            if let url = request.url {
                ["http", "https"].contains(url.scheme?.lowercased() ?? "")
                    ? hosts?.refusal(for: url) : "it redirects to an address that is not http(s)"
            } else { "it redirects nowhere" }
        lock.withLock {
            let hops = (pending[ObjectIdentifier(task)]?.redirects ?? 0) + 1
            pending[ObjectIdentifier(task)]?.redirects = hops
            if refusal == nil, hops > Self.maxRedirects {
                refusal = "it redirected more than \(Self.maxRedirects) times"
            }
            if let refusal {
                pending[ObjectIdentifier(task)]?.refused =
                    hosts == nil
                    ? ResponseMismatchError(reason: refusal) : PosterRefused(description: "redirected, then " + refusal)
            }
        }
        completionHandler(refusal == nil ? request : nil)
    }

    /// A session whose delegate is this, run on curl's thread (see `InlineQueue`).
    public func session(_ configuration: URLSessionConfiguration) -> URLSession {
        URLSession(configuration: configuration, delegate: self, delegateQueue: InlineQueue())
    }

    /// `request` in a session of its own, let go when it is over. A session reads all its
    /// transfers on one queue, which also runs their cancellation: with six hosts sending without
    /// end, one poster's cancellation at the cap waited behind the others' reading, and each of
    /// them read its whole body (a gigabyte a poster on loopback, and memory without bound from a
    /// host that never stops). Alone, a poster is cut off within a few chunks of the cap.
    func loadAlone(_ request: URLRequest, configuration: URLSessionConfiguration) async throws -> (Data, URLResponse) {
        let session = session(configuration)
        // A session keeps its delegate until it is invalidated.
        defer { session.finishTasksAndInvalidate() }
        return try await load(request, in: session)
    }

    public func load(_ request: URLRequest, in session: URLSession) async throws -> (Data, URLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            let task = session.dataTask(with: request)
            lock.withLock { pending[ObjectIdentifier(task)] = Pending(continuation: continuation) }
            let seconds = deadline
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self, weak task] in
                guard let self, let task else { return }
                if refuse(task, DeadlinePassed(seconds: seconds)) { task.cancel() }
            }
            task.resume()
        }
    }

    /// Marks a task refused (the first reason stands) and lets go of what it read; false once it is over.
    private func refuse(_ task: URLSessionTask, _ reason: Error) -> Bool {
        lock.withLock {
            guard pending[ObjectIdentifier(task)] != nil else { return false }
            if pending[ObjectIdentifier(task)]?.refused == nil { pending[ObjectIdentifier(task)]?.refused = reason }
            pending[ObjectIdentifier(task)]?.data = Data()
            return true
        }
    }

    private var tooLarge: ResponseMismatchError {
        ResponseMismatchError(
            reason: "the \(noun) is more than the \(cap / 1_000_000) MB "
                + "\(noun.first == "a" ? "an" : "a") \(noun) may be")
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let over = response.expectedContentLength > Int64(cap)
        lock.withLock {
            pending[ObjectIdentifier(dataTask)]?.response = response
            if over { pending[ObjectIdentifier(dataTask)]?.refused = tooLarge }
        }
        completionHandler(over ? .cancel : .allow)
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = lock.withLock { () -> Bool in
            let id = ObjectIdentifier(dataTask)
            guard pending[id]?.refused == nil, let count = pending[id]?.data.count else { return false }
            guard count + data.count <= cap else { return true }
            // Through the dictionary's own storage: `var entry = pending[id]` would copy the
            // buffer for every chunk.
            pending[id]?.data.append(data)
            return false
        }
        // Not here: cancel() waits on the session's queue, which is this thread.
        if over, refuse(dataTask, tooLarge) { DispatchQueue.global().async { dataTask.cancel() } }
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let entry = lock.withLock({ pending.removeValue(forKey: ObjectIdentifier(task)) }) else { return }
        if let refused = entry.refused { entry.continuation.resume(throwing: refused) }
        else if let error { entry.continuation.resume(throwing: error) }
        else if let response = entry.response { entry.continuation.resume(returning: (entry.data, response)) }
        else { entry.continuation.resume(throwing: URLError(.badServerResponse)) }
    }
}

/// A download that ran past its deadline and was cancelled.
public struct DeadlinePassed: Error, Sendable { public let seconds: Double }

/// Runs each operation at once on the thread that adds it. URLSession adds its delegate calls
/// from curl's thread, so they finish before curl reads on: the only back-pressure
/// FoundationNetworking allows. Hand-written because no system queue runs work in place.
final class InlineQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) { block() }
    override func addOperation(_ op: Operation) { op.start() }
}
