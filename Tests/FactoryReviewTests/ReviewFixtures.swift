@testable import FactoryCore
@testable import FactoryKinds
@testable import FactoryReview
import FactoryTesting
import Foundation

/// A week folder written by hand: bundles' metadata.json, caption.txt and report.json, no media.
enum ReviewFixtures {
    /// metadata.json of a bundle with a video of `seconds` and a caption, as `factory run` writes it.
    static func metadata(id: String, kind: String, date: String, title: String, seconds: Double, videoBytes: Int,
                         cost: Double = 0, failedCheck: String? = nil) -> String {
        """
        {
          "schema_version": 1, "item_id": "\(id)", "kind": "\(kind)", "week": "2026-W48", "scheduled_date": "\(date)",
          "title": \(json(title)),
          "files": [
            {"name": "caption.txt", "size": 120, "sha256": "00"},
            {"name": "cover.jpg", "size": 50000, "sha256": "11", "image": {"width": 720, "height": 1280}},
            {"name": "video.mp4", "size": \(videoBytes), "sha256": "22",
             "media": {"container": "mov,mp4", "duration": \(seconds), "bitrate": 8000000, "size": \(videoBytes), "faststart": true,
                       "streams": [{"type": "video", "codec": "h264", "profile": "High", "width": 1080, "height": 1920, "fps": "30/1", "frames": 210},
                                   {"type": "audio", "codec": "aac", "sample_rate": 44100, "channels": 2}]}}
          ],
          "generation": [{"stage": "text", "provider": "offline", "model": "m", "parameters": {}, "prompt_hash": "h", "units": {}, "cost_usd": \(cost)}],
          "total_cost_usd": \(cost), "layout": {},
          "checks": [{"name": "video:codec", "passed": true, "detail": "h264 High"}\(failedCheck.map { ", {\"name\": \"\($0)\", \"passed\": false, \"detail\": \"too quiet\"}" } ?? "")],
          "details": {"cover_at_seconds": "1.5"},
          "manifest_sha256": "abc", "tool_version": "0.1.0", "created_at": "2026-11-22T10:00:00Z",
          "a_future_field": {"anything": [1, 2]}
        }
        """
    }

    static func json(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }

    /// A week with a done poster and chat, a failed and a deferred item; report.json carries keys
    /// and a status this version does not know.
    static func week(in folder: TemporaryFolder, caption: String = "Breathe 🌿\n\n#MondayMotivation") throws -> URL {
        try folder.write(metadata(id: "mon-poster", kind: "poster", date: "2026-11-23", title: "Monday Motivation: Breathe",
                                  seconds: 7.0, videoBytes: 3_000_000, cost: 0.0012), to: "2026-W48/mon-poster/metadata.json")
        try folder.write(caption, to: "2026-W48/mon-poster/caption.txt")
        try folder.write(metadata(id: "fri-chat", kind: "chat-story", date: "2026-11-27", title: "Someone's at the door",
                                  seconds: 34.4, videoBytes: 10_700_000, cost: 0.0031), to: "2026-W48/fri-chat/metadata.json")
        try folder.write("who is it?? #chatstory", to: "2026-W48/fri-chat/caption.txt")
        try folder.write("""
        {
          "week": "2026-W48", "manifest": "manifests/week.yaml", "started_at": "2026-11-22T10:00:00Z",
          "finished_at": "2026-11-22T10:02:30Z", "seconds": 150, "providers": {"text": "offline"},
          "a_new_top_level_key": true,
          "items": [
            {"id": "fri-chat", "kind": "chat-story", "day": "friday", "status": "done", "cost_usd": 0.0031, "seconds": 20, "bundle": "/elsewhere/fri-chat"},
            {"id": "tue-story", "kind": "bedtime-story", "day": "tuesday", "status": "failed", "cost_usd": 0.002, "seconds": 3,
             "message": "item tue-story: music file music/missing.mp3 does not exist", "attempts": 2},
            {"id": "mon-poster", "kind": "poster", "day": "monday", "status": "done", "cost_usd": 0.0012, "seconds": 12},
            {"id": "wed-recipe", "kind": "recipe-video", "day": "wednesday", "status": "deferred", "deferral": "budget", "cost_usd": 0,
             "seconds": 0, "message": "the daily cap of $3.00 would be passed"}
          ],
          "calls": {"sent": {"anthropic": 3}, "cache_hits": 0, "retries": 0, "spent_usd": 0.0063, "uncertain": [], "paused_providers": {}},
          "stopped": false
        }
        """, to: "2026-W48/report.json")
        return folder.url.appendingPathComponent("2026-W48")
    }
}
