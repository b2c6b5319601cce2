/// A colour in the sRGB space with straight (not premultiplied) alpha, as in UIKit.
///
/// ```swift
/// view.backgroundColor = .red
/// view.backgroundColor = UIColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
/// ```
public final class UIColor: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Red component, 0...1.
    public let red: CGFloat
    /// Green component, 0...1.
    public let green: CGFloat
    /// Blue component, 0...1.
    public let blue: CGFloat
    /// Opacity, 0...1.
    public let alpha: CGFloat

    /// Creates a colour from components in 0...1; values outside are clamped.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = Self.clamp(red)
        self.green = Self.clamp(green)
        self.blue = Self.clamp(blue)
        self.alpha = Self.clamp(alpha)
    }

    /// Creates a grey: `white` 0 is black, 1 is white.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Creates a colour from a `#RRGGBB` or `#RRGGBBAA` string, or `nil` when the string is
    /// not one of those forms.
    public convenience init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let rgba = digits.count == 6 ? (value << 8) | 0xFF : value
        self.init(
            red: CGFloat((rgba >> 24) & 0xFF) / 255, green: CGFloat((rgba >> 16) & 0xFF) / 255,
            blue: CGFloat((rgba >> 8) & 0xFF) / 255, alpha: CGFloat(rgba & 0xFF) / 255
        )
    }

    /// The same colour with another opacity.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Black.
    public static let black = UIColor(white: 0, alpha: 1)
    /// White.
    public static let white = UIColor(white: 1, alpha: 1)
    /// Dark grey (one third white).
    public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
    /// Grey (half white).
    public static let gray = UIColor(white: 0.5, alpha: 1)
    /// Light grey (two thirds white).
    public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    /// Fully transparent.
    public static let clear = UIColor(white: 0, alpha: 0)
    /// Red.
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    /// Green.
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    /// Blue.
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// Yellow.
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    /// Cyan.
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    /// Magenta.
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    /// Orange.
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    /// Purple.
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    /// Brown.
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    /// The background of a screen in light mode (white).
    public static let systemBackground = UIColor.white

    /// Named colours a storyboard may use instead of a hex string.
    static let named: [String: UIColor] = [
        "black": .black, "white": .white, "darkGray": .darkGray, "gray": .gray, "lightGray": .lightGray,
        "clear": .clear, "red": .red, "green": .green, "blue": .blue, "yellow": .yellow, "cyan": .cyan,
        "magenta": .magenta, "orange": .orange, "purple": .purple, "brown": .brown,
        "systemBackground": .systemBackground,
    ]

    /// Compares the components.
    public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
        lhs.red == rhs.red && lhs.green == rhs.green && lhs.blue == rhs.blue && lhs.alpha == rhs.alpha
    }

    /// Hashes the components.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(red)
        hasher.combine(green)
        hasher.combine(blue)
        hasher.combine(alpha)
    }

    /// `UIColor(red: …, green: …, blue: …, alpha: …)`.
    public var description: String { "UIColor(red: \(red), green: \(green), blue: \(blue), alpha: \(alpha))" }

    private static func clamp(_ value: CGFloat) -> CGFloat { min(max(value, 0), 1) }
}
