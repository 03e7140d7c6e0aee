import Foundation
import SitegenBasics
#if canImport(Glibc)
import Glibc
#endif

/// Where poster images may be downloaded from. Image search returns addresses anyone can get
/// indexed, so by default only public internet addresses are asked: never loopback, private,
/// link-local (169.254.169.254 is the cloud metadata service CI runners answer on), shared,
/// reserved or multicast ones, in IPv4 or IPv6, whether written in the URL or what its name
/// resolves to, on the first request and on every redirect. `--allow-poster-host` names the
/// exceptions: an address, a range (10.0.0.0/8, fd00::/8) or a host name.
///
/// The name is resolved here and then again by URLSession when it connects: a name whose DNS
/// answer changes in between (rebinding) could still slip through. URLSession on Linux cannot be
/// told which address to connect to, and a proxy of our own to pin it was judged not worth its
/// weight for posters; the window is milliseconds and needs a hostile DNS server, not just an
/// indexed page.
public struct PosterHosts: Sendable, Equatable {
    enum Entry: Sendable, Equatable {
        case network([UInt8], prefix: Int)  // 4 or 16 bytes
        case name(String)
    }

    let allowed: [Entry]

    public init() { allowed = [] }

    /// Each value an IP address, a CIDR range or a host name; a value that is none says so.
    public init(allowing values: [String]) throws {
        allowed = try values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map {
            try Self.entry(String($0).trimmingCharacters(in: .whitespaces))
        }
    }

    static func entry(_ text: String) throws -> Entry {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        if let bytes = Self.address(parts[0]) {
            guard parts.count == 2 else { return .network(bytes, prefix: bytes.count * 8) }
            guard let prefix = Int(parts[1]), (0...(bytes.count * 8)).contains(prefix) else {
                throw PosterHostsError(
                    "'\(ErrorText.printable(text))' has no valid prefix length (0–\(bytes.count * 8) after the /)")
            }
            return .network(bytes, prefix: prefix)
        }
        let name = text.lowercased()
        let label = "abcdefghijklmnopqrstuvwxyz0123456789-."
        guard parts.count == 1, !name.isEmpty, name.utf8.count <= 253, name.allSatisfy({ label.contains($0) }) else {
            throw PosterHostsError(
                "'\(ErrorText.printable(text))' is neither an IP address, a range like 10.0.0.0/8, nor a host name")
        }
        return .name(name.hasSuffix(".") ? String(name.dropLast()) : name)
    }

