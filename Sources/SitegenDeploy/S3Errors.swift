import Foundation

/// What an S3 error answer says: its code, message and the hints some codes carry.
struct S3ErrorAnswer: Sendable {
    let status: Int
    let code: String?
    let message: String?
    /// The region the bucket is in (AuthorizationHeaderMalformed's <Region>, or the
    /// x-amz-bucket-region header of a PermanentRedirect or a HEAD's 301).
    let region: String?
    let serverTime: String?

    init(_ response: S3Client.Response) {
        status = response.status
        // An error's body is a few hundred bytes; anything else is not looked into.
        let text = response.body.count < 64 << 10 ? Substring(String(decoding: response.body, as: UTF8.self)) : ""
        code = S3XML.first("Code", in: text)
        message = S3XML.first("Message", in: text)
        region = S3XML.first("Region", in: text) ?? response.header("x-amz-bucket-region")
        serverTime = S3XML.first("ServerTime", in: text)
    }
}

/// A deploy that cannot go on, as the one line the user reads. Never holds a key: the codes and
/// messages S3 sends are read for what they name, and the request's signature is never quoted.
public struct DeployFailure: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ text: String) { description = text }

    static func deadline(seconds: Int) -> DeployFailure {
        DeployFailure(
            "the deploy ran past its deadline of \(seconds) s; run it again to finish (what landed is not sent again)")
    }

    static func gaveUp(_ what: String, attempts: Int, target: S3Target) -> DeployFailure {
        DeployFailure(
            "\(target.endpointText): \(what) (gave up after \(attempts) attempts); run the deploy again to finish, "
                + "what landed is not sent again")
    }

    static func network(_ what: String, target: S3Target) -> DeployFailure {
        DeployFailure("could not reach \(target.endpointText): \(what); check the endpoint")
    }

    static func refused(_ answer: S3ErrorAnswer, method: String, key: String, target: S3Target) -> DeployFailure {
        let bucket = "'\(target.bucket)'"
        switch answer.code {
        case "InvalidAccessKeyId":
            return DeployFailure(
                "\(target.endpointText) does not know the key in AWS_ACCESS_KEY_ID (InvalidAccessKeyId); "
                    + "check the key and that the endpoint is the bucket's")
        case "SignatureDoesNotMatch":
            return DeployFailure(
                "\(target.endpointText) refused the request's signature (SignatureDoesNotMatch): "
                    + "AWS_SECRET_ACCESS_KEY is not the secret of AWS_ACCESS_KEY_ID")
        case "InvalidToken", "ExpiredToken":
            return DeployFailure(
                "\(target.endpointText) refused AWS_SESSION_TOKEN (\(answer.code!)); get a fresh one or unset it")
        case "NoSuchBucket":
            return DeployFailure(
                "there is no bucket \(bucket) at \(target.endpointText) (NoSuchBucket); create it, or check "
                    + "the name and the endpoint")
        case "AuthorizationHeaderMalformed", "PermanentRedirect", "IllegalLocationConstraintException":
            if let region = answer.region, region != target.region {
                return DeployFailure(
                    "the bucket \(bucket) is in region \(region), not \(target.region) (\(answer.code!)); "
                        + "set region = \"\(region)\" under [s3] in sitegen.toml or pass --region \(region)")
            }
            return DeployFailure(
                "\(target.endpointText) is not the endpoint of the bucket \(bucket) (\(answer.code!)); "
                    + "check [s3] endpoint and region")
        case "RequestTimeTooSkewed":
            let server = answer.serverTime.map { " (the server's time is \($0))" } ?? ""
            return DeployFailure(
                "this computer's clock is more than 15 minutes off\(server) (RequestTimeTooSkewed); "
                    + "set the clock right, e.g. with NTP, and deploy again")
        case "AccessDenied":
            return DeployFailure(
                "the key may not \(method) \(key.isEmpty ? "the bucket" : key) in \(bucket) (AccessDenied); "
                    + "it needs s3:ListBucket, s3:GetObject, s3:PutObject and s3:DeleteObject there")
        default:
            if answer.status == 301, let region = answer.region, region != target.region {
                return DeployFailure(
                    "the bucket \(bucket) is in region \(region), not \(target.region); "
                        + "set region = \"\(region)\" under [s3] in sitegen.toml or pass --region \(region)")
            }
            let detail = [answer.code, answer.message.map { ErrorTextShort.clip($0) }].compactMap { $0 }.joined(
                separator: ": ")
            return DeployFailure(
                "\(target.endpointText) answered \(method) \(key.isEmpty ? "the bucket" : key) with HTTP "
                    + "\(answer.status)\(detail.isEmpty ? "" : " (\(detail))")")
        }
    }
}

/// A server's message, kept short enough for one line.
enum ErrorTextShort {
    static func clip(_ text: String) -> String { text.count > 160 ? String(text.prefix(157)) + "…" : text }
}
