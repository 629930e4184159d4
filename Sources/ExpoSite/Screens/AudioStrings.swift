import ExpoCatalog

/// The audio guide's player and "save for offline" words in one language.
public struct AudioStrings: Sendable {
    public var play: String
    public var pause: String
    public var back: String
    public var forward: String
    public var position: String
    /// "{current} of {total}", what a screen reader says for the seek bar.
    public var positionValue: String
    public var speed: String
    public var saving: String
    public var saved: String
    public var saveFailed: String
    public var appleNote: String
    public var decimalSeparator: String
    private var text: InterfaceText

    init(_ text: InterfaceText) {
        self.text = text
        play = text["audio_play"]
        pause = text["audio_pause"]
        back = text["audio_back"]
        forward = text["audio_forward"]
        position = text["audio_position"]
        positionValue = text["audio_position_value"]
        speed = text["audio_speed"]
        saving = text["saving_offline"]
        saved = text["saved_offline"]
        saveFailed = text["save_offline_failed"]
        appleNote = text["save_offline_apple"]
        decimalSeparator = text["decimal_separator"]
    }

    /// "Save for offline (1.2 MB)".
    func save(bytes: Int) -> String { text["save_offline"].replacingOccurrences(of: "{size}", with: size(bytes)) }

    /// "Save every recording for offline (12.4 MB)".
    func saveAll(bytes: Int) -> String { text["save_offline_all"].replacingOccurrences(of: "{size}", with: size(bytes)) }

    /// "Recordings are not downloaded until you ask: 3 stops have one in this language."
    func saveAllNote(count: Int) -> String {
        count == 1 ? text["save_offline_all_note_one"] : text["save_offline_all_note"].replacingOccurrences(of: "{count}", with: String(count))
    }

    /// "850 KB", "1.2 MB": decimal units, as phones show storage, in the language's words.
    func size(_ bytes: Int) -> String {
        if bytes < 1_000_000 {
            return text["size_kilobytes"].replacingOccurrences(of: "{n}", with: String(max(1, (bytes + 500) / 1000)))
        }
        let tenths = (bytes + 50_000) / 100_000
        let number = tenths >= 100 ? String((tenths + 5) / 10) : "\(tenths / 10)\(decimalSeparator)\(tenths % 10)"
        return text["size_megabytes"].replacingOccurrences(of: "{n}", with: number)
    }
}

extension AudioStrings {
    /// The words a page shows of these: the player's and "save for offline"'s.
    var shown: PlayerWords {
        PlayerWords(play: play, pause: pause, back: back, forward: forward, position: position, positionValue: positionValue,
                    speed: speed, saving: saving, saved: saved, saveFailed: saveFailed, appleNote: appleNote)
    }
}

/// The player's and "save for offline"'s words as templates read them: only what a page shows.
struct PlayerWords: Sendable {
    var play: String
    var pause: String
    var back: String
    var forward: String
    var position: String
    var positionValue: String
    var speed: String
    var saving: String
    var saved: String
    var saveFailed: String
    var appleNote: String
}

extension PlayerWords: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("play", \.play),
        .field("pause", \.pause),
        .field("back", \.back),
        .field("forward", \.forward),
        .field("position", \.position),
        .field("positionValue", \.positionValue),
        .field("speed", \.speed),
        .field("saving", \.saving),
        .field("saved", \.saved),
        .field("saveFailed", \.saveFailed),
        .field("appleNote", \.appleNote),
    ]
}
