/// An item's other versions, as written (`video`, `sign_video` and their captions,
/// `audio_description` and its transcript, `easy_read`): the files they name are found and
/// read with the recordings' (`RecordingFinder`), once the whole catalog is decoded.
extension ExhibitContentDecoder {
    /// The keys, in the order a spreadsheet's columns give them.
    static let versionKeys = ["audio_description", "audio_description_transcript", "easy_read",
                              "video", "video_captions", "video_poster", "sign_video", "sign_video_captions", "sign_video_poster"]

    static func versions(_ entry: JSONValue, at place: String, reader: inout FieldReader) -> ExhibitVersions {
        var versions = ExhibitVersions()
        versions.video = video(entry, key: "video", at: place, reader: &reader)
        versions.signVideo = video(entry, key: "sign_video", at: place, reader: &reader)
        versions.audioDescription = recording(entry, key: "audio_description", at: place, reader: &reader)
        versions.audioDescriptionTranscript = transcript(entry, key: "audio_description_transcript", at: place, reader: &reader)
        versions.easyRead = easyRead(entry, at: place, reader: &reader)
        return versions
    }

    /// `easy_read`: the text itself; nil when it is missing or only spaces.
    static func easyRead(_ entry: JSONValue, at place: String, reader: inout FieldReader) -> String? {
        guard let text = reader.optionalText(entry, "easy_read", at: place), !text.allSatisfy(\.isWhitespace) else { return nil }
        return text
    }

    /// A video's file name and its captions' (`<key>_captions`), which must be WebVTT: the
    /// player shows their cues, and a page their text as the transcript.
    private static func video(_ entry: JSONValue, key: String, at place: String, reader: inout FieldReader) -> ExhibitVideo? {
        let captionsKey = key + "_captions", posterKey = key + "_poster"
        let named = reader.optionalText(entry, key, at: place).flatMap { $0.isEmpty ? nil : $0 }
        let captionsName = reader.optionalText(entry, captionsKey, at: place).flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        let posterText = reader.optionalText(entry, posterKey, at: place, numbersAsText: true).flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        guard let name = named else {
            if let captionsName {
                reader.warn(at: "\(place).\(captionsKey)", "\"\(captionsName)\" captions no video: the item has no \(key); ignored")
            }
            if posterText != nil { reader.warn(at: "\(place).\(posterKey)", "a poster for no video: the item has no \(key); ignored") }
            return nil
        }
        guard CatalogVideo.isAcceptedName(name) else {
            reader.warn(at: "\(place).\(key)", "\"\(name)\" is not the name of a video file beside the images "
                + "(.\(CatalogVideo.extensions.joined(separator: ", ."))); the exhibit has no \(key == "video" ? "video" : "sign-language video")")
            return nil
        }
        var video = ExhibitVideo(file: name)
        if let posterText {
            if let poster = VideoPoster(posterText) {
                video.poster = poster
            } else {
                reader.warn(at: "\(place).\(posterKey)", "\"\(posterText.prefix(40))\" is neither a time in seconds (12.5) nor an image's "
                    + "name; the video's poster is its frame a second in")
            }
        }
        if let captionsName {
            if Transcript.namesFile(captionsName), Transcript.isWebVTTName(captionsName) {
                video.captions = Transcript(text: "", file: captionsName)
            } else {
                reader.warn(at: "\(place).\(captionsKey)", "\"\(captionsName.prefix(40))\" is not the name of a WebVTT file (.vtt) "
                    + "beside the video; the video has no captions")
            }
        }
        return video
    }

    /// A recording's file name, as `audio` is read.
    private static func recording(_ entry: JSONValue, key: String, at place: String, reader: inout FieldReader) -> String? {
        guard let name = reader.optionalText(entry, key, at: place), !name.isEmpty else { return nil }
        guard CatalogRecording.isAcceptedName(name) else {
            reader.warn(at: "\(place).\(key)", "\"\(name)\" is not the name of an audio file beside the images "
                + "(.\(CatalogRecording.extensions.joined(separator: ", ."))); the exhibit has no audio description")
            return nil
        }
        return name
    }

    /// A transcript, as `transcript` is read: the text, or a `.vtt` or `.txt` file's name.
    private static func transcript(_ entry: JSONValue, key: String, at place: String, reader: inout FieldReader) -> Transcript? {
        guard let value = reader.optionalText(entry, key, at: place), !value.allSatisfy(\.isWhitespace) else { return nil }
        return Transcript.namesFile(value) ? Transcript(text: "", file: value) : Transcript(text: value)
    }
}