    /// The bytes of a numeric IPv4 or IPv6 address (brackets allowed), nil for anything else.
    static func address(_ text: String) -> [UInt8]? {
        let plain = text.hasPrefix("[") && text.hasSuffix("]") ? String(text.dropFirst().dropLast()) : text
        var v4 = in_addr()
        if inet_pton(AF_INET, plain, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, plain, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    /// Why `url` may not be asked, or nil when it may. Resolves its host (a blocking call).
    public func refusal(for url: URL) -> String? {
        guard let raw = url.host, !raw.isEmpty else { return "its address has no host" }
        let host = (raw.hasPrefix("[") && raw.hasSuffix("]") ? String(raw.dropFirst().dropLast()) : raw).lowercased()
        let shown = ErrorText.printable(host)
        if allowed.contains(.name(host.hasSuffix(".") ? String(host.dropLast()) : host)) { return nil }
        let addresses: [[UInt8]]
        do { addresses = try Self.resolve(host) } catch { return "its host \(shown) does not resolve (\(error))" }
        for address in addresses where !isAllowed(address) {
            guard let kind = Self.nonPublic(address) else { continue }
            let text = Self.text(address)
            let via = text == host ? "" : "its host \(shown) resolves to "
            return
                "not downloaded: \(via)\(text) is \(kind), and posters come only from public addresses; allow it with "
                    + "--allow-poster-host \(text) if posters live on your own network"
        }
        return nil
    }

    func isAllowed(_ address: [UInt8]) -> Bool {
        allowed.contains { entry in
            guard case .network(let network, let prefix) = entry else { return false }
            if network.count == address.count { return Self.matches(address, network, prefix) }
            // An IPv4 range also covers the same addresses written as IPv4-mapped IPv6.
            if network.count == 4, let embedded = Self.mappedIPv4(address) {
                return Self.matches(embedded, network, prefix)
            }
            return false
        }
    }

    static func matches(_ address: [UInt8], _ network: [UInt8], _ prefix: Int) -> Bool {
        var bits = prefix
        for (a, n) in zip(address, network) where bits > 0 {
            let mask: UInt8 = bits >= 8 ? 0xff : ~(0xff >> UInt8(bits))
            if a & mask != n & mask { return false }
            bits -= 8
        }
        return true
    }

    /// What kind of address it is when it is not a public one, in words for the warning.
    static func nonPublic(_ address: [UInt8]) -> String? {
        if address.count == 4 { return nonPublicIPv4(address) }
        guard address.count == 16 else { return "not an internet address" }
        if let embedded = mappedIPv4(address) { return nonPublicIPv4(embedded).map { "\($0) (written as IPv6)" } }
        if address.allSatisfy({ $0 == 0 }) { return "the unspecified address" }
        if address.dropLast().allSatisfy({ $0 == 0 }) && address[15] == 1 { return "a loopback address" }
        if address[0] & 0xfe == 0xfc { return "a private (unique local) address" }
        if address[0] == 0xfe && address[1] & 0xc0 == 0x80 { return "a link-local address" }
        if address[0] == 0xfe && address[1] & 0xc0 == 0xc0 { return "a site-local address" }
        if address[0] == 0xff { return "a multicast address" }
        if address[0] == 0x20 && address[1] == 0x01 && address[2] == 0x0d && address[3] == 0xb8 {
            return "a documentation address"
        }
        if address[0] == 0x01 && address[1...7].allSatisfy({ $0 == 0 }) { return "a discard address" }
        return nil
    }

    /// The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d),
    /// NAT64 (64:ff9b::a.b.c.d) or 6to4 (2002:aabb:ccdd::) IPv6 address: judged as that address.
    static func mappedIPv4(_ a: [UInt8]) -> [UInt8]? {
        guard a.count == 16 else { return nil }
        if a[0..<10].allSatisfy({ $0 == 0 }) && a[10] == 0xff && a[11] == 0xff { return Array(a[12..<16]) }
        if a[0..<12].allSatisfy({ $0 == 0 }) && !(a[12] == 0 && a[13] == 0 && a[14] == 0) { return Array(a[12..<16]) }
        if a[0] == 0x00 && a[1] == 0x64 && a[2] == 0xff && a[3] == 0x9b && a[4..<12].allSatisfy({ $0 == 0 }) {
            return Array(a[12..<16])
        }
        if a[0] == 0x20 && a[1] == 0x02 { return Array(a[2..<6]) }
        return nil
    }

    static func nonPublicIPv4(_ a: [UInt8]) -> String? {
        switch (a[0], a[1]) {
        case (0, _): return "a \"this network\" address"
        case (10, _): return "a private address"
        case (100, 64...127): return "a shared (carrier-grade NAT) address"
        case (127, _): return "a loopback address"
        case (169, 254): return "a link-local address (where cloud metadata services answer)"
        case (172, 16...31): return "a private address"
        case (192, 0) where a[2] == 0: return "a reserved (IETF protocol) address"
        case (192, 0) where a[2] == 2: return "a documentation address"
        case (192, 168): return "a private address"
        case (198, 18...19): return "a benchmarking address"
        case (198, 51) where a[2] == 100, (203, 0) where a[2] == 113: return "a documentation address"
        case (224...239, _): return "a multicast address"
        case (240...255, _): return "a reserved address"
        default: return nil
        }
    }

    static func text(_ address: [UInt8]) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let family = address.count == 4 ? AF_INET : AF_INET6
        _ = address.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &buffer, socklen_t(buffer.count)) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Every address the system resolver gives for `host` (numeric forms like 2130706433 or
    /// 0x7f.1 included: getaddrinfo reads them as inet_aton does, as the download would).
    static func resolve(_ host: String) throws -> [[UInt8]] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0 else { throw PosterHostsError(String(cString: gai_strerror(status))) }
        defer { freeaddrinfo(list) }
        var found: [[UInt8]] = []
        var next = list
        while let entry = next {
            next = entry.pointee.ai_next
            guard let address = entry.pointee.ai_addr else { continue }
            switch entry.pointee.ai_family {
            case AF_INET:
                var v4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                found.append(withUnsafeBytes(of: &v4) { Array($0) })
            case AF_INET6:
                var v6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                found.append(withUnsafeBytes(of: &v6) { Array($0) })
            default: continue
            }
        }
        return found
    }
}

public struct PosterHostsError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// A poster address refused by `PosterHosts`: said as it is, never retried.
public struct PosterRefused: Error, Sendable, CustomStringConvertible {
    public let description: String
}
