/// The read-aloud button of screens 1 and 3. Hidden in the page; the script shows it
/// where the device has a voice for the page's language.
struct SpeechControls: Sendable {
    var readAloud: String
    var pause: String
    var resume: String
    var stop: String

    init(strings: UIStrings) {
        readAloud = strings.readAloud
        pause = strings.pauseReading
        resume = strings.resumeReading
        stop = strings.stopReading
    }
}

extension SpeechControls: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("readAloud", \.readAloud),
        .field("pause", \.pause),
        .field("resume", \.resume),
        .field("stop", \.stop),
    ]
}
