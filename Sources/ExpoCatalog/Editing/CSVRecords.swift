/// A spreadsheet's records one at a time, split where `CSVParser` splits them (a line end
/// outside quotes; quotes hold separators and line breaks), read a chunk at a time: a sheet
/// of 100,000 exhibits is 400 MB, and only the record in hand is held.
enum CSVRecords {
    static let quote = UInt8(ascii: "\"")
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A

    /// Calls `each` with every record from `start` on, blank ones too, in order: where its
    /// bytes lie (without its line end), the bytes, and its line end (`\n`, `\r`, `\r\n`, or
    /// none for a last record without one). Stops early when `each` returns false. Returns
    /// false when `read` (the bytes at a range, all of them, or nil) fails or `each` stops.
    @discardableResult
    static func scan(size: Int, from start: Int, chunk: Int = 4 << 20, read: (Range<Int>) -> [UInt8]?,
                     each: (Range<Int>, [UInt8], [UInt8]) -> Bool) -> Bool {
        var record: [UInt8] = []
        var recordStart = start
        var quoted = false
        /// A record that ended at a CR: whether an LF follows decides its line end.
        var pendingCR: (range: Range<Int>, bytes: [UInt8])?
        var offset = start
        var stopped = false
        while offset < size, !stopped {
            guard let bytes = read(offset..<min(size, offset + chunk)), !bytes.isEmpty else { return false }
            bytes.withUnsafeBufferPointer { buffer in
                // A record's bytes are copied a run at a time, at its end or the chunk's.
                var run = 0
                var index = 0
                while index < buffer.count {
                    let byte = buffer[index]
                    if let pending = pendingCR {
                        pendingCR = nil
                        let isCRLF = byte == lf
                        guard each(pending.range, pending.bytes, isCRLF ? [cr, lf] : [cr]) else { stopped = true; return }
                        if isCRLF {
                            recordStart = offset + index + 1
                            run = index + 1
                            index += 1
                            continue
                        }
                    }
                    if byte == quote {
                        quoted.toggle()
                    } else if !quoted, byte == lf || byte == cr {
                        record.append(contentsOf: buffer[run..<index])
                        let range = recordStart..<offset + index
                        if byte == cr {
                            pendingCR = (range, record)
                        } else if !each(range, record, [lf]) {
                            stopped = true
                            return
                        }
                        record.removeAll(keepingCapacity: true)
                        recordStart = offset + index + 1
                        run = index + 1
                    }
                    index += 1
                }
                record.append(contentsOf: buffer[run..<buffer.count])
            }
            offset += bytes.count
        }
        if stopped { return false }
        if let pending = pendingCR, !each(pending.range, pending.bytes, [cr]) { return false }
        if !record.isEmpty, !each(recordStart..<size, record, []) { return false }
        return true
    }
}
