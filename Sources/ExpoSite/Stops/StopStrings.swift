import ExpoCatalog

/// The stops' words in one language: the number as a label shows it, the go-to-stop form,
/// and the `stop/` page.
public struct StopStrings: Sendable {
    /// "Stop {n}".
    private var label: String
    /// The form's visible label and its button.
    public var fieldLabel: String
    public var go: String
    /// The `stop/` page's title.
    public var pageTitle: String
    /// "No stop {n} in this guide".
    private var notFound: String
    /// How to reach a stop without the script on a static host, with and without the list
    /// of stops below; `{example}` is an address.
    private var needsScript: String
    private var tooMany: String
    public var backToList: String

    init(_ text: InterfaceText) {
        label = text["stop_label"]
        fieldLabel = text["stop_field_label"]
        go = text["stop_go"]
        pageTitle = text["stop_page_title"]
        notFound = text["stop_not_found"]
        needsScript = text["stop_needs_script"]
        tooMany = text["stop_too_many"]
        backToList = text["stop_back"]
    }

    /// "Stop 12": the words a screen reader says for the number on a list row.
    public func stop(_ number: Int) -> String {
        label.replacingOccurrences(of: "{n}", with: String(number))
    }

    /// "No stop 999 in this guide", for what a visitor typed.
    func noStop(_ typed: String) -> String {
        notFound.replacingOccurrences(of: "{n}", with: typed)
    }

    /// The template of `noStop`, for the script to fill in.
    var noStopTemplate: String { notFound }

    /// The sentence for a visitor without the script, `listed`: whether the page lists the stops.
    func withoutScript(example: String, listed: Bool) -> String {
        (listed ? needsScript : tooMany).replacingOccurrences(of: "{example}", with: example)
    }
}
