/// How many exhibits of each language have each version (narration, audio description,
/// easy read, video, sign language): a line of `validate`'s, when any has one.
extension ValidationReport {
    struct VersionCounts: Equatable {
        var narrated = 0
        var audioDescribed = 0
        var easyRead = 0
        var video = 0
        var sign = 0

        init(_ edition: Edition) {
            for exhibit in edition.exhibits.richExhibits {
                if exhibit.audio != nil { narrated += 1 }
                guard exhibit.hasVersions else { continue }
                let versions = exhibit.versions
                if versions.audioDescription != nil { audioDescribed += 1 }
                if versions.easyRead != nil { easyRead += 1 }
                if versions.video != nil { video += 1 }
                if versions.signVideo != nil { sign += 1 }
            }
        }

        var isEmpty: Bool { narrated + audioDescribed + easyRead + video + sign == 0 }

        var members: [(key: String, value: JSONValue)] {
            [("narrated", .integer(narrated)), ("audio_description", .integer(audioDescribed)),
                     ("easy_read", .integer(easyRead)), ("video", .integer(video)), ("sign_video", .integer(sign))]
        }

        var text: String {
            "\(narrated) narrated, \(audioDescribed) audio described, \(easyRead) easy read, \(video) with video, \(sign) signed"
        }
    }

    /// "versions of the exhibits: ko 3 narrated, …; en …", or nil when no exhibit has any.
    static func versionsLine(_ catalog: Catalog) -> (line: String, json: JSONValue)? {
        let counts = catalog.editions.map { ($0.language, VersionCounts($0)) }
        guard counts.contains(where: { !$0.1.isEmpty }) else { return nil }
        let line = "versions of the exhibits: " + counts.map { "\($0.0.code) \($0.1.text)" }.joined(separator: "; ")
        let json = JSONValue.array(counts.map { language, count in
            .object([("code", .string(language.code))] + count.members)
        })
        return (line, json)
    }
}
