import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// 1,000 seeded mutations of the default catalog's JSON: loading and validating never
/// crashes, and every problem reported names a file.
@Suite struct HostileCatalogTests {
    /// SplitMix64: small, fast, and the same sequence on every machine for a given seed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func mutate(_ original: [UInt8], _ rng: inout Generator) -> [UInt8] {
        var bytes = original
        guard !bytes.isEmpty else { return bytes }
        let at = Int.random(in: 0..<bytes.count, using: &rng)
        let length = Int.random(in: 1...min(64, bytes.count - at), using: &rng)
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: bytes[at] = UInt8.random(in: 0...255, using: &rng)
        case 1: bytes.removeSubrange(at..<at + length)
        case 2: bytes.insert(contentsOf: (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }, at: at)
        case 3: bytes = Array(bytes.prefix(at))
        case 4: bytes.insert(contentsOf: bytes[at..<at + length], at: at)
        case 5:
            let replacements = ["null", "0", "-1", "1e999", "99999999999999999999999", "[]", "{}", "true", "\"\"", "\"../../etc\"", "[[[[1]]]]"]
            if let quote = bytes[at...].firstIndex(of: UInt8(ascii: "\"")),
               let end = bytes[(quote + 1)...].firstIndex(of: UInt8(ascii: "\"")) {
                bytes.replaceSubrange(quote...end, with: Array(replacements.randomElement(using: &rng)!.utf8))
            }
        case 6:
            let swaps: [UInt8: UInt8] = [0x7B: 0x5B, 0x5B: 0x7B, 0x7D: 0x5D, 0x5D: 0x7D, 0x3A: 0x2C, 0x2C: 0x3A]
            if let index = bytes[at...].firstIndex(where: { swaps[$0] != nil }) { bytes[index] = swaps[bytes[index]]! }
        case 7: bytes.insert(contentsOf: Array(repeating: UInt8(ascii: "["), count: Int.random(in: 100...5000, using: &rng)), at: at)
        case 8: bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF, 0x00, 0xC0, 0x80, 0xED, 0xA0, 0x80], at: at)
        default: bytes.insert(contentsOf: Array("\"image_name\": \"jikji\", ".utf8), at: at)
        }
        return bytes
    }

    @Test func a1000MutationsNeverCrashAndAlwaysNameAFile() throws {
        guard let source = CatalogLoader.defaultCatalogURL else { Issue.record("no default catalog"); return }
        let files = ["items.json", "exposition_universelle_1900.json", "items.en.json", "exposition_universelle_1900.en.json"]
        let originals = try files.map { [UInt8](try Data(contentsOf: source.appendingPathComponent($0))) }
        let folder = try TemporaryCatalog()
        var rng = Generator(state: 1900)
        var outcomes = (loaded: 0, refused: 0)
        for round in 0..<1000 {
            let target = Int.random(in: 0..<files.count, using: &rng)
            for (index, name) in files.enumerated() {
                let bytes = index == target ? Self.mutate(originals[index], &rng) : originals[index]
                try folder.write(name, Data(bytes))
            }
            let result = Result { () throws(CatalogError) in try CatalogLoader.load(at: folder.url, options: .init(pdfConverter: nil)) }
            let report = ValidationReport(loading: result, strict: false)
            #expect(report.exitStatus == 0 || report.exitStatus == 1, "round \(round): exit status \(report.exitStatus)")
            let diagnostics: [Diagnostic]
            switch result {
            case let .success(catalog): diagnostics = catalog.diagnostics; outcomes.loaded += 1
            case let .failure(error): diagnostics = error.diagnostics; outcomes.refused += 1
            }
            for diagnostic in diagnostics {
                #expect(!diagnostic.file.isEmpty, "round \(round): \(diagnostic) names no file")
            }
            for line in report.lines.dropLast() {
                #expect(line.wholeMatch(of: /(error|warning): [^:\s]+(\.json|\.\*)[:\[.].*/) != nil, "round \(round): \(line)")
            }
        }
        // Both kinds must occur, or the mutations are not testing what they claim to.
        #expect(outcomes.loaded > 50 && outcomes.refused > 50, "\(outcomes)")
    }
}
