import Foundation
import SitegenBasics
import Testing

@Suite struct JSONWriterTests {
    @Test func writesKeysInTheCallersOrderAndEscapesWhatJSONForbids() throws {
        let text = JSONWriter.text(.object([
            ("z", .string("따옴표 \" 역슬래시 \\ 줄\n탭\t\u{1}")),
            ("a", .array([.int(-3), .bool(true), .object([])])),
        ]))
        #expect(text == #"{"z":"따옴표 \" 역슬래시 \\ 줄\n탭\t\u0001","a":[-3,true,{}]}"#)
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(parsed?["z"] as? String == "따옴표 \" 역슬래시 \\ 줄\n탭\t\u{1}")
    }

    @Test func leavesOutAbsentFieldsAndEndsAFileWithANewline() {
        var w = JSONWriter()
        w.object { o in
            o.field("count", 12 as Int?)
            o.field("missing", nil as String?)
            o.field("rate", 2.5 as Double?)
            o.field("whole", 3.0 as Double?)
            o.field("nan", Double.nan as Double?)
            o.field("tags", ["a"])
        }
        #expect(String(decoding: w.data, as: UTF8.self) == "{\"count\":12,\"rate\":2.5,\"whole\":3,\"tags\":[\"a\"]}\n")
    }
}
