@testable import ExpoCatalog
import Testing

/// An exhibit is copied many times while a large catalog loads and renders: a position
/// must cost the exhibits without one a single pointer, and be shared by the translations.
@Suite struct ExhibitSizeTests {
    @Test func aPositionCostsOnePointer() {
        print("MemoryLayout<Exhibit>.size = \(MemoryLayout<Exhibit>.size)")
        #expect(MemoryLayout<ExhibitPosition?>.size > MemoryLayout<Int>.size)
        #expect(MemoryLayout<PositionBox?>.size == MemoryLayout<Int>.size)
    }
}
