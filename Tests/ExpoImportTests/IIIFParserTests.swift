import Foundation
import Testing
@testable import ExpoImport

struct IIIFParserTests {
    private func parse(_ json: String) throws -> IIIFResource {
        try IIIFParser.parse(Data(json.utf8))
    }

    @Test func aPresentationThreeManifestWithAServiceAndAChoice() throws {
        let resource = try parse("""
            {"@context": "http://iiif.io/api/presentation/3/context.json", "id": "https://example.org/m/1", "type": "Manifest",
             "label": {"ko": ["종"], "en": ["Bell"]}, "summary": {"en": ["A <i>bell</i>"]},
             "metadata": [{"label": {"en": ["Artist"]}, "value": {"en": ["Unknown"]}}, {"label": {"en": ["Empty"]}, "value": {"en": [""]}}],
             "requiredStatement": {"label": {"en": ["Attribution"]}, "value": {"en": ["A museum"]}},
             "rights": "http://creativecommons.org/licenses/by/4.0/", "navDate": "1900-04-14T00:00:00Z",
             "items": [{"id": "https://example.org/c/1", "type": "Canvas", "width": 4000, "height": 3000, "label": {"en": ["Front"]},
                        "items": [{"type": "AnnotationPage", "items": [{"type": "Annotation", "motivation": "painting", "body":
                          {"id": "https://example.org/img/1/full/max/0/default.jpg", "type": "Image",
                           "service": [{"id": "https://example.org/img/1", "type": "ImageService3", "profile": "level1"}]}}]}]},
                       {"id": "https://example.org/c/2", "type": "Canvas",
                        "items": [{"type": "AnnotationPage", "items": [{"type": "Annotation", "motivation": "painting", "body":
                          {"type": "Choice", "items": [{"id": "https://example.org/a.jpg", "type": "Image"}, {"id": "https://example.org/b.jpg", "type": "Image"}]}},
                          {"type": "Annotation", "motivation": "commenting", "body": {"id": "https://example.org/note.jpg", "type": "Image"}}]}]}]}
            """)
        guard case let .manifest(manifest) = resource else { Issue.record("not a manifest"); return }
        #expect(manifest.label.text("ko") == "종" && manifest.summary.text("en") == "A bell")
        #expect(manifest.metadata.count == 1 && manifest.metadata[0].value.text("en") == "Unknown")
        #expect(manifest.requiredStatement?.value.text("en") == "A museum")
        #expect(manifest.navDate == "1900-04-14T00:00:00Z")
        #expect(manifest.images.map(\.fetchURL) == ["https://example.org/img/1/full/max/0/default.jpg", "https://example.org/a.jpg"])
        #expect(manifest.images[0].width == 4000 && manifest.images[0].label.text("en") == "Front")
    }

    @Test func aPresentationTwoCollectionListsItsMembers() throws {
        let resource = try parse("""
            {"@context": "http://iiif.io/api/presentation/2/context.json", "@id": "https://example.org/top", "@type": "sc:Collection",
             "label": "Top", "collections": [{"@id": "https://example.org/sub", "@type": "sc:Collection", "label": "Sub"}],
             "manifests": [{"@id": "https://example.org/m/2", "@type": "sc:Manifest", "label": "Two"}]}
            """)
        guard case let .collection(collection) = resource else { Issue.record("not a collection"); return }
        #expect(collection.label.anyText == "Top")
        #expect(collection.members.map(\.id) == ["https://example.org/sub", "https://example.org/m/2"])
        #expect(collection.members.map(\.kind) == [.collection, .manifest])
    }

    @Test func whatIsNotIIIFIsOneMessage() {
        #expect(throws: IIIFParser.Failure.self) { try parse("not json") }
        for (json, message) in [("[1, 2]", "is JSON but not a IIIF document (no object at its top)"),
                                ("{\"a\": 1}", "has no type: not a IIIF collection or manifest"),
                                ("{\"type\": \"Canvas\"}", "is a IIIF Canvas, not a collection or manifest")] {
            do {
                _ = try IIIFParser.parse(Data(json.utf8))
                Issue.record("\(json) was read")
            } catch {
                #expect(error.message == message)
            }
        }
    }

    @Test func exhibitIDsComeFromTheTellingPartOfTheAddress() {
        var ids = ExhibitIDs()
        #expect(ids.id(for: "https://example.org/objects/1234/manifest.json", label: LanguageMap()) == "1234")
        #expect(ids.id(for: "https://example.org/iiif/1234/manifest", label: LanguageMap()) == "1234-2")
        #expect(ids.id(for: "https://example.org/p2/vase.json", label: LanguageMap()) == "vase")
        #expect(ids.id(for: "https://example.org/objects/Vase%20Blue/manifest", label: LanguageMap()) == "Vase-Blue")
        #expect(ids.id(for: "https://example.org/manifest", label: LanguageMap()) == "exhibit")
    }
}
