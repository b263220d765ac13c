/// Reading ClickHouse's errors: before version 19 its HTTP interface answers 500 for every
/// exception, including rows it will never accept, so the code in the body decides.
enum ClickHouseErrors {
    /// Exception codes that mean "these rows will never be accepted as they are".
    static let rowErrors: Set<Int> = [
        6,  // CANNOT_PARSE_TEXT
        16,  // NO_SUCH_COLUMN_IN_TABLE
        26,  // CANNOT_PARSE_QUOTED_STRING
        27,  // CANNOT_PARSE_INPUT_ASSERTION_FAILED
        32,  // ATTEMPT_TO_READ_AFTER_EOF
        33,  // CANNOT_READ_ALL_DATA
        38,  // CANNOT_PARSE_DATE
        41,  // CANNOT_PARSE_DATETIME
        49,  // LOGICAL_ERROR: 18.16 reports an unknown enum value so
        53,  // TYPE_MISMATCH
        62,  // SYNTAX_ERROR
        69,  // ARGUMENT_OUT_OF_BOUND
        70,  // CANNOT_CONVERT_TYPE
        72,  // CANNOT_PARSE_NUMBER
        117,  // INCORRECT_DATA (an unknown field in JSONEachRow)
        130,  // CANNOT_READ_ARRAY_FROM_TEXT
        131,  // TOO_LARGE_STRING_SIZE
        349,  // CANNOT_INSERT_NULL_IN_ORDINARY_COLUMN
        376,  // CANNOT_PARSE_UUID
    ]

    /// The exception code at the start of a ClickHouse error body (`Code: 27, e.displayText() = …`).
    static func code(in body: [UInt8]) -> Int? {
        let prefix = Array("Code: ".utf8)
        guard body.count > prefix.count, Array(body.prefix(prefix.count)) == prefix else { return nil }
        var value = 0
        var index = prefix.count
        while index < body.count, (0x30...0x39).contains(body[index]) {
            value = value * 10 + Int(body[index] - 0x30)
            index += 1
        }
        return index > prefix.count ? value : nil
    }

    /// The classifier for inserts: a 500 whose code is a row error is a rejection; other
    /// answers read as usual (a 500 for `TOO_MANY_PARTS` or a memory limit is retried).
    static let classifier = HTTPResponseClassifier { response in
        guard response.status == 500, let code = code(in: response.body), rowErrors.contains(code) else { return nil }
        return .reject(reason: "ClickHouse rejected the rows: \(response.bodyExcerpt)")
    }
}
