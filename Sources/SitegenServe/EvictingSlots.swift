import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A fixed number of slots, each held by one connection, where a newcomer that finds them all
/// taken sheds the holder that has waited longest: the preview's clients are tabs and phones, and
/// whatever keeps a slot (a head sent a byte at a time, a file read slowly, a long poll) must not
/// shut out the next request. A 503 to every newcomer was what a few dozen slow clients got
/// (issue 62: 90 of 94 requests during slow reads of a 1.9 MB file, every one with long polls).
///
/// Shedding shuts the holder's socket down: its read returns 0, its send fails, its long poll
/// sees the client gone, and its thread gives the slot back. Done under the lock its thread takes
/// to give the slot back, before it closes the descriptor, so the number always names that holder.
final class EvictingSlots: @unchecked Sendable {
    private struct Holder { var since: UInt64; var evictable: Bool }

    let capacity: Int
    private let free: DispatchSemaphore
    private let holders = Mutex([Int32: Holder]())

    init(capacity: Int) {
        self.capacity = capacity
        free = DispatchSemaphore(value: capacity)
    }

    /// Takes a slot for `fd`, shedding the longest-waiting evictable holder of at least
    /// `olderThan` nanoseconds when none is free, and waiting up to `wait` for the slot it frees.
    /// False when no slot came: everyone held it too briefly to be shed.
    func take(_ fd: Int32, evictable: Bool, olderThan: UInt64, wait: DispatchTimeInterval) -> Bool {
        var got = free.wait(timeout: .now()) == .success
        if !got {
            let deadline = DispatchTime.now() + wait
            // One shed a round: another newcomer may take the slot this one freed, so shed again.
            while !got, DispatchTime.now() < deadline {
                let shed = shedOldest(olderThan: olderThan)
                got = free.wait(timeout: min(deadline, .now() + (shed ? .milliseconds(300) : .milliseconds(50))))
                    == .success
            }
        }
        if got {
            holders.withLock { $0[fd] = Holder(since: DispatchTime.now().uptimeNanoseconds, evictable: evictable) }
        }
        return got
    }

    /// Whether `fd` may be shed from now on (a connection whose head is complete is not shed for
    /// another that has not sent its own).
    func mark(_ fd: Int32, evictable: Bool) {
        holders.withLock { $0[fd]?.evictable = evictable }
    }

    /// How many slots are held now: what a test waits on instead of sleeping.
    var held: Int { holders.withLock { $0.count } }

    /// Gives `fd`'s slot back; before its descriptor is closed, so no shedding reaches another.
    func give(_ fd: Int32) {
        guard holders.withLock({ $0.removeValue(forKey: fd) }) != nil else { return }
        free.signal()
    }

    private func shedOldest(olderThan: UInt64) -> Bool {
        holders.withLock { holders in
            // Read under the lock: a holder that came after it could be later than `now`.
            let now = DispatchTime.now().uptimeNanoseconds
            let evictable = holders.filter { $0.value.evictable }
            guard let (fd, holder) = evictable.min(by: { $0.value.since < $1.value.since }),
                holder.since <= now, now - holder.since >= olderThan
            else { return false }
            // Not evictable again: one shutdown is enough, and its thread gives the slot back.
            holders[fd]?.evictable = false
            shutdown(fd, Int32(SHUT_RDWR))
            return true
        }
    }
}
