import Foundation
import Testing
@testable import ExpoCatalog

/// Floor ids, stop numbers and coordinates typed into a spreadsheet come with stray spaces;
/// they are trimmed as `CharacterSet.whitespaces` would trim them, without Foundation.
@Suite struct SpaceTrimmingTests {
    @Test func trimsTheSameSpacesAsFoundation() {
        let samples = ["", " ", "1", " 1 ", "\t2\t", "\u{00A0}3\u{3000}", "a b", " a b ", "\n4\n", " \n5", "층\u{2003}",
                       "\u{200B}6", "x\r", "\u{FEFF}7"]
        for sample in samples {
            #expect(sample.trimmingSpaces == sample.trimmingCharacters(in: .whitespaces), "\(Array(sample.unicodeScalars))")
        }
    }
}
