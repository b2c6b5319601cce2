import Foundation

extension HTMLReport {
    /// At most this many first frames are shown (each is embedded in the page).
    static let framePicturesLimit = 12

    /// "First frames": each launch's first frame as the display had it, beside its time; nothing
    /// without pictures.
    func framePicturesSection(_ input: ReportInput) -> HTMLNode {
        let pictures = input.framePictures.prefix(Self.framePicturesLimit)
        guard !pictures.isEmpty else { return .fragment([]) }
        let figures = pictures.map { picture -> HTMLNode in
            let time = MetricKind.time.format(Double(picture.frameNs))
            return .el(
                "figure", ["class": "frame-picture"],
                .el(
                    "img",
                    [
                        "src": "data:image/png;base64,\(picture.png.base64EncodedString())",
                        "alt": "The first frame of launch \(picture.launchIndex)",
                    ]),
                .el("figcaption", "launch \(picture.launchIndex): first frame at \(time)"))
        }
        let shown =
            input.framePictures.count > pictures.count
            ? " (the first \(pictures.count) of \(input.framePictures.count) launches)" : ""
        return .fragment([
            .el("h2", "First frames"), .newline,
            .el(
                "p", ["class": "muted"],
                "Each launch's first frame as the display had it when the frame was seen\(shown); the files are launch-NNN.frame.png in the run folder."
            ), .newline,
            .el("div", ["class": "frame-pictures"], children: figures), .newline,
        ])
    }
}
