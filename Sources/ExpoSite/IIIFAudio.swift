import ExpoCatalog
import ExpoImages

/// An exhibit's recordings and videos in its IIIF manifest (Presentation 3.0): a canvas per
/// medium and language, lasting as long as it plays (`duration`). A recording (the narration,
/// the audio description) is painted as a `Sound`, with the exhibit's image as its
/// `accompanyingCanvas` (what a viewer shows while it plays); a video (a curator's, a signed
/// one) as a `Video` with its size. A WebVTT transcript or captions, where there are any,
/// are a supplementing annotation.
extension IIIF {
    /// One timed medium of an exhibit in one language, as its canvas needs it.
    private struct Timed {
        /// The canvas's name in its address: `audio`, `description`, `video`, `sign`.
        var kind: String
        var link: String
        var duration: Double
        var format: String
        /// For a video: its picture's size.
        var size: (width: Int, height: Int)?
        var webVTT: String?
    }

    func audioCanvases(_ id: String, imageCanvas: JSONText?) -> [JSONText] {
        catalog.editions.flatMap { edition -> [JSONText] in
            guard let exhibit = exhibit(id, in: edition) else { return [] }
            return timed(exhibit).map { canvas(for: $0, exhibit: exhibit, language: edition.language, imageCanvas: imageCanvas) }
        }
    }

    private func timed(_ exhibit: Exhibit) -> [Timed] {
        func recording(_ kind: String, _ file: String?, _ transcript: Transcript?) -> Timed? {
            guard let recording = file.flatMap(assets.recording) else { return nil }
            return Timed(kind: kind, link: recording.link, duration: recording.duration, format: AudioRendition.mediaType,
                         webVTT: transcript?.file.flatMap(assets.webVTT)?.link)
        }
        func video(_ kind: String, _ named: ExhibitVideo?) -> Timed? {
            guard let named, let video = assets.video(named.file) else { return nil }
            return Timed(kind: kind, link: video.link, duration: video.duration, format: VideoRendition.mediaType,
                         size: (video.width, video.height), webVTT: named.captions?.file.flatMap(assets.webVTT)?.link)
        }
        let versions = exhibit.versions
        var media: [Timed?] = [recording("audio", exhibit.audio, exhibit.transcript)]
        if exhibit.hasVersions {
            media += [recording("description", versions.audioDescription, versions.audioDescriptionTranscript),
                      video("video", versions.video), video("sign", versions.signVideo)]
        }
        return media.compactMap { $0 }
    }

    private func canvas(for medium: Timed, exhibit: Exhibit, language: Language, imageCanvas: JSONText?) -> JSONText {
        let code = language.code
        let canvasID = absolute(routes.iiifTimedCanvas(exhibit.id, medium.kind, language))
        var body = JSONText()
        body.add("id", origin + medium.link)
        body.add("type", medium.size == nil ? "Sound" : "Video")
        body.add("format", medium.format)
        if let size = medium.size {
            body.add("width", size.width)
            body.add("height", size.height)
        }
        body.add("duration", seconds: medium.duration)
        body.add("language", code)
        var canvas = JSONText()
        canvas.add("id", canvasID)
        canvas.add("type", "Canvas")
        var label = JSONText()
        label.add(code, strings: [exhibit.name.isEmpty ? exhibit.id : exhibit.name])
        canvas.add("label", label)
        if let size = medium.size {
            canvas.add("width", size.width)
            canvas.add("height", size.height)
        }
        canvas.add("duration", seconds: medium.duration)
        canvas.add("items", [page(canvasID + "/page", canvasID + "/annotation/1", motivation: "painting", body: body, target: canvasID)])
        if let vtt = medium.webVTT {
            var text = JSONText()
            text.add("id", origin + vtt)
            text.add("type", "Text")
            text.add("format", "text/vtt")
            text.add("language", code)
            canvas.add("annotations", [page(canvasID + "/transcript", canvasID + "/transcript/1", motivation: "supplementing",
                                            body: text, target: canvasID)])
        }
        if medium.size == nil, let imageCanvas { canvas.add("accompanyingCanvas", imageCanvas) }
        return canvas
    }

    private func page(_ pageID: String, _ annotationID: String, motivation: String, body: JSONText, target: String) -> JSONText {
        var annotation = JSONText()
        annotation.add("id", annotationID)
        annotation.add("type", "Annotation")
        annotation.add("motivation", motivation)
        annotation.add("body", body)
        annotation.add("target", target)
        var page = JSONText()
        page.add("id", pageID)
        page.add("type", "AnnotationPage")
        page.add("items", [annotation])
        return page
    }
}
