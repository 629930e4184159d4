import ExpoCatalog

/// The wall labels' and the entrance poster's words in one language: those printed on
/// them, and those of the screen-only notes a curator reads before printing.
public struct LabelStrings: Sendable {
    public var title: String
    public var posterTitle: String
    /// The links between the A4 and Letter sheets and the poster.
    public var sheets: String
    public var a4: String
    public var letter: String
    public var scanToStart: String
    public var posterStops: String
    public var noCode: String
    /// "Also at this stop", before the symbols of a stop's other versions.
    public var alsoHere: String
    /// "Codes open the guide as", before the links to the sheets of each version.
    public var codesVersion: String
    private var text: InterfaceText

    init(_ text: InterfaceText) {
        self.text = text
        title = text["labels_title"]
        posterTitle = text["labels_poster_title"]
        sheets = text["labels_sheets"]
        a4 = text["labels_paper_a4"]
        letter = text["labels_paper_letter"]
        scanToStart = text["labels_scan_to_start"]
        posterStops = text["labels_poster_stops"]
        noCode = text["labels_no_code"]
        alsoHere = text["labels_versions"]
        codesVersion = text["labels_codes_version"]
    }

    func paper(_ paper: LabelPaper) -> String {
        switch paper {
        case .a4: a4
        case .letter: letter
        }
    }

    /// "Scan or type stop 12", printed under each code.
    func scanHint(_ stop: Int) -> String { text["labels_scan_hint"].replacingOccurrences(of: "{n}", with: String(stop)) }

    /// "Stop 12": the big number, as a screen reader says it.
    func stop(_ stop: Int) -> String { text["labels_stop"].replacingOccurrences(of: "{n}", with: String(stop)) }

    /// The code's text alternative: "QR code: https://…".
    func codeAlt(_ url: String) -> String { text["labels_code_alt"].replacingOccurrences(of: "{url}", with: url) }

    /// Screen only: where the codes lead.
    func address(_ address: String) -> String { text["labels_address"].replacingOccurrences(of: "{address}", with: address) }

    /// Screen only: why there are no codes, and what to do.
    var noAddress: String { text["labels_no_address"] }

    /// Screen only: how to print, on `paper` ("A4", "A4 or US Letter").
    func printHint(_ paper: String) -> String { text["labels_print_hint"].replacingOccurrences(of: "{paper}", with: paper) }
}
