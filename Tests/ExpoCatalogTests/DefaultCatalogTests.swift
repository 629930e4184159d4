import Foundation
import Testing
@testable import ExpoCatalog

/// The catalog that ships with the guide: complete, warning-free, in Korean and English.
@Suite struct DefaultCatalogTests {
    static let ids = ["jikji", "buddhism", "palman", "samguk", "haegeum", "ywoonggo", "bangjja",
                      "woodshoes", "najeon", "folds", "god", "gayageum", "geomungo"]
    static let koreanNames = ["직지심체요절", "불경", "팔만대장경", "삼국사기", "해금", "용고", "놋그릇",
                              "나막신", "나전칠기", "병풍", "갓", "가야금", "거문고"]

    @Test func loadsWithoutASingleDiagnostic() throws {
        let catalog = try CatalogLoader.loadDefault()
        #expect(catalog.diagnostics.map(\.description) == [])
        #expect(catalog.languages == [.korean, .english])
    }

    @Test func holdsTheThirteenExhibitsInOrderWithTheirKoreanNames() throws {
        let catalog = try CatalogLoader.loadDefault()
        #expect(catalog.primary.exhibits.map(\.id) == Self.ids)
        #expect(catalog.primary.exhibits.map(\.name) == Self.koreanNames)
    }

    @Test func hasEveryTextInBothLanguages() throws {
        let catalog = try CatalogLoader.loadDefault()
        let korean = catalog.edition(.korean)
        let english = catalog.edition(.english)
        for (ko, en) in zip(korean.exhibits, english.exhibits) {
            for (text, field) in [(en.name, "name"), (en.shortDescription, "short"), (en.description, "description")] {
                #expect(!text.isEmpty, "\(en.id) English \(field) is empty")
                #expect(!text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(en.id) English \(field) holds Hangul")
            }
            #expect(ko.shortDescription.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) })
            #expect(ko.description.components(separatedBy: "\n\n").count >= 3, "\(ko.id) Korean description has fewer than 3 paragraphs")
            #expect(en.description.components(separatedBy: "\n\n").count >= 3, "\(en.id) English description has fewer than 3 paragraphs")
        }
        #expect(korean.exposition.visitors == 48_130_300)
        #expect(english.exposition.visitors == 48_130_300)
        #expect(korean.exposition.duration == "1900. 04. 14 - 1900. 11. 12")
        #expect(english.exposition.title.hasSuffix("(L'Exposition de Paris 1900)"))
    }

    @Test func hasItsOwnSmallIllustrationForEveryImage() throws {
        let catalog = try CatalogLoader.loadDefault()
        var total = 0
        for name in ["poster", "flag"] + Self.ids {
            let image = try #require(catalog.images[name], "no image \(name)")
            #expect(image.variants.map(\.format) == [.svg])
            let bytes = image.variants[0].data.count
            #expect(bytes < 12 * 1024, "\(name).svg is \(bytes) bytes")
            total += bytes
            let text = String(decoding: image.variants[0].data, as: UTF8.self)
            for forbidden in ["<script", "<style", "<image", "href=\"http", "<foreignObject"] {
                #expect(!text.contains(forbidden), "\(name).svg contains \(forbidden)")
            }
        }
        #expect(total < 160 * 1024, "the illustrations weigh \(total) bytes")
    }
}
