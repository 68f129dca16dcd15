// PROVISIONAL: replaced by the media branch at merge (same API).
import FactoryMedia
import Foundation

enum ClipReader {
    static func sequence(path: String, width: Int, height: Int, start: Double, duration: Double, fps: Int) throws -> (first: LayerPixels, sequence: PixelSequence) {
        throw FactoryError(.unsupported, "provisional")
    }
}
enum BeatDetector {
    static func beats(in audio: AudioBuffer, minimumInterval: Double = 0.25) -> [Double] { [] }
    static func cuts(beats: [Double], wanted: [Double], tolerance: Double = 0.35) -> [Double] { wanted }
}
