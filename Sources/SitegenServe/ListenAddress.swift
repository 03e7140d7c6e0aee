import Foundation
import SitegenBasics
#if canImport(Glibc)
import Glibc
#endif

/// An address `serve` listens on, as the socket calls take it and as a person reads it.
struct ListenAddress: @unchecked Sendable {
    var storage = sockaddr_storage()
    var length: socklen_t = 0
    var family: Int32 { Int32(storage.ss_family) }
    /// Not on this machine is no error for it: `localhost`'s ::1 where IPv6 is off.
    var optional = false

    /// "127.0.0.1", "[::1]": what a URL or a message puts before ":port".
    var text: String {
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var copy = storage
        let ok = withUnsafePointer(to: &copy) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST)
            }
        }
        let name =
            ok == 0 ? String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
        return family == AF_INET6 ? "[\(name)]" : name
    }

    /// `::` (every IPv6 address) also takes IPv4 where the system allows, as 0.0.0.0 and :: together.
    var isIPv6Any: Bool {
        guard family == AF_INET6 else { return false }
        var copy = storage
        return withUnsafeBytes(of: &copy) { raw in
            var any = in6addr_any
            var address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self).pointee.sin6_addr
            return memcmp(&address, &any, MemoryLayout<in6_addr>.size) == 0
        }
    }

    func withPort(_ port: UInt16) -> ListenAddress {
        var copy = self
        withUnsafeMutableBytes(of: &copy.storage) { raw in
            if family == AF_INET6 {
                raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self).pointee.sin6_port = port.bigEndian
            } else {
                raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self).pointee.sin_port = port.bigEndian
            }
        }
        return copy
    }

    var port: UInt16 {
        var copy = storage
        return withUnsafeBytes(of: &copy) { raw in
            family == AF_INET6
                ? UInt16(bigEndian: raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self).pointee.sin6_port)
                : UInt16(bigEndian: raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self).pointee.sin_port)
        }
    }
}

/// `--host` read as the addresses it names: an IPv4 or IPv6 address (`::1`, also `[::1]`), or a
/// name. `localhost` is both loopbacks, as browsers take it (they may try ::1 first), whatever
/// /etc/hosts lists; any other name is what the system resolver says.
public enum ListenHost {
    /// `[::1]` → `::1`: the brackets of a URL are not part of the address.
    public static func bare(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") && host.count > 2 ? String(host.dropFirst().dropLast()) : host
    }

    /// The host as it goes in a URL: an IPv6 address in brackets.
    public static func inURL(_ host: String) -> String {
        let plain = bare(host)
        return plain.contains(":") ? "[\(plain)]" : plain
    }

    /// A one-line reason when `host` names no address; nil when it does.
    public static func problem(_ host: String) -> String? {
        do { _ = try resolve(host); return nil } catch { return (error as? ServeError)?.description ?? "\(error)" }
    }

    static func resolve(_ host: String) throws -> [ListenAddress] {
        let plain = bare(host)
        if plain.lowercased() == "localhost" {
            return try resolve("127.0.0.1") + resolve("::1").map { var a = $0; a.optional = true; return a }
        }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE
        var list: UnsafeMutablePointer<addrinfo>?
        let status = plain.isEmpty ? EAI_NONAME : getaddrinfo(plain, nil, &hints, &list)
        guard status == 0, let first = list else {
            let why = status == EAI_SYSTEM ? String(cString: strerror(errno)) : String(cString: gai_strerror(status))
            throw ServeError(
                description:
                    "--host '\(ErrorText.printable(host))' is neither an IP address nor a name this machine resolves "
                        + "(\(why)); use an address like 127.0.0.1 or ::1, or localhost"
            )
        }
        defer { freeaddrinfo(list) }
        var found: [ListenAddress] = []
        var seen: Set<String> = []
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let entry = next {
            next = entry.pointee.ai_next
            guard let address = entry.pointee.ai_addr, [AF_INET, AF_INET6].contains(entry.pointee.ai_family) else {
                continue
            }
            var listen = ListenAddress()
            listen.length = entry.pointee.ai_addrlen
            withUnsafeMutableBytes(of: &listen.storage) {
                $0.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(entry.pointee.ai_addrlen)))
            }
            if seen.insert(listen.text).inserted { found.append(listen) }
        }
        return found
    }
}
