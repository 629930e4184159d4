import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// Seeded mutations of every other kind of file a catalog reads (transcripts, spreadsheets,
/// tours, floors, positions), as `HostileCatalogTests` does for the JSON: each mutation
/// loads without trapping, and gives a catalog or an error whose diagnostics name a file.
/// The rounds through the whole loader are few enough that every fuzz test together runs
/// within a minute in a debug build on two cores.
@Suite struct FuzzCatalogFileTests {
    /// Five exhibits on two floors with positions and stop numbers, two tours, and one
    /// recording with a WebVTT transcript: the files are JSON, or spreadsheets (`csv`).
    static func files(csv: Bool) -> [String: String] {
        var files: [String: String] = [
            "exposition_universelle_1900.json": TemporaryCatalog.seedExposition,
            "plan-1.svg": TemporaryCatalog.tinySVG, "plan-2.svg": TemporaryCatalog.tinySVG, "jikji.ko.wav": "x",
            "jikji.vtt": "WEBVTT\n\n1\n00:00.000 --> 00:02.500\nFirst.\n\n01:00:02.900 --> 01:00:05.000\n<v Narrator>Second</v> &amp; last.\n",
        ]
        for name in ["poster", "flag"] + ToursCatalog.exhibitIDs { files["\(name).svg"] = TemporaryCatalog.tinySVG }
        let rows = ToursCatalog.exhibitIDs.enumerated().map { index, id in
            (id: id, floor: index % 2 + 1, x: Double(index) * 20.5, y: 100 - index * 10, stop: 100 + index)
        }
        if csv {
            files["items.csv"] = "image_name,name,short_desc,desc,floor,x,y,stop,audio,transcript\r\n" + rows.map {
                "\($0.id),\($0.id),\($0.id) …,\($0.id).,\($0.floor),\($0.x),\($0.y),\($0.stop)"
                    + ($0.id == "jikji" ? ",jikji.ko.wav,jikji.vtt" : ",,")
            }.joined(separator: "\r\n") + "\r\n"
            files["floors.csv"] = "id,name,plan,plan_alt\r\n1,1층,plan-1,두 방\r\n2,2층,plan-2,\"한 방, 긴 복도\"\r\n"
            files["tours.csv"] = ToursCatalog.toursCSV
        } else {
            files["items.json"] = "[" + rows.map {
                #"{"image_name": "\#($0.id)", "name": "\#($0.id)", "short_desc": "…", "desc": ".", "floor": \#($0.floor), "#
                    + #""x": \#($0.x), "y": \#($0.y), "stop": \#($0.stop)"#
                    + ($0.id == "jikji" ? #", "audio": "jikji.ko.wav", "transcript": "jikji.vtt"}"# : "}")
            }.joined(separator: ",\n") + "]"
            files["floors.json"] = #"[{"id": "1", "name": "1층", "plan": "plan-1", "plan_alt": "두 방"}, {"id": 2, "name": "2층", "plan": "plan-2"}]"#
            files["tours.json"] = ToursCatalog.toursJSON
        }
        return files
    }

    /// `rounds` catalogs, each with one of `targets` mutated: none traps, each loads or is
    /// refused with diagnostics, and every diagnostic names a file.
    static func fuzz(csv: Bool, targets: [String], rounds: Int, seed: UInt64) throws {
        let originals = files(csv: csv)
        let folder = try TemporaryCatalog(originals)
        var mutation = Mutation(seed: seed)
        var outcomes = (loaded: 0, refused: 0, warned: 0)
        for round in 0..<rounds {
            let target = targets[Int.random(in: 0..<targets.count, using: &mutation.generator)]
            try folder.write(target, Data(mutation.apply(Array(originals[target]!.utf8))))
            defer { try? folder.write(target, originals[target]!) }
            let diagnostics: [Diagnostic]
            do {
                let catalog = try CatalogLoader.load(at: folder.url, options: .init(pdfConverter: nil))
                diagnostics = catalog.diagnostics
                outcomes.loaded += 1
                if !diagnostics.isEmpty { outcomes.warned += 1 }
            } catch {
                diagnostics = error.diagnostics
                outcomes.refused += 1
                #expect(!diagnostics.isEmpty, "round \(round) (\(target)): refused without a diagnostic")
            }
            for diagnostic in diagnostics {
                #expect(!diagnostic.file.isEmpty, "round \(round) (\(target)): \(diagnostic) names no file")
            }
        }
        // Mutations that never produce a warning are not testing what they claim to.
        #expect(outcomes.warned + outcomes.refused > rounds / 4, "\(outcomes)")
    }

    @Test func mutatedWebVTTNeverTrapsAndGivesCuesOrALine() {
        let original = Array(Self.files(csv: false)["jikji.vtt"]!.utf8)
        var mutation = Mutation(seed: 39)
        var outcomes = (parsed: 0, refused: 0)
        for round in 0..<3000 {
            let text = String(decoding: mutation.apply(original), as: UTF8.self)
            switch WebVTT.parse(text) {
            case let .success(reading):
                outcomes.parsed += 1
                for cue in reading.cues {
                    #expect(cue.start.isFinite && cue.end.isFinite && cue.start >= 0 && cue.end > cue.start, "round \(round): \(cue)")
                }
                #expect(reading.skipped.allSatisfy { $0.line >= 1 }, "round \(round)")
            case let .failure(problem):
                outcomes.refused += 1
                #expect(problem.line >= 1 && !problem.message.isEmpty, "round \(round): \(problem)")
            }
        }
        #expect(outcomes.parsed > 300 && outcomes.refused > 300, "\(outcomes)")
    }

    @Test func mutatedCSVNeverTrapsAndGivesRowsOrALine() {
        let originals = ["items.csv", "floors.csv", "tours.csv"].map { Array(Self.files(csv: true)[$0]!.utf8) }
        var mutation = Mutation(seed: 4180)
        var outcomes = (parsed: 0, refused: 0, notUTF8: 0)
        for round in 0..<3000 {
            let bytes = mutation.apply(originals[round % originals.count])
            switch bytes.withUnsafeBufferPointer(CSVParser.rows(utf8:)) {
            case .success?: outcomes.parsed += 1
            case let .failure(problem)?:
                outcomes.refused += 1
                #expect(problem.line >= 1 && !problem.message.isEmpty, "round \(round): \(problem)")
            case nil: outcomes.notUTF8 += 1
            }
        }
        #expect(outcomes.parsed > 300 && outcomes.refused + outcomes.notUTF8 > 300, "\(outcomes)")
    }

    @Test func mutatedSpreadsheetsNeverTrap() throws {
        try Self.fuzz(csv: true, targets: ["items.csv", "floors.csv", "tours.csv", "jikji.vtt"], rounds: 500, seed: 1900)
    }

    @Test func mutatedToursFloorsAndPositionsNeverTrap() throws {
        try Self.fuzz(csv: false, targets: ["items.json", "floors.json", "tours.json", "jikji.vtt"], rounds: 500, seed: 1889)
    }
}
