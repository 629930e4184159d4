import Foundation
import ExpoStudio
import Testing

/// The state folder's place: by default in the XDG state folder, never inside a catalog
/// (which is served and exported), nor a catalog inside it, links or no links.
@Suite struct LocationTests {
    @Test func theDefaultFolderFollowsXDGAndElseHome() throws {
        #expect(try StudioState.defaultFolder(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]).path == "/s/expo1900")
        #expect(try StudioState.defaultFolder(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]).path == "/h/.local/state/expo1900")
        #expect(try StudioState.defaultFolder(environment: ["HOME": "/h"]).path == "/h/.local/state/expo1900")
        #expect(throws: StudioError.noDefaultFolder) { try StudioState.defaultFolder(environment: [:]) }
    }

    @Test func aStateFolderInsideTheCatalogIsRefusedNamingBoth() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let catalog = root.url.appendingPathComponent("catalog")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        let state = catalog.appendingPathComponent("studio-state")
        let error = #expect(throws: StudioError.self) { try StudioState.checkOutside(catalog: catalog, state: state) }
        #expect(error?.description.contains(state.path) == true)
        #expect(error?.description.contains(catalog.path) == true)
        #expect(throws: StudioError.self) { try StudioState.checkOutside(catalog: catalog, state: catalog) }
    }

    @Test func aCatalogInsideTheStateFolderIsRefused() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let error = #expect(throws: StudioError.self) {
            try StudioState.checkOutside(catalog: root.url.appendingPathComponent("state/catalog"), state: root.url.appendingPathComponent("state"))
        }
        #expect(error?.description.contains("is inside the state folder") == true)
    }

    @Test func aSymbolicLinkDoesNotHideTheOverlap() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let catalog = root.url.appendingPathComponent("catalog")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        // `elsewhere` looks outside the catalog, but leads into it.
        let link = root.url.appendingPathComponent("elsewhere")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: catalog)
        #expect(throws: StudioError.self) { try StudioState.checkOutside(catalog: catalog, state: link.appendingPathComponent("state")) }
        // And a link to the catalog, given as the catalog, is resolved the same way.
        #expect(throws: StudioError.self) { try StudioState.checkOutside(catalog: link, state: catalog.appendingPathComponent("s")) }
    }

    @Test func foldersSideBySideAreFineEvenWhenOneNameStartsWithTheOther() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        try StudioState.checkOutside(catalog: root.url.appendingPathComponent("catalog"), state: root.url.appendingPathComponent("catalog-state"))
        try StudioState.checkOutside(catalog: root.url.appendingPathComponent("catalog"), state: root.url.appendingPathComponent("state"))
    }
}
