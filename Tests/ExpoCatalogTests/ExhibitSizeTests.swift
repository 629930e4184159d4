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

    /// Most records show only the image their id names, with no words of their own: such an
    /// exhibit holds no list of images, and reads as one that does.
    @Test func theOneImageAnIDNamesIsNotHeldAsAList() {
        var exhibit = Exhibit(id: "jikji", stop: 1, name: "직지", shortDescription: "", description: "")
        #expect(!exhibit.hasOwnImages)
        #expect(exhibit.images == [ExhibitImage(name: "jikji")])
        #expect(exhibit == Exhibit(id: "jikji", stop: 1, name: "직지", shortDescription: "", description: "",
                                   images: [ExhibitImage(name: "jikji")]))
        // Words of its own, then taken away again.
        exhibit.images[0].alt = "금속활자로 찍은 책"
        #expect(exhibit.hasOwnImages)
        #expect(exhibit.images == [ExhibitImage(name: "jikji", alt: "금속활자로 찍은 책")])
        exhibit.images[0].alt = nil
        #expect(!exhibit.hasOwnImages)
        exhibit.images.append(ExhibitImage(name: "jikji-back"))
        #expect(exhibit.images.map(\.name) == ["jikji", "jikji-back"])
        // No image at all stays none; a new id does not rename the image.
        #expect(Exhibit(id: "a", stop: 1, name: "", shortDescription: "", description: "", images: []).images.isEmpty)
        var renamed = Exhibit(id: "old", stop: 1, name: "", shortDescription: "", description: "")
        renamed.id = "new"
        #expect(renamed.images == [ExhibitImage(name: "old")])
    }
}
