import Foundation
import Testing

/// `expo1900 validate` on stop numbers: a curator sees both places of a shared stop.
@Suite struct StopValidationCommandTests {
    @Test func validateReportsADuplicateAndANonNumericStopWithTheirPlaces() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-cli-stops-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"title": "T", "visitors": 1, "location": "L", "duration": "D", "description": "d"}"#.utf8)
            .write(to: folder.appendingPathComponent("exposition_universelle_1900.json"))
        let items = """
            [{"image_name": "a", "name": "A", "short_desc": "s", "desc": "d", "stop": 5},
             {"image_name": "b", "name": "B", "short_desc": "s", "desc": "d", "stop": "five"},
             {"image_name": "c", "name": "C", "short_desc": "s", "desc": "d", "stop": 5}]
            """
        try Data(items.utf8).write(to: folder.appendingPathComponent("items.json"))
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>"#
        for name in ["poster", "flag", "a", "b", "c"] { try Data(svg.utf8).write(to: folder.appendingPathComponent("\(name).svg")) }
        let result = try CommandRunner.run(["validate", folder.path])
        #expect(result.standardOutput.contains(
            "warning: items.json[1].stop: \"five\" is not a number; the exhibit's place in the list, 2, is its stop instead\n"))
        #expect(result.standardOutput.contains(
            "warning: items.json[2].stop: stop 5 is also the stop of items.json[0].stop; /stop/5 leads to that one, the first\n"))
        // Warnings: the guide serves, and --strict refuses it.
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(try CommandRunner.run(["validate", folder.path, "--strict"]).status == 1)
    }
}
