import Foundation

/// WCAG 2.x contrast: the relative luminance of an sRGB colour (linearised with the sRGB
/// transfer function, weighted 0.2126/0.7152/0.0722) and the ratio (L1 + 0.05) / (L2 + 0.05) of
/// the lighter to the darker, from 1:1 to 21:1.
public enum WCAG {
    /// What the factory holds every text layer to: WCAG's AA bar for normal text, applied to all
    /// sizes (large text, ≥ 24 px or ≥ 18.66 px bold, would be allowed 3:1).
    public static let target = 4.5

    /// An 8-bit sRGB channel in linear light, 0…1 (IEC 61966-2-1; WCAG 2.0 printed the threshold as 0.03928, which changes no 8-bit value).
    public static let linear: [Double] = (0..<256).map { i in
        let c = Double(i) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// Relative luminance of an 8-bit sRGB colour, 0 (black) … 1 (white).
    @inline(__always)
    public static func luminance(r: UInt8, g: UInt8, b: UInt8) -> Double {
        0.2126 * linear[Int(r)] + 0.7152 * linear[Int(g)] + 0.0722 * linear[Int(b)]
    }

    /// The contrast ratio of two relative luminances, in either order: 1…21.
    @inline(__always)
    public static func ratio(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }

    /// The contrast ratio of two "#RRGGBB" colours (nil when either is not one).
    public static func ratio(_ a: String, _ b: String) -> Double? {
        guard let x = rgb(hex: a), let y = rgb(hex: b) else { return nil }
        return ratio(luminance(r: x.r, g: x.g, b: x.b), luminance(r: y.r, g: y.g, b: y.b))
    }

    /// WCAG's minimum for text of `size` pixels: 3:1 when large (≥ 24 px, or ≥ 18.66 px bold), else 4.5:1.
    public static func minimum(size: Double, bold: Bool) -> Double { size >= 24 || (bold && size >= 18.66) ? 3 : 4.5 }

    /// "#RGB" or "#RRGGBB" (the # optional) as 8-bit channels.
    public static func rgb(hex: String) -> (r: UInt8, g: UInt8, b: UInt8)? {
        var s = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        if s.count == 3 { s = s.map { "\($0)\($0)" }.joined() }
        guard s.count == 6, let v = UInt32(s, radix: 16) else { return nil }
        return (UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
    }

    /// "#RRGGBB" of 8-bit channels.
    public static func hex(r: UInt8, g: UInt8, b: UInt8) -> String { String(format: "#%02X%02X%02X", r, g, b) }
}
