import SitegenBasics
import Testing

@Suite struct FNV1aTests {
    /// The published FNV-1a test vectors: a name hashed today is the name hashed on any machine,
    /// so cache files and person pages keep their names from build to build.
    @Test func matchesThePublishedVectors() {
        #expect(FNV1a.hash64("") == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.hash64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a.hash64("foobar") == 0x8594_4171_f739_67e8)
        #expect(FNV1a.hash32("a") == 0xe40c_292c)
        #expect(FNV1a.hash32("foobar") == 0xbf9c_f968)
    }
}
