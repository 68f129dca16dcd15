import FactoryCore
import FactoryKinds
import FactoryImaging
import FactoryMedia
import Foundation

/// `review --check`: re-reads a published bundle and checks it against its metadata.json and the
/// product's rules. Every file's size and sha256; the video's codecs, rate, duration, MP4 box
/// order and completeness, frames present, black keyframes, sound; the narration's loudness; that
/// every image decodes. Results are named like metadata.json's own checks.
public enum BundleCheck {
    /// Checks every bundle of the week, `concurrency` bundles at a time, and returns the week with
    /// each entry's `recheck` filled in. Items reported done without a readable bundle fail too.
    public static func run(_ review: WeekReview, kinds: KindRegistry, concurrency: Int) async -> WeekReview {
        var checked = review
        await withTaskGroup(of: (Int, [BundleMetadata.Check]).self) { group in
            var next = 0
            func start() {
                guard next < review.entries.count else { return }
                let index = next, entry = review.entries[index], folder = review.folder
                group.addTask {
                    let checks = (try? await BlockingIO.run { check(entry, weekFolder: folder, kinds: kinds) }) ?? []
                    return (index, checks)
                }
                next += 1
            }
            for _ in 0..<max(1, concurrency) { start() }
            for await (index, checks) in group {
                checked.entries[index].recheck = checks
                start()
            }
        }
        return checked
    }

    /// The checks of one entry (empty for items that rightly have no bundle: failed, deferred).
    public static func check(_ entry: ReviewEntry, weekFolder: URL, kinds: KindRegistry) -> [BundleMetadata.Check] {
        switch entry.status {
        case .missing: return [.init("bundle", false, entry.reason ?? "no bundle")]
        case .unreadable: return [.init("metadata.json", false, entry.reason ?? "cannot be read")]
        default: break
        }
        guard let metadata = entry.metadata else { return [] }
        let folder = weekFolder.appendingPathComponent(entry.id)
        let narrated = kinds[metadata.kind]?.look.narrated == true
        var checks: [BundleMetadata.Check] = []
        for file in metadata.files {
            let path = folder.appendingPathComponent(file.name).path
            let fileCheck = integrity(of: file, at: path)
            checks.append(fileCheck)
            // A file that is not there has nothing more to check.
            guard FileManager.default.fileExists(atPath: path) else { continue }
            switch (file.name as NSString).pathExtension.lowercased() {
            case "mp4":
                checks += video(file, path: path, soundExpected: soundExpected(metadata, kinds: kinds), target: loudnessTarget(metadata))
                if file.name == "video.mp4" { checks += textContrast(metadata, path: path) + readAlong(metadata, folder: folder, narrated: narrated) }
            case "mp3": checks += narration(file, path: path, metadata: metadata, narrated: narrated)
            case "jpg", "jpeg", "png": checks.append(image(file, path: path))
            default: break
            }
        }
        return checks
    }

    /// `file:<name>`: present, with the size and sha256 metadata.json recorded.
    static func integrity(of file: BundleMetadata.File, at path: String) -> BundleMetadata.Check {
        let name = "file:\(file.name)"
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int else {
            return .init(name, false, "missing")
        }
        let sha = (try? Digest.sha256(file: path)) ?? "unreadable"
        var problems: [String] = []
        if size != file.size { problems.append("\(size) bytes, metadata.json says \(file.size)") }
        if sha != file.sha256 { problems.append("sha256 \(sha.prefix(12))… differs from metadata.json's \(file.sha256.prefix(12))…") }
        return problems.isEmpty ? .init(name, true, "\(size) bytes, sha256 matches")
                                : .init(name, false, problems.joined(separator: "; "))
    }

    /// A kind whose look says so (chat, bedtime) always carries sound; any other only with a music bed.
    static func soundExpected(_ metadata: BundleMetadata, kinds: KindRegistry) -> Bool {
        kinds[metadata.kind]?.look.soundRequired == true || metadata.measurements?.music != nil
    }

    /// The soundtrack's target as metadata.json records it (nil for bundles made before targets were).
    static func loudnessTarget(_ metadata: BundleMetadata) -> LoudnessTarget? {
        guard let recorded = metadata.measurements?.loudness, let lufs = recorded.targetLUFS,
              let peak = recorded.truePeakCeilingDBTP else { return nil }
        return LoudnessTarget(integrated: lufs, truePeak: peak, preset: recorded.preset)
    }

    /// `image:<name>`: decodes to the end at the size metadata.json recorded.
    static func image(_ file: BundleMetadata.File, path: String) -> BundleMetadata.Check {
        let name = "image:\(file.name)"
        do {
            let image = try Image.decodedStrictly(path: path)
            let expected = file.image.map { "\($0.width)x\($0.height)" }
            let actual = "\(image.width)x\(image.height)"
            if let expected, expected != actual { return .init(name, false, "decodes at \(actual), metadata.json says \(expected)") }
            return .init(name, true, "decodes, \(actual)")
        } catch {
            return .init(name, false, "does not decode: \(error)")
        }
    }
}
