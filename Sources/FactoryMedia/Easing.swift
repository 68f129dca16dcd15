import Foundation

/// How a value travels between two keyframes; `progress` maps 0…1 time to 0…1 value.
public enum Easing: Sendable, Equatable {
    case linear
    case easeIn
    case easeOut
    case easeInOut
    /// An under-damped spring: overshoots by about 11 % and settles exactly at the end.
    case spring
    /// Keeps the first value until the next keyframe.
    case hold

    public func progress(_ x: Double) -> Double {
        let t = min(1, max(0, x))
        switch self {
        case .linear: return t
        case .easeIn: return t * t * t
        case .easeOut: let u = 1 - t; return 1 - u * u * u
        case .easeInOut: return t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
        case .spring: return t >= 1 ? 1 : 1 - exp(-5.5 * t) * cos(2.5 * Double.pi * t)
        case .hold: return t >= 1 ? 1 : 0
        }
    }
}

/// A keyframed value: (time in seconds, value, easing towards the next keyframe).
public struct Track: Sendable, Equatable {
    /// One point of a track.
    public struct Key: Sendable, Equatable {
        public var time: Double
        public var value: Double
        public var easing: Easing
        public init(_ time: Double, _ value: Double, _ easing: Easing = .linear) {
            self.time = time
            self.value = value
            self.easing = easing
        }
    }

    public private(set) var keys: [Key]

    public init(_ keys: [Key]) {
        self.keys = keys.sorted { $0.time < $1.time }
    }

    public static func constant(_ value: Double) -> Track { Track([Key(0, value)]) }

    /// From `from` at `start` to `to` at `start + duration`, constant outside.
    public static func ramp(_ from: Double, _ to: Double, start: Double, duration: Double, _ easing: Easing = .linear) -> Track {
        Track([Key(start, from, easing), Key(start + max(duration, 1e-6), to)])
    }

    public var isConstant: Bool { keys.count <= 1 || keys.allSatisfy { $0.value == keys[0].value } }

    /// Every value times `factor`: the same motion, scaled (easing shapes time, not value).
    public func scaled(by factor: Double) -> Track {
        Track(keys.map { Key($0.time, $0.value * factor, $0.easing) })
    }

    public func value(at time: Double) -> Double {
        guard let first = keys.first else { return 0 }
        if time <= first.time { return first.value }
        guard let last = keys.last, time < last.time else { return keys.last?.value ?? first.value }
        // Few keys per track: a linear scan is faster than a search.
        var i = 0
        while keys[i + 1].time <= time { i += 1 }
        let a = keys[i], b = keys[i + 1]
        let p = a.easing.progress((time - a.time) / (b.time - a.time))
        return a.value + (b.value - a.value) * p
    }
}
