/// The files an exhibit's other versions name: the audio description is a recording like
/// the narration, its transcript and the videos' captions are read as transcripts are, and
/// the videos are located for the video work. A missing file is a warning at the item's key.
extension RecordingFinder {
    mutating func resolveVersions(of exhibit: inout Exhibit, language: Language,
                                  found: inout [(key: String, message: String, note: Bool)]) {
        guard exhibit.versions.namesFiles else { return }
        var versions = exhibit.versions
        let user = "\(exhibit.id) (\(language.code))"
        if let name = versions.audioDescription {
            let (kept, problem) = recording(name, for: user)
            versions.audioDescription = kept
            if let problem { found.append(("audio_description", problem.replacingOccurrences(of: "has no recording", with: "has no audio description"),
                                           store.mediaFile(named: name) == nil)) }
        }
        if let file = versions.audioDescriptionTranscript?.file {
            let (kept, problem) = transcript(file)
            versions.audioDescriptionTranscript = kept
            if let problem { found.append(("audio_description_transcript", problem, store.mediaFile(named: file) == nil)) }
        }
        if let name = versions.audioDescription, versions.audioDescriptionTranscript == nil {
            found.append(("audio_description_transcript", "the audio description \(name) has no transcript; deaf-blind visitors "
                + "reading braille need one (the text itself, or a .vtt or .txt file beside the recording)", true))
        }
        versions.video = resolve(versions.video, key: "video", for: user, found: &found)
        versions.signVideo = resolve(versions.signVideo, key: "sign_video", for: user, found: &found)
        exhibit.versions = versions
    }

    /// The video with its file located and its captions read, or nil when the file is not there.
    private mutating func resolve(_ named: ExhibitVideo?, key: String, for user: String,
                                  found: inout [(key: String, message: String, note: Bool)]) -> ExhibitVideo? {
        guard var video = named else { return nil }
        if let known = videos[video.file] {
            videos[video.file]?.usedBy.append(user)
            if let poster = video.poster, known.poster != nil, poster != known.poster {
                found.append((key + "_poster", "\(video.file) shows the poster \(known.poster!.text) for \(known.usedBy[0]); one video has one poster, so "
                    + "\(poster.text) is not used", true))
            } else if known.poster == nil {
                videos[video.file]?.poster = video.poster
            }
        } else {
            switch store.mediaFile(named: video.file) {
            case nil:
                found.append((key, "videos are read from a catalog folder, not from an app's project; the exhibit has no video", true))
                return nil
            case let .failure(refusal)?:
                found.append((key, "\(video.file) " + (refusal == .missing ? "is not in the catalog's folder" : refusal.message("not read"))
                    + "; the exhibit has no video", false))
                return nil
            case let .success(url)?:
                videos[video.file] = CatalogVideo(file: video.file, url: url, usedBy: [user], poster: video.poster)
            }
        }
        if let file = video.captions?.file {
            let (kept, problem) = transcript(file)
            video.captions = kept
            if let problem { found.append((key + "_captions", problem, store.mediaFile(named: file) == nil)) }
        }
        if video.captions == nil {
            found.append((key + "_captions", "the video \(video.file) has no captions; deaf and hard-of-hearing visitors need them "
                + "(a WebVTT file beside the video, named in \(key)_captions)", true))
        }
        return video
    }
}
