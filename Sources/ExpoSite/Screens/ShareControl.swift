/// Screen 3's share button: the system's share sheet where there is one, else the link
/// copied, with a confirmation. Hidden without the script.
struct ShareControl: Sendable {
    var label: String
    var copied: String
    var failed: String

    init(strings: UIStrings) {
        label = strings.share
        copied = strings.linkCopied
        failed = strings.copyFailed
    }
}

extension ShareControl: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("label", \.label),
        .field("copied", \.copied),
        .field("failed", \.failed),
    ]
}
