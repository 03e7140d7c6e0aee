import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One client's socket as a handler sees it: whether the client is still there, and a claim on
/// the slots that long-lived answers (long polls, large files) share. Those are capped below the
/// connection limit, so tabs holding them can never take the slots ordinary requests need.
public final class Connection: @unchecked Sendable {
    let fd: Int32
    let longSlots: DispatchSemaphore
    /// Touched only by the connection's own thread.
    private(set) var holdsLongSlot = false

    init(fd: Int32, longSlots: DispatchSemaphore) { self.fd = fd; self.longSlots = longSlots }

    /// Takes one of the long-lived slots for the rest of the connection; false when all are taken.
    func holdLongSlot() -> Bool {
        if holdsLongSlot { return true }
        holdsLongSlot = longSlots.wait(timeout: .now()) == .success
        return holdsLongSlot
    }

    func close() {
        if holdsLongSlot { longSlots.signal(); holdsLongSlot = false }
    }

    /// False once the client has hung up: a closed tab's long poll must give its slot back now,
    /// not when the poll times out. A request sends nothing after its head, so readable with
    /// nothing to read is the end of the stream.
    public var isOpen: Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return true }
        if descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return false }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) != 0
    }
}
