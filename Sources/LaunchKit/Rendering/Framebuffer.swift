/// An offscreen RGBA image of one committed frame, in pixels (points times the screen scale).
///
/// Pixels are stored premultiplied; ``pixel(x:y:)`` returns them straight (unpremultiplied).
///
/// ```swift
/// let frame = try #require(window.lastCommittedFrame)
/// #expect(frame.pixel(at: CGPoint(x: 10, y: 10)) == Framebuffer.Pixel(.red))
/// ```
public struct Framebuffer: Sendable, Equatable {
    /// One pixel: 8-bit red, green, blue and alpha, straight alpha.
    public struct Pixel: Sendable, Hashable, CustomStringConvertible {
        /// Red, 0...255.
        public var red: UInt8
        /// Green, 0...255.
        public var green: UInt8
        /// Blue, 0...255.
        public var blue: UInt8
        /// Alpha, 0...255.
        public var alpha: UInt8

        /// Creates a pixel from its components.
        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// The pixel an opaque fill with `color` produces.
        public init(_ color: UIColor) {
            self.init(
                red: Self.byte(color.red), green: Self.byte(color.green),
                blue: Self.byte(color.blue), alpha: Self.byte(color.alpha)
            )
        }

        /// `rgba(r, g, b, a)`.
        public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }

        static func byte(_ value: CGFloat) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
    }

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Pixels per point.
    public let scale: CGFloat
    /// Premultiplied pixels packed as `r | g << 8 | b << 16 | a << 24`, row by row.
    private(set) var storage: [UInt32]

    /// Creates a transparent framebuffer.
    public init(width: Int, height: Int, scale: CGFloat) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        self.scale = scale
        storage = [UInt32](repeating: 0, count: self.width * self.height)
    }

    /// The pixel at pixel coordinates `x`, `y` (origin top left).
    public func pixel(x: Int, y: Int) -> Pixel {
        precondition(
            x >= 0 && x < width && y >= 0 && y < height,
            "Pixel (\(x), \(y)) is outside the \(width) x \(height) framebuffer.")
        let packed = storage[y * width + x]
        let alpha = UInt32(packed >> 24)
        guard alpha > 0 else { return Pixel(red: 0, green: 0, blue: 0, alpha: 0) }
        func straight(_ shift: UInt32) -> UInt8 {
            UInt8(min(255, (((packed >> shift) & 0xFF) * 255 + alpha / 2) / alpha))
        }
        return Pixel(red: straight(0), green: straight(8), blue: straight(16), alpha: UInt8(alpha))
    }

    /// The pixel under a point given in points (window coordinates).
    public func pixel(at point: CGPoint) -> Pixel {
        pixel(x: Int((point.x * scale).rounded(.down)), y: Int((point.y * scale).rounded(.down)))
    }

    /// How many pixels equal `pixel`.
    public func count(of pixel: Pixel) -> Int {
        var total = 0
        for y in 0..<height {
            for x in 0..<width where self.pixel(x: x, y: y) == pixel { total += 1 }
        }
        return total
    }

    /// Fills `rect` (in points) with `color` at `opacity`, blended over what is there.
    mutating func fill(_ rect: CGRect, color: UIColor, opacity: CGFloat) {
        let x0 = max(0, Int((rect.minX * scale).rounded()))
        let y0 = max(0, Int((rect.minY * scale).rounded()))
        let x1 = min(width, Int((rect.maxX * scale).rounded()))
        let y1 = min(height, Int((rect.maxY * scale).rounded()))
        guard x0 < x1, y0 < y1 else { return }
        let alpha = UInt32(Pixel.byte(color.alpha * opacity))
        guard alpha > 0 else { return }
        let red = UInt32(Pixel.byte(color.red * color.alpha * opacity))
        let green = UInt32(Pixel.byte(color.green * color.alpha * opacity))
        let blue = UInt32(Pixel.byte(color.blue * color.alpha * opacity))
        let source = red | green << 8 | blue << 16 | alpha << 24
        let width = self.width
        storage.withUnsafeMutableBufferPointer { pixels in
            if alpha == 255 {
                for y in y0..<y1 {
                    let row = y * width
                    pixels[(row + x0)..<(row + x1)].update(repeating: source)
                }
                return
            }
            let inverse = 255 - alpha
            for y in y0..<y1 {
                let row = y * width
                for index in (row + x0)..<(row + x1) {
                    let destination = pixels[index]
                    var blended: UInt32 = 0
                    for shift: UInt32 in [0, 8, 16, 24] {
                        let over = ((destination >> shift) & 0xFF) * inverse
                        let channel = ((source >> shift) & 0xFF) + (over + 127) / 255
                        blended |= min(channel, 255) << shift
                    }
                    pixels[index] = blended
                }
            }
        }
    }
}
