import ExpoCatalog

/// The words for the guide's versions in one language: the chooser's, each version's name
/// and heading, and the video player's.
public struct VersionStrings: Sendable {
    public var choice: String
    public var choiceNote: String
    public var chosenStandard: String
    public var video: String
    public var videoUnsupported: String
    public var captions: String
    public var fullText: String
    public var alsoHere: String
    private var text: InterfaceText

    init(_ text: InterfaceText) {
        self.text = text
        choice = text["guide_choice"]
        choiceNote = text["guide_choice_note"]
        chosenStandard = text["guide_chosen_standard"]
        video = text["video"]
        videoUnsupported = text["video_unsupported"]
        captions = text["captions"]
        fullText = text["full_text"]
        alsoHere = text["labels_versions"]
    }

    /// "Standard", "Audio description", "Easy read", "Sign language".
    public func name(_ version: GuideVersion) -> String {
        switch version {
        case .standard: text["guide_standard"]
        case .audioDescription: text["guide_description"]
        case .easyRead: text["guide_easy"]
        case .sign: text["guide_sign"]
        }
    }

    /// "Every stop now shows Easy read first."
    public func chosen(_ version: GuideVersion) -> String {
        version == .standard ? chosenStandard : text["guide_chosen"].replacingOccurrences(of: "{version}", with: name(version))
    }
}
