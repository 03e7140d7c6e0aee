import Foundation
import Testing
@testable import SitegenDeploy

/// Request signing against AWS's published vectors. From the Signature Version 4 test suite
/// (aws-sig-v4-test-suite, AWS General Reference; credentials AKIDEXAMPLE, 2015-08-30T12:36:00Z,
/// us-east-1, service "service"): get-vanilla, get-vanilla-query-order-key-case, post-vanilla,
/// get-utf8 and the derived signing key; and from the Amazon S3 API Reference's "Signature
/// Calculations for the Authorization Header" (GET Object, examplebucket, 2013-05-24).
@Suite struct SigV4Tests {
    static let suite = SigV4(
        credentials: S3Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
        region: "us-east-1", service: "service")
    static let date = "20150830T123600Z"

    func suiteRequest(_ method: String, path: String = "/", query: [(String, String)] = []) -> SigV4.Request {
        SigV4.Request(method: method, path: path, query: query,
                      headers: [("Host", "example.amazonaws.com"), ("X-Amz-Date", Self.date)], payloadHash: SigV4.emptyPayload)
    }

    func signature(_ authorization: String) -> String { String(authorization.split(separator: "=").last ?? "") }

    @Test func getVanillaMatchesAWSTestSuite() {
        let request = suiteRequest("GET")
        let (canonical, signed) = Self.suite.canonicalRequest(request)
        #expect(canonical == "GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n"
                + "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(signed == "host;x-amz-date")
        #expect(Self.suite.stringToSign(canonicalRequest: canonical, date: Self.date)
                == "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\n"
                + "bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63")
        #expect(hex(Self.suite.signingKey(day: "20150830")) == "938127b5336810ddb6a5d6af445fcac9e371f9ed418ed386b022aed82901be75")
        #expect(Self.suite.authorization(request, date: Self.date)
                == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
                + "SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31")
    }

    @Test func queryOrderPostAndUTF8MatchAWSTestSuite() {
        let query = suiteRequest("GET", query: [("Param2", "value2"), ("Param1", "value1")])
        #expect(signature(Self.suite.authorization(query, date: Self.date))
                == "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500")
        #expect(signature(Self.suite.authorization(suiteRequest("POST"), date: Self.date))
                == "5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b")
        // get-utf8: "/ሴ", its canonical URI "/%E1%88%B4".
        #expect(SigV4.encode("/ሴ", keepSlash: true) == "/%E1%88%B4")
        #expect(signature(Self.suite.authorization(suiteRequest("GET", path: "/%E1%88%B4"), date: Self.date))
                == "8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85")
    }

    @Test func s3GetObjectMatchesTheS3APIReferenceExample() {
        let signer = SigV4(
            credentials: S3Credentials(accessKeyID: "AKIAIOSFODNN7EXAMPLE",
                                       secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
            region: "us-east-1")
        let request = SigV4.Request(
            method: "GET", path: "/test.txt", query: [],
            headers: [("Host", "examplebucket.s3.amazonaws.com"), ("Range", "bytes=0-9"),
                      ("x-amz-content-sha256", SigV4.emptyPayload), ("x-amz-date", "20130524T000000Z")],
            payloadHash: SigV4.emptyPayload)
        let (canonical, _) = signer.canonicalRequest(request)
        #expect(hex(SHA256.hash(Array(canonical.utf8))) == "7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972")
        #expect(signer.authorization(request, date: "20130524T000000Z")
                == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
                + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, "
                + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
    }

    /// Keys are sent and signed with each segment encoded once and '/' kept, as S3 requires.
    @Test func keysAreEncodedOnceWithSlashesKept() {
        #expect(SigV4.encode("date/2024-02-10/index.html", keepSlash: true) == "date/2024-02-10/index.html")
        #expect(SigV4.encode("a b/c+d~e", keepSlash: true) == "a%20b/c%2Bd~e")
        #expect(SigV4.canonicalQuery([("prefix", "site/"), ("list-type", "2")]) == "list-type=2&prefix=site%2F")
    }
}
