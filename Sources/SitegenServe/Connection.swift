import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One client's socket as a handler sees it: whether the client is still there.
public final class Connection: Sendable {
    let fd: Int32

    init(fd: Int32) { self.fd = fd }

    /// False once the client has hung up, or the connection was shed for a newcomer: a closed
    /// tab's long poll must give its slot back now, not when the poll times out. A request sends
    /// nothing after its head, so readable with nothing to read is the end of the stream.
    public var isOpen: Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return true }
        if descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return false }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) != 0
    }
}
