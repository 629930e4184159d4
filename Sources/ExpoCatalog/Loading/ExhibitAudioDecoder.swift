/// An item's `audio` and `transcript`, as written: the files they name are found and read
/// after the whole catalog is decoded (`RecordingFinder`), where the folder is known.
extension ExhibitContentDecoder {
    /// `audio`: a file name beside the images, in one of the formats ffmpeg reads.
    static func audio(_ entry: JSONValue, at place: String, reader: inout FieldReader) -> String? {
        guard let name = reader.optionalText(entry, "audio", at: place), !name.isEmpty else { return nil }
        guard CatalogRecording.isAcceptedName(name) else {
            reader.warn(at: "\(place).audio", "\"\(name)\" is not the name of an audio file beside the images "
                + "(.\(CatalogRecording.extensions.joined(separator: ", ."))); the exhibit has no recording")
            return nil
        }
        return name
    }

    /// `transcript`: the text itself, or the name of a `.vtt` or `.txt` file, read later.
    static func transcript(_ entry: JSONValue, at place: String, reader: inout FieldReader) -> Transcript? {
        guard let value = reader.optionalText(entry, "transcript", at: place),
              !value.allSatisfy(\.isWhitespace) else { return nil }
        return Transcript.namesFile(value) ? Transcript(text: "", file: value) : Transcript(text: value)
    }
}
