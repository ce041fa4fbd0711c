import Testing
@testable import KuchiCore
@testable import KuchiDeck

/// DelimitedText: RFC 4180 quoting, line numbers and separator detection.
struct DelimitedTextTests {
    @Test func readsQuotedFieldsWithSeparatorsQuotesAndLineBreaks() throws {
        let text = "question,answer\r\n\"猫, ねこ\",\"the \"\"cat\"\"\"\n犬,\"dog\nhound\"\n\nとり,bird"
        let records = try DelimitedText.records(Substring(text), separator: ",")
        #expect(records == [
            .init(line: 1, fields: ["question", "answer"]),
            .init(line: 2, fields: ["猫, ねこ", "the \"cat\""]),
            .init(line: 3, fields: ["犬", "dog\nhound"]),
            .init(line: 6, fields: ["とり", "bird"]),
        ])
    }

    @Test func keepsQuotesInsideUnquotedFields() throws {
        let records = try DelimitedText.records("<span class=\"x\">猫</span>\tcat", separator: "\t")
        #expect(records.first?.fields == ["<span class=\"x\">猫</span>", "cat"])
    }

    @Test func reportsAnUnterminatedQuoteWithItsLine() {
        #expect(throws: DelimitedText.Failure.unterminatedQuote(line: 2)) {
            try DelimitedText.records("a,b\n\"never closed,x\ny,z", separator: ",")
        }
    }

    @Test func refusesAHugeField() {
        let huge = String(repeating: "あ", count: DelimitedText.maximumFieldBytes)
        #expect(throws: DelimitedText.Failure.fieldTooLong(line: 2)) {
            try DelimitedText.records(Substring("a,b\n" + huge + ",x"), separator: ",")
        }
    }

    @Test(arguments: [("question\treading\tanswer", "\t"), ("question,reading,answer", ","), ("question;answer", ";"),
                      ("\"a,b\";c;d", ";"), ("question|answer", "|"), ("question", ",")])
    func detectsTheSeparator(_ header: String, _ separator: String) {
        #expect(DelimitedText.detectSeparator(headerLine: Substring(header)) == Character(separator))
    }
}
